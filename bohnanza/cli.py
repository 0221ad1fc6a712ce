"""Command line: ``bohnanza serve [--host H] [--port P] [--db PATH]`` and
``bohnanza simulate --players N --games M --policy greedy,random --seed S`` (bot games in the
engine, :mod:`bohnanza.bots.simulate`)."""

from __future__ import annotations

import argparse
import gc
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bohnanza.server import Settings


def main(argv: list[str] | None = None) -> int:
    args_in = sys.argv[1:] if argv is None else list(argv)
    if args_in[:1] == ["simulate"]:  # its own options and --help
        pre = argparse.ArgumentParser(add_help=False)
        pre.add_argument("--game", choices=["bohnanza", "farm"], default="bohnanza")
        known, rest = pre.parse_known_args(args_in[1:])
        if known.game == "farm":  # bohnanza.farm.simulate: simulate --game farm --help
            from bohnanza.farm.simulate import main as farm_simulate

            return farm_simulate(rest)
        from bohnanza.bots.simulate import main as simulate

        return simulate(rest)
    parser = argparse.ArgumentParser(prog="bohnanza", description="Bohnanza online table")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the web server")
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default 8000)")
    serve.add_argument("--db", type=Path, help="SQLite file (default var/bohnanza.db)")
    serve.add_argument("--database", metavar="URL",
                       help="PostgreSQL instead of SQLite (postgresql://user@host:port/name; "
                       "also BOHNANZA_DATABASE): several server processes share it")
    serve.add_argument("--redis", dest="redis_url", metavar="URL",
                       help="Redis (redis://host:port/0; also BOHNANZA_REDIS_URL): connections "
                       "for rooms another process owns are relayed to it")
    serve.add_argument("--bot-delay", type=float,
                       help="seconds a bot waits before it acts (default 1)")
    serve.add_argument("--log-level", default="info", type=str.lower, choices=LOG_LEVELS,
                       help="what the log holds (default info)")
    forget = sub.add_parser("forget-room", help="delete a stored room, its game, log and chat "
                            "(a damaged room); SQLite: refused while a server serves the "
                            "database: stop it first; PostgreSQL (--database): the servers "
                            "may run")
    forget.add_argument("room")
    forget.add_argument("--db", type=Path, help="SQLite file (default var/bohnanza.db)")
    forget.add_argument("--database", metavar="URL",
                        help="the servers' PostgreSQL (also BOHNANZA_DATABASE): the servers may "
                        "run; the one holding the room hands it over if it is damaged there")
    sub.add_parser(
        "simulate",
        help="play bot games in the engine and compare policies "
        "(--players N --games M --policy greedy,random --seed S; see simulate --help; "
        "--game farm: the farm game)",
        add_help=False,
    )
    args = parser.parse_args(args_in)

    if args.command == "forget-room":
        return _forget_room(args.room, args.db, args.database)
    if args.command == "serve":
        from bohnanza.server import create_app, uvserver
        from bohnanza.server.gatedhttp import GatedHttp
        from bohnanza.server.gatedws import GatedWebSocket

        overrides = {k: v for k in ("host", "port", "db", "database", "redis_url", "bot_delay") if (v := getattr(args, k)) is not None}
        settings = settings_or_say(overrides)
        if settings is None:
            return 2
        if not settings.database and (problem := db_folder_problem(settings.db)) is not None:
            where = "--db " if "db" in overrides else "BOHNANZA_DB="
            print(f"bohnanza: {where}{settings.db}: {problem}; give a path in a folder that "
                  "exists or can be made.", file=sys.stderr)
            return 2
        problem = database_problem(settings.db)
        if problem is not None:  # one line, no traceback (issue 11, item 14)
            print(f"bohnanza: {settings.db} is not a usable SQLite database ({problem}); "
                  "move it away (a new one is made) or restore it from a backup, then start "
                  "again.", file=sys.stderr)
            return 2
        from bohnanza.server import inuse

        held = None  # the server lock, held from here on: a refusal is one line (of two
        if not settings.database:  # servers starting at once, one serves)
            try:
                held = inuse.Held(inuse.hold(settings.db))
            except inuse.ServedElsewhere as e:
                print(f"bohnanza: {e}", file=sys.stderr)
                return 2
        from uvicorn.logging import TRACE_LOG_LEVEL

        logging.addLevelName(TRACE_LOG_LEVEL, "TRACE")  # uvicorn's, named before it runs
        logging.basicConfig(level=args.log_level.upper())
        # what start-up allocated (modules, models) is never garbage: keep it out of every
        # collection; and collect young objects less often (each change builds a few hundred
        # short-lived dicts and lists for its views, freed by reference counting anyway).
        # bench/server.py: about 20 us per command less in 4 alternating runs.
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 50, 50)
        app = create_app(settings, held)
        started = uvserver.run(  # uvicorn, woken once a second (uvserver.py)
            app,
            on_exit=app.state.hub.stopping_now,  # (the stop's closings are no departures)
            host=settings.host,
            port=settings.port,
            ws_max_size=settings.max_frame_bytes,
            ws_per_message_deflate=settings.ws_deflate,
            http=GatedHttp,  # the gate (gate.py): per-address limits, the header timeout
            ws=GatedWebSocket,
            timeout_keep_alive=5,  # an idle kept-alive HTTP connection (uvicorn's own)
            # X-Forwarded-For names the client only from a trusted proxy (gate.py); uvicorn
            # would otherwise believe it from 127.0.0.1
            proxy_headers=bool(settings.trusted_proxies),
            forwarded_allow_ips=",".join(settings.trusted_proxies) or None,
            log_level=args.log_level,
        )
        if not started:
            return 3  # as uvicorn.run exits when the server could not start
    return 0


