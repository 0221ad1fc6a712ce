"""``clock.mark_owed`` with a room's ``OwedMemo`` (issue 14: a command that changes no
decision leaves the seats alone) marks every seat as it does without one, and
``Journal.checkpoint_due`` says what its docstring says."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bohnanza.bots import get_policy
from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Refusal
from bohnanza.server.room.clock import OwedMemo, mark_owed
from bohnanza.server.room.journal import Journal
from bohnanza.server.room.table import Seat, Table
from bohnanza.server.settings import Settings

FIELDS = ("owed", "owed_since", "owed_mono", "deadline", "stalling", "idle", "bot")


def _table(seed: int, n: int) -> Table:
    t = Table()
    t.seats = [Seat(name=f"P{i + 1}", token_hash="h") for i in range(n)]
    t.game = t.hosted.new(t.game_options(), [s.name for s in t.seats], seed)
    return t


def _marks(t: Table) -> list[tuple[Any, ...]]:
    return [tuple(getattr(s, f) for f in FIELDS) for s in t.seats]


def _poke(rng: random.Random, tables: list[Table]) -> None:
    """The same write, by someone else than mark_owed, to every table's seats or clock."""
    what = rng.randrange(9)
    i = rng.randrange(len(tables[0].seats))
    value = rng.choice([None, 5.0, 7.5])
    for t in tables:
        s = t.seats[i]
        if what == 0:
            s.idle = True
        elif what == 1:
            s.stalling = True
        elif what == 2:
            s.deadline = value  # the clock's timeout sets None, a restore a stored value
        elif what == 3:
            s.bot = None if s.bot else "greedy"
        elif what == 4:
            t.clock = value
        elif what == 5:
            s.owed = s.owed_since = s.owed_mono = None
        elif what == 6:  # a new seat object, as a take-over makes
            t.seats[i] = Seat(name=s.name, token_hash="h")
        # else: nothing (most commands)


def _apply_both(plain: Table, memoed: Table, seat: int, text: str | None) -> None:
    """The same command (``None``: none) applied to both tables' games, when legal."""
    if text is None:
        return
    cmd = parse(text)
    assert isinstance(cmd, GameCommand)
    assert plain.game is not None and memoed.game is not None
    try:
        plain.game.apply(seat, cmd.action)
    except Refusal:
        return
    memoed.game.apply(seat, cmd.action)


def _steps(rng: random.Random, plain: Table, memoed: Table, steps: int, poke: float,
           text_of: Callable[[Any, int], str | None]) -> Iterator[int]:
    """Up to ``steps`` random steps of both tables' game, each step's number yielded once it
    is taken: with chance ``poke`` the same outside write to both (``_poke``), then a random
    seat's command ``text_of(game, seat)`` applied to both; ends with the game."""
    n = len(plain.seats)
    for step in range(steps):
        game = plain.game
        assert game is not None and memoed.game is not None
        if game.over:
            return
        if rng.random() < poke:
            _poke(rng, [plain, memoed])
        seat = rng.randrange(n)
        _apply_both(plain, memoed, seat, text_of(game, seat))
        yield step


@pytest.mark.parametrize("seed", range(6))
def test_mark_owed_with_a_memo_marks_as_without(seed: int) -> None:
    rng = random.Random(seed)
    n = 3 + seed % 3
    plain, memoed = _table(seed, n), _table(seed, n)
    memo = OwedMemo()
    policy = get_policy("random")
    skipped = 0
    for step in _steps(rng, plain, memoed, 400, 0.3,
                       lambda game, seat: policy.decide(game.view(seat), rng, hurry=True)):
        now, mono = 1000.0 + step, 50.0 + step
        marks = _marks(memoed)
        mark_owed(plain, now, mono)
        mark_owed(memoed, now, mono, memo)
        skipped += _marks(memoed) == marks
        assert _marks(memoed) == _marks(plain), step
    assert skipped > 0  # the memo was used


def test_checkpoint_due_is_its_rule() -> None:
    """A game command alone (not a checkpoint) while the game runs, of a seat, after a stored
    checkpoint of this game, within ``checkpoint_every``, with no clock and no deadline."""
    settings = Settings(checkpoint_every=3)
    t = _table(1, 3)

    class Queue:
        pass

    j = Journal("r", Queue(), settings, t)  # type: ignore[arg-type]
    j.persisted = True
    j.saved = {**j.saved, "game": "{}", "game_no": t.game_no}
    assert not j.checkpoint_due(t, (0, "/done"), True)
    assert j.checkpoint_due(t, (0, "/done"), False)  # a room command
    assert j.checkpoint_due(t, None, True)
    assert j.checkpoint_due(t, (None, "/done"), True)
    j.tail = [(0, "/done")]
    assert not j.checkpoint_due(t, (0, "/done"), True)
    j.tail_before = 1  # the third since the checkpoint
    assert j.checkpoint_due(t, (0, "/done"), True)
    j.tail, j.tail_before = [], 0
    t.seats[2].deadline = 5.0
    assert j.checkpoint_due(t, (0, "/done"), True)
    t.seats[2].deadline = None
    t.clock = 60.0
    assert j.checkpoint_due(t, (0, "/done"), True)
    t.clock = None
    j.saved = {**j.saved, "game_no": t.game_no - 1}
    assert j.checkpoint_due(t, (0, "/done"), True)
    j.saved = {**j.saved, "game_no": t.game_no, "game": None}
    assert j.checkpoint_due(t, (0, "/done"), True)
    j.saved = {**j.saved, "game": "{}"}
    j.persisted = False
    assert j.checkpoint_due(t, (0, "/done"), True)
    j.persisted = True
    assert t.game is not None
    t.game.phase = "over"
    assert j.checkpoint_due(t, (0, "/done"), True)
