"""``shipper``: ships and upgrades, never enters a contest: the economy alone (G7's check).

G7 calibrated the prices with "a bot that only ships". This policy is that bot, so a designer
can compare a parameter set's economy with the contest players': it plants a base in every
free slot (the sensible policy's choice of base and synthesis cards, climbing levels through
the transformation pot), ships every base, buys the field first, then pot, box and synthesis
pot, and never enters. It scores no VP (VP come only from contests, F40), so its win rate
means nothing; its cost earned and grade curves do.
"""

from __future__ import annotations

from typing import Any

from bohnanza.farm.engine.actions import Adjust, HandCard, Ship, Upgrade

from .common import Ctx, say
from .sensible import SensiblePolicy

ORDER: tuple[tuple[str, int], ...] = (
    ("field", 2), ("field", 3), ("field", 4), ("transform_pot", 2), ("transform_pot", 3),
    ("storage_box", 2), ("synth_pot", 2), ("storage_box", 3), ("synth_pot", 3),
    ("storage_box", 4), ("synth_pot", 4), ("transform_pot", 4),
)


class ShipperPolicy(SensiblePolicy):
    """The sensible policy without contests (module docstring)."""

    name = "shipper"

    def _now(self, ctx: Ctx) -> dict[str, Any] | None:
        return None

    def _later(self, ctx: Ctx) -> list[dict[str, Any]]:
        return []

    def _harvest(self, ctx: Ctx) -> str:
        you = ctx.you
        if you["can_ship"]:
            slot = you["can_ship"][0]
            base = ctx.rules.card(you["field"][slot - 1]["base"])
            return say(Ship(slot, self._ship_piles(ctx, base, [])))
        for kind, grade in ORDER:
            if you["grades"][kind] >= grade:
                continue
            if kind in you["can_upgrade"]:
                return say(Upgrade(kind))
            break
        drop = self._least_useful(ctx, you["must_discard"], [])
        return say(Adjust(tuple(HandCard(index=i + 1) for i in sorted(drop))))
