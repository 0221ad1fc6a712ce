"""The room commands (design.md §4): ``/join``, ``/leave``, ``/start``, ``/option``,
``/addbot``, ``/removebot``, ``/handover``, ``/help``, ``/who`` (``/start`` and ``/option``:
setup.py).

Each handler checks first and raises :class:`CommandError` before it changes anything; then it
changes the room's table and returns the :class:`Change` (what to store and log, what to tell
whom). It stores nothing and sends nothing: the pipeline (room.py) does, once the change is
stored, and puts the table back as stored should that fail.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from bohnanza import commands as cmds
from bohnanza.commands import texts

from ..conn import Conn
from .answers import options_text, who_text
from .change import Change, CommandError, Move
from .help import help_text
from .logbook import room_entry
from .presence import Presence
from .setup import check_arranger, set_option, start
from .table import Seat, Table, check_name, check_person_name, hash_token

if TYPE_CHECKING:
    from ..settings import Settings


class Parts(Protocol):
    """What the handlers read of the room."""

    name: str
    settings: Settings
    table: Table
    presence: Presence
    version: int


def run(r: Parts, actor: object, command: cmds.RoomCommand) -> Change:
    """Carry out ``command`` for ``actor`` (a connection: bots send game commands only)."""
    if not isinstance(actor, Conn):
        raise CommandError("not_for_bots", "A bot sends game commands only.")
    match command:
        case cmds.Join(name=name):
            return join(r, actor, name)
        case cmds.Leave():
            return leave(r, actor)
        case cmds.Start():
            return start(r, actor)
        case cmds.OptionShow():
            return _answer(actor.lang, lambda lg: options_text(r.table, lg))
        case cmds.OptionSet(key=key, value=value):
            return set_option(r, actor, key, value)
        case cmds.AddBot(name=name, policy=policy):
            return add_bot(r, actor, name, policy)
        case cmds.RemoveBot(target=target):
            return remove_bot(r, actor, target)
        case cmds.HandOver(target=target):
            return hand_over(r, actor, target)
        case cmds.Help(topic=topic):
            return _answer(actor.lang, lambda lg: help_text(r.table.hosted, topic,
                                                            r.settings.away_seconds, lg))
        case cmds.Who():
            return _answer(actor.lang, lambda lg: who_text(r.table, r.presence, lg))
    raise CommandError("parse_error", "Unknown room command.")


def name_taken(name: str, other: str) -> CommandError:
    """The ``name_taken`` refusal of ``name``, naming the name in use it clashes with when that
    is written otherwise (look-alike letters, case, width: ``Аnn`` against the seated ``Ann``):
    a person sees which of the room's names is in the way."""
    if other == name:
        return CommandError("name_taken", texts.text("refuse.name_taken", "en", name=name))
    return CommandError("name_taken", texts.text("refuse.name_taken_like", "en", name=name,
                                                 other=other))


def _answer(reader: str, write: Callable[[str], str]) -> Change:
    """An answer (nothing changed): its message for ``reader``, and in each language the
    server writes (``texts.LANGS``: the board shows the answer it keeps in the language it
    switches to)."""
    every = {lg: write(lg) for lg in texts.LANGS}
    return Change("answer", reply=every.get(reader) or write(reader), texts=every)


def _closed_up(mapping: dict[int, int | None], gone: int | None) -> dict[int, int | None]:
    """``mapping`` (old seat -> new), then the seats after ``gone`` one down."""
    if gone is None:
        return mapping
    return {old: (new - 1 if new is not None and new > gone else new)
            for old, new in mapping.items()}


# ---------------------------------------------------------------- seats


