"""The fast rollout policy of the search bot (``hard``): plays a quiet game to its end.

It works on the engine directly (a :class:`~bohnanza.engine.search.QuietGame` from
``determinize`` or ``quiet_clone``), never through views or command text, so one rollout
from turn 15 to the end costs a few milliseconds (``bench/rollout.py``). Its play:

* planting (phase 1, phase 3, the duel's steps): a bean joins its own field, else an empty
  field; when none fits it buys the third field while the first draw pile lasts and it can
  pay, else harvests the harvestable field paying most (fewest beans on a tie) (R13-R25);
  the optional second card only when it joins a field of its own bean (R26);
* trading at realistic rates (phase 2): the active player keeps the face-up cards that join
  its fields (or one empty field); each other face-up card goes to a seat that grows it, in
  a swap for a hand card of a bean the active player grows when that seat holds one, else as
  a gift; the deal's effect is that of R12 (both sides go to the to-plant areas). Then it
  ends trading (R32).
"""

from __future__ import annotations

import random

from bohnanza.engine import coins_for, planting
from bohnanza.engine.actions import Buy, CardRef, Discard, Done, Harvest, Plant
from bohnanza.engine.game import Game


def _field_of(fields: list[list[object] | None], bean: str) -> int:
    for i, f in enumerate(fields):
        if f is not None and f[0] == bean:
            return i
    return -1


def place(g: Game, seat: int, bean: str, traded: bool) -> object:
    """The action that brings ``bean`` one step closer to a field (module docstring)."""
    s = g.seats[seat]
    fields = planting.fields_for(g, s, bean)
    if fields:
        pick = fields[0]
        for f in fields:
            if s.fields[f - 1] is not None:
                pick = f
                break
        return Plant(pick, bean if traded else None)
    cost = g.rules.third_field_cost
    if (cost is not None and len(s.fields) < 3 and len(s.coins) >= cost
            and g.exhaustions == 0 and len(g.deck) > 30):
        return Buy()
    best = -1
    key = (-1, 0)
    for f in planting.harvestable_now(g, seat):
        fld = s.fields[f - 1]
        assert fld is not None
        k = (coins_for(str(fld[0]), int(fld[1])), -int(fld[1]))  # type: ignore[call-overload]
        if k > key:
            key, best = k, f
    return Harvest(best)


def _trade(g: Game, rng: random.Random) -> None:
    """Phase 2 of a rollout (module docstring): hand the unwanted face-up cards on."""
    a = g.active
    seats = g.seats
    mine = seats[a].fields
    empty = sum(1 for f in mine if f is None)
    grown = {f[0] for f in mine if f is not None}
    keep: list[str] = []
    n = len(seats)
    for b in g.face_up:
        if b in grown:
            keep.append(b)
            continue
        if empty > 0:
            empty -= 1
            grown.add(b)
            keep.append(b)
            continue
        start = rng.randrange(n)
        taker = -1
        for k in range(n):
            r = (start + k) % n
            if r != a and _field_of(seats[r].fields, b) >= 0:
                taker = r
                break
        if taker < 0:
            keep.append(b)
            continue
        seats[taker].to_plant.append(b)
        hand = seats[taker].hand
        for i, x in enumerate(hand):
            if x in grown:
                del hand[i]
                seats[a].to_plant.append(x)
                break
    g.face_up = keep
    g.apply(a, Done())


def step(g: Game, rng: random.Random) -> None:
    """One action of the seat the game waits for (module docstring)."""
    phase = g.phase
    a = g.active
    s = g.seats[a]
    if phase == "plant":
        if g.planted == 0:
            g.apply(a, place(g, a, s.hand[0], False))
        elif g.planted == 1 and _field_of(s.fields, s.hand[0]) >= 0:
            g.apply(a, Plant(_field_of(s.fields, s.hand[0]) + 1))
        else:
            g.apply(a, Done())
        return
    if phase == "trade":
        if g.deal is not None or g.offers:
            g.deal = None
            g.offers = []
        _trade(g, rng)
        return
    if phase == "plant_traded":
        for seat, st in enumerate(g.seats):
            if st.to_plant:
                b = next((x for x in st.to_plant if _field_of(st.fields, x) >= 0),
                         st.to_plant[0])
                g.apply(seat, place(g, seat, b, True))
                return
        return
    if phase in ("plant_offer", "plant_revealed"):
        for i, b in enumerate(g.face_up):
            f = _field_of(s.fields, b)
            if f >= 0:
                g.apply(a, Plant(f + 1, card=CardRef("u", i + 1)))
                return
        if phase == "plant_offer":
            empty = [i for i, f in enumerate(s.fields) if f is None]
            if empty:
                g.apply(a, Plant(empty[0] + 1, card=CardRef("u", 1)))
            else:
                g.apply(a, Discard(CardRef("u", 1)))
        else:
            g.apply(a, Done())
        return
    raise AssertionError(f"rollout: no move in phase {phase}")


def play_out(g: Game, rng: random.Random, max_steps: int = 5000,
             until_turn: int | None = None) -> list[int] | None:
    """Play ``g`` (a quiet copy) to its end; returns the final scores (R39, R40). With
    ``until_turn``: stop when that turn begins and return ``None`` if the game goes on."""
    steps = 0
    while g.phase != "over" and steps < max_steps:
        if until_turn is not None and g.turn >= until_turn:
            return None
        step(g, rng)
        steps += 1
    if g.result is None:
        raise AssertionError("rollout did not finish")
    return list(g.result["scores"])
