"""A server process's lease: a PostgreSQL advisory lock held on a connection of its own.

On start the process takes a new owner id (``owner_ids``, never used again) and locks
``(LOCK_SPACE, id)`` on this connection, with ``idle_session_timeout`` set to the lease
timeout. A thread asks the server every ``timeout / 8`` seconds which leases are held (one
query on ``pg_locks``: it also keeps the session busy). When the process stops answering
(``kill -9``: at once, its socket closes; ``SIGSTOP``, a machine or network gone: after the
timeout, PostgreSQL ends the idle session), the lock is gone and the other processes take its
rooms over (``PostgresStore.claim`` raises each room's fencing number, so whatever the old
owner still tries to write is refused). A process whose own lease is gone (its query fails,
or its lock is not among the held ones) hears ``on_lost``: it drops every room and takes a
new lease.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from typing import Any

import psycopg

from ..pgschema import LOCK_SPACE

log = logging.getLogger("bohnanza.server")

# what ``bohnanza forget-room --database`` asks of a room's owner (cluster/forget.py); heard
# on the lease's connection, whose thread looks every ``timeout / 8`` seconds
FORGET_CHANNEL = "bohnanza_forget"

LIVE_QUERY = ("SELECT objid::bigint FROM pg_locks WHERE locktype='advisory' AND"
              " classid::bigint=%s AND objsubid=2 AND granted"
              " AND database=(SELECT oid FROM pg_database WHERE datname=current_database())")


def lease_pids(db: psycopg.Connection[Any]) -> dict[int, int]:
    """Each held lease's owner id and the id of the server process holding it."""
    rows = db.execute(
        "SELECT l.objid::bigint, a.application_name FROM pg_locks l JOIN pg_stat_activity a"
        " ON a.pid = l.pid WHERE l.locktype='advisory' AND l.classid::bigint=%s AND"
        " l.objsubid=2 AND l.granted", (LOCK_SPACE,)).fetchall()
    return {int(o): int(str(app).rpartition("pid=")[2]) for o, app in rows
            if "pid=" in str(app)}


def live_owners(db: psycopg.Connection[Any]) -> set[int]:
    """The owner ids whose lease is held now."""
    return {int(r[0]) for r in db.execute(LIVE_QUERY, (LOCK_SPACE,))}


class Lease:
    """This process's lease (module docstring). ``live``: the owner ids held at the last
    look (this one's included while it holds its own); ``on_lost()``, ``on_live(set)`` and
    ``on_forget(payload)`` (a request on :data:`FORGET_CHANNEL`) are called on the lease's
    thread."""

    def __init__(self, url: str, timeout: float, on_lost: Callable[[], None],
                 on_live: Callable[[set[int]], None] | None = None,
                 on_forget: Callable[[str], None] | None = None) -> None:
        self.url = url
        self.on_forget = on_forget
        self.timeout = timeout
        self.on_lost = on_lost
        self.on_live = on_live
        self.owner = 0
        self.live: set[int] = set()
        self.lost = False
        self._stop = threading.Event()
        self._db: psycopg.Connection[Any] | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> Lease:
        """Take a new owner id and its lock (blocking; raises when the database cannot be
        reached)."""
        db = psycopg.connect(self.url, autocommit=True,
                             connect_timeout=max(1, int(self.timeout * 2)))
        ms = int(self.timeout * 1000)
        db.execute(f"SET idle_session_timeout = {ms}")
        # which process holds which lease, for people and tests (pg_stat_activity)
        db.execute(f"SET application_name = 'bohnanza lease pid={os.getpid()}'")
        row = db.execute("SELECT nextval('owner_ids')").fetchone()
        assert row is not None
        self.owner = int(row[0])
        db.execute("SELECT pg_advisory_lock(%s, %s)", (LOCK_SPACE, self.owner))
        if self.on_forget is not None:
            on_forget = self.on_forget
            db.add_notify_handler(lambda n: on_forget(n.payload)
                                  if n.channel == FORGET_CHANNEL else None)
            db.execute(f"LISTEN {FORGET_CHANNEL}")
        self._db = db
        self.live = live_owners(db)
        self._thread = threading.Thread(target=self._run, name=f"bohnanza-lease-{self.owner}",
                                        daemon=True)
        self._thread.start()
        log.info("lease %d taken (timeout %.1f s)", self.owner, self.timeout)
        return self

    def _run(self) -> None:
        assert self._db is not None
        while not self._stop.wait(self.timeout / 8):
            try:
                live = live_owners(self._db)
            except Exception as e:
                log.warning("lease %d lost: %s", self.owner, e)
                live = set()
            if self._stop.is_set():
                return
            if self.owner not in live:
                self.lost = True
                self.live = live - {self.owner}
                self.on_lost()
                return
            self.live = live
            if self.on_live is not None:
                self.on_live(live)

    def stop(self) -> None:
        """Let the lease go (the lock with the connection)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(self.timeout)
        if self._db is not None:
            try:
                self._db.close()
            except Exception:  # pragma: no cover - already gone
                pass
