"""Bots: policies that choose a command for one seat from what that seat may see.

``get_policy(name).decide(game.view(seat), rng) -> str | None`` (see :mod:`.base`).
Policies: ``random`` (:mod:`.random`), ``greedy`` (:mod:`.greedy`), the levels ``easy`` (greedy's
play, the default), ``normal`` and ``hard``; their names
(``policy_names()``) and the order bots are asked in (``ask_order``) are written here once. Bot games in the engine:
:mod:`.simulate` (``bohnanza simulate``).
"""

from __future__ import annotations

from .base import (
    DEFAULT_POLICY,
    LEVELS,
    POLICIES,
    TAKEOVER_POLICY,
    Policy,
    ask_order,
    get_policy,
    level_of,
    picker_order,
    policy_names,
    register,
)
from .greedy import GreedyPolicy
from .hard import HardPolicy
from .normal import NormalPolicy
from .random import RandomPolicy


class EasyPolicy(GreedyPolicy):
    """The ``easy`` level (issue 15): today's ``greedy``, its faults and all."""

    name = "easy"


register("random", RandomPolicy)
register("greedy", GreedyPolicy)
register("easy", EasyPolicy)
register("normal", NormalPolicy)
register("hard", HardPolicy)

__all__ = [
    "DEFAULT_POLICY", "POLICIES", "TAKEOVER_POLICY", "EasyPolicy", "GreedyPolicy", "HardPolicy", "NormalPolicy", "Policy", "RandomPolicy", "ask_order",
    "get_policy", "LEVELS", "level_of", "picker_order", "policy_names", "register",
]
