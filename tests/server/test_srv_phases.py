"""The room's frames across new phases and turns (issue 14, server CPU): since a phase
boundary tells what it moved (``Game.apply``), the room builds and diffs those parts alone.
Whole greedy games in every preset and player count not played by
``test_srv_delta.test_delta_connections_alone_hold_the_full_states`` (with hidden money or
without, the bean duel with it), under delta connections alone (every seat and two
spectators): after every change each connection's document is exactly the state a
full-state connection of its seat is sent (that test's check)."""

from __future__ import annotations

import pytest

from .test_srv_delta import test_delta_connections_alone_hold_the_full_states as _whole_game


@pytest.mark.parametrize(("preset", "players", "hidden"), [
    ("classic", 3, True), ("classic", 4, False), ("classic", 5, False),
    ("amigo", 3, True), ("amigo", 5, False),
    ("rio-grande", 3, False), ("rio-grande", 4, True), ("rio-grande", 5, False),
    ("rio-grande", 7, True), ("rio-grande", 2, True)])
def test_every_connection_holds_the_full_state_across_phases(preset: str, players: int,
                                                             hidden: bool) -> None:
    _whole_game(preset, players, hidden)
