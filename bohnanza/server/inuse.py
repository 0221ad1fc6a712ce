"""Whether a server serves a SQLite database: a script that changes stored rooms must not do it
under a running server (``bohnanza forget-room``: the server holds the room in memory and
stores it again, its command rows left without their room; a new room of that name then
replays them and is refused as damaged).

Every server holds a shared ``flock`` on ``<database>-server.lock`` (beside the database, made
when missing; the path as the command file's, ``cmdfile.py``) from before it opens its store
until its process ends; such a script asks for it exclusively (:func:`alone`) and is refused
while any server holds it, or holds it while it works, so a server starting then waits for
it. Two servers on one database (a mistake the command file warns of) both hold it shared. A
PostgreSQL database and ``:memory:`` have no such file."""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator
from pathlib import Path

__all__ = ["alone", "hold", "lock_path"]


def lock_path(db: Path | str) -> str | None:
    """The lock file of the SQLite database ``db``; None for ``:memory:``."""
    if str(db) == ":memory:":
        return None
    return f"{os.path.realpath(db)}-server.lock"


def hold(db: Path | str, wait: float = 30.0) -> int | None:
    """Hold the shared lock of ``db`` for this process (the descriptor; it is never closed by
    exec'd children: ``O_CLOEXEC``), waiting up to ``wait`` seconds for a script that holds it
    exclusively (:func:`alone`: a second or less). None for ``:memory:``. Raises ``OSError``
    (the file cannot be made) and ``TimeoutError`` (held exclusively for longer)."""
    path = lock_path(db)
    if path is None:
        return None
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise TimeoutError(f"{path} is held by a script (bohnanza forget-room?) "
                                   f"for over {wait:g} s") from None
            time.sleep(0.05)
        except BaseException:
            os.close(fd)
            raise


@contextlib.contextmanager
def alone(db: Path | str) -> Iterator[bool]:
    """Whether no server serves ``db`` (True: the lock held exclusively until the block
    ends, so no server starts on it meanwhile; False: a server holds it, nothing is locked).
    ``:memory:`` is always alone. Raises ``OSError`` (the file cannot be made)."""
    path = lock_path(db)
    if path is None:
        yield True
        return
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True
    finally:
        os.close(fd)  # (unlocked)
