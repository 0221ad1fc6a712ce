"""What a server needs to host the farm game (docs/farm.md "Hosting").

One object, :data:`FARM`, gathers the game's entry points with the same shapes the Bohnanza
game has, so a hub can hold a table of games (``{"bohnanza": ..., "farm": FARM}``) and run
rooms, storage, reconnects, spectators and bots through it without knowing the rules::

    game = FARM.new({"params": params}, ["Ann", "Bob", "Cy"], seed)   # settings from the room
    cmd = FARM.parse(game, "/ship b1 for L2 root")    # GameCommand | RoomCommand | Chat
    events = game.apply(seat, cmd.action)              # RuleError: code, message, rule
    game.view(seat); game.to_position(); FARM.load(position); game.result
    FARM.help("ship", "ja"); FARM.policy("sensible").decide(game.view(seat), rng)

``settings`` holds ``params`` (a full parameter dict from :mod:`bohnanza.farm.params`; default:
the shipped set). The record of a game stores ``position["params_name"]`` and
``position["params_hash"]`` so a replay and a result say which numbers they used.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bohnanza.bots.base import Policy

from .bots import POLICIES, get_policy
from .commands import Command, Vocab, help_text, parse
from .engine import FarmGame
from .params import default_params

_VOCABS: dict[str, Vocab] = {}


def _new(settings: dict[str, Any], names: list[str], seed: int) -> FarmGame:
    params = settings.get("params") or default_params()
    return FarmGame.new(params, names, seed)


def _parse(game: FarmGame | None, text: str) -> Command:
    if game is None:
        return parse(text)
    vocab = _VOCABS.get(game.params_hash)
    if vocab is None:
        vocab = _VOCABS[game.params_hash] = Vocab.from_params(game.params)
    return parse(text, vocab)


@dataclass(frozen=True)
class HostedGame:
    """A game as a server sees it (module docstring)."""

    name: str
    new: Callable[[dict[str, Any], list[str], int], FarmGame]
    load: Callable[[dict[str, Any]], FarmGame]
    parse: Callable[[FarmGame | None, str], Command]
    help: Callable[[str | None, str], str]
    policy: Callable[[str], Policy]
    policies: tuple[str, ...]


FARM = HostedGame(
    name="farm",
    new=_new,
    load=FarmGame.from_position,
    parse=_parse,
    help=help_text,
    policy=get_policy,
    policies=tuple(sorted(POLICIES)),
)
