"""The command file's part of the SQLite store (``sqlite.SQLiteStore``): lone game commands'
rows appended to the command file (``cmdfile.py``, which says how the file works) and folded
into the ``commands`` table; the file turned at the checkpointer's ticks; the lines a stopped
server left folded in on opening."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3

from .cmdfile import FOLDED, CommandFile, Row
from .schema import INSERT_COMMAND

log = logging.getLogger("bohnanza.server")


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
