"""Random play for the farm tests: bot moves that advance the game, mixed with arbitrary
(mostly illegal) actions from any seat, so that refusals are exercised too."""

from __future__ import annotations

import random
from typing import Any

from bohnanza.farm.engine import FACILITIES, FarmGame
from bohnanza.farm.engine.actions import (
    Adjust,
    Done,
    Draw,
    Enter,
    HandCard,
    PileRef,
    Plant,
    Ship,
    Synth,
    Transform,
    Upgrade,
)

CATS = ["root", "leaf", "fruit", "melon"]


def _hand(rnd: random.Random, g: FarmGame, seat: int, k: int) -> tuple[HandCard, ...]:
    hand = g.seats[seat].hand
    out = []
    for _ in range(k):
        if hand and rnd.random() < 0.7:
            i = rnd.randrange(len(hand))
            out.append(HandCard(index=i + 1) if rnd.random() < 0.6 else HandCard(name=hand[i]))
        else:
            out.append(HandCard(index=rnd.randint(1, 9)))
    return tuple(out)


def _pile(rnd: random.Random) -> PileRef:
    return PileRef(rnd.randint(0, 4), rnd.choice([*CATS, None]))


def random_action(g: FarmGame, seat: int, rnd: random.Random) -> Any:
    """Any action at all, legal or not."""
    k = rnd.randrange(9)
    if k == 0:
        return Transform(_hand(rnd, g, seat, rnd.randint(1, 3)),
                         tuple(_pile(rnd) for _ in range(rnd.randint(1, 2))))
    if k == 1:
        cards = _hand(rnd, g, seat, rnd.randint(1, 4))
        return Plant(cards[0], cards[1:])
    if k == 2:
        return Synth(rnd.randint(0, 5), _hand(rnd, g, seat, rnd.randint(0, 3)))
    if k == 3:
        return Done()
    if k == 4:
        return Draw(tuple(_pile(rnd) for _ in range(rnd.randint(0, 3))))
    if k == 5:
        return Ship(rnd.randint(1, 5), tuple(_pile(rnd) for _ in range(rnd.randint(0, 3))))
    if k == 6:
        return Upgrade(rnd.choice([*FACILITIES, "barn"]))
    if k == 7:
        return Enter(rnd.randint(0, 5))
    return Adjust(_hand(rnd, g, seat, rnd.randint(0, 4)))
