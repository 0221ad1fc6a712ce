"""The lobby lists the rooms this browser holds a seat in, resting ones too (trial user11: a
room nobody visits for a while parks, leaves the server's list, and the lobby read "No rooms
yet." while Ann's game waited in storage: a host who came back had to remember its name).
A room of Ann's reads "your seat"; one at rest says it wakes up as she opens it, and opening
it gives her seat back."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000


def _listed(base: str) -> list[str]:
    with urllib.request.urlopen(base + "/api/rooms", timeout=5) as r:
        return [x["room"] for x in json.load(r)]


def _sit_ann(pg: Any, base: str, room: str, lines: tuple[str, ...] = ()) -> None:
    """Ann opens ``room``, takes the first seat and says ``lines`` (each accepted)."""
    pg.add_init_script("localStorage.setItem('bohnanza.name', 'Ann')")
    pg.goto(base + "/r/" + room)
    pg.click("#btn-join")
    pg.wait_for_function("window.__bohnanza.S.you && window.__bohnanza.S.you.seat === 0",
                         timeout=TIMEOUT)
    for line in lines:
        reply = pg.evaluate("(t) => window.__bohnanza.net.say(t)", line)
        assert reply["ok"], (line, reply)


def _wait_parked(base: str, room: str) -> None:
    """Until ``room`` leaves the server's list (nobody connected: it parks)."""
    deadline = time.monotonic() + 30
    while room in _listed(base):
        assert time.monotonic() < deadline, _listed(base)
        time.sleep(0.2)


def test_the_lobby_lists_my_resting_room_and_opening_it_seats_me_again(
        private_server: Any, browser: Any) -> None:
    srv = private_server(park_after="1")          # a room nobody is connected to parks at once
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        _sit_ann(pg, srv.base, "Resty", ("/addbot Bo",))
        # a second room where Ann only looked (no seat: no token): not hers
        other = pg.context.new_page()
        other.goto(srv.base + "/r/Elsewhere")
        other.wait_for_function("window.__bohnanza && window.__bohnanza.S.roomInfo", timeout=TIMEOUT)
        # back to Ann's first tab, in front as a person's tab is: headless Chromium runs the
        # frames of a tab behind another about once a second, and Playwright's click waits for
        # two steady frames (2 s a click) and began again when the lobby's 5 s refresh redrew
        # the link: opening the resting room took 6 s of the test's own, the page under 0.3 s
        pg.bring_to_front()
        # Ann goes to the lobby: nobody is connected to Resty, which parks (leaves the list)
        pg.goto(srv.base + "/")
        _wait_parked(srv.base, "Resty")
        pg.click("#refresh")
        mine = pg.locator('#rooms li.resting[data-room="Resty"]')
        mine.wait_for(timeout=TIMEOUT)
        text = " ".join(mine.inner_text().split())
        assert "your seat" in text and "resting" in text, text
        # the room she only watched is listed (live) but not as hers
        pg.wait_for_selector('#rooms li[data-room="Elsewhere"]', timeout=TIMEOUT)
        assert "your seat" not in pg.inner_text('#rooms li[data-room="Elsewhere"]')
        # opening it wakes it with her seat and her bot
        mine.locator("a").click()
        # the seat and the room's seats read in one call: the welcome (seat 0) comes before the
        # room's first state on a fresh page (a fresh-clone CI read roomInfo null between them)
        seats = pg.wait_for_function(
            "() => { const b = window.__bohnanza; return b && b.S.you && b.S.you.seat === 0 && b.S.roomInfo"
            " ? b.S.roomInfo.seats.map((s) => s.name) : null; }", timeout=TIMEOUT).json_value()
        assert seats == ["Ann", "Bo"], seats
        assert_clean(pg, errors)


def test_a_seat_left_is_no_longer_listed_as_mine(server: str, browser: Any) -> None:
    """Ann takes a seat, then /leave before the start (the seat goes, its token holds nothing):
    the lobby lists the room without "your seat" (the browser kept the dead token, and the
    room read "your seat" in the lobby, at rest later too, until she opened it)."""
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        _sit_ann(pg, server, "LeftAgain")
        assert pg.evaluate("!!localStorage.getItem('bohnanza.token.LeftAgain')")
        reply = pg.evaluate("window.__bohnanza.net.say('/leave')")
        assert reply["ok"], reply
        pg.wait_for_function("window.__bohnanza.S.you && window.__bohnanza.S.you.seat === null",
                             timeout=TIMEOUT)
        pg.goto(server + "/")
        pg.wait_for_selector("#rooms li", timeout=TIMEOUT)   # (live, or gone: DROP_GRACE)
        assert pg.locator('#rooms li.mine[data-room="LeftAgain"]').count() == 0
        assert "your seat" not in pg.inner_text("#rooms")
        assert pg.evaluate("localStorage.getItem('bohnanza.token.LeftAgain')") is None
        assert_clean(pg, errors)


