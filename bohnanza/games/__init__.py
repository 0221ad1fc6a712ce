"""The games a table hosts, behind one interface (issue 17; :mod:`.base`).

``TableGame`` is the registry: ``TableGame.get("farm")`` gives the hosted game, ``names()``
lists them, ``of_position(p)`` finds the game a stored position belongs to (its ``"game"``
field; Bohnanza positions have none). A third game is one more module here registered below.
"""

from __future__ import annotations

from typing import Any

from bohnanza.commands import texts
from bohnanza.engine.errors import Refusal

from .base import Answering, GameState, HostedGame
from .bohnanza import BOHNANZA
from .farm import FARM

DEFAULT_GAME = "bohnanza"


class TableGame:
    """The registry of hosted games (module docstring)."""

    GAMES: dict[str, HostedGame] = {BOHNANZA.name: BOHNANZA, FARM.name: FARM}

    @classmethod
    def names(cls) -> list[str]:
        return list(cls.GAMES)

    @classmethod
    def get(cls, name: str | None) -> HostedGame:
        """The hosted game ``name`` (None: Bohnanza). Raises a ``Refusal`` ``unknown_game``."""
        game = cls.GAMES.get(name or DEFAULT_GAME)
        if game is None:
            raise Refusal("unknown_game", texts.text("refuse.unknown_game", name=repr(name),
                                                     choices=", ".join(cls.GAMES)))
        return game

    @classmethod
    def of_position(cls, position: dict[str, Any]) -> HostedGame:
        return cls.get(str(position.get("game") or DEFAULT_GAME))

    @classmethod
    def of_game(cls, game: GameState) -> HostedGame:
        """The hosted game a running game belongs to (by its class)."""
        for host in cls.GAMES.values():
            if isinstance(game, host.state_type):
                return host
        raise Refusal("unknown_game", f"no hosted game plays a {type(game).__name__}")

    @classmethod
    def load(cls, position: dict[str, Any]) -> GameState:
        """The game at a stored position, whichever game it is."""
        return cls.of_position(position).load(position)


__all__ = ["DEFAULT_GAME", "Answering", "GameState", "HostedGame", "TableGame"]
