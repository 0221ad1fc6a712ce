"""``clock.mark_owed`` with a room's ``OwedMemo`` leaves the hosted game's ``owed`` unbuilt
when ``owed_kept`` says only markers moved since the views last asked what changed
(``Game.take_changes``, asked after every stored change as the room's frames do): the
seats are marked as a call without a memo marks them (issue 14)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.bots import get_policy
from bohnanza.games.bohnanza import BohnanzaHost
from bohnanza.server.room.clock import OwedMemo, mark_owed

from .test_srv_owed_memo import _marks, _steps, _table

MARKERS = ("/want red", "/have blue", "/want soy", "/have stink", "/signals clear")


@pytest.mark.parametrize("seed", range(8))
def test_owed_kept_after_markers_marks_as_without(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept_calls: list[bool] = []
    real = BohnanzaHost.owed_kept

    def counted(self: BohnanzaHost, game: Any) -> bool:
        out = real(self, game)
        kept_calls.append(out)
        return out

    monkeypatch.setattr(BohnanzaHost, "owed_kept", counted)
    rng = random.Random(seed)
    n = 3 + seed % 3
    plain, memoed = _table(seed, n), _table(seed, n)
    assert memoed.game is not None
    memoed.game.take_changes()  # the views asked once: changes are counted from now on
    memo = OwedMemo()
    policy = get_policy("random")
    def text_of(game: Any, seat: int) -> str | None:
        return (rng.choice(MARKERS) if rng.random() < 0.5
                else policy.decide(game.view(seat), rng, hurry=True))

    for step in _steps(rng, plain, memoed, 600, 0.2, text_of):
        now, mono = 1000.0 + step, 50.0 + step
        mark_owed(plain, now, mono)
        mark_owed(memoed, now, mono, memo)
        assert _marks(memoed) == _marks(plain), step
        if rng.random() < 0.8:  # the frames of the change asked (else: not yet, as a
            memoed.game.take_changes()  # change the room did not show: they pile up)
    assert any(kept_calls) and not all(kept_calls)  # both ways were taken
