"""The harvest phase: ship, upgrade, enter, hand adjustment (F23-F32; G7, G13, G15, G16,
G20, G21, G24-G26). One seat at a time, highest turn-order card first (F23).

Every handler checks everything before it changes anything (``RuleError``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bohnanza.engine.errors import RuleError

from . import contest, piles
from .actions import Adjust, Enter, Ship, Upgrade
from .prep import add_to_hand, hand_indices, remove_from_hand
from .rules import FACILITIES
from .state import Base, Seat

if TYPE_CHECKING:
    from .game import FarmGame

SHIP, UPGRADE, ENTER = 0, 1, 2
"""Steps of a harvest turn when ``turn.harvest_any_order = false`` (G20)."""

_STEP_NAMES = ("ship", "upgrade", "enter")


def check_harvest(g: FarmGame, seat: int, step: int) -> Seat:
    """The seat whose harvest turn it is; raises ``wrong_phase``, ``not_your_turn``,
    ``out_of_order`` (``harvest_any_order = false``: ship, upgrade, enter, docs/farm.md D12)."""
    if g.phase != "harvest":
        raise RuleError("wrong_phase", "that is done in your harvest turn", "F24")
    if seat != g.active:
        who = g.seats[g.active].name if g.active is not None else "?"
        raise RuleError("not_your_turn", f"it is {who}'s harvest turn", "F23")
    s = g.seats[seat]
    if not g.rules.harvest_any_order and step < s.step:
        raise RuleError("out_of_order", f"{_STEP_NAMES[step]} comes before "
                        f"{_STEP_NAMES[s.step]} in a harvest turn here "
                        "(turn.harvest_any_order = false)", "G20")
    return s


def base_at(s: Seat, slot: int, rule: str) -> Base:
    if not 1 <= slot <= len(s.field) or s.field[slot - 1] is None:
        raise RuleError("no_base", f"there is no base in your slot {slot}", rule)
    b = s.field[slot - 1]
    assert b is not None
    return b


def _check_grown(g: FarmGame, b: Base) -> None:
    if not g.rules.ship_same_turn and b.planted == g.turn_number:
        raise RuleError("too_young", "a base planted in this turn can be shipped or entered "
                        "from the next turn on (field.ship_same_turn = false)", "G13")


def ship_value(g: FarmGame, b: Base) -> int:
    """Cost a shipment pays (F26): base + base level + the bonuses of base and synthesis."""
    rules = g.rules
    base = rules.card(b.card)
    value = rules.ship_base + (base.level if rules.ship_add_level else 0) + base.bonus
    return value + sum(rules.card(c).bonus for c in b.synth)


def draw_categories(g: FarmGame, b: Base) -> list[str]:
    """Categories a shipment may draw from, the default first (G15, docs/farm.md D5)."""
    cat = g.rules.card(b.card).category
    if g.rules.draw_category == "base":
        return [cat]
    return [cat, *(c for c in g.rules.categories if c != cat)]


def draw_level(g: FarmGame, b: Base) -> int:
    """The level of the cards a shipment takes: the base's, or the set's fixed one (G15)."""
    rules = g.rules
    return rules.card(b.card).level if rules.draw_level == "base" else int(rules.draw_level)


def ship(g: FarmGame, seat: int, a: Ship) -> None:
    """Turn a base and its synthesis cards face up, gain cost, discard them, take cards of the
    base's level (F25-F27, G5, G15)."""
    s = check_harvest(g, seat, SHIP)
    b = base_at(s, a.slot, "F25")
    if b.entered:
        raise RuleError("already_entered", "an entered vegetable cannot be shipped", "G26")
    _check_grown(g, b)
    rules = g.rules
    cards = b.cards()
    # F27: the cards are discarded first, then taken: the shipped cards can come back (D4)
    requests = piles.resolve_draws(g, rules.draw_count, draw_level(g, b),
                                   draw_categories(g, b), a.piles, "G15", cards)
    value = ship_value(g, b)
    s.field[a.slot - 1] = None
    piles.discard(g, cards)
    s.cost += value
    s.earned += value
    s.step = SHIP
    data: dict[str, object] = {"slot": a.slot, "cards": cards}
    secret: dict[str, object] = {}
    (data if "cost" in rules.public else secret)["gain"] = value
    g.emit("ship", seat, data, secret)
    got = piles.draw_all(g, requests)
    add_to_hand(g, s, got)
    piles.emit_draw(g, seat, requests, got, "ship")


