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
from bohnanza.bots.timeout import timeout_move as _timeout_move
from bohnanza.engine import PLAYER_RANGE, PRESETS, Event, Game
from bohnanza.engine.presets import DUEL_BASES

from .. import frames

__all__ = ["DUEL_BASES", "PRESETS", "Event", "Game", "ParseError", "dumps", "load_game", "new_game", "owed",
           "parse", "player_range", "replay", "timeout_move"]

ParseError = cmds.ParseError
dumps = frames.dumps


def parse(text: str, game: Game | None = None) -> cmds.Command:
    """Read command text (raises ``ParseError``); an unknown bean name is answered with the
    beans of ``game``'s deck only (all beans without a game)."""
    return cmds.parse(text, game.rules.types if game is not None else None)


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


def owed(game: Game) -> dict[int, str]:
    """The seats the game waits for now and for what: ``seat -> "turn:what"``, where ``what``
    is the ``waiting_for`` of the seat's view (``plant``, ``trade``, ``provide:OFFER``,
    ``plant_traded``, ``plant_offer``, ``plant_revealed``). The active player owes ``trade``
    only while no deal is pending (a pending deal waits for its parties that have not
    provided). A key that changes is a new decision (the turn clock starts again)."""
    if game.over:
        return {}
    turn = game.turn
    phase = game.phase
    active = game.active
    if phase == "trade":
        deal = game.deal
        if deal is None:
            return {active: f"{turn}:trade"}
        return {s: f"{turn}:provide:{deal.offer}" for s in (deal.active, deal.other)
                if deal.provided.get(s) is None}
    if phase == "plant_traded":
        return {i: f"{turn}:plant_traded" for i, s in enumerate(game.seats) if s.to_plant}
    return {active: f"{turn}:{phase}"}  # plant, and the duel's plant_offer, plant_revealed


def timeout_move(game: Game, seat: int) -> str | None:
    """The smallest legal move for ``seat`` when its clock runs out (the bots' code:
    ``bohnanza.bots.timeout.timeout_move``), or None."""
    return _timeout_move(game.view(seat))


def player_range(preset: str) -> tuple[int, int]:
    """The fewest and most players ``preset`` is dealt for."""
    return PLAYER_RANGE[preset]
