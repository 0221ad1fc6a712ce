"""The command file beside an SQLite database: a lone game command's row as one appended line.

A game command between checkpoints is stored as one ``write`` of one line to a file opened
``O_APPEND`` (``<database>-commands``) instead of its own SQLite transaction (an ``INSERT`` and
a commit: about 60 µs of a command's CPU in a live server, issue 14). The store
(``sqlite.SQLiteStore``) folds the lines into its ``commands`` table (one transaction, with the
number of the last line folded in the table ``folded``) before any other call, at each of the
checkpointer's ticks and at start-up, and then empties the file.

Durability is the write-ahead log's at ``synchronous`` NORMAL: a line is in the kernel when
``write`` returns (a killed process loses nothing written), on the disk once the checkpointer's
next tick has synced the file (``checkpointer.sync_file``). A line cut short by a power cut, and
every line after it, is dropped when the file is read again, as is every line after a gap in
the numbering (the lines kept are always a prefix of those written).

Line: the JSON array ``[n, room, version, game_no, seat, text, log, ts]`` (``n`` the line's
number, counted on from the table ``folded`` across emptyings; ``log`` the command's log entries
as JSON text; ``ts`` Unix time in seconds), then ``\\n``.

The file is locked (``flock``, exclusive) by the one store that writes it: a second server on
the same database stores its commands in SQLite directly (:func:`CommandFile.open` answers
None) and never folds another process's lines.
"""

from __future__ import annotations

import fcntl
import logging
import os
import sqlite3
from typing import Any

import orjson

from .schema import INSERT_COMMAND

log = logging.getLogger("bohnanza.server")

Row = tuple[str, int, int, int | None, str, str, float]  # room, version, game_no, seat, text, log, ts


def _line(n: int, row: Row) -> bytes:
    """Line ``n`` of ``row``; raises ``TypeError`` for a row the ``commands`` table refuses (a
    column of the wrong type: the table's NOT NULL text and integer columns) or that is not
    JSON (``orjson.JSONEncodeError``, a ``TypeError``: a lone surrogate)."""
    room, version, game_no, seat, text, log_text, ts = row
    if not (isinstance(room, str) and isinstance(version, int) and isinstance(game_no, int)
            and (seat is None or isinstance(seat, int)) and isinstance(text, str)
            and isinstance(log_text, str)):  # (a bot's command is a str of its own class)
        raise TypeError(f"not a command row: {row!r:.200}")
    return orjson.dumps((n, room, version, game_no, seat, text, log_text, ts)) + b"\n"


def _row(value: Any) -> tuple[int, Row] | None:
    """A line's number and row, or None when the line is not one this module wrote."""
    if not isinstance(value, list) or len(value) != 8:
        return None
    n, room, version, game_no, seat, text, log_text, ts = value
    if (type(n) is not int or type(room) is not str or type(version) is not int
            or type(game_no) is not int or (seat is not None and type(seat) is not int)
            or type(text) is not str or type(log_text) is not str
            or type(ts) not in (int, float)):
        return None
    return n, (room, version, game_no, seat, text, log_text, float(ts))


class CommandFile:
    """The open, locked command file of one database (:func:`open`)."""

    def __init__(self, path: str, fd: int) -> None:
        self.path = path
        self.fd = fd
        self.size = os.fstat(fd).st_size  # bytes: where the next line starts

    @classmethod
    def open(cls, path: str) -> CommandFile | None:
        """The command file at ``path`` (made when missing), locked for this store; None when
        another process holds it (its lines are its own). Raises ``OSError`` when it cannot be
        made or opened."""
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            log.info("%s is another process's: this one stores its commands in the database"
                        " directly", path)
            return None
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd)

    def append(self, first: int, rows: list[Row]) -> None:
        """``rows`` as lines ``first``, ``first + 1``, ... in one ``write``. Raises ``TypeError``
        for a row the table would refuse and ``OSError`` when the write fails (a full disk):
        then nothing of them is in the file (a part written is cut off again)."""
        data = b"".join([_line(first + i, row) for i, row in enumerate(rows)])
        try:
            written = os.write(self.fd, data)
            if written != len(data):
                raise OSError(f"{self.path}: {written} of {len(data)} bytes written")
        except BaseException:
            os.ftruncate(self.fd, self.size)  # a line cut short would end the file's prefix
            raise
        self.size += written

    def read(self, after: int) -> list[Row]:
        """The rows of the lines numbered past ``after`` (those folded already left out), in
        order: up to the first line that cannot be read (cut short, not this module's) or
        that does not follow the one before it, each dropped with a warning."""
        with open(self.path, "rb") as f:
            data = f.read()
        rows: list[Row] = []
        want: int | None = None
        for no, line in enumerate(data.split(b"\n")):
            if not line:
                continue
            try:
                parsed = _row(orjson.loads(line))
            except orjson.JSONDecodeError:
                parsed = None
            if parsed is None or (want is not None and parsed[0] != want):
                log.warning("%s: line %d and those after it dropped (%s)", self.path, no + 1,
                            "not a command" if parsed is None else "not the next number")
                break
            n, row = parsed
            want = n + 1
            if n <= after:
                continue
            if not rows and n != after + 1:
                log.warning("%s: lines from %d dropped (the folded ones end at %d)",
                            self.path, n, after)
                break
            rows.append(row)
        return rows

    def empty(self) -> None:
        """Cut the file to nothing (its lines are folded). Raises ``OSError``."""
        os.ftruncate(self.fd, 0)
        self.size = 0

    def close(self) -> None:
        os.close(self.fd)  # the lock with it


