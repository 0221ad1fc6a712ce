"""The canonical position (design.md §3, a contract): dump and (partial) load.

Stacks are listed top first in the position and kept top-last inside the engine. Extra keys
defined here: ``deal``, ``passed``, ``signals`` (per seat ``{"want": [...], "have": [...]}``),
``next_offer``, ``rng``, ``turn``, ``history``, ``removed`` (cards out of the game, top first:
the third field's coins in the duel, R25, C11); in an offer, ``to`` (the one seat it is
addressed to), only when set; ``offer_turns`` (offer id as text -> the turn it was posted
in, C13), only when some offer's turn is known; ``offer_face_up``, ``offer_traded``,
``offer_declined`` (offer id as text -> the offer's story, state.Offer), only when some offer
has it; ``revealed`` (the cards turned up in this phase 2, in order), only when set. Phases beyond design.md §3: the duel's
``plant_offer`` and ``plant_revealed`` (rules.md §3a, duel.py). A position that omits any key loads with the
defaults of design.md §5 (a missing ``rng`` is seeded with 0).
"""

from __future__ import annotations

from typing import Any, TypeVar

from .actions import CardRef
from .beans import BEANS
from .errors import RuleError
from .presets import rules_for
from .state import PHASES, Deal, GameState, Offer, Seat

S = TypeVar("S", bound=GameState)



def _side_out(side: Any) -> Any:
    return side if side == "?" else dict(side)


def dump(g: GameState) -> dict[str, Any]:
    """The game state -> canonical position (JSON-ready, new objects)."""
    seats = []
    for s in g.seats:
        seats.append({
            "name": s.name,
            "hand": s.hand[:],
            "fields": [None if f is None else [f[0], f[1]] for f in s.fields],
            "coins": s.coins[::-1],
            "to_plant": s.to_plant[:],
        })
    deal = None
    if g.deal is not None:
        d = g.deal
        deal = {
            "offer": d.offer, "active": d.active, "other": d.other,
            "owes": {str(k): dict(v) for k, v in d.owes.items()},
            "provided": {str(k): (None if v is None else [f"{r.zone}{r.index}" for r in v])
                         for k, v in d.provided.items()},
        }
    out: dict[str, Any] = {
        "preset": g.preset,
        "options": dict(g.options),
        "start_seat": g.start_seat,
        "active": g.active,
        "phase": g.phase,
        "planted": g.planted,
        "exhaustions": g.exhaustions,
        "deck": g.deck[::-1],
        "discard": g.discard[::-1],
        "face_up": g.face_up[:],
        "removed": g.removed[::-1],
        "seats": seats,
        "offers": [_offer_out(o) for o in g.offers],
        "result": None if g.result is None else {
            k: (v[:] if isinstance(v, list) else v) for k, v in g.result.items()},
        "deal": deal,
        "passed": sorted(g.passed),
        "signals": [{"want": s.want[:], "have": s.have[:]} for s in g.seats],
        "next_offer": g.next_offer,
        "rng": g.rng,
        "turn": g.turn,
        "history": [h[:] for h in g.history],
    }
    turns = {str(o.id): o.turn for o in g.offers if o.turn}
    if turns:   # C13: the turn each offer was posted in (a key of our own, design.md §3)
        out["offer_turns"] = turns
    if g.revealed:   # the cards turned up in this phase 2 (hints.face_up_places)
        out["revealed"] = g.revealed[:]
    # what the market knows of each offer's story (state.Offer), only when some offer has it
    for key, of in (("offer_face_up", lambda o: dict(o.face_up)),
                    ("offer_traded", lambda o: list(o.traded)),
                    ("offer_declined", lambda o: list(o.declined))):
        story = {str(o.id): v for o in g.offers if (v := of(o))}
        if story:
            out[key] = story
    return out


