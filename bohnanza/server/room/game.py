"""Where the room meets the game: the hosted game of the table (``bohnanza.games``).

Every game the table hosts (Bohnanza, the farm game) is reached through the one interface of
:class:`bohnanza.games.HostedGame` (dealing, loading a stored position, reading command text,
applying the commands stored after a checkpoint, views, log lines, the decisions owed, the
clock's smallest move, the bots) and the running game's own ``apply``, ``view``,
``to_position``, ``rename_seat``, ``over``, ``result``, ``names``, ``n_seats``. The room
package asks a game for nothing else, so a third game is one more hosted game, not a change
here. A stored position names its game (``"game"``; Bohnanza positions have none).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bohnanza import commands as cmds
from bohnanza.games import GameState, HostedGame, TableGame

from .. import frames

__all__ = ["Game", "HostedGame", "ParseError", "TableGame", "dumps", "host_of", "load_game",
           "replay"]

Game = GameState
ParseError = cmds.ParseError
dumps = frames.dumps


def host_of(position: dict[str, Any]) -> HostedGame:
    """The hosted game a stored position belongs to."""
    return TableGame.of_position(position)


def load_game(position: dict[str, Any]) -> Game:
    """The game at a stored canonical position (whichever game it is)."""
    return TableGame.load(position)


def replay(host: HostedGame, game: Game, tail: Sequence[tuple[int, str]]) -> Game:
    """Apply the stored game commands ``(seat, text)`` in order (the game's one replay path);
    raises the first refusal."""
    return host.replay(game, tail)
