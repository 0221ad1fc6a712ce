"""Copying SQLite's write-ahead log back into the database file, and syncing the log to the
disk in between, off the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from pathlib import Path

from .dbqueue import DbQueue

log = logging.getLogger("bohnanza.server")


def sync_file(path: str) -> bool:
    """``fdatasync`` the file at ``path`` (its data on the disk, whichever connection wrote
    it: the kernel syncs the file, not a descriptor); False when there is no such file.
    Raises ``OSError`` when the sync fails."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return False
    try:
        os.fdatasync(fd)
    finally:
        os.close(fd)
    return True


class Checkpointer:
    """Keeps the write-ahead log of a store written with ``synchronous`` NORMAL (or OFF)
    bounded and, with NORMAL, on the disk: the commits themselves never wait for the disk.

    Every ``interval`` seconds in which something was asked of the store:

    * with ``synchronous`` NORMAL, the log **synced** (:func:`sync_file`, on a thread of its
      own: the writes go on inline meanwhile). Every command answered before the tick is then
      on the disk: what a power cut can take stays under ``interval`` seconds of answered
      commands, as when the log was copied back at every tick (SQLite syncs the log before a
      copy), without the copy, the database's sync and the log started over (whose first
      commit syncs the log's new header on the event loop) twice a second; a sync is made
      at copies too (a copy held back by a reader syncs only what it copies);
    * the log **copied back** into the database (``PRAGMA wal_checkpoint``; SQLite syncs the
      log before the copy, and the database after it), when ``copy_every`` seconds passed
      since the last copy or the log is ``copy_frames`` pages long: PASSIVE, or TRUNCATE (the
      log cut) past ``restart_frames``. It runs on the database thread and the server's own
      connection (``DbQueue.checkpoint_now``: the writes asked for meanwhile follow it there,
      so the event loop never waits for it; the connection has ``wal_autocheckpoint`` off). On
      the writing connection it ends the read that connection keeps open between lone
      commands (``sqlite.SQLiteStore.save_command``), which would stop the log being copied
      back and started over; no writer runs meanwhile, so each copies the whole log unless a
      reader is reading.

    Once the store has been idle for a whole interval, the log is copied back and cut
    (TRUNCATE)."""

    interval = 0.5  # s: the most a power cut can take of answered commands (NORMAL)
    copy_every = 5.0  # s: the log copied back at least this often while written
    copy_frames = 4096  # pages (16 MB of 4 KB pages): copied back sooner past it
    restart_frames = 16384  # pages: 64 MB of 4 KB pages

    def __init__(self, queue: DbQueue, path: Path | str, sync: bool = True) -> None:
        self.queue = queue
        self.wal = f"{path}-wal"
        self.sync = sync  # sync the log between copies (``synchronous`` NORMAL; OFF: never)
        self._seen = queue.asked
        self._cut = False
        self._copied = time.monotonic()  # when the log was last copied back
        self._syncing: asyncio.Future[bool] | None = None
        self._timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self._timer = asyncio.get_running_loop().call_later(self.interval, self._tick)

    def stop(self) -> None:
        """No more checkpoints (SQLite makes the last one when the store closes)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def synced(self) -> None:
        """Until the sync on its way (if any) has ended (a failed one was logged)."""
        if self._syncing is not None:
            with contextlib.suppress(Exception):
                await self._syncing

    def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        asked = self.queue.asked
        if asked != self._seen:
            self._seen = asked
            self._cut = False
            size = 0
            with contextlib.suppress(OSError):
                size = os.stat(self.wal).st_size
            if self.sync and self._syncing is None:
                self._syncing = loop.run_in_executor(None, sync_file, self.wal)
                self._syncing.add_done_callback(self._synced)
            now = time.monotonic()
            if size >= self.restart_frames * 4096:
                self._copy("TRUNCATE", now)
            elif size >= self.copy_frames * 4096 or now - self._copied >= self.copy_every:
                self._copy("PASSIVE", now)
        elif not self._cut:
            self._cut = True
            self._copy("TRUNCATE", time.monotonic())
        self._timer = loop.call_later(self.interval, self._tick)

    def _copy(self, mode: str, now: float) -> None:
        self._copied = now
        self.queue.checkpoint_now(mode)

    def _synced(self, done: asyncio.Future[bool]) -> None:
        self._syncing = None
        if not done.cancelled() and done.exception() is not None:
            log.warning("the write-ahead log could not be synced: %s", done.exception())
