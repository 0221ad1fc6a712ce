"""Whether a server serves a SQLite database: a script that changes stored rooms must not do it
under a running server (``bohnanza forget-room``: the server holds the room in memory and
stores it again, its command rows left without their room; a new room of that name then
replays them and is refused as damaged).

Every server holds a shared ``flock`` on ``<database>-server.lock`` (beside the database, made
when missing; the path as the command file's, ``cmdfile.py``; it stays when the server stops,
empty: it is not a leftover to delete) from before it opens its store until it stops; such a
script asks for it exclusively (:func:`alone`) and is refused while any server holds it, or
holds it while it works, so a server starting then waits for it. A second server on a database
another server serves is refused (:class:`ServedElsewhere`: each would store the same rooms, and
one's acknowledged commands were lost at the next start): the first holds the lock shared, so
the second cannot have it exclusively for a moment at its start (:func:`hold`,
:func:`served_elsewhere`); of two starting at the same instant, one is let in
(:func:`_shared_alone`). ``bohnanza serve`` holds the lock before uvicorn starts (a refusal
is one line) and hands it to the hub (:class:`Held`). A server whose commits do not wait
for the disk (the default) also holds the command file's lock (``<database>-commands.lock``):
:func:`alone` looks at that one too, so a server lock file deleted by hand does not hide such
a server. A PostgreSQL database and ``:memory:`` have no such file."""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path

from .cmdfile import CommandFile

__all__ = ["Held", "ServedElsewhere", "alone", "hold", "lock_path", "release", "served_elsewhere"]

log = logging.getLogger("bohnanza.server")


class ServedElsewhere(RuntimeError):
    """Another server serves this SQLite database (one server per file)."""

    def __init__(self, db: Path | str) -> None:
        super().__init__(f"another server serves {db}: one server per SQLite file (stop it, "
                         "or give this one a database of its own with --db)")


class Held:
    """The lock :func:`hold` gave a process before its server starts (``bohnanza serve``
    holds it before uvicorn runs, so that a refusal is one line, not a failed start-up): the
    hub serves under it (``fd``: None, served without a lock file) instead of holding it
    again."""

    def __init__(self, fd: int | None) -> None:
        self.fd = fd


def lock_path(db: Path | str) -> str | None:
    """The lock file of the SQLite database ``db``; None for ``:memory:``."""
    if str(db) == ":memory:":
        return None
    return f"{os.path.realpath(db)}-server.lock"


def _open(path: str) -> int:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)


def hold(db: Path | str, say_after: float = 2.0) -> int | None:
    """Hold the shared lock of ``db`` for this process (the descriptor, never inherited by
    exec'd children: ``O_CLOEXEC``), waiting while a script holds it exclusively
    (:func:`alone`: a second or less; after ``say_after`` seconds the log says what it waits
    for). None for ``:memory:``, and None (a warning logged: served without the guard) when
    the lock file cannot be made, as in a directory the server may not write to. Raises
    :class:`ServedElsewhere` when another server holds it (of two starting at once, one is
    let in: :func:`_shared_alone`)."""
    path = lock_path(db)
    if path is None:
        return None
    try:
        fd = _open(path)
    except OSError as e:
        log.warning("cannot make %s (%s): serving without it, so 'bohnanza forget-room' "
                    "cannot tell that this server runs", path, e)
        return None
    try:  # (alone, an older server may hold its command file still)
        if not _shared_alone(fd, path, say_after) or _commands_held(db):
            raise ServedElsewhere(db)
    except BaseException:
        os.close(fd)
        raise
    return fd


def served_elsewhere(db: Path | str, say_after: float = 2.0) -> bool:
    """Whether another server serves ``db`` (its lock held shared, or the command file's),
    asked before a server starts (``bohnanza serve``), so that it can say so in one line;
    waits while a script holds the lock exclusively (:func:`alone`; after ``say_after``
    seconds the log says so), as :func:`hold` does; holds nothing after. False for ``:memory:``
    and when the lock file cannot be opened (:func:`hold` then warns)."""
    path = lock_path(db)
    if path is None or not os.path.exists(path):
        return path is not None and _commands_held(db)
    try:
        fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    except OSError:
        return False
    try:  # (alone, an older server may hold its command file still)
        return not _shared_alone(fd, path, say_after) or _commands_held(db)
    finally:
        os.close(fd)  # (unlocked)


SETTLE = 1.0  # seconds a start tries to be the lock's only holder before it is refused


def _shared_alone(fd: int, path: str, say_after: float, settle: float = SETTLE) -> bool:
    """Hold the lock of ``fd`` shared, waiting while a script holds it exclusively (after
    ``say_after`` seconds the log says what it waits for, once), and say whether this is its
    only holder: no other server holds it shared (for a moment exclusive, then shared again;
    a failed try may leave it unlocked: the caller then lets go of it). Another holder may be
    a server starting at this very instant, trying the same: each lets go and tries again
    after a random moment, for ``settle`` seconds, so that one of the two is let in (both were
    refused); a running server holds on, and the start is refused after ``settle``."""
    said_at: float | None = time.monotonic() + say_after
    give_up: float | None = None
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            if said_at is not None and time.monotonic() >= said_at:
                log.warning("waiting for %s: a script (bohnanza forget-room?) holds it", path)
                said_at = None  # (said once)
            time.sleep(0.05)
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:  # shared with others: servers, or one starting now
            now = time.monotonic()
            give_up = now + settle if give_up is None else give_up
            if now >= give_up:
                return False
            fcntl.flock(fd, fcntl.LOCK_UN)
            time.sleep(random.uniform(0.01, 0.08))  # (apart from one starting now)
            continue
        fcntl.flock(fd, fcntl.LOCK_SH)  # (a script that came in between: waited for)
        return True


def _commands_held(db: Path | str) -> bool:
    """Whether a process holds the command file's lock of ``db`` (``cmdfile.py``; the store
    folds a stopped server's lines in after)."""
    return CommandFile.held(CommandFile.path_of(db))


def release(fd: int | None) -> None:
    """Let go of the lock :func:`hold` gave (``None``: there was none)."""
    if fd is not None:
        os.close(fd)


@contextlib.contextmanager
def alone(db: Path | str) -> Iterator[bool]:
    """Whether no server serves ``db`` (True: its lock held exclusively until the block ends,
    so no server starts on it meanwhile; False: a server holds it, or the command file's
    lock; nothing is locked). ``:memory:`` is always alone; so is a database whose lock file
    cannot be made where none is (no server could have made it either). Raises ``OSError``
    for a lock file that is there but cannot be opened."""
    path = lock_path(db)
    if path is None:
        yield True
        return
    try:
        fd = _open(path)
    except OSError:
        if os.path.exists(path):
            raise
        yield not _commands_held(db)
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield not _commands_held(db)
    finally:
        os.close(fd)  # (unlocked)
