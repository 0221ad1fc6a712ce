"""User13's trial (a new player with only the README: a 390x844 phone with touch, a watcher,
the two-player bean duel, hidden money). Expected values from rules.md (ids in each test) and
what a player expects, never from what the page printed.

- on the phone in phase 3, with the to-plant row in view the fields stood a screen below it:
  a finger that held a card at the bottom edge of the screen did not scroll the page (the
  card cannot scroll it itself), so the card could not be dragged onto a field;
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, drawn, watched_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "locale": "en-US"}


def planting_below_offers() -> Any:
    """Phase 3: Bob has Chili and Green to plant (Chili fits field 1, R32); four offers made
    meanwhile wait in the market for the next phase 2, as on the trial's phone."""
    g = P.game(phase="plant_traded", seats=[
        {"hand": ["soy", "red"]},
        {"hand": ["blue", "stink"], "to_plant": ["chili", "green"], "fields": [["chili", 1], None]},
        {"hand": ["stink", "blue", "red"]}])
    for seat, text in [(0, "/offer soy for blue"), (0, "/offer red for stink"),
                       (2, "/offer stink for soy"), (2, "/offer blue, red for nothing")]:
        P.say(g, seat, text)
    return g


def _touch(cdp: Any, kind: str, x: float | None = None, y: float | None = None) -> None:
    points = [] if x is None else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_a_card_held_at_the_screen_edge_scrolls_to_the_field(server: str, browser: Any) -> None:
    """Phase 3 (R32): Bob drags Chili from his to-plant area onto his Chili field, which lies
    below the screen; holding the card at the bottom edge scrolls the page until the field
    is under the finger, and letting go there plants it."""
    with watched_page(browser, **PHONE) as (page, errors):
        P.show(page, server, P.state(planting_below_offers(), 1))
        card = page.locator('#to-plant .card[data-bean="chili"]')
        card.wait_for()
        drawn(page)
        # the to-plant row in the lower half of the screen, as the trial's phone showed it
        # after the offers above it, and the field just below the screen's edge (the phone's
        # column puts the hand above the to-plant row: it lies closer to the fields since)
        page.evaluate("""() => window.scrollBy(0, document.querySelector(
            '#fields .field[data-field="1"]').getBoundingClientRect().top - (844 + 40))""")
        drawn(page)
        box = card.bounding_box()
        field = page.locator('#fields .field[data-field="1"]')
        assert field.bounding_box()["y"] > 844, "the field must start below the screen"
        x0, y0 = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        edge = 844 - 12
        assert 422 < y0 < edge - 20, "the card must be held in the lower half, above the edge"
        cdp = page.context.new_cdp_session(page)
        _touch(cdp, "touchStart", x0, y0)
        for i in range(1, 11):
            _touch(cdp, "touchMove", x0, y0 + (edge - y0) * i / 10)
        under = """([x, y]) => !!document.elementFromPoint(x, y)?.closest('#fields .field[data-field="1"]')"""
        reached = False
        for i in range(200):      # the finger rests at the edge (it trembles by a pixel)
            if page.evaluate(under, [x0, edge]):
                reached = True
                break
            _touch(cdp, "touchMove", x0, edge - (i % 2))
            page.wait_for_timeout(25)
        _touch(cdp, "touchEnd")
        assert reached, "the page did not scroll while the card was held at the edge"
        page.wait_for_function("window.__bohnanza.sent.length > 0", timeout=3000)
        assert page.evaluate("window.__bohnanza.sent") == ["/plant chili 1"]
        assert_clean(page, errors)


def _sit(page: Any, server: str, room: str, name: str) -> None:
    page.goto(f"{server}/r/{room}")
    page.fill("#name-input", name)
    page.click("#gate-join")
    page.wait_for_function("n => window.__bohnanza.state.room?.seats.some("
                           "s => s.name === n && !s.vacant)", arg=name)


def test_two_seated_in_a_classic_room_are_told_of_the_duel(server: str, browser: Any) -> None:
    """Two people in a classic room (3-5 players, rules.md §4a): the line under Start game says
    they can play the bean duel by choosing Rio Grande (rules.md §3a: its 2-player rules);
    chosen, Start game waits no more. One seated person is told of no rules (none deals
    for one)."""
    with watched_page(browser, locale="en-US") as (ann, errors), \
            watched_page(browser, locale="en-US") as (ben, _):
        _sit(ann, server, "u13duel", "Ann")
        why = ann.locator("#start-why")
        why.wait_for()
        assert "Rio Grande" not in why.inner_text()
        _sit(ben, server, "u13duel", "Ben")
        ann.wait_for_function("document.querySelector('#start-why')?.textContent.includes('2 seated')")
        text = why.inner_text()
        assert "bean duel" in text and "Rules: Rio Grande" in text, text
        ann.select_option("#opt-preset", "rio-grande")
        ann.wait_for_function("document.querySelector('#btn-start') && !document.querySelector('#btn-start').disabled")
        assert why.count() == 0
        assert_clean(ann, errors)


TABS_OVERLAP = """root => { const out = [];
  for (const row of document.querySelectorAll(root)) {
    const tabs = [...row.querySelectorAll('.card > .label')].map(e => e.getBoundingClientRect());
    tabs.forEach((a, i) => tabs.slice(i + 1).forEach(b => {
      if (a.right > b.left && b.right > a.left && a.bottom > b.top && b.bottom > a.top) out.push([a.left, a.right, b.left, b.right]);
    }));
  }
  return out; }"""


def two_face_up_offers() -> Any:
    """Phase 2, Ann active with Red (face-up 1) and Blue (face-up 2): she gives both as a gift
    and Bob offers Green for both (R29: only the active player gives face-up cards)."""
    g = P.game(phase="trade", face_up=["red", "blue"], seats=[
        {"hand": ["soy"]}, {"hand": ["chili", "green"]}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer red, blue for nothing")
    P.say(g, 1, "/offer green for red, blue")
    return g


@pytest.mark.parametrize("context", [PHONE, {"viewport": {"width": 1366, "height": 768}, "locale": "en-US"}],
                         ids=["phone", "laptop"])
def test_the_face_up_tabs_of_one_offer_do_not_overlap(server: str, browser: Any,
                                                      context: dict[str, Any]) -> None:
    """Each face-up card of an offer keeps its place readable, "face-up 1" and "face-up 2"
    side by side, in the market (both seats) and in Ann's offer window."""
    with watched_page(browser, **context) as (page, errors):
        for seat in (0, 1):
            P.show(page, server, P.state(two_face_up_offers(), seat))
            page.locator("#market .offer .card.from-face-up").first.wait_for()
            drawn(page)
            assert page.locator("#market .card.from-face-up").count() == 4
            assert page.evaluate(TABS_OVERLAP, "#market .offer-side") == []
        # Ann builds the same offer in her offer window: face-up 1, then face-up 2
        P.show(page, server, P.state(P.trading(), 0))
        page.locator("#faceup .card").first.wait_for()
        page.locator("#faceup .card").nth(0).click()
        page.locator("#faceup .card").nth(1).click()
        page.wait_for_function("document.querySelectorAll('#offer-window .card.from-face-up').length === 2")
        drawn(page)
        assert page.evaluate(TABS_OVERLAP, "#offer-window .offer-cards") == []
        assert_clean(page, errors)
