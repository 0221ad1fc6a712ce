"""Seed piles and their discards (F4, F13, F27; G2, G3, G5, G14, G15, G23).

Inside the engine a pile and a discard place keep their **top card at the end** of the list;
the canonical position lists the top first. Every discard goes face up beside the pile of its
own level and category (G5). A card wanted from an empty pile first turns that pile's discards
into a new shuffled pile (``piles.reshuffle = "when_empty"``; ``"never"``: the discards stay).

Taking is checked before anything moves: :func:`plan` and :func:`resolve_draws` walk the
requests over counts of the piles and discards, and raise ``RuleError`` when a request cannot
be met. A transformation's own discards are not counted (G14: it is refused before anything is
discarded); a shipment's are (F27: its cards are discarded, *then* the cards are taken, so an
empty pile first shuffles in its discards, the shipped cards among them, G5): docs/farm.md D4.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bohnanza.engine.errors import RuleError
from bohnanza.engine.rng import shuffle

from .actions import PileRef
from .rules import pile_key

if TYPE_CHECKING:
    from .game import FarmGame

Request = tuple[str, str | None]
"""A card to take: ``(pile key, card name or None for the top card)``."""


def discard(g: FarmGame, cards: list[str]) -> None:
    """Put ``cards`` face up beside their own piles, in the order given (G5)."""
    rules = g.rules
    for c in cards:
        g.discards[rules.pile_of(c)].append(c)


def _reshuffle(g: FarmGame, key: str) -> None:
    cards = g.discards[key]
    g.discards[key] = []
    g.rng = shuffle(cards, g.rng)
    g.piles[key] = cards
    g.emit("reshuffle", None, {"pile": key, "count": len(cards)})


def take(g: FarmGame, key: str, card: str | None) -> str:
    """Take the top card of pile ``key`` (or the named card, search mode). The request must
    have passed :func:`plan`."""
    pile = g.piles[key]
    if not pile and g.rules.reshuffle == "when_empty" and g.discards[key]:
        _reshuffle(g, key)
        pile = g.piles[key]
    if card is None:
        return pile.pop()
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == card:
            return pile.pop(i)
    raise AssertionError(f"planned card {card} missing from {key}")


class Supply:
    """Counts of what the piles can still give during one action's planning. ``discarded``:
    the cards the action lays beside their piles before it takes any (a shipment's, F27;
    docs/farm.md D4), counted with the discards."""

    def __init__(self, g: FarmGame, discarded: list[str] | None = None) -> None:
        self.g = g
        self.search = g.rules.take == "search"
        self.reshuffle = g.rules.reshuffle == "when_empty"
        self.pile: dict[str, int] = {}
        self.disc: dict[str, int] = {}
        self.pile_ms: dict[str, Counter[str]] = {}
        self.disc_ms: dict[str, Counter[str]] = {}
        self.extra: dict[str, list[str]] = {}
        for c in discarded or ():
            self.extra.setdefault(g.rules.pile_of(c), []).append(c)

    def _load(self, key: str) -> None:
        if key in self.pile:
            return
        extra = self.extra.get(key, [])
        self.pile[key] = len(self.g.piles[key])
        self.disc[key] = len(self.g.discards[key]) + len(extra)
        if self.search:
            self.pile_ms[key] = Counter(self.g.piles[key])
            self.disc_ms[key] = Counter(self.g.discards[key]) + Counter(extra)

    def available(self, key: str) -> int:
        self._load(key)
        return self.pile[key] + (self.disc[key] if self.reshuffle else 0)

    def can_take(self, key: str, card: str | None) -> bool:
        self._load(key)
        if card is None:
            return self.available(key) > 0
        if self.pile_ms[key][card] > 0:
            return True
        return (self.pile[key] == 0 and self.reshuffle and self.disc_ms[key][card] > 0)

    def take(self, key: str, card: str | None) -> None:
        """Record one take that :meth:`can_take` allowed."""
        if self.pile[key] == 0:
            self.pile[key], self.disc[key] = self.disc[key], 0
            if self.search:
                self.pile_ms[key], self.disc_ms[key] = self.disc_ms[key], Counter()
        self.pile[key] -= 1
        if self.search:
            if card is None:   # which card is on top is unknown: only counts matter
                return
            self.pile_ms[key][card] -= 1


def check_ref(g: FarmGame, ref: PileRef, rule: str) -> str:
    """The pile key ``ref`` names; raises ``RuleError`` (``bad_pile``, ``no_search``)."""
    rules = g.rules
    if ref.level not in rules.levels:
        raise RuleError("bad_pile", f"there is no level-{ref.level} pile", rule)
    if rules.pile_mode == "level":
        if ref.category is not None:
            raise RuleError("bad_pile", "piles are by level only here (piles.mode = level): "
                            f"name a level, like L{ref.level}", "G2")
    elif ref.category is None:
        raise RuleError("bad_pile", "name the pile's category too, like "
                        f"L{ref.level} {rules.categories[0]}", "G2")
    elif ref.category not in rules.categories:
        raise RuleError("bad_pile", f"{ref.category!r} is not a category", "G1")
    if ref.card is not None:
        if rules.take != "search":
            raise RuleError("no_search", "you take the top card of a pile, unseen "
                            "(piles.take = top): name the pile, not a card", "G3")
        c = rules.card(ref.card)
        if c.level != ref.level or (rules.pile_mode != "level" and c.category != ref.category):
            raise RuleError("bad_pile", f"{ref.card} does not belong to that pile", "G3")
    return pile_key(rules, ref.level, ref.category)


def plan(g: FarmGame, requests: list[Request], rule: str) -> None:
    """Check that every request can be met, in order; raises ``RuleError("empty_pile")``."""
    supply = Supply(g)
    for key, card in requests:
        if not supply.can_take(key, card):
            what = f"{card} from {key}" if card else f"a card from {key}"
            raise RuleError("empty_pile", f"cannot take {what}: the pile and its discards "
                            "cannot supply it (choose another pile)", rule)
        supply.take(key, card)


def resolve_draws(g: FarmGame, count: int, level: int, categories: list[str],
                  given: tuple[PileRef, ...], rule: str,
                  discarded: list[str] | None = None) -> list[Request]:
    """The pile for each of ``count`` cards of ``level`` (shipping G15, rescue G23), taken
    after ``discarded`` (a shipment's own cards, F27) lie beside their piles.

    ``categories``: the allowed categories, the default order first (docs/farm.md D5). A
    named pile must be allowed and able to supply; a card left unnamed comes from the first
    allowed pile that can. When no allowed pile can supply, the player gets what exists,
    possibly nothing (G5). Raises ``RuleError`` (``too_many_piles``, ``wrong_pile``,
    ``bad_pile``, ``empty_pile``).
    """
    rules = g.rules
    if len(given) > count:
        raise RuleError("too_many_piles", f"you take {count} card{'s' if count != 1 else ''} "
                        f"here, but named {len(given)} piles", rule)
    keys = list(dict.fromkeys(pile_key(rules, level, c) for c in categories))
    supply = Supply(g, discarded)
    out: list[Request] = []
    for i in range(count):
        if not any(supply.available(k) for k in keys):
            break   # G5: what exists, possibly nothing
        if i < len(given):
            ref = given[i]
            key = check_ref(g, ref, rule)
            if key not in keys:
                raise RuleError("wrong_pile", f"take these cards from {' or '.join(keys)}",
                                rule)
            if not supply.can_take(key, ref.card):
                what = ref.card or "a card"
                raise RuleError("empty_pile", f"{key} cannot supply {what}; choose another "
                                "pile", "G5")
            supply.take(key, ref.card)
            out.append((key, ref.card))
        else:
            key = next(k for k in keys if supply.available(k))
            supply.take(key, None)
            out.append((key, None))
    return out


def draw_options(g: FarmGame, level: int, categories: list[str],
                 discarded: list[str] | None = None) -> list[dict[str, object]]:
    """The piles a draw of ``level`` cards may name (shipping G15, rescue G23), the default
    first as :func:`resolve_draws` fills an unnamed card (docs/farm.md D5), each with how many
    cards it can supply now (its pile, and its discards when they are reshuffled, G5, with
    ``discarded``, the cards the action lays there first: a shipment's, F27); a pile that can
    supply none is left out. Shape: ``[{"pile": "L1 root", "supply": 11}, ...]``."""
    keys = list(dict.fromkeys(pile_key(g.rules, level, c) for c in categories))
    supply = Supply(g, discarded)
    return [{"pile": k, "supply": supply.available(k)} for k in keys if supply.available(k)]


def draw_hint(g: FarmGame, count: int, level: int, categories: list[str],
              discarded: list[str] | None = None) -> dict[str, object]:
    """What a draw of ``count`` cards of ``level`` may name, for the board (shipping G15,
    rescue G23): ``{"count", "piles": draw_options, "default": [...]}``; ``default`` is the
    pile of each card the draw brings when none is named (docs/farm.md D5), so its length is
    how many cards come: fewer than ``count`` when the piles hold fewer (G5). ``discarded``:
    the shipment's own cards, beside their piles before the draw (F27)."""
    default = [k for k, _ in resolve_draws(g, count, level, categories, (), "G15", discarded)]
    return {"count": count, "piles": draw_options(g, level, categories, discarded),
            "default": default}


def draw_all(g: FarmGame, requests: list[Request]) -> list[str]:
    """Take every planned card; returns them in order."""
    return [take(g, key, card) for key, card in requests]


def emit_draw(g: FarmGame, seat: int, requests: list[Request], got: list[str], why: str) -> None:
    """The ``draw`` event: the count for everyone, the cards for ``seat`` only, the piles for
    everyone when ``pile_taken`` is public (G31)."""
    data: dict[str, object] = {"count": len(got), "why": why}
    secret: dict[str, object] = {"cards": got}
    (data if "pile_taken" in g.rules.public else secret)["piles"] = [k for k, _ in requests]
    g.emit("draw", seat, data, secret)
