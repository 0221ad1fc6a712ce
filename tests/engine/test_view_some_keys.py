"""The shared part built over the keys that may differ alone (servercpu12, issue 14):
``view.public_keys`` builds the keys ``Changes.keys`` names (the others never change within
a phase, and the room's copy diffs those keys alone), each with the value ``view.public``
gives it. Over random play in every preset, with and without hidden money (whose coins show
at the end), copied or not, with the seats' entries of ``Changes.seats`` alone, and the
offers' entries taken from a ``MarketMemo`` as the server does."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.engine import Game
from bohnanza.engine import view as views

from .test_invariants import SETUPS, play_checked


class _Watch:
    def __init__(self) -> None:
        self.game: Game | None = None
        self.memo = views.MarketMemo()
        self.built = 0  # changes whose shared part was built over ``keys``
        self.keys: set[str] = set()  # the keys seen built so

    def __call__(self, g: Game, before: Any, events: Any, total: Any) -> None:
        told = g.view_changes()
        if g is not self.game:
            self.game, self.memo = g, views.MarketMemo()
        if told is None or not told.base or not told.keys:
            views.public(g, False, memo=self.memo)  # the memo follows every change
            return
        for copy in (False, True):
            some = views.public_keys(g, told.keys, copy, told.seats)
            whole = views.public(g, copy, told.same, told.seats)
            assert list(some) == list(told.keys)
            assert some == {k: whole[k] for k in told.keys}, told
        some = views.public_keys(g, told.keys, False, told.seats, self.memo)
        assert some == {k: whole[k] for k in told.keys}
        if "offers" not in told.keys:
            views.public(g, False, memo=self.memo)
        self.built += 1
        self.keys.update(told.keys)


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s[0]}-{s[1]}")
def test_the_keys_that_may_differ_are_built_as_public_builds_them(
        setup: tuple[str, int], hidden: bool) -> None:
    preset, n = setup
    watch = _Watch()
    rnd = random.Random(f"some:{preset}:{n}:{hidden}")
    play_checked(preset, n, rnd, hidden, max_steps=800, check=watch)
    if n > 2:  # the duel tells nothing (every change is anything)
        assert watch.built > 0 and {"seats", "offers", "waiting"} <= watch.keys


def test_every_key_changes_of_may_name_has_a_builder() -> None:
    # the keys that never differ within a turn, nor with a new phase or turn (outside the
    # duel, the game going on, the draw pile lasting: else anything): always in ``same``
    kept = views._KEPT - views._PHASE_KEYS - views._TURN_KEYS - {"history"}
    assert set(views._SOME_KEYS) == set(views._PUBLIC_KEYS) - kept
