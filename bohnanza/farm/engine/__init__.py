"""The farm-contest game's rules engine (seed 002, farm-rules.md): pure, deterministic,
standard library only, like ``bohnanza.engine`` beside it.

Public API (docs/farm.md): ``FarmGame`` (``new(params, names, seed)``, ``from_position``,
``to_position``, ``apply(seat, action)``, ``view(seat)``, ``over``, ``result``), ``RuleError``
(the Bohnanza engine's, a ``Refusal``: ``code``, ``message``, ``rule``), ``Event``, ``Rules`` and
``rules_from_params``, ``params_hash``; the typed actions live in
``bohnanza.farm.engine.actions``.
"""

from bohnanza.engine.errors import Refusal, RuleError

from .events import Event
from .game import PHASES, FarmGame
from .rules import FACILITIES, Card, Exchange, Rules, card_name, params_hash, rules_from_params

__all__ = [
    "FACILITIES", "PHASES", "Card", "Event", "Exchange", "FarmGame", "Refusal", "RuleError",
    "Rules",
    "card_name", "params_hash", "rules_from_params",
]
