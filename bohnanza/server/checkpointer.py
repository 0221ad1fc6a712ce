"""Copying SQLite's write-ahead log back into the database file, and syncing the log to the
disk in between, off the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .dbqueue import DbQueue
from .sqlite import WAL_SIZE_LIMIT

log = logging.getLogger("bohnanza.server")

_fdatasync = getattr(os, "fdatasync", os.fsync)  # (macOS has no fdatasync)


def sync_files(wal: str, commands: str | None) -> bool:
    """:func:`sync_file` the log, then the command file (``cmdfile.py``) when there is one
    (its lines follow the log's commits: a line never on the disk before them through this
    sync): whether there was a log. Raises ``OSError`` when a sync fails."""
    there = sync_file(wal)
    if commands is not None:
        sync_file(commands)
    return there


def sync_file(path: str) -> bool:
    """``fdatasync`` the file at ``path``: its data on the disk, whichever descriptor wrote it
    (the kernel syncs the file, not a descriptor); False when there is no such file. Raises
    ``OSError`` when the sync fails. (Opened and closed here: only ever the log, which SQLite
    never locks; closing a descriptor of the database or its ``-shm`` would drop SQLite's
    locks on it.)"""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return False
    try:
        _fdatasync(fd)
    finally:
        os.close(fd)
    return True


class Checkpointer:
    """Keeps the write-ahead log of a store written with ``synchronous`` NORMAL (or OFF)
    bounded and, with NORMAL, on the disk: the commits themselves never wait for the disk.

    Every ``interval`` seconds in which something was asked of the store:

    * with ``synchronous`` NORMAL, the log **synced** (:func:`sync_file`, on a thread of its
      own: the writes go on inline meanwhile). Every command answered before the tick is on
      the disk once that sync ends: what a power cut can take is the commands answered in
      the last ``interval`` seconds and the sync's own time (a sync still running at a tick
      is followed by another as soon as it ends), as when the log was copied back at every
      tick (SQLite syncs the log before a copy), without the copy and the database's sync.
      A failed sync is logged as critical: the disk lost written data. The writing
      connection's command file (``cmdfile.py``: lone game commands, one line each) is
      folded into the database first and turned (``SQLiteStore.turn``, in the queue: the
      next call in order), and synced after the log; once a sync ends, the old part of a
      turn made before it began is deleted (``SQLiteStore.drop_old``);
    * the log **copied back** into the database (``PRAGMA wal_checkpoint``; SQLite syncs the
      log before the copy, and the database after it), when ``copy_every`` seconds passed
      since the last copy or the log's file grew past ``copy_bytes`` (more than the
      ``journal_size_limit`` the file keeps when the log starts over: only a log that long
      makes the file that large): PASSIVE, or TRUNCATE (the log cut) past ``restart_bytes``.
      It runs on the database thread and the server's own connection
      (``DbQueue.checkpoint_now``: the writes asked for meanwhile follow it there, so the
      event loop never waits for it; the connection has ``wal_autocheckpoint`` off). On the
      writing connection it ends the read that connection keeps open between lone commands
      (``sqlite.SQLiteStore.save_command``), which would stop the log being copied back and
      started over; no writer runs meanwhile, so each copies the whole log unless a reader
      is reading.

    Once the store has been idle for ``idle_cut`` seconds, the log is copied back and cut
    (TRUNCATE): at a table's own pace (a command a second or so, idle between them) the log
    is copied back every few seconds too, not after each command. A log that starts over
    after a copy still has its new header synced by its next commit, on the event loop: once
    every ``copy_every`` seconds at most, where it was twice a second. The log is the one
    beside the database file as SQLite finds it (a symbolic link followed)."""

    interval = 0.5  # s between two syncs of the log while it is written (NORMAL)
    copy_every = 5.0  # s: the log copied back at least this often while written
    copy_bytes = 2 * WAL_SIZE_LIMIT  # (32 MB) copied back sooner when the file grows past it
    restart_bytes = 64 * 2**20  # the log cut when its file grows past it
    idle_cut = 5.0  # s without a write: the log copied back and cut

    def __init__(self, queue: DbQueue, path: Path | str, sync: bool = True) -> None:
        self.queue = queue
        self.wal = f"{os.path.realpath(path)}-wal"
        # the writing connection's command file (cmdfile.py): synced with the log, its lines
        # folded into the database at each tick (reads outside the server see them soon)
        self.commands: str | None = getattr(queue.store, "commands_path", None)
        self.sync = sync  # sync the log between copies (``synchronous`` NORMAL; OFF: never)
        self._seen = queue.asked
        self._cut = False
        self._written = time.monotonic()  # when a tick last saw something asked
        self._copied = time.monotonic()  # when the log was last copied back
        self._syncing: asyncio.Future[bool] | None = None
        self._again = False  # a tick came while a sync ran: another as soon as it ends
        self._missing = False  # told once: no log to sync
        self._timer: asyncio.TimerHandle | None = None
        self._thread: ThreadPoolExecutor | None = None
        self._turns = 0  # the command file's turns made before the sync on its way began

    def start(self) -> None:
        if self.sync:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="bohnanza-walsync")
        self._timer = asyncio.get_running_loop().call_later(self.interval, self._tick)

    def stop(self) -> None:
        """No more checkpoints nor syncs (SQLite makes the last checkpoint when the store
        closes); a sync on its way ends (:meth:`synced`)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._again = False
        if self._thread is not None:
            self._thread.shutdown(wait=False)  # the sync on its way runs to its end

    async def synced(self) -> None:
        """Until the sync on its way (if any) has ended (a failed one was logged)."""
        if self._syncing is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._syncing)

    def _tick(self) -> None:
        try:
            asked = self.queue.asked
            now = time.monotonic()
            if asked != self._seen:
                size = 0
                with contextlib.suppress(OSError):
                    size = os.stat(self.wal).st_size
                if self.commands is None:
                    self._sync()
                else:  # the turn (its fold) in the queue, then the sync (writes meanwhile too)
                    store, loop = self.queue.store, asyncio.get_running_loop()
                    self.queue.later(functools.partial(store.turn, self.sync))  # type: ignore
                    self.queue.later(functools.partial(loop.call_soon_threadsafe, self._resync))
                    asked = self.queue.asked  # (no write of the server's: no tick more)
                self._seen = asked
                self._cut = False
                self._written = now
                if size > self.restart_bytes:
                    self._copy("TRUNCATE", now)
                elif size > self.copy_bytes or now - self._copied >= self.copy_every:
                    self._copy("PASSIVE", now)
            elif not self._cut and now - self._written >= self.idle_cut:
                self._cut = True
                self._copy("TRUNCATE", now)
        finally:  # (a failed tick still plans the next)
            self._timer = asyncio.get_running_loop().call_later(self.interval, self._tick)

    def _sync(self) -> None:
        """Sync the log on the sync thread; after the one on its way if there is one."""
        if self._thread is None:  # (none without ``sync``, or before start)
            return
        if self._syncing is not None:
            self._again = True
            return
        self._again = False
        # the command file's turns made so far: their old parts go once this sync has ended
        self._turns = getattr(self.queue.store, "rotations", 0)
        self._syncing = asyncio.get_running_loop().run_in_executor(
            self._thread, sync_files, self.wal, self.commands)
        self._syncing.add_done_callback(self._synced)

    def _resync(self) -> None:
        """:meth:`_sync`, unless stopped meanwhile."""
        if self._timer is not None:
            self._sync()

    def _copy(self, mode: str, now: float) -> None:
        self._copied = now
        self.queue.checkpoint_now(mode)

    def _synced(self, done: asyncio.Future[bool]) -> None:
        self._syncing = None
        if done.cancelled():
            return
        error = done.exception()
        if error is not None:
            log.critical("the write-ahead log %s could not be synced to the disk: %s "
                         "(commands answered since the last sync may be lost to a power cut)",
                         self.wal, error)
        else:
            if done.result() is False and not self._missing:
                self._missing = True
                log.warning("no write-ahead log at %s to sync", self.wal)
            if self.commands is not None:
                self.queue.flush()  # (the writes asked for so far: counted, synced at a tick)
                seen = self.queue.asked
                self.queue.later(functools.partial(
                    self.queue.store.drop_old, self._turns))  # type: ignore[attr-defined]
                if self._seen == seen:
                    self._seen = self.queue.asked  # (not a write of the server's)
        if self._again and self._timer is not None:  # (not stopped)
            self._sync()
