"""User11's trial (a new player and host with only the README: bots, two people trading in
the market, one on a 390x844 phone in Japanese, a reload, a watcher). Expected values from
rules.md (ids in each test) and what a player expects, never from what the page printed.

- in a deal, the partner who is not the active player saw the face-up card of the bean owed
  ringed in orange as a card to hand over, and a click picked it: only the active player gives
  face-up cards (R29), Hand over then sent what the server refuses;
- a watcher who came in after a deal read "P0 and P1 traded: 1 Stink for 1 Chili" in the
  market: the log a page is sent as it connects came before the state that names the seats,
  and the line kept the placeholder names it was written with;
- at the game's end every field is sold (R39) and the news at the top squeezed a line per
  field side by side at 1366x768: "+0 coi… +0 co… Bob … Bob … Cleo …", none readable;
- at five seats with a random bot the market read "Offer #9 was withdrawn. Offer #10 was
  withdrawn. Offer #11 was withdrawn." to a seat none of them was for (offers between other
  seats, some never shown), three lines that pushed the offers out of the market's view;
- after Start game on the game-over screen the last game's final sales still stood in the
  top bar's news over the new game (on a phone until closed);
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.engine import Game

from . import positions as P
from .e2e_board import assert_clean, watched_page
from .test_e2e_names import SEATED, TIMEOUT

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


def partner_owes_a_face_up_bean() -> Game:
    """Phase 2, Ann active with Red and Chili face up; she offers Red for Chili, Bob says yes
    and Ann accepts his copy: Bob owes a Chili, and face-up 2 is a Chili, Ann's alone (R29)."""
    g = P.game(phase="trade", face_up=["red", "chili"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili", "green", "chili"]}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer red for chili")
    P.say(g, 1, "/accept 1")
    P.say(g, 0, "/accept 2")
    return g


@pytest.mark.parametrize("ctx", [LAPTOP, PHONE], ids=["1366", "390"])
def test_the_partner_is_not_offered_the_face_up_cards_to_hand_over(browser: Any, server: str,
                                                                     ctx: dict[str, Any]) -> None:
    """R29: only the active player gives face-up cards. Bob, the partner, owes a Chili while a
    Chili lies face up: his two hand Chili are marked as cards he can give, the face-up one is
    not, and a click (a tap) on it picks nothing (Hand over stays off until he picks a hand
    card, and then names only that card)."""
    g = partner_owes_a_face_up_bean()
    assert g.view(1)["you"]["deal_owes"] == {"chili": 1}
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 1))
        up = pg.locator('#faceup .card[data-ref="u2"]')
        assert up.is_visible()
        assert "can-give" not in (up.get_attribute("class") or "")
        for ref in ("h1", "h3"):
            assert "can-give" in (pg.locator(f'#hand .card[data-ref="{ref}"]').get_attribute("class") or "")
        if ctx is PHONE:
            up.tap()
        else:
            up.click()
        assert "picked" not in (up.get_attribute("class") or "")
        assert pg.evaluate("window.__bohnanza.S.dealSel.length") == 0
        assert pg.locator("#deal-provide").is_disabled()
        pg.locator('#hand .card[data-ref="h3"]').click()
        pg.locator("#deal-provide").click()
        assert pg.evaluate("window.__bohnanza.sent").pop() == "/provide h3"
        assert_clean(pg, errors)


def test_the_active_player_may_still_hand_over_a_face_up_card(browser: Any, server: str) -> None:
    """The other side of R29: Ann, active, owes a Chili to Bob's offer of Green for Chili with
    a Chili face up and one in her hand: the face-up card is hers to give too, ringed, and a
    click picks it."""
    g = P.game(phase="trade", face_up=["red", "chili"],
               seats=[{"hand": ["soy", "chili"]}, {"hand": ["green"]}, {"hand": ["stink"]}])
    P.say(g, 1, "/offer green for chili")
    P.say(g, 0, "/accept 1")
    assert g.view(0)["you"]["deal_owes"] == {"chili": 1}
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        up = pg.locator('#faceup .card[data-ref="u2"]')
        assert "can-give" in (up.get_attribute("class") or "")
        up.click()
        pg.locator("#deal-provide").click()
        assert pg.evaluate("window.__bohnanza.sent").pop() == "/provide u2"
        assert_clean(pg, errors)


def _say(pg: Any, text: str) -> None:
    """Type ``text`` in the chat line and wait for the server's answer to it."""
    n = pg.evaluate("window.__bohnanza.replies.length")
    pg.fill("#chat-input", text)
    pg.press("#chat-input", "Enter")
    pg.wait_for_function(f"window.__bohnanza.replies.length > {n}", timeout=TIMEOUT)
    reply = pg.evaluate(f"window.__bohnanza.replies[{n}]")
    assert reply["ok"], (text, reply)


