"""The numbers of one farm game, read from a parameter set (farm-rules.md §3).

:func:`rules_from_params` turns the plain parameter dict (what ``bohnanza.farm.params``
validates from ``farm.toml``: JSON-ready, every key present) into a frozen :class:`Rules`.
Nothing the draft or a [house] default fixes is written here as a number: every count, price,
grade table, card list and rule variant comes from the dict. The engine never reads a file;
validation with clear messages is the parameter layer's work, and a dict that lacks a key or
has the wrong shape only raises ``RuleError("bad_params")`` naming that key.

Card names: a card is written ``"L2 root shape+2"`` (level, category, bonus attribute and
bonus, the notation of farm-rules.md §4); identical cards are interchangeable. A pile is named
``"L2 root"`` (``piles.mode = "level_category"``, G2) or ``"L2"`` (``"level"``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bohnanza.engine.errors import RuleError

FACILITIES: tuple[str, ...] = ("transform_pot", "field", "synth_pot", "storage_box")
"""The four facility kinds of F7, in the draft's order."""


class Card(NamedTuple):
    """A seed card's faces (G1): level, category, bonus attribute, bonus."""

    level: int
    category: str
    attribute: str
    bonus: int


def card_name(c: Card) -> str:
    """``Card(2, "root", "shape", 2)`` -> ``"L2 root shape+2"``."""
    return f"L{c.level} {c.category} {c.attribute}+{c.bonus}"


@dataclass(frozen=True, slots=True)
class Exchange:
    """One transformation of the pot (F14-F17, G14): give ``give`` hand cards, take ``get``.

    ``give_same_level``: all given cards share one level; ``give_min_level``: each is at least
    that level. ``get_same_level``: each card taken has the given cards' level;
    ``get_max_level`` / ``get_min_level`` bound the level taken. Usable from pot grade
    ``from_grade`` on.
    """

    index: int
    from_grade: int
    give: int
    get: int
    give_same_level: bool = False
    give_min_level: int | None = None
    get_same_level: bool = False
    get_max_level: int | None = None
    get_min_level: int | None = None

    def fits(self, give_levels: list[int], take_levels: list[int]) -> bool:
        """Whether giving cards of ``give_levels`` for cards of ``take_levels`` is this
        exchange (counts and level bounds, G14)."""
        if len(give_levels) != self.give or len(take_levels) != self.get:
            return False
        if self.give_same_level and len(set(give_levels)) != 1:
            return False
        if self.give_min_level is not None and min(give_levels) < self.give_min_level:
            return False
        for lv in take_levels:
            if self.get_same_level and lv != give_levels[0]:
                return False
            if self.get_max_level is not None and lv > self.get_max_level:
                return False
            if self.get_min_level is not None and lv < self.get_min_level:
                return False
        return True

    def describe(self) -> str:
        """Plain words, e.g. ``"2 cards of level >= 1 -> 1 card of level <= 2"``."""
        give = f"{self.give} cards" + (" of the same level" if self.give_same_level else "")
        if self.give_min_level is not None:
            give += f" of level >= {self.give_min_level}"
        get = f"{self.get} card{'s' if self.get != 1 else ''}"
        if self.get_same_level:
            get += " of that level"
        if self.get_max_level is not None:
            get += f" of level <= {self.get_max_level}"
        if self.get_min_level is not None:
            get += f" of level >= {self.get_min_level}"
        return f"{give} -> {get}"


