"""The farm board lets the player choose the piles a shipment's cards come from (farm-rules.md
F26, G15: "P0 takes 2 cards from L2 piles of their choice", FT1) and the piles of the rescue
cards (G23: "choosing piles as in G15"). The board's Ship and Take rescue cards sent the bare
command, so the server always chose the default piles (docs/farm.md D5) and a person on the
board never could (found by trial user9, 5 Dec 2026)."""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.farm.engine import FarmGame
from bohnanza.farm.engine.actions import Ship
from bohnanza.farm.scenario import prepare

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


def _room(pg: Any, server: str, room: str, params: list[str]) -> None:
    pg.add_init_script("localStorage.setItem('bohnanza.lang', 'en');"
                       "localStorage.setItem('bohnanza.name', 'Ann')")
    pg.goto(f"{server}/r/{room}")
    pg.click("#btn-join")
    pg.wait_for_function("window.__bohnanza.S.roomInfo.start_seats === 1", timeout=TIMEOUT)
    for text in ["/option game farm", *params, "/addbot Bo shipper", "/start"]:
        reply = pg.evaluate(f"window.__bohnanza.net.say({text!r})")
        assert reply["ok"], (text, reply)
    pg.wait_for_function("window.__bohnanza.S.view && window.__bohnanza.S.view.game === 'farm'",
                         timeout=TIMEOUT)


def _counts(pg: Any) -> dict[str, int]:
    return {p["pile"]: p["count"] for p in pg.evaluate("window.__bohnanza.S.view.piles")}


