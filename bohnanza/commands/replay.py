"""The one replay path: command text applied to a game (design.md section 2: a game is fully
determined by how it was dealt and the commands applied since).

Every caller that holds command *text* rather than a parsed command goes through here: the
server's journal (a restart, a rollback, the audit of a room's history), the scenario runner
and the bot games of ``bohnanza simulate``. (Re-sending stored log lines to a connection is
another thing, the *backlog*: ``bohnanza/server/room/logbook.py``.)
"""

from __future__ import annotations

from collections.abc import Iterable

from bohnanza.engine import Event, Game, Refusal

from .errors import ParseError
from .model import GameCommand
from .parse import parse


def apply_text(game: Game, seat: int, text: str) -> list[Event]:
    """Parse ``text``, require a game command, apply it for ``seat``; returns its events.

    Raises :class:`ParseError` (text that does not parse, or a room command or chat line) or
    the engine's ``RuleError``; either way nothing changed.
    """
    command = parse(text)
    if not isinstance(command, GameCommand):
        raise ParseError(f"{text!r} is not a game command")
    return game.apply(seat, command.action)


def replay(game: Game, commands: Iterable[tuple[int, str]]) -> Game:
    """Apply the game commands ``(seat, text)`` in order (:func:`apply_text`); returns
    ``game``. Raises the first refusal (``ParseError`` or ``RuleError``, with a note naming
    the command); the commands before it stay applied."""
    for i, (seat, text) in enumerate(commands):
        try:
            apply_text(game, seat, text)
        except Refusal as e:
            e.add_note(f"command {i + 1}, seat {seat}: {text!r}")
            raise
    return game
