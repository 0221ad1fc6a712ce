"""The farm board's final table ranks the seats as the rules do (farm-rules.md F3, G30: most VP;
a tie on VP goes to the most cost left, then the win is shared) and says when the tie-break
decided. It listed the seats in seat order as a numbered list, so with Ann and Ken on 16 VP
each the board read "1. Ann: 16 VP, 3 cost / 2. Ken: 16 VP, 10 cost" under "Winner: Ken",
with no word of the tie-break (trial user9, 5 Dec 2026)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
# one cycle of two turns, a contest in turn 2 (F1-F3, F8-F10 at their smallest)
SHORT = ("/option params name = \"short\"\n[game]\ncycles = 1\nturns_per_cycle = 2\n"
         "contest_turns = [2]\ncontest_level_by_cycle = [1]\n")


@pytest.mark.parametrize("lang,tie_word,size", [("en", "cost", (1366, 768)), ("ja", "コスト", (1366, 768)),
                                               ("ja", "コスト", (390, 844))])
def test_final_table_ranks_by_vp_then_cost_and_names_the_tiebreak(
        browser: Any, server: str, lang: str, tie_word: str, size: tuple[int, int]) -> None:
    width, height = size
    with watched_page(browser, viewport={"width": width, "height": height}) as (pg, errors):
        pg.add_init_script(f"localStorage.setItem('bohnanza.lang', '{lang}');"
                           "localStorage.setItem('bohnanza.name', 'Ann')")
        pg.goto(f"{server}/r/e2e-farm-over-{lang}-{width}")
        pg.click("#btn-join")
        pg.wait_for_function("window.__bohnanza.S.roomInfo.start_seats === 1", timeout=TIMEOUT)
        for text in ["/option game farm", SHORT, "/addbot Bo shipper", "/start"]:
            reply = pg.evaluate(f"window.__bohnanza.net.say({text!r})")
            assert reply["ok"], (text, reply)
        pg.wait_for_function("window.__bohnanza.S.view && window.__bohnanza.S.view.game === 'farm'",
                             timeout=TIMEOUT)
        # Ann plants nothing, ships nothing, enters nothing: 0 VP like the shipper (who never
        # enters), and the shipper's shipments leave it more cost (G30 decides)
        for _ in range(24):
            if pg.evaluate("window.__bohnanza.S.view.phase") == "over":
                break
            pg.wait_for_selector("#farm-declare, #farm-end, #farm-adjust",
                                 timeout=TIMEOUT)
            pg.evaluate("window.__was = window.__bohnanza.S.view")
            if pg.locator("#farm-adjust").count():
                n = pg.evaluate("window.__bohnanza.S.view.you.must_discard")
                for i in range(n):
                    pg.click(f'#farm .farm-hand .farm-card[data-index="{i}"]')
                pg.click("#farm-adjust")
            else:
                try:  # (the shipper's move can take the button away between the wait and
                    # the click, e.g. into Ann's adjustment: look again, as a player would)
                    pg.click("#farm-declare, #farm-end", timeout=5000)
                except PlaywrightTimeoutError:
                    continue
            pg.wait_for_function("window.__bohnanza.S.view !== window.__was", timeout=TIMEOUT)
        pg.wait_for_function("window.__bohnanza.S.view.phase === 'over'", timeout=TIMEOUT)
        v = pg.evaluate("window.__bohnanza.S.view")
        res = v["result"]
        names = [s["name"] for s in v["seats"]]
        assert res["scores"] == [0, 0], res
        # G30: the ranking is VP, then cost left; the winner heads the table
        order = sorted(range(2), key=lambda i: (-res["scores"][i], -res["cost"][i]))
        rows = pg.locator("#gameover.farm-over li").all_inner_texts()
        assert [r.split(":")[0].split(".")[-1].strip() for r in rows] == [names[i] for i in order], rows
        assert rows[0].startswith(names[res["winners"][0]]) or names[res["winners"][0]] in rows[0]
        # the tie on VP was decided by the tie-break: the board says so
        note = pg.locator("#gameover.farm-over .tiebreak")
        assert res["tiebreak"] in ("cost", "shared"), res
        assert note.count() == 1, pg.locator("#gameover.farm-over").inner_text()
        if res["tiebreak"] == "cost":
            assert tie_word in note.inner_text(), note.inner_text()
        # the bot's policy in the page's words (its badge read "shipper" on a Japanese page)
        badge = pg.locator('#setup li[data-seat="1"]').inner_text()
        assert ("出荷専門" if lang == "ja" else "shipper") in badge, badge
        # the winner is what a player reads first: the final table stands above the room's
        # set-up (seats, bots, parameters shown again for the next game) and in the first
        # screen; it stood below the set-up, at the foot of the screen or under it (on a
        # phone, under the whole farm board of the game that had ended: 1200 px down)
        pg.evaluate("window.scrollTo(0, 0)")
        table = pg.locator("#gameover.farm-over").bounding_box()
        setup = pg.locator("#setup").bounding_box()
        farm = pg.locator("#farm").bounding_box()
        assert table and setup and table["y"] < setup["y"], (table, setup)
        assert farm and table["y"] < farm["y"], (table, farm)
        assert table["y"] + table["height"] <= height, table
        assert_clean(pg, errors)
