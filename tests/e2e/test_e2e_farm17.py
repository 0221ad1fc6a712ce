"""What a new user (trial farm17, the farm game, laptop and phone, English and Japanese) found
on the board, one test each:

1. a bot that holds its declaration while a person prepares (docs/farm.md, trial user8) read
   "Bot 1 is thinking…" for the whole preparation: it is ready, and waits for the people
   (``SeatInfo.doing`` "ready"): "Robo is ready and waits for you" on the player's seat panel of
   the bot, "… waits for Ann" to a watcher, in Japanese too.
4. over the hand limit (F31) the button read "Discard the 0 picked": it says how many must go
   and how many are picked ("Discard 2 cards (0 of 2 picked)").
5. on a phone (390x844) after a game over the set-up box (Start game) sat below the hand and
   the whole board, a phone's length from the winner box above it: it comes right under it.
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.farm.engine import FarmGame
from bohnanza.farm.engine.actions import Done
from bohnanza.farm.scenario import prepare

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


def _open(pg: Any, server: str, room: str, name: str, lang: str = "en") -> None:
    pg.add_init_script(f"localStorage.setItem('bohnanza.lang', '{lang}');"
                       f"localStorage.setItem('bohnanza.name', '{name}')")
    pg.goto(f"{server}/r/{room}")


def _say(pg: Any, text: str) -> None:
    reply = pg.evaluate(f"window.__bohnanza.net.say({text!r})")
    assert reply["ok"], (text, reply)


def test_a_bot_holding_its_declaration_says_it_waits_for_the_people(
        browser: Any, server: str) -> None:
    room = "e2e-farm17-ready"
    with watched_page(browser, **LAPTOP) as (pg, errors), \
            watched_page(browser, **LAPTOP) as (wat, wat_errors):
        _open(pg, server, room, "Ann")
        pg.click("#btn-join")
        pg.wait_for_function("window.__bohnanza.S.roomInfo.start_seats === 1", timeout=TIMEOUT)
        for text in ["/option game farm", "/addbot Robo sensible", "/start"]:
            _say(pg, text)
        pg.wait_for_function("window.__bohnanza.S.view && window.__bohnanza.S.view.game === 'farm'",
                             timeout=TIMEOUT)
        # the bot plants and would declare; it holds that for Ann (F20, G18): ready, not busy
        mark = pg.locator('#farm .farm-seat[data-seat="1"] .doing-mark')
        pg.wait_for_function(
            "document.querySelector('#farm .farm-seat[data-seat=\"1\"] .doing-mark')"
            "?.dataset.doing === 'ready'", timeout=TIMEOUT)
        assert mark.inner_text() == "Robo is ready and waits for you"
        assert "thinking" not in pg.locator("#farm").inner_text()
        # a watcher in Japanese reads whom it waits for, in the seat list and on the seat panel
        _open(wat, server, room, "Wat", "ja")
        wat.wait_for_function(
            "document.querySelectorAll('.doing-mark[data-doing=\"ready\"]').length === 2",
            timeout=TIMEOUT)
        for text in wat.locator('.doing-mark[data-doing="ready"]').all_inner_texts():
            assert text == "Roboは準備完了、Annを待っています", text
        assert pg.evaluate("window.__bohnanza.S.view.phase") == "prep"
        # Ann declares: the phase ends (G18, F22), the bot is ready no more
        pg.click("#farm-declare")
        pg.wait_for_function("window.__bohnanza.S.view.phase !== 'prep'", timeout=TIMEOUT)
        pg.wait_for_function("!document.querySelector('.doing-mark[data-doing=\"ready\"]')",
                             timeout=TIMEOUT)
        assert_clean(pg, errors)
        assert_clean(wat, wat_errors)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["Discard 2 cards (0 of 2 picked)", "Discard 2 cards (1 of 2 picked)",
            "Discard 2 cards (2 of 2 picked)", "Discard 1 card (0 of 1 picked)"]),
    ("ja", ["2枚捨てる（0/2枚選択中）", "2枚捨てる（1/2枚選択中）", "2枚捨てる（2/2枚選択中）",
            "1枚捨てる（0/1枚選択中）"])])
def test_the_discard_button_says_how_many_must_go(browser: Any, server: str, lang: str,
                                                  words: list[str]) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        g = P.farm_over_the_limit(2)
        assert g.view(0)["you"]["must_discard"] == 2
        P.show(pg, server, P.farm_state(g, 0), lang=lang)
        button = pg.locator("#farm-adjust")
        button.wait_for()
        assert button.inner_text() == words[0] and button.is_disabled()
        pg.click('#farm .farm-hand .farm-card[data-index="0"]')
        pg.wait_for_function(f"document.querySelector('#farm-adjust').innerText === {words[1]!r}")
        assert button.is_disabled()
        pg.click('#farm .farm-hand .farm-card[data-index="3"]')
        pg.wait_for_function(f"document.querySelector('#farm-adjust').innerText === {words[2]!r}")
        assert button.is_enabled()
        P.show(pg, server, P.farm_state(P.farm_over_the_limit(1), 0), lang=lang)
        pg.wait_for_function(f"document.querySelector('#farm-adjust')?.innerText === {words[3]!r}")
        assert_clean(pg, errors)


BOX = """s => { const r = document.querySelector(s).getBoundingClientRect();
  return {top: r.top + scrollY, bottom: r.bottom + scrollY, height: r.height}; }"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_on_a_phone_the_next_game_comes_under_the_winner(browser: Any, server: str,
                                                         lang: str) -> None:
    pos = prepare({"cycle": 3, "turn": 4, "phase": "harvest", "piles": "rest",
                   "harvest_order": [0, 1], "active": 0, "params": {},
                   "seats": [{"name": "Ann", "vp": 12, "order_card": 2,
                              "hand": ["L1 root shape+1", "L1 leaf color+2"]},
                             {"name": "Bob", "vp": 8, "order_card": 1}]})
    g = FarmGame.from_position(pos)
    for seat in (0, 1):
        g.apply(seat, Done())
    assert g.over
    with watched_page(browser, viewport={"width": 390, "height": 844}, has_touch=True,
                      is_mobile=True) as (pg, errors):
        msg = P.farm_state(g, 0)
        msg["room"].update(min_players=2, max_players=4, start_seats=2, start_ready=True)
        P.show(pg, server, msg, lang=lang)
        pg.locator("#gameover.farm-over").wait_for()
        pg.locator("#setup #btn-start").wait_for()
        over, setup, farm = (pg.evaluate(BOX, s) for s in ("#gameover", "#setup", "#farm"))
        hand = pg.evaluate(BOX, "#farm .farm-hand")
        assert over["height"] > 0 and setup["height"] > 0
        # the winner, then the set-up box with Start game, then the board with the hand
        assert over["bottom"] <= setup["top"] < farm["top"] <= hand["top"], (over, setup, farm)
        assert setup["top"] - over["bottom"] < 20, (over, setup)
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390
        assert_clean(pg, errors)
