"""Checkpoints: a game command between two checkpoints stores only its text
(server/room/journal.py); the stored state is the last checkpoint with the commands since
applied. In-process (no uvicorn): after a write, the database holds exactly the room's state
(position with the hidden deck order and generator state, version); a write that fails between
two checkpoints leaves the room as stored; a database of an older version (no ``game_v``)
still loads."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bohnanza.engine import Game
from bohnanza.server.hub import Hub
from bohnanza.server.room import Room
from bohnanza.server.room.journal import history, load_room, load_rooms
from bohnanza.server.settings import Settings
from bohnanza.server.sqlite import SQLiteStore as Store

from .harness import bots_played
from .harness import bots_room as _bots_room
from .harness import offline_conn as _conn


async def _until_over(room: Room, seconds: float = 60) -> None:
    for _ in range(int(seconds / 0.02)):
        if room.game is not None and room.game.over:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the bots did not finish")


async def _stored_end(reader: Store, name: str, room: Room) -> Any:
    """The stored room once the game's end is stored (a StoredRoom): a checkpoint at the
    room's last version with no tail. The database thread commits in groups, so it may still be
    writing it when the room's game is over (the CI of 3b4e103 read four commands behind)."""
    final = load_room(reader, name)
    for _ in range(500):  # a hang guard, not a timing: 10 s
        if final is not None and final.version == room.version and final.tail == []:
            break
        await asyncio.sleep(0.02)
        final = load_room(reader, name)
    assert final is not None and final.version == room.version, (final, room.version)
    return final


@pytest.mark.parametrize(
    ("preset", "policies", "options"),
    [
        ("classic", ["random", "greedy", "random", "greedy"], ["/option hiddenmoney on"]),
        ("amigo", ["random", "random", "greedy"], ["/option rules amigo"]),
    ],
)
async def test_the_database_holds_the_room_after_a_write(
    tmp_path: Path, preset: str, policies: list[str], options: list[str]
) -> None:
    db = tmp_path / "c.db"
    hub = Hub(Settings(db=db, bot_delay=0, game_seed=3, checkpoint_every=7))
    await hub.start()
    assert hub.store.commands_path is not None  # type: ignore[attr-defined]  # (cmdfile.py)
    reader = Store(db)
    live: dict[int, dict[str, Any]] = {}
    kinds = {"save": 0, "save_command": 0}
    mismatches: list[int] = []
    room_box: list[Room] = []

    def committed(group: Any) -> Any:
        # the writes of one turn of the event loop are committed together (group commit);
        # the store's own calls are left as they are (a lone command's line: cmdfile.py)
        def run(calls: Any) -> Any:
            written: list[int] = []  # versions of the room written in this group
            for fn, _, kw in calls:
                kinds[fn.__name__] = kinds.get(fn.__name__, 0) + 1
                if room_box and kw.get("name") == room_box[0].name:
                    room = room_box[0]
                    assert room.game is not None
                    # (the write's own version: a connection that goes meanwhile moves the
                    # room's version, not its position)
                    live[kw["version"]] = room.game.to_position()
                    written.append(kw["version"])
            out = group(calls)
            for version in written:
                if version % 4:
                    continue  # every 4th write (4 and 7 are coprime: every offset after a
                    # checkpoint)
                # what a restart loads: the writing connection folds its command file first
                stored = load_room(hub.store, room_box[0].name)
                assert stored is not None
                if stored.game != live[version] or stored.version != version:
                    mismatches.append(version)
            return out

        return run

    hub.store.group = committed(hub.store.group)  # type: ignore[attr-defined]
    try:
        room = await _bots_room(hub, "cp", policies, options)
        assert room.preset == preset
        room_box.append(room)
        room.plan_bots()
        await _until_over(room)
        assert not mismatches, mismatches[:5]
        # most commands were stored alone, and checkpoints came at least every 7
        assert kinds["save_command"] > 5 * kinds["save"] > 0
        assert len(live) > 50
        # the game's end is a checkpoint: the room's last version, stored with no tail (waited
        # for first: the audit below read the history while the last commands were still being
        # written, and missed version 2313 in a fresh-clone CI run)
        final = await _stored_end(reader, "cp", room)
        assert final.tail == []
        assert final.game == room.game.to_position()
        # the audit view rebuilds the position after every command from the checkpoints
        audit = {c["version"]: c["position"] for c in history(reader, "cp")}
        for version, position in live.items():
            assert audit[version] == position, version
    finally:
        reader.close()
        await hub.stop()

    # a restart between two checkpoints: the same room, the same position and version
    hub2 = Hub(Settings(db=db, bot_delay=0, game_seed=3, checkpoint_every=7))
    await hub2.start()
    try:
        again = hub2.rooms.get("cp")
        assert again is None or again.game is not None  # a finished bots' room may be dropped
    finally:
        await hub2.stop()


