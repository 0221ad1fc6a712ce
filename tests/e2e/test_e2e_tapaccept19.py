"""Tapaccept19: on a phone (390 x 844, touch) a tap anywhere on an offer accepted it at once, as
a mouse click does on a desktop. People tap a card to look at it, and a trade cannot be undone
(a trial's tap on an offer's card made an immediate "Accept #6" deal). A finger's tap on an
offer's body now picks it: its rows and its Accept show, Accept large and focused, and nothing
is sent; only its Accept button sends /accept (the server alone decides whether it may, R28).
A mouse's click on the body still accepts (the desktop tests rely on it).

Expected values from rules.md (R28: the active player trades with the others; R30: a gift;
R12: what a deal gives goes to the to-plant area) and the brief, never from what the page
printed.
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import Player, assert_clean, drawn, sync, watched_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "locale": "en-US"}

# what has the focus: the offer it is in and its classes
FOCUS = """() => { const e = document.activeElement;
  const o = e && e.closest('#market .offer');
  return { offer: o ? o.dataset.offer : null, cls: e ? [...e.classList] : [] }; }"""


def test_a_tap_on_an_offer_picks_it_and_only_its_accept_sends(browser: Any, server: str) -> None:
    """R28: Ann (active, phase 2) may accept Bob's #2 (Green for her face-up Blue). A tap on
    the offer's body sends nothing and picks it: its Accept shows, focused; a tap on another
    part of the body keeps nothing sent. A tap on Accept sends /accept 2. A mouse's click on
    the body (a touch screen with a mouse) accepts as on a desktop."""
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 0))
        offer = pg.locator('#market .offer[data-offer="2"]')
        offer.scroll_into_view_if_needed()
        drawn(pg)
        assert pg.locator('#market .offer.picked').count() == 0
        offer.locator(".offer-row.give").tap()          # a tap on the cards it asks of Ann
        drawn(pg)
        assert pg.evaluate("window.__bohnanza.sent") == []
        picked = pg.locator('#market .offer.picked')
        assert picked.count() == 1 and picked.get_attribute("data-offer") == "2"
        accept = offer.locator(".accept-btn")
        assert accept.is_visible()
        assert pg.evaluate(FOCUS) == {"offer": "2", "cls": ["btn", "accept-btn"]}
        assert "Tap Accept" in offer.inner_text()
        offer.locator(".offer-head").tap()                # a second tap on the body: let go
        drawn(pg)
        assert pg.evaluate("window.__bohnanza.sent") == []
        assert pg.locator('#market .offer.picked').count() == 0
        offer.locator(".offer-row.get").tap()             # picked again
        drawn(pg)
        assert pg.evaluate("window.__bohnanza.sent") == []
        offer.locator(".accept-btn").tap()
        pg.wait_for_function("window.__bohnanza.sent.length > 0")
        assert pg.evaluate("window.__bohnanza.sent") == ["/accept 2"]
        # a mouse on the same touch screen: its click on the body accepts, as on a desktop
        P.show(pg, server, P.state(P.trading(), 0))
        pg.evaluate("window.__bohnanza.sent.length = 0")
        pg.locator('#market .offer[data-offer="2"] .offer-head').click()
        pg.wait_for_function("window.__bohnanza.sent.length > 0")
        assert pg.evaluate("window.__bohnanza.sent") == ["/accept 2"]
        assert_clean(pg, errors)


def _enter(browser: Any, base: str, name: str, room: str) -> Player:
    ctx = browser.new_context(**PHONE)
    pg = ctx.new_page()
    pg.goto(base + "/")
    pg.fill("#lobby-name", name)
    pg.fill("#lobby-room", room)
    pg.click("#lobby-open")
    pg.wait_for_selector("#btn-join")
    return Player(pg, name)


def _say(p: Player, text: str) -> None:
    """``text`` sent on ``p``'s connection as the chat would (the steps before the one tested)."""
    r = p.page.evaluate("(t) => window.__bohnanza.net.say(t)", text)
    assert r["ok"], (p.name, text, r)


def test_a_tap_on_a_real_offer_makes_no_deal_until_accept(browser: Any, server: str) -> None:
    """Three people on phones on the real server. The active player gives a face-up card to
    the next seat only (R30: a gift; R28: between the active player and one other). That
    seat's tap on the offer's body sends nothing and the server's state is unchanged: the
    offer stands, no deal, nothing to plant. Its tap on Accept starts the deal; once the
    card is handed over it lies in that seat's to-plant area (R12)."""
    people = [_enter(browser, server, n, "e2e-tapaccept19") for n in ("Ann", "Bob", "Cleo")]
    try:
        for p in people:
            p.act(lambda p=p: p.click("#btn-join"))
        sync(people)
        people[0].act(lambda: people[0].click("#btn-start"))
        sync(people)
        v = people[0].view()
        a = people[v["active"]]
        b = people[(v["active"] + 1) % 3]
        field = a.you()["plant_fields"][0]
        _say(a, f"/plant {field}")
        if a.view()["phase"] == "plant":
            _say(a, "/done")
        sync(people)
        assert a.view()["phase"] == "trade"
        gift = a.view()["face_up"][0]
        _say(a, f"/offer {gift} for nothing to {b.you()['seat'] + 1}")
        sync(people)
        gid = a.view()["offers"][-1]["id"]
        assert gid in b.you()["can_accept"]
        sent = b.page.evaluate("window.__bohnanza.sent.length")
        offer = b.page.locator(f'#market .offer[data-offer="{gid}"]')
        offer.scroll_into_view_if_needed()
        offer.locator(".offer-head").tap()
        drawn(b.page)
        assert b.page.evaluate(f"window.__bohnanza.sent.slice({sent})") == []
        assert b.page.locator(f'#market .offer.picked[data-offer="{gid}"]').count() == 1
        assert b.page.evaluate(FOCUS)["cls"] == ["btn", "accept-btn"]
        # the server's state: nothing happened (each page holds what the server sent it)
        sync(people)
        assert a.view()["deal"] is None and b.view()["deal"] is None
        assert gid in [o["id"] for o in a.view()["offers"]]
        assert not b.you()["to_plant"]
        b.act(lambda: offer.locator(".accept-btn").tap())
        assert b.page.evaluate(f"window.__bohnanza.sent.slice({sent})") == [f"/accept {gid}"]
        sync(people)
        a.wait("(() => { const v = window.__bohnanza.state.view;"
               f" return v.deal || v.seats[{b.you()['seat']}].to_plant.length; }})()")
        if a.view()["deal"] is not None:
            assert a.view()["deal"]["offer"] == gid
            assert a.view()["deal"]["other"] == b.you()["seat"]
            if not a.awaits_auto_provide():
                a.click('#faceup .card[data-ref="u1"]')
                a.act(lambda: a.click("#deal-provide"))
        sync(people)
        b.wait(f"window.__bohnanza.state.view.you.to_plant.includes({gift!r})")
        assert gift in b.you()["to_plant"]
        for p in people:
            assert not p.errors, (p.name, p.errors)
    finally:
        for p in people:
            p.page.context.close()