def upgrade(g: FarmGame, seat: int, a: Upgrade) -> None:
    """Pay the next grade's price and raise the facility one grade (F28, G7, G16)."""
    s = check_harvest(g, seat, UPGRADE)
    if a.facility not in FACILITIES:
        raise RuleError("no_such_facility", f"{a.facility!r} is not a facility; choose "
                        + ", ".join(FACILITIES), "F7")
    rules = g.rules
    grade = s.grades[a.facility]
    price = rules.price(a.facility, grade)
    if price is None:
        raise RuleError("max_grade", f"your {a.facility.replace('_', ' ')} is at grade "
                        f"{grade}, the top", "G16")
    if s.cost < price:
        raise RuleError("cannot_afford", f"grade {grade + 1} costs {price}; you have "
                        f"{s.cost}", "F28")
    s.cost -= price
    s.grades[a.facility] = grade + 1
    s.step = UPGRADE
    if a.facility == "field":
        want = rules.max_bases[grade]
        s.field.extend([None] * max(0, want - len(s.field)))
    data: dict[str, object] = {"facility": a.facility, "grade": grade + 1}
    secret: dict[str, object] = {}
    if "grades" not in rules.public:  # G31: the others read that a facility went up, not which
        data, secret = {}, data
    (data if "cost" in rules.public else secret)["price"] = price
    g.emit("upgrade", seat, data, secret)


def eligible(g: FarmGame, b: Base) -> str | None:
    """Why ``b`` may not enter this turn's contest (a rule error code), or ``None`` (F30,
    G25)."""
    c = contest.current(g)
    if c is None:
        return "no_contest"
    rules = g.rules
    card = rules.card(b.card)
    if rules.entry_needs_category and card.category != c["category"]:
        return "wrong_category"
    if rules.entry_needs_level and card.level < rules.contest_level(g.cycle):
        return "level_too_low"
    return None


def enter(g: FarmGame, seat: int, a: Enter) -> None:
    """Enter a base in this turn's contest: the base face up, its synthesis cards face down
    (F29, F30, G21, G24, G25)."""
    s = check_harvest(g, seat, ENTER)
    c = contest.current(g)
    if c is None:
        raise RuleError("no_contest", f"turn {g.turn} of a cycle has no contest", "G21")
    b = base_at(s, a.slot, "F29")
    if b.entered:
        raise RuleError("already_entered", "that vegetable is already entered", "G24")
    mine = sum(1 for st, _ in g.entries if st == seat)
    if mine >= g.rules.entries_per_player:
        raise RuleError("entry_limit", f"at most {g.rules.entries_per_player} "
                        f"entr{'y' if g.rules.entries_per_player == 1 else 'ies'} per player "
                        "in a contest", "G24")
    _check_grown(g, b)
    why = eligible(g, b)
    level = g.rules.contest_level(g.cycle)
    if why == "wrong_category":
        raise RuleError(why, f"this contest is for {c['category']}; {b.card} is not", "F30")
    if why == "level_too_low":
        raise RuleError(why, f"this contest needs a base of level {level} or more "
                        f"(contest level {level}); {b.card} is level "
                        f"{g.rules.card(b.card).level}", "F30")
    b.entered = True
    s.step = ENTER
    g.entries.append((seat, a.slot))
    # G31: the entry shows from the moment it is made when ``entries`` is public (the base
    # face up, F29), else only the fact that a vegetable went in until the contest (F33)
    data: dict[str, object] = {"slot": a.slot, "card": b.card, "synth_count": len(b.synth)}
    secret: dict[str, object] = {}
    public = g.rules.public
    for key in ("slot", "card", "synth_count"):
        if "entries" not in public or (key == "synth_count" and "synth_count" not in public):
            secret[key] = data.pop(key)
    g.emit("enter", seat, data, secret)


def hand_limit(g: FarmGame, s: Seat) -> int:
    """The storage box's hand limit (F31); an upgrade works at once (G16)."""
    return g.rules.hand_limit[s.grades["storage_box"] - 1]


def adjust(g: FarmGame, seat: int, a: Adjust) -> None:
    """Discard exactly the cards over the hand limit, which ends the harvest turn (F31, F32,
    G20; docs/farm.md D7)."""
    s = check_harvest(g, seat, ENTER)
    excess = max(0, len(s.hand) - hand_limit(g, s))
    if len(a.discard) != excess:
        if excess == 0:
            raise RuleError("wrong_discard_count", f"your hand ({len(s.hand)} cards) is within "
                            f"the limit of {hand_limit(g, s)}: discard nothing (/done)", "F31")
        raise RuleError("wrong_discard_count", f"discard exactly {excess} card"
                        f"{'s' if excess != 1 else ''} to reach your hand limit of "
                        f"{hand_limit(g, s)}", "F31")
    idx = hand_indices(g, s, a.discard, "F31")
    cards = remove_from_hand(s, idx)
    piles.discard(g, cards)
    data: dict[str, object] = {"cards": cards}
    secret: dict[str, object] = {}
    if "discards" not in g.rules.public:
        data = {"cards": [f"{len(cards)} cards"]} if cards else {"cards": []}
        secret = {"cards": cards}
    g.emit("adjust", seat, data, secret)
    g.end_harvest_turn()
