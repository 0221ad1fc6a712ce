"""A lone game command keeps the store's read transaction open for the next one
(``SQLiteStore.save_command``: fewer locks per commit, issue 14), and nothing else changes for
anyone: another connection sees each command once it is stored and may write meanwhile (the
next command is made again on a fresh snapshot: ``SQLITE_BUSY_SNAPSHOT``), every other store
call reads the latest rows, and a checkpoint copies the whole log back, so that the log starts
over (``Checkpointer``, on the server's own connection)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from bohnanza.server.checkpointer import Checkpointer
from bohnanza.server.hub import Hub
from bohnanza.server.settings import Settings
from bohnanza.server.sqlite import SQLiteStore

LOG = '[{"all":{"kind":"plant","text":"P1 plants a Blue."}}]'


def _line(text: str) -> str:
    return json.dumps({"name": "Ann", "seat": 0, "text": text, "ts": 1.0})


def _command(store: SQLiteStore, version: int, room: str = "r") -> None:
    store.group([(store.save_command, (), {"name": room, "version": version, "game_no": 1,
                                           "seat": 0, "text": "/plant", "log": LOG})])


def _count(con: sqlite3.Connection, table: str = "commands") -> int:
    return int(con.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def test_another_connection_reads_and_writes_between_lone_commands(tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    store = SQLiteStore(db, autocheckpoint=False)
    other = sqlite3.connect(db, isolation_level=None)
    try:
        store.wait_for_locks(False)  # the server's inline writes never wait
        for v in range(1, 4):
            _command(store, v)
            assert _count(other) == v  # committed: seen at once by another connection
        # another connection commits between two lone commands: the next one is stored too
        other.execute("INSERT INTO chat (room, line) VALUES ('r', ?)", (_line("hi"),))
        _command(store, 4)
        other.execute("UPDATE rooms SET version = 9 WHERE name = 'none'")
        _command(store, 5)
        assert [r[0] for r in other.execute("SELECT version FROM commands ORDER BY id")] == [
            1, 2, 3, 4, 5]
        # the store's own reads see the other connection's rows after its lone commands
        other.execute("INSERT INTO chat (room, line) VALUES ('r', ?)", (_line("again"),))
        _, chat = store.recent("r")
        assert [c["text"] for c in chat] == ["hi", "again"]
    finally:
        other.close()
        store.close()


def test_a_checkpoint_after_lone_commands_copies_the_whole_log(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    store = SQLiteStore(db, autocheckpoint=False)
    try:
        for v in range(1, 41):
            _command(store, v, f"room-{v % 5}")
        busy, frames, copied = store.checkpoint("PASSIVE")
        assert busy == 0 and frames > 0 and copied == frames
        # the log starts over: the next command's frames are at its start
        _command(store, 41)
        assert store.checkpoint("PASSIVE")[1] < frames
    finally:
        store.close()


async def test_the_checkpointer_copies_the_log_back_and_cuts_it_when_idle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "h.db"
    monkeypatch.setattr(Checkpointer, "interval", 0.05)
    monkeypatch.setattr(Checkpointer, "idle_cut", 0.1)
    hub = Hub(Settings(db=db, game_seed=1))
    await hub.start()
    wal = Path(f"{db}-wal")
    try:
        for v in range(1, 201):
            await hub.queue.write(hub.store.save_command, name="w", version=v, game_no=1,
                                  seat=0, text="/plant", log=LOG)
            if v % 20 == 0:
                await asyncio.sleep(0.06)
        for _ in range(100):  # idle: copied back and cut
            if wal.stat().st_size == 0:
                break
            await asyncio.sleep(0.05)
        assert wal.stat().st_size == 0
        other = sqlite3.connect(db)
        try:
            assert _count(other) == 200
        finally:
            other.close()
    finally:
        await hub.stop()


def test_a_store_that_checkpoints_itself_keeps_no_read_open(tmp_path: Path) -> None:
    """With ``autocheckpoint`` on (``synchronous`` FULL, scripts) nothing calls the store to
    end a kept read: none is kept, and another connection's checkpoint copies the whole log."""
    db = tmp_path / "a.db"
    store = SQLiteStore(db)
    other = sqlite3.connect(db, isolation_level=None)
    try:
        for v in range(1, 41):
            _command(store, v, f"room-{v % 5}")
        busy, frames, copied = other.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert busy == 0 and frames > 0 and copied == frames
    finally:
        other.close()
        store.close()
