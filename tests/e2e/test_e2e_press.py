"""A state that arrives while a button is held down must not take the button away: the press
and the release then land on two different elements and the browser fires no click, so the
command is never sent (the whole-game test waited 10 s for a reply that could not come when an
idle mark changed between the press and the release of Start). The board renders again once
the pointer is released."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from . import positions as P

pytestmark = pytest.mark.browser


def _setup_state() -> dict[str, Any]:
    """Three seated, no game yet: the seat list, Leave, Add bot and Start (seat 1's view)."""
    return {"type": "state", "version": 1, "view": None, "room": P.room(0, running=False)}


def _idle_mark(msg: dict[str, Any]) -> dict[str, Any]:
    """The same table with another seat's idle mark set: a state from the idle clock."""
    out = copy.deepcopy(msg)
    out["version"] += 1
    out["room"]["seats"][1]["idle"] = True
    return out


def _one_card_less(msg: dict[str, Any]) -> dict[str, Any]:
    """The same game with one card less in the draw pile: the game part is drawn again."""
    out = copy.deepcopy(msg)
    out["version"] += 1
    out["view"]["deck_count"] -= 1
    return out


CASES = [
    ("#btn-start", "/start", _setup_state, _idle_mark),
    ("#plant-front", "/plant", lambda: P.state(P.plant_first(), 0), _one_card_less),
]


@pytest.mark.parametrize(("button", "command", "first", "then"), CASES,
                         ids=[c[0] for c in CASES])
def test_a_state_between_press_and_release_keeps_the_click(
        server: str, browser: Any, button: str, command: str, first: Any, then: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    try:
        page = ctx.new_page()
        msg = first()
        if msg["view"] is None:                  # no game: P.show waits for a view
            body = json.dumps(msg)
            page.route("**/dev/sample-e2e.json", lambda r: r.fulfill(
                body=body, content_type="application/json"))
            page.goto(server + "/r/x?sample=sample-e2e")
        else:
            P.show(page, server, msg)
        target = page.locator(button)
        target.wait_for()
        box = target.bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        P.show(page, server, then(msg))          # a state while the button is held down
        page.mouse.up()
        page.wait_for_function("window.__bohnanza.sent.length > 0", timeout=3000)
        assert page.evaluate("window.__bohnanza.sent") == [command]
        # and the page shows the new state once the button is released
        page.wait_for_function(f"window.__bohnanza.state.version === {msg['version'] + 1}")
        if msg["view"] is None:
            page.wait_for_selector('#setup li[data-seat="1"] .mark-idle.on')  # the idle mark, in words since 88a5bf3
        else:
            page.wait_for_function(
                f"document.querySelector('#prog-deck').textContent.endsWith("
                f"'{msg['view']['deck_count'] - 1}')")
    finally:
        ctx.close()