@dataclass(frozen=True)
class Rules:
    """Everything the engine reads from a parameter set (field names follow the TOML keys)."""

    players_min: int
    players_max: int
    cycles: int
    turns_per_cycle: int
    contest_turns: tuple[int, ...]
    contest_levels: tuple[int, ...]
    start_level: int
    start_count: int
    start_deal: str
    start_cost: int
    hand_ordered: bool
    rescue_count: int
    rescue_level: int
    end_tiebreak: tuple[str, ...]
    levels: tuple[int, ...]
    categories: tuple[str, ...]
    attributes: tuple[str, ...]
    group_of: dict[str, str]
    deck: tuple[str, ...]
    pile_mode: str
    take: str
    reshuffle: str
    max_grade: int
    prices: dict[str, tuple[int, ...]]
    max_bases: tuple[int, ...]
    field_persist: bool
    ship_same_turn: bool
    hand_limit: tuple[int, ...]
    max_synth: tuple[int, ...]
    synth_scope: str
    synth_timing: str
    synth_allowed: str
    exchanges: tuple[Exchange, ...]
    order_cards: str
    prep_time_limit_s: float
    harvest_any_order: bool
    ship_base: int
    ship_add_level: bool
    draw_count: int
    draw_level: str | int
    draw_category: str
    evaluations: tuple[str, ...]
    counts: dict[str, str]
    vp: dict[str, tuple[int, ...]]
    entries_per_player: int
    eligibility: str
    doubling: str
    overall_doubling: bool
    tie: str
    after: str
    hidden: frozenset[str]
    public: frozenset[str]
    back_shows: tuple[str, ...]
    _cards: dict[str, Card] = field(default_factory=dict, repr=False, compare=False)

    # ------------------------------------------------------------------ cards and piles
    def card(self, name: str) -> Card:
        """The faces of card ``name``; raises ``RuleError("no_such_card")`` for a name that is
        not a card of this parameter set's levels, categories and attributes."""
        c = self._cards.get(name)
        if c is not None:
            return c
        c = parse_card_name(name, self)
        self._cards[name] = c
        return c

    def pile_of(self, name: str) -> str:
        """The pile (and discard place) card ``name`` belongs to (F13, G2, G5)."""
        c = self.card(name)
        return pile_key(self, c.level, c.category)

    def pile_keys(self) -> list[str]:
        """Every pile, level by level, categories in their order (G2)."""
        if self.pile_mode == "level":
            return [f"L{lv}" for lv in self.levels]
        return [f"L{lv} {cat}" for lv in self.levels for cat in self.categories]

    def sort_key(self, name: str) -> tuple[int, int, int, int]:
        """Canonical hand order: level, category, attribute (in the parameter order), bonus."""
        c = self.card(name)
        return (c.level, self.categories.index(c.category), self.attributes.index(c.attribute),
                c.bonus)

    # ------------------------------------------------------------------ facilities
    def price(self, kind: str, grade: int) -> int | None:
        """Cost to go from ``grade`` to ``grade + 1`` (G7); ``None`` at the top (G16)."""
        if grade >= self.max_grade:
            return None
        return self.prices[kind][grade - 1]

    def exchanges_at(self, grade: int) -> list[Exchange]:
        """The exchanges a transformation pot of ``grade`` offers (F14-F17: each grade adds)."""
        return [e for e in self.exchanges if e.from_grade <= grade]

    def contest_level(self, cycle: int) -> int:
        return self.contest_levels[cycle - 1]

    @property
    def entry_needs_category(self) -> bool:
        """Whether an entry's base must be of the contest's category (F30, G25)."""
        return self.eligibility in ("base_category_and_base_level_gte", "base_category")

    @property
    def entry_needs_level(self) -> bool:
        """Whether an entry's base level must be at least the contest level (F30, G25)."""
        return self.eligibility in ("base_category_and_base_level_gte", "base_level_gte")

    @property
    def turns_total(self) -> int:
        return self.cycles * self.turns_per_cycle


def pile_key(rules: Rules, level: int, category: str | None) -> str:
    """Pile name for a level (and category when piles are by level and category, G2)."""
    if rules.pile_mode == "level" or category is None:
        return f"L{level}"
    return f"L{level} {category}"


def parse_card_name(name: str, rules: Rules) -> Card:
    """``"L2 root shape+2"`` -> ``Card``; raises ``RuleError("no_such_card")``."""
    bad = RuleError("no_such_card", f"{name!r} is not a card of this game "
                    "(write cards like 'L2 root shape+2')", "G1")
    if not isinstance(name, str):
        raise bad
    parts = name.split()
    if len(parts) != 3 or not parts[0][:1] == "L" or "+" not in parts[2]:
        raise bad
    try:
        level = int(parts[0][1:])
        attribute, bonus_text = parts[2].split("+", 1)
        bonus = int(bonus_text)
    except ValueError:
        raise bad from None
    if (level not in rules.levels or parts[1] not in rules.categories
            or attribute not in rules.attributes):
        raise bad
    return Card(level, parts[1], attribute, bonus)


