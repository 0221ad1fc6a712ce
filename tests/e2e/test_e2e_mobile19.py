"""Mobile19's trial: the board on a phone (390 x 844, touch), a tablet (768 x 1024), a laptop
at 200% zoom (640 x 400 CSS px) and by keyboard alone. Expected values from rules.md (ids in
each test) and what a player expects, never from what the page printed.

- at 200% zoom a hand card given into a new offer (Enter, a click) unfolded the offer window,
  which scrolled to its top: the card pressed, and its focus ring, went up under the sticky
  top bar;
- a finger held still on a card (Android fires contextmenu for a long press) acted as the
  right button: the front card held before a drag went into "You get", one's own offer
  held was withdrawn;
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
