"""The room's lock taken at once when free (``room/lock.py``, issue 14): one writer per room,
says in arrival order (pitfalls 1.6). A say that comes while the lock is held, or just
released to a waiter that has not run yet, waits its turn behind the says before it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bohnanza.server import eager
from bohnanza.server.hub import Hub
from bohnanza.server.room import Room
from bohnanza.server.room.lock import RoomLock
from bohnanza.server.settings import Settings

from .harness import offline_conn, queued_replies


async def test_take_when_free_and_nobody_waits() -> None:
    lock = RoomLock()
    assert lock.take()
    assert lock.locked()
    assert not lock.take()  # held: the caller must await acquire
    lock.release()
    assert not lock.locked()
    async with lock:  # asyncio's own way still works
        assert not lock.take()
    assert lock.take()
    lock.release()


async def test_a_woken_waiter_comes_before_take() -> None:
    """Released to a waiter that has not run yet: ``take`` refuses (as ``acquire`` would not
    take it either), and the waiter gets the lock."""
    lock = RoomLock()
    assert lock.take()
    order: list[str] = []

    async def waiter() -> None:
        async with lock:
            order.append("waiter")

    task = asyncio.create_task(waiter())
    await asyncio.sleep(0)  # it waits in acquire
    lock.release()  # its future is done; it has not run
    assert not lock.locked()
    assert not lock.take()
    await task
    assert order == ["waiter"]
    assert lock.take()  # nobody waits any more
    lock.release()


async def test_a_cancelled_waiter_does_not_block_take() -> None:
    lock = RoomLock()
    assert lock.take()
    task = asyncio.create_task(lock.acquire())
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    lock.release()
    assert lock.take()
    lock.release()


@pytest.fixture
async def hub(tmp_path: Path) -> Iterator[Hub]:
    h = Hub(Settings(db=tmp_path / "l.db", bot_delay=30, game_seed=4, away_seconds=0.0,
                     sqlite_synchronous="OFF"))
    await h.start()
    yield h  # type: ignore[misc]
    await h.stop()


async def test_says_that_meet_a_held_lock_keep_their_order(hub: Hub) -> None:
    """Three ``/join``s: two arrive while the room's lock is held (tasks waiting in turn),
    the third the moment it is released, taken straight off the socket (``eager``, as
    ``ws.DirectSays`` does) before the first waiter ran. The seats are taken in arrival
    order, each say answered once, accepted."""
    conns = [offline_conn() for _ in range(3)]
    room: Room | None = None
    for c, name in zip(conns, ("Ann", "Bob", "Cy"), strict=True):
        room = await hub.room_for("lock", c)
        assert room is not None
        await room.attach(c, name, None)
    assert room is not None
    for c in conns:
        queued_replies(c)  # the welcomes' frames out of the way
    await room.lock.acquire()  # someone else holds the room (a bot's step, say)
    first = asyncio.create_task(room.say(conns[0], 1, "/join"))
    second = asyncio.create_task(room.say(conns[1], 2, "/join"))
    await asyncio.sleep(0)
    await asyncio.sleep(0)  # both wait for the lock, in this order
    assert not first.done() and not second.done()
    room.lock.release()  # the first waiter is woken, and has not run
    done: list[BaseException | None] = []
    eager.start(room.say(conns[2], 3, "/join"), done.append)
    assert done == []  # it did not take the lock past the two waiting
    await asyncio.gather(first, second)
    for _ in range(3000):  # a hang guard, not a timing: 30 s
        if done:
            break
        await asyncio.sleep(0.01)
    assert done == [None]
    assert [s.name for s in room.seats] == ["Ann", "Bob", "Cy"]
    for i, c in enumerate(conns):
        replies = queued_replies(c)
        assert [(r["id"], r["ok"]) for r in replies] == [(i + 1, True)], replies
