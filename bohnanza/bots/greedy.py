"""``greedy``: plays like a reasonable person, one command at a time, from its own view only.

**Worth of a field.** A field of ``n`` beans of type ``b`` is worth
``V(b, n) = E[coins(b, n + k)] - E[coins(b, k)]``: what the field will pay once the ``k`` more
beans of ``b`` that this seat can still expect have joined it, minus what those ``k`` beans
would pay in a fresh field. ``k`` is Poisson with a mean from the beans not yet seen (the
catalogue minus every field, to-plant area, face-up card and the own hand), this seat's share
of the cards still to be drawn, and how much of the game is left (R35, R37). The payout is
the beanometer (R18, rules.md §1c). A state is worth its coins plus ``V`` of its fields, plus
a weighted look at the hand: the front cards count most, because they must be planted first
(R9, R26).

**Behaviour.**

* Bean protection (R19): only fields the view hints as ``harvestable`` are harvested; the
  planner applies the same rule to the fields it imagines.
* Harvests at payout thresholds: a field whose coins now are worth more than ``V`` (it is at
  the top of its beanometer, or no more beans of its type can be expected) is harvested at
  once, unless its bean is about to be planted (R16-R18).
* Plants where it hurts least: cards to plant (phase 1 front card, phase 3 to-plant area) go
  where the best plan puts them; when no field fits it harvests the field that loses least
  (``V - coins``), or buys the third field while much of the game is left (R15, R21-R25, R33).
  The optional second card of phase 1 is planted only when it fits a field without a harvest
  (R26).
* Offers the cards that would break its fields: face-up cards (when active) and front hand
  cards whose planting would force a bad harvest are offered for a bean it grows, and for
  nothing (R29, R30).
* Asks for the beans that grow them: face-up beans that fit its fields are asked for, paying
  with a card it does not want (or with nothing where gift requests are allowed, C12).
* Accepts offers that gain it value, withdraws its own offers once they no longer do, and
  provides the cards of a deal that hurt it least to lose (R11, R31).
* Gives away what it cannot use: junk hand cards are offered to the active player as gifts.
* Answers the supply and demand markers people set (seed 000, ``/want``, ``/have``; the
  ones its seat sees): before its other offers, asks for the bean marked as had and pays
  with the bean marked as wanted, each only when the deal gains it (:mod:`.markers`);
  likewise answers its partners' prompts (offers with ``?`` on a side, :mod:`.prompts`).
* Phase 2, active: ends trading (``/done``, R32) once every other seat has passed or
  ``hurry`` is set; not active: passes (``/done`` as "not interested") when it has nothing
  more to say.

* The bean duel (rules.md §3a; no market): step 1 plants each offer card that gains it value
  and discards the rest; step 2 plants like phase 1, then discards the hand card whose loss
  it gains most by (a junk card near the front), if any; step 3 plants a revealed card when
  it gains by it, counting half of what the card would be worth to the opponent, who gets
  what it leaves; harvests only on its own turn (the view's hint, R16).

Gift requests (``nothing for X``) are allowed in every preset but ``classic`` (rules.md §4a);
the view does not carry that setting, so it is derived from the preset name.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from bohnanza.engine.actions import CardRef
from bohnanza.engine.beans import PAYOUT, coins_for

from . import common as c
from . import markers, prompts
from .base import Policy
from .fastview import game_of

Fields = tuple[tuple[str, int] | None, ...]
Cards = tuple[str, ...]

#: Weights of the first hand cards when the hand is valued (front first).
HAND_WEIGHTS = (1.0, 0.7, 0.45, 0.3, 0.2, 0.15, 0.1)
#: Cards of the draw still relevant to a field's future (a field lives a few turns).
HORIZON = 40.0
#: A trade must gain at least this much to be offered or accepted.
MARGIN = 0.1
#: At most this many own offers in the market.
MAX_OWN_OFFERS = 4
#: Buy the third field while at least this many draws are expected to come.
BUY_DRAWS = 35.0
#: Duel step 3: weight of what a card left behind is worth to the opponent.
DENY = 0.5
KMAX = 30
_PLANTING = ("plant", "plant_traded")


@lru_cache(maxsize=65536)
def field_worth(b: str, n: int, mu20: int, fresh_weight: float = 1.0) -> float:
    """``V(b, n)`` for a Poisson mean of ``mu20 / 20`` further beans (module docstring):
    ``sum_k p_k coins(b, n + k) - fresh_weight * sum_k p_k coins(b, k)`` over the Poisson
    weights ``p_k`` of :func:`_poisson` (the second sum depends on ``b`` and ``mu20`` only:
    kept in ``_FRESH``)."""
    ps = _poisson(mu20)
    row = PAYOUT[b]             # coins_for(b, j) for j > 0, without the call
    size = len(row)
    top = row[-1]
    keep = 0.0
    j = n
    for p in ps:
        keep += p * (row[j] if j < size else top) if j > 0 else 0.0
        j += 1
    fresh = _FRESH.get((b, mu20))
    if fresh is None:
        fresh = 0.0
        j = 0
        for p in ps:
            fresh += p * (row[j] if j < size else top) if j > 0 else 0.0
            j += 1
        if len(_FRESH) >= 65536:
            _FRESH.clear()
        _FRESH[(b, mu20)] = fresh
    return keep - fresh_weight * fresh


_POISSON: dict[int, tuple[float, ...]] = {}
"""The Poisson weights of :func:`field_worth`, by ``mu20``."""
_FRESH: dict[tuple[str, int], float] = {}
"""``sum_k p_k coins(b, k)`` of :func:`field_worth`, by ``(b, mu20)``."""


def _poisson(mu20: int) -> tuple[float, ...]:
    """``p_0, p_1, ...``: the Poisson probabilities of ``k`` further beans for the mean
    ``mu20 / 20``, up to the first ``k`` beyond the mean whose next weight is below 1e-6
    (at most ``KMAX``); each from the one before, ``p_k+1 = p_k mu / (k + 1)``."""
    got = _POISSON.get(mu20)
    if got is None:
        mu = mu20 / 20
        p = math.exp(-mu)
        out = []
        for k in range(KMAX):
            out.append(p)
            p *= mu / (k + 1)
            if p < 1e-6 and k > mu:
                break
        got = _POISSON[mu20] = tuple(out)
    return got


_NEG_INF = -math.inf

_HARVESTABLE: dict[Fields, tuple[int, ...]] = {}


def _harvestable(fields: Fields) -> tuple[int, ...]:
    """:meth:`Model.harvestable` (kept: at most 65536 field layouts)."""
    got = _HARVESTABLE.get(fields)
    if got is None:
        big = False
        for f in fields:
            if f is not None and f[1] >= 2:
                big = True
                break
        got = tuple(i for i, f in enumerate(fields) if f is not None and not (f[1] == 1 and big))
        if len(_HARVESTABLE) >= 65536:
            _HARVESTABLE.clear()
        _HARVESTABLE[fields] = got
    return got


_COUNTS: dict[int, tuple[list[dict[str, Any]], dict[str, int]]] = {}


def _counts(catalogue: list[dict[str, Any]]) -> dict[str, int]:
    """``{bean: count}`` of a view's catalogue, kept for the catalogue lists a lazy view
    hands out again (the same list object every time; any other list is read afresh)."""
    got = _COUNTS.get(id(catalogue))
    if got is not None and got[0] is catalogue:
        return got[1]
    counts = {e["bean"]: int(e["count"]) for e in catalogue}
    if len(_COUNTS) >= 64:
        _COUNTS.clear()
    _COUNTS[id(catalogue)] = (catalogue, counts)
    return counts


Plan = tuple[float, tuple[str, Any, Any] | None, Fields]
"""A planting plan, ``(value, action, fields)``: the coins gained in the plan plus ``V`` of
the final fields; its first step, ``("plant", bean, field)``, ``("harvest", field, None)``
(0-based fields) or ``None``; the fields at its end. A plain tuple: built without a call
(a class's ``__init__`` is a call per plan in Python 3.11) and read by index."""


class ModelMemo:
    """What one seat's models of consecutive decisions share: the tables of field worths,
    planting plans, totals and deals of the last few forecasts.

    Every table depends only on its key and on the forecast ``V`` reads (the model class,
    its ``fresh_weight`` and the rounded Poisson mean of every bean: ``sig``), so a model
    whose forecast equals an earlier one's reuses its tables and reaches the same numbers
    without computing them again (the decisions are exactly those of fresh tables). While
    nobody plants, a seat's forecast stays the same over the many decisions of a trading
    phase. At most ``KEEP`` forecasts are kept, each up to ``LIMIT`` plans."""

    KEEP = 4
    LIMIT = 200_000

    def __init__(self) -> None:
        self._tables: dict[tuple[Any, ...], tuple[dict[Any, Any], ...]] = {}
        self.last: tuple[Any, ...] | None = None
        """The last model's facts (the catalogue, its class, the beans seen, the counts its
        forecast reads), forecast and tables: a model of the same facts takes them over
        instead of computing the same forecast again."""

    def tables(self, sig: tuple[Any, ...]) -> tuple[dict[Any, Any], ...]:
        """``(v, plans, single, totals, deals)`` for the forecast ``sig``."""
        got = self._tables.pop(sig, None)
        if got is None or len(got[1]) > self.LIMIT:
            got = ({}, {}, {}, {}, {})
        self._tables[sig] = got            # the newest last
        while len(self._tables) > self.KEEP:
            del self._tables[next(iter(self._tables))]
        return got


class Model:
    """Everything greedy estimates from one view.

    ``memo``: tables shared with the seat's earlier models (:class:`ModelMemo`); without it
    the model starts with empty ones."""

    __slots__ = ("view", "me", "active", "fields", "n", "hand", "to_plant", "face_up",
                 "gift_requests", "draws", "mu", "can_buy", "_v", "_plans", "_single",
                 "_totals", "_deals")

    fresh_weight = 1.0

    def __init__(self, view: dict[str, Any], memo: ModelMemo | None = None) -> None:
        you = view["you"]
        self.view = view
        self.me: int = you["seat"]
        g = game_of(view)
        seen: dict[str, int] = {}
        get = seen.get
        if g is None:
            self.active = c.is_active(view)
            seats: list[Any] = view["seats"]
            self.fields: Fields = tuple(c.fields_of(view, self.me))
            for s in seats:
                for f in s["fields"]:
                    if f is not None:
                        seen[f[0]] = get(f[0], 0) + int(f[1])
                for b in s["to_plant"]:
                    seen[b] = get(b, 0) + 1
            count = (view["passes_limit"], view["exhaustions"], view["deck_count"],
                     view["discard_count"])
            face_up: list[str] = view["face_up"]
            gift_requests = view["preset"] != "classic"
        else:
            # the seats' public parts and the counts, from the game itself when the view is
            # read from it (the same values: fastview)
            seats = g.seats
            own: list[tuple[str, int] | None] = []
            for f in seats[self.me].fields:     # a loop: no comprehension's call (3.11)
                own.append(None if f is None else (f[0], f[1]))
            self.fields = tuple(own)
            for s in seats:
                for f in s.fields:
                    if f is not None:
                        seen[f[0]] = get(f[0], 0) + f[1]  # type: ignore[index,call-overload]
                for b in s.to_plant:
                    seen[b] = get(b, 0) + 1
            count = (g.rules.passes_limit, g.exhaustions, len(g.deck), len(g.discard))
            # the view's active, face_up and preset, from the game (the same values)
            self.active = g.active == self.me
            face_up = g.face_up
            gift_requests = g.preset != "classic"
        self.n = len(seats)
        self.hand: Cards = tuple(you["hand"])
        self.to_plant: Cards = tuple(you["to_plant"])
        self.face_up: Cards = tuple(face_up) if self.active else ()
        self.gift_requests = gift_requests
        # --- what may still come (R41: only public facts and the own hand)
        for b in face_up:
            seen[b] = get(b, 0) + 1
        for b in self.hand:
            seen[b] = get(b, 0) + 1
        catalogue = view["catalogue"]
        facts = (type(self), seen, *count, self.n)
        last = None if memo is None else memo.last
        if (last is not None and last[0] is catalogue and last[1] == facts
                and len(last[4][1]) <= memo.LIMIT):  # type: ignore[union-attr]
            # what may still come is what it was at this seat's last decision
            _, _, self.draws, self.mu, tables = last
        else:
            counts = _counts(catalogue)
            unseen: list[tuple[str, int]] = []
            total = 0
            for b, n in counts.items():
                u = n - get(b, 0)
                if u < 0:
                    u = 0
                unseen.append((b, u))
                total += u
            total_unseen = max(1, total)
            passes_limit, exhaustions, deck, discard = count
            passes_left = passes_limit - exhaustions
            if passes_left <= 1:
                draws = float(deck)
            else:
                draws = deck + (passes_left - 1) * max(20.0, discard + 20.0)
            self.draws = draws
            share = 1.4 / self.n
            horizon = min(draws, HORIZON)
            mu: dict[str, float] = {}
            self.mu = mu
            means = [type(self), self.fresh_weight]
            for b, u in unseen:
                x = mu[b] = u / total_unseen * horizon * share
                means.append(round(x * 20))
            if memo is None:
                tables = ({}, {}, {}, {}, {})
            else:
                sig = tuple(means)
                tables = memo.tables(sig)
                memo.last = (catalogue, facts, self.draws, self.mu, tables)
        self.can_buy = bool(you["can_buy"])
        self._v: dict[tuple[str, int], float]
        self._plans: dict[tuple[Fields, Cards], Plan]
        self._single: dict[Fields, dict[str, float]]
        self._totals: dict[tuple[Fields, Cards, Cards], float]
        self._deals: dict[tuple[Any, ...], tuple[float, list[CardRef] | None]]
        self._v, self._plans, self._single, self._totals, self._deals = tables

    # ------------------------------------------------------------ field worth
    def coins(self, b: str, n: int) -> int:
        return coins_for(b, n) if n > 0 else 0

    def V(self, b: str, n: int) -> float:
        key = (b, n)
        v = self._v.get(key)
        if v is None:
            v = field_worth(b, n, round(self.mu.get(b, 0.0) * 20), self.fresh_weight)
            self._v[key] = v
        return v

    def _vx(self, x: tuple[str, int]) -> float:
        """``V(*x)`` for a field ``x`` not yet in the table (its own key there)."""
        b = x[0]
        v = field_worth(b, x[1], round(self.mu.get(b, 0.0) * 20), self.fresh_weight)
        self._v[x] = v
        return v

    def fields_for(self, b: str) -> list[int]:
        """0-based fields that can take ``b`` now (R13, R14)."""
        return [i for i, f in enumerate(self.fields) if f is None or f[0] == b]

    def worth(self, fields: Fields) -> float:
        v = self._v
        total: float = 0            # summed as sum() sums: 0 + the first, then in order
        for f in fields:
            if f is not None:
                x = v.get(f)        # a field (b, n) is its own key of V
                total += self._vx(f) if x is None else x
        return total

    @staticmethod
    def harvestable(fields: Fields) -> list[int]:
        """0-based fields that may be harvested under bean protection (R19, amigo rule)."""
        return list(_harvestable(fields))

    # ------------------------------------------------------------ planting plans
    def plan(self, fields: Fields, cards: Cards) -> Plan:
        """Best order to plant ``cards`` (harvesting where needed), by search (R13-R19, R33)."""
        key = (fields, cards)
        plans = self._plans
        got = plans.get(key)
        if got is not None:
            return got
        if len(cards) == 1:
            got = self._search1(fields, cards)
        elif cards:
            got = self._search(fields, cards)
        else:
            got = (self.worth(fields), None, fields)
        plans[key] = got
        return got

    def _search(self, fields: Fields, cards: Cards) -> Plan:
        """:meth:`plan` of two or more cards: each bean into its own field or the first empty
        one, then the rest; or a harvest first (:meth:`_search1` with ``found``)."""
        vget = self._v.get
        vx = self._vx
        best_value = _NEG_INF
        best_action: tuple[str, Any, Any] | None = None
        best_fields = fields
        fits_any = False
        width = len(fields)
        nf: Fields
        beans: list[str]
        if len(cards) == 2:             # list(dict.fromkeys(cards)) of two cards
            beans = [cards[0]] if cards[0] == cards[1] else [cards[0], cards[1]]
        else:
            beans = list(dict.fromkeys(cards))
        held = []                       # a loop: no comprehension's call (3.11)
        big = False                     # a field of two or more (bean protection, R19)
        for f in fields:
            if f is not None:
                held.append(f[0])
                if f[1] >= 2:
                    big = True
        for b in beans:
            if b in held:
                beans = [b]         # a bean joining its own field first never hurts: prune
                break
        rest: Cards
        for b in beans:
            if len(cards) == 2:         # the other card (list.remove's first match)
                rest = (cards[1],) if cards[0] == b else (cards[0],)
            else:
                rest_l = list(cards)
                rest_l.remove(b)
                rest = tuple(rest_l)
            used_empty = False
            for i, f in enumerate(fields):
                if f is None:
                    if used_empty:
                        continue
                    used_empty = True
                    new = (b, 1)
                elif f[0] == b:
                    new = (b, f[1] + 1)
                else:
                    continue
                fits_any = True
                # fields[:i] + (new,) + fields[i + 1:], written out for two and three fields
                # (one tuple built instead of five)
                if width == 3:
                    nf = ((new, fields[1], fields[2]) if i == 0 else
                          (fields[0], new, fields[2]) if i == 1 else (fields[0], fields[1], new))
                elif width == 2:
                    nf = (new, fields[1]) if i == 0 else (fields[0], new)
                else:
                    nf = fields[:i] + (new,) + fields[i + 1:]
                sub = self.plan(nf, rest)
                if sub[0] > best_value:
                    best_value, best_action, best_fields = sub[0], ("plant", b, i), sub[2]
        vs: list[float] | None = None
        if fits_any:                    # V of each field (0.0 for an empty one)
            vs = []
            for x in fields:
                y = None if x is None else vget(x)
                vs.append(0.0 if x is None else vx(x) if y is None else y)
        return self._search1(fields, cards, (best_value, best_action, best_fields, vs, big))

    def _search1(self, fields: Fields, cards: Cards,
                 found: tuple[float, tuple[str, Any, Any] | None, Fields, list[float] | None,
                              bool] | None = None) -> Plan:
        """:meth:`plan` of one card (most searches): into its own field or the first empty
        one, or a harvest first. Each field's ``V`` is read once (``vs``: 0.0 for an empty
        field) and a planted layout's worth is summed from them in field order, as
        :meth:`worth` sums it: adding 0.0 for an empty field leaves a sum's bits as they are
        (no sum here is -0.0: it starts at 0.0 + the first worth).

        ``found``: the end of :meth:`_search` of several ``cards`` instead, the best plan
        that plants first, ``vs`` (``None`` when no card fits a field) and whether a field
        holds two or more beans: only the plans that harvest first are added."""
        width = len(fields)
        nf: Fields
        if found is not None:
            best_value, best_action, best_fields, vs, big = found
        else:
            b = cards[0]
            vget = self._v.get
            vx = self._vx
            best_value = _NEG_INF
            best_action = None
            best_fields = fields
            vs = None                   # read when the card fits a field (as fits_any)
            big = False                 # a field of two or more (bean protection, R19)
            used_empty = False
            i = -1
            for f in fields:
                i += 1
                if f is None:
                    if used_empty:
                        continue
                    used_empty = True
                    new = (b, 1)
                else:
                    if f[1] >= 2:
                        big = True
                    if f[0] != b:
                        continue
                    new = (b, f[1] + 1)
                if vs is None:
                    vs = []
                    for x in fields:
                        if x is None:
                            vs.append(0.0)
                        else:
                            y = vget(x)
                            vs.append(vx(x) if y is None else y)
                y = vget(new)
                vn = vx(new) if y is None else y
                if width == 3:
                    if i == 0:
                        nf = (new, fields[1], fields[2])
                        value = 0.0 + vn + vs[1] + vs[2]
                    elif i == 1:
                        nf = (fields[0], new, fields[2])
                        value = 0.0 + vs[0] + vn + vs[2]
                    else:
                        nf = (fields[0], fields[1], new)
                        value = 0.0 + vs[0] + vs[1] + vn
                elif width == 2:
                    if i == 0:
                        nf = (new, fields[1])
                        value = 0.0 + vn + vs[1]
                    else:
                        nf = (fields[0], new)
                        value = 0.0 + vs[0] + vn
                else:
                    nf = fields[:i] + (new,) + fields[i + 1:]
                    value = 0.0
                    j = 0
                    for w in vs:
                        value += vn if j == i else w
                        j += 1
                if value > best_value:
                    best_value, best_action, best_fields = value, ("plant", b, i), nf
        i = -1
        for f in fields:
            i += 1
            if f is None:
                continue
            n = f[1]
            if big and n == 1:
                continue            # R19 (amigo): a lone bean is protected
            row = PAYOUT[f[0]]      # coins_for(b, n), without the call
            got_coins = row[n] if n < len(row) else row[-1]
            if vs is not None and got_coins < vs[i]:
                continue
            if width == 3:          # fields[:i] + (None,) + fields[i + 1:], written out
                nf = ((None, fields[1], fields[2]) if i == 0 else
                      (fields[0], None, fields[2]) if i == 1 else (fields[0], fields[1], None))
            elif width == 2:
                nf = (None, fields[1]) if i == 0 else (fields[0], None)
            else:
                nf = fields[:i] + (None,) + fields[i + 1:]
            sub = self.plan(nf, cards)
            value = sub[0] + got_coins
            if value > best_value:
                best_value, best_action, best_fields = value, ("harvest", i, None), sub[2]
        return (best_value, best_action, best_fields)

    def single(self, fields: Fields, b: str) -> float:
        """What planting one ``b`` into ``fields`` gains (negative: it breaks a field)."""
        row = self._single.get(fields)
        if row is None:
            row = self._single[fields] = {}
        v = row.get(b)
        if v is None:
            v = self.plan(fields, (b,))[0] - self.worth(fields)
            row[b] = v
        return v

    def hand_value(self, hand: Cards, fields: Fields) -> float:
        """The weighted :meth:`single` of the first hand cards (``HAND_WEIGHTS``)."""
        singles = self._single
        row = singles.get(fields)
        if row is None:
            row = singles[fields] = {}
        total: float = 0                # summed as sum() sums: 0 + the first, then in order
        here: float | None = None       # worth(fields), read once for the singles missing
        for w, b in zip(HAND_WEIGHTS, hand):  # noqa: B905 (the hand may be longer)
            v = row.get(b)
            if v is None:               # self.single(fields, b), without the call
                if here is None:
                    here = self.worth(fields)
                v = row[b] = self.plan(fields, (b,))[0] - here
            total += w * v
        return total

    def total(self, hand: Cards, to_plant: Cards) -> float:
        key = (self.fields, hand, to_plant)
        v = self._totals.get(key)
        if v is None:
            p = self.plan(self.fields, to_plant if len(to_plant) < 2 else tuple(sorted(to_plant)))
            v = p[0] + self.hand_value(hand, p[2])
            self._totals[key] = v
        return v

    # ------------------------------------------------------------ trades
    def base(self) -> float:
        return self.total(self.hand, self.to_plant + self.face_up)

    def deal(self, give: dict[str, int], receive: dict[str, int]) -> tuple[float, list[CardRef]]:
        """Gain of handing over ``give`` and receiving ``receive``, and the cards to hand over
        (the instances that hurt least to lose, R11). ``-inf`` when ``give`` is not held."""
        key = (self.fields, self.hand, self.face_up, self.to_plant,
               tuple(give.items()), tuple(receive.items()))
        got = self._deals.get(key)
        if got is None or got[1] is None:
            got = self._deals[key] = self._deal(give, receive, True)
        return got[0], got[1][:]        # type: ignore[index]

    def gain(self, give: dict[str, int], receive: dict[str, int]) -> float:
        """``deal(give, receive)[0]``: the gain alone (the cards to hand over are not
        written down)."""
        key = (self.fields, self.hand, self.face_up, self.to_plant,
               tuple(give.items()), tuple(receive.items()))
        got = self._deals.get(key)
        if got is None:
            got = self._deals[key] = self._deal(give, receive, False)
        return got[0]

    def _deal(self, give: dict[str, int], receive: dict[str, int], refs_too: bool
              ) -> tuple[float, list[CardRef] | None]:
        """:meth:`deal`, kept in the forecast's table by the whole position; the cards to
        hand over only when ``refs_too`` (else ``None``; the gain is the same)."""
        hand = self.hand
        face = self.face_up
        tp = self.to_plant
        total = self.total
        hand_pos: tuple[int, ...] | None = None     # the cards' places before the deal
        face_pos: tuple[int, ...] | None = None
        refs: list[CardRef] | None = [] if refs_too else None
        got_l: list[str] = []
        for b, k in receive.items():
            got_l += [b] * k
        got = tuple(got_l)
        for b, k in give.items():
            for _ in range(k):
                best: tuple[float, str, int] | None = None
                rest = tp + face + got
                for j, x in enumerate(hand):
                    if x == b:
                        v = total(hand[:j] + hand[j + 1:], rest)
                        if best is None or v > best[0]:
                            best = (v, "h", j)
                for j, x in enumerate(face):
                    if x == b:
                        v = total(hand, tp + face[:j] + face[j + 1:] + got)
                        if best is None or v > best[0]:
                            best = (v, "u", j)
                if best is None:
                    return -math.inf, []
                _, zone, j = best
                if zone == "h":
                    if refs is not None:
                        if hand_pos is None:
                            hand_pos = tuple(range(1, len(hand) + 1))
                        refs.append(CardRef("h", hand_pos[j]))
                        hand_pos = hand_pos[:j] + hand_pos[j + 1:]
                    hand = hand[:j] + hand[j + 1:]
                else:
                    if refs is not None:
                        if face_pos is None:
                            face_pos = tuple(range(1, len(face) + 1))
                        refs.append(CardRef("u", face_pos[j]))
                        face_pos = face_pos[:j] + face_pos[j + 1:]
                    face = face[:j] + face[j + 1:]
        after = total(hand, tp + face + got)
        return after - self.base(), refs


def _offers(view: dict[str, Any]) -> list[tuple[int, int, Any, Any]]:
    """``(id, owner, give, want)`` of every offer of the view in market order: read from
    the game when the view is a lazy one (:func:`.fastview.game_of`), the same values (the
    game's own sides, ``{bean: count}`` or ``"?"``, which the callers read as they are
    instead of copying them with :func:`_side`; they never change them)."""
    g = game_of(view)
    if g is not None:
        out = []
        for o in g.offers:
            out.append((o.id, o.owner, o.give, o.want))
        return out
    return [(o["id"], o["owner"], o["give"], o["want"]) for o in view["offers"]]


def passed(view: dict[str, Any], seat: int) -> bool:
    """The view's ``seats[seat]["passed"]`` (R32), read from the game when the view is a
    lazy one (:func:`.fastview.game_of`: the same value, without the seats' parts)."""
    g = game_of(view)
    if g is not None:
        return seat in g.passed
    return bool(view["seats"][seat]["passed"])


def _side(x: Any) -> dict[str, int] | None:
    if x == "?":
        return None
    out = {}
    for k, v in x.items():
        out[k] = int(v)
    return out


class GreedyPolicy(Policy):
    """A reasonable player (module docstring)."""

    name = "greedy"
    level = "easy"  # issue 15: the easy level is greedy (bots.EasyPolicy)
    borrows_view = True
    model_class: type[Model] = Model
    """What this policy estimates from a view (``normal`` uses a subclass)."""

    def __init__(self) -> None:
        # (turn, offer id) of the deals this seat started as the active player: a deal the
        # other party called off is not started again in the same turn, which would loop.
        self._started: set[tuple[int, int]] = set()
        self.ledger = c.CoinLedger()
        self.memo: ModelMemo | None = ModelMemo()
        """The tables this seat's models share (``None``: every decision starts afresh)."""
        self._market: tuple[Any, list[tuple[int, int, Any, Any]], Any] | None = None
        self._duel_aim: tuple[int, str, str, int] | None = None
        """The duel's steps 1 and 3: the turn, phase, face-up bean and field its last
        harvest there made room for (:meth:`_duel_face_up`)."""
        self._idle: tuple[Any, int, str, int, bool] | None = None
        """After a decision of a planting phase that sent nothing: the game, its
        ``off_market`` count, phase and turn, and ``hurry`` then (:meth:`_decide`)."""
        """During a decision: its view, the offers read from it and this seat's own complete
        offers (:meth:`_open_gives`), each read once."""

    def decide(self, view: dict[str, Any], rng: random.Random, *,
               hurry: bool = False) -> str | None:
        try:
            text = self._decide(view, rng, hurry=hurry)
        finally:
            self._market = None         # keeps nothing of the view (borrows_view)
        if text is not None:
            self._idle = None           # its own command: decide afresh next time
            self.ledger.note(view, text)    # (nothing to note for None)
        return text

    def _offers(self, view: dict[str, Any]) -> list[tuple[int, int, Any, Any]]:
        """:func:`_offers` of ``view``, read once per decision."""
        got = self._market
        if got is None or got[0] is not view:
            got = self._market = (view, _offers(view), None)
        return got[1]

    def _decide(self, view: dict[str, Any], rng: random.Random, *,
               hurry: bool = False) -> str | None:
        """The decision (module docstring). In a planting phase of a bot game in the engine
        (a lazy view of a ``SimGame``), a decision that sent nothing is repeated while the
        game's ``off_market`` count, phase and turn stand still: since then only other seats'
        offers and pass marks can have moved, none of which is read in these phases (the
        step 2 check reads this seat's own offers only), and other seats' planting from
        their to-plant areas, which leaves the beans seen as they were (the forecast) and
        this seat's own cards as they were; deciding again would find ``None`` again from
        the same tables."""
        g = game_of(view)
        if g is not None:
            if self._repeats(g, hurry):
                return None
            moves = getattr(g, "off_market", None)
            text = self._decide_now(view, rng, hurry=hurry)
            self._idle = ((g, moves, g.phase, g.turn, hurry)
                          if text is None and moves is not None and g.phase in _PLANTING
                          else None)
            return text
        return self._decide_now(view, rng, hurry=hurry)

    def idle_again(self, g: Any, hurry: bool = False) -> bool:
        """Whether this seat's decision now, in the game ``g`` (a ``SimGame``), is the
        ``None`` it last decided (:meth:`_decide`): a driver may skip building its view
        (``bohnanza.bots.simulate``). Always ``False`` for a subclass that decides more
        around :meth:`_decide` (``hard``): only the part it shares is known."""
        return type(self)._decide is GreedyPolicy._decide and self._repeats(g, hurry)

    def _repeats(self, g: Any, hurry: bool) -> bool:
        idle = self._idle
        return (idle is not None and idle[0] is g and idle[1] == g.off_market
                and idle[2] == g.phase and idle[3] == g.turn and idle[4] == hurry)

    def _decide_now(self, view: dict[str, Any], rng: random.Random, *,
                    hurry: bool = False) -> str | None:
        you = view.get("you")
        if you is None or view["phase"] == "over":
            return None
        m = self.model_class(view, self.memo)
        m.can_buy = self.ledger.can_buy(view)
        phase = view["phase"]
        g = game_of(view)
        # 1. a pending deal where this seat still owes cards (R31)
        owes = c.my_deal_duty(view)
        if owes is not None:
            deal = view["deal"]
            other = deal["other"] if deal["active"] == m.me else deal["active"]
            receive = {k: int(v) for k, v in deal["owes"][str(other)].items()}
            gain, refs = m.deal(owes, receive)
            if gain > -MARGIN and refs is not None and gain != -math.inf:
                return c.provide(refs)
            return c.cancel()
        # 2. own offers that no longer pay (read from the game when the view is a lazy one:
        # the same offers in the same order, without a list of every offer)
        me = m.me
        own: list[tuple[int, Any, Any]] = []
        if g is None:
            can_withdraw = you["can_withdraw"]
            for oid, owner, o_give, o_want in self._offers(view):
                if owner == me and oid in can_withdraw:
                    own.append((oid, o_give, o_want))
        else:
            # the view's can_withdraw: its own offers but the one of the pending deal (R31)
            d = g.deal
            deal_offer = d.offer if d is not None else None
            for o in g.offers:
                if o.owner == me and o.id != deal_offer:
                    own.append((o.id, o.give, o.want))
        for oid, o_give, o_want in own:
            if g is None:
                give, want = _side(o_give), _side(o_want)
                if give is None or want is None:
                    continue
            elif o_give == "?" or o_want == "?":
                continue
            else:           # the game's own sides, {bean: count}: read as they are
                give, want = o_give, o_want
            if m.gain(give, want) <= 0:
                return c.withdraw(oid)
        # 3. harvest fields at the top of their worth
        for f in you["harvestable"]:
            fld = m.fields[f - 1]
            if fld is None:
                continue
            b, n = fld
            coins = m.coins(b, n)
            if (coins > 0 and coins > m.V(b, n) + 0.05 and b not in m.to_plant
                    and b not in m.face_up and b not in m.hand[:3]):
                return c.harvest(f)     # unless its bean is about to be planted
        if g.rules.duel if g is not None else c.is_duel(view):
            return self._duel(view, m) if m.active and you["must_act"] else None
        if phase == "plant" and m.active and you["must_act"]:
            return self._phase1(view, m)
        if phase == "plant_traded" and m.to_plant:
            return self._plant_cards(view, m, m.to_plant, traded=True)
        if phase == "trade":
            if view["deal"] is None and not hurry:
                answer = self._answer_people(view, m)
                if answer is not None:
                    return answer
            if m.active:
                return self._trade_active(view, m, hurry)
            return self._trade_other(view, m)
        return None

    def _answer_people(self, view: dict[str, Any], m: Model) -> str | None:
        """Phase 2: what people ask of the bots beyond complete offers: the prompts of its
        partners (offers with ``?``, :mod:`.prompts`) and the supply and demand markers
        (seed 000, ``/want``, ``/have``; :mod:`.markers`). An offer it accepts comes first,
        then the best answer to each prompt, then the first offer answering the markers,
        each only as this level posts it (``_post``: it gains by it); ``None`` when there is
        nothing of the kind or nothing it answers (then it trades as without them)."""
        want, have = markers.seen_markers(view)
        asks = prompts.has_prompts(view)
        if not want and not have and not asks:
            return None
        acc = self._best_accept(view, m)
        if acc is not None:
            return acc
        if asks:
            mine = m.hand + m.face_up
            beans = [] if m.active else list(view["face_up"])
            wanted = [b for _, b in self._wanted(m, beans)]
            for answers in prompts.prompt_answers(view, m.me, mine, wanted):
                _, give, get = max(((m.gain(g, w), g, w) for g, w in answers),
                                   key=lambda x: x[0])
                post = self._post(view, m, [(give, get)])     # (not when it is open)
                if post is not None:
                    return post
        if not want and not have:
            return None
        if m.active:
            mine = m.hand + m.face_up
            beans = [f[0] for f in m.fields if f is not None]
        else:
            mine = m.hand
            beans = list(view["face_up"])
        wanted = [b for _, b in self._wanted(m, beans)]
        asked = [get for _, get in self._open_gives(view)]
        best: dict[tuple[tuple[str, int], ...], tuple[float, markers.Side, markers.Side]] = {}
        for give, get in markers.marker_deals(want, have, mine, wanted, m.gift_requests):
            if get and get in asked:
                continue        # one offer asks for it already
            key = tuple(sorted(get.items())) if get else tuple(sorted(give.items()))
            gain = m.gain(give, get)
            if key not in best or gain > best[key][0]:
                best[key] = (gain, give, get)     # the best payment for each bean asked
        return self._post(view, m, [(give, get) for _, give, get in best.values()])

    # ------------------------------------------------------------ planting
    def _want_buy(self, m: Model) -> bool:
        return m.can_buy and m.draws >= BUY_DRAWS

    def _plant_cards(self, view: dict[str, Any], m: Model, cards: Cards,
                     traded: bool) -> str | None:
        """The next step of the best plan for ``cards``; buys the third field instead of a
        forced harvest while much of the game is left (R15, R21-R25)."""
        hinted = view["you"]["harvestable"]
        stuck = all(m.fields_for(b) == [] for b in cards)
        if stuck and m.can_buy and (self._want_buy(m) or not hinted):
            return c.buy()
        act = m.plan(m.fields, tuple(sorted(cards)))[1]
        if act is None or act[0] == "harvest":
            f = None if act is None else act[1] + 1
            if f is not None and f in hinted:
                return c.harvest(f)
            return c.harvest(hinted[0]) if hinted else None
        _, bean, i = act
        return c.plant(i + 1, bean if traded else None)

    def _phase1(self, view: dict[str, Any], m: Model) -> str | None:
        front = m.hand[0]
        if view["planted"] == 0:
            return self._plant_cards(view, m, (front,), traded=False)
        # optional second card (R26): only when it fits without a harvest
        for i, f in enumerate(m.fields):
            if f is not None and f[0] == front:
                return c.plant(i + 1)
        if None in m.fields and m.single(m.fields, front) >= 0.2:
            return c.plant(m.fields.index(None) + 1)
        return c.done()

    # ------------------------------------------------------------ the bean duel (§3a)
    def _duel(self, view: dict[str, Any], m: Model) -> str | None:
        phase = view["phase"]
        if phase == "plant":
            if view["planted"] == 0:
                return self._plant_cards(view, m, (m.hand[0],), traded=False)
            if view["planted"] == 1:
                second = self._phase1(view, m)
                if second != c.done():
                    return second
            return self._duel_discard(m) or c.done()
        if phase in ("plant_offer", "plant_revealed"):
            return self._duel_face_up(view, m, phase == "plant_revealed")
        return None

    def _duel_discard(self, m: Model) -> str | None:
        """Step 2's optional discard: the hand card this seat gains most by losing."""
        best: tuple[float, list[CardRef]] | None = None
        for b in sorted(set(m.hand)):
            gain, refs = m.deal({b: 1}, {})
            if refs and gain > MARGIN and (best is None or gain > best[0]):
                best = (gain, refs)
        if best is None:
            return None
        ref = best[1][0]
        return c.discard(f"h{ref.index}")

    def _opponent_gain(self, view: dict[str, Any], m: Model, bean: str) -> float:
        """What ``bean`` is worth to the opponent's fields (it may discard it: at least 0)."""
        other = 1 - m.me
        om = Model(view)
        om.fields = tuple(c.fields_of(view, other))
        om.hand = ()
        return max(0.0, om.single(om.fields, bean))

    def _duel_face_up(self, view: dict[str, Any], m: Model, revealed: bool) -> str:
        """Steps 1 and 3: plant the face-up card that gains most (harvesting first when its
        plan says so); step 1 discards a card that gains nothing, step 3 ends with /done.
        A harvest notes the card and field it makes room for in ``_duel_aim`` (``normal``
        plants it next; this level decides afresh, which may leave the field empty)."""
        you = view["you"]
        cards = list(view["face_up"])
        base = m.total(m.hand, ())
        best: tuple[float, int] | None = None
        gains: dict[str, float] = {}
        for i, b in enumerate(cards):
            if b not in gains:
                mine = m.total(m.hand, (b,)) - base
                score = mine
                if revealed and mine > -0.5:
                    score += DENY * self._opponent_gain(view, m, b)
                gains[b] = score
            if best is None or gains[b] > best[0]:
                best = (gains[b], i)
        if best is not None and best[0] > MARGIN:
            i = best[1]
            bean = cards[i]
            fields = you["face_up_fields"][i]
            act = m.plan(m.fields, (bean,))[1]
            if act is not None and act[0] == "plant" and act[2] + 1 in fields:
                return c.plant_card(i + 1, act[2] + 1)
            if act is not None and act[0] == "harvest" and act[1] + 1 in you["harvestable"]:
                # what the harvest makes room for, in this step of this turn
                self._duel_aim = (view["turn"], view["phase"], bean, act[1] + 1)
                return c.harvest(act[1] + 1)
            if fields:
                return c.plant_card(i + 1, fields[0])
        if revealed:
            return c.done()
        worst = min(range(len(cards)), key=lambda k: gains[cards[k]])
        return c.discard(f"u{worst + 1}")

    # ------------------------------------------------------------ trading
    def _open_gives(self, view: dict[str, Any]) -> list[tuple[dict[str, int], dict[str, int]]]:
        self._offers(view)
        got = self._market
        assert got is not None
        if got[2] is not None:
            return got[2]               # type: ignore[no-any-return]
        out = []
        me = c.seat_of(view)
        raw = game_of(view) is not None     # the game's own sides (_offers)
        for _, owner, o_give, o_want in got[1]:
            if owner != me:
                continue
            if raw:
                if o_give != "?" and o_want != "?":
                    out.append((o_give, o_want))
                continue
            g, w = _side(o_give), _side(o_want)
            if g is not None and w is not None:
                out.append((g, w))
        self._market = (got[0], got[1], out)
        return out

    def _best_accept(self, view: dict[str, Any], m: Model) -> str | None:
        mine = self._open_gives(view)
        best: tuple[float, int] | None = None
        turn = view["turn"]
        acceptable = set(view["you"]["can_accept"])
        raw = game_of(view) is not None     # the game's own sides (_offers)
        for oid, _, o_give, o_want in self._offers(view):
            if oid not in acceptable or (turn, oid) in self._started:
                continue
            if raw:
                if o_give == "?" or o_want == "?":
                    continue
                give, want = o_give, o_want
            else:
                give, want = _side(o_give), _side(o_want)
                if give is None or want is None:
                    continue
            if not m.active and (want, give) in mine:
                continue            # already answered
            gain = m.gain(want, give)
            if gain > MARGIN and (best is None or gain > best[0]):
                best = (gain, oid)
        if best is None:
            return None
        if m.active:
            self._started = {k for k in self._started if k[0] == turn}
            self._started.add((turn, best[1]))
        return c.accept(best[1])

    def _junk(self, m: Model) -> list[tuple[float, str]]:
        """Beans this seat gains by handing over one of (best first)."""
        out = []
        for b in sorted(set(m.hand[:4]) | set(m.face_up)):
            gain = m.gain({b: 1}, {})
            if gain > MARGIN:
                out.append((gain, b))
        out.sort(reverse=True)
        return out

    def _wanted(self, m: Model, beans: list[str]) -> list[tuple[float, str]]:
        out = []
        for b in sorted(set(beans)):
            gain = m.gain({}, {b: 1})
            if gain > 2 * MARGIN:
                out.append((gain, b))
        out.sort(reverse=True)
        return out

    def _post(self, view: dict[str, Any], m: Model,
              candidates: list[tuple[dict[str, int], dict[str, int]]]) -> str | None:
        mine = self._open_gives(view)
        if len(mine) >= MAX_OWN_OFFERS:
            return None
        for give, want in candidates:
            if (give, want) in mine or (not give and not want):
                continue
            if not give and not m.gift_requests:
                continue
            if m.gain(give, want) > MARGIN:
                return c.offer(give, want)
        return None

    def _trade_active(self, view: dict[str, Any], m: Model, hurry: bool) -> str | None:
        if view["deal"] is not None:
            return c.cancel() if hurry else None
        if not hurry:
            acc = self._best_accept(view, m)
            if acc is not None:
                return acc
            wanted = self._wanted(m, [f[0] for f in m.fields if f is not None])
            cands: list[tuple[dict[str, int], dict[str, int]]] = []
            for _, j in self._junk(m):
                for _, w in wanted[:1]:
                    if w != j:
                        cands.append(({j: 1}, {w: 1}))
                cands.append(({j: 1}, {}))
            for _, w in wanted[:2]:
                cands.append(({}, {w: 1}))
            post = self._post(view, m, cands)
            if post is not None:
                return post
            for i in range(m.n):
                if i != m.me and not passed(view, i):
                    return None
        return c.done()

    def _trade_other(self, view: dict[str, Any], m: Model) -> str | None:
        acc = self._best_accept(view, m)
        if acc is not None:
            return acc
        junk = self._junk(m)
        cands: list[tuple[dict[str, int], dict[str, int]]] = []
        for _, w in self._wanted(m, list(view["face_up"])):
            pays = [{j: 1} for _, j in junk if j != w]
            if m.gift_requests:
                pays.append({})
            pays += [{b: 1} for b in sorted(set(m.hand)) if b != w and {b: 1} not in pays]
            best: tuple[float, dict[str, int]] | None = None
            for g in pays:
                gain = m.gain(g, {w: 1})
                if best is None or gain > best[0]:
                    best = (gain, g)
            if best is not None:
                cands.append((best[1], {w: 1}))
        for _, j in junk:
            cands.append(({j: 1}, {}))
        post = self._post(view, m, cands)
        if post is not None:
            return post
        if not passed(view, m.me):
            return c.done()
        return None
