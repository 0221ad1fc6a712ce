"""Copying SQLite's write-ahead log back into the database file, off the event loop."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger("bohnanza.server")


class Checkpointer:
    """Copies the write-ahead log back into the database (``PRAGMA wal_checkpoint(PASSIVE)``,
    the part of a commit that waits for the disk) every ``interval`` seconds, on a thread and
    a connection of its own, so the writes never wait for it (the server's connection has
    ``wal_autocheckpoint`` off). A passive checkpoint never blocks a writer; when writes never
    pause long enough for one to copy the whole log, the log cannot start over and grows:
    past ``restart_frames`` pages, ``on_long_log()`` is called (at most every ``interval``
    x 10 seconds) to copy the rest between two writes."""

    interval = 0.5
    restart_frames = 16384  # pages: 64 MB of 4 KB pages

    def __init__(
        self, path: Path | str, on_long_log: Callable[[], None], synchronous: str = "NORMAL"
    ) -> None:
        self.path = str(path)
        self.on_long_log = on_long_log
        self.synchronous = synchronous
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bohnanza-checkpoint", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop (and wait for) the thread; a last checkpoint runs before it ends."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(30)

    def _run(self) -> None:
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute(f"PRAGMA synchronous={self.synchronous}")
            db.execute("PRAGMA cache_size=-256")  # KiB: a checkpoint reads through its own buffer
        except sqlite3.Error as e:  # pragma: no cover - the server's own connection works
            log.warning("no checkpoint thread (%s); the log is copied back at start-up", e)
            return
        asked = 0.0
        try:
            while True:
                stopping = self._stop.wait(self.interval)
                try:
                    frames = int(db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()[1])
                except sqlite3.Error as e:
                    log.info("checkpoint failed: %s", e)
                    frames = 0
                if stopping:
                    return
                now = time.monotonic()
                if frames >= self.restart_frames and now - asked >= 10 * self.interval:
                    asked = now
                    self.on_long_log()
        finally:
            db.close()
