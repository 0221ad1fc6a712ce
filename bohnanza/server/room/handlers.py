"""A say read and handed to the handler of its kind (room.py's pipeline, step 1): a game
command to the engine, a chat line to the room's chat, a room command to ``commands.py``.
Each returns the :class:`Change` it made (the room holds it, nothing is stored or sent yet),
or raises a ``Refusal`` having changed nothing."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

from bohnanza import commands as cmds
from bohnanza.commands.model import GameCommand

from ..conn import Buckets, TokenBucket
from ..inbound import typed_line
from ..protocol import Chat
from . import commands
from .change import BotActor, Change, CommandError
from .clock import OwedMemo
from .logbook import room_entry
from .names import shows_nothing

if TYPE_CHECKING:
    from ...games.base import GameState, HostedGame


class Room(commands.Parts, Protocol):
    """What the handlers read of the room (room.py): ``commands.Parts``, the room's chat
    rate and what ``mark_owed`` last read (its hosted game)."""

    chat_rate: TokenBucket
    chat_share: Buckets
    owed_memo: OwedMemo


def dispatch(room: Room, actor: Any, text: str) -> Change:
    """``text`` said by ``actor`` (a ``Conn`` or a ``BotActor``: ``seat`` and ``name``), read
    (``bad_text``, ``too_long``, ``parse_error``) and handled."""
    # bad_text, too_long; a parameter file is several lines, bounded by the frame size
    # (typed_line's first test without its call: most lines pass it)
    max_len = room.settings.chat_max_len
    if len(text) > max_len or not text.isascii() or not text.isprintable():
        text = typed_line(text, max_len)
    table = room.table
    game = table.game
    # the hosted game as mark_owed last looked it up (a game's name names the same one for
    # good: games.TableGame's registry), without the table's look-up
    memo = room.owed_memo
    hosted = memo.hosted if memo.game_name == table.game_name else table.hosted
    # an unknown bean name is answered with the beans of this game's deck only
    command = hosted.parse(text, game if game is not None and not game.over else None)
    if type(command) is GameCommand or isinstance(command, cmds.GameCommand):
        return game_command(room, actor, text, command.action, hosted)
    if isinstance(command, cmds.Chat):
        return chat(room, actor, text)
    if isinstance(command, cmds.RoomCommand):
        return commands.run(room, actor, command)
    raise CommandError("parse_error", "Unknown command.")  # pragma: no cover


def game_command(room: Room, actor: Any, text: str, action: Any, hosted: Any = None
                 ) -> Change:
    """A game command: the engine applies it completely or refuses it (nothing changed).
    ``hosted``: the table's hosted game (looked up when not given)."""
    seat = actor.seat
    if seat is None:
        raise CommandError("not_seated", "Only a seated player can do that; /join first.")
    table = room.table
    game = table.game
    if game is None:
        raise CommandError("no_game", "No game is running; /start begins one.")
    # a game that is over refuses every command (R39; the farm's F3): the game ends in this
    # command when it is over now, and its end is an event (``game_over``, either game)
    events = game.apply(seat, action)
    if type(actor) is not BotActor:  # the seat's person acted: no timeouts in a row
        s = table.seats[seat]
        if s.timeouts:  # (a counted write: Seat.shown; most commands leave it at 0)
            s.timeouts = 0
    if not events:  # most commands (the markers): no event, no entries
        return Change("game", (seat, text), [])
    entries = game_entries(hosted if hosted is not None else table.hosted, game, events)
    if game.over:
        table.last_result = table.result_record()
        entries.append(room_entry("The game is over. /start plays again."))
    return Change("game", (seat, text), entries)


def game_entries(hosted: HostedGame, game: GameState, events: list[Any]
                 ) -> list[dict[str, Any]]:
    """The entries of a game command's events, phrased for every viewer (in English, for
    people) by the table's hosted game (``logbook.game_entries`` without the table's look-up
    of it)."""
    return hosted.entries(game, events)


def _speaker(room: Room, actor: Any) -> str:
    """Whose share of the room's chat a line takes: a seat's (its tabs together), else the
    watcher's address (its connections together; with the per-address limits on), else the
    connection's."""
    if actor.seat is not None:
        return f"seat {actor.seat}"
    address = getattr(actor, "address", "?")
    if room.settings.per_address_limits and address != "?":
        return address
    return f"conn {actor.id}"


def chat(room: Room, actor: Any, text: str) -> Change:
    """A chat line (``empty``; ``rate_limited``: the speaker's share of the room's chat, then
    the room's chat, everyone's lines together). A speaker's share is half the room's rate
    (and its burst, for a paste); a line over it takes none of the room's: one connection
    typing at its own rate (10 lines a second) took every line the room's chat allows (3),
    and the table's trade talk was refused for as long as it went on. A speaker who has
    used more than half of its share's burst lately leaves the room's last half burst to
    the others, when there are others in the room: two such typists took the whole room's
    rate between them (half each)."""
    text = text.strip()
    if not text or (not text.isascii() and shows_nothing(text)):  # (a blank of fillers too)
        raise CommandError("empty", "Nothing to say.")
    share, key = room.chat_share, _speaker(room, actor)
    # (before this line; a speaker alone in the room keeps nothing back: nobody else is there
    # to speak, and a lone paste was refused at half its share's burst)
    busy = share.level(key) < share.burst / 2 and any(
        _speaker(room, c) != key for c in room.presence.conns)
    if not share.take(key) or (busy and not room.chat_rate.take(share.burst / 2)):
        raise CommandError("rate_limited", "You are saying a lot at once; wait a moment so "
                           "the others can speak too.")
    if not busy and not room.chat_rate.take():  # the room's chat, everyone's lines together
        raise CommandError("rate_limited", "Too much chat in this room at once; wait a "
                           "moment.")
    name = room.table.name_of(actor.seat, actor.name)
    return Change("chat", chat=Chat(name=name, seat=actor.seat, text=text, ts=time.time()))
