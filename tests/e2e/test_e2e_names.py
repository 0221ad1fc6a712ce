"""A name the room uses already, typed at the name gate (a new user's report, 4 Dec 2026:
"ann" refused, then seated all the same as "guest2", and every later room the same).

protocol.py: a ``hello`` name the room uses is refused with an ``error`` ``name_taken`` and
the connection watches under a guest name. The board then asks for another name: it never
sits the person under the guest name it did not choose, neither at once nor from the setup's
Take a seat, and the name it keeps for the next rooms is the one the person sat under.
"""

from __future__ import annotations

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


def test_an_option_refused_shows_the_rooms_option_again(browser: Any, server: str) -> None:
    """A spectator changes the rules while a person sits (setup.py ``may_arrange``: refused,
    ``not_seated``): the picker shows the room's rules again, not the value picked (a new
    user's report: "Amigo" shown while the room stayed Classic)."""
    room = "e2e-option-refused"
    with watched_page(browser, **LAPTOP) as (ann, errors):
        sit_ann(ann, server, room)
        with watched_page(browser, **LAPTOP) as (cleo, cleo_errors):
            cleo.goto(f"{server}/r/{room}")
            cleo.fill("#name-input", "Cleo")
            cleo.click("#gate-watch")
            cleo.wait_for_selector("#opt-preset", timeout=TIMEOUT)
            assert cleo.locator("#opt-preset").input_value() == "classic"
            cleo.select_option("#opt-preset", "amigo")
            cleo.wait_for_function("window.__bohnanza.replies.some(r => !r.ok "
                                   "&& r.code === 'not_seated')", timeout=TIMEOUT)
            cleo.wait_for_function("document.querySelector('#opt-preset').value === 'classic'",
                                   timeout=TIMEOUT)
            assert cleo.evaluate("window.__bohnanza.S.roomInfo.options.preset") == "classic"
            assert_clean(cleo, cleo_errors)
        assert_clean(ann, errors)
