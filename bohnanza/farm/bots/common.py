"""What a farm bot reads from its view, and the legal moves it can build from it.

A bot sees exactly ``FarmGame.view(seat)``: its own hand and bases in ``you``, pile sizes and
face-up discards, the schedule, everyone's public facts, and the parameter set. The rules
object for card faces and the transformation pot's exchanges is rebuilt from the view's
``params`` (cached by the set's hash). Commands are written with the farm command language
(:func:`bohnanza.farm.commands.format_action`), as a person would type them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from bohnanza.farm.commands import format_action
from bohnanza.farm.engine import Card, Rules, rules_from_params
from bohnanza.farm.engine.actions import Action, HandCard, PileRef, Transform
from bohnanza.farm.engine.contest import score

_RULES: dict[str, Rules] = {}


def rules_of(view: dict[str, Any]) -> Rules:
    """The rules of the view's parameter set (cached by hash)."""
    h = view["params_hash"]
    r = _RULES.get(h)
    if r is None:
        r = rules_from_params(view["params"])
        _RULES[h] = r
    return r


def say(action: Action) -> str:
    return format_action(action)


class Ctx:
    """One decision's reading of a view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.you: dict[str, Any] = view["you"]
        self.rules = rules_of(view)
        self.hand: list[str] = self.you["hand"]
        self.cards: list[Card] = [self.rules.card(c) for c in self.hand]
        self.supply: dict[str, int] = {}
        reshuffle = self.rules.reshuffle == "when_empty"
        for p in view["piles"]:
            disc = len(p["discards"]) if "discards" in p else p.get("discard_count", 0)
            self.supply[p["pile"]] = p["count"] + (disc if reshuffle else 0)

    def pile_key(self, level: int, category: str) -> str:
        return f"L{level}" if self.rules.pile_mode == "level" else f"L{level} {category}"

    def pile_ref(self, level: int, category: str) -> PileRef:
        return PileRef(level, None if self.rules.pile_mode == "level" else category)

    def can_supply(self, refs: list[PileRef]) -> bool:
        need = Counter(self.pile_key(r.level, r.category or "") for r in refs)
        return all(self.supply.get(k, 0) >= n for k, n in need.items())

    def level_piles(self, level: int) -> list[PileRef]:
        """Piles of ``level`` that can give a card now."""
        cats = [None] if self.rules.pile_mode == "level" else list(self.rules.categories)
        out = []
        for c in cats:
            key = f"L{level}" if c is None else f"L{level} {c}"
            if self.supply.get(key, 0) > 0:
                out.append(PileRef(level, c))
        return out

    # ------------------------------------------------------------------ transforms
    def transforms(self, rng: random.Random, tries: int = 12) -> list[Transform]:
        """Some legal transformations (random choices of cards and piles), at most one per
        try; empty when the pot offers none that fits the hand and the piles."""
        out: list[Transform] = []
        exchanges = [e for e in self.rules.exchanges if e.index in self.you["exchanges"]]
        if not exchanges or not self.hand:
            return out
        for _ in range(tries):
            e = rng.choice(exchanges)
            t = self.transform_for(e.index, rng)
            if t is not None and t not in out:
                out.append(t)
        return out

    def transform_for(self, index: int, rng: random.Random, *, give: list[int] | None = None,
                      want: tuple[int, str] | None = None) -> Transform | None:
        """A legal use of exchange ``index``: ``give`` hand positions (0-based) if given, else
        random fitting ones; ``want`` ``(level, category)`` of the card(s) taken if it fits,
        else random piles that can supply."""
        e = next(x for x in self.rules.exchanges if x.index == index)
        levels = [c.level for c in self.cards]
        if give is None:
            pool = list(range(len(self.hand)))
            rng.shuffle(pool)
            if e.give_min_level is not None:
                pool = [i for i in pool if levels[i] >= e.give_min_level]
            if e.give_same_level:
                by: dict[int, list[int]] = {}
                for i in pool:
                    by.setdefault(levels[i], []).append(i)
                ok = [v for v in by.values() if len(v) >= e.give]
                if not ok:
                    return None
                give = rng.choice(ok)[:e.give]
            else:
                if len(pool) < e.give:
                    return None
                give = pool[:e.give]
        give_levels = [levels[i] for i in give]
        lo = e.get_min_level or min(self.rules.levels)
        hi = e.get_max_level or max(self.rules.levels)
        if e.get_same_level:
            lo = hi = give_levels[0]
        takes: list[PileRef] = []
        for _ in range(e.get):
            cand: list[PileRef] = []
            if want is not None and lo <= want[0] <= hi:
                cand = [self.pile_ref(*want)]
                if not self.can_supply([*takes, *cand]):
                    cand = []
            if not cand:
                opts = [p for lv in self.rules.levels if lo <= lv <= hi
                        for p in self.level_piles(lv) if self.can_supply([*takes, p])]
                if not opts:
                    return None
                cand = [rng.choice(opts)]
            takes.append(cand[0])
        t = Transform(tuple(HandCard(index=i + 1) for i in give), tuple(takes))
        if not e.fits(give_levels, [p.level for p in takes]):
            return None
        return t

    def synth_ok(self, base: Card, card: Card) -> bool:
        """Whether ``card`` may lie on ``base`` (``synth_pot.allowed``, G12)."""
        allowed = self.rules.synth_allowed
        if allowed == "same_category":
            return card.category == base.category
        if allowed == "same_level":
            return card.level == base.level
        return True

    # ------------------------------------------------------------------ contests
    def upcoming(self, include_now: bool = True) -> list[dict[str, Any]]:
        """This cycle's contests still to come (this turn's too when ``include_now``)."""
        turn = self.view["turn"]
        return [c for c in self.view["schedule"]
                if c["turn"] > turn or (include_now and c["turn"] == turn)]

    def eligible(self, card: Card, c: dict[str, Any]) -> bool:
        rule = self.rules.eligibility
        cat_ok = card.category == c["category"] or rule == "base_level_gte"
        lvl_ok = card.level >= c["level"] or rule == "base_category"
        return cat_ok and lvl_ok

    def score(self, base: Card, synth: list[Card], evaluation: str) -> int:
        return score(self.rules, evaluation, base, synth)
