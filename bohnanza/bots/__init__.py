"""Bots: policies that choose a command for one seat from what that seat may see.

``get_policy(name).decide(game.view(seat), rng) -> str | None`` (see :mod:`.base`).
Policies: ``random`` (:mod:`.random`), ``greedy`` (:mod:`.greedy`). Bot games in the engine:
:mod:`.simulate` (``bohnanza simulate``).
"""

from __future__ import annotations

from .base import POLICIES, Policy, get_policy, register
from .greedy import GreedyPolicy
from .random import RandomPolicy

register("random", RandomPolicy)
register("greedy", GreedyPolicy)

__all__ = ["POLICIES", "GreedyPolicy", "Policy", "RandomPolicy", "get_policy", "register"]
