"""Bot games in the engine, fast path against the wire path (issue 15, simulation at scale).

The fast path of ``play_game`` (a ``QuietGame``, borrowed views, ``random`` choosing from
the game itself, the action a ``BotCommand`` carries, greedy's shared tables and the parts it
reads from the game) must play exactly the commands of the server's way (views from
``Game.view``, text parsed by ``apply_text``, every greedy decision from fresh tables):
the same views, the same commands, the same results, so ``simulate``'s figures for a seed do
not depend on the path.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bohnanza.bots import get_policy
from bohnanza.bots.common import BotCommand
from bohnanza.bots.fastview import Table, lazy_view
from bohnanza.bots.greedy import GreedyPolicy
from bohnanza.bots.simulate import play_game, run
from bohnanza.commands import GameCommand, apply_text, parse
from bohnanza.engine import Game

GAMES = [
    ("classic", ("greedy", "random", "random", "random"), 11, None),
    ("classic", ("greedy", "greedy", "greedy"), 12, {"hidden_money": True}),
    ("amigo", ("normal", "greedy", "random", "easy", "random"), 13, None),
    ("rio-grande", ("greedy", "random"), 14, None),
    ("rio-grande", ("greedy", "greedy"), 15, {"duel_base": "3fields"}),
    ("rio-grande", ("random", "greedy", "random", "normal", "random", "greedy"), 16, None),
    ("classic", ("random", "greedy", "random", "random"), 17, {"hidden_money": True}),
    ("amigo", ("random", "random", "random"), 18, None),
]


def _play(preset: str, names: tuple[str, ...], seed: int, options: dict[str, Any] | None,
          wire: bool) -> tuple[list[tuple[int, dict[str, Any], str]], Any]:
    seen: list[tuple[int, dict[str, Any], str]] = []
    pols = [get_policy(p) for p in names]
    if wire:
        for p in pols:
            if isinstance(p, GreedyPolicy):
                p.memo = None       # every decision from fresh tables

    def note(seat: int, view: dict[str, Any], text: str) -> None:
        if not wire:
            assert isinstance(text, BotCommand)
            assert parse(text) == GameCommand(text.action), text
        seen.append((seat, copy.deepcopy(view), str(text)))

    out = play_game(preset, pols, seed, on_command=note, options=options, wire=wire)
    return seen, out


@pytest.mark.parametrize(("preset", "names", "seed", "options"), GAMES)
def test_fast_path_plays_the_wire_commands(preset: str, names: tuple[str, ...], seed: int,
                                           options: dict[str, Any] | None) -> None:
    fast, out_fast = _play(preset, names, seed, options, wire=False)
    slow, out_slow = _play(preset, names, seed, options, wire=True)
    assert len(fast) == len(slow) and len(fast) > 50
    for k, (a, b) in enumerate(zip(fast, slow, strict=True)):
        assert a[0] == b[0] and a[2] == b[2], (k, a[0], a[2], b[0], b[2])
        assert a[1] == b[1], k      # the borrowed view says what Game.view says
    assert not out_fast.stalled and not out_fast.refusals
    assert (out_fast.scores, out_fast.winners, out_fast.steps) == \
        (out_slow.scores, out_slow.winners, out_slow.steps)


def test_greedy_memo_is_bounded() -> None:
    memo = GreedyPolicy().memo
    assert memo is not None
    for k in range(memo.KEEP + 3):
        memo.tables((k,))
    assert len(memo._tables) == memo.KEEP
    assert memo.tables((memo.KEEP + 2,)) is memo.tables((memo.KEEP + 2,))


def test_simulate_figures_do_not_depend_on_jobs() -> None:
    one = run("classic", 4, 4, ["greedy", "random"], 5)
    two = run("classic", 4, 4, ["greedy", "random"], 5, jobs=2)
    assert one.lines()[:-1] == two.lines()[:-1]


@pytest.mark.parametrize(("preset", "names", "seed", "options"), [
    ("classic", ("greedy", "random", "random", "random"), 21, {"hidden_money": True}),
    ("amigo", ("random", "greedy", "random"), 22, None),
    ("rio-grande", ("greedy", "random"), 23, {"duel_base": "3fields"}),
])
def test_lazy_view_is_every_seats_view(preset: str, names: tuple[str, ...], seed: int,
                                       options: dict[str, Any] | None) -> None:
    """Before every command of a whole game, every seat's lazy view holds what
    ``Game.view`` says, key by key, whether its table is built afresh or from the last."""
    played: list[tuple[int, str]] = []
    play_game(preset, [get_policy(p) for p in names], seed, options=options, wire=True,
              on_command=lambda seat, view, text: played.append((seat, str(text))))
    game = Game.new(preset, [f"{p.name}-{i + 1}" for i, p in
                             enumerate(get_policy(n) for n in names)], seed, options)
    last = None
    for seat, text in [*played, (-1, "")]:
        fresh, carried = Table.of(game), Table.of(game, last)
        for s in range(len(names)):
            want = game.view(s)
            assert copy.deepcopy(lazy_view(fresh, s)) == want, (text, s)
            assert copy.deepcopy(lazy_view(carried, s)) == want
            view = lazy_view(fresh, s)
            assert view.get("history", "none") == want.get("history", "none")
            assert view.get("no such key") is None
        last = carried
        if seat >= 0:
            apply_text(game, seat, text)
    assert game.over and len(played) > 50       # the last views checked: the game's end
