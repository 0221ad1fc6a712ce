"""A game command stored alone joins the journal's tail when its write is asked for
(``Journal.write`` hands back the store's future, no coroutine: issue 14); when that write
fails it leaves the tail again (``Journal.unwrite``), so the room goes back to what the
database holds: the checkpoint with the commands stored since (design.md section 7)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from bohnanza.server.hub import Hub
from bohnanza.server.room.journal import load_room
from bohnanza.server.settings import Settings

from .harness import offline_conn as _conn
from .harness import queued_replies as _replies


async def test_a_failed_command_write_leaves_the_tail(tmp_path: Path) -> None:
    hub = Hub(Settings(db=tmp_path / "u.db", sqlite_synchronous="OFF", game_seed=1,
                       bot_delay=30))
    await hub.start()
    try:
        ann, bob, cy = _conn(), _conn(), _conn()
        room = await hub.room_for("unwrite", ann)
        assert room is not None
        for c, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
            if c is not ann:
                await hub.room_for("unwrite", c)
            await room.attach(c, name, None)
            await room.say(c, 1, "/join")
        await room.say(ann, 2, "/start")
        assert room.game is not None
        conns = [ann, bob, cy]
        # markers: game commands each stored alone (the tail grows)
        for i, c in enumerate(conns):
            await room.say(c, 3 + i, "/want red")
        assert len(room.journal.tail) == 3
        assert all(r["ok"] for c in conns for r in _replies(c))
        tail = room.journal.tail[:]
        version = room.version
        position = room.game.to_position()

        good = hub.store.save_command

        def broken(**kw: Any) -> None:
            raise sqlite3.OperationalError("database is locked")

        hub.store.save_command = broken  # type: ignore[method-assign]
        await room.say(bob, 9, "/have red")
        assert [(r["id"], r["code"]) for r in _replies(bob)] == [(9, "storage_error")]
        assert room.journal.tail == tail and room.version == version
        assert room.game.to_position() == position  # the marker is gone again

        hub.store.save_command = good  # type: ignore[method-assign]
        await room.say(cy, 10, "/have red")
        assert [r["ok"] for r in _replies(cy)] == [True]
        assert room.journal.tail == [*tail, (2, "/have red")]
        stored = load_room(hub.store, "unwrite")
        assert stored is not None and stored.game == room.game.to_position()
        assert stored.version == room.version
    finally:
        await hub.stop()
