"""What a new user (trial farm17, the farm game, laptop and phone, English and Japanese) found
on the board, one test each:

1. a bot that holds its declaration while a person prepares (docs/farm.md, trial user8) read
   "Bot 1 is thinking…" for the whole preparation: it is ready, and waits for the people
   (``SeatInfo.doing`` "ready"): "Robo is ready and waits for you" on the player's seat panel of
   the bot, "… waits for Ann" to a watcher, in Japanese too.
"""

from __future__ import annotations

from typing import Any

import pytest

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
