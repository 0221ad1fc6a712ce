"""``DbQueue.write`` asks for its write when it is called and hands back the write's future
(no coroutine of its own, issue 14), on the event loop it keeps: a write is made in its turn's
group and in the order asked for, and a queue used in a second event loop (the first one
stopped) writes there."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bohnanza.server.dbqueue import DbQueue
from bohnanza.server.sqlite import SQLiteStore


def _queue(db: Path) -> DbQueue:
    return DbQueue(SQLiteStore(db, autocheckpoint=False), SQLiteStore(db), True)


def _ask(queue: DbQueue, version: int) -> object:
    return queue.write(queue.store.save_command, name="r", version=version, game_no=1, seat=0,
                       text=f"/want blue #{version}", log="[]")


def test_a_write_is_asked_for_when_called(tmp_path: Path) -> None:
    queue = _queue(tmp_path / "a.db")

    async def run() -> list[int]:
        pending = _ask(queue, 1)  # asked for now: a call asked after it comes after it
        assert asyncio.isfuture(pending)
        rows = await queue.call(queue.store.command_rows, "r")
        await pending  # type: ignore[misc]
        return [r.version for r in rows]

    try:
        assert asyncio.run(run()) == [1]
    finally:
        queue.close()


def test_a_queue_writes_in_a_second_event_loop(tmp_path: Path) -> None:
    queue = _queue(tmp_path / "b.db")

    async def write(version: int) -> None:
        await _ask(queue, version)  # type: ignore[misc]

    try:
        asyncio.run(write(1))
        asyncio.run(write(2))  # the first loop is closed: the queue asks for this one
        assert [r.version for r in queue.reader.command_rows("r")] == [1, 2]
    finally:
        queue.close()
