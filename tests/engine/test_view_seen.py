"""Who sees one seat's markers move (servercpu12, issue 14): ``Changes.seen`` names the seats
whose views alone may differ, so the room neither builds nor diffs the others' own parts.
Seed 000 (rules.md): the active player sees the other seats' markers summed, everyone else
the active player's; a seat's own markers are in its ``you``. Over random play in every
preset, with and without hidden money: after every command that moved one seat's markers
alone, the views built whole (every seat and a spectator) differ from those before it only
for the seats ``seen`` names (all of them, spectators too, when it names none)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.engine import Game
from bohnanza.engine import view as views
from bohnanza.engine.actions import Signal

from .test_invariants import SETUPS, play_checked


class _Watch:
    def __init__(self) -> None:
        self.views: dict[Any, dict[str, Any]] | None = None
        self.game: Game | None = None
        self.by_others = 0  # another seat's markers: seen by it and the active player alone
        self.by_active = 0  # the active player's: seen by everyone
        self.moved = 0  # views that did differ

    def __call__(self, g: Game, before: Any, events: Any, total: Any) -> None:
        told = g.view_changes()
        viewers: list[int | None] = [None, *range(len(g.seats))]
        now = g.views(viewers)
        was, self.views = self.views, now
        if g is not self.game or was is None or told is None:
            self.game = g
            return
        if told.base or not told.marks:
            assert told.seen is None
            return
        differ = {v for v in viewers if now[v] != was[v]}
        self.moved += len(differ)
        if told.seen is None:
            (m,) = told.marks
            assert m == g.active
            self.by_active += 1
            return
        assert told.marks == told.you and len(told.marks) == 1
        (m,) = told.marks
        assert told.seen == {m, g.active} and m != g.active
        assert differ <= told.seen, (told, differ)
        self.by_others += 1


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s[0]}-{s[1]}")
def test_one_seats_markers_are_seen_by_it_and_the_active_player(
        setup: tuple[str, int], hidden: bool) -> None:
    preset, n = setup
    watch = _Watch()
    rnd = random.Random(f"seen:{preset}:{n}:{hidden}")
    play_checked(preset, n, rnd, hidden, max_steps=800, check=watch)
    if n > 2:  # the duel tells nothing (every change is anything)
        assert watch.by_others > 0 and watch.moved > 0


def test_the_active_players_markers_are_seen_by_everyone() -> None:
    g = Game.new("classic", ["A", "B", "C"], 3)
    assert g.view_changes() is None
    a = g.active
    other = (a + 1) % 3
    g.apply(other, Signal("want", "blue"))
    told = g.view_changes()
    assert told is not None and told.seen == {other, a}
    g.apply(a, Signal("have", "red"))
    told = g.view_changes()
    assert told is not None and told.marks == {a} and told.seen is None
    g.apply(other, Signal("have", "red"))
    g.apply((a + 2) % 3, Signal("have", "red"))  # two seats: anyone's (not told apart)
    told = g.view_changes()
    assert told is not None and told.seen is None
    assert views.changes_of(g, {("seat", 1)}) is not None
    assert views.changes_of(g, {("seat", 1)}).seen is None  # type: ignore[union-attr]
