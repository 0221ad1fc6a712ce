"""Room commands: what a person says to the room rather than to the game (design.md section 4).

Each is a frozen dataclass and a subclass of :class:`RoomCommand`; the server carries them out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from bohnanza.engine.presets import PRESETS

OptionKey: TypeAlias = Literal["hiddenmoney", "rules", "duel", "clock", "botspeed", "game", "param", "params"]

#: Preset names ``/option rules`` accepts (rules.md section 4a): the engine's.
PRESET_NAMES: tuple[str, ...] = PRESETS


@dataclass(frozen=True, slots=True)
class RoomCommand:
    """Base class of every room command."""


@dataclass(frozen=True, slots=True)
class Join(RoomCommand):
    """``/join [NAME]``: take a free seat; ``name`` ``None`` keeps the connection's name."""

    name: str | None = None


@dataclass(frozen=True, slots=True)
class Leave(RoomCommand):
    """``/leave``: leave the seat (during a game a bot takes it over)."""


@dataclass(frozen=True, slots=True)
class Start(RoomCommand):
    """``/start``: deal and begin."""


@dataclass(frozen=True, slots=True)
class OptionShow(RoomCommand):
    """``/option``: show the room's options."""


@dataclass(frozen=True, slots=True)
class OptionSet(RoomCommand):
    """``/option hiddenmoney [on|off]``, ``/option rules PRESET``, ``/option duel VERSION`` or
    ``/option clock SECONDS|off``.

    ``key`` ``"hiddenmoney"``: ``value`` ``"on"``, ``"off"`` or ``None`` (``None`` turns it
    on). ``key`` ``"rules"``: ``value`` one of :data:`PRESET_NAMES`. ``key`` ``"duel"``:
    ``value`` ``"standard"`` or ``"3fields"``, the version of the 2-player bean duel
    (rules.md §3a, C10; the game option ``duel_base``). ``key`` ``"clock"``: ``value`` the
    seconds each decision may take (``"60"``, 1-3600) or ``"off"`` (the turn clock). ``key``
    ``"game"``: the game the room deals (``"bohnanza"``, ``"farm"``: ``bohnanza.games``).
    ``key`` ``"param"``: ``"KEY VALUE"`` as typed (one farm parameter, TOML value); ``key``
    ``"params"``: a whole parameter file's TOML text as typed, or ``"default"``.
    """

    key: OptionKey
    value: str | None = None


@dataclass(frozen=True, slots=True)
class AddBot(RoomCommand):
    """``/addbot [NAME] [POLICY]``: seat a bot; ``None`` lets the server choose."""

    name: str | None = None
    policy: str | None = None


@dataclass(frozen=True, slots=True)
class RemoveBot(RoomCommand):
    """``/removebot NAME|N``: before the start, take a bot off the table.

    ``target`` is the text after the command as typed (inner spaces collapsed, never empty): a
    seat's name or a seat number; the server decides which (a name first, then a number).
    """

    target: str


@dataclass(frozen=True, slots=True)
class HandOver(RoomCommand):
    """``/handover NAME|N``: during a game, give the seat of a player who has been away for long
    enough to a bot until that player is back. ``target`` as in :class:`RemoveBot`."""

    target: str


@dataclass(frozen=True, slots=True)
class Help(RoomCommand):
    """``/help [COMMAND]``: ``topic`` is a lowercase command name without ``/``, or ``None``."""

    topic: str | None = None


@dataclass(frozen=True, slots=True)
class Who(RoomCommand):
    """``/who``: list the seats and spectators."""
