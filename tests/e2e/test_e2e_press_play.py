"""A press of a button the board draws again while it is pressed (a bot's move, another
player's offer: fast bots send a state every few hundred milliseconds) must still make its
command, once. The browser clicks a button only when the press and the release land on the
same element: Space on a focused button clicks at the key's release, and a mouse button held
a little longer (a person hesitating over End trading) outlasted the page's 1.5 s wait for
the release, so the command was lost without a word. The states come the way the server's
do (the sample board's push: the page keeps its own state)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from . import positions as P

pytestmark = pytest.mark.browser

Msg = dict[str, Any]


def _one_card_less(msg: Msg) -> Msg:
    """The same game with one card less in the draw pile (the cards, offers and fields are
    drawn again)."""
    out = copy.deepcopy(msg)
    out["version"] += 1
    out["view"]["deck_count"] -= 1
    return out


def _after(make: Callable[[], Any], seat: int, who: int, text: str) -> Callable[[Msg], Msg]:
    """The state after ``who`` says ``text`` in the position ``make`` builds, to ``seat``."""
    def then(msg: Msg) -> Msg:
        g = make()
        P.say(g, who, text)
        out = P.state(g, seat)
        out["version"] = msg["version"] + 1
        return out
    return then


# (name, position, seat, the button, the command it sends (rules.md), the state that comes
# while it is pressed)
CASES = [
    # Ann ends the trading (R32) while Bob makes her a new offer (her phase button is drawn again)
    ("end_trading", P.trading, 0, "#phase-btn", "/done", _after(P.trading, 0, 1, "/offer chili for red")),
    # Cleo is not interested (design.md 4) while Ann makes her a new offer (her button is drawn again)
    ("not_interested", P.trading, 2, "#phase-btn", "/done", _after(P.trading, 2, 0, "/offer soy for stink")),
    # Ann accepts Bob's offer #2 (R30) while Cleo makes a new offer (the market is drawn again)
    ("accept", P.trading, 0, '#market .offer[data-offer="2"] .accept-btn', "/accept 2",
     _after(P.trading, 0, 2, "/offer stink for blue")),
    # Ann harvests her Soy field (R16) while the draw pile changes (the fields are drawn again)
    ("harvest", lambda: P.plant_no_fit(0), 0, '#fields [data-field="2"] .harvest', "/harvest 2", _one_card_less),
    # Ann plants Chili in her empty field 2 (R15) while the draw pile changes
    ("plant_here", P.plant_first, 0, '#fields [data-field="2"] .plant-here', "/plant 2", _one_card_less),
]


def _next(page: Any, msg: Msg, after: Msg) -> Msg:
    """``msg`` sent as the server's state after ``after`` (its version the next), and taken."""
    msg["version"] = after["version"] + 1
    page.evaluate("m => window.__bohnanza.push(m)", msg)
    page.wait_for_function(f"window.__bohnanza.state.version === {msg['version']}")
    return msg


def _press(page: Any, server: str, position: Callable[[], Any], seat: int, button: str,
           then: Callable[[Msg], Msg], down: Callable[[Any], None], up: Callable[[Any], None]) -> None:
    """Show the position to ``seat``; press ``button`` (``down``), let a new state come and
    be taken (the page holds it back while pressed, or draws it), release (``up``)."""
    msg = P.state(position(), seat)
    P.show(page, server, msg)
    target = page.locator(button)
    target.wait_for()
    down(target)
    page.evaluate("m => window.__bohnanza.push(m)", then(msg))
    page.wait_for_function(f"window.__bohnanza.state.version === {msg['version'] + 1}")
    up(target)


