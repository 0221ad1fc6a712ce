"""The shared store: PostgreSQL, for several server processes (``store.Store``'s second
implementation; ``bohnanza serve --database postgresql://...`` or ``BOHNANZA_DATABASE``).

The rows are SQLite's (``sqlite.py``: a room's checkpoint, its commands since, its chat), the
JSON kept as text, plus the table ``room_owner`` (name, owner, fence): which server process
owns a room and the room's **fencing number** (pgowners.py). The schema is created and
migrated on start (pgschema.py: ``bohnanza_schema.version``, ``SCHEMA_VERSION``), under an
advisory lock so that processes starting together do not race.

Every write of a room is *fenced*: it is made only while ``room_owner.fence`` is still the
number this process got when it claimed the room (:meth:`PostgresStore.claim`), checked in the
same statement or transaction under a share lock on that row (``... FROM room_owner WHERE
name = $1 AND fence = $n FOR SHARE``). A claim by another process takes the row's update lock
and raises the number, so it waits for a write under way, and any write after it finds
another number and is refused with :class:`Fenced` (nothing of it stored): a process that was
paused (SIGSTOP), partitioned or slow never writes after another took its room over.

The connection is in autocommit: a game command between checkpoints is one INSERT, one round
trip, committed (``synchronous_commit`` as the server is set: on by default) before the call
returns. The methods are blocking; the server calls them on its database thread
(``dbqueue.DbQueue``), in order. The one write of nearly every command, :meth:`save_command`,
also has an asynchronous twin on a second connection, driven by the event loop itself
(:meth:`PostgresStore.open_async`; ``DbQueue`` uses it when nothing waits on the database
thread, so the order of a room's writes is kept): no hop to the thread and back per command.
"""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import psycopg

from .pgmarks import RestMarks
from .pgowners import NOBODY, Fenced, RoomOwners
from .pgschema import migrate
from .rows import RowReader, _text


def is_postgres(db: str) -> bool:
    """Whether the database setting names a PostgreSQL server (a ``postgresql://`` URL)."""
    return db.startswith(("postgresql://", "postgres://"))


