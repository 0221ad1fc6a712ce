"""The farm game's command language (docs/farm.md "Commands"): text <-> farm actions, in
English and Japanese, with help text. Room commands and chat are the Bohnanza module's.

Public API::

    parse(text, vocab=None) -> GameCommand | RoomCommand | Chat   # raises ParseError
    format_action(action) -> str          # parse(format_action(a)) == GameCommand(a)
    help_text(topic, lang="en") -> str
    Vocab.from_params(params)             # category and attribute names of a parameter set
"""

from __future__ import annotations

from bohnanza.commands import ParseError

from . import refusals as _refusals  # noqa: F401  (the Japanese of its refusals)
from .format import card_text, format_action, pile_text
from .help import HELP_TOPICS, help_text
from .model import Chat, Command, GameCommand, Help, RoomCommand
from .parse import COMMAND_NAMES, ROOM_COMMANDS, parse
from .vocab import FACILITY_JA, Vocab, default_vocab

__all__ = [
    "COMMAND_NAMES", "FACILITY_JA", "HELP_TOPICS", "ROOM_COMMANDS", "Chat", "Command",
    "GameCommand", "Help", "ParseError", "RoomCommand", "Vocab", "card_text", "default_vocab",
    "format_action", "help_text", "parse", "pile_text",
]
