"""Random play for the engine tests: mostly legal moves from the view's hints, plus random
(often illegal) actions from any seat, so that refusals are exercised too."""

from __future__ import annotations

import random
from typing import Any

from bohnanza.engine import Game
from bohnanza.engine.actions import (
    Accept,
    Buy,
    Cancel,
    CardRef,
    ClearSignals,
    Discard,
    Done,
    Harvest,
    Plant,
    PostOffer,
    Provide,
    Signal,
    Withdraw,
)
from bohnanza.engine.beans import BEANS
from bohnanza.engine.market import MAX_OPEN_OFFERS, acceptable

ALL = list(BEANS)


def _rand_side(rnd: random.Random, pool: list[str]) -> Any:
    r = rnd.random()
    if r < 0.08:
        return "?"
    if r < 0.2:
        return {}
    side: dict[str, int] = {}
    for _ in range(rnd.randint(1, 2)):
        b = rnd.choice(pool) if pool and rnd.random() < 0.85 else rnd.choice(ALL)
        side[b] = side.get(b, 0) + 1
    return side


def random_action(g: Game, seat: int, rnd: random.Random) -> Any:
    """Any action at all, legal or not."""
    s = g.seats[seat]
    k = rnd.randrange(12)
    if g.rules.duel and rnd.random() < 0.3:     # the duel's own moves (rules.md §3a)
        ref = CardRef(rnd.choice(["h", "u"]), rnd.randint(1, 7))  # type: ignore[arg-type]
        return rnd.choice([Discard(ref), Plant(rnd.choice([None, 1, 2, 3, 4]), None, ref)])
    if k == 0:
        bean = rnd.choice(s.to_plant) if s.to_plant and rnd.random() < 0.7 else rnd.choice(ALL)
        return Plant(rnd.choice([None, 1, 2, 3, 4]), rnd.choice([None, bean]))
    if k == 1:
        return Done()
    if k == 2:
        return Harvest(rnd.randint(1, 4))
    if k == 3:
        return Buy()
    if k in (4, 5):
        pool = s.hand + (g.face_up if seat == g.active else [])
        return PostOffer(_rand_side(rnd, pool), _rand_side(rnd, ALL))
    if k in (6, 7):
        ids = [o.id for o in g.offers] or [1]
        return Accept(rnd.choice(ids + [99]))
    if k == 8:
        ids = [o.id for o in g.offers] or [1]
        return Withdraw(rnd.choice(ids))
    if k == 9:
        refs = []
        for _ in range(rnd.randint(0, 2)):
            zone = rnd.choice(["h", "u"])
            refs.append(CardRef(zone, rnd.randint(1, 6)))  # type: ignore[arg-type]
        return Provide(tuple(refs))
    if k == 10:
        return Cancel()
    return rnd.choice([Signal("want", rnd.choice(ALL)), Signal("have", rnd.choice(ALL)),
                       ClearSignals()])


def _plant_or_harvest(g: Game, seat: int, bean: str, traded: bool,
                      rnd: random.Random) -> Any:
    fields = g.plant_fields(seat, bean)
    if fields:
        return Plant(rnd.choice(fields + [None]), bean if traded else None)
    if g.can_buy(seat) and rnd.random() < 0.5:
        return Buy()
    return Harvest(rnd.choice(g.harvestable(seat)))


def duel_action(g: Game, rnd: random.Random) -> tuple[int, Any]:
    """The bean duel's :func:`sensible_action` (rules.md §3a): the active player's steps."""
    a = g.active
    phase = g.phase
    if phase == "plant":
        if g.planted >= 1 and rnd.random() < 0.5:
            return a, rnd.choice([Done(), *(Discard(CardRef("h", int(r[1:])))
                                            for r in g.discardable(a))])
        if g.planted >= 2:
            return a, Done()
        return a, _plant_or_harvest(g, a, g.seats[a].hand[0], False, rnd)
    # plant_offer / plant_revealed: the face-up cards
    if phase == "plant_revealed" and (not g.face_up or rnd.random() < 0.25):
        return a, Done()
    i = rnd.randrange(len(g.face_up))
    ref = CardRef("u", i + 1)
    if phase == "plant_offer" and rnd.random() < 0.4:
        return a, Discard(ref)
    fields = g.face_up_fields(a)[i]
    if fields:
        return a, Plant(rnd.choice(fields + [None]), None, ref)
    if g.can_buy(a) and rnd.random() < 0.5:
        return a, Buy()
    if phase == "plant_offer" or rnd.random() < 0.5:
        return a, (Discard(ref) if phase == "plant_offer" else Done())
    return a, Harvest(rnd.choice(g.harvestable(a)))


def sensible_action(g: Game, rnd: random.Random) -> tuple[int, Any]:
    """A (seat, action) that moves the game on; legal by construction of the hints."""
    if g.rules.duel:
        return duel_action(g, rnd)
    a = g.active
    n = len(g.seats)
    if g.phase == "plant":
        if g.planted >= 1 and rnd.random() < 0.5:
            return a, Done()
        return a, _plant_or_harvest(g, a, g.seats[a].hand[0], False, rnd)
    if g.phase == "trade":
        d = g.deal
        if d is not None:
            for party in (d.active, d.other):
                if d.provided[party] is None:
                    if rnd.random() < 0.1:
                        return party, Cancel()
                    return party, Provide(_refs(g, party, d.owes[party], rnd))
        r = rnd.random()
        if r < 0.3:
            return a, Done()
        if r < 0.5:
            for o in g.offers:
                if acceptable(g, a, o):
                    return a, Accept(o.id)
        if r < 0.7 and g.face_up:
            other = (a + 1 + rnd.randrange(n - 1)) % n
            hand = g.seats[other].hand
            mine = [o.id for o in g.offers if o.owner == a]
            if len(mine) >= MAX_OPEN_OFFERS:
                return a, Withdraw(mine[0])
            give = {rnd.choice(g.face_up): 1}
            want = {rnd.choice(hand): 1} if hand and rnd.random() < 0.8 else {}
            return a, PostOffer(give, want)
        if r < 0.85:
            other = (a + 1 + rnd.randrange(n - 1)) % n
            mine = [o.id for o in g.offers if o.owner == other]
            if len(mine) >= MAX_OPEN_OFFERS:
                return other, Withdraw(mine[0])
            for o in g.offers:
                if acceptable(g, other, o):
                    return other, Accept(o.id)
            hand = g.seats[other].hand
            if hand:
                return other, PostOffer({rnd.choice(hand): 1},
                                        {rnd.choice(g.face_up): 1} if g.face_up else {})
        return a, Done()
    for seat, s in enumerate(g.seats):
        if s.to_plant:
            return seat, _plant_or_harvest(g, seat, rnd.choice(s.to_plant), True, rnd)
    raise AssertionError("no one can act")


def _refs(g: Game, seat: int, owes: dict[str, int], rnd: random.Random) -> tuple[CardRef, ...]:
    out: list[CardRef] = []
    for bean, k in owes.items():
        refs = [CardRef("h", i + 1) for i, b in enumerate(g.seats[seat].hand) if b == bean]
        if seat == g.active:
            refs += [CardRef("u", i + 1) for i, b in enumerate(g.face_up) if b == bean]
        out += rnd.sample(refs, k)
    return tuple(out)