async def test_restart_and_a_failed_write_between_checkpoints(tmp_path: Path) -> None:
    db = tmp_path / "r.db"
    settings = Settings(db=db, bot_delay=0, game_seed=5, checkpoint_every=1000)
    hub = Hub(settings)
    await hub.start()
    try:
        room = await _bots_room(hub, "mid", ["random", "greedy", "random"], [])
        await bots_played(room, past=40)
        assert room.game is not None and not room.game.over
        assert len(room.journal.tail) > 30  # all stored as commands alone since /start
        before = room.game.to_position()
        version = room.version

        # a game command whose write fails: back to the stored state, from memory
        good = hub.store.save_command

        def broken(**kw: Any) -> None:
            raise sqlite3.OperationalError("disk I/O error")

        hub.store.save_command = broken  # type: ignore[method-assign]
        await bots_played(room, 0.3)
        assert room.game.to_position() == before and room.version == version
        hub.store.save_command = good  # type: ignore[method-assign]
    finally:
        await hub.stop()

    # the restart applies the stored commands to the checkpoint: exactly the same room
    hub2 = Hub(settings)
    await hub2.start()
    try:
        again = hub2.rooms["mid"]
        assert again.game is not None and again.game.to_position() == before
        assert again.version == version
        assert again.journal.tail_before > 30
        # it plays on: the next commands are stored after the old tail
        watcher = _conn()
        await hub2.room_for("mid", watcher)
        await again.attach(watcher, "Watcher", None)  # keeps the finished room
        again.plan_bots()
        await _until_over(again)
        reader = Store(db)
        try:
            stored = await _stored_end(reader, "mid", again)
        finally:
            reader.close()
        assert stored.game == again.game.to_position()
    finally:
        await hub2.stop()


async def test_a_stored_command_that_does_not_apply_skips_the_room(tmp_path: Path) -> None:
    db = tmp_path / "bad.db"
    store = Store(db)
    try:
        pos = Game.new("classic", ["Ann", "Bob", "Cy"], 2).to_position()
        store.save(name="bad", version=2, game_no=1, options={}, game=pos, last_result=None,
                   seats=[{"name": n, "token_hash": "h"} for n in ("Ann", "Bob", "Cy")],
                   command=(0, "/start"), log=[])
        store.save_command(name="bad", version=3, game_no=1, seat=1, text="/plant", log="[]")
        with pytest.raises(ValueError, match="does not apply"):
            load_room(store, "bad")
        assert [s.name for s in load_rooms(store)] == []  # skipped with a warning
    finally:
        store.close()


OLD_SCHEMA = """
CREATE TABLE rooms (name TEXT PRIMARY KEY, created REAL NOT NULL, version INTEGER NOT NULL,
    game_no INTEGER NOT NULL DEFAULT 0, options TEXT NOT NULL, seats TEXT NOT NULL, game TEXT,
    last_result TEXT);
CREATE TABLE commands (id INTEGER PRIMARY KEY AUTOINCREMENT, room TEXT NOT NULL,
    version INTEGER NOT NULL, game_no INTEGER NOT NULL, seat INTEGER, text TEXT NOT NULL,
    position TEXT, log TEXT NOT NULL, ts REAL NOT NULL);
"""


def test_a_database_of_the_older_version_loads(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    pos = Game.new("classic", ["Ann", "Bob", "Cy"], 9).to_position()
    old = sqlite3.connect(db)
    old.executescript(OLD_SCHEMA)
    seats = json.dumps([{"name": n, "token_hash": "h"} for n in ("Ann", "Bob", "Cy")])
    old.execute("INSERT INTO rooms VALUES ('old', 0, 4, 1, '{}', ?, ?, NULL)",
                (seats, json.dumps(pos)))
    old.execute("INSERT INTO commands (room, version, game_no, seat, text, position, log, ts)"
                " VALUES ('old', 4, 1, 0, '/start', ?, '[]', 0)", (json.dumps(pos),))
    old.commit()
    old.close()
    store = Store(db)
    try:
        stored = load_room(store, "old")
        assert stored is not None and stored.game == pos and stored.version == 4
        assert stored.tail == []
        assert [c["position"] for c in history(store, "old")] == [pos]
    finally:
        store.close()


async def test_the_log_is_copied_back_off_the_event_loop_and_started_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's connection never checkpoints (wal_autocheckpoint 0); the checkpoint
    thread copies the write-ahead log back, and a log that grew past its bound is started
    over between two writes (the database thread)."""
    from bohnanza.server.checkpointer import Checkpointer

    monkeypatch.setattr(Checkpointer, "interval", 0.05)
    monkeypatch.setattr(Checkpointer, "idle_cut", 0.1)
    monkeypatch.setattr(Checkpointer, "restart_bytes", 40 * 4096)
    db = tmp_path / "w.db"
    hub = Hub(Settings(db=db, game_seed=1))
    await hub.start()
    try:
        assert hub.store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        wal = Path(str(db) + "-wal")
        restarts: list[int] = []
        real = hub.store.checkpoint

        def counted(mode: str = "PASSIVE") -> tuple[int, int, int]:
            restarts.append(1)
            return real(mode)

        hub.store.checkpoint = counted  # type: ignore[method-assign]
        for i in range(300):  # writes that never pause for long
            await hub.queue.call(hub.store.save_chat, "w", {"name": "a", "seat": None,
                                                    "text": "x" * 2000, "ts": float(i)})
            if i % 20 == 0:
                await asyncio.sleep(0.06)
        for _ in range(100):
            if restarts and wal.stat().st_size == 0:
                break
            await asyncio.sleep(0.05)
        assert restarts, "the long log was started over"
        assert wal.stat().st_size == 0  # copied back and cut (TRUNCATE)
        # everything written is in the database file itself now
        other = sqlite3.connect(db)
        try:
            assert other.execute("SELECT COUNT(*) FROM chat").fetchone()[0] == 300
        finally:
            other.close()
    finally:
        await hub.stop()
