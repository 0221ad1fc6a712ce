"""What :func:`bohnanza.commands.parse` returns besides room commands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from bohnanza.engine.actions import Action

from .room import RoomCommand


@dataclass(frozen=True, slots=True)
class GameCommand:
    """A game command: ``action`` is one engine action (``bohnanza.engine.actions``)."""

    action: Action


@dataclass(frozen=True, slots=True)
class Chat:
    """A chat line: any text that does not start with ``/`` (``text`` without outer spaces)."""

    text: str


Command: TypeAlias = GameCommand | RoomCommand | Chat
"""Anything :func:`bohnanza.commands.parse` returns."""