def test_a_watcher_who_comes_after_a_deal_reads_who_traded(browser: Any, server: str) -> None:
    """Three people; the active player gives a face-up card to the next seat (a gift, R30),
    then a watcher opens the room: the market's line about that deal names both players as
    they sit ("Ann and Bob traded: ..."), as it does for the seated bystander, never seat
    numbers ("P0 and P1")."""
    room = "e2e-u11-news"
    names = ["Ann", "Bob", "Cleo"]
    with watched_page(browser, **LAPTOP) as (a, ea), watched_page(browser, **LAPTOP) as (b, eb), \
            watched_page(browser, **LAPTOP) as (c, ec):
        pages = [a, b, c]
        for k, (pg, name) in enumerate(zip(pages, names, strict=True)):
            pg.goto(f"{server}/r/{room}")
            pg.fill("#name-input", name)
            pg.press("#name-input", "Enter")
            pg.wait_for_function(SEATED, arg=names[:k + 1], timeout=TIMEOUT)
        _say(a, "/start")
        a.wait_for_function("window.__bohnanza.state.view", timeout=TIMEOUT)
        v = a.evaluate("window.__bohnanza.state.view")
        seat = v["active"]
        act, partner = pages[seat], pages[(seat + 1) % 3]
        _say(act, "/plant 1")
        _say(act, "/done")
        act.wait_for_function("window.__bohnanza.state.view.phase === 'trade'", timeout=TIMEOUT)
        bean = act.evaluate("window.__bohnanza.state.view.face_up[0]")
        _say(act, f"/offer {bean} for nothing")
        partner.wait_for_function("window.__bohnanza.state.view.offers.length === 1", timeout=TIMEOUT)
        _say(partner, "/accept 1")
        act.wait_for_function("window.__bohnanza.state.view.offers.length === 2", timeout=TIMEOUT)
        _say(act, "/accept 2")
        if act.evaluate("!window.__bohnanza.state.view.you.deal_auto_cards"):
            _say(act, "/provide u1")
        act.wait_for_function("window.__bohnanza.state.view.deal === null", timeout=TIMEOUT)
        want = f"{names[seat]} and {names[(seat + 1) % 3]} traded"
        bystander = pages[(seat + 2) % 3]
        bystander.wait_for_selector("#market .news-gone_traded", timeout=TIMEOUT)
        assert want in bystander.locator("#market .news-gone_traded").inner_text()
        with watched_page(browser, **LAPTOP) as (w, ew):
            w.goto(f"{server}/r/{room}")
            w.click("#gate-watch")
            w.wait_for_function("window.__bohnanza.state.view", timeout=TIMEOUT)
            w.wait_for_selector("#market .news-gone_traded", timeout=TIMEOUT)
            line = w.locator("#market .news-gone_traded").inner_text()
            assert want in line, line
            assert "P0" not in line and "P1" not in line and "P2" not in line, line
            assert_clean(w, ew)
        for pg, e in ((a, ea), (b, eb), (c, ec)):
            assert_clean(pg, e)


def final_sales() -> tuple[Game, list[dict[str, Any]]]:
    """The last card planted after the third exhaustion: the game ends and each seat's two
    fields are sold (R39), six harvests in one go; the log as the server sends it to Ann."""
    g = P.game(phase="plant_traded", exhaustions=3, seats=[
        {"to_plant": ["red"], "fields": [["red", 3], ["soy", 2]]},
        {"fields": [["blue", 4], ["chili", 3]]}, {"fields": [["soy", 2], ["green", 1]]}])
    entries = P.log_entries(g, "/plant red 1", 0, 0, "en")
    assert g.over
    assert sum(e["kind"] == "harvest" for e in entries) == 6
    return g, entries


