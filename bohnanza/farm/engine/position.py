"""The canonical position of a farm game: dump and (partial) load (docs/farm.md).

A complete game state as JSON, hidden information included; never sent to a client.
``load(p)`` then ``dump`` gives ``p`` back exactly for any dumped position. Every stack lists
its top card first. A partial position (scenarios) loads with these defaults: phase ``prep``,
cycle 1, turn 1, no schedule, the turn-order cards not held back on the stack, grades 1, cost
0, VP 0, empty hands, piles and discards, a field of as many free slots as its grade allows, a
base planted in the current turn and not entered, the entries of the bases marked entered,
generator state 0. ``params`` is required: a full parameter dict (the parameter layer fills a
partial one from the default set, ``bohnanza.farm.params``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bohnanza.engine.errors import RuleError

from .rules import FACILITIES
from .state import Base, Seat

if TYPE_CHECKING:
    from .game import FarmGame


def plain_copy(x: Any) -> Any:
    """A copy of JSON data (dicts, lists, scalars), several times faster than a deep copy."""
    if isinstance(x, dict):
        return {k: plain_copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [plain_copy(v) for v in x]
    return x


def _base_out(b: Base | None) -> dict[str, Any] | None:
    if b is None:
        return None
    return {"base": b.card, "synth": b.synth[:], "planted": b.planted, "entered": b.entered}


def dump(g: FarmGame) -> dict[str, Any]:
    """``FarmGame`` -> canonical position (JSON-ready, new objects)."""
    seats = []
    for s in g.seats:
        seats.append({
            "name": s.name, "hand": s.hand[:], "field": [_base_out(b) for b in s.field],
            "grades": {k: s.grades[k] for k in FACILITIES}, "cost": s.cost, "vp": s.vp,
            "earned": s.earned, "order_card": s.order_card, "done": s.done,
            "rescue": s.rescue, "step": s.step,
        })
    return {
        "game": "farm",
        "params_name": g.params_name,
        "params_hash": g.params_hash,
        "params": plain_copy(g.params),
        "phase": g.phase,
        "cycle": g.cycle,
        "turn": g.turn,
        "schedule": [dict(c) for c in g.schedule],
        "order_stack": g.order_stack[:],
        "harvest_order": g.harvest_order[:],
        "active": g.active,
        "piles": {k: v[::-1] for k, v in g.piles.items()},
        "discards": {k: v[::-1] for k, v in g.discards.items()},
        "seats": seats,
        "entries": [[s, b] for s, b in g.entries],
        "contests": plain_copy(g.contests),
        "history": plain_copy(g.history),
        "rng": g.rng,
        "result": plain_copy(g.result),
    }


def _bad(msg: str) -> RuleError:
    return RuleError("bad_position", msg)


def _int(p: dict[str, Any], key: str, default: int) -> int:
    v = p.get(key, default)
    if not isinstance(v, int) or isinstance(v, bool):
        raise _bad(f"{key} must be a whole number")
    return v


def load(p: dict[str, Any]) -> FarmGame:
    """A ``FarmGame`` from the (partial) position ``p``. Raises ``RuleError("bad_position")``
    (or ``bad_params``) naming what is wrong."""
    from .game import PHASES, FarmGame

    if not isinstance(p, dict):
        raise _bad("a position is a JSON object")
    if p.get("game", "farm") != "farm":
        raise _bad(f"this is a position of {p.get('game')!r}, not of the farm game")
    params = p.get("params")
    if not isinstance(params, dict):
        raise _bad("a farm position needs its full parameter set under 'params'")
    g = FarmGame(plain_copy(params), p.get("params_name"))
    if "params_hash" in p and p["params_hash"] != g.params_hash:
        raise _bad(f"params_hash {p['params_hash']!r} does not match the parameters "
                   f"({g.params_hash})")
    rules = g.rules
    raw_seats = p.get("seats") or []
    if not isinstance(raw_seats, list) or not raw_seats:
        raise _bad("a position needs seats")
    n = len(raw_seats)
    g.phase = p.get("phase", "prep")
    if g.phase not in PHASES:
        raise _bad(f"unknown phase {g.phase!r}; one of {', '.join(PHASES)}")
    g.cycle = _int(p, "cycle", 1)
    g.turn = _int(p, "turn", 1)
    if not 1 <= g.cycle <= rules.cycles or not 1 <= g.turn <= rules.turns_per_cycle:
        raise _bad(f"cycle {g.cycle}, turn {g.turn} is outside the game")

    def cards(value: Any, what: str) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise _bad(f"{what} must be a list of cards")
        for c in value:
            try:
                rules.card(c)
            except RuleError:
                raise _bad(f"{what}: {c!r} is not a card (write 'L2 root shape+2')") from None
        return list(value)

    keys = rules.pile_keys()
    for what, target in (("piles", g.piles), ("discards", g.discards)):
        raw = p.get(what) or {}
        if not isinstance(raw, dict):
            raise _bad(f"{what} maps a pile name to its cards, top first")
        for k, v in raw.items():
            if k not in target:
                raise _bad(f"{what}: no pile {k!r}; the piles are {', '.join(keys)}")
            target[k] = cards(v, f"{what}.{k}")[::-1]
    turn_number = (g.cycle - 1) * rules.turns_per_cycle + g.turn
    seats = []
    for i, rs in enumerate(raw_seats):
        rs = rs or {}
        grades = {k: 1 for k in FACILITIES}
        for k, v in (rs.get("grades") or {}).items():
            if k not in grades or not isinstance(v, int) or not 1 <= v <= rules.max_grade:
                raise _bad(f"seats[{i}].grades.{k}: a facility grade 1-{rules.max_grade}")
            grades[k] = v
        slots = rules.max_bases[grades["field"] - 1]
        field: list[Base | None] = []
        for j, rb in enumerate(rs.get("field") or []):
            if rb is None:
                field.append(None)
                continue
            if not isinstance(rb, dict) or "base" not in rb:
                raise _bad(f"seats[{i}].field[{j}]: null or {{'base': card, 'synth': [...]}}")
            base = cards([rb["base"]], f"seats[{i}].field[{j}].base")[0]
            field.append(Base(base, cards(rb.get("synth"), f"seats[{i}].field[{j}].synth"),
                              int(rb.get("planted", turn_number)), bool(rb.get("entered"))))
        if len(field) > slots:
            raise _bad(f"seats[{i}].field has {len(field)} slots; field grade "
                       f"{grades['field']} allows {slots}")
        field.extend([None] * (slots - len(field)))
        s = Seat(str(rs.get("name", f"P{i}")), cards(rs.get("hand"), f"seats[{i}].hand"),
                 field, grades, _int(rs, "cost", rules.start_cost), _int(rs, "vp", 0),
                 _int(rs, "earned", 0))
        oc = rs.get("order_card")
        s.order_card = None if oc is None else int(oc)
        s.done = bool(rs.get("done", s.order_card is not None))
        s.rescue = _int(rs, "rescue", 0)
        s.step = _int(rs, "step", 0)
        seats.append(s)
    g.seats = seats
    held = {s.order_card for s in seats}
    stack = p.get("order_stack")
    g.order_stack = ([c for c in range(1, n + 1) if c not in held] if stack is None
                     else [int(x) for x in stack])
    g.schedule = [dict(c) for c in p.get("schedule") or []]
    for c in g.schedule:
        if c.get("category") not in rules.categories or c.get("evaluation") not in rules.counts:
            raise _bad(f"schedule entry {c!r}: a category and an evaluation of the parameters")
    order = p.get("harvest_order")
    if order is None:
        order = (sorted(range(n), key=lambda i: -(seats[i].order_card or 0))
                 if g.phase == "harvest" else [])
    g.harvest_order = [int(x) for x in order]
    active = p.get("active", g.harvest_order[0] if g.harvest_order else None)
    if active is not None and not (isinstance(active, int) and 0 <= active < n):
        raise _bad(f"active must be a seat 0-{n - 1} or null")
    g.active = active
    entries = p.get("entries")
    if entries is None:
        entries = [[i, slot] for i, s in enumerate(seats) for slot, b in s.bases() if b.entered]
    g.entries = [(int(a), int(b)) for a, b in entries]
    g.contests = plain_copy(p.get("contests") or [])
    g.history = plain_copy(p.get("history") or [])
    g.rng = _int(p, "rng", 0)
    r = p.get("result")
    g.result = None if r is None else plain_copy(r)
    return g
