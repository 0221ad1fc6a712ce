"""Copying SQLite's write-ahead log back into the database file, off the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path

from .dbqueue import DbQueue


class Checkpointer:
    """Copies the write-ahead log back into the database (``PRAGMA wal_checkpoint``, the part
    of a commit that waits for the disk) every ``interval`` seconds when something was asked
    of the store since, on the database thread and the server's own connection
    (``DbQueue.checkpoint_now``: the writes asked for meanwhile follow it there, so the event
    loop never waits for it; the connection has ``wal_autocheckpoint`` off). On the writing
    connection it ends the read that connection keeps open between lone commands
    (``sqlite.SQLiteStore.save_command``), which would stop the log being copied back and
    started over; no writer runs meanwhile, so each copies the whole log unless a reader is
    reading. PASSIVE while the store is in use; a log past ``restart_frames`` pages is cut
    (TRUNCATE), and so is the log once the store has been idle for a whole interval."""

    interval = 0.5
    restart_frames = 16384  # pages: 64 MB of 4 KB pages

    def __init__(self, queue: DbQueue, path: Path | str) -> None:
        self.queue = queue
        self.wal = f"{path}-wal"
        self._seen = queue.asked
        self._cut = False
        self._timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        self._timer = asyncio.get_running_loop().call_later(self.interval, self._tick)

    def stop(self) -> None:
        """No more checkpoints (SQLite makes the last one when the store closes)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _tick(self) -> None:
        asked = self.queue.asked
        if asked != self._seen:
            self._seen = asked
            self._cut = False
            size = 0
            with contextlib.suppress(OSError):
                size = os.stat(self.wal).st_size
            self.queue.checkpoint_now("TRUNCATE" if size >= self.restart_frames * 4096
                                      else "PASSIVE")
        elif not self._cut:
            self._cut = True
            self.queue.checkpoint_now("TRUNCATE")
        self._timer = asyncio.get_running_loop().call_later(self.interval, self._tick)