def join(r: Parts, conn: Conn, raw_name: str | None) -> Change:
    """``/join [NAME]``: a free seat before the game; in a game, the first seat a leaver's
    bot plays. The other tabs that left a seat with this one (``Conn.left``: one person's)
    sit down with it, their name no obstacle (a person with two tabs open who left could not
    join again: each tab held the name against the other)."""
    t = r.table
    if conn.seat is not None:
        raise CommandError(
            "already_seated", f"You already sit in seat {conn.seat + 1}; /leave first."
        )
    name = check_name(raw_name if raw_name is not None else conn.name, r.settings.name_max_len)
    free = [i for i, s in enumerate(t.seats) if s.vacant]
    # in a game the joiner takes over the first seat a leaver's bot plays; before one, every
    # such seat goes
    going = frozenset(free[:1]) if t.running else t.going()
    tabs = [conn, *(c for c in r.presence.conns if c is not conn and c.seat is None
                    and conn.left is not None and c.left is conn.left)]
    watching = [c.name for c in r.presence.conns if c.seat is None and c not in tabs]
    if (other := t.clash(name, watching, going)) is not None:
        raise name_taken(name, other)
    check_person_name(name)  # not "NAME (bot)": the name of a leaver's bot
    token = secrets.token_urlsafe(32)
    renumber = None
    if t.running:
        if not free:
            raise CommandError(
                "game_running", "A game is running and every seat is taken; you can watch."
            )
        seat = free[0]
        assert t.game is not None
        t.game.rename_seat(seat, name)
        t.seats[seat] = Seat(name=name, token_hash=hash_token(token), since=r.version + 1)
        text = f"{name} takes over seat {seat + 1} from the bot."
    else:
        lo, hi = t.player_range()
        live, renumber = t.between_games()
        if len(live) >= hi:
            raise CommandError("room_full", f"All {hi} seats are taken; you can watch.")
        t.settle(live)
        t.seats.append(Seat(name=name, token_hash=hash_token(token), since=r.version + 1))
        seat = len(t.seats) - 1
        text = f"{name} joins in seat {seat + 1}."
    return Change("room", (seat, "/join"), [room_entry(text)], f"You sit in seat {seat + 1}.",
                  renumber, [Move(c, seat, token, name) for c in tabs])


def leave(r: Parts, conn: Conn) -> Change:
    """``/leave``: before the start the seat goes (the seats after it close up); in a game a
    bot plays it at once and ``/join`` takes it over."""
    t = r.table
    if conn.seat is None:
        raise CommandError("not_seated", "You have no seat to leave.")
    seat = conn.seat
    name = t.seats[seat].name
    tabs = r.presence.seated(seat)
    renumber = None
    if t.running:
        assert t.game is not None
        bot_name = t.unique_name(f"{name} (bot)", r.presence.watchers())
        t.game.rename_seat(seat, bot_name)
        t.seats[seat] = Seat(
            name=bot_name, token_hash=None, vacant=True, bot=t.hosted.takeover_policy,
            since=r.version + 1
        )
        text = f"{name} left seat {seat + 1}; a bot plays it now as {bot_name}; /join takes it over."
    else:
        live, mapping = t.between_games()
        me = t.seats[seat]
        t.settle(live)
        seat = t.seats.index(me)
        del t.seats[seat]
        renumber = _closed_up(mapping, seat)
        text = f"{name} left."
    together = object()  # the tabs stand up together: one person's (join)
    for c in tabs:
        c.left = together
    return Change("room", (seat, "/leave"), [room_entry(text)], "You left your seat.",
                  renumber, [Move(c, None, None, name) for c in tabs])


