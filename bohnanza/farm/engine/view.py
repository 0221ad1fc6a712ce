"""Per-seat views of a farm game, built by whitelist (G31).

Every value placed in a view is chosen here; nothing is deleted from a full dump. The public
part is the same for every viewer: hands as counts, face-down bases and synthesis cards as
card backs (``"?"``, or ``"L2"`` / ``"L2 root"`` when ``info.card_back_shows`` says the back
shows the level / category), pile sizes, the face-up discards, the schedule, turn-order cards,
entries and contest results. Facts ``info.public`` leaves out (cost, VP, grades, hand size,
synthesis counts, entries, discards) are left out for everyone but their owner until the game
is over. The viewer's own hand and bases, and the hints for the board and bots, are in
``you``. Never in a view: the order of a pile, the generator state. With ``piles.take =
search`` a pile's contents show, sorted (docs/farm.md D3); once the game is over every card
shows (D10). Shape: docs/farm.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import contest, final, harvest, piles, prep
from .position import plain_copy
from .rules import FACILITIES

if TYPE_CHECKING:
    from .game import FarmGame
    from .state import Base


def back(g: FarmGame, card: str) -> str:
    """What the back of ``card`` shows to those who may not see its face (G31)."""
    shows = g.rules.back_shows
    if not shows:
        return "?"
    c = g.rules.card(card)
    parts = []
    if "level" in shows:
        parts.append(f"L{c.level}")
    if "category" in shows:
        parts.append(c.category)
    return " ".join(parts)


def _slot_public(g: FarmGame, b: Base | None) -> dict[str, Any] | None:
    if b is None:
        return None
    rules = g.rules
    over = g.phase == "over"
    # an entry shows from the moment it is made only when ``entries`` is public (G31)
    entered = b.entered and ("entries" in rules.public or over)
    base_open = entered or over or "base" not in rules.hidden
    synth_open = over or "synth" not in rules.hidden
    out: dict[str, Any] = {
        "base": b.card if base_open else back(g, b.card),
        "face_up": base_open,
        "entered": entered,
        "new": b.planted == g.turn_number,
    }
    if synth_open:
        out["synth"] = b.synth[:]
    elif "synth_count" in rules.public:
        out["synth"] = [back(g, c) for c in b.synth]
    return out


def public(g: FarmGame) -> dict[str, Any]:
    """The part of every view that is the same for all viewers."""
    rules = g.rules
    over = g.phase == "over"
    pub = rules.public if not over else rules.public | {
        "cost", "vp", "grades", "hand_size", "synth_count", "entries", "discards"}
    seats = []
    for i, s in enumerate(g.seats):
        row: dict[str, Any] = {
            "name": s.name,
            "field": [_slot_public(g, b) for b in s.field],
            "order_card": s.order_card,
            "done": s.done,
            "rescue": s.rescue,
            "must_act": g.must_act(i) if not over else False,
        }
        if "cost" in pub:
            row["cost"] = s.cost
        if "vp" in pub:
            row["vp"] = s.vp
        if "grades" in pub:
            row["grades"] = {k: s.grades[k] for k in FACILITIES}
        if "hand_size" in pub:
            row["hand_count"] = len(s.hand)
        if "hand" not in rules.hidden or over:
            row["hand"] = s.hand[:]
        elif rules.back_shows:
            row["hand_backs"] = [back(g, c) for c in s.hand]
        seats.append(row)
    piles = []
    for key in rules.pile_keys():
        p: dict[str, Any] = {"pile": key, "count": len(g.piles[key])}
        if "discards" in pub:
            p["discards"] = g.discards[key][::-1]
        else:
            p["discard_count"] = len(g.discards[key])
        if rules.take == "search":   # a searched pile shows what it holds, never its order
            p["contents"] = sorted(g.piles[key], key=rules.sort_key)
        piles.append(p)
    level = rules.contest_level(g.cycle)
    now = contest.current(g) if g.phase != "over" else None
    view: dict[str, Any] = {
        "game": "farm",
        "params_name": g.params_name,
        "params_hash": g.params_hash,
        "params": g.params,
        "phase": g.phase,
        "cycle": g.cycle,
        "turn": g.turn,
        "turn_number": g.turn_number,
        "turns_total": rules.turns_total,
        "contest_level": level,
        "schedule": [_contest_row(g, c, level) for c in g.schedule],
        # every turn of the cycle in order, its contest or null (F2, G21: game.contest_turns)
        "cycle_turns": _cycle_turns(g, level),
        "contest": None if now is None else _contest_row(g, now, level),
        "order_stack": g.order_stack[:],
        "harvest_order": g.harvest_order[:],
        "active": g.active,
        "piles": piles,
        "seats": seats,
        "contests": _contests(g, pub),
        "history": _history(g, pub),
        "result": _result(g),
    }
    if "entries" in pub:
        view["entries"] = [{"seat": st, "slot": sl, "card": _card_at(g, st, sl)}
                           for st, sl in g.entries]
    return view


def _contest_row(g: FarmGame, c: dict[str, Any], level: int) -> dict[str, Any]:
    """A contest of the schedule with its level (F30) and the lowest base level it admits
    (``min_level``: the contest level, or null when ``contest.eligibility`` asks none, G25)."""
    return {**c, "level": level, "min_level": level if g.rules.entry_needs_level else None}


def _cycle_turns(g: FarmGame, level: int) -> list[dict[str, Any]]:
    """``[{"turn": 1, "contest": None}, {"turn": 2, "contest": {...}}, ...]``: which turns of
    this cycle have a contest (F2, F10, G21), so the board need not know."""
    by_turn = {c["turn"]: _contest_row(g, c, level) for c in g.schedule}
    return [{"turn": t, "contest": by_turn.get(t)}
            for t in range(1, g.rules.turns_per_cycle + 1)]


def _result(g: FarmGame) -> dict[str, Any] | None:
    """The result with the final table in the rules' order (F3, G30, docs/farm.md D21); a
    game stored before results carried it gets it here."""
    if g.result is None:
        return None
    out: dict[str, Any] = plain_copy(g.result)
    if "standings" not in out:
        out["standings"] = final.standings(g.rules, g.seats)
    return out


def _card_at(g: FarmGame, seat: int, slot: int) -> str:
    b = g.seats[seat].field[slot - 1]
    return b.card if b is not None else "?"


def _contests(g: FarmGame, pub: frozenset[str]) -> list[dict[str, Any]]:
    """Every contest result, its entries in placed order (F39, G29; the engine records them
    so; a result stored before it did is put in that order here: placed first, then by
    score, a stable sort)."""
    out = []
    for c in g.contests:
        rows = []
        for e in sorted(c["entries"], key=lambda e: (e.get("place") is None,
                                                     e.get("place") or 0, -e["score"])):
            row = {k: (v[:] if isinstance(v, list) else v) for k, v in e.items()}
            if "vp" not in pub:
                row.pop("vp", None)
            rows.append(row)
        out.append({**{k: v for k, v in c.items() if k != "entries"}, "entries": rows})
    return out


def _history(g: FarmGame, pub: frozenset[str]) -> list[dict[str, Any]]:
    keep = {"turn"} | ({"grades"} & pub) | ({"vp"} & pub) | ({"cost"} & pub)
    if "cost" in pub:
        keep.add("earned")
    return [{k: ([x[:] if isinstance(x, list) else x for x in v] if isinstance(v, list) else v)
             for k, v in h.items() if k in keep} for h in g.history]


def you(g: FarmGame, seat: int | None) -> dict[str, Any] | None:
    """What only ``seat`` sees, with hints for the board and bots (``None``: spectators)."""
    if seat is None or not 0 <= seat < len(g.seats):
        return None
    rules = g.rules
    s = g.seats[seat]
    phase = g.phase
    prepping = phase == "prep" and not s.done
    harvesting = phase == "harvest" and g.active == seat
    waiting: str | None = None
    if prepping:
        waiting = "rescue" if s.rescue else "prep"
    elif harvesting:
        waiting = "harvest"
    field = [None if b is None else {"base": b.card, "synth": b.synth[:], "entered": b.entered,
                                     "new": b.planted == g.turn_number, "planted": b.planted}
             for b in s.field]
    synth_room: dict[str, int] = {}
    free_slots: list[int] = []
    new_base_synth = 0
    exchanges: list[int] = []
    transforms: dict[str, list[dict[str, Any]]] = {}
    if prepping:
        free_slots = [i + 1 for i, b in enumerate(s.field) if b is None]
        new_base_synth = prep.synth_room(g, s, None)
        for slot, b in s.bases():
            if b.entered or (rules.synth_timing == "same_phase" and b.planted != g.turn_number):
                continue
            room = prep.synth_room(g, s, b)
            if room:
                synth_room[str(slot)] = room
        exchanges = [e.index for e in rules.exchanges_at(s.grades["transform_pot"])]
        transforms = prep.transform_options(g, s)
    can_ship: list[int] = []
    can_enter: list[int] = []
    can_upgrade: list[str] = []
    must_discard = 0
    # the piles each draw may name, the default first, with what each can supply (G15, G23):
    # the board offers these and nothing it works out itself
    ship_draws: dict[str, dict[str, Any]] = {}
    rescue_draw = None
    if prepping and s.rescue:
        rescue_draw = piles.draw_hint(g, s.rescue, rules.rescue_level, list(rules.categories))
    limit = harvest.hand_limit(g, s)
    if harvesting:
        step_ok = rules.harvest_any_order
        for slot, b in s.bases():
            grown = rules.ship_same_turn or b.planted != g.turn_number
            if not b.entered and grown and (step_ok or s.step <= harvest.SHIP):
                can_ship.append(slot)
            mine = sum(1 for st, _ in g.entries if st == seat)
            if (not b.entered and grown and mine < rules.entries_per_player
                    and harvest.eligible(g, b) is None
                    and (step_ok or s.step <= harvest.ENTER)):
                can_enter.append(slot)
        if step_ok or s.step <= harvest.UPGRADE:
            for k in FACILITIES:
                price = rules.price(k, s.grades[k])
                if price is not None and price <= s.cost:
                    can_upgrade.append(k)
        must_discard = max(0, len(s.hand) - limit)
        for slot, base in s.bases():
            if slot in can_ship:
                ship_draws[str(slot)] = piles.draw_hint(
                    g, rules.draw_count, harvest.draw_level(g, base),
                    harvest.draw_categories(g, base), base.cards())   # F27, D4
    return {
        "seat": seat,
        "hand": s.hand[:],
        "hand_limit": limit,
        "field": field,
        "cost": s.cost,
        "vp": s.vp,
        "grades": {k: s.grades[k] for k in FACILITIES},
        "prices": {k: rules.price(k, s.grades[k]) for k in FACILITIES},
        "must_act": waiting is not None,
        "waiting_for": waiting,
        "done": s.done,
        "rescue": s.rescue,
        "free_slots": free_slots,
        "new_base_synth": new_base_synth,
        "synth_room": synth_room,
        "exchanges": exchanges,
        # {"1,1": [{"get": 1, "piles": [{"pile": "L1 root", "supply": 11}, ...], "default":
        # ["L1 root"]}], ...}: by the levels of the cards given, what the pot may take for them
        # (F13-F17, G14) and from where by default (piles that supply every card, G5)
        "transforms": transforms,
        "can_ship": can_ship,
        # {slot: {"count": cards taken, "piles": [{"pile": "L1 root", "supply": 11}, ...],
        #         "default": the pile of each card it brings when none is named}}
        "ship_draws": ship_draws,
        # {"count": ..., "piles": [...]} while rescue cards wait (G23), else None
        "rescue_draw": rescue_draw,
        "can_enter": can_enter,
        "can_upgrade": can_upgrade,
        "must_discard": must_discard,
    }


def build(g: FarmGame, seat: int | None) -> dict[str, Any]:
    """The view for ``seat`` (``None``: spectators)."""
    return {**public(g), "you": you(g, seat)}
