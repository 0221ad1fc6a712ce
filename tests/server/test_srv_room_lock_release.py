"""``RoomLock.release`` (room/lock.py): without a waiter it only frees the lock; with one it
wakes it as asyncio's own ``release`` does; releasing a free lock raises as asyncio's does."""

from __future__ import annotations

import asyncio

import pytest

from bohnanza.server.room.lock import RoomLock


async def test_release_wakes_a_waiter_and_frees_the_lock_without_one() -> None:
    for lock in (RoomLock(), asyncio.Lock()):  # the room's against asyncio's own
        await lock.acquire()
        got = asyncio.create_task(lock.acquire())
        await asyncio.sleep(0)  # it waits
        lock.release()
        assert await asyncio.wait_for(got, 1) is True  # woken: it holds the lock
        assert lock.locked()
        lock.release()  # nobody waits
        assert not lock.locked()
        with pytest.raises(RuntimeError):
            lock.release()
