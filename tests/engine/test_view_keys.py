"""The shared part of the views diffed over the keys that may differ alone (servercpu11,
issue 14): ``view.changes_of`` names them (``Changes.keys``: the keys of ``public`` not in
``same``, in the order ``public`` builds them) and ``room.states.diff_keys`` diffs those keys
alone, with the same operations as ``delta.diff_texts`` over the whole part with the other
keys ``same``. Over random play in every preset, with and without hidden money; a marker
alone moving is told as before (``Changes`` of one seat's markers)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.engine import Game
from bohnanza.engine import view as views
from bohnanza.server import delta
from bohnanza.server.room.states import diff_keys

from .test_invariants import SETUPS, play_checked


class _Watch:
    def __init__(self) -> None:
        self.texts: delta.Texts | None = None
        self.game: Game | None = None
        self.diffed = 0  # changes whose shared part was diffed over ``keys``
        self.ops = 0  # operations they gave

    def __call__(self, g: Game, before: Any, events: Any, total: Any) -> None:
        told = g.view_changes()
        base = views.public(g, copy=False)
        if g is not self.game or self.texts is None or told is None:
            self.game = g
            self.texts = delta.texts_of(base)
            return
        if not told.base:
            assert told.keys == ()
            return
        assert told.keys == tuple(k for k in base if k not in told.same)
        whole = dict(self.texts)
        out_whole: list[str] = []
        delta.diff_texts(whole, base, "/view", out_whole, told.same | {"seats"})
        some = dict(self.texts)
        out_some: list[str] = []
        diff_keys(some, base, told.keys, out_some)
        assert out_some == out_whole
        assert {k: v for k, v in some.items() if k != "seats"} == \
            {k: v for k, v in whole.items() if k != "seats"}
        self.diffed += 1
        self.ops += len(out_some)
        self.texts = delta.texts_of(base)


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s[0]}-{s[1]}")
def test_the_keys_that_may_differ_give_the_operations_of_the_whole_part(
        setup: tuple[str, int], hidden: bool) -> None:
    preset, n = setup
    watch = _Watch()
    rnd = random.Random(f"keys:{preset}:{n}:{hidden}")
    play_checked(preset, n, rnd, hidden, max_steps=800, check=watch)
    if n > 2:  # the duel tells nothing (every change is anything)
        assert watch.diffed > 0 and watch.ops > 0


def test_one_seats_markers_are_told_as_before() -> None:
    g = Game.new("classic", ["A", "B", "C"], 3)
    assert g.view_changes() is None
    from bohnanza.engine.actions import Signal
    g.apply(1, Signal("want", "blue"))
    m = frozenset({1})
    seen = None if g.active == 1 else frozenset({1, g.active})  # who sees them (servercpu12)
    assert g.view_changes() == views.Changes(False, frozenset(), m, m, None, frozenset(), m, (),
                                             seen)
    g.apply(1, Signal("have", "red"))
    g.apply(2, Signal("have", "red"))
    told = g.view_changes()
    assert told is not None and told.marks == {1, 2} and told.you == {1, 2}