def test_ship_takes_its_cards_from_the_piles_picked_on_the_board(browser: Any,
                                                                 server: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        _room(pg, server, "e2e-farm-ship-piles", [])
        # turn 1: plant the first hand card as a base, declare; ship it in the harvest (G13)
        pg.click('#farm .farm-hand .farm-card[data-index="0"]')
        pg.click("#farm-plant")
        pg.wait_for_function("window.__bohnanza.S.view.you.field[0] !== null", timeout=TIMEOUT)
        pg.click("#farm-declare")
        pg.wait_for_selector("#farm-ship-1", timeout=TIMEOUT)
        base = pg.evaluate("window.__bohnanza.S.view.you.field[0].base")
        level, cat = base.split(" ")[:2]
        # F26/G15: two cards of the base's level, from piles of the player's choice
        other = next(p for p, n in _counts(pg).items()
                     if p.startswith(level + " ") and not p.endswith(" " + cat) and n >= 2)
        assert pg.locator("#farm-ship-1-pile1").count() == 1, "no pile to choose for the ship"
        assert pg.locator("#farm-ship-1-pile2").count() == 1
        pg.select_option("#farm-ship-1-pile1", other)
        pg.select_option("#farm-ship-1-pile2", other)
        before = _counts(pg)
        hand = pg.evaluate("window.__bohnanza.S.view.you.hand.length")
        pg.click("#farm-ship-1")
        pg.wait_for_function(f"window.__bohnanza.S.view.you.hand.length === {hand + 2}",
                             timeout=TIMEOUT)
        after = _counts(pg)
        assert after[other] == before[other] - 2, (other, before, after)
        assert after[f"{level} {cat}"] == before[f"{level} {cat}"], (before, after)
        got = pg.evaluate("window.__bohnanza.S.view.you.hand")
        assert sum(c.startswith(other + " ") for c in got) >= 2, got
        assert_clean(pg, errors)


def test_rescue_cards_come_from_the_piles_picked_on_the_board(browser: Any,
                                                              server: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        # no cards dealt: every seat starts the first preparation with no hand and no bases (G23)
        _room(pg, server, "e2e-farm-rescue-piles", ["/option param game.start_hand.count 0"])
        pg.wait_for_selector("#farm-draw", timeout=TIMEOUT)
        assert pg.locator("#farm-draw-pile1").count() == 1, "no pile to choose for the rescue"
        pg.select_option("#farm-draw-pile1", "L1 fruit")
        pg.select_option("#farm-draw-pile2", "L1 leaf")
        pg.click("#farm-draw")
        pg.wait_for_function("window.__bohnanza.S.view.you.hand.length === 2", timeout=TIMEOUT)
        # the bot draws its own rescue cards too, so the hand says which piles Ann's came from
        got = sorted(c.split(" ")[1] for c in pg.evaluate("window.__bohnanza.S.view.you.hand"))
        assert got == ["fruit", "leaf"], got
        assert_clean(pg, errors)


def test_the_pile_choice_offers_what_the_engine_names(browser: Any, server: str) -> None:
    """The choices are the engine's (you.rescue_draw: docs/farm.md), in its order, named as
    the piles are: with piles by level only (G2) the one pile reads "L1" (the board's own
    reckoning wrote "L1 undefined")."""
    with watched_page(browser, **LAPTOP) as (pg, errors):
        _room(pg, server, "e2e-farm-level-piles", ["/option param game.start_hand.count 0",
                                                   "/option param piles.mode level"])
        pg.wait_for_selector("#farm-draw-pile1", timeout=TIMEOUT)
        hint = pg.evaluate("window.__bohnanza.S.view.you.rescue_draw")
        assert [p["pile"] for p in hint["piles"]] == ["L1"]
        for k in (1, 2):
            options = pg.locator(f"#farm-draw-pile{k} option")
            assert options.all_inner_texts() == ["L1"]
        pg.click("#farm-draw")
        pg.wait_for_function("window.__bohnanza.S.view.you.hand.length === 2", timeout=TIMEOUT)
        assert_clean(pg, errors)


def test_ship_names_the_engines_piles_after_a_shipment_empties_one(browser: Any,
                                                                   server: str) -> None:
    """Two L1 root bases, 3 cards on the L1 root pile, its discards not reshuffled (G5):
    shipping the first takes 2 of them, so the second's cards come from L1 root and L1 leaf
    (the engine's default, D5). The board kept the piles it had drawn before the shipment
    (L1 root twice), which the player never chose, and its Ship was refused (empty_pile, G5:
    trial user12, in cycle 3 of a whole game)."""
    root = [f"L1 root {a}+{b}" for a in ("shape", "color", "size", "weight", "nutrition",
                                           "flavor", "texture", "aroma") for b in (1, 2)]
    pos = {"params": {"piles": {"reshuffle": "never"}}, "phase": "harvest", "cycle": 1,
           "turn": 1, "order_stack": [], "harvest_order": [1, 0], "active": 0,
           "seats": [{"name": "Ann", "hand": [], "grades": {"field": 2}, "order_card": 2,
                      "done": True, "field": [{"base": root[0], "synth": [], "planted": 1},
                                              {"base": root[1], "synth": [], "planted": 1}]},
                     {"name": "Bob", "hand": [], "order_card": 1, "done": True}],
           "piles": {"L1 root": root[2:5], "L1 leaf": ["L1 leaf shape+1", "L1 leaf size+1"]},
           "discards": {"L1 root": root[5:]}}
    g = FarmGame.from_position(prepare(pos))
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0))
        pg.wait_for_selector("#farm-ship-2-pile2")
        assert pg.input_value("#farm-ship-2-pile2") == "L1 root"
        g.apply(0, Ship(1))   # the server's next state: L1 root holds 1 card
        assert g.view(0)["you"]["ship_draws"]["2"]["default"] == ["L1 root", "L1 leaf"]
        pg.evaluate("m => window.__bohnanza.push(m)", P.farm_state(g, 0))
        pg.wait_for_function("!document.querySelector('#farm-ship-1')")
        assert [pg.input_value(f"#farm-ship-2-pile{k}") for k in (1, 2)] == ["L1 root",
                                                                           "L1 leaf"]
        pg.click("#farm-ship-2")
        pg.wait_for_function("window.__bohnanza.sent.length > 0")
        sent = pg.evaluate("window.__bohnanza.sent")
        assert sent[-1].endswith("/ship b2 for L1 root, L1 leaf"), sent
        assert_clean(pg, errors)