def _beans(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or any(b not in BEANS for b in value):
        raise RuleError("bad_position", f"{what} must be a list of bean names")
    return list(value)


def _offer_out(o: Offer) -> dict[str, Any]:
    """An offer of the position: ``to`` (its one addressee) only when set, so that an offer
    without one stays as design.md §3 writes it."""
    out: dict[str, Any] = {"id": o.id, "owner": o.owner, "give": _side_out(o.give),
                           "want": _side_out(o.want)}
    if o.to is not None:
        out["to"] = o.to
    return out


def _side_in(side: Any) -> Any:
    if side == "?":
        return "?"
    if not isinstance(side, dict):
        raise RuleError("bad_position", "an offer side is a map of bean to count or '?'")
    return {str(b): int(n) for b, n in side.items()}


def _ref(text: str) -> CardRef:
    zone = text[0]
    if zone not in ("h", "u"):
        raise RuleError("bad_position", f"bad card reference {text!r}")
    return CardRef(zone, int(text[1:]))  # type: ignore[arg-type]


def load(g: S, p: dict[str, Any]) -> S:
    """Fill ``g`` from the (partial) position ``p``. Raises ``RuleError`` ``bad_position``
    for any value of the wrong shape (a field without its count, an offer without its id, a
    seat that is no object: a scenario file's slip) and for a seat with fewer than 2 or more
    than 3 fields (R5: 2 or 3 at the start, at most one bought, never a fourth), ``unknown_preset`` and
    ``bad_player_count`` as ``rules_for`` does."""
    if not isinstance(p, dict):
        raise RuleError("bad_position", "a position is a JSON object")
    try:
        return _load(g, p)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as e:
        raise RuleError("bad_position", f"a value of the wrong shape "
                                        f"({type(e).__name__}: {e})") from e


def _load(g: S, p: dict[str, Any]) -> S:
    raw_seats = p.get("seats") or []
    n = len(raw_seats)
    if n < 1:
        raise RuleError("bad_position", "a position needs seats")
    g.preset = p.get("preset", "classic")
    options = {"hidden_money": False}
    options.update(p.get("options") or {})
    g.options = options
    g.rules = rules_for(g.preset, n, options)
    g.start_seat = int(p.get("start_seat", 0))
    g.active = int(p.get("active", 0))
    g.phase = p.get("phase", "plant")
    if g.phase not in PHASES:
        raise RuleError("bad_position", f"unknown phase {g.phase!r}")
    g.planted = int(p.get("planted", 0))
    g.exhaustions = int(p.get("exhaustions", 0))
    g.deck = _beans(p.get("deck"), "deck")[::-1]
    g.discard = _beans(p.get("discard"), "discard")[::-1]
    g.face_up = _beans(p.get("face_up"), "face_up")
    g.removed = _beans(p.get("removed"), "removed")[::-1]
    seats = []
    for i, rs in enumerate(raw_seats):
        rs = rs or {}
        fields: list[list[object] | None] = []
        raw_fields = rs.get("fields")
        if raw_fields is None:
            raw_fields = [None] * g.rules.start_fields
        for f in raw_fields:
            if f is None:
                fields.append(None)
            else:
                bean, count = f
                if bean not in BEANS or int(count) < 1:
                    raise RuleError("bad_position", f"bad field {f!r}")
                fields.append([bean, int(count)])
        if not 2 <= len(fields) <= 3:
            raise RuleError("bad_position", f"seat {i + 1} has {len(fields)} fields; a player "
                            "has 2 or 3, never more than 3 (R5)")
        s = Seat(str(rs.get("name", f"P{i}")), _beans(rs.get("hand"), "hand"), fields,
                 _beans(rs.get("coins"), "coins")[::-1], _beans(rs.get("to_plant"), "to_plant"))
        seats.append(s)
    g.seats = seats
    for i, sig in enumerate(p.get("signals") or []):
        if i < n and sig:
            seats[i].want = list(sig.get("want") or [])
            seats[i].have = list(sig.get("have") or [])
    g.offers = [Offer(int(o["id"]), int(o["owner"]), _side_in(o["give"]), _side_in(o["want"]),
                      None if o.get("to") is None else int(o["to"]))
                for o in p.get("offers") or []]
    turns = p.get("offer_turns") or {}
    face_up = p.get("offer_face_up") or {}
    traded = p.get("offer_traded") or {}
    declined = p.get("offer_declined") or {}
    for o in g.offers:
        k = str(o.id)
        o.turn = int(turns.get(k, 0))
        o.face_up = {str(b): int(n) for b, n in (face_up.get(k) or {}).items()}
        o.traded = tuple(int(x) for x in traded.get(k) or ())
        o.declined = tuple(int(x) for x in declined.get(k) or ())
    top = max((o.id for o in g.offers), default=0)
    g.next_offer = int(p.get("next_offer", top + 1))
    d = p.get("deal")
    if d:
        g.deal = Deal(int(d["offer"]), int(d["active"]), int(d["other"]),
                      {int(k): _side_in(v) for k, v in d["owes"].items()},
                      {int(k): (None if v is None else tuple(_ref(x) for x in v))
                       for k, v in d["provided"].items()})
    else:
        g.deal = None
    g.passed = {int(x) for x in p.get("passed") or []}
    g.revealed = _beans(p.get("revealed"), "revealed")
    g.rng = int(p.get("rng", 0))
    g.turn = int(p.get("turn", 1))
    g.history = [list(h) for h in p.get("history") or []]
    r = p.get("result")
    g.result = None if r is None else dict(r)
    return g
