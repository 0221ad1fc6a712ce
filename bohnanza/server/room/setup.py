"""The game and its set-up: ``/start`` and ``/option`` (design.md §4), and who may arrange the
table. The game's own options (Bohnanza's rules, duel and hidden money; the farm game's
parameter set) are its hosted game's (``bohnanza.games``: ``set_option``); the room's own are
``game`` (which game the room deals) and ``clock`` (the turn clock, clock.py).

Each handler checks first and raises a refusal before it changes anything, and returns the
:class:`Change` for the pipeline (room.py) to store and show.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from bohnanza import commands as cmds
from bohnanza.commands.texts import game_title
from bohnanza.games import TableGame

from .. import lang
from .bots import BOT_SPEEDS
from .change import Change, CommandError
from .clock import TIMEOUTS_TO_BOT
from .logbook import room_entry
from .table import Table

if TYPE_CHECKING:
    from ..conn import Conn
    from .commands import Parts


def may_arrange(table: Table, conn: Conn) -> bool:
    """Who may add or remove bots, set options and start: a seated person; when no person
    sits at the table (nobody, or bots only), anyone in the room (:func:`arrangers`)."""
    return conn.seat is not None or arrangers(table) == "anyone"


def arrangers(table: Table) -> str:
    """Who may arrange the table (:func:`may_arrange`), as the room part says it to every
    viewer (``RoomInfo.arrangers``, the board's set-up controls): ``"seated"`` while a person
    sits (a seat held by a person, even one a bot plays for them), else ``"anyone"``."""
    return "seated" if any(s.human for s in table.seats if not s.vacant) else "anyone"


def check_arranger(t: Table, conn: Conn, not_seated: str, running: str) -> None:
    """Refuse (``not_seated``, ``game_running``, with these messages) unless ``conn`` may
    arrange the table (:func:`may_arrange`) and no game runs."""
    if not may_arrange(t, conn):
        raise CommandError("not_seated", not_seated)
    if t.running:
        raise CommandError("game_running", running)


def start_seats(t: Table, span: tuple[int, int] | None = None) -> tuple[int, bool]:
    """What ``/start`` would deal now: ``(seats, ready)``, the seats of the next game (those
    left during the last game go: ``Table.between_games``) and whether their number is within
    the game's player range (``span``, the table's ``player_range()`` when not given; else
    ``/start`` refuses, ``bad_player_count``; it seats no bots itself). The board's Start
    button reads it (``RoomInfo.start_seats``, ``start_ready``)."""
    lo, hi = t.player_range() if span is None else span
    n = [s.vacant for s in t.seats].count(False)
    return n, lo <= n <= hi


def start(r: Parts, conn: Conn) -> Change:
    """``/start``: deal a game of the room's hosted game for the seats (those left during the
    last game go)."""
    t = r.table
    seated = "Only a seated player can start; /join first."
    if not t.seats:
        raise CommandError("not_seated", seated)
    check_arranger(t, conn, seated, "A game is already running.")
    lo, hi = t.player_range()
    live, renumber = t.between_games()
    label = t.preset if t.game_name == "bohnanza" else t.game_name
    if not start_seats(t)[1]:
        raise CommandError(
            "bad_player_count", f"{label} needs {lo}-{hi} players; {len(live)} seated."
        )
    seed = r.settings.game_seed
    seed = secrets.randbits(63) if seed is None else seed + t.game_no
    game = t.hosted.new(t.game_options(), [s.name for s in live], seed)
    starter = None if conn.seat is None else live.index(t.seats[conn.seat])
    t.settle(live)
    t.game = game
    t.game_no += 1
    for s in t.seats:  # every bot starts the game with a fresh memory; no timeouts yet
        s.policy = s.rng = None
        s.timeouts = 0
        s.timeout_turn = None
    names = ", ".join(s.name for s in live)
    about = t.describe()
    if about.get("params_hash"):
        label = f"{label}, parameters {about['params_name']} {about['params_hash']}"
    entries = [room_entry(f"Game {t.game_no} begins ({label}): {names}."),
               *t.hosted.opening_entries(game)]
    return Change("room", (starter, "/start"), entries, "The game begins.", renumber)


def set_option(r: Parts, conn: Conn, key: str, value: str | None) -> Change:
    """``/option game bohnanza|farm``, ``/option clock SECONDS|off`` (the turn clock,
    clock.py), and the hosted game's own keys (Bohnanza: ``hiddenmoney``, ``rules``,
    ``duel``; farm: ``param KEY VALUE``, ``params TOML|default``); before the start."""
    t = r.table
    check_arranger(t, conn, "Only a seated player can change options.",
                   "Options can change only before a game starts.")
    shown = value or ""
    if key == "game":
        host = TableGame.get((value or "").casefold())
        lo, hi = host.player_range(t.game_options())
        live, _ = t.between_games()
        if len(live) > hi:
            raise CommandError("room_full", f"{game_title(host.name)} is for {lo}-{hi} players; "
                               f"{len(live)} sit here.")
        if host.name != t.game_name and t.game is not None:
            t.game = None  # the finished game of the other kind is no longer shown
        t.game_name = host.name
        known = set(host.policy_names())
        for s in t.seats:  # a bot of the other game's policy plays this game's default (and
            if s.bot is not None and s.bot not in known:  # /who and the seats say so)
                s.bot, s.policy = host.default_policy, None
        text = lang.text("option.game", game=game_title(host.name), lo=lo, hi=hi)
    elif key == "clock":
        if value == "off":
            t.clock = None
            text = lang.text("option.clock_off")
        else:
            try:
                seconds = float(value or "")
            except ValueError:
                seconds = 0.0
            if not 1 <= seconds <= cmds.MAX_CLOCK:
                raise CommandError("bad_option", f"Say /option clock SECONDS (1-{cmds.MAX_CLOCK}) "
                                   "or /option clock off.")
            t.clock = seconds
            text = lang.text("option.clock", seconds=f"{seconds:g}", n=TIMEOUTS_TO_BOT)
    elif key == "botspeed":
        speeds = ", ".join(BOT_SPEEDS)
        if value not in BOT_SPEEDS:
            raise CommandError("bad_option", f"Say /option botspeed followed by one of: {speeds}.")
        t.bot_speed = value
        text = lang.text("option.botspeed", speed=value,
                         seconds=f"{r.settings.bot_delay * BOT_SPEEDS[value]:g}")
    elif key in t.hosted.option_keys():
        options, text = t.hosted.set_option(t.game_options(), key, value)
        t.set_game_options(options)
        if key == "params":
            shown = "(a parameter file)" if (value or "").strip() != "default" else "default"
    else:
        keys = ", ".join(["game", "clock", "botspeed", *t.hosted.option_keys()])
        raise CommandError("bad_option",
                           f"{key} is no option of {game_title(t.game_name)}; the options here: "
                           f"{keys}.")
    name = t.name_of(conn.seat, conn.name)
    return Change("room", (conn.seat, f"/option {key} {shown}".strip()),
                  [room_entry(f"{name}: {text}")], text)