class PostgresStore(RestMarks, RoomOwners, RowReader):
    """One connection (autocommit), used by one thread at a time. ``owner``: the id of this
    process's lease (lease.py); ``fences``: the fencing number of each room it claimed. A
    store without an owner (scripts, tests) writes unfenced."""

    def __init__(self, url: str, owner: int | None = None, connect_timeout: float = 5.0) -> None:
        self.url = url
        self.connect_timeout = max(1, int(connect_timeout))
        self._db: psycopg.Connection[Any] = self._connect()
        self.schema_version = migrate(self._db)
        self.owner = owner
        self.fences: dict[str, int] = {}
        self.adb: psycopg.AsyncConnection[Any] | None = None  # open_async

    def _connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True, connect_timeout=self.connect_timeout)

    @property
    def db(self) -> psycopg.Connection[Any]:
        """The connection; a new one when the last was lost (the database restarted, the
        network cut): the call that found it lost failed, the next one connects again (the
        fencing numbers still guard every write)."""
        if self._db.closed or self._db.broken:
            self._db = self._connect()
        return self._db

    def reconnect(self) -> None:
        """A new connection at the next call (the process took a new lease: the old one may
        be to a database that restarted since, lost without any call noticing yet)."""
        self._db.close()

    async def open_async(self) -> None:
        """Open the second connection, for :meth:`save_command_async` (on the event loop
        that will use it); a new one in place of one open (lost, or maybe lost)."""
        old, self.adb = self.adb, None
        if old is not None:
            with contextlib.suppress(Exception):
                await old.close()
        self.adb = await psycopg.AsyncConnection.connect(
            self.url, autocommit=True, connect_timeout=self.connect_timeout)

    async def close_async(self) -> None:
        adb, self.adb = self.adb, None
        if adb is not None:
            await adb.close()

    def async_variant(self, fn: Any) -> Any:
        """The coroutine function doing what the store call ``fn`` does, on the event loop;
        None when there is none (or the second connection is not open, or broken)."""
        if self.adb is None or self.adb.closed or self.adb.broken:
            return None
        return self.save_command_async if fn == self.save_command else None

    # ------------------------------------------------------------ writes

    def wait_for_locks(self, wait: bool) -> None:
        """Row locks are waited for (a claim under way ends in milliseconds)."""

    def close(self) -> None:
        self._db.close()

    def _q(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        return self.db.execute(sql.replace("?", "%s"), params).fetchall()

    def save(
        self,
        *,
        name: str,
        version: int,
        game_no: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        game: dict[str, Any] | str | None,
        last_result: dict[str, Any] | None,
        command: tuple[int | None, str] | None = None,
        log: list[dict[str, Any]] | str | None = None,
    ) -> None:
        """A checkpoint (``sqlite.SQLiteStore.save``), fenced, in one transaction."""
        fence = self._fence(name)
        game_json = _text(game)
        now = time.time()
        with self.db.transaction():
            self._check(name, fence)
            self.db.execute(
                "INSERT INTO rooms (name, created, version, game_no, options, seats, game,"
                " last_result, game_v) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)"
                " ON CONFLICT (name) DO UPDATE SET"
                " version=GREATEST(rooms.version, excluded.version), game_no=excluded.game_no,"
                " options=excluded.options, seats=excluded.seats, game=excluded.game,"
                " last_result=excluded.last_result, game_v=excluded.game_v",
                (name, now, version, game_no, json.dumps(options), json.dumps(seats), game_json,
                 json.dumps(last_result) if last_result is not None else None, version),
            )
            if command is not None or log:
                seat, text = command if command is not None else (None, "")
                self.db.execute(
                    "INSERT INTO commands (room, version, game_no, seat, text, position, log,"
                    " ts) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                    (name, version, game_no, seat, text,
                     game_json if command is not None else None, _text(log or []), now),
                )

    def save_command(
        self, *, name: str, version: int, game_no: int, seat: int, text: str, log: str
    ) -> None:
        """One game command after the checkpoint: one fenced INSERT (one round trip)."""
        fence = self._fence(name)
        args = (name, version, game_no, seat, text, log, time.time())
        if fence is None:
            self.db.execute(
                "INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
                " VALUES (%s, %s, %s, %s, %s, NULL, %s, %s)", args)
            return
        cur = self.db.execute(
            "INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
            " SELECT %s, %s, %s, %s, %s, NULL, %s, %s FROM room_owner"
            " WHERE name=%s AND fence=%s FOR SHARE", (*args, name, fence))
        if cur.rowcount != 1:
            self.fences.pop(name, None)
            raise Fenced(name)

    async def save_command_async(
        self, *, name: str, version: int, game_no: int, seat: int, text: str, log: str
    ) -> None:
        """:meth:`save_command` on the second connection (the same fenced INSERT, committed
        before it returns). Raises :class:`Fenced`, ``psycopg.Error``."""
        fence = self._fence(name)
        adb = self.adb
        if adb is None:
            raise psycopg.OperationalError("the second connection is not open")
        args = (name, version, game_no, seat, text, log, time.time())
        if fence is None:
            await adb.execute(
                "INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
                " VALUES (%s, %s, %s, %s, %s, NULL, %s, %s)", args)
            return
        cur = await adb.execute(
            "INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
            " SELECT %s, %s, %s, %s, %s, NULL, %s, %s FROM room_owner"
            " WHERE name=%s AND fence=%s FOR SHARE", (*args, name, fence))
        if cur.rowcount != 1:
            self.fences.pop(name, None)
            raise Fenced(name)

    def save_chat(self, name: str, line: dict[str, Any]) -> None:
        """One chat line, fenced."""
        fence = self._fence(name)
        if fence is None:
            self.db.execute("INSERT INTO chat (room, line) VALUES (%s, %s)",
                            (name, json.dumps(line)))
            return
        cur = self.db.execute(
            "INSERT INTO chat (room, line) SELECT %s, %s FROM room_owner"
            " WHERE name=%s AND fence=%s FOR SHARE", (name, json.dumps(line), name, fence))
        if cur.rowcount != 1:
            self.fences.pop(name, None)
            raise Fenced(name)

    def trim_chat(self, name: str, keep: int) -> None:
        """Keep the newest ``keep`` chat lines of the room (its older ones deleted)."""
        self.db.execute(
            "DELETE FROM chat WHERE room=%(p)s AND id <= (SELECT id FROM chat WHERE room=%(p)s"
            " ORDER BY id DESC LIMIT 1 OFFSET %(k)s)", {"p": name, "k": keep})

    def save_version(self, name: str, version: int) -> None:
        """A version bump (best effort, never lowers it), fenced."""
        fence = self._fence(name)
        if fence is None:
            self.db.execute("UPDATE rooms SET version=GREATEST(version, %s) WHERE name=%s",
                            (version, name))
            return
        self.db.execute(
            "UPDATE rooms SET version=GREATEST(version, %s) WHERE name=%s AND EXISTS"
            " (SELECT 1 FROM room_owner WHERE name=%s AND fence=%s FOR SHARE)",
            (version, name, name, fence))

    def delete_room(self, name: str) -> None:
        """Forget a room (its row, commands, chat) and let it go; fenced."""
        fence = self._fence(name)
        with self.db.transaction():
            self._check(name, fence)
            self.db.execute("DELETE FROM rooms WHERE name=%s", (name,))
            self.db.execute("DELETE FROM commands WHERE room=%s", (name,))
            self.db.execute("DELETE FROM chat WHERE room=%s", (name,))
            if fence is not None:
                self.db.execute("UPDATE room_owner SET owner=%s, parked=NULL, line=NULL"
                                " WHERE name=%s", (NOBODY, name))
        self.fences.pop(name, None)