# ---------------------------------------------------------------------- from the dict
def params_hash(params: dict[str, Any]) -> str:
    """A short stable hash of a parameter set's numbers (its ``name`` left out): the first 12
    hex digits of SHA-256 over its canonical JSON (sorted keys, no spaces)."""
    body = {k: v for k, v in params.items() if k != "name"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _deck(cards: dict[str, Any], levels: tuple[int, ...],
          categories: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    listed = cards.get("card") or []
    if listed:
        for c in listed:
            for _ in range(int(c.get("copies", 1))):
                out.append(f"L{c['level']} {c['category']} {c['attribute']}+{c['bonus']}")
        return tuple(out)
    pattern = cards["pattern"]
    for cat in categories:
        for lv in levels:
            for attribute, bonus, copies in pattern.get(str(lv), []):
                out.extend([f"L{lv} {cat} {attribute}+{bonus}"] * int(copies))
    return tuple(out)


def rules_from_params(params: dict[str, Any]) -> Rules:
    """Build :class:`Rules` from a full parameter dict (farm-rules.md §3 layout).

    Raises ``RuleError("bad_params", ...)`` naming the first missing or malformed key; the
    parameter layer's validation gives the designer's messages before this point.
    """
    path: list[str] = []

    def get(d: Any, *keys: str) -> Any:
        cur = d
        for k in keys:
            path.append(k)
            if not isinstance(cur, dict) or k not in cur:
                raise RuleError("bad_params", f"parameter {'.'.join(path)} is missing")
            cur = cur[k]
        return cur

    def at(*keys: str) -> Any:
        path.clear()
        return get(params, *keys)

    try:
        levels = tuple(int(x) for x in at("cards", "levels"))
        categories = tuple(str(c["id"]) for c in at("cards", "categories"))
        attrs = at("cards", "attributes")
        attributes = tuple(str(a["id"]) for a in attrs)
        group_of = {str(a["id"]): str(a["group"]) for a in attrs}
        path[:] = ["cards"]
        deck = _deck(at("cards"), levels, categories)
        fac = at("facilities")
        prices = {k: tuple(int(x) for x in get(fac, k, "price")) for k in FACILITIES}
        ex_list = []
        for i, e in enumerate(at("facilities", "transform_pot", "exchanges")):
            ex_list.append(Exchange(
                index=i + 1, from_grade=int(e["from_grade"]), give=int(e["give"]),
                get=int(e["get"]), give_same_level=e.get("give_rule") == "same_level",
                give_min_level=e.get("give_min_level"),
                get_same_level=e.get("get_rule") == "same_level",
                get_max_level=e.get("get_max_level"), get_min_level=e.get("get_min_level")))
        evals = at("contest", "evaluations")
        vp_raw = at("contest", "vp")
        draw_level = at("shipping", "draw", "level")
        rules = Rules(
            players_min=int(at("game", "players", "min")),
            players_max=int(at("game", "players", "max")),
            cycles=int(at("game", "cycles")),
            turns_per_cycle=int(at("game", "turns_per_cycle")),
            contest_turns=tuple(int(x) for x in at("game", "contest_turns")),
            contest_levels=tuple(int(x) for x in at("game", "contest_level_by_cycle")),
            start_level=int(at("game", "start_hand", "level")),
            start_count=int(at("game", "start_hand", "count")),
            start_deal=str(at("game", "start_hand", "deal")),
            start_cost=int(at("game", "start_cost")),
            hand_ordered=bool(at("game", "hand_ordered")),
            rescue_count=int(at("game", "rescue_draw", "count")),
            rescue_level=int(at("game", "rescue_draw", "level")),
            end_tiebreak=tuple(str(x) for x in at("game", "end_tiebreak")),
            levels=levels, categories=categories, attributes=attributes, group_of=group_of,
            deck=deck,
            pile_mode=str(at("piles", "mode")),
            take=str(at("piles", "take")),
            reshuffle=str(at("piles", "reshuffle")),
            max_grade=int(at("facilities", "max_grade")),
            prices=prices,
            max_bases=tuple(int(x) for x in at("facilities", "field", "max_bases")),
            field_persist=bool(at("facilities", "field", "persist")),
            ship_same_turn=bool(at("facilities", "field", "ship_same_turn")),
            hand_limit=tuple(int(x) for x in at("facilities", "storage_box", "hand_limit")),
            max_synth=tuple(int(x) for x in at("facilities", "synth_pot", "max_synth")),
            synth_scope=str(at("facilities", "synth_pot", "scope")),
            synth_timing=str(at("facilities", "synth_pot", "timing")),
            synth_allowed=str(at("facilities", "synth_pot", "allowed")),
            exchanges=tuple(ex_list),
            order_cards=str(at("turn", "order_cards")),
            prep_time_limit_s=float(at("turn", "prep_time_limit_s")),
            harvest_any_order=bool(at("turn", "harvest_any_order")),
            ship_base=int(at("shipping", "value", "base")),
            ship_add_level=bool(at("shipping", "value", "add_base_level")),
            draw_count=int(at("shipping", "draw", "count")),
            draw_level=draw_level if draw_level == "base" else int(draw_level),
            draw_category=str(at("shipping", "draw", "category")),
            evaluations=tuple(str(e["id"]) for e in evals),
            counts={str(e["id"]): str(e["counts"]) for e in evals},
            vp={str(k): tuple(int(x) for x in v) for k, v in vp_raw.items()},
            entries_per_player=int(at("contest", "entries_per_player")),
            eligibility=str(at("contest", "eligibility")),
            doubling=str(at("contest", "doubling")),
            overall_doubling=bool(at("contest", "overall_doubling")),
            tie=str(at("contest", "tie")),
            after=str(at("contest", "after")),
            hidden=frozenset(str(x) for x in at("info", "hidden_to_others")),
            public=frozenset(str(x) for x in at("info", "public")),
            back_shows=tuple(str(x) for x in at("info", "card_back_shows")),
        )
    except RuleError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        where = ".".join(path) or "?"
        raise RuleError("bad_params", f"parameter {where} is malformed ({e})") from None
    return rules
