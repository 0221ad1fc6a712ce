"""The embedded store: SQLite in one file (``store.Store``'s default implementation).

What a change writes:

* a checkpoint (:meth:`SQLiteStore.save`): the room's row with the whole position (``rooms.game``,
  hidden deck order and generator state included; ``rooms.game_v``: its room version), and the
  command with its log lines and the same position (``commands.position``);
* a plain game command between checkpoints (:meth:`SQLiteStore.save_command`): only the command's
  row (seat, text, log lines; ``position`` NULL), one small INSERT; on the server's writing
  connection (``commands_file``), alone in its group, one line appended to the command file
  beside the database instead (``cmdfile.py``: one ``write``, not a transaction), folded into
  the table before any other call of this store (in that call's transaction when it makes
  one), at the checkpointer's ticks and on opening (what a killed server left there).

The position after such a command is the checkpoint's with the game commands stored since applied
in order (the engine is deterministic). :meth:`SQLiteStore.load` returns the checkpoint and those
commands (:attr:`StoredRoom.tail`); the room's journal applies them. The room's version is the
larger of ``rooms.version`` and the last stored command's.

The log lives here only: each command's row holds its log entries (one form for everyone, ``all``,
or one per viewer, ``per``), and a connection that comes in is sent the most recent ones and the
chat again (the backlog, from :meth:`SQLiteStore.recent`; a room keeps neither in memory).

A database another process holds locked makes a write fail after ``busy_timeout`` seconds
(``sqlite3.OperationalError``); the caller refuses the command. A room (a log or chat line) that
cannot be read is left out of :meth:`SQLiteStore.load_all` with a warning (out of its room).
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .cmdfile import CommandFile, check_row
from .cmdfold import Folding
from .restmarks import RestMarks
from .rows import RowReader, _text
from .schema import INSERT_COMMAND, SCHEMA, migrate

log = logging.getLogger("bohnanza.server")

WAL_SIZE_LIMIT = 16 * 2**20  # bytes the write-ahead log file keeps when it starts over

# the writes that are one transaction by themselves (one statement, or their own ``BEGIN
# IMMEDIATE`` ... ``COMMIT``): alone in a group, made without one around them
ALONE = frozenset({"save_command", "save"})
MANY, MORE = 16, ", (?, ?, ?, ?, ?, NULL, ?, ?)"  # up to MANY game commands alone: one INSERT
MANY_SQL = ["", *(INSERT_COMMAND + MORE * (k - 1) for k in range(1, MANY + 1))]  # k rows' INSERT
Call = tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]  # fn, args, kw (group)
SQLITE_BUSY_SNAPSHOT = 517  # a write on a read transaction another connection's commit made stale


class SQLiteStore(RowReader, Folding, RestMarks):
    """One connection, used by one thread at a time (``dbqueue.DbQueue``'s, or a script's)."""

    def __init__(
        self,
        path: Path | str,
        synchronous: str = "NORMAL",
        busy_timeout: float = 1.0,
        autocheckpoint: bool = True,
        cache_kib: int | None = None,
        commands_file: bool = False,
    ) -> None:
        """``commands_file``: lone game commands appended to the command file beside the
        database (``cmdfile.py``; folded in first here: what a server killed before folding
        left there); the writing connection of a server whose commits do not wait for the
        disk (``synchronous`` NORMAL or OFF) only. Raises ``sqlite3.Error`` (not a database)
        and ``OSError`` (the file cannot be made)."""
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.busy_ms = max(0, int(busy_timeout * 1000))
        self._busy_now = self.busy_ms
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        try:
            self._set_up(path, synchronous, autocheckpoint, cache_kib, commands_file)
        except BaseException:  # (the connection closed: nothing of this store stays open)
            self.db.close()
            raise

    def _set_up(self, path: Path | str, synchronous: str, autocheckpoint: bool,
                cache_kib: int | None, commands_file: bool) -> None:
        """The connection's settings, the schema, the command file (``__init__``'s)."""
        self.db.execute(f"PRAGMA busy_timeout={self.busy_ms}")
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        # the write-ahead log file is cut back to this size when it starts over
        self.db.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")
        if not autocheckpoint:  # a Checkpointer copies the log back, on its own thread
            self.db.execute("PRAGMA wal_autocheckpoint=0")
        if cache_kib is not None:
            self.db.execute(f"PRAGMA cache_size=-{int(cache_kib)}")
        self.db.executescript(SCHEMA)
        # save_command's cursor (about 1 K instructions less than one each), the read kept open
        # between lone commands: only where a Checkpointer copies the log back through the store
        self._insert = self.db.cursor()
        self._pin: sqlite3.Cursor | None = None
        self._keep_read = not autocheckpoint
        migrate(self.db)  # a database of an older version gains the columns it lacks
        # the command file (cmdfile.py): a killed server's lines folded in; kept for this
        # store's lone commands with commands_file
        self._open_commands(None if str(path) == ":memory:" else
                            CommandFile.path_of(self.path), commands_file)

    def wait_for_locks(self, wait: bool) -> None:
        """Whether a write waits up to ``busy_timeout`` for a lock held elsewhere (True) or not."""
        ms = self.busy_ms if wait else 0
        if ms != self._busy_now:
            self.db.execute(f"PRAGMA busy_timeout={ms}")
            self._busy_now = ms

    def _unpin(self) -> None:
        """End the read transaction :meth:`save_command` keeps open."""
        pin = self._pin
        if pin is not None:
            self._pin = None
            pin.close()

    def _rollback(self) -> None:
        """End a failed transaction (when BEGIN itself failed there is none to end)."""
        if self.db.in_transaction:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:  # pragma: no cover - the connection is broken
                log.exception("rollback failed")

    @contextlib.contextmanager
    def _transaction(self, cur: sqlite3.Cursor) -> Iterator[None]:
        """One transaction around the block (rolled back when it raises); in a group's, a savepoint."""
        self._unpin()
        if self.db.in_transaction:
            cur.execute("SAVEPOINT one")
            try:
                yield
            except BaseException:
                cur.execute("ROLLBACK TO one")
                cur.execute("RELEASE one")
                raise
            cur.execute("RELEASE one")
            return
        cur.execute("BEGIN IMMEDIATE")
        try:
            self._fold_into(cur)
            yield
            cur.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        self._folded()

    def group(self, calls: list[Call]) -> list[tuple[bool, Any]]:
        """Group commit (``dbqueue.DbQueue.write``): the calls ``(fn, args, kw)`` (this store's
        writes) in one transaction, each in a savepoint, so one that raises is undone alone:
        ``[(True, its result) | (False, its exception)]`` in order; one commit for all. Raises
        when the transaction cannot be made (``SQLITE_BUSY``; ``COMMIT``): nothing stored. A
        call alone that is one transaction by itself (:data:`ALONE`: a game command's one
        ``INSERT``, a checkpoint) is made as it is, committed when it returns (autocommit: the
        same durability without ``BEGIN`` and ``COMMIT``); its error is raised, as a group of
        one's. Game commands alone (the rooms' of one turn, R = 100; up to :data:`MANY`) are
        one ``INSERT`` (:meth:`_many`), several in a row otherwise one ``executemany``
        (:meth:`_commands`); when either fails they are made one by one as above."""
        if len(calls) == 1:
            fn, args, kw = calls[0]
            if getattr(fn, "__self__", None) is self:
                if (getattr(fn, "__func__", None) is SQLiteStore.save_command and not args
                        and len(kw) == 6):  # its row from its keywords: no frame, no binding
                    row = (kw["name"], kw["version"], kw["game_no"], kw["seat"], kw["text"],
                           kw["log"], time.time())
                    if self._file is not None:
                        self._append([row])
                    else:
                        self._autocommit(INSERT_COMMAND, row)
                    return [(True, None)]
                if fn.__name__ in ALONE:
                    return [(True, fn(*args, **kw))]
        n = len(calls)
        if 2 <= n <= MANY and self._many(calls):
            return [(True, None)] * n
        self._unpin()
        cur = self.db.cursor()
        out: list[tuple[bool, Any]] = []
        cur.execute("BEGIN IMMEDIATE")
        try:
            self._fold_into(cur)
            i = 0
            while i < n:
                end = i
                while end < n and self._is_command(calls[end]):
                    end += 1
                if end - i >= 2 and self._commands(cur, calls[i:end]):
                    out += [(True, None)] * (end - i)
                    i = end
                    continue
                for fn, args, kw in calls[i:max(end, i + 1)]:
                    if n > 1:
                        cur.execute("SAVEPOINT call")
                    try:
                        out.append((True, fn(*args, **kw)))
                    except Exception as e:
                        if n == 1:
                            raise
                        cur.execute("ROLLBACK TO call")
                        out.append((False, e))
                    if n > 1:
                        cur.execute("RELEASE call")
                i = max(end, i + 1)
            cur.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        self._folded()
        return out

    def _is_command(self, call: Call) -> bool:
        """``call`` is this store's :meth:`save_command` with its keywords only."""
        fn, args, _ = call
        return not args and getattr(fn, "__self__", None) is self and fn.__name__ == "save_command"

    def _many(self, calls: list[Call]) -> bool:
        """Game commands alone: their rows by one ``INSERT`` (committed when it returns), True;
        False when one is not or a row is refused (nothing written); a lock raised, as by BEGIN.
        The read kept open after it, as after a lone command (:meth:`_autocommit`)."""
        if not all(map(self._is_command, calls)):
            return False
        now = time.time()
        try:
            if self._file is not None:
                self._append([(kw["name"], kw["version"], kw["game_no"], kw["seat"], kw["text"],
                               kw["log"], now) for _, _, kw in calls])
                return True
            self._autocommit(MANY_SQL[len(calls)], [v for _, _, kw in calls for v in (
                kw["name"], kw["version"], kw["game_no"], kw["seat"], kw["text"], kw["log"], now)])
        except (sqlite3.OperationalError, OSError):
            raise
        except Exception:
            return False
        return True

    def _commands(self, cur: sqlite3.Cursor, calls: list[Call]) -> bool:
        """Several game commands of a group (in order) as one ``executemany`` in a savepoint
        (one ``ts``, the group's), True; when it fails (a row refused), undone and False: the
        caller makes them one by one (the one that fails fails alone)."""
        now = time.time()
        cur.execute("SAVEPOINT many")
        try:
            rows = [(kw["name"], kw["version"], kw["game_no"], kw["seat"], kw["text"], kw["log"],
                     now) for _, _, kw in calls]
            if self._file is not None:  # (refused as their lines would be)
                for row in rows:
                    check_row(row)
            cur.executemany(INSERT_COMMAND, rows)
        except Exception:
            cur.execute("ROLLBACK TO many")
            cur.execute("RELEASE many")
            return False
        cur.execute("RELEASE many")
        return True

    def close(self) -> None:
        """Fold the command file (when that fails, the next opening does) and close."""
        self._close_commands()
        self.db.close()

    def _q(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        self.fold()
        return self.db.execute(sql, params).fetchall()

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
        """A checkpoint: the room's whole state (and the accepted command) in one transaction;
        ``game`` the position or its JSON text, ``log`` the command's log entries or theirs."""
        game_json = _text(game)
        now = time.time()
        cur = self.db.cursor()
        with self._transaction(cur):
            cur.execute(
                "INSERT INTO rooms (name, created, version, game_no, options, seats, game,"
                " last_result, game_v) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT(name) DO UPDATE SET"
                " version=MAX(version, excluded.version), game_no=excluded.game_no,"
                " options=excluded.options, seats=excluded.seats, game=excluded.game,"
                " last_result=excluded.last_result, game_v=excluded.game_v",
                (name, now, version, game_no, json.dumps(options), json.dumps(seats), game_json,
                 json.dumps(last_result) if last_result is not None else None, version),
            )
            if command is not None or log:
                seat, text = command if command is not None else (None, "")
                cur.execute(
                    "INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (name, version, game_no, seat, text, game_json if command is not None else None,
                     _text(log or []), now),
                )

    def save_command(
        self, *, name: str, version: int, game_no: int, seat: int, text: str, log: str
    ) -> None:
        """One game command after the room's checkpoint: its row only (one INSERT, its own
        transaction, the read kept open after it: :meth:`_autocommit`; ``log``: its log
        entries' JSON); with the command file and outside a transaction, its next line."""
        row = (name, version, game_no, seat, text, log, time.time())
        if self._file is not None:
            if not self.db.in_transaction:
                self._append([row])
                return
            check_row(row)  # (refused alike in a group's transaction)
        self._autocommit(INSERT_COMMAND, row)

    def _autocommit(self, sql: str, params: Any) -> None:
        """``sql`` (an ``INSERT``) as its own transaction on the kept cursor. ``autocheckpoint``
        off, the read is kept open after it (``_pin``, a statement unended): the next commit
        takes the log's write lock only (2 ``fcntl`` instead of 6). Every other call ends it
        first (:meth:`_unpin`); after another connection's commit the insert fails at once
        (``SQLITE_BUSY_SNAPSHOT``, nothing written) and is made again without."""
        if self._pin is None and self._keep_read and not self.db.in_transaction:
            self._pin = self.db.execute("PRAGMA schema_version")  # a row: left unfinished
        try:
            self._insert.execute(sql, params)
        except sqlite3.OperationalError as e:
            stale = self._pin is not None and e.sqlite_errorcode == SQLITE_BUSY_SNAPSHOT
            self._unpin()
            if not stale:
                raise
            self._insert.execute(sql, params)

    def save_chat(self, name: str, line: dict[str, Any]) -> None:
        """Store one chat line (committed before its reply)."""
        self._counted("INSERT INTO chat (room, line) VALUES (?, ?)", (name, json.dumps(line)))

    def _counted(self, sql: str, params: Any) -> None:
        """``sql`` as one transaction of this store (:meth:`_transaction`: a commit the command
        file's lines count, so a line written after it never outlives it on the disk)."""
        cur = self.db.cursor()
        with self._transaction(cur):
            cur.execute(sql, params)

    def trim_chat(self, name: str, keep: int) -> None:
        """Keep the newest ``keep`` chat lines of the room (its older ones deleted)."""
        self._counted(
            "DELETE FROM chat WHERE room=:p AND id <= (SELECT id FROM chat WHERE room=:p"
            " ORDER BY id DESC LIMIT 1 OFFSET :k)", {"p": name, "k": keep})

    def save_version(self, name: str, version: int) -> None:
        """Persist a version bump that changed nothing durable (idle marks, connections): best
        effort, never waiting for a lock (raises at once instead), never lowering the version."""
        before = self._busy_now
        self.wait_for_locks(False)
        try:
            self._counted("UPDATE rooms SET version=MAX(version, ?) WHERE name=?",
                          (version, name))
        finally:
            if before:
                self.wait_for_locks(True)

    def delete_room(self, name: str) -> None:
        cur = self.db.cursor()
        with self._transaction(cur):
            cur.execute("DELETE FROM rooms WHERE name=?", (name,))
            cur.execute("DELETE FROM commands WHERE room=?", (name,))
            cur.execute("DELETE FROM chat WHERE room=?", (name,))

    def checkpoint(self, mode: str = "PASSIVE") -> tuple[int, int, int]:
        """Copy the write-ahead log back into the database (``PRAGMA wal_checkpoint``):
        (busy, frames in the log, frames copied); the command file folded first."""
        self.fold()
        row = self.db.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        return int(row[0]), int(row[1]), int(row[2])

