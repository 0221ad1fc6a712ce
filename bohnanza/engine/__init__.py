"""The rules engine: pure, deterministic, standard library only (design.md §1-§3).

Public API: ``Game``, ``RuleError`` (a ``Refusal``, the base of every refused command),
``Event``, ``PRESETS``, ``BEANS``, ``coins_for``, ``rules_for``; the typed actions live in
``bohnanza.engine.actions``.
"""

from .beans import BEANS, coins_for, next_coin_at
from .errors import Refusal, RuleError
from .events import Event
from .game import Game
from .presets import PLAYER_RANGE, PRESETS, Rules, check_player_count, rules_for

__all__ = [
    "BEANS", "PLAYER_RANGE", "PRESETS", "Event", "Game", "Refusal", "RuleError", "Rules",
    "check_player_count", "coins_for", "next_coin_at", "rules_for",
]
