"""A seat's view read straight from the game, key by key: bot games in the engine only.

``Game.view(seat)`` builds every part of a view, hints for the board included, though a bot
reads a handful of them. :func:`lazy_view` gives a policy that ``borrows_view``
(:mod:`.base`) a ``dict`` with the same content that builds each key the first time it is
read, from the game as it is now (R41, R42: only what ``Game.view(seat)`` shows):

* the parts a bot reads are built here, each like ``bohnanza.engine.view`` builds it
  (``copy=False``: the game's own lists); every other key (``waiting``, ``history``, the
  offer notes, ...) comes from ``engine.view.public`` / ``own_part`` itself, built once for
  all of them when one is first read;
* ``seats`` and ``offers`` are lists of such dicts, the public part is shared by the seats
  asked while nothing changed (:class:`Table`), and ``get`` builds a key like ``[]``.

:func:`game_of` gives the game behind such a view, for a policy that reads a public part
(the seats' fields, the offers) straight from it rather than as view keys.

A view is valid until the game changes: the policy reads it during ``decide`` and keeps
none of it. ``copy.deepcopy(view)`` gives the whole view as plain dicts (every key, built
here where it is built here): equal to ``Game.view(seat)``, which
tests/bots/test_bots_fast.py checks over whole games.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable
from typing import Any

from bohnanza.engine import duel, market, planting
from bohnanza.engine.hints import Holdings, answers_all
from bohnanza.engine.presets import Rules
from bohnanza.engine.state import GameState, Seat
from bohnanza.engine.view import _catalogue, _field_info, deal_entry, own_part, public

_Build = Callable[[Any], Any]


class _Lazy(dict):  # type: ignore[type-arg]
    """A ``dict`` whose missing keys are built on first read (``_keys``: key -> builder of
    the value from this object; ``_rest``: the whole part, for the keys not built here)."""

    __slots__ = ()
    _keys: dict[str, _Build] = {}

    def __missing__(self, key: str) -> Any:
        build = self._keys.get(key)
        value = build(self) if build is not None else self._rest()[key]
        self[key] = value
        return value

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def _rest(self) -> dict[str, Any]:
        raise NotImplementedError

    def whole(self) -> dict[str, Any]:
        """Every key of the part, as plain values (built here where they are built here)."""
        out = {}
        for key in self._rest():
            value = self[key]
            if isinstance(value, _Lazy):
                value = value.whole()
            elif isinstance(value, list) and value and isinstance(value[0], _Lazy):
                value = [v.whole() for v in value]
            out[key] = value
        return out

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        return _copy.deepcopy(self.whole(), memo)


def _seat_part(g: GameState, i: int, s: Seat) -> _SeatPart:
    p = _SeatPart(fields=s.fields, to_plant=s.to_plant, passed=i in g.passed)
    p.g, p.i = g, i
    return p


class _SeatPart(_Lazy):
    """One entry of ``seats``."""

    __slots__ = ("g", "i")
    g: GameState
    i: int

    def _rest(self) -> dict[str, Any]:
        rest: dict[str, Any] = public(self.g, copy=False)["seats"][self.i]
        return rest


def _field_infos(p: _SeatPart) -> list[dict[str, Any] | None]:
    return [_field_info(f) for f in p.g.seats[p.i].fields]


def _coins(p: _SeatPart) -> int | None:
    g = p.g
    if g.options.get("hidden_money") and g.phase != "over":
        return None
    return len(g.seats[p.i].coins)


_SeatPart._keys = {
    "name": lambda p: p.g.seats[p.i].name,
    "hand_count": lambda p: len(p.g.seats[p.i].hand),
    "field_info": _field_infos,
    "coins": _coins,
    "third_field": lambda p: len(p.g.seats[p.i].fields) >= 3,
}


class _OfferPart(_Lazy):
    """One entry of ``offers`` (``answers`` built when read, for all offers at once)."""

    __slots__ = ("table", "k")
    table: Table
    k: int

    def _rest(self) -> dict[str, Any]:
        rest: dict[str, Any] = self.table._rest()["offers"][self.k]
        return rest


_OfferPart._keys = {"answers": lambda p: p.table.answers()[p.k]}


def _offers(t: Table) -> list[_OfferPart]:
    g = t.g
    active = g.active
    out = []
    for k, o in enumerate(g.offers):
        p = _OfferPart(id=o.id, owner=o.owner, give=o.give, want=o.want,
                       to_active=o.owner != active, to=o.to, turn=o.turn)
        p.table, p.k = t, k
        out.append(p)
    return out


def _rules(r: Rules) -> dict[str, Any]:
    return {"allow_gift_requests": r.allow_gift_requests, "protection_rule": r.protection_rule,
            "allow_duplicate_variety": r.allow_duplicate_variety, "tiebreak": r.tiebreak,
            "phase4_draw": r.phase4_draw, "duel": r.duel, "duel_base": r.duel_base,
            "harvest_timing": r.harvest_timing, "field_payment_to": r.field_payment_to}


class Table(_Lazy):
    """The public part of every seat's view of ``g`` as it is now (shared by the seats)."""

    __slots__ = ("g", "_held", "_whole", "_answers", "_fixed")
    g: GameState
    _held: Holdings | None
    _whole: dict[str, Any] | None
    _answers: list[int | None] | None
    _fixed: dict[str, Any]

    @classmethod
    def of(cls, g: GameState, before: Table | None = None) -> Table:
        """``before``: an earlier table of the same game (the parts that never change in a
        game are taken from it)."""
        if before is None:
            rules = g.rules
            fixed = {"preset": g.preset,
                     "options": {"hidden_money": bool(g.options.get("hidden_money"))},
                     "passes_limit": rules.passes_limit,
                     "third_field_cost": rules.third_field_cost, "rules": _rules(rules),
                     "catalogue": _catalogue(rules.types, False)}
        else:
            fixed = before._fixed
        t = cls(fixed)
        t._fixed = fixed
        t["phase"] = g.phase
        t["turn"] = g.turn
        t["face_up"] = g.face_up
        t.g, t._held, t._whole, t._answers = g, None, None, None
        return t

    @property
    def held(self) -> Holdings:
        """The seats' holdings and open offers (``hints.Holdings``), counted when first read."""
        if self._held is None:
            self._held = Holdings(self.g)
        return self._held

    def _rest(self) -> dict[str, Any]:
        if self._whole is None:
            self._whole = public(self.g, copy=False)
        return self._whole

    def answers(self) -> list[int | None]:
        if self._answers is None:
            self._answers = answers_all(self.g)
        return self._answers


