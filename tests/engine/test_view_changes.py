"""What changed, as the engine tells it (issue 14, server CPU): ``Game.take_changes`` names
what the actions changed since it was last asked and ``view.changes_of`` which parts of the
views that may move, so the server builds and diffs only those. Over random play in every
preset and player count, the bean duel and hidden money: after every accepted command, the
views built from the reported changes (the parts built anew laid over the views of the
command before; a seat's ``you`` may come as its market part alone, taken again from the
memo when what it is built from did not change) equal the views built whole, for every seat
and a spectator."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.engine import Game
from bohnanza.engine import view as views

from .test_invariants import SETUPS, play_checked

_BUT_OFFERS = frozenset({"seats", "deal", "waiting", "history"})


class _Watch:
    """The check after each command: the views kept up to date from the reported changes
    against the views built whole."""

    def __init__(self) -> None:
        self.views: dict[Any, dict[str, Any]] | None = None
        self.kept_base = 0  # changes that left the shared part unbuilt
        self.kept_keys = 0  # keys of the shared part left unbuilt
        self.kept_you = 0  # seats whose ``you`` was left unbuilt
        self.whole = 0  # changes reported as anything
        self.kept_entries = 0  # entries of ``seats`` left unbuilt
        self.kept_cards = 0  # seats whose ``you`` was built but for its cards part
        self.game: Game | None = None
        self.memo = views.MarketMemo()  # the seats' market parts, as the server keeps them
        self.memo_parts = 0  # market parts the memo gave again
        self.kept_signals = 0  # markers left unbuilt
        self.kept_marks = 0  # seats whose ``you`` was its markers alone

    def __call__(self, g: Game, before: Any, events: Any, total: Any) -> None:
        viewers: list[int | None] = [None, *range(len(g.seats))]
        told = g.view_changes()
        whole = g.views(viewers)
        if g is not self.game:  # one memo per game
            self.game, self.memo = g, views.MarketMemo()
        if self.views is None or told is None:
            self.whole += 1
            self.views = whole
            return
        # the shared offers as the server builds them (the engine's own lists, entries kept
        # in the memo) are those of the whole views
        offers = views.public(g, False, _BUT_OFFERS, memo=self.memo)["offers"]
        assert offers == whole[None]["offers"]
        kept = {s: p for s, (_, p) in self.memo.parts.items()}
        base, own = views.build_parts(g, viewers, copy=True, changes=told, memo=self.memo)
        if not told.base:
            assert base == {}
            self.kept_base += 1
        else:  # the keys left out (``view.public_keys``: those that may differ alone)
            self.kept_keys += len(set(whole[None]) - set(base) - {"signals", "you"})
        mine: dict[Any, dict[str, Any]] = {}
        for v in viewers:
            now = dict(self.views[v])
            for k, x in base.items():
                if x is views.SKIPPED or k in told.same:  # not compared by the room either
                    self.kept_keys += 1
                elif k == "seats" and type(x) is dict:  # the entries of some seats
                    now[k] = [x.get(i, e) for i, e in enumerate(now[k])]
                    self.kept_entries += len(now[k]) - len(x)
                else:
                    now[k] = x
            if own[v]["signals"] is views.SKIPPED:  # no marker moved: not built
                self.kept_signals += 1
            else:
                now["signals"] = own[v]["signals"]
            you = own[v]["you"]
            if v is not None and kept.get(v) is not None and kept[v] is (
                    you.market if type(you) is views.You else you):
                self.memo_parts += 1
            if you is views.SKIPPED:
                self.kept_you += 1
            elif type(you) is views.YouMarket:  # its market part alone, laid over
                assert set(you) < set(now["you"]), v
                now["you"] = {**now["you"], **you}
                self.kept_cards += 1
            elif type(you) is views.YouSignals:  # its markers alone, laid over
                assert set(you) == {"signals"}, v
                now["you"] = {**now["you"], **you}
                self.kept_marks += 1
            else:
                now["you"] = you
            assert now == whole[v], (v, told, [k for k in whole[v] if now.get(k) != whole[v][k]])
            mine[v] = now
        self.views = mine


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("setup", [*SETUPS, ("rio-grande", 2)],
                         ids=lambda s: f"{s[0]}-{s[1]}")
def test_views_built_from_what_changed_are_the_whole_views(setup: tuple[str, int],
                                                            hidden: bool) -> None:
    preset, n = setup
    watch = _Watch()
    rnd = random.Random(f"{preset}:{n}:{hidden}")
    for _ in range(2):
        watch.views = None
        play_checked(preset, n, rnd, hidden, max_steps=1500, check=watch)
    if n > 2:  # the duel tells nothing (every change is anything); no markers there
        assert watch.kept_you > 0 and watch.kept_base > 0 and watch.kept_keys > 0
        assert watch.kept_entries > 0 and watch.kept_cards > 0 and watch.memo_parts > 0
        assert watch.kept_signals > 0 and watch.kept_marks > 0
    else:
        assert watch.kept_you == watch.kept_base == watch.kept_cards == 0


def test_nothing_is_kept_until_asked_and_a_new_name_is_anything() -> None:
    g = Game.new("classic", ["A", "B", "C"], 3)
    assert g.changed is None
    g.apply(1, views_signal("want", "blue"))
    assert g.changed is None  # nobody asked: nothing kept (bots' copies pay nothing)
    assert g.view_changes() is None  # the first answer: anything
    assert g.view_changes() == views.Changes(False, frozenset(), False, frozenset())
    g.apply(1, views_signal("have", "red"))
    told = g.view_changes()
    assert told is not None and not told.base and told.signals and told.you == {1}
    assert told.market == frozenset()  # a marker moves no offer hint
    g.rename_seat(2, "Bot")
    assert g.view_changes() is None


def views_signal(kind: str, bean: str) -> Any:
    from bohnanza.engine.actions import Signal
    return Signal(kind, bean)