@pytest.mark.parametrize(("position", "seat", "button", "command", "then"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_space_on_a_button_drawn_again_before_its_release_sends_once(
        server: str, browser: Any, position: Any, seat: int, button: str, command: str, then: Any) -> None:
    """A keyboard player's Space: down on the focused button, a state, up."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    try:
        page = ctx.new_page()
        def down(t: Any) -> None:
            t.focus()
            page.keyboard.down(" ")

        _press(page, server, position, seat, button, then, down, lambda t: page.keyboard.up(" "))
        page.wait_for_function("window.__bohnanza.sent.length > 0", timeout=3000)
        assert page.evaluate("window.__bohnanza.sent") == [command]
        # and the state that came meanwhile is drawn once the key is up
        page.wait_for_function(
            f"document.querySelector('#prog-deck').textContent.endsWith('{then(P.state(position(), seat))['view']['deck_count']}')")
    finally:
        ctx.close()


@pytest.mark.parametrize(("position", "seat", "button", "command", "then"),
                         [c[1:] for c in CASES if c[0] in ("end_trading", "accept")],
                         ids=["end_trading", "accept"])
def test_a_mouse_button_held_two_seconds_through_a_state_sends_once(
        server: str, browser: Any, position: Any, seat: int, button: str, command: str, then: Any) -> None:
    """A person holding the button down a while (two seconds: longer than the 1.5 s the page
    waited for the release before) while states come."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    try:
        page = ctx.new_page()

        def down(t: Any) -> None:
            box = t.bounding_box()
            assert box is not None
            page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            page.mouse.down()

        def up(t: Any) -> None:
            page.wait_for_timeout(2000)       # the hold itself (no condition to wait for)
            page.mouse.up()

        _press(page, server, position, seat, button, then, down, up)
        page.wait_for_function("window.__bohnanza.sent.length > 0", timeout=3000)
        assert page.evaluate("window.__bohnanza.sent") == [command]
    finally:
        ctx.close()



def test_not_interested_shows_it_is_on_when_only_the_passed_mark_changed(server: str, browser: Any) -> None:
    """Cleo presses Not interested (design.md 4): the state that comes back changes her seat's
    passed mark only (her ``you`` is the same), and the button must say so (pressed, waiting,
    trial 4 item 7). The phase button was drawn again only when ``you`` changed: it went on
    reading Not interested, ready to be pressed again."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    try:
        page = ctx.new_page()
        g = P.trading()
        msg = P.state(g, 2)
        P.show(page, server, msg)
        P.say(g, 2, "/done")
        _next(page, P.state(g, 2), msg)
        btn = page.locator("#phase-btn")
        assert btn.get_attribute("aria-pressed") == "true" and btn.is_disabled()
        assert page.locator("#phase-why").is_visible()
    finally:
        ctx.close()


def test_the_phase_button_stays_the_same_element_while_it_does_the_same(server: str, browser: Any) -> None:
    """Cleo's Not interested, focused, while Ann makes her an offer, then while Cleo's own
    press marks her passed (design.md 4: the button says so and waits): the same button each
    time, updated in place. Drawn anew, a press that outlasted the page's wait for its release
    made no click, and the focus moved to the copy each time, a new focus a screen reader
    reads out again with every bot's move."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    try:
        page = ctx.new_page()
        g = P.trading()
        msg = P.state(g, 2)
        P.show(page, server, msg)
        page.locator("#phase-btn").focus()
        page.evaluate("""() => { window.__btn = document.querySelector('#phase-btn'); window.__focus = 0;
          document.addEventListener('focusin', () => { window.__focus += 1; }); }""")
        P.say(g, 0, "/offer soy for stink")      # Cleo may accept it: her view changes
        then = _next(page, P.state(g, 2), msg)
        assert page.evaluate("document.querySelector('#phase-btn') === window.__btn")
        assert page.evaluate("document.activeElement === window.__btn")
        assert page.evaluate("window.__focus") == 0
        assert page.locator("#phase-btn").inner_text() == "Not interested"
        P.say(g, 2, "/done")                     # passed: the button shows it, and waits
        _next(page, P.state(g, 2), then)
        assert page.evaluate("document.querySelector('#phase-btn') === window.__btn")
        btn = page.locator("#phase-btn")
        assert btn.get_attribute("aria-pressed") == "true" and btn.is_disabled()
        assert btn.get_attribute("aria-describedby") == "phase-why"
        assert page.locator("#phase-why").is_visible()
        assert page.locator("#phase #phase-btn").count() == 1
    finally:
        ctx.close()
