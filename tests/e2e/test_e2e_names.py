"""A name the room uses already, typed at the name gate (a new user's report, 4 Dec 2026:
"ann" refused, then seated all the same as "guest2", and every later room the same).

protocol.py: a ``hello`` name the room uses is refused with an ``error`` ``name_taken`` and
the connection watches under a guest name. The board then asks for another name: it never
sits the person under the guest name it did not choose, neither at once nor from the setup's
Take a seat, and the name it keeps for the next rooms is the one the person sat under.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 10_000
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
SEATED = ("names => window.__bohnanza.S.roomInfo && JSON.stringify(window.__bohnanza.S.roomInfo"
          ".seats.map(s => s.name)) === JSON.stringify(names)")


def sit_ann(ann: Any, server: str, room: str) -> None:
    """Ann opens ``room`` and takes a seat at its name gate."""
    ann.goto(f"{server}/r/{room}")
    ann.fill("#name-input", "Ann")
    ann.press("#name-input", "Enter")
    ann.wait_for_function(SEATED, arg=["Ann"], timeout=TIMEOUT)


@contextmanager
def ann_sits_cleo_watches(browser: Any, server: str, room: str) -> Iterator[tuple[Any, Any]]:
    """Ann takes a seat in ``room``; Cleo opens it and chooses Just watch at its name gate.
    Both pages are checked clean (``assert_clean``) at the end."""
    with watched_page(browser, **LAPTOP) as (ann, errors):
        sit_ann(ann, server, room)
        with watched_page(browser, **LAPTOP) as (cleo, cleo_errors):
            cleo.goto(f"{server}/r/{room}")
            cleo.fill("#name-input", "Cleo")
            cleo.click("#gate-watch")
            yield ann, cleo
            assert_clean(cleo, cleo_errors)
        assert_clean(ann, errors)


def test_a_name_taken_asks_for_another_and_never_seats_a_guest(browser: Any,
                                                                server: str) -> None:
    room = "e2e-name-taken"
    with watched_page(browser, **LAPTOP) as (ann, errors):
        sit_ann(ann, server, room)
        with watched_page(browser, **LAPTOP) as (bob, bob_errors):
            bob.goto(f"{server}/r/{room}")
            bob.fill("#name-input", "ann")                 # Ann's name, another case
            bob.press("#name-input", "Enter")              # Take a seat
            # refused: the error in the chat, the gate open again for another name
            bob.wait_for_function("window.__bohnanza.S.nameRefused === true && "
                                  "!document.querySelector('#name-gate').hidden",
                                  timeout=TIMEOUT)
            bob.wait_for_selector("#chat .error", timeout=TIMEOUT)
            assert "already used" in bob.locator("#chat .error").first.inner_text()
            assert bob.evaluate("window.__bohnanza.sent") == []     # no /join guest2
            assert bob.evaluate("window.__bohnanza.S.you.seat") is None
            # watching for now; the setup's Take a seat asks for the name again
            bob.click("#gate-watch")
            assert bob.locator("#name-gate").is_hidden()
            bob.click("#btn-join")
            assert bob.locator("#name-gate").is_visible()
            assert bob.evaluate("window.__bohnanza.sent") == []
            # a name of its own: seated under it, and kept for the next rooms
            bob.fill("#name-input", "Bob")
            bob.press("#name-input", "Enter")
            bob.wait_for_function(SEATED, arg=["Ann", "Bob"], timeout=TIMEOUT)
            assert bob.evaluate("window.__bohnanza.sent") == ["/join Bob"]
            assert bob.locator("#name-gate").is_hidden()
            assert bob.evaluate("localStorage.getItem('bohnanza.name')") == "Bob"
            assert bob.evaluate("window.__bohnanza.S.nameRefused") is False
            assert_clean(bob, bob_errors)
        ann.wait_for_function(SEATED, arg=["Ann", "Bob"], timeout=TIMEOUT)
        assert_clean(ann, errors)


SETUP_CONTROLS = ("#opt-preset", "#opt-hiddenmoney", "#opt-clock", "#opt-botspeed",
                  "#btn-addbot", "#addbot-policy", "#opt-game")


def test_a_spectator_finds_the_setup_waiting_while_a_person_sits(browser: Any,
                                                                 server: str) -> None:
    """``RoomInfo.arrangers`` (setup.py ``may_arrange``): while Ann sits, Cleo, watching,
    finds the bots, rules and game controls disabled, with the line that says why, and Take a
    seat enabled (a new user's report: every pick of a spectator was refused, one by one).
    When Ann leaves nobody sits, anyone may arrange: Cleo's controls work again."""
    with ann_sits_cleo_watches(browser, server, "e2e-seated-only") as (ann, cleo):
        cleo.wait_for_selector("#setup-seated-only", timeout=TIMEOUT)
        assert "Take a seat" in cleo.locator("#setup-seated-only").inner_text()
        for sel in SETUP_CONTROLS:
            assert cleo.locator(sel).is_disabled(), sel
        assert cleo.locator("#btn-join").is_enabled()
        # Ann's own controls work: she sits
        for sel in SETUP_CONTROLS:
            assert ann.locator(sel).is_enabled(), sel
        assert ann.locator("#setup-seated-only").count() == 0
        ann.click("#btn-leave")
        cleo.wait_for_function("!document.querySelector('#setup-seated-only')",
                               timeout=TIMEOUT)
        for sel in SETUP_CONTROLS:
            assert cleo.locator(sel).is_enabled(), sel
        cleo.select_option("#opt-preset", "amigo")
        cleo.wait_for_function("window.__bohnanza.S.roomInfo.options.preset === 'amigo'",
                               timeout=TIMEOUT)


def test_an_option_refused_shows_the_rooms_option_again(browser: Any, server: str) -> None:
    """An option the server refuses (here a spectator's while a person sits, setup.py
    ``may_arrange``: ``not_seated``; the picker enabled as on a page whose last state said
    anyone could arrange): the picker shows the room's rules again, not the value picked (a
    new user's report: "Amigo" shown while the room stayed Classic)."""
    with ann_sits_cleo_watches(browser, server, "e2e-option-refused") as (ann, cleo):
        cleo.wait_for_selector("#opt-preset", timeout=TIMEOUT)
        assert cleo.locator("#opt-preset").input_value() == "classic"
        # a quiet room: Ann's idle mark (2 s after she sat here) is the last state to come,
        # and the page has drawn the room's state again since (a full state asked for anew),
        # so nothing draws the setup again by itself after the refusal (the picker read
        # "Amigo" for good when a state had come between the first drawing and the pick)
        cleo.wait_for_function("window.__bohnanza.S.roomInfo.seats[0].idle === true",
                               timeout=TIMEOUT)
        cleo.evaluate("window.__held = window.__bohnanza.net.held;"
                      " window.__bohnanza.net.ws.send(JSON.stringify({type: 'resync'}))")
        cleo.wait_for_function("window.__bohnanza.net.held !== window.__held", timeout=TIMEOUT)
        # enabled and picked in one call, as select_option picks (input, change)
        cleo.evaluate("""() => { const s = document.querySelector('#opt-preset');
          s.disabled = false;
          s.value = 'amigo';
          s.dispatchEvent(new Event('input', { bubbles: true }));
          s.dispatchEvent(new Event('change', { bubbles: true })); }""")
        cleo.wait_for_function("window.__bohnanza.replies.some(r => !r.ok "
                               "&& r.code === 'not_seated')", timeout=TIMEOUT)
        cleo.wait_for_function("document.querySelector('#opt-preset').value === 'classic'",
                               timeout=TIMEOUT)
        assert cleo.evaluate("window.__bohnanza.S.roomInfo.options.preset") == "classic"


def test_the_gate_of_a_full_game_says_it_can_be_watched(browser: Any, server: str) -> None:
    """A room whose game runs with every seat taken (/api/rooms ``running``, ``free_seats``
    0): the name gate says so before the person picks (a ``/join`` there is refused,
    ``game_running``) instead of counting "0 seats free" beside Take a seat."""
    room = "e2e-full-game"
    with watched_page(browser, **LAPTOP) as (ann, errors):
        sit_ann(ann, server, room)
        # each bot seated before the next press: a press while the last /addbot waits for
        # its answer is not sent again (app.js boardAct: in flight)
        for n in (2, 3):
            ann.click("#btn-addbot")
            ann.wait_for_function("(n) => window.__bohnanza.S.roomInfo.seats.length === n",
                                  arg=n, timeout=TIMEOUT)
        ann.wait_for_function("window.__bohnanza.S.roomInfo.start_ready === true",
                              timeout=TIMEOUT)
        ann.click("#btn-start")
        ann.wait_for_function("window.__bohnanza.S.roomInfo.running === true", timeout=TIMEOUT)
        with watched_page(browser, **LAPTOP) as (dee, dee_errors):
            dee.goto(f"{server}/r/{room}")
            dee.wait_for_function("document.querySelector('#gate-seated').textContent"
                                  ".includes('A game is on')", timeout=TIMEOUT)
            text = dee.locator("#gate-seated").inner_text()
            assert "Ann" in text and "every seat is taken" in text and "free" not in text
            # watching is the way in: Just watch is the main button, the status line says so
            assert "primary" in (dee.get_attribute("#gate-watch", "class") or "")
            assert "primary" not in (dee.get_attribute("#gate-join", "class") or "")
            assert "press Just watch" in dee.locator("#status").inner_text()
            dee.fill("#name-input", "Dee")
            dee.press("#name-input", "Enter")   # Take a seat: refused, Dee watches
            dee.wait_for_function("window.__bohnanza.replies.some(r => !r.ok "
                                  "&& r.code === 'game_running')", timeout=TIMEOUT)
            assert dee.evaluate("window.__bohnanza.S.roomInfo.you.seat") is None
            assert_clean(dee, dee_errors)
        assert_clean(ann, errors)


BLANK = "Type a name: spaces alone are not one."


def test_a_name_of_spaces_alone_is_refused_where_it_is_typed(browser: Any, server: str) -> None:
    """A name of spaces alone passes the field's ``required`` but trims to nothing (a new
    user's report: the lobby did nothing, silently): the lobby and the room's name gate say
    so in the field, go nowhere and send nothing; the next keystroke clears it."""
    with watched_page(browser, **LAPTOP) as (pg, errors):
        pg.goto(f"{server}/")
        pg.fill("#lobby-name", "   ")
        pg.fill("#lobby-room", "e2e-blank-name")
        pg.press("#lobby-room", "Enter")
        pg.wait_for_function("document.querySelector('#lobby-name').validationMessage !== ''",
                             timeout=TIMEOUT)
        assert pg.evaluate("document.querySelector('#lobby-name').validationMessage") == BLANK
        assert pg.url.rstrip("/") == server.rstrip("/")
        pg.fill("#lobby-name", "Ann")
        assert pg.evaluate("document.querySelector('#lobby-name').validationMessage") == ""
        pg.press("#lobby-room", "Enter")
        pg.wait_for_url(f"{server}/r/e2e-blank-name", timeout=TIMEOUT)
        assert_clean(pg, errors)
    with watched_page(browser, **LAPTOP) as (pg, errors):
        pg.goto(f"{server}/r/e2e-blank-gate")
        pg.fill("#name-input", "   ")
        pg.press("#name-input", "Enter")
        pg.wait_for_function("document.querySelector('#name-input').validationMessage !== ''",
                             timeout=TIMEOUT)
        assert pg.evaluate("document.querySelector('#name-input').validationMessage") == BLANK
        assert pg.locator("#name-gate").is_visible()
        assert pg.evaluate("window.__bohnanza.S.roomInfo") is None   # not connected
        pg.fill("#name-input", "Ann")
        pg.press("#name-input", "Enter")
        pg.wait_for_function(SEATED, arg=["Ann"], timeout=TIMEOUT)
        assert_clean(pg, errors)


def test_just_watch_needs_no_name_and_a_seat_then_asks_for_one(browser: Any,
                                                               server: str) -> None:
    """Just watch at an empty name gate watches (the server gives a guest name; a new user's
    report: it only said "Please fill out this field"); nothing is kept as the person's name,
    and the setup's Take a seat then asks for a name instead of seating the guest name."""
    room = "e2e-watch-nameless"
    with watched_page(browser, **LAPTOP) as (ann, errors):
        sit_ann(ann, server, room)
        with watched_page(browser, **LAPTOP) as (dee, dee_errors):
            dee.goto(f"{server}/r/{room}")
            dee.wait_for_selector("#name-input", timeout=TIMEOUT)
            dee.click("#gate-watch")
            dee.wait_for_function("window.__bohnanza.S.roomInfo !== null", timeout=TIMEOUT)
            assert dee.locator("#name-gate").is_hidden()
            assert dee.evaluate("window.__bohnanza.S.roomInfo.you.seat") is None
            assert dee.evaluate("localStorage.getItem('bohnanza.name')") is None
            dee.click("#btn-join")
            dee.wait_for_selector("#name-gate", state="visible", timeout=TIMEOUT)
            assert dee.evaluate("window.__bohnanza.sent") == []
            dee.fill("#name-input", "Dee")
            dee.press("#name-input", "Enter")
            dee.wait_for_function(SEATED, arg=["Ann", "Dee"], timeout=TIMEOUT)
            assert dee.evaluate("window.__bohnanza.sent") == ["/join Dee"]
            assert_clean(dee, dee_errors)
        assert_clean(ann, errors)
