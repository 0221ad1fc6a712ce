"""What may differ in the views, kept per what changed (servercpu12, issue 14):
``view.changes_of`` keeps its answer for each set of changes, active player, phase 2 or not
and number of seats (what it reads), instead of making its sets anew at every command. Over
random play in every preset, with and without hidden money: after every command, the
answer given equals the one made afresh (``view._changes``) for the same changes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.engine import Game
from bohnanza.engine import view as views

from .test_invariants import SETUPS, play_checked


class _Watch:
    def __init__(self) -> None:
        self.compared = 0
        self.kinds: set[tuple[int, bool]] = set()  # (active, in phase 2) of those

    def __call__(self, g: Game, before: Any, events: Any, total: Any) -> None:
        changed = g.take_changes()
        if not changed:
            return
        told = views.changes_of(g, set(changed))
        fresh = views._changes(g, set(changed))
        if len(changed) == 1 and next(iter(changed))[0] == "marks":
            return  # one seat's markers: their own answer (test_view_seen.py)
        assert told == fresh, (changed, g.active, g.phase)
        self.compared += 1
        self.kinds.add((g.active, g.phase == "trade"))


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s[0]}-{s[1]}")
def test_the_answer_kept_is_the_answer_made_afresh(setup: tuple[str, int],
                                                   hidden: bool) -> None:
    preset, n = setup
    watch = _Watch()
    rnd = random.Random(f"told:{preset}:{n}:{hidden}")
    play_checked(preset, n, rnd, hidden, max_steps=800, check=watch)
    if n > 2:  # the duel tells nothing (every change is anything)
        assert watch.compared > 0 and len(watch.kinds) > 1