class Folding:
    """The command file's part of ``sqlite.SQLiteStore`` (a mixin over its connection ``db``):
    lone commands' rows appended (:meth:`_append`), folded into the ``commands`` table with
    the number of the last line (:meth:`fold`, or :meth:`_fold_into` and :meth:`_folded`
    around a transaction of the store's own), the lines a stopped server left folded on
    opening (:meth:`_open_commands`)."""

    db: sqlite3.Connection

    def _unpin(self) -> None:
        """(the store's: end the read it keeps open between lone commands)"""

    def _rollback(self) -> None:
        """(the store's: end a failed transaction)"""

    def _open_commands(self, path: str | None) -> None:
        """Open and lock the command file at ``path`` (None: none) and fold in its lines."""
        self._file: CommandFile | None = None  # the command file, locked
        self._pending: list[Row] = []  # the rows of its lines not yet folded into the table
        self._line = 0  # the number of its last line (the table ``folded`` has the last folded)
        self.commands_path: str | None = None
        if path is not None:
            self._file = CommandFile.open(path)
            if self._file is not None:
                self.commands_path = self._file.path
                self._replay()

    @property
    def unfolded(self) -> int:
        """How many stored commands are in the command file only (not yet in the table)."""
        return len(self._pending)

    def _replay(self) -> None:
        """At opening: fold the lines the file holds past the last folded (a server stopped
        before folding them), those of rooms no longer stored left out; the file emptied."""
        assert self._file is not None
        row = self.db.execute("SELECT line FROM folded WHERE id = 0").fetchone()
        self._line = int(row[0]) if row is not None else 0
        rows = self._file.read(self._line)
        if rows:
            rooms = {str(r[0]) for r in self.db.execute("SELECT name FROM rooms")}
            self._pending = [r for r in rows if r[0] in rooms]
            self._line += len(rows)
            log.info("%d commands folded in from %s (%d of rooms no longer stored left out)",
                     len(self._pending), self._file.path, len(rows) - len(self._pending))
            cur = self.db.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                self._fold_into(cur, always=True)
                cur.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
        self._folded()

    def _append(self, rows: list[Row]) -> None:
        """Store game commands' rows (after the room's checkpoint) as the command file's next
        lines. Raises ``TypeError`` (a row the table would refuse) or ``OSError``: nothing
        stored."""
        assert self._file is not None
        self._file.append(self._line + 1, rows)
        self._line += len(rows)
        self._pending += rows

    def _fold_into(self, cur: sqlite3.Cursor, always: bool = False) -> None:
        """In the transaction begun on ``cur``: the rows of the command file not yet folded
        into the table, and the number of its last line; :meth:`_folded` once committed."""
        if self._pending or (always and self._file is not None):
            cur.executemany(INSERT_COMMAND, self._pending)
            cur.execute("INSERT INTO folded (id, line) VALUES (0, ?)"
                        " ON CONFLICT(id) DO UPDATE SET line = excluded.line", (self._line,))

    def _folded(self) -> None:
        """After the commit of :meth:`_fold_into`: no row unfolded, the file emptied (when
        that fails its lines stay, left out when read again: they are folded)."""
        self._pending = []
        if self._file is not None and self._file.size:
            try:
                self._file.empty()
            except OSError as e:  # pragma: no cover - a file that cannot be cut
                log.warning("%s could not be emptied: %s", self._file.path, e)

    def fold(self) -> None:
        """Fold the command file's rows into the ``commands`` table (one transaction; every
        call but a lone game command's write does it first; the checkpointer's ticks too).
        Raises ``sqlite3.Error`` (a lock held elsewhere): they stay in the file."""
        self._unpin()
        if not self._pending:
            return
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            self._fold_into(cur)
            cur.execute("COMMIT")
        except BaseException:
            self._rollback()
            raise
        self._folded()