def test_the_news_of_many_harvests_stays_readable(browser: Any, server: str) -> None:
    """At 1366x768 the top bar's news shows whole lines, not six stubs: the first lines it
    shows read at least their first words ("Ann harvested 4 Red"), and the count of those it
    holds back is said ("+4"); a click opens all six."""
    g, entries = final_sales()
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        pg.evaluate("(e) => window.__bohnanza.log({type: 'log', entries: e})", entries)
        news = pg.locator("#news")
        assert news.is_visible()
        shown = pg.evaluate("""() => [...document.querySelectorAll('#news .news-line')]
            .filter((l) => l.getClientRects().length && l.getBoundingClientRect().width > 1)  // (a line held back is clipped to 1 px: out of sight, read by a screen reader)
            .map((l) => ({ w: l.clientWidth, full: l.scrollWidth, text: l.textContent }))""")
        assert 1 <= len(shown) <= 2, shown
        for line in shown:
            # no line cut to a stub: at least about 20 characters of 13 px text show
            assert line["w"] >= 140 or line["full"] <= line["w"] + 1, shown
        assert "+4" in pg.locator("#news .news-more").inner_text()
        pg.locator("#news .news-lines").click()
        opened = pg.locator("#news .news-line")
        assert opened.count() == 6
        assert all(opened.nth(k).is_visible() for k in range(6))
        assert "Cleo harvested 1 Green" in opened.nth(5).inner_text()
        assert_clean(pg, errors)


SHOW_NEWS = "(e) => window.__bohnanza.log({type: 'log', entries: e})"


def _withdrawn(viewer: int) -> tuple[Game, dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    """Phase 2, Ann active: Bob offers Green for Chili (to Ann, the active player, R29), Cleo
    offers Stink for Chili; then both withdraw. The state before and after, as ``viewer``
    sees them, and the log entries of the two withdrawals."""
    g = P.game(phase="trade", face_up=["red", "blue"],
               seats=[{"hand": ["chili", "chili"]}, {"hand": ["green"]}, {"hand": ["stink"]}])
    P.say(g, 1, "/offer green for chili")
    P.say(g, 2, "/offer stink for chili")
    before = P.state(g, viewer)
    entries = P.log_entries(g, "/withdraw 1", 1, viewer, "en")
    entries += P.log_entries(g, "/withdraw 2", 2, viewer, "en")
    return g, before, P.state(g, viewer), entries


@pytest.mark.parametrize(("viewer", "said"), [
    (0, ["Offer #1 was withdrawn.", "Offer #2 was withdrawn."]),   # both were Ann's to take
    (1, ["Offer #1 was withdrawn."]),                                # Bob's own; Cleo's was for Ann
    (2, ["Offer #2 was withdrawn."]),
    (None, ["Offer #1 was withdrawn.", "Offer #2 was withdrawn."]),  # a watcher follows all
])
def test_news_of_a_withdrawn_offer_is_for_whom_it_concerned(browser: Any, server: str,
                                                             viewer: int | None, said: list[str]) -> None:
    """An offer between other seats (R29: to the active player) leaving the market is no news
    for a seat that could never take it; its owner and the seats it was open to read it."""
    g, before, after, entries = _withdrawn(viewer)
    assert [o["partners"] for o in before["view"]["offers"]] == [[0], [0]]
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, before)
        pg.evaluate("(m) => window.__bohnanza.push(m)", after)
        pg.evaluate(SHOW_NEWS, entries)
        lines = [x.strip() for x in pg.locator("#market .offer-news div").all_inner_texts()]
        assert lines == said, lines
        assert_clean(pg, errors)


def test_news_of_an_offer_never_shown_is_left_out(browser: Any, server: str) -> None:
    """A seated person who opens the room after offers came and went (the log sent on
    connecting) reads no "Offer #1 was withdrawn." about offers the board never showed."""
    g, before, after, entries = _withdrawn(0)
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, after)
        pg.evaluate(SHOW_NEWS, entries)
        assert pg.locator("#market .offer-news").count() == 0
        assert_clean(pg, errors)


@pytest.mark.parametrize("ctx", [LAPTOP, PHONE], ids=["1366", "390"])
def test_a_new_game_puts_the_last_games_news_away(browser: Any, server: str,
                                                  ctx: dict[str, Any]) -> None:
    """The news of the final sales (R39) belongs to the game that ended: when the room's next
    game begins (its game number changes), the top bar no longer shows it."""
    g, entries = final_sales()
    fresh = P.game(seats=[{"hand": ["chili", "red"]}, {}, {}])
    nxt = P.state(fresh, 0)
    nxt["room"]["game_no"] = 2
    nxt["version"] = 2
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        pg.evaluate("(e) => window.__bohnanza.log({type: 'log', entries: e})", entries)
        news = pg.locator("#news")
        assert news.is_visible()
        pg.evaluate("(m) => window.__bohnanza.push(m)", nxt)
        assert not news.is_visible()
        # a state of the same game keeps the news that came with it
        pg.evaluate("(e) => window.__bohnanza.log({type: 'log', entries: e})", entries)
        again = P.state(fresh, 0)
        again["room"]["game_no"] = 2
        again["version"] = 3
        pg.evaluate("(m) => window.__bohnanza.push(m)", again)
        assert news.is_visible()
        assert_clean(pg, errors)
