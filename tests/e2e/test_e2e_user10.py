"""User10's trial (a new player with only the README: the 154-card and Amigo presets with 3
and 5 players, the bean duel between two pages, a watcher, hidden money, at 1280x800 and on a
390x844 phone). Expected values from rules.md (ids in each test) and what a player expects,
never from what the page printed.

- the bean duel has no trading (rules.md §3a): a click on a card of one's hand builds no offer
  nobody can see ("in offer" stood on duel hand cards, with no offer window anywhere);
- the seat panels show a locked third field only where the rules sell one (Amigo with 4-5
  players has none, rules.md §3b);
- a watcher who chose Just watch without a name goes on watching after a reload (the name
  gate asked again, as if they had never come);
- the name gate of a room whose every seat is taken with no game on (before the start, after
  a game over) points to Just watch, not to a Take a seat the server refuses (room_full);
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.engine import Game

from . import positions as P
from .e2e_board import assert_clean, watched_page
from .test_e2e_names import sit_ann

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


# ------------------------------------------------------------------ the duel: no offers


@pytest.mark.parametrize("ctx", [LAPTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("who", ["active", "other"])
def test_a_click_on_a_duel_hand_card_builds_no_offer(browser: Any, server: str, ctx: dict[str, Any],
                                                     who: str) -> None:
    """The bean duel (rules.md §3a: "There is no trading or gift phase"; the server refuses
    offers there) shows no market and no offer window. A click (a tap on the phone) on a card
    of one's hand, or on one's own fields, must not put it in an offer: no "in offer" tag, no
    draft kept for later."""
    g = P.duel("plant")
    seat = g.active if who == "active" else 1 - g.active
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, seat))
        assert pg.locator("#duel").is_visible()
        assert not pg.locator("#offer-window").is_visible()
        cards = pg.locator("#hand .card")
        assert cards.count() >= 2
        for i in range(cards.count()):
            cards.nth(i).click()
        planted = pg.locator("#players .panel .mini-fields .card[data-bean]")
        assert planted.count() >= 1
        planted.first.click()
        assert pg.locator("#hand .in-offer-tag").count() == 0
        assert pg.locator("#hand .card.in-offer").count() == 0
        draft = pg.evaluate("window.__bohnanza.S.draft")
        assert draft["give"] in ({}, None) and draft["want"] in ({}, None), draft
        assert pg.evaluate("window.__bohnanza.sent") == []
        assert_clean(pg, errors)


# ------------------------------------------------------------------ Amigo: no third field to buy


@pytest.mark.parametrize(("preset", "players", "locks"), [
    ("amigo", 4, 0),        # rules.md §3b, R21: AM23 base game, 4-5 players: 2 fields, no purchase
    ("amigo", 5, 0),
    ("classic", 4, 4),      # §3b: classic buys the third field once, for 3 coins
    ("rio-grande", 5, 5),   # §3a: 4-5 players buy it for 3 coins
])
def test_the_seat_panels_show_a_locked_third_field_only_where_one_can_be_bought(
        browser: Any, server: str, preset: str, players: int, locks: int) -> None:
    """Each seat's panel shows its fields; a lock in a third place says "a third field, not
    bought yet" (R21-R24). Under the Amigo rules with 4 or 5 players there is no third field
    at all (rules.md §3b, third_field_cost null): the seat's own board rightly shows none, and
    the panels must not promise one either."""
    names = ["Ann", "Bob", "Cleo", "Dan", "Eve"][:players]
    g = Game.new(preset, names, 3)
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        assert pg.locator("#players .panel").count() == players
        assert pg.locator("#players .mini-fields .card.locked").count() == locks
        assert pg.locator("#fields .field.locked").count() == (1 if locks else 0)
        assert_clean(pg, errors)


# ------------------------------------------------------------------ a nameless watcher reloads

TIMEOUT = 15_000
WATCHING = ("() => { const b = window.__bohnanza; return b && b.S.roomInfo && b.S.you "
            "&& b.S.you.seat === null && document.querySelector('#name-gate').hidden }")


def test_a_nameless_watcher_goes_on_watching_after_a_reload(browser: Any, server: str) -> None:
    """README: a friend who opens the room's address presses Take a seat or Just watch (a name
    is optional for watching). Ann sits; Cleo opens the room and presses Just watch with the
    name box empty, then reloads the page, as people do: she is still watching (no seat, no
    name gate), and the next tab she opens on the room asks again (a choice of this tab)."""
    room = "e2e-user10-watch-reload"
    with watched_page(browser, **LAPTOP) as (ann, errors):
        sit_ann(ann, server, room)
        with watched_page(browser, **PHONE) as (cleo, cleo_errors):
            cleo.goto(f"{server}/r/{room}")
            cleo.wait_for_selector("#name-gate:not([hidden])", timeout=TIMEOUT)
            cleo.click("#gate-watch")
            cleo.wait_for_function(WATCHING, timeout=TIMEOUT)
            cleo.reload()
            cleo.wait_for_function("() => window.__bohnanza && window.__bohnanza.S.roomInfo",
                                   timeout=TIMEOUT)
            cleo.wait_for_function(WATCHING, timeout=TIMEOUT)
            assert cleo.locator("#name-gate").is_hidden()
            assert "watching" in cleo.locator("#status").inner_text().lower()
            assert cleo.evaluate("window.__bohnanza.sent") == []      # no /join
            other = cleo.context.new_page()
            other.goto(f"{server}/r/{room}")
            other.wait_for_selector("#name-gate:not([hidden])", timeout=TIMEOUT)
            other.close()
            assert_clean(cleo, cleo_errors)
        assert_clean(ann, errors)


# ------------------------------------------------------------------ the gate of a full table


def test_the_gate_of_a_full_table_between_games_points_to_watching(browser: Any,
                                                                   server: str) -> None:
    """Ann sits and seats four bots: classic takes at most 5 players (rules.md §4a), so no
    seat is free, and no game runs (the same after a game over). Dee opens the room's link:
    /join would be refused (room_full), so the gate must not make Take a seat the main
    button beside "0 seats free", nor the status line tell her to press it; it says every
    seat is taken and that she can watch."""
    room = "e2e-user10-full-table"
    with watched_page(browser, **LAPTOP) as (ann, errors):
        sit_ann(ann, server, room)
        for n in range(4):
            ann.click("#btn-addbot")
            ann.wait_for_function("(n) => window.__bohnanza.S.roomInfo.seats.length === n",
                                  arg=n + 2, timeout=TIMEOUT)
        assert ann.evaluate("window.__bohnanza.S.roomInfo.running") is False
        with watched_page(browser, **PHONE) as (dee, dee_errors):
            dee.goto(f"{server}/r/{room}")
            dee.wait_for_function("document.querySelector('#gate-seated').textContent"
                                  ".includes('Ann')", timeout=TIMEOUT)
            text = dee.locator("#gate-seated").inner_text()
            assert "every seat is taken" in text.lower() and "free)" not in text
            assert "primary" in (dee.get_attribute("#gate-watch", "class") or "")
            assert "primary" not in (dee.get_attribute("#gate-join", "class") or "")
            line = dee.locator("#status").inner_text()
            assert "press Just watch" in line and "Take a seat" not in line
            assert "A game is on" not in line and "A game is on" not in text
            dee.click("#gate-watch")
            dee.wait_for_function(WATCHING, timeout=TIMEOUT)
            assert_clean(dee, dee_errors)
        assert_clean(ann, errors)