LOG_LEVELS = ["critical", "error", "warning", "info", "debug", "trace"]  # uvicorn's
_FLAGS = {"redis_url": "--redis"}  # a setting's flag where it is not --NAME


def settings_or_say(overrides: dict[str, Any] | None = None) -> Settings | None:
    """The settings (``BOHNANZA_*`` environment variables, ``overrides`` from the command
    line's flags), or None when a value is out of range or of the wrong kind: then each bad
    value has said so on stderr in one line (the flag or variable, the value, what is allowed)
    instead of a traceback."""
    from pydantic import ValidationError
    from pydantic_settings import SettingsError

    from bohnanza.server import Settings

    overrides = overrides or {}
    try:
        return Settings(**overrides)
    except ValidationError as e:
        for err in e.errors():
            field = str(err["loc"][0]) if err["loc"] else ""
            if field in overrides:
                where = f"{_FLAGS.get(field, '--' + field.replace('_', '-'))} {err['input']}"
            else:
                where = f"BOHNANZA_{field.upper()}={err['input']!r}"
            print(f"bohnanza: {where}: {err['msg']}", file=sys.stderr)
    except SettingsError as e:  # a variable the settings could not even parse
        print(f"bohnanza: {e}", file=sys.stderr)
    return None


def db_folder_problem(db: Path) -> str | None:
    """Why the folder of the SQLite file ``db`` cannot be made (as the server makes it, with
    its parents), or None (it is there or now made; ``:memory:``: none needed)."""
    if str(db) == ":memory:":
        return None
    folder = Path(db).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return f"{folder} is a file, not a folder"
    except OSError as e:
        return f"its folder {folder} cannot be made ({e.strerror or e})"
    return None


def database_problem(db: Path) -> str | None:
    """Why the SQLite file ``db`` cannot be used (garbage, truncated, not a database, another
    program's database), or None (it is fine, or not there yet: it is then made)."""
    import sqlite3

    from bohnanza.server.schema import schema_problem

    if str(db) == ":memory:" or not Path(db).exists() or Path(db).stat().st_size == 0:
        return None
    try:
        con = sqlite3.connect(db)
        try:
            rows = con.execute("PRAGMA quick_check(1)").fetchall()
            if rows != [("ok",)]:
                return f"integrity check: {rows[0][0] if rows else 'no answer'}"
            return schema_problem(con)
        finally:
            con.close()
    except sqlite3.Error as e:
        return str(e)


def _forget_room(room: str, db: Path | None, database: str | None = None) -> int:
    """``bohnanza forget-room ROOM``: delete the stored room (0), or say there is none (1: nor
    a database at that path, of which nothing is then made);
    refuse a database that is not SQLite's (2) or that a server is serving (3: stop it first,
    ``server/inuse.py``), changing nothing. On PostgreSQL (``--database``,
    ``BOHNANZA_DATABASE``) the servers may run: ``server/cluster/forget.py``."""
    from bohnanza.server import inuse
    from bohnanza.server.store import open_store

    if db is None or database:
        settings = settings_or_say({"database": database} if database else {})
        if settings is None:
            return 2
        if settings.database:
            return _forget_room_postgres(room, settings.database, settings.lease_timeout)
        db = db or settings.db
    path = db
    if str(path) != ":memory:" and not Path(path).exists():  # (a mistyped --db: nothing made)
        print(f"bohnanza: there is no database at {path}, so no room {room} to forget; "
              "nothing was made or changed", file=sys.stderr)
        return 1
    problem = database_problem(path)
    if problem is not None:
        print(f"bohnanza: {path} is not a usable SQLite database ({problem})", file=sys.stderr)
        return 2
    try:
        with inuse.alone(path) as served_by_none:
            if not served_by_none:  # its rooms live in the server: one deleted here comes back
                print(f"bohnanza: a server is serving {path}; stop it, then forget the room "
                      "(nothing was changed)", file=sys.stderr)
                return 3
            store = open_store(path, "NORMAL", 5.0)  # (a stopped server's lines folded in)
            try:
                found = store.db.execute(  # type: ignore[attr-defined]
                    "SELECT 1 FROM rooms WHERE name=?", (room,)).fetchone() is not None
                store.delete_room(room)
            finally:
                store.close()
    except OSError as e:  # the server lock file there but not ours to open (inuse.py)
        print(f"bohnanza: cannot tell whether a server is serving {path} ({e}); nothing was "
              "changed", file=sys.stderr)
        return 2
    print(f"room {room} {'forgotten' if found else 'was not stored'} ({path})")
    return 0 if found else 1


def _forget_room_postgres(room: str, url: str, lease_timeout: float) -> int:
    """``forget-room ROOM --database URL``: 0 forgotten, 1 none stored, 2 the database cannot
    be reached, 3 a running server plays the room (nothing changed)."""
    import psycopg

    from bohnanza.server.cluster.forget import forget_room

    try:
        code, said = forget_room(url, room, lease_timeout)
    except psycopg.Error as e:
        print(f"bohnanza: the database cannot be used ({type(e).__name__}); nothing was "
              "changed", file=sys.stderr)
        return 2
    print(said if code != 3 else f"bohnanza: {said}", file=sys.stderr if code == 3 else sys.stdout)
    return code
