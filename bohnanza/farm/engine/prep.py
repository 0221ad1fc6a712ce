"""The preparation phase: transform, plant, synthesis, rescue draw, declare the end
(F12-F22; G9-G12, G14, G19, G23). All seats act at once; each action is atomic.

Every handler checks everything before it changes anything, so a refused action changes
nothing (``RuleError``).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from bohnanza.engine.errors import RuleError

from . import piles
from .actions import Draw, HandCard, PileRef, Plant, Synth, Transform
from .rules import Exchange
from .state import Base, Seat

if TYPE_CHECKING:
    from .game import FarmGame


def check_prep(g: FarmGame, seat: int) -> Seat:
    """The acting seat in the preparation phase; raises ``wrong_phase`` / ``already_declared``."""
    if g.phase != "prep":
        raise RuleError("wrong_phase", "that is done in the preparation phase", "F11")
    s = g.seats[seat]
    if s.done:
        raise RuleError("already_declared", "you declared the end: you can do nothing more "
                        "in this preparation phase", "F21")
    return s


def hand_indices(g: FarmGame, s: Seat, refs: tuple[HandCard, ...], rule: str) -> list[int]:
    """0-based, distinct hand positions for ``refs`` (``h3`` or a card name); raises
    ``no_such_card`` / ``same_card``."""
    used: list[int] = []
    for ref in refs:
        if ref.index is not None:
            i = ref.index - 1
            if not 0 <= i < len(s.hand):
                raise RuleError("no_such_card", f"your hand has cards h1-h{len(s.hand)}, "
                                f"not h{ref.index}" if s.hand else "your hand is empty", rule)
            if i in used:
                raise RuleError("same_card", f"h{ref.index} is named twice", rule)
        else:
            i = next((k for k, c in enumerate(s.hand) if c == ref.name and k not in used), -1)
            if i < 0:
                raise RuleError("no_such_card", f"you hold no (further) {ref.name}", rule)
        used.append(i)
    return used


def remove_from_hand(s: Seat, idx: list[int]) -> list[str]:
    """Take the cards at ``idx`` out of the hand; returns them in the order of ``idx``."""
    cards = [s.hand[i] for i in idx]
    for i in sorted(idx, reverse=True):
        del s.hand[i]
    return cards


def add_to_hand(g: FarmGame, s: Seat, cards: list[str]) -> None:
    """New cards join the hand: kept in canonical order unless ``hand_ordered`` (G22,
    docs/farm.md D2)."""
    s.hand.extend(cards)
    if not g.rules.hand_ordered:
        s.hand.sort(key=g.rules.sort_key)


def _no_fit(g: FarmGame, s: Seat, give: list[int], take: list[int]) -> RuleError:
    rules = g.rules
    grade = s.grades["transform_pot"]
    later = [e for e in rules.exchanges if e.from_grade > grade and e.fits(give, take)]
    if later:
        e = later[0]
        return RuleError("pot_grade", f"that exchange ({e.describe()}) needs transformation "
                         f"pot grade {e.from_grade}; yours is {grade}", f"F{13 + e.from_grade}"
                         if 1 <= e.from_grade <= 4 else "G14")
    offers = "; ".join(e.describe() for e in rules.exchanges_at(grade))
    return RuleError("no_exchange", f"giving level {'/'.join(map(str, give))} for level "
                     f"{'/'.join(map(str, take))} fits no exchange of your pot (grade {grade}: "
                     f"{offers})", "G14")


def fitting_exchange(g: FarmGame, s: Seat, give: list[int], take: list[int]) -> Exchange | None:
    for e in g.rules.exchanges_at(s.grades["transform_pot"]):
        if e.fits(give, take):
            return e
    return None


def transform(g: FarmGame, seat: int, a: Transform) -> None:
    """Discard hand cards and take cards from piles by an exchange of the pot (F13-F17, G14);
    the exchange is the first of the pot's grade that fits (docs/farm.md D6), supply judged
    before the discards (D4)."""
    s = check_prep(g, seat)
    idx = hand_indices(g, s, a.give, "F13")
    rules = g.rules
    give_levels = [rules.card(s.hand[i]).level for i in idx]
    keys = [piles.check_ref(g, ref, "F13") for ref in a.take]
    take_levels = [ref.level for ref in a.take]
    if fitting_exchange(g, s, give_levels, take_levels) is None:
        raise _no_fit(g, s, give_levels, take_levels)
    requests = [(k, ref.card) for k, ref in zip(keys, a.take, strict=True)]
    piles.plan(g, requests, "G14")
    gave = remove_from_hand(s, idx)
    piles.discard(g, gave)
    got = piles.draw_all(g, requests)
    add_to_hand(g, s, got)
    data: dict[str, object] = {"count": len(got), "gave": gave}   # discards lie face up (G5)
    secret: dict[str, object] = {"cards": got}
    if "discards" not in rules.public:
        data["gave"], secret["gave"] = [f"{len(gave)} cards"], gave
    (data if "pile_taken" in rules.public else secret)["piles"] = keys
    g.emit("transform", seat, data, secret)


def transform_options(g: FarmGame, s: Seat) -> dict[str, list[dict[str, object]]]:
    """What the pot can make of the hand (F13-F17, G14), for the board: keyed by the levels of
    the cards given, sorted (``"1,2"``), the ways to take cards for them: ``[{"get": 1,
    "piles": [{"pile": "L1 root", "supply": 11}, ...], "default": ["L1 root"]}]``, the piles
    of every level some exchange of the pot's grade allows for those cards, each able to
    supply now (G5), and a pile for each card taken that supplies them all together (the first
    that can, card by card; shorter than ``get`` when the piles hold fewer). A level set the
    pot can use for nothing is left out."""
    rules = g.rules
    exchanges = rules.exchanges_at(s.grades["transform_pot"])
    have = Counter(rules.card(c).level for c in s.hand)
    out: dict[str, list[dict[str, object]]] = {}
    for n in sorted({e.give for e in exchanges}):
        for give in combinations_with_replacement(sorted(have), n):
            if any(give.count(lv) > have[lv] for lv in set(give)):
                continue
            levels: dict[int, set[int]] = {}
            for e in exchanges:
                ok = [lv for lv in rules.levels if e.fits(list(give), [lv] * e.get)]
                if ok:
                    levels.setdefault(e.get, set()).update(ok)
            ways = []
            for get, lvs in sorted(levels.items()):
                options = [p for lv in sorted(lvs)
                           for p in piles.draw_options(g, lv, list(rules.categories))]
                if options:
                    ways.append({"get": get, "piles": options,
                                 "default": _fill(g, [str(p["pile"]) for p in options], get)})
            if ways:
                out[",".join(map(str, give))] = ways
    return out


def _fill(g: FarmGame, keys: list[str], count: int) -> list[str]:
    """A pile of ``keys`` for each of ``count`` cards, the first that can still supply (G5)."""
    supply = piles.Supply(g)
    out: list[str] = []
    for _ in range(count):
        key = next((k for k in keys if supply.available(k)), None)
        if key is None:
            break
        supply.take(key, None)
        out.append(key)
    return out


def synth_room(g: FarmGame, s: Seat, base: Base | None) -> int:
    """How many more synthesis cards may go on ``base`` (``None``: a new base), F19, G10."""
    cap = g.rules.max_synth[s.grades["synth_pot"] - 1]
    if g.rules.synth_scope == "total":
        used = sum(len(b.synth) for _, b in s.bases())
        return max(0, cap - used)
    return max(0, cap - (len(base.synth) if base is not None else 0))


def _check_synth_cards(g: FarmGame, base_card: str, cards: list[str]) -> None:
    rules = g.rules
    if rules.synth_allowed == "any":
        return
    b = rules.card(base_card)
    for c in cards:
        cc = rules.card(c)
        if rules.synth_allowed == "same_category" and cc.category != b.category:
            raise RuleError("synth_not_allowed", f"{c} is not a {b.category} card: only cards "
                            "of the base's category may be synthesized here", "G12")
        if rules.synth_allowed == "same_level" and cc.level != b.level:
            raise RuleError("synth_not_allowed", f"{c} is not level {b.level}: only cards of "
                            "the base's level may be synthesized here", "G12")


def plant(g: FarmGame, seat: int, a: Plant) -> None:
    """Plant a base face down in the lowest free slot (docs/farm.md D8), with synthesis cards
    (F18, F19)."""
    s = check_prep(g, seat)
    slot = next((i for i, b in enumerate(s.field) if b is None), -1)
    if slot < 0:
        raise RuleError("field_full", f"your field (grade {s.grades['field']}) holds "
                        f"{len(s.field)} base{'s' if len(s.field) != 1 else ''}, all planted",
                        "F18")
    idx = hand_indices(g, s, (a.base, *a.synth), "F18")
    room = synth_room(g, s, None)
    if len(a.synth) > room:
        raise RuleError("synth_limit", f"your synthesis pot (grade {s.grades['synth_pot']}) "
                        f"allows {room} synthesis card{'s' if room != 1 else ''} here", "F19")
    cards = [s.hand[i] for i in idx]
    _check_synth_cards(g, cards[0], cards[1:])
    remove_from_hand(s, idx)
    s.field[slot] = Base(cards[0], cards[1:], g.turn_number)
    data: dict[str, object] = {"slot": slot + 1}
    secret: dict[str, object] = {"card": cards[0], "synth": cards[1:]}
    (data if "synth_count" in g.rules.public else secret)["synth_count"] = len(cards) - 1  # G31
    g.emit("plant", seat, data, secret)


def synth(g: FarmGame, seat: int, a: Synth) -> None:
    """Lay synthesis cards on a base planted in this preparation phase (F19, G11)."""
    s = check_prep(g, seat)
    if not 1 <= a.slot <= len(s.field) or s.field[a.slot - 1] is None:
        raise RuleError("no_base", f"there is no base in your slot {a.slot}", "F19")
    base = s.field[a.slot - 1]
    assert base is not None
    if base.entered:
        raise RuleError("already_entered", "that vegetable is entered in the contest", "G26")
    if g.rules.synth_timing == "same_phase" and base.planted != g.turn_number:
        raise RuleError("synth_timing", "synthesis cards go only on a base planted in this "
                        "preparation phase", "G11")
    if not a.cards:
        raise RuleError("no_such_card", "name the cards to synthesize, like /synth b1 h2", "F19")
    idx = hand_indices(g, s, a.cards, "F19")
    room = synth_room(g, s, base)
    if len(idx) > room:
        raise RuleError("synth_limit", f"your synthesis pot (grade {s.grades['synth_pot']}) "
                        f"allows {room} more synthesis card{'s' if room != 1 else ''} there",
                        "F19")
    cards = [s.hand[i] for i in idx]
    _check_synth_cards(g, base.card, cards)
    remove_from_hand(s, idx)
    base.synth.extend(cards)
    data: dict[str, object] = {"slot": a.slot}
    secret: dict[str, object] = {"cards": cards}
    (data if "synth_count" in g.rules.public else secret)["count"] = len(cards)   # G31
    g.emit("synth", seat, data, secret)


def _rescue(g: FarmGame, seat: int, given: tuple[PileRef, ...]) -> None:
    s = g.seats[seat]
    rules = g.rules
    requests = piles.resolve_draws(g, s.rescue, rules.rescue_level, list(rules.categories),
                                   given, "G23")
    got = piles.draw_all(g, requests)
    s.rescue = 0
    add_to_hand(g, s, got)
    piles.emit_draw(g, seat, requests, got, "rescue")


def draw(g: FarmGame, seat: int, a: Draw) -> None:
    """Take the pending rescue cards (G23)."""
    s = check_prep(g, seat)
    if s.rescue <= 0:
        raise RuleError("no_rescue", "only a player who starts a preparation phase with no "
                        "hand and no bases takes rescue cards", "G23")
    _rescue(g, seat, a.piles)


def declare(g: FarmGame, seat: int, forced: bool = False) -> None:
    """Take the lowest turn-order card left (F20, F22); pending rescue cards are taken first
    from the default piles (docs/farm.md D5)."""
    s = g.seats[seat]
    if s.rescue > 0:
        _rescue(g, seat, ())
    s.done = True
    s.order_card = g.order_stack.pop(0)
    g.emit("declare", seat, {"card": s.order_card, "forced": forced})
