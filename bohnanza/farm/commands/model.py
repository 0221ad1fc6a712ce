"""What :func:`bohnanza.farm.commands.parse` returns: a farm ``GameCommand``, or the room's
commands and chat of :mod:`bohnanza.commands` (the same classes for both games)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from bohnanza.commands.model import Chat
from bohnanza.commands.room import Help, RoomCommand
from bohnanza.farm.engine.actions import Action

__all__ = ["Chat", "Command", "GameCommand", "Help", "RoomCommand"]


@dataclass(frozen=True, slots=True)
class GameCommand:
    """A farm game command: ``action`` is one farm action (``bohnanza.farm.engine.actions``)."""

    action: Action


Command: TypeAlias = GameCommand | RoomCommand | Chat
