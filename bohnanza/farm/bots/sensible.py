"""``sensible``: a plain plan a new player might follow (farm-rules.md §1).

Preparation, one command at a time:

1. pending rescue cards: ``/draw`` from the piles of this cycle's contest categories (G23);
2. this turn's contest (when bases may enter the turn they are planted, G13): if no base of
   its own can enter, plant the best eligible hand card with the synthesis cards that add most
   to the contest's score (F34-F38), or, lacking one, transform two spare cards into a card of
   the contest's category and level (F13-F17);
3. the next contest of the cycle: transform spare cards toward it while the hand lacks an
   eligible card;
4. fill the free field slots for shipping: the highest level-and-bonus card as base, the
   highest bonuses as synthesis cards, keeping one card per coming contest;
5. ``/done``.

Harvest turn: enter the best eligible base (F29); ship every other base (F25), drawing from
the piles of the coming contests' categories (G15), except one that is the only way into the
next contest; upgrade along a fixed priority list (field, pot and synthesis pot to grade 2,
then field and pot to 3, box, ...), saving when the next item is too dear (F28); discard the
least useful cards (F31). Only moves the view's hints allow, so the engine accepts every one.
"""

from __future__ import annotations

import random as _random
from typing import Any

from bohnanza.bots.base import Policy
from bohnanza.farm.engine import Card
from bohnanza.farm.engine.actions import (
    Adjust,
    Done,
    Draw,
    Enter,
    HandCard,
    PileRef,
    Plant,
    Ship,
    Upgrade,
)
from bohnanza.farm.engine.contest import counted, matches

from .common import Ctx, say

PRIORITY: tuple[tuple[str, int], ...] = (
    ("field", 2), ("transform_pot", 2), ("field", 3), ("transform_pot", 3), ("storage_box", 2),
    ("synth_pot", 2), ("field", 4), ("storage_box", 3), ("synth_pot", 3),
    ("synth_pot", 4), ("storage_box", 4), ("transform_pot", 4),
)
"""Upgrades in the order this bot buys them (facility, grade reached)."""


def _gain(ctx: Ctx, base: Card, card: Card, evaluation: str) -> int:
    """What ``card`` adds to ``base``'s score as a synthesis card (F34-F38)."""
    r = ctx.rules
    if not counted(r, evaluation, card.attribute):
        return 0
    if (card.attribute == base.attribute and r.doubling == "attribute"
            and matches(r, evaluation, base)):
        return 2 * card.bonus
    return card.bonus


