"""Between two copies of the write-ahead log back into the database, the ``Checkpointer`` syncs
the log to the disk at every tick in which something was written (``synchronous`` NORMAL):
every command answered before a tick is on the disk once its sync ends, as when the log was
copied back at every tick, so a power cut still takes at most ``interval`` seconds of
answered commands (settings.py, design.md section 7); the copy itself runs every
``copy_every`` seconds, or sooner when the log is ``copy_frames`` pages long; with
``synchronous`` OFF nothing is synced. A real server's store on disk, its real ticks (their
length shortened)."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from pathlib import Path
from typing import cast

import pytest

from bohnanza.server import checkpointer
from bohnanza.server.checkpointer import Checkpointer, sync_file
from bohnanza.server.hub import Hub
from bohnanza.server.settings import Settings
from bohnanza.server.sqlite import SQLiteStore

LOG = '[{"all":{"kind":"plant","text":"P1 plants a Blue."}}]'


class Calls:
    """The real syncs and checkpoints, each with when it began and the log's size then."""

    def __init__(self) -> None:
        self.syncs: list[tuple[float, int]] = []
        self.copies: list[tuple[float, str]] = []


def _watch(monkeypatch: pytest.MonkeyPatch, hub: Hub, calls: Calls) -> None:
    real_sync = checkpointer.sync_file

    def sync(path: str) -> bool:
        calls.syncs.append((time.monotonic(), os.stat(path).st_size))
        return real_sync(path)

    monkeypatch.setattr(checkpointer, "sync_file", sync)
    store = cast(SQLiteStore, hub.store)
    real_copy = store.checkpoint

    def copy(mode: str = "PASSIVE") -> tuple[int, int, int]:
        calls.copies.append((time.monotonic(), mode))
        return real_copy(mode)

    store.checkpoint = copy  # type: ignore[method-assign]


async def _write(hub: Hub, version: int) -> float:
    """One game command stored as the room stores it; when it was answered (committed)."""
    await hub.queue.write(hub.store.save_command, name="w", version=version, game_no=1,
                          seat=0, text="/plant", log=LOG)
    return time.monotonic()


def test_sync_file_syncs_a_file_and_says_when_there_is_none(tmp_path: Path) -> None:
    f = tmp_path / "x-wal"
    f.write_bytes(b"frames")
    assert sync_file(str(f)) is True
    assert f.read_bytes() == b"frames"  # read only: nothing written
    assert sync_file(str(tmp_path / "none-wal")) is False


async def test_every_answered_command_is_synced_within_a_tick_and_copied_back_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Checkpointer, "interval", 0.05)
    monkeypatch.setattr(Checkpointer, "copy_every", 0.6)
    db = tmp_path / "s.db"
    hub = Hub(Settings(db=db, game_seed=1))  # synchronous NORMAL, the default
    calls = Calls()
    await hub.start()
    _watch(monkeypatch, hub, calls)  # (before the first tick: one interval away)
    wal = Path(f"{db}-wal")
    try:
        answered: list[float] = []
        t0 = time.monotonic()
        for v in range(1, 31):
            answered.append(await _write(hub, v))
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.3)
        # each answered command: a sync of the log began after it, within a few ticks
        for t in answered:
            later = [s for s, _ in calls.syncs if s >= t]
            assert later and later[0] - t < 0.25, "an answered command was not synced"
        # the log was synced with its frames in it, and copied back far less often than it
        # was synced: every copy_every seconds (the first after 0.6 s), never at every tick
        assert all(size > 0 for _, size in calls.syncs)
        passive = [t for t, mode in calls.copies if mode == "PASSIVE"]
        assert passive, "the log was copied back within copy_every"
        assert passive[0] - t0 >= 0.6 - 0.06
        assert len(calls.syncs) > 3 * len(passive)
        # idle: copied back and cut, as before; every command is in the database file
        for _ in range(100):
            if wal.stat().st_size == 0:
                break
            await asyncio.sleep(0.05)
        assert wal.stat().st_size == 0
        assert calls.copies[-1][1] == "TRUNCATE"
        other = sqlite3.connect(db)
        try:
            assert other.execute("SELECT COUNT(*) FROM commands").fetchone()[0] == 30
        finally:
            other.close()
    finally:
        await hub.stop()


async def test_a_long_log_is_copied_back_before_copy_every(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Checkpointer, "interval", 0.05)
    monkeypatch.setattr(Checkpointer, "copy_every", 1000.0)
    monkeypatch.setattr(Checkpointer, "copy_frames", 8)  # pages
    db = tmp_path / "l.db"
    hub = Hub(Settings(db=db, game_seed=1))
    calls = Calls()
    await hub.start()
    _watch(monkeypatch, hub, calls)  # (before the first tick: one interval away)
    try:
        for v in range(1, 41):
            await _write(hub, v)
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.2)
        assert any(mode == "PASSIVE" for _, mode in calls.copies), \
            "a log past copy_frames was copied back"
    finally:
        await hub.stop()


async def test_with_synchronous_off_nothing_is_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Checkpointer, "interval", 0.05)
    monkeypatch.setattr(Checkpointer, "copy_every", 0.3)
    db = tmp_path / "o.db"
    hub = Hub(Settings(db=db, game_seed=1, sqlite_synchronous="OFF"))
    calls = Calls()
    await hub.start()
    _watch(monkeypatch, hub, calls)  # (before the first tick: one interval away)
    try:
        for v in range(1, 21):
            await _write(hub, v)
            await asyncio.sleep(0.03)
        await asyncio.sleep(0.2)
        assert calls.syncs == []
        assert any(mode == "PASSIVE" for _, mode in calls.copies)  # still copied back
    finally:
        await hub.stop()
