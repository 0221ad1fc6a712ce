"""A person whose seat a bot plays (the turn clock ran out in 3 of her turns in a row: README "Turn
clock") is told so on the status line, and how to take it back: the line said only whose turn
it was ("Bert is planting."), while the bot made her moves and offers. Any command of hers
takes the seat back, and the line says so no more."""

from __future__ import annotations

from typing import Any

import pytest

from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 60_000


def _start_and_sit_still(pg: Any, url: str, lines: tuple[str, ...]) -> None:
    """Ann takes the first seat at ``url``, says ``lines`` (each accepted), sets a 1 s turn
    clock and starts; she then does nothing until the status line says a bot plays her seat
    (her decisions time out: the clock hands the seat over)."""
    pg.add_init_script("localStorage.setItem('bohnanza.name', 'Ann')")
    pg.goto(url)
    pg.click("#btn-join")
    pg.wait_for_function("window.__bohnanza.S.you && window.__bohnanza.S.you.seat === 0",
                         timeout=TIMEOUT)
    for line in (*lines, "/option clock 1", "/start"):
        reply = pg.evaluate("(t) => window.__bohnanza.net.say(t)", line)
        assert reply["ok"], (line, reply)
    pg.wait_for_function("window.__bohnanza.S.roomInfo.seats[0].bot", timeout=TIMEOUT)
    pg.wait_for_function("document.querySelector('#status').textContent.includes('A bot plays your seat')",
                         timeout=TIMEOUT)


def _act_and_take_it_back(pg: Any) -> None:
    """Ann acts (a command): the seat is hers again, and the status line no longer says a bot
    plays it."""
    reply = pg.evaluate("window.__bohnanza.net.say('/who')")
    assert reply["ok"], reply
    pg.wait_for_function("!window.__bohnanza.S.roomInfo.seats[0].bot", timeout=TIMEOUT)
    pg.wait_for_function("!document.querySelector('#status').textContent.includes('A bot plays')",
                         timeout=TIMEOUT)


def test_the_status_line_says_a_bot_plays_my_seat_until_i_act(private_server: Any,
                                                               browser: Any) -> None:
    # bots at a person's pace (the test servers' 0.02 s ran the game to its end within seconds)
    server = private_server(bot_delay="0.5").base
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        # Ann does nothing: three decisions time out, a bot plays her seat
        _start_and_sit_still(pg, server + "/r/BotSeat", ("/addbot Bo", "/addbot Cy"))
        said = " ".join(pg.inner_text("#status").split())
        assert "/who" in said, said
        # she acts (a command): the seat is hers again, the line says so no more
        _act_and_take_it_back(pg)
        assert_clean(pg, errors)


def test_the_farm_status_line_says_a_bot_plays_my_seat_too(private_server: Any,
                                                           browser: Any) -> None:
    # the farm room's clock hands a seat over the same way (clock.py, hand_over: any game);
    # its status line is farm/board.js's own and said only "Prepare: ..." while the bot
    # played her cards
    server = private_server(bot_delay="0.5").base
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        _start_and_sit_still(pg, server + "/r/FarmBotSeat", ("/option game farm", "/addbot Bo"))
        _act_and_take_it_back(pg)
        assert_clean(pg, errors)
