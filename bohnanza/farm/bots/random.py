"""``random``: a uniform choice among legal farm moves (the baseline opponent).

Preparation: one of transform (a random fitting exchange), plant (a random base with a random
number of synthesis cards the pot allows), synthesis on a base that has room, or ``/done``;
pending rescue cards first (``/draw``). Harvest turn: one of ship (each shippable base),
upgrade (each affordable facility), enter (each eligible base), or the hand adjustment
(random cards, exactly as many as the limit asks).

Legal by construction from the view's hints (``you.free_slots``, ``synth_room``,
``exchanges``, ``can_ship``, ``can_enter``, ``can_upgrade``, ``must_discard``) and the pile
sizes. No stalls: every preparation move but ``/done`` spends hand cards, every harvest move
but the adjustment spends a base or cost, so each phase ends.
"""

from __future__ import annotations

import random as _random
from typing import Any

from bohnanza.bots.base import Policy
from bohnanza.farm.engine.actions import (
    Adjust,
    Done,
    Draw,
    Enter,
    HandCard,
    Plant,
    Ship,
    Synth,
    Upgrade,
)

from .common import Ctx, say


class RandomPolicy(Policy):
    """Uniform over the kinds of legal moves, then over their details (module docstring)."""

    name = "random"

    def decide(self, view: dict[str, Any], rng: _random.Random, *,
               hurry: bool = False) -> str | None:
        you = view.get("you")
        if you is None or not you["must_act"]:
            return None
        ctx = Ctx(view)
        if you["waiting_for"] == "rescue":
            return say(Draw())
        if you["waiting_for"] == "prep":
            return self._prep(ctx, rng)
        return self._harvest(ctx, rng)

    def _prep(self, ctx: Ctx, rng: _random.Random) -> str:
        you = ctx.you
        n = len(ctx.hand)
        opts: list[str] = [say(Done())]
        if you["free_slots"] and n:
            base = rng.randrange(n)
            rest = [i for i in range(n)
                    if i != base and ctx.synth_ok(ctx.cards[base], ctx.cards[i])]
            k = rng.randint(0, min(you["new_base_synth"], len(rest)))
            synth = rng.sample(rest, k)
            opts.append(say(Plant(HandCard(index=base + 1),
                                  tuple(HandCard(index=i + 1) for i in synth))))
        rooms = [(int(s), r) for s, r in you["synth_room"].items()]
        if rooms and n:
            slot, room = rng.choice(rooms)
            on = ctx.rules.card(you["field"][slot - 1]["base"])
            fit = [i for i in range(n) if ctx.synth_ok(on, ctx.cards[i])]
            if fit:
                k = rng.randint(1, min(room, len(fit)))
                opts.append(say(Synth(slot, tuple(HandCard(index=i + 1)
                                                  for i in sorted(rng.sample(fit, k))))))
        ts = ctx.transforms(rng, tries=3)
        if ts:
            opts.append(say(rng.choice(ts)))
        return rng.choice(opts)

    def _harvest(self, ctx: Ctx, rng: _random.Random) -> str:
        you = ctx.you
        opts = [say(Ship(s)) for s in you["can_ship"]]
        opts += [say(Upgrade(k)) for k in you["can_upgrade"]]
        opts += [say(Enter(s)) for s in you["can_enter"]]
        drop = rng.sample(range(len(ctx.hand)), you["must_discard"])
        opts.append(say(Adjust(tuple(HandCard(index=i + 1) for i in sorted(drop)))))
        return rng.choice(opts)
