"""Command language (design.md section 4): text <-> typed commands, bean aliases, help.

Public API (docs/engine-api.md, "Commands API")::

    parse(text) -> GameCommand | RoomCommand | Chat      # raises ParseError
    format_action(action) -> str                          # parse(format_action(a)) == GameCommand(a)
    help_text(topic, lang="en") -> str
    bean_slug(name) -> str                                # raises ParseError
    apply_text(game, seat, text) -> events                # parse, require a game command, apply
    replay(game, [(seat, text), ...]) -> game             # apply_text in order

No I/O; the parser checks syntax only, never game legality.
"""

from __future__ import annotations

from .beans import ALIASES, SLUGS, alias_key, bean_label, bean_slug, lookup_bean
from .errors import ParseError
from .format import format_action, format_command, format_side
from .help import HELP_TOPICS, help_text
from .model import Chat, Command, GameCommand
from .parse import COMMAND_NAMES, MAX_CLOCK, parse
from .replay import apply_text, replay
from .room import (
    PRESET_NAMES,
    AddBot,
    HandOver,
    Help,
    Join,
    Leave,
    OptionSet,
    OptionShow,
    RemoveBot,
    RoomCommand,
    Start,
    Who,
)

__all__ = [
    "ALIASES",
    "COMMAND_NAMES",
    "HELP_TOPICS",
    "MAX_CLOCK",
    "PRESET_NAMES",
    "SLUGS",
    "AddBot",
    "Chat",
    "Command",
    "GameCommand",
    "HandOver",
    "Help",
    "Join",
    "Leave",
    "OptionSet",
    "OptionShow",
    "ParseError",
    "RemoveBot",
    "RoomCommand",
    "Start",
    "Who",
    "alias_key",
    "apply_text",
    "bean_label",
    "bean_slug",
    "format_action",
    "format_command",
    "format_side",
    "help_text",
    "lookup_bean",
    "parse",
    "replay",
]
