"""A say read and handed to the handler of its kind (room.py's pipeline, step 1): a game
command to the engine, a chat line to the room's chat, a room command to ``commands.py``.
Each returns the :class:`Change` it made (the room holds it, nothing is stored or sent yet),
or raises a ``Refusal`` having changed nothing."""

from __future__ import annotations

import time
from typing import Any, Protocol

from bohnanza import commands as cmds

from ..conn import TokenBucket
from ..inbound import typed_line
from ..protocol import Chat
from . import commands
from .change import BotActor, Change, CommandError
from .logbook import game_entries, room_entry


class Room(commands.Parts, Protocol):
    """What the handlers read of the room (room.py): ``commands.Parts`` and the room's chat
    rate."""

    chat_rate: TokenBucket


def dispatch(room: Room, actor: Any, text: str) -> Change:
    """``text`` said by ``actor`` (a ``Conn`` or a ``BotActor``: ``seat`` and ``name``), read
    (``bad_text``, ``too_long``, ``parse_error``) and handled."""
    # bad_text, too_long; a parameter file is several lines, bounded by the frame size
    text = typed_line(text, room.settings.chat_max_len)
    table = room.table
    game = table.game
    hosted = table.hosted
    # an unknown bean name is answered with the beans of this game's deck only
    command = hosted.parse(text, game if game is not None and not game.over else None)
    if isinstance(command, cmds.GameCommand):
        return game_command(room, actor, text, command.action)
    if isinstance(command, cmds.Chat):
        return chat(room, actor, text)
    if isinstance(command, cmds.RoomCommand):
        return commands.run(room, actor, command)
    raise CommandError("parse_error", "Unknown command.")  # pragma: no cover


def game_command(room: Room, actor: Any, text: str, action: Any) -> Change:
    """A game command: the engine applies it completely or refuses it (nothing changed)."""
    seat = actor.seat
    if seat is None:
        raise CommandError("not_seated", "Only a seated player can do that; /join first.")
    table = room.table
    game = table.game
    if game is None:
        raise CommandError("no_game", "No game is running; /start begins one.")
    was_over = game.over
    events = game.apply(seat, action)
    if not isinstance(actor, BotActor):  # the seat's person acted: no timeouts in a row
        s = table.seats[seat]
        if s.timeouts:  # (a counted write: Seat.shown; most commands leave it at 0)
            s.timeouts = 0
    # the events' entries; none for most commands (the markers: no event)
    entries = game_entries(table, events) if events else []
    if not was_over and game.over:
        table.last_result = table.result_record()
        entries.append(room_entry("The game is over. /start plays again."))
    return Change("game", (seat, text), entries)


def chat(room: Room, actor: Any, text: str) -> Change:
    """A chat line (``empty``; ``rate_limited``: the room's chat, everyone's lines together)."""
    text = text.strip()
    if not text:
        raise CommandError("empty", "Nothing to say.")
    if not room.chat_rate.take():  # the room's chat, everyone's lines together
        raise CommandError("rate_limited", "Too much chat in this room at once; wait a "
                           "moment.")
    name = room.table.name_of(actor.seat, actor.name)
    return Change("chat", chat=Chat(name=name, seat=actor.seat, text=text, ts=time.time()))
