"""The views' stamps (issue 14, server CPU): ``view.stamp`` copies what the views are built
from and ``view.changes`` tells what may differ between two stamps, so the server rebuilds and
diffs only that. Over random play in every preset and player count, the bean duel and hidden
money: after every accepted command, each part ``changes`` says cannot differ is the same in
the full views (built whole, for every seat and a spectator) before and after it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.engine import Game
from bohnanza.engine import view as views

from .test_invariants import SETUPS, play_checked

OWN = ("signals", "you")


class _Watch:
    """The check after each command: the views and stamps before and after it."""

    def __init__(self) -> None:
        self.views: dict[Any, Any] | None = None
        self.stamp: Any = None
        self.partial = 0  # changes that left a part unbuilt
        self.kept_you = 0  # seats whose ``you`` was left unbuilt

    def __call__(self, g: Game, before: Any, events: Any, total: Any) -> None:
        viewers: list[int | None] = [None, *range(len(g.seats))]
        now = g.views(viewers)
        stamp = views.stamp(g)
        if self.views is not None:
            ch = views.changes(self.stamp, stamp)
            if ch is not None:
                for v in viewers:
                    old, new = self.views[v], now[v]
                    if not ch.base:
                        assert {k: x for k, x in old.items() if k not in OWN} == \
                            {k: x for k, x in new.items() if k not in OWN}, v
                        self.partial += 1
                    for k in ch.same:
                        assert old.get(k) == new.get(k), (k, v)
                    if not ch.signals:
                        assert old["signals"] == new["signals"], v
                    if v is not None and v not in ch.you:
                        assert old["you"] == new["you"], v
                        self.kept_you += 1
        self.views, self.stamp = now, stamp


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("setup", [*SETUPS, ("rio-grande", 2)],
                         ids=lambda s: f"{s[0]}-{s[1]}")
def test_what_the_stamps_call_unchanged_is_unchanged(setup: tuple[str, int],
                                                     hidden: bool) -> None:
    preset, n = setup
    watch = _Watch()
    rnd = random.Random(f"{preset}:{n}:{hidden}")
    for _ in range(2):
        watch.views = None
        play_checked(preset, n, rnd, hidden, max_steps=1500, check=watch)
    assert watch.kept_you > 0  # the stamps spared some work
    if n > 2:  # (no markers in the duel: no trading)
        assert watch.partial > 0


def test_the_stamp_shares_nothing_with_the_game() -> None:
    g = Game.new("classic", ["A", "B", "C"], 3)
    before = views.stamp(g)
    g.seats[0].hand.append("blue")
    g.seats[1].want.append("red")
    g.face_up.append("soy")
    after = views.stamp(g)
    assert before != after
    ch = views.changes(before, after)
    assert ch is not None and ch.base and ch.signals and 0 in ch.you and 1 in ch.you
