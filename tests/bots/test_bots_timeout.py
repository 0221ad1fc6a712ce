"""The smallest legal move on a clock's expiry (issue 13): accepted by the engine, ending the
decision the table waits for, in every preset and player count and the duel."""

from __future__ import annotations

import pytest

from bohnanza.bots.timeout import timeout_move
from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game
from bohnanza.engine.presets import PLAYER_RANGE

CONFIGS = [(preset, n) for preset, (low, high) in sorted(PLAYER_RANGE.items())
           for n in range(low, high + 1)]


def _apply(g: Game, seat: int, text: str) -> None:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand)
    g.apply(seat, cmd.action)


@pytest.mark.parametrize(("preset", "n"), CONFIGS)
def test_a_game_of_timeouts_only_ends(preset: str, n: int) -> None:
    """Every decision left to the clock: every move is accepted, none buys or trades, and
    the game reaches its end (R37)."""
    g = Game.new(preset, [f"P{i}" for i in range(n)], 40 + n)
    moves = 0
    while not g.over:
        acted = False
        for seat in range(n):
            text = timeout_move(g.view(seat))
            if text is None:
                continue
            assert text.split()[0] not in ("/buy", "/offer", "/accept", "/withdraw")
            _apply(g, seat, text)
            moves += 1
            acted = True
            if g.over:
                break
        assert acted, f"nobody owed a move in phase {g.phase}"
        assert moves < 5000
    assert g.exhaustions == g.rules.passes_limit


def test_phase1_forced_harvest_takes_the_field_paying_most() -> None:
    # front card chili fits no field; blue×6 pays 2, soy×2 pays 1 (§1c): harvest 1 (R15)
    g = Game.from_position({"deck": ["red"] * 9, "seats": [
        {"hand": ["chili", "red"], "fields": [["blue", 6], ["soy", 2]]}, {}, {}]})
    assert timeout_move(g.view(0)) == "/harvest 1"
    _apply(g, 0, "/harvest 1")
    assert timeout_move(g.view(0)) == "/plant 1"
    _apply(g, 0, "/plant 1")
    assert timeout_move(g.view(0)) == "/done"      # no optional second card (R26)
    assert timeout_move(g.view(1)) is None         # nothing owed by the others


def test_provide_takes_the_first_fitting_cards() -> None:
    g = Game.from_position({"phase": "trade", "face_up": ["red"], "seats": [
        {"hand": ["soy"]}, {"hand": ["blue", "red", "blue"]}, {}],
        "offers": [{"id": 1, "owner": 1, "give": {"blue": 1}, "want": {"red": 1}}]})
    _apply(g, 0, "/accept 1")
    # the active player had one way (u1) and provided at once; P1 has two blues
    assert timeout_move(g.view(1)) == "/provide h1"
    assert timeout_move(g.view(0)) is None         # waiting for P1, not its decision
    _apply(g, 1, "/provide h1")
    assert g.seats[1].hand == ["red", "blue"] and g.seats[0].to_plant == ["blue"]
    assert timeout_move(g.view(0)) == "/done"      # end trading (R32)


def test_duel_steps() -> None:
    """Step 1: an offer card joins a field of its bean, else it is discarded; step 3 ends at
    once (rules.md §3a)."""
    g = Game.from_position({
        "preset": "rio-grande", "active": 1, "phase": "plant_offer",
        "face_up": ["soy", "red"], "deck": ["blue"] * 9,
        "seats": [{"hand": ["wax"]}, {"hand": ["green", "green"],
                                      "fields": [["soy", 2], None]}]})
    assert timeout_move(g.view(1)) == "/plant u1 1"
    _apply(g, 1, "/plant u1 1")
    assert timeout_move(g.view(1)) == "/discard u1"   # red: only the empty field would take it
    _apply(g, 1, "/discard u1")
    assert g.phase == "plant" and timeout_move(g.view(1)) == "/plant 2"
    _apply(g, 1, "/plant 2")
    assert timeout_move(g.view(1)) == "/done"
    _apply(g, 1, "/done")
    assert g.phase == "plant_revealed" and timeout_move(g.view(1)) == "/done"
    assert timeout_move(g.view(0)) is None
