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
           "new_game", "owed", "replay"]

Game = GameState
ParseError = cmds.ParseError
dumps = frames.dumps


def host_of(position: dict[str, Any]) -> HostedGame:
    """The hosted game a stored position belongs to."""
    return TableGame.of_position(position)


def load_game(position: dict[str, Any]) -> Game:
    """The game at a stored canonical position (whichever game it is)."""
    return TableGame.load(position)


def replay(game: Game, tail: Sequence[tuple[int, str]], host: HostedGame | None = None
           ) -> Game:
    """Apply the stored game commands ``(seat, text)`` in order (the game's one replay path);
    raises the first refusal. ``host``: the game's hosted game (found from the game when
    left out)."""
    return (host or TableGame.of_game(game)).replay(game, tail)


def new_game(preset: str, names: list[str], seed: int, options: dict[str, Any]) -> Game:
    """Deal a Bohnanza game of ``preset`` (raises the engine's ``RuleError``)."""
    return TableGame.get("bohnanza").new({**options, "preset": preset}, names, seed)


def owed(game: Game) -> dict[int, str]:
    """The seats ``game`` waits for now and a key of each decision (its hosted game's)."""
    return TableGame.of_game(game).owed(game)
