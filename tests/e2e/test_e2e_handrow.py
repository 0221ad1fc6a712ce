"""The hand's row on a narrow screen (a new user's report, 4 Dec 2026: on a phone the seventh
card of a hand was out of view, with nothing to say so).

A hand wider than its row scrolls sideways; at each end where cards are out of view the row
shows a cue with how many (counted here from the cards' own boxes, not from the page's text),
and pressing it scrolls that way. A hand that fits shows none. The hand's order is the
engine's (R9: planted from the front, left)."""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, drawn, watched_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
EIGHT = ["chili", "red", "blue", "soy", "green", "stink", "garden", "cocoa"]
# how many cards of the row lie out of its box on each side (from the layout itself)
OUT = """() => { const row = document.querySelector('#hand .hand'); const box =
  row.getBoundingClientRect(); let l = 0, r = 0; for (const c of row.children) { const b =
  c.getBoundingClientRect(); if (b.left < box.left - 1) l++; else if (b.right > box.right + 1)
  r++; } return [l, r]; }"""

# a press of the right cue has scrolled the row (from ``start``) its 80% of a width on, or to
# its end, and the cue says what that left out of view (a smooth scroll: it takes a while,
# longer on a loaded machine than any fixed wait; the cue is drawn on the scroll's event)
SCROLLED = """(start) => { const row = document.querySelector('#hand .hand');
  const end = Math.min(start + row.clientWidth * 0.8, row.scrollWidth - row.clientWidth);
  if (Math.abs(row.scrollLeft - end) > 1) return false;
  const box = row.getBoundingClientRect(); let r = 0;
  for (const c of row.children) if (c.getBoundingClientRect().right > box.right + 1) r++;
  return document.querySelector('#hand .hand-more.right').hidden === (r === 0); }"""


def eight_cards() -> dict[str, Any]:
    g = P.game(seats=[{"hand": EIGHT, "fields": [["blue", 2], None]}, {}, {}])
    return P.state(g, 0)


def test_a_hand_wider_than_the_phone_says_how_many_cards_are_out_of_view(
        browser: Any, server: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, eight_cards())
        assert pg.locator("#hand .card").count() == 8
        right = pg.locator("#hand .hand-more.right")
        right.wait_for(state="visible", timeout=5000)
        before, after = pg.evaluate(OUT)
        assert before == 0 and after >= 1   # 390 px hold fewer than eight cards
        assert right.inner_text().strip() == f"+{after} ›"
        cards = "1 more card" if after == 1 else f"{after} more cards"
        assert right.get_attribute("aria-label") == (
            f"{cards} out of view: scroll the hand or press here")
        assert pg.locator("#hand .hand-more.left").is_hidden()
        # pressed: the row scrolls on; at its end no card is out on the right, the left cue
        # counts those now out of view on the left
        for _ in range(4):
            if right.is_hidden():
                break
            start = pg.evaluate("document.querySelector('#hand .hand').scrollLeft")
            right.click()
            pg.wait_for_function(SCROLLED, arg=start, timeout=5000)
        assert right.is_hidden()
        before, after = pg.evaluate(OUT)
        assert after == 0 and before >= 1
        left = pg.locator("#hand .hand-more.left")
        assert left.is_visible() and left.inner_text().strip() == f"‹ +{before}"
        assert_clean(pg, errors)


def test_a_hand_that_fits_shows_no_cue(browser: Any, server: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, eight_cards())
        # the cues are counted in an animation frame after the hand is drawn (own.js
        # handCues): hidden until then whatever they would say, so wait for frames, not time
        drawn(pg)
        assert pg.evaluate(OUT) == [0, 0]
        assert pg.locator("#hand .hand-more.right").is_hidden()
        assert pg.locator("#hand .hand-more.left").is_hidden()
        assert_clean(pg, errors)