def add_bot(r: Parts, conn: Conn, raw_name: str | None, policy: str | None) -> Change:
    """``/addbot [NAME] [POLICY]``: seat a bot before the start."""
    t = r.table
    check_arranger(t, conn, "Only a seated player can add bots; /join first.",
                    "Bots take seats before the start; this game is running.")
    choices = t.hosted.policy_names()
    if policy is None and raw_name is not None and raw_name.casefold() in choices:
        raw_name, policy = None, raw_name  # /addbot random: a random bot
    policy = (policy or t.hosted.default_policy).casefold()
    if policy not in choices:
        raise CommandError(
            "unknown_policy",
            f"There is no bot policy {policy!r}; choose one of: {', '.join(choices)}.",
        )
    watchers = r.presence.watchers()
    if raw_name is None:
        # "Bot 1", "ボット1"...: the first number free, in the language of the person who
        # seats it (issue 10: "Bot 1" on a Japanese page); a name typed stays as typed
        k = 1
        while t.name_in_use(name := texts.text("word.bot_name", conn.lang, n=k), watchers):
            k += 1
    else:
        name = check_name(raw_name, r.settings.name_max_len)
        if (other := t.clash(name, watchers, t.going())) is not None:
            raise name_taken(name, other)
    lo, hi = t.player_range()
    live, renumber = t.between_games()
    if len(live) >= hi:
        raise CommandError("room_full", f"All {hi} seats are taken.")
    t.settle(live)
    t.seats.append(Seat(name=name, token_hash=None, bot=policy, since=r.version + 1))
    seat = len(t.seats) - 1
    who = t.name_of(conn.seat, conn.name)
    shown = t.hosted.bot_level(policy) or policy  # the seat badge's word: greedy is "easy"
    return Change(
        "room", (conn.seat, f"/addbot {name} {policy}"),
        [room_entry(f"{who} seats a bot ({shown}), {name}, in seat {seat + 1}.")],
        f"{name} ({shown} bot) sits in seat {seat + 1}.", renumber,
    )


def remove_bot(r: Parts, conn: Conn, arg: str) -> Change:
    """``/removebot NAME|N``: take a bot off the table between games."""
    t = r.table
    check_arranger(t, conn, "Only a seated player can remove bots.",
                    "A bot leaves only between games; this game is running.")
    seat = t.find_seat(arg, "/removebot NAME|N")
    target = t.seats[seat]
    if target.bot is None or target.human:
        raise CommandError("not_a_bot", f"{target.name} is not a bot.")
    live, mapping = t.between_games()
    gone = live.index(target) if target in live else None  # None: left in the last game
    t.settle(live)
    if gone is not None:
        del t.seats[gone]
    return Change(
        "room", (conn.seat, f"/removebot {target.name}"),
        [room_entry(f"{target.name} (bot) left seat {seat + 1}.")],
        f"{target.name} left the table.", _closed_up(mapping, gone),
    )


def hand_over(r: Parts, conn: Conn, arg: str) -> Change:
    """``/handover NAME|N``: in a game, a bot plays the seat of a person away for at least
    ``away_seconds``, or of a connected person the game has waited for that long without a
    word from them (presence.py: stalling), until the person is back (reconnects, or acts)."""
    t = r.table
    if conn.seat is None:
        raise CommandError("not_seated", "Only a seated player can hand a seat to a bot.")
    if not t.running:
        raise CommandError("no_game", "No game is running; a seat is handed over in a game.")
    seat = t.find_seat(arg, "/handover NAME|N")
    target = t.seats[seat]
    if seat == conn.seat:
        raise CommandError("not_away", "That is your own seat; /leave gives it to a bot.")
    if not target.human:
        raise CommandError("not_away", f"A bot plays {target.name} already.")
    if target.bot is not None:
        raise CommandError("not_away", f"A bot plays for {target.name} already.")
    limit = r.settings.away_seconds
    now = time.monotonic()
    if r.presence.connected(seat) or target.away_mono is None:
        if target.owed_mono is None:
            raise CommandError("not_away", f"{target.name} is here (connected), and the game "
                               "is not waiting for them.")
        quiet = now - max(target.last_input, target.owed_mono)
        if quiet < limit:
            raise CommandError(
                "not_away",
                f"{target.name} is here; the game has waited for them for {quiet:.0f} s "
                f"without a word; a bot may take over after {limit:g} s.",
            )
    elif (away := now - target.away_mono) < limit:
        raise CommandError(
            "not_away",
            f"{target.name} has been away for {away:.0f} s; a bot may take over after "
            f"{limit:g} s.",
        )
    target.bot = t.hosted.takeover_policy
    target.policy = target.rng = None
    target.long_away = target.stalling = False
    target.idle = False
    me = t.seats[conn.seat].name
    return Change(
        "room", (conn.seat, f"/handover {target.name}"),
        [room_entry(f"{me} hands {target.name}'s seat to a bot until {target.name} is back.")],
        f"A bot plays for {target.name} until they are back.",
    )
