"""Mobile19's trial: the board on a phone (390 x 844, touch), a tablet (768 x 1024), a laptop
at 200% zoom (640 x 400 CSS px) and by keyboard alone. Expected values from rules.md (ids in
each test) and what a player expects, never from what the page printed.

- at 200% zoom a hand card given into a new offer (Enter, a click) unfolded the offer window,
  which scrolled to its top: the card pressed, and its focus ring, went up under the sticky
  top bar;
- a finger held still on a card (Android fires contextmenu for a long press) acted as the
  right button: the front card held before a drag went into "You get", one's own offer
  held was withdrawn;
- on a phone a hand wider than the screen did not scroll under a finger's sideways swipe: the
  card under the finger was dragged instead (and dropped nowhere);
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, drawn, watched_page

pytestmark = pytest.mark.browser

ZOOM200 = {"viewport": {"width": 640, "height": 400}, "device_scale_factor": 2,
           "locale": "en-US"}


def _five_in_hand() -> Any:
    """Phase 2, Ann active with five cards in hand and Red face up (no offer yet)."""
    return P.game(phase="trade", face_up=["red"], seats=[
        {"hand": ["chili", "red", "blue", "soy", "green"], "fields": [["blue", 2], None]}, {}, {}])


@pytest.mark.parametrize("how", ["Enter", "click"])
def test_a_card_given_at_200_percent_stays_out_from_under_the_top_bar(
        browser: Any, server: str, how: str) -> None:
    """R28: Ann (active, phase 2) gives her third card, Blue, into a new offer. The offer
    window unfolds below the hand and comes into view as far as it can while the card she
    pressed, which keeps the focus, stays whole below the top bar."""
    with watched_page(browser, **ZOOM200) as (pg, errors):
        P.show(pg, server, P.state(_five_in_hand(), 0))
        card = pg.locator('#hand .card[data-ref="h3"]')
        card.focus()                                 # as Tab and the arrow keys put it there
        pg.evaluate("document.activeElement.scrollIntoView({ block: 'center' })")
        drawn(pg)
        if how == "Enter":
            pg.keyboard.press("Enter")
        else:
            card.click()
        drawn(pg)
        assert pg.evaluate("window.__bohnanza.S.draft.give") == {"blue": 1}
        at = pg.evaluate("""() => { const e = document.activeElement;
            return { ref: e.dataset.ref || null, top: e.getBoundingClientRect().top,
                     bar: document.getElementById('topbar').getBoundingClientRect().bottom,
                     window: document.getElementById('offer-window').getBoundingClientRect().top }; }""")
        assert at["ref"] == "h3"
        assert at["top"] >= at["bar"], at
        # the window came up from below the screen: its top shows (it was below the fold)
        assert at["window"] < 400, at
        assert_clean(pg, errors)


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "locale": "en-US"}

# a contextmenu event as a browser fires it: Android's for a finger held still (a long
# press), a mouse's right button; true when the page cancelled it (no menu shows)
CONTEXTMENU = """([sel, kind]) => { const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  return !el.dispatchEvent(new PointerEvent('contextmenu', { bubbles: true, cancelable: true,
    pointerType: kind, button: kind === 'mouse' ? 2 : 0,
    clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 })); }"""


def test_a_long_press_changes_neither_the_offer_nor_the_market(browser: Any, server: str) -> None:
    """A finger held still on a card (Android's browsers fire contextmenu for it) is no right
    button: on the front card, as a drag to a field begins, it put that bean in "You get";
    on one's own offer it withdrew the offer. Its menu stays away all the same, and the
    mouse's right button still does what it did (want the bean; withdraw, rules.md T21)."""
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 0))       # Ann's own offer #1 in the market
        front = '#hand .card[data-ref="h1"]'
        own = '#market .offer[data-offer="1"]'
        assert pg.evaluate(CONTEXTMENU, [front, "touch"]) is True
        assert pg.evaluate(CONTEXTMENU, [own, "touch"]) is True
        drawn(pg)
        assert pg.evaluate("window.__bohnanza.S.draft") == {"give": {}, "want": {}}
        assert pg.evaluate("window.__bohnanza.sent") == []
        assert pg.locator("#offer-window.folded").count() == 1
        # the right button of a mouse on the same page
        assert pg.evaluate(CONTEXTMENU, [front, "mouse"]) is True
        drawn(pg)
        assert pg.evaluate("window.__bohnanza.S.draft.want") == {"soy": 1}
        assert pg.evaluate(CONTEXTMENU, [own, "mouse"]) is True
        pg.wait_for_function("window.__bohnanza.sent.length > 0")
        assert pg.evaluate("window.__bohnanza.sent") == ["/withdraw 1"]
        assert_clean(pg, errors)


def _touch(cdp: Any, kind: str, x: float | None = None, y: float | None = None) -> None:
    points = [] if x is None else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def _finger(cdp: Any, a: dict[str, float], b: dict[str, float], steps: int = 12) -> None:
    """A finger put down at ``a``, moved in ``steps`` to ``b`` and lifted."""
    _touch(cdp, "touchStart", a["x"], a["y"])
    for i in range(1, steps + 1):
        _touch(cdp, "touchMove", a["x"] + (b["x"] - a["x"]) * i / steps,
               a["y"] + (b["y"] - a["y"]) * i / steps)
    _touch(cdp, "touchEnd")


def _middle(box: dict[str, float]) -> dict[str, float]:
    return {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}


def test_a_finger_swipes_a_long_hand_sideways_and_still_drags_a_card_down(
        browser: Any, server: str) -> None:
    """Phase 1 (R24), Ann's nine cards are wider than the phone: a finger swiped to the left
    on the third card scrolls the hand row, drags nothing and sends nothing; the front card
    drawn down onto the empty field 2 is planted there as before (R24: /plant 2)."""
    g = P.game(seats=[{"hand": ["chili", "red", "blue", "soy", "green", "stink", "garden",
                                "blackeyed", "soy"], "fields": [["blue", 2], None]}, {}, {}])
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        pg.locator("#hand .hand").scroll_into_view_if_needed()
        drawn(pg)
        row = "document.querySelector('#hand .hand')"
        assert pg.evaluate(f"{row}.scrollWidth > {row}.clientWidth"), "the hand must be wider"
        cdp = pg.context.new_cdp_session(pg)
        # the front card down onto field 2: a drag, as before
        front = _middle(pg.locator('#hand .card[data-ref="h1"]').bounding_box())
        field = _middle(pg.locator('#fields .field[data-field="2"]').bounding_box())
        assert field["y"] - front["y"] > abs(field["x"] - front["x"]), "a drag mostly down"
        _finger(cdp, front, field)
        pg.wait_for_function("window.__bohnanza.sent.length > 0", timeout=3000)
        assert pg.evaluate("window.__bohnanza.sent") == ["/plant 2"]
        # a swipe to the left on the third card: the row scrolls
        third = _middle(pg.locator('#hand .card[data-ref="h3"]').bounding_box())
        _finger(cdp, third, {"x": third["x"] - 200, "y": third["y"]}, steps=10)
        pg.wait_for_function(f"{row}.scrollLeft > 0", timeout=3000)
        drawn(pg)
        assert pg.evaluate("window.__bohnanza.sent") == ["/plant 2"]
        assert pg.evaluate("window.__bohnanza.S.draft") == {"give": {}, "want": {}}
        assert pg.locator(".drag-ghost").count() == 0
        assert_clean(pg, errors)
