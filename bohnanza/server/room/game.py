"""Where the room meets the game: the Bohnanza engine and its command language.

Everything the room package asks of a game goes through this module or the ``Game`` object it
returns: reading command text (:func:`parse`), dealing (:func:`new_game`), loading a stored
position (:func:`load_game`), applying the commands stored after it (:func:`replay`), the
presets and their player ranges; then ``game.apply``, ``game.view_parts`` / ``game.view``,
``game.to_position``, ``game.rename_seat``, ``game.over``, ``game.result``, ``game.names``,
``game.active`` and ``game.turn``, and the events' ``for_viewer``. A second game hosted by the
same rooms would provide these same functions and methods.
"""

from __future__ import annotations

from typing import Any

from bohnanza import commands as cmds
from bohnanza.engine import PLAYER_RANGE, PRESETS, Event, Game

from .. import frames

__all__ = ["PRESETS", "Event", "Game", "ParseError", "dumps", "load_game", "new_game", "parse",
           "player_range", "replay"]

parse = cmds.parse
ParseError = cmds.ParseError
dumps = frames.dumps


def new_game(preset: str, names: list[str], seed: int, options: dict[str, Any]) -> Game:
    """Deal a game (raises the engine's ``RuleError``)."""
    return Game.new(preset, names, seed, options)


def load_game(position: dict[str, Any]) -> Game:
    """The game at a stored canonical position."""
    return Game.from_position(position)


def replay(game: Game, tail: list[tuple[int, str]]) -> Game:
    """Apply the stored game commands ``(seat, text)`` in order (the one replay path,
    ``bohnanza.commands.replay``); raises the first refusal."""
    return cmds.replay(game, tail)


def player_range(preset: str) -> tuple[int, int]:
    """The fewest and most players ``preset`` is dealt for."""
    return PLAYER_RANGE[preset]
