"""The room's lock (room.py: one writer per room, in arrival order), taken without a
coroutine when it is free (issue 14, server CPU: a say pays no ``__aenter__``, ``acquire``
and ``__aexit__`` coroutines when nobody holds the room)."""

from __future__ import annotations

import asyncio


class RoomLock(asyncio.Lock):
    """An ``asyncio.Lock`` with :meth:`take`. ``async with`` and :meth:`acquire` work as
    asyncio's own."""

    _locked: bool  # asyncio.Lock's own state (CPython 3.11's asyncio/locks.py)

    def take(self) -> bool:
        """Take the lock now if :meth:`acquire` would take it without waiting (not held, and
        nobody waits for it: a waiter woken by a release comes first, as in ``acquire``):
        True, and the caller holds it (and calls :meth:`release`); False, and nothing
        changed (the caller awaits :meth:`acquire`)."""
        if self._locked:
            return False
        waiters = self._waiters
        if waiters and not all(w.cancelled() for w in waiters):
            return False
        self._locked = True
        return True

    def release(self) -> None:
        """asyncio's ``release``; when nobody waits, without its call to wake the first
        waiter (most releases: one say at a time)."""
        if self._locked and not self._waiters:
            self._locked = False
            return
        super().release()
