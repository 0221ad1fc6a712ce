"""The command file beside an SQLite database: a lone game command's row as one appended line.

A game command between checkpoints is stored as one ``write`` of one line to a file opened
``O_APPEND`` (``<database>-commands``) instead of its own SQLite transaction (an ``INSERT`` and
a commit: about 60 µs of a command's CPU in a live server, issue 14), or, where the file system
keeps the blocks it allocated, copied into the file mapped into memory (``cmdmap.py``: about a
third of the ``write``'s CPU). The store (``sqlite.SQLiteStore``, through :class:`Folding`)
folds the lines into its ``commands`` table (with the number of the last line folded, in the
table ``command_file``) at the start of each of its transactions and before any other call, at
each of the checkpointer's ticks, on closing and on opening.

Durability is the write-ahead log's at ``synchronous`` NORMAL: a line is in the kernel when
``write`` returns or the copy is made (a killed process loses nothing written), on the disk
once the checkpointer's next tick has synced the log and then the file (the mapped pages too).
Folded lines stay in the file until a sync of the log that covers their fold: at a tick the
file is renamed ``<database>-commands.old`` and a new one begun (:meth:`Folding.turn`), and the
old one is deleted after the next sync of the log (:meth:`Folding.drop_old`). What a power cut
leaves is always a prefix of what was written: a line cut short (or zeros where a page never
reached the disk), every line after a gap in the numbering and every line that follows a
commit of the store the database no longer holds (each line carries the count of the store's
commits when it was written, ``k``; the table the count it holds) are dropped when the files
are read; at an opening, whatever follows the last whole line of the file is cut off (so the
lines written next follow it).

Line: the JSON array ``[n, k, room, version, game_no, seat, text, log, ts]`` (``n`` the line's
number, counted on across files; ``log`` the command's log entries as JSON text; ``ts`` Unix
time in seconds), then ``\\n``.

The file is locked (``flock``, exclusive, on ``<database>-commands.lock``, which a turn never
renames) by the one store that writes it: a second process on
the same database stores its commands in SQLite directly and never folds another's lines. Any
store that opens a database whose command file no process holds folds the lines in first (a
server killed and started again with ``synchronous`` FULL, a script).
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import sqlite3
from typing import Any

import orjson

from . import cmdmap
from .schema import INSERT_COMMAND

log = logging.getLogger("bohnanza.server")

Row = tuple[str, int, int, int | None, str, str, float]  # room, version, game_no, seat, text, log, ts
FOLDED = ("INSERT INTO command_file (id, line, commits) VALUES (0, ?, ?) ON CONFLICT(id)"
          " DO UPDATE SET line = excluded.line, commits = excluded.commits")


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -2**63 <= v < 2**63


def check_row(row: Row) -> None:
    """Raise ``TypeError`` for a row the ``commands`` table refuses or stores otherwise (a
    column of the wrong type, a bool for a number, out of SQLite's integer range)."""
    room, version, game_no, seat, text, log_text, _ = row
    if not (isinstance(room, str) and _whole(version) and _whole(game_no)
            and (seat is None or _whole(seat)) and isinstance(text, str)
            and isinstance(log_text, str)):  # (a bot's command is a str of its own class)
        raise TypeError(f"not a command row: {row!r:.200}")


def _line(n: int, k: int, row: Row) -> bytes:
    """Line ``n`` of ``row`` written after the store's ``k``-th commit; raises ``TypeError``
    (:func:`check_row`, or not JSON: ``orjson.JSONEncodeError``, a lone surrogate)."""
    check_row(row)
    room, version, game_no, seat, text, log_text, ts = row
    return orjson.dumps((n, k, room, version, game_no, seat, text, log_text, ts)) + b"\n"


def _row(value: Any) -> tuple[int, int, Row] | None:
    """A line's number, commit count and row, or None when it is not a line of :func:`_line`."""
    if not isinstance(value, list) or len(value) != 9:
        return None
    n, k, room, version, game_no, seat, text, log_text, ts = value
    if not (_whole(n) and _whole(k) and isinstance(room, str) and _whole(version)
            and _whole(game_no) and (seat is None or _whole(seat)) and isinstance(text, str)
            and isinstance(log_text, str) and isinstance(ts, (int, float))
            and not isinstance(ts, bool)):
        return None
    return n, k, (room, version, game_no, seat, text, log_text, float(ts))


def _reads(line: bytes) -> bool:
    """Whether ``line`` (without its newline) reads as a line of :func:`_line`."""
    try:
        return _row(orjson.loads(line)) is not None
    except orjson.JSONDecodeError:
        return False


class CommandFile:
    """The open command file of one database (:meth:`open`), its old part, and the lock
    (``<path>.lock``, never renamed: held by one store while it has the file open)."""

    def __init__(self, path: str, lock: int) -> None:
        self.path = path
        self.old = f"{path}.old"  # the part before the last turn, until the log is synced
        self.lock = lock
        self.fd = self._opened(path)
        # what a killed process or a power cut left after the last whole line (zeros, a line
        # part-written) cut off: a line written after it would never be read
        with open(self.fd, "rb", closefd=False) as f:
            self.size = cmdmap.lines_end(f.read(), _reads)  # bytes: where the next line starts
        os.ftruncate(self.fd, self.size)
        # the lines copied into the file mapped where its file system allows (cmdmap.py)
        self.mapped = cmdmap.MappedLines(self.fd, self.size) if cmdmap.mappable(self.fd) \
            else None

    @staticmethod
    def _opened(path: str) -> int:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)

    @classmethod
    def open(cls, path: str) -> CommandFile | None:
        """The command file at ``path`` (made when missing), locked for this store; None when
        another store holds it (its lines are its own: the server's writer, when this is its
        reader, or another process). Raises ``OSError``."""
        lock = cls._opened(f"{path}.lock")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return cls(path, lock)
        except BlockingIOError:
            os.close(lock)
            return None
        except BaseException:
            os.close(lock)
            raise

    def append(self, first: int, k: int, rows: list[Row]) -> None:
        """``rows`` as lines ``first``, ``first + 1``, ... (after commit ``k``) in one
        ``write`` (or copied into the file mapped, ``cmdmap.py``). Raises ``TypeError`` for a row the table would refuse and ``OSError`` when
        the write fails (a full disk): then nothing of them is in the file (a part written is
        cut off again)."""
        data = b"".join([_line(first + i, k, row) for i, row in enumerate(rows)])
        mapped = self.mapped
        if mapped is not None:
            mapped.append(data)
            self.size = mapped.size
            return
        try:
            written = os.write(self.fd, data)
            if written != len(data):
                raise OSError(f"{self.path}: {written} of {len(data)} bytes written")
        except BaseException:
            os.ftruncate(self.fd, self.size)  # a line cut short would end the file's prefix
            raise
        self.size += written

    def read(self, after: int, commits: int) -> tuple[list[Row], bool]:
        """The rows of the lines (the old part's, then the file's) numbered past ``after``,
        in order, up to the first line that cannot be read (cut short, not a line), that does
        not follow the one before it, or that follows a commit past ``commits`` (lost), each
        dropped with a warning; and whether any line was read at all."""
        data = b""
        for part in (self.old, self.path):
            with contextlib.suppress(FileNotFoundError), open(part, "rb") as f:
                data += f.read()
        rows: list[Row] = []
        want: int | None = None
        for no, line in enumerate(data.split(b"\n")):
            if not line:
                continue
            try:
                parsed = _row(orjson.loads(line))
            except orjson.JSONDecodeError:
                parsed = None
            why = ("not a command line" if parsed is None
                   else "not the next number" if want is not None and parsed[0] != want
                   else "after a commit the database does not hold" if parsed[1] > commits
                   else None)
            if why is None and parsed is not None and parsed[0] > after and not rows \
                    and parsed[0] != after + 1:
                why = f"the folded ones end at {after}"
            if why is not None or parsed is None:
                log.warning("%s: line %d and those after it dropped (%s)", self.path, no + 1, why)
                break
            n, _, row = parsed
            want = n + 1
            if n > after:
                rows.append(row)
        return rows, bool(data.strip())

    def turn(self) -> bool:
        """Begin a new file, this one kept as the old part: True; False (nothing done) while
        the old part of the last turn is still there. Raises ``OSError``."""
        if os.path.exists(self.old):
            return False
        if self.mapped is not None:
            self.mapped.cut()  # the old part holds its lines alone: the new one's follow them
        os.rename(self.path, self.old)
        fd = self._opened(self.path)
        os.close(self.fd)
        self.fd, self.size = fd, 0
        if self.mapped is not None:
            self.mapped = cmdmap.MappedLines(fd, 0)
        return True

    def drop_old(self) -> None:
        """Delete the old part (its lines are folded and the log that holds them synced)."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.old)

    def clear(self) -> None:
        """Every line folded and on the disk in the database: both parts emptied."""
        self.drop_old()
        if self.mapped is not None:
            self.mapped.size = 0
            self.mapped.cut()  # (unmapped before the file is cut: a map past its end faults)
        os.ftruncate(self.fd, 0)
        self.size = 0

    def close(self) -> None:
        if self.mapped is not None:
            self.mapped.cut()
        os.close(self.fd)
        os.close(self.lock)  # (unlocked)


class Folding:
    """The command file's part of ``sqlite.SQLiteStore`` (a mixin over its connection ``db``):
    lone commands' rows appended (:meth:`_append`), folded into the ``commands`` table with
    the number of the last line and the count of commits (:meth:`_fold_into` at the start of
    each of the store's transactions, :meth:`_folded` after its commit; :meth:`fold` alone),
    the file turned and its old part dropped by the checkpointer (:meth:`turn`,
    :meth:`drop_old`), the lines a stopped server left folded on opening."""

    db: sqlite3.Connection

    def _unpin(self) -> None:
        """(the store's: end the read it keeps open between lone commands)"""

    def _transaction(self, cur: sqlite3.Cursor) -> contextlib.AbstractContextManager[None]:
        """(the store's: one transaction on ``cur``, begun with :meth:`_fold_into`)"""
        raise NotImplementedError

    def _open_commands(self, path: str | None, keep: bool) -> None:
        """The command file at ``path`` (None: an in-memory database): its lines folded in
        when no other process holds it, then kept open and locked for this store's lone
        commands when ``keep``. Raises ``sqlite3.Error`` (the fold; the file closed again)."""
        self._file: CommandFile | None = None  # the command file, locked (keep)
        self._pending: list[Row] = []  # the rows of its lines not yet folded into the table
        row = self.db.execute("SELECT line, commits FROM command_file WHERE id = 0").fetchone()
        self._line = int(row[0]) if row else 0  # the number of its last line
        self._commits = int(row[1]) if row else 0  # this store's commits (lines carry it)
        self.rotations = 0  # turns of the file so far (turn)
        self._old_turn: int | None = None  # the turn that made the old part, until dropped
        self.commands_path: str | None = None
        if path is None or not (keep or os.path.exists(path) or os.path.exists(f"{path}.old")):
            return
        file = CommandFile.open(path)
        if file is None:
            if keep:  # (a reader finds its own server's writer holding it: nothing to say)
                log.warning("%s is held by another process (a second server on this database?):"
                            " this store writes its commands to the database directly", path)
            return
        try:
            self._file = file
            self._replay()
        except BaseException:
            self._file = None
            file.close()
            raise
        if keep:
            self.commands_path = file.path
            if os.path.exists(file.old):  # (not cleared: a reader kept the copy from ending)
                self._old_turn = 0  # its fold goes to the disk with the first sync
        else:
            self._file = None
            file.close()

    @property
    def unfolded(self) -> int:
        """How many stored commands are in the command file only (not yet in the table)."""
        return len(self._pending)

    def _replay(self) -> None:
        """At opening: fold the lines past the last folded (a server stopped before folding
        them), those of rooms no longer stored left out; once the database holds them on the
        disk (a full copy of the log back, ``wal_checkpoint``), both parts emptied."""
        assert self._file is not None
        rows, any_lines = self._file.read(self._line, self._commits)
        if rows:
            rooms = {str(r[0]) for r in self.db.execute("SELECT name FROM rooms")}
            self._pending = [r for r in rows if r[0] in rooms]
            self._line += len(rows)
            log.info("%d commands folded in from %s (%d of rooms no longer stored left out)",
                     len(self._pending), self._file.path, len(rows) - len(self._pending))
            self.fold(always=True)
        if any_lines:
            self._clear()

    def _clear(self) -> None:
        """Empty the file once a full copy of the log back has put the database on the disk
        (when a reader keeps the copy from ending, the lines stay: they are folded)."""
        assert self._file is not None
        busy, frames, copied = self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        if busy == 0 and frames == copied:
            self._file.clear()

    def _append(self, rows: list[Row]) -> None:
        """Store game commands' rows (after the room's checkpoint) as the command file's next
        lines. Raises ``TypeError`` (a row the table would refuse) or ``OSError``: nothing
        stored."""
        assert self._file is not None
        self._file.append(self._line + 1, self._commits, rows)
        self._line += len(rows)
        self._pending += rows

    def _fold_into(self, cur: sqlite3.Cursor) -> None:
        """At the start of a transaction of this store begun on ``cur``: the rows of the
        command file not yet folded into the table, the number of its last line and the
        count of commits with this one; :meth:`_folded` once committed."""
        if self._file is None:
            return
        if self._pending:
            cur.executemany(INSERT_COMMAND, self._pending)
        cur.execute(FOLDED, (self._line, self._commits + 1))

    def _folded(self) -> None:
        """After the commit of :meth:`_fold_into`: no row unfolded, one commit more."""
        if self._file is not None:
            self._pending = []
            self._commits += 1

    def fold(self, always: bool = False) -> None:
        """Fold the command file's rows into the ``commands`` table (one transaction; inside
        a transaction of this store, nothing: it began with them). Raises ``sqlite3.Error``
        (a lock held elsewhere): they stay in the file."""
        self._unpin()
        if not (self._pending or always) or self.db.in_transaction:
            return
        with self._transaction(self.db.cursor()):
            pass  # (the transaction folds them as it begins)

    def turn(self, keep_old: bool = True) -> None:
        """The checkpointer's tick: fold (never waiting: a locked database is tried at the
        next tick), then begin a new file, the folded one kept as the old part until a sync
        of the log that began after this (:meth:`drop_old` with :attr:`rotations`; without
        ``keep_old``, ``synchronous`` OFF, deleted at once)."""
        if self._file is None:
            return
        try:
            self.fold()
        except sqlite3.OperationalError as e:
            log.info("the command file is not folded yet: %s", e)
            return
        if self._file.size and self._file.turn():
            self.rotations += 1
            self._old_turn = self.rotations
            if not keep_old:
                self.drop_old(self.rotations)

    def drop_old(self, synced: int) -> None:
        """A sync of the log that began after turn ``synced`` has ended: the old part made by
        that turn or an earlier one deleted (its lines' fold is on the disk)."""
        if self._file is not None and self._old_turn is not None and self._old_turn <= synced:
            self._old_turn = None
            self._file.drop_old()

    def _close_commands(self) -> None:
        """On closing: fold, and when the database then holds every line on the disk, empty
        the file (else its lines are folded at the next opening); closed, unlocked."""
        if self._file is None:
            return
        try:
            self.fold()
            self._clear()
        except sqlite3.Error as e:
            log.warning("%d commands left in %s to fold at the next start (%s)",
                        len(self._pending), self._file.path, e)
        finally:
            self._file.close()
            self._file = None
