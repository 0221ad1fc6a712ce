"""The command file beside an SQLite database: a lone game command's row as one appended line.

A game command between checkpoints is stored as one ``write`` of one line to a file opened
``O_APPEND`` (``<database>-commands``) instead of its own SQLite transaction (an ``INSERT`` and
a commit: about 60 µs of a command's CPU in a live server, issue 14). The store
(``sqlite.SQLiteStore``, through ``cmdfold.Folding``) folds the lines into its ``commands``
table (with the number of the last line folded, in the table ``command_file``) at the start of
each of its transactions and before any other call, at each of the checkpointer's ticks, on
closing and on opening.

Durability is the write-ahead log's at ``synchronous`` NORMAL: a line is in the kernel when
``write`` returns (a killed process loses nothing written), on the disk once the checkpointer's
next tick has synced the log and then the file. Folded lines stay in the file until a sync of
the log that covers their fold: at a tick the file is renamed ``<database>-commands.old`` and a
new one begun (:meth:`Folding.turn`), and the old one is deleted after the next sync of the log
(:meth:`Folding.drop_old`). What a power cut leaves is always a prefix of what was written:
a line cut short (or zeros where a block never reached the disk), every line after a gap in the
numbering and every line that follows a commit of the store the database no longer holds (each
line carries the count of the store's commits when it was written, ``k``; the table the count
it holds) are dropped when the files are read, and cut off both parts then (:meth:`read`), so
the lines written next follow the last one read. The reading begins at the line after the last
one folded: what comes before it (folded lines, in the old part that is never synced itself,
torn by a power cut) is passed over.

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
from typing import Any

import orjson

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


class CommandFile:
    """The open command file of one database (:meth:`open`), its old part, and the lock
    (``<path>.lock``, never renamed: held by one store while it has the file open)."""

    def __init__(self, path: str, lock: int) -> None:
        self.path = path
        self.old = f"{path}.old"  # the part before the last turn, until the log is synced
        self.lock = lock
        self.fd = self._opened(path)
        self.size = os.fstat(self.fd).st_size  # bytes: where the next line starts (read)

    @staticmethod
    def _opened(path: str) -> int:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)

    @staticmethod
    def path_of(db: str | os.PathLike[str]) -> str:
        """The command file of the SQLite database ``db`` (its real path, ``-commands``)."""
        return f"{os.path.realpath(db)}-commands"

    @classmethod
    def held(cls, path: str) -> bool:
        """Whether a store (this process's or another's) holds the command file at ``path``
        now: its lock looked at and let go at once (``server/inuse.py``)."""
        try:
            lock = os.open(f"{path}.lock", os.O_RDWR | os.O_CLOEXEC)
        except FileNotFoundError:
            return False
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return False
        except BlockingIOError:
            return True
        finally:
            os.close(lock)  # (unlocked)

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
        ``write``. Raises ``TypeError`` for a row the table would refuse and ``OSError`` when
        the write fails (a full disk): then nothing of them is in the file (a part written is
        cut off again)."""
        data = b"".join([_line(first + i, k, row) for i, row in enumerate(rows)])
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
        in order: from the line numbered ``after + 1`` (what comes before it, lines folded
        already or what a power cut tore of them or of an unanswered line, is passed over)
        up to the first line that cannot be read (cut short, not a line), that does not
        follow the one before it, or that follows a commit past ``commits`` (lost); a first
        line past ``after`` that is not ``after + 1`` (a gap) reads none. What is dropped is
        logged and cut off the files (the old part's, and all of the file when it stops
        there), so a line written next follows the last line read, never a line no reading
        gets past; and whether any line was there at all. Raises ``OSError``."""
        old = b""
        with contextlib.suppress(FileNotFoundError), open(self.old, "rb") as f:
            old = f.read()
        with open(self.fd, "rb", closefd=False) as f:
            f.seek(0)
            new = f.read()
        rows: list[Row] = []
        want = after + 1
        for in_old, data in ((True, old), (False, new)):  # (a torn end of the old part
            pos = 0  # ends there: the file's first line is whole)
            while pos < len(data):
                nl = data.find(b"\n", pos)
                try:
                    parsed = _row(orjson.loads(data[pos:nl])) if nl >= 0 else None
                except orjson.JSONDecodeError:
                    parsed = None
                if not rows and (parsed is None or parsed[0] <= after):
                    if nl < 0:  # a torn end: the file's is cut (the next line would join it)
                        if not in_old:
                            log.warning("%s: a line cut short at its end dropped", self.path)
                            self._cut(pos, False)
                        break
                    pos = nl + 1  # folded, torn or blank: the lines to read come after it
                    continue
                why = ("not a whole line" if parsed is None
                       else f"the folded ones end at {after}" if not rows and parsed[0] != want
                       else "not the next number" if parsed[0] != want
                       else "after a commit the database does not hold" if parsed[1] > commits
                       else None)
                if why is not None or parsed is None:
                    log.warning("%s: the lines from byte %d of %s dropped (%s)", self.path, pos,
                                self.old if in_old else self.path, why)
                    self._cut(pos, in_old)
                    return rows, True
                rows.append(parsed[2])
                want += 1
                pos = nl + 1
        return rows, bool(old.strip() or new.strip())

    def _cut(self, end: int, in_old: bool) -> None:
        """The lines cut at byte ``end`` of the old part (``in_old``; the file emptied) or
        of the file. Raises ``OSError``."""
        if in_old:
            with open(self.old, "r+b") as f:
                f.truncate(end)
                os.fsync(f.fileno())
            end = 0
        self.size = end
        os.ftruncate(self.fd, end)
        os.fsync(self.fd)  # (on the disk before the fold that follows: no cut line comes back)

    def turn(self) -> bool:
        """Begin a new file, this one kept as the old part: True; False (nothing done) while
        the old part of the last turn is still there. Raises ``OSError``."""
        if os.path.exists(self.old):
            return False
        os.rename(self.path, self.old)
        fd = self._opened(self.path)
        os.close(self.fd)
        self.fd, self.size = fd, 0
        return True

    def drop_old(self) -> None:
        """Delete the old part (its lines are folded and the log that holds them synced)."""
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.old)

    def clear(self) -> None:
        """Every line folded and on the disk in the database: both parts emptied."""
        self.drop_old()
        os.ftruncate(self.fd, 0)
        self.size = 0

    def close(self) -> None:
        os.close(self.fd)
        os.close(self.lock)  # (unlocked)
