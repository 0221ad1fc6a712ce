"""Farm bots: policies that choose one command for one seat from that seat's view.

Same interface as the Bohnanza bots (:class:`bohnanza.bots.base.Policy`):
``get_policy(name).decide(game.view(seat), rng) -> str | None``. Policies: ``random``
(:mod:`.random`), ``sensible`` (:mod:`.sensible`), ``shipper`` (:mod:`.shipper`: the economy
alone, never entering a contest; G7's calibration bot). Bot games: ``bohnanza simulate --game
farm`` (:mod:`bohnanza.farm.simulate`).
"""

from __future__ import annotations

from collections.abc import Callable

from bohnanza.bots.base import Policy

from .random import RandomPolicy
from .sensible import SensiblePolicy
from .shipper import ShipperPolicy

POLICIES: dict[str, Callable[[], Policy]] = {
    "random": RandomPolicy, "sensible": SensiblePolicy, "shipper": ShipperPolicy}
"""Farm policy name -> factory."""


def get_policy(name: str) -> Policy:
    """A fresh farm policy (case-insensitive). Raises ``KeyError`` naming the choices."""
    key = name.strip().lower()
    if key not in POLICIES:
        raise KeyError(f"unknown farm bot policy {name!r}; choose one of "
                       + ", ".join(sorted(POLICIES)))
    return POLICIES[key]()


__all__ = ["POLICIES", "Policy", "RandomPolicy", "SensiblePolicy", "ShipperPolicy", "get_policy"]