Table._keys = {
    # the counts of the moment that a bot reads seldom, built when first read (the table
    # lives while the game stands still)
    "active": lambda t: t.g.active,
    "planted": lambda t: t.g.planted,
    "exhaustions": lambda t: t.g.exhaustions,
    "deck_count": lambda t: len(t.g.deck),
    "discard_count": lambda t: len(t.g.discard),
    "deal": lambda t: deal_entry(t.g),
    "seats": lambda t: [_seat_part(t.g, i, s) for i, s in enumerate(t.g.seats)],
    "offers": _offers,
}


def _waiting(g: GameState, seat: int) -> str | None:
    """``waiting_for`` of ``seat`` (as ``engine.view``'s ``you``)."""
    s = g.seats[seat]
    phase = g.phase
    active = seat == g.active
    if phase == "plant" and active and s.hand:
        return "plant"
    if phase in duel.FACE_UP_PHASES and active:
        return phase
    if phase == "trade":
        d = g.deal
        if d is not None and seat in (d.active, d.other) and d.provided[seat] is None:
            return "provide"
        return "trade" if active else None
    if phase == "plant_traded" and s.to_plant:
        return "plant_traded"
    return None


class _You(_Lazy):
    """The ``you`` part of a seat's view."""

    __slots__ = ("g", "seat", "table")
    g: GameState
    seat: int
    table: Table

    def _rest(self) -> dict[str, Any]:
        rest: dict[str, Any] = own_part(self.g, self.seat, copy=False,
                                        held=self.table.held)["you"]
        return rest


def _traded(y: _You) -> dict[str, list[int]]:
    g, s = y.g, y.g.seats[y.seat]
    if g.phase == "plant_traded" and s.to_plant:
        return {b: planting.fields_for(g, s, b) for b in dict.fromkeys(s.to_plant)}
    return {}


def _deal_owes(g: GameState, seat: int) -> dict[str, int] | None:
    d = g.deal
    return dict(d.owes[seat]) if d is not None and seat in d.owes else None


def _can_withdraw(y: _You) -> list[int]:
    g = y.g
    d = g.deal
    deal_offer = d.offer if d is not None else None
    return [o.id for o in g.offers if o.owner == y.seat and o.id != deal_offer]


def _plant_fields(y: _You) -> list[int]:
    g, s = y.g, y.g.seats[y.seat]
    return planting.fields_for(g, s, s.hand[0]) if y["waiting_for"] == "plant" and g.planted < 2 \
        else []


def _deal_provided(y: _You) -> bool:
    d = y.g.deal
    return d is not None and d.provided.get(y.seat) is not None


_You._keys = {
    # built when first read (greedy reads none of them in most decisions)
    "plant_fields": _plant_fields,
    "deal_owes": lambda y: _deal_owes(y.g, y.seat),
    "deal_provided": _deal_provided,
    "can_discard": lambda y: duel.discardable(y.g, y.seat) if y.g.rules.duel else [],
    "plant_traded_fields": _traded,
    "can_accept": lambda y: market.acceptable_ids(y.g, y.seat) if y.g.offers else [],
    "can_withdraw": _can_withdraw,
    "face_up_fields": lambda y: duel.face_up_fields(y.g, y.seat),
}


def _you(t: Table, seat: int) -> _You:
    g = t.g
    s = g.seats[seat]
    waiting = _waiting(g, seat)
    y = _You(seat=seat, hand=s.hand, to_plant=s.to_plant, must_act=waiting is not None,
             waiting_for=waiting, harvestable=planting.harvestable_now(g, seat),
             can_buy=planting.buy_hint(g, seat))
    y.g, y.seat, y.table = g, seat, t
    return y


class SeatView(_Lazy):
    """One seat's view: the shared :class:`Table` plus ``you`` and ``signals``."""

    __slots__ = ("table", "seat")
    table: Table
    seat: int

    def __missing__(self, key: str) -> Any:
        if key == "you":
            value: Any = _you(self.table, self.seat)
        elif key == "signals":
            value = own_part(self.table.g, self.seat, copy=False,
                             held=self.table.held)["signals"]
        else:
            value = self.table[key]
        self[key] = value
        return value

    def _rest(self) -> dict[str, Any]:
        return {**self.table._rest(), "signals": None, "you": None}


def lazy_view(table: Table, seat: int) -> SeatView:
    """The view of ``seat`` (a player's seat) of ``table.g`` as it is now (module docstring);
    ``table``: :meth:`Table.of` the game, shared by every seat asked before it changes."""
    v = SeatView(table)
    v.table, v.seat = table, seat
    v["you"] = _you(table, seat)
    return v


def game_of(view: dict[str, Any]) -> GameState | None:
    """The game a :func:`lazy_view` reads (``None`` for any other view): a policy may read
    the public parts it needs from it rather than build them as view keys (bot games in
    the engine only; it reads only what the view shows)."""
    return view.table.g if isinstance(view, SeatView) else None