def test_a_seat_i_left_is_no_longer_mine_in_the_lobby(private_server: Any, browser: Any) -> None:
    """Ann ``/leave``s her seat during a game (a bot plays it now): the room is not hers any
    more. The lobby listed it as "your seat" still, and opening it said "That token holds no
    seat in this room; you are watching." (the seat's token stayed in the browser after the
    seat went)."""
    # bots at a person's pace: at the test servers' 0.02 s three bots play a move every few
    # milliseconds, and the page she opens draws each one: under load its main thread had no
    # turn left for the test's own reads ("#chat" not found in 30 s; 8 s on a quiet machine)
    server = private_server(bot_delay="1").base
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        _sit_ann(pg, server, "LeftMine", ("/addbot Bo", "/addbot Cy", "/start", "/leave"))
        pg.wait_for_function("window.__bohnanza.S.you && window.__bohnanza.S.you.seat === null",
                             timeout=TIMEOUT)
        pg.goto(server + "/")
        line = pg.locator('#rooms li[data-room="LeftMine"]')
        line.wait_for(timeout=TIMEOUT)
        assert "your seat" not in line.inner_text(), line.inner_text()
        line.locator("a").click()
        pg.wait_for_function("window.__bohnanza && window.__bohnanza.S.view", timeout=TIMEOUT)
        assert pg.evaluate("window.__bohnanza.S.you.seat") is None
        chat = pg.inner_text("#chat")
        assert "token holds no seat" not in chat, chat
        assert_clean(pg, errors)


def test_a_friend_given_the_link_of_a_resting_room_is_told_who_sits_there(
        private_server: Any, browser: Any) -> None:
    """Ann starts a game with two bots and goes; nobody is connected, the room parks. Eve, given
    the room's link, opens it: the name gate said "Nobody is seated yet." of a game Ann, Bo and
    Cy sit in (the gate looked the room up in the lobby's list, which leaves resting rooms out)."""
    srv = private_server(park_after="1")
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        _sit_ann(pg, srv.base, "Linked", ("/addbot Bo", "/addbot Cy", "/start"))
        assert_clean(pg, errors)
    # (her page closed with its context: nobody is connected)
    _wait_parked(srv.base, "Linked")
    with watched_page(browser, viewport={"width": 390, "height": 844}) as (eve, errors):
        eve.goto(srv.base + "/r/Linked")
        eve.wait_for_selector("#name-gate:not([hidden])", timeout=TIMEOUT)
        eve.wait_for_function("document.querySelector('#gate-seated').textContent.includes('Ann')",
                              timeout=TIMEOUT)
        said = " ".join(eve.inner_text("#gate-seated").split())
        assert "Ann" in said and "Bo" in said and "Cy" in said, said
        # every seat taken in a running game: watching is the way in (gate_full_game)
        assert "primary" in (eve.get_attribute("#gate-watch", "class") or "")
        assert_clean(eve, errors)


def test_a_forgotten_room_is_not_listed_as_my_resting_seat(private_server: Any, browser: Any) -> None:
    """Ann's browser holds the seat token of a room the server forgot (nobody visited it for
    ``forget_after``; to the server it is as a room never made). The lobby listed it as "your
    seat, resting: it wakes up as you open it", and opening it made an empty room of that
    name. A resting room of hers that is stored says who sits there and whether a game is on."""
    srv = private_server(park_after="1")
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        _sit_ann(pg, srv.base, "Kept", ("/addbot Bo", "/addbot Cy", "/start"))
        pg.goto(srv.base + "/")
        pg.evaluate("localStorage.setItem('bohnanza.token.Forgotten', 'a-token-of-a-room-gone')")
        _wait_parked(srv.base, "Kept")
        pg.click("#refresh")
        kept = pg.locator('#rooms li.resting[data-room="Kept"]')
        kept.wait_for(timeout=TIMEOUT)
        pg.wait_for_function("!document.querySelector('#rooms li[data-room=\"Forgotten\"]')",
                             timeout=TIMEOUT)
        text = " ".join(kept.inner_text().split())
        assert "your seat" in text and "playing" in text, text
        assert "Ann, Bo, Cy" in text, text
        assert pg.evaluate("localStorage.getItem('bohnanza.token.Forgotten')") is None
        assert_clean(pg, errors)


def test_a_room_link_keeps_the_focus_across_the_lobbys_refresh(server: str, browser: Any) -> None:
    """A keyboard user on a room's link in the lobby keeps it when the list refreshes with
    news of that room (the 5 s refresh drew the whole list anew: the focus fell back to the
    page every 5 s, and a click pressed on a link and let go on its redrawn copy opened
    nothing). The list's own refresh (the Refresh button's, run without moving the focus)."""
    room = "FocusKept"
    watchers = browser.new_context()
    watchers.add_init_script("localStorage.setItem('bohnanza.name', 'Cy')")   # past the name gate
    try:
        first = watchers.new_page()
        first.goto(server + "/r/" + room)
        first.wait_for_function("window.__bohnanza && window.__bohnanza.S.roomInfo", timeout=TIMEOUT)
        with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
            pg.goto(server + "/")
            line = pg.locator(f'#rooms li[data-room="{room}"]')
            line.wait_for(timeout=TIMEOUT)
            pg.wait_for_function("(r) => document.querySelector(`#rooms li[data-room=\"${r}\"]`)"
                                 ".innerText.includes('1 connected')", arg=room, timeout=TIMEOUT)
            line.locator("a").focus()
            assert pg.evaluate("document.activeElement.textContent") == room
            # news of the room: a second person opens it; the lobby refreshes and says so
            second = watchers.new_page()
            second.goto(server + "/r/" + room)
            second.wait_for_function("window.__bohnanza && window.__bohnanza.S.roomInfo", timeout=TIMEOUT)
            pg.evaluate("document.querySelector('#refresh').click()")   # focus stays put
            pg.wait_for_function("(r) => document.querySelector(`#rooms li[data-room=\"${r}\"]`)"
                                 ".innerText.includes('2 connected')", arg=room, timeout=TIMEOUT)
            focused = pg.evaluate("(() => { const a = document.activeElement;"
                                  " return [a.tagName, a.closest('li') && a.closest('li').dataset.room]; })()")
            assert focused == ["A", room], focused
            assert_clean(pg, errors)
    finally:
        watchers.close()