class SensiblePolicy(Policy):
    """The plan of the module docstring."""

    name = "sensible"

    def decide(self, view: dict[str, Any], rng: _random.Random, *,
               hurry: bool = False) -> str | None:
        you = view.get("you")
        if you is None or not you["must_act"]:
            return None
        ctx = Ctx(view)
        if you["waiting_for"] == "rescue":
            return self._rescue(ctx)
        if you["waiting_for"] == "prep":
            return self._prep(ctx, rng)
        return self._harvest(ctx)

    # ------------------------------------------------------------------ helpers
    def _now(self, ctx: Ctx) -> dict[str, Any] | None:
        c: dict[str, Any] | None = ctx.view["contest"]
        if c is None or not ctx.rules.ship_same_turn:
            return None
        return c

    def _later(self, ctx: Ctx) -> list[dict[str, Any]]:
        return ctx.upcoming(include_now=False)

    def _best_vegetable(self, ctx: Ctx, c: dict[str, Any], pool: list[int]
                        ) -> tuple[int, list[int], int] | None:
        """Best (base, synthesis cards, score) from hand positions ``pool`` for contest ``c``."""
        room = ctx.you["new_base_synth"]
        best: tuple[int, list[int], int] | None = None
        for b in pool:
            base = ctx.cards[b]
            if not ctx.eligible(base, c):
                continue
            gains = sorted(((_gain(ctx, base, ctx.cards[i], c["evaluation"]), i) for i in pool
                            if i != b and ctx.synth_ok(base, ctx.cards[i])), reverse=True)
            synth = [i for g, i in gains[:room] if g > 0]
            sc = ctx.score(base, [ctx.cards[i] for i in synth], c["evaluation"])
            if best is None or sc > best[2]:
                best = (b, synth, sc)
        return best

    def _base_eligible(self, ctx: Ctx, c: dict[str, Any]) -> bool:
        for b in ctx.you["field"]:
            if b is not None and not b["entered"] and ctx.eligible(ctx.rules.card(b["base"]), c):
                return True
        return False

    def _reserved(self, ctx: Ctx, contests: list[dict[str, Any]]) -> set[int]:
        """One hand card per contest in ``contests`` (the best eligible), kept back."""
        keep: set[int] = set()
        for c in contests:
            cands = [i for i in range(len(ctx.hand)) if i not in keep
                     and ctx.eligible(ctx.cards[i], c)]
            if cands:
                keep.add(max(cands, key=lambda i: (ctx.cards[i].level, ctx.cards[i].bonus)))
        return keep

    def _transform_toward(self, ctx: Ctx, c: dict[str, Any], spare: list[int],
                          rng: _random.Random) -> str | None:
        """A transformation giving the cheapest spare cards for a card eligible for ``c``."""
        for e in sorted((x for x in ctx.rules.exchanges if x.index in ctx.you["exchanges"]),
                        key=lambda x: -x.index):
            cheap = sorted(spare, key=lambda i: (ctx.cards[i].level, ctx.cards[i].bonus))
            give: list[int] | None = None
            if e.give_same_level:
                by: dict[int, list[int]] = {}
                for i in cheap:
                    if e.give_min_level is None or ctx.cards[i].level >= e.give_min_level:
                        by.setdefault(ctx.cards[i].level, []).append(i)
                for lv in sorted(by, reverse=True):
                    if len(by[lv]) >= e.give and lv >= c["level"]:
                        give = by[lv][:e.give]
                        break
            else:
                ok = [i for i in cheap
                      if e.give_min_level is None or ctx.cards[i].level >= e.give_min_level]
                if len(ok) >= e.give:
                    give = ok[:e.give]
            if give is None:
                continue
            top = e.get_max_level or max(ctx.rules.levels)
            level = max(c["level"], min(top, max(ctx.rules.levels)))
            if e.get_same_level:
                level = ctx.cards[give[0]].level
            t = ctx.transform_for(e.index, rng, give=give, want=(level, c["category"]))
            if t is None:
                continue
            taken = t.take[0]
            if taken.level >= c["level"] and (taken.category in (None, c["category"])):
                return say(t)
        return None

    # ------------------------------------------------------------------ preparation
    def _rescue(self, ctx: Ctx) -> str:
        lv = ctx.rules.rescue_level
        refs: list[PileRef] = []
        for c in [*ctx.upcoming(), *ctx.view["schedule"]]:
            ref = ctx.pile_ref(lv, c["category"])
            if ctx.can_supply([*refs, ref]) and len(refs) < ctx.rules.rescue_count:
                refs.append(ref)
        return say(Draw(tuple(refs)))

    def _prep(self, ctx: Ctx, rng: _random.Random) -> str:
        you = ctx.you
        n = len(ctx.hand)
        everything = list(range(n))
        now = self._now(ctx)
        later = self._later(ctx)
        if now is not None and not self._base_eligible(ctx, now) and you["free_slots"]:
            best = self._best_vegetable(ctx, now, everything)
            if best is not None:
                b, synth, _ = best
                return say(Plant(HandCard(index=b + 1),
                                 tuple(HandCard(index=i + 1) for i in synth)))
            t = self._transform_toward(ctx, now, everything, rng)
            if t is not None:
                return t
        if later and n > 2 and not any(ctx.eligible(c, later[0]) for c in ctx.cards):
            keep = self._reserved(ctx, later)
            t = self._transform_toward(ctx, later[0], [i for i in everything if i not in keep],
                                       rng)
            if t is not None:
                return t
        climb = self._climb(ctx, later, rng)
        if climb is not None:
            return climb
        if you["free_slots"] and n:
            keep = self._reserved(ctx, later)
            pool = [i for i in everything if i not in keep] or everything
            b = max(pool, key=lambda i: (ctx.cards[i].level * 2 + ctx.cards[i].bonus))
            rest = sorted((i for i in pool if i != b and ctx.synth_ok(ctx.cards[b], ctx.cards[i])),
                          key=lambda i: -ctx.cards[i].bonus)
            room = you["new_base_synth"]
            # a bare shipment returns one card more than it costs; synthesis cards only from
            # what the hand limit would discard after this turn's shipments anyway
            excess = n + len(you["free_slots"]) - you["hand_limit"]
            spare = max(0, len(rest) - (len(you["free_slots"]) - 1))
            synth = rest[:max(0, min(room, spare, excess))]
            return say(Plant(HandCard(index=b + 1), tuple(HandCard(index=i + 1) for i in synth)))
        return say(Done())

    def _climb(self, ctx: Ctx, later: list[dict[str, Any]], rng: _random.Random) -> str | None:
        """Two spare low cards for one card of a higher level, while the hand holds nothing of
        that level: higher bases ship for more and bring back cards of their level (F26,
        F27), and later cycles' contests need them (F30)."""
        you = ctx.you
        n = len(ctx.hand)
        top = max((c.level for c in ctx.cards), default=0)
        keep = self._reserved(ctx, later)
        spare = sorted((i for i in range(n) if i not in keep),
                       key=lambda i: (ctx.cards[i].level, ctx.cards[i].bonus))
        for e in sorted((x for x in ctx.rules.exchanges if x.index in you["exchanges"]),
                        key=lambda x: -(x.get_max_level or 0)):
            if e.get_same_level or (e.get_max_level or 0) <= top:
                continue
            ok = [i for i in spare
                  if e.give_min_level is None or ctx.cards[i].level >= e.give_min_level]
            if len(ok) < e.give or n - e.give + e.get < len(you["free_slots"]):
                continue
            cat = later[0]["category"] if later else ctx.rules.categories[0]
            t = ctx.transform_for(e.index, rng, give=ok[:e.give],
                                  want=(e.get_max_level or top + 1, cat))
            if t is not None and max(p.level for p in t.take) > top:
                return say(t)
        return None

    # ------------------------------------------------------------------ harvest
    def _harvest(self, ctx: Ctx) -> str:
        you = ctx.you
        c = ctx.view["contest"]
        if you["can_enter"] and c is not None:
            def entry_score(slot: int) -> int:
                b = you["field"][slot - 1]
                return ctx.score(ctx.rules.card(b["base"]), [ctx.rules.card(x) for x in b["synth"]],
                                 c["evaluation"])
            return say(Enter(max(you["can_enter"], key=entry_score)))
        later = self._later(ctx)
        nxt = later[0] if later else None
        hand_ok = nxt is not None and any(ctx.eligible(x, nxt) for x in ctx.cards)
        for slot in you["can_ship"]:
            b = ctx.rules.card(you["field"][slot - 1]["base"])
            if nxt is not None and not hand_ok and ctx.eligible(b, nxt) and ctx.rules.field_persist:
                continue   # keep it for the next contest
            return say(Ship(slot, self._ship_piles(ctx, b, later)))
        for kind, grade in self._priorities(ctx):
            if you["grades"][kind] >= grade:
                continue
            if you["grades"][kind] == grade - 1 and kind in you["can_upgrade"]:
                return say(Upgrade(kind))
            break
        drop = self._least_useful(ctx, you["must_discard"], later)
        return say(Adjust(tuple(HandCard(index=i + 1) for i in sorted(drop))))

    def _priorities(self, ctx: Ctx) -> list[tuple[str, int]]:
        """:data:`PRIORITY`, with the pot grade the next cycle's contest level needs first
        once the cycle's second half has come (F30, G25)."""
        order = list(PRIORITY)
        v = ctx.view
        r = ctx.rules
        if v["cycle"] < r.cycles and v["turn"] > r.turns_per_cycle // 2:
            level = r.contest_level(v["cycle"] + 1)
            grades = [e.from_grade for e in r.exchanges
                      if (e.get_max_level or 0) >= level and not e.get_same_level]
            if grades:
                need = ("transform_pot", min(grades))
                if need in order:
                    order.remove(need)
                order.insert(0, need)
        return order

    def _ship_piles(self, ctx: Ctx, base: Card, later: list[dict[str, Any]]) -> tuple[PileRef, ...]:
        r = ctx.rules
        level = base.level if r.draw_level == "base" else int(r.draw_level)
        cats = [c["category"] for c in later] + [base.category]
        if r.draw_category == "base":
            cats = [base.category]
        refs: list[PileRef] = []
        for cat in cats + list(r.categories):
            if len(refs) >= r.draw_count:
                break
            ref = ctx.pile_ref(level, cat)
            if ctx.can_supply([*refs, ref]):
                refs.append(ref)
        return tuple(refs)

    def _least_useful(self, ctx: Ctx, k: int, later: list[dict[str, Any]]) -> list[int]:
        def value(i: int) -> int:
            c = ctx.cards[i]
            v = c.level * 3 + c.bonus
            if any(ctx.eligible(c, x) for x in later):
                v += 6
            return v
        return sorted(range(len(ctx.hand)), key=value)[:k]
