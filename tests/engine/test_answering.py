"""Who may still answer in phase 2 (``HostedGame.answering``, R28-R32): the narrow question
the server's bot driver asks after every change (issue 14: instead of building a whole view
for nobody). Over random play in every preset and player count and the duel, after every
accepted command it says what the view for nobody shows: outside phase 2 nothing; in phase 2
the active player, whether a deal is pending, and every seat that has not passed plus each
party of the pending deal that has not provided its cards (R31)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.engine import Game
from bohnanza.engine.actions import Done, Plant
from bohnanza.games import TableGame

from .test_invariants import SETUPS, play_checked

BOHNANZA = TableGame.get("bohnanza")


class _Watch:
    def __init__(self) -> None:
        self.trading = 0
        self.deals = 0
        self.passed = 0

    def __call__(self, g: Game, before: Any, events: Any, total: Any) -> None:
        view = g.view(None)
        a = BOHNANZA.answering(g)
        if view["phase"] != "trade":
            assert a is None
            return
        assert a is not None
        self.trading += 1
        deal = view["deal"]
        seats = {i for i, s in enumerate(view["seats"]) if not s["passed"]}
        if deal is not None:
            self.deals += 1
            seats |= {int(k) for k, done in deal["provided"].items() if not done}
        self.passed += len(seats) < len(view["seats"])
        assert a.active == view["active"]
        assert a.deal == (deal is not None)
        assert a.seats == frozenset(seats)


@pytest.mark.parametrize("setup", [*SETUPS, ("rio-grande", 2)],
                         ids=lambda s: f"{s[0]}-{s[1]}")
def test_answering_says_what_the_view_shows(setup: tuple[str, int]) -> None:
    preset, n = setup
    watch = _Watch()
    rnd = random.Random(f"answering:{preset}:{n}")
    play_checked(preset, n, rnd, False, max_steps=1200, check=watch)
    if n > 2:  # the duel has no trading
        assert watch.trading > 0


def test_a_seat_that_passes_no_longer_answers() -> None:
    # R32: only the active player ends phase 2; another seat says it is done trading
    # (``/pass``, not interested) and is no longer waited for; the active player always is.
    g = Game.new("classic", ["A", "B", "C"], 7)
    a = g.active
    assert BOHNANZA.answering(g) is None  # phase 1: planting (R26)
    g.apply(a, Plant(g.plant_fields(a, g.seats[a].hand[0])[0]))
    g.apply(a, Done())  # one card planted: on to phase 2 (R27)
    assert g.phase == "trade"
    answering = BOHNANZA.answering(g)
    assert answering is not None
    assert answering.active == a and not answering.deal
    assert answering.seats == {0, 1, 2}
    other = (a + 1) % 3
    g.apply(other, Done())
    answering = BOHNANZA.answering(g)
    assert answering is not None and answering.seats == {0, 1, 2} - {other}


def test_the_farm_game_has_no_trading_to_answer() -> None:
    farm = TableGame.get("farm")
    game = farm.new({}, ["A", "B", "C"], 1)
    assert farm.answering(game) is None
