"""The fast rollout policies of the search bot (``hard``): play a quiet game to its end.

They work on the engine directly (a :class:`~bohnanza.engine.search.QuietGame` from
``determinize`` or ``quiet_clone``), never through views or command text, so one rollout
from turn 15 to the end costs a few milliseconds (``bench/rollout.py``). ``POLICY`` picks one.

``"normal"`` (the default; :func:`step_normal`) plays roughly as the ``normal`` level, with
the greedy field worth ``V`` (:class:`Forecast`): a forced harvest sells the field that loses
least (``V`` minus its coins), a field at the top of its worth is sold at the start of a
turn unless its bean is in the front 3 hand cards, the optional second card goes into an
empty field only when its bean has a future and the next card does not need that field; it
trades more (20 games from the start, 4 players: 25.0 cards a seat reach the to-plant areas
in phase 2, the active player's kept face-up cards included; rough: 18.1): besides the
face-up cards below, other seats give the active player front hand cards that would break their
fields, and the active player hands on one of its own (:func:`_trade_normal`). From turn 3
its seats end with 13.7 coins on average, close to greedy seats in real games (the rough
policy: 8.8), at about 1.5 times its cost.

``OTHERS = "greedy"`` (a trial setting, off; :func:`step_greedy`): the seats other than the
searching one (``play_out``'s ``me``) plant by greedy's own plans (:class:`GreedyPlanner`),
since the benchmarks' opponents are greedy; their trades stay the ``normal`` ones; with
``SELF = "greedy"`` the searching seat plants so too. In paired games neither changed
anything measurable, with or without early planting search (README).

``"rough"`` (:func:`step`), the first policy:

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
from collections.abc import Callable
from typing import Any

from bohnanza.engine import coins_for, planting
from bohnanza.engine.actions import Buy, CardRef, Discard, Done, Harvest, Plant
from bohnanza.engine.game import Game

from .greedy import BUY_DRAWS, HORIZON, Model, ModelMemo, field_worth

#: The rollout policy: ``"normal"`` (planting and trading as ``normal`` roughly does, with
#: the greedy field worth; :class:`Forecast`) or ``"rough"`` (the first rollout policy).
POLICY = "normal"
#: How the seats other than the searching one play in a ``"normal"`` rollout: ``"normal"``
#: (the same rollout policy as the searching seat) or ``"greedy"`` (their planting decisions
#: are greedy's own, :class:`GreedyPlanner`: the opponents of the benchmarks are greedy).
OTHERS = "normal"
#: With ``OTHERS = "greedy"``: ``"greedy"`` plants the searching seat by greedy's plans too
#: (a trial setting; ``"normal"``: it plays the ``normal`` rollout policy).
SELF = "normal"


def _field_of(fields: list[list[object] | None], bean: str) -> int:
    for i, f in enumerate(fields):
        if f is not None and f[0] == bean:
            return i
    return -1


def _place(g: Game, seat: int, bean: str, traded: bool, deck_min: int,
           cost_of: Callable[[list[object]], Any]) -> object:
    """The action that brings ``bean`` one step closer to a field of ``seat``: a plant into
    a field it may go to (its own bean's first), else the third field while the first draw
    pile holds more than ``deck_min`` cards and the seat can pay, else the harvest of the
    harvestable field of least ``cost_of(field)`` (the first on a tie) (R13-R25)."""
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
            and g.exhaustions == 0 and len(g.deck) > deck_min):
        return Buy()
    best = -1
    key: Any = None
    for f in planting.harvestable_now(g, seat):
        fld = s.fields[f - 1]
        assert fld is not None
        k = cost_of(fld)
        if best < 0 or k < key:
            key, best = k, f
    return Harvest(best)


def _paying(fld: list[object]) -> tuple[int, int]:
    """The rough policy's harvest order: most coins first, then fewest beans."""
    b, n = str(fld[0]), int(fld[1])  # type: ignore[call-overload]
    return (-coins_for(b, n), n)


def place(g: Game, seat: int, bean: str, traded: bool) -> object:
    """The action that brings ``bean`` one step closer to a field (module docstring)."""
    return _place(g, seat, bean, traded, 30, _paying)


def _face_up_deals(g: Game, taker_of: Callable[[str], int],
                   spare: Callable[[int, object], bool]) -> tuple[set[object], int]:
    """Phase 2's face-up cards (R12): the active player keeps those that join its fields
    (or its empty fields); each other one goes to ``taker_of(bean)`` (-1: kept), paid with
    that seat's first hand card of a bean the active player grows for which
    ``spare(seat, card)``. Returns the beans the active player grows after, and its empty
    fields left. Open offers and an open deal (a sample built in phase 2) are dropped first."""
    if g.deal is not None or g.offers:
        g.deal = None
        g.offers = []
    a = g.active
    seats = g.seats
    mine = seats[a].fields
    empty = sum(1 for f in mine if f is None)
    grown = _grown(mine)
    keep: list[str] = []
    for b in g.face_up:
        if b in grown:
            keep.append(b)
            continue
        if empty > 0:
            empty -= 1
            grown.add(b)
            keep.append(b)
            continue
        taker = taker_of(b)
        if taker < 0:
            keep.append(b)
            continue
        seats[taker].to_plant.append(b)
        hand = seats[taker].hand
        for i, x in enumerate(hand):
            if x in grown and spare(taker, x):
                del hand[i]
                seats[a].to_plant.append(x)
                break
    g.face_up = keep
    return grown, empty


def _trade(g: Game, rng: random.Random) -> None:
    """Phase 2 of a rollout (module docstring): hand the unwanted face-up cards on."""
    a = g.active
    seats = g.seats
    n = len(seats)

    def taker_of(b: str) -> int:
        start = rng.randrange(n)
        for k in range(n):
            r = (start + k) % n
            if r != a and _field_of(seats[r].fields, b) >= 0:
                return r
        return -1

    _face_up_deals(g, taker_of, lambda seat, x: True)
    g.apply(a, Done())


def _plant_traded(g: Game, placer: Callable[[int, str], object]) -> None:
    """Phase 3 (R21-R25): the first seat with cards to plant plants one, a card that joins
    its own field first, by ``placer(seat, bean)``."""
    for seat, st in enumerate(g.seats):
        if st.to_plant:
            b = next((x for x in st.to_plant if _field_of(st.fields, x) >= 0),
                     st.to_plant[0])
            g.apply(seat, placer(seat, b))
            return


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
        _trade(g, rng)
        return
    if phase == "plant_traded":
        _plant_traded(g, lambda seat, b: place(g, seat, b, True))
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


class Forecast:
    """The greedy field worth ``V(b, n)`` (:func:`.greedy.field_worth`) in a rollout: the
    Poisson mean of further beans of ``b`` for one seat is ``b``'s share of the cards not
    yet drawn (draw pile and discard pile of the sample) times the draws that still matter
    (``HORIZON``, or the draw pile in the last pass, R37) times ``1.4 / seats``; computed
    again each turn."""

    __slots__ = ("turn", "mu20")

    def __init__(self) -> None:
        self.turn = -1
        self.mu20: dict[str, int] = {}

    def update(self, g: Game) -> None:
        if g.turn == self.turn:
            return
        self.turn = g.turn
        counts: dict[str, int] = {}
        for b in g.deck:
            counts[b] = counts.get(b, 0) + 1
        if g.rules.passes_limit - g.exhaustions > 1:
            for b in g.discard:
                counts[b] = counts.get(b, 0) + 1
            draws = HORIZON
        else:
            draws = min(HORIZON, float(len(g.deck)))
        total = max(1, sum(counts.values()))
        k = draws * 1.4 / len(g.seats) / total * 20
        self.mu20 = {b: round(x * k) for b, x in counts.items()}

    def V(self, b: str, n: int) -> float:
        return field_worth(b, n, self.mu20.get(b, 0))


def _loss(fc: Forecast, f: list[object]) -> float:
    """What harvesting field ``f`` now loses: its worth minus its coins."""
    b, n = str(f[0]), int(f[1])  # type: ignore[call-overload]
    return fc.V(b, n) - coins_for(b, n)


def place_normal(g: Game, fc: Forecast, seat: int, bean: str, traded: bool) -> object:
    """:func:`place`, harvesting the field that loses least (``normal``'s choice, roughly)."""
    return _place(g, seat, bean, traded, 35, lambda fld: _loss(fc, fld))


def _grown(fields: list[list[object] | None]) -> set[object]:
    return {f[0] for f in fields if f is not None}


def _trade_normal(g: Game, fc: Forecast, rng: random.Random) -> None:
    """Phase 2 as the ``normal`` rollout policy plays it: the active player keeps the face-up
    cards that join its fields (or its empty fields); each other one goes to a seat that
    grows it (else to one with an empty field where it has a future), paid with a hand card
    of a bean the active player grows when that seat holds one; then each other seat gives
    the active player one front hand card (of its first 3) that fits none of its own fields
    and that the active player grows, and the active player hands on the first of its own
    first 3 hand cards that fits none of its fields to a seat that grows it. Then it ends
    trading (R32)."""
    a = g.active
    seats = g.seats
    n = len(seats)
    start = rng.randrange(n)
    order = [(start + k) % n for k in range(n) if (start + k) % n != a]

    def taker_of(b: str) -> int:
        for r in order:
            if _field_of(seats[r].fields, b) >= 0:
                return r
        if fc.V(b, 1) >= 0.5:
            for r in order:
                if None in seats[r].fields:
                    return r
        return -1

    grown, empty = _face_up_deals(
        g, taker_of, lambda seat, x: _field_of(seats[seat].fields, str(x)) < 0)
    # hand cards that would break a field go to a seat that grows them
    for r in order:
        s = seats[r]
        if None in s.fields:
            continue
        for i, x in enumerate(s.hand[:3]):
            if x in grown and _field_of(s.fields, x) < 0:
                del s.hand[i]
                seats[a].to_plant.append(x)
                break
    if empty == 0:
        hand = seats[a].hand
        for i, x in enumerate(hand[:3]):
            if x in grown:
                continue
            for r in order:
                if _field_of(seats[r].fields, x) >= 0:
                    del hand[i]
                    seats[r].to_plant.append(x)
                    break
            break
    g.apply(a, Done())


def step_normal(g: Game, fc: Forecast, rng: random.Random) -> None:
    """One action of the ``normal`` rollout policy (``POLICY``); the duel's steps as
    :func:`step`."""
    phase = g.phase
    a = g.active
    s = g.seats[a]
    fc.update(g)
    if phase == "plant" and s.hand:
        if g.planted == 0:
            soon = set(s.hand[:3])
            for i, f in enumerate(s.fields):
                if f is not None and f[0] not in soon and i + 1 in planting.harvestable_now(
                        g, a):
                    b, k = str(f[0]), int(f[1])  # type: ignore[call-overload]
                    c = coins_for(b, k)
                    if c > 0 and c > fc.V(b, k) + 0.05:
                        g.apply(a, Harvest(i + 1))
                        return
            g.apply(a, place_normal(g, fc, a, s.hand[0], False))
            return
        if g.planted == 1:
            front = s.hand[0]
            own = _field_of(s.fields, front)
            if own >= 0:
                g.apply(a, Plant(own + 1))
                return
            free = [i for i, f in enumerate(s.fields) if f is None]
            if free and not (len(free) == 1 and len(s.hand) > 1 and s.hand[1] != front
                             and _field_of(s.fields, s.hand[1]) < 0) \
                    and fc.V(front, 1) >= 0.5:
                g.apply(a, Plant(free[0] + 1))
                return
        g.apply(a, Done())
        return
    if phase == "trade":
        _trade_normal(g, fc, rng)
        return
    if phase == "plant_traded":
        _plant_traded(g, lambda seat, b: place_normal(g, fc, seat, b, True))
        return
    step(g, rng)


class GreedyPlanner:
    """Greedy's planting decisions (:class:`.greedy.Model`'s plans, the rules of
    ``GreedyPolicy._phase1`` and ``_plant_cards`` and its harvest at the top of a field's
    worth) on a rollout's engine state, for the seats other than the searching one
    (``OTHERS``). Its forecast is the rollout's :class:`Forecast` (the sample's undrawn
    cards), not the seat's view; its tables are shared by every rollout whose forecast is
    the same (``MEMO``: the same numbers, computed once)."""

    __slots__ = ("turn", "m")

    MEMO = ModelMemo()
    MEMO.KEEP = 64

    def __init__(self) -> None:
        self.turn = -1
        self.m: Model | None = None

    def model(self, g: Game, fc: Forecast) -> Model:
        fc.update(g)
        if self.m is None or self.turn != g.turn:
            m = Model.__new__(Model)
            m.mu = {b: x / 20 for b, x in fc.mu20.items()}
            sig = tuple(sorted(fc.mu20.items()))
            m._v, m._plans, m._single, m._totals, m._deals = self.MEMO.tables(sig)
            self.m, self.turn = m, g.turn
        return self.m

    @staticmethod
    def fields(g: Game, seat: int) -> tuple[tuple[str, int] | None, ...]:
        return tuple(None if f is None else (str(f[0]), int(f[1]))  # type: ignore[call-overload]
                     for f in g.seats[seat].fields)

    def top_harvest(self, g: Game, fc: Forecast, seat: int) -> object | None:
        """Greedy's step 3: a harvestable field whose coins beat its worth ``V``, unless
        its bean is about to be planted."""
        s = g.seats[seat]
        soon = set(s.to_plant) | set(s.hand[:3])
        if seat == g.active:
            soon |= set(g.face_up)
        for f in planting.harvestable_now(g, seat):
            fld = s.fields[f - 1]
            if fld is None or fld[0] in soon:
                continue
            b, k = str(fld[0]), int(fld[1])  # type: ignore[call-overload]
            c = coins_for(b, k)
            if c > 0 and c > fc.V(b, k) + 0.05:
                return Harvest(f)
        return None

    def plant_cards(self, g: Game, fc: Forecast, seat: int, cards: list[str],
                    traded: bool) -> object:
        """``GreedyPolicy._plant_cards``: buy the third field when stuck, else the next step
        of the best plan for ``cards``."""
        s = g.seats[seat]
        m = self.model(g, fc)
        hinted = planting.harvestable_now(g, seat)
        cost = g.rules.third_field_cost
        can_buy = cost is not None and len(s.fields) < 3 and len(s.coins) >= cost
        if can_buy and all(not planting.fields_for(g, s, b) for b in cards):
            passes_left = g.rules.passes_limit - g.exhaustions
            draws = float(len(g.deck))
            if passes_left > 1:
                draws += (passes_left - 1) * max(20.0, len(g.discard) + 20.0)
            if draws >= BUY_DRAWS or not hinted:
                return Buy()
        act = m.plan(self.fields(g, seat), tuple(sorted(cards)))[1]
        if act is None or act[0] == "harvest":
            f = None if act is None else act[1] + 1
            if f is not None and f in hinted:
                return Harvest(f)
            if hinted:
                return Harvest(hinted[0])
            return place_normal(g, fc, seat, cards[0], traded)
        _, bean, i = act
        return Plant(i + 1, bean if traded else None)


def step_greedy(g: Game, fc: Forecast, gp: GreedyPlanner, rng: random.Random,
                me: int) -> None:
    """One action of a ``"normal"`` rollout where the seats but ``me`` plant as greedy
    (``OTHERS``)."""
    phase = g.phase
    a = g.active
    if phase == "plant" and a != me and g.seats[a].hand and g.planted < 2:
        fc.update(g)
        s = g.seats[a]
        act = gp.top_harvest(g, fc, a)
        if act is None:
            front = s.hand[0]
            if g.planted == 0:
                act = gp.plant_cards(g, fc, a, [front], False)
            else:
                own = _field_of(s.fields, front)
                if own >= 0:
                    act = Plant(own + 1)
                elif None in s.fields:
                    m = gp.model(g, fc)
                    if m.single(gp.fields(g, a), front) >= 0.2:
                        act = Plant(s.fields.index(None) + 1)
                if act is None:
                    act = Done()
        g.apply(a, act)
        return
    if phase == "plant_traded":
        for seat, st in enumerate(g.seats):
            if st.to_plant:
                if seat == me:
                    break
                fc.update(g)
                act = gp.top_harvest(g, fc, seat)
                if act is None:
                    act = gp.plant_cards(g, fc, seat, list(st.to_plant), True)
                g.apply(seat, act)
                return
    step_normal(g, fc, rng)


def play_out(g: Game, rng: random.Random, max_steps: int = 5000,
             until_turn: int | None = None, me: int | None = None) -> list[int] | None:
    """Play ``g`` (a quiet copy) to its end with the ``POLICY`` rollout policy; returns the
    final scores (R39, R40). With ``until_turn``: stop when that turn begins and return
    ``None`` if the game goes on. ``me``: the searching seat (``OTHERS``: the other seats
    plant as greedy)."""
    steps = 0
    fc = Forecast() if POLICY == "normal" else None
    gp = GreedyPlanner() if fc is not None and OTHERS == "greedy" and me is not None else None
    while g.phase != "over" and steps < max_steps:
        if until_turn is not None and g.turn >= until_turn:
            return None
        if fc is None:
            step(g, rng)
        elif gp is not None:
            assert me is not None
            step_greedy(g, fc, gp, rng, -1 if SELF == "greedy" else me)
        else:
            step_normal(g, fc, rng)
        steps += 1
    if g.result is None:
        raise AssertionError("rollout did not finish")
    return list(g.result["scores"])
