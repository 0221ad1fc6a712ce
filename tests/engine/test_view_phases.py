"""A new phase or turn tells what it moved (issue 14, server CPU): ``Game.apply`` reports the
keys and seats a phase boundary moves (``"phase"``, ``"turn"``, ``"history"``, the active
seat as it was, the seats that plant in phase 3) instead of anything (``None``), so the room
builds and diffs those alone. Over random play in every preset and player count, with and
without hidden money: after every command that began a new phase or turn the change is told
(unless the draw pile ran out, R35-R38, or the game ended: then anything), and the views built
from what was told (``test_view_changes``' check: the parts built anew laid over the views of
the command before) equal the views built whole for every seat and a spectator."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.engine import Game, RuleError

from .randplay import sensible_action
from .test_invariants import SETUPS, play_checked
from .test_view_changes import _Watch


class _Phases(_Watch):
    """``_Watch``, counting the new phases and turns and whether each was told."""

    def __init__(self) -> None:
        super().__init__()
        self.at: tuple[Any, ...] | None = None
        self.told = 0  # new phases or turns told (not anything)
        self.turns = 0  # of them, new turns
        self.anything = 0  # new phases or turns told as anything

    def __call__(self, g: Game, before: Any, events: Any, total: Any) -> None:
        at = (g, g.phase, g.turn)
        if self.views is not None and self.at is not None and at[0] is self.at[0] \
                and at != self.at:
            kinds = {e[0] for e in events}
            changed = g.changed
            if g.rules.duel or g.phase == "over" or kinds & {"reshuffle", "exhaustion"}:
                assert changed is None  # the duel, the draw pile run out, the end: anything
                self.anything += 1
            else:
                assert changed is not None and "phase" in changed, (kinds, g.phase)
                self.told += 1
                if g.turn != self.at[2]:
                    assert "turn" in changed
                    self.turns += 1
        self.at = at
        super().__call__(g, before, events, total)


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("setup", [*SETUPS, ("rio-grande", 2)],
                         ids=lambda s: f"{s[0]}-{s[1]}")
def test_a_new_phase_or_turn_is_told_and_the_views_built_from_it_are_whole(
        setup: tuple[str, int], hidden: bool) -> None:
    preset, n = setup
    watch = _Phases()
    rnd = random.Random(f"phases:{preset}:{n}:{hidden}")
    for _ in range(2):
        watch.views = None
        play_checked(preset, n, rnd, hidden, max_steps=1500, check=watch)
    if n > 2:
        assert watch.told > 10 and watch.turns > 3
    else:  # the duel tells nothing (every change is anything)
        assert watch.told == 0 and watch.anything > 0


def test_a_new_turn_tells_the_history_unless_the_coins_are_hidden() -> None:
    for hidden in (False, True):
        g = Game.new("classic", ["A", "B", "C"], 7, {"hidden_money": hidden})
        rnd = random.Random(7)
        g.view_changes()  # from now on the changes are kept
        turns = 0
        while turns < 3:
            turn, phase, active = g.turn, g.phase, g.active
            try:
                g.apply(*sensible_action(g, rnd))
            except RuleError:
                continue
            changed = g.changed
            assert changed is not None
            if g.turn != turn:
                turns += 1
                assert "phase" in changed and "turn" in changed
                assert ("history" in changed) is not hidden  # R42: no history shown
                assert ("seat", active) in changed  # the hand drawn (R34)
            elif g.phase != phase:
                assert "phase" in changed and "turn" not in changed
            else:
                assert "phase" not in changed
            g.view_changes()
