"""Between two copies of the write-ahead log back into the database, the ``Checkpointer`` syncs
the log to the disk at every tick in which something was written (``synchronous`` NORMAL):
each answered command is followed within a tick by an ``fdatasync`` of the log's own file (a
sync still running at a tick is followed by another as soon as it ends), as when the log was
copied back at every tick, so a power cut takes only the commands of the last tick and the
sync on its way (settings.py, design.md section 7); the copy itself runs every
``copy_every`` seconds, or sooner when the log's file grows past ``copy_bytes`` (a file kept
at ``journal_size_limit`` after a long log started over is no reason), and after
``idle_cut`` seconds without a write (not between a table's commands); with ``synchronous``
OFF nothing is synced. A real server's store on disk, its real ticks (their length
shortened); the syncs are the real ones, watched."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import cast

import pytest

from bohnanza.server import checkpointer, sqlite
from bohnanza.server.checkpointer import Checkpointer, sync_file
from bohnanza.server.hub import Hub
from bohnanza.server.settings import Settings
from bohnanza.server.sqlite import SQLiteStore

LOG = '[{"all":{"kind":"plant","text":"P1 plants a Blue."}}]'


class Calls:
    """The syncs (when each began and ended, the inode it synced) and the copies back."""

    def __init__(self) -> None:
        self.syncs: list[tuple[float, float, int]] = []  # (began, ended, inode)
        self.started: list[float] = []  # when each began, as it begins
        self.copies: list[tuple[float, str]] = []
        self.ticks: list[float] = []  # when each tick of the checkpointer ran
        self.lock = threading.Lock()

    def began(self) -> list[float]:
        with self.lock:
            return list(self.started)

    def ticks_between(self, a: float, b: float) -> int:
        """How many ticks ran between ``a`` and ``b``: "within a tick" counted in ticks,
        which a loaded machine stretches as it stretches the work between them (in seconds,
        0.25 s for 5 ticks was missed under load: 0.26 to 0.47 s)."""
        return sum(1 for x in self.ticks if a < x < b)


def _watch(monkeypatch: pytest.MonkeyPatch, hub: Hub, calls: Calls, pause: float = 0.0) -> None:
    """Record every ``fdatasync`` of the checkpointer (the real one, returning ``pause`` s
    late) and every copy back."""
    real_sync = checkpointer._fdatasync

    def fdatasync(fd: int) -> None:
        began = time.monotonic()
        with calls.lock:
            calls.started.append(began)
        real_sync(fd)
        time.sleep(pause)  # a slow disk: the sync returns late
        with calls.lock:
            calls.syncs.append((began, time.monotonic(), os.fstat(fd).st_ino))

    monkeypatch.setattr(checkpointer, "_fdatasync", fdatasync)
    store = cast(SQLiteStore, hub.store)
    real_copy = store.checkpoint

    def copy(mode: str = "PASSIVE") -> tuple[int, int, int]:
        calls.copies.append((time.monotonic(), mode))
        return real_copy(mode)

    store.checkpoint = copy  # type: ignore[method-assign]


async def _started(monkeypatch: pytest.MonkeyPatch, settings: Settings, pause: float = 0.0
                   ) -> tuple[Hub, Calls]:
    """A hub started on ``settings``, ticking every 0.05 s (cut after 0.1 s idle), its syncs
    (returning ``pause`` s late) and copies watched from before its first tick (one interval
    away)."""
    monkeypatch.setattr(Checkpointer, "interval", 0.05)
    monkeypatch.setattr(Checkpointer, "idle_cut", 0.1)
    hub = Hub(settings)
    calls = Calls()
    real_tick = Checkpointer._tick

    def tick(self: Checkpointer) -> None:
        calls.ticks.append(time.monotonic())
        real_tick(self)

    monkeypatch.setattr(Checkpointer, "_tick", tick)
    await hub.start()
    _watch(monkeypatch, hub, calls, pause)
    return hub, calls


async def _until_a_sync_began(calls: Calls) -> None:
    deadline = time.monotonic() + 10  # (the next tick: later on a loaded machine)
    while not calls.began():
        assert time.monotonic() < deadline, "no sync began"
        await asyncio.sleep(0.01)


async def _until(holds: Callable[[], bool], what: str, within: float = 10) -> None:
    """Wait until ``holds()`` (what the checkpointer's thread does comes a few ticks on:
    later on a loaded machine than any fixed wait)."""
    deadline = time.monotonic() + within
    while not holds():
        assert time.monotonic() < deadline, what
        await asyncio.sleep(0.02)


async def _write(hub: Hub, version: int, room: str = "w") -> float:
    """One game command stored as the room stores it; when it was answered (committed)."""
    await hub.queue.write(hub.store.save_command, name=room, version=version, game_no=1,
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
    monkeypatch.setattr(Checkpointer, "copy_every", 0.6)
    db = tmp_path / "s.db"
    hub, calls = await _started(monkeypatch, Settings(db=db, game_seed=1))  # NORMAL
    # idle cut after 1 s, not 0.1: a loaded machine stalls the writes below (0.02 s apart)
    # for longer now and then, and an idle TRUNCATE between them put the copy_every copy off
    monkeypatch.setattr(Checkpointer, "idle_cut", 1.0)
    wal = Path(f"{db}-wal")
    try:
        answered: list[float] = []
        t0 = time.monotonic()
        for v in range(1, 31):
            answered.append(await _write(hub, v))
            await asyncio.sleep(0.02)

        def last_synced() -> bool:  # the last command's syncs (the log's, the file's) began
            with calls.lock:
                inodes = {i for b, _, i in calls.syncs if b >= answered[-1]}
            return wal.stat().st_ino in inodes and len(inodes) >= 2

        await _until(last_synced, "the last answered command was never synced")
        # each answered command: a sync of the log itself and one of the command file (where
        # a lone command's line is, cmdfile.py) began after it, within a few ticks, and ended
        # (the command file is a new one after each tick's turn: every other inode is one)
        inode = wal.stat().st_ino
        assert calls.syncs and inode in {i for _, _, i in calls.syncs}
        for t in answered:
            for log_too in (True, False):
                later = [(b, e) for b, e, i in calls.syncs if b >= t and (i == inode) == log_too]
                assert later and calls.ticks_between(t, later[0][0]) <= 4, \
                    "an answered command was not synced within a few ticks"
                assert later[0][1] >= later[0][0]
        # copied back far less often than synced: every copy_every seconds (the first
        # after 0.6 s), never at every tick
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


async def test_at_a_table_s_pace_the_log_is_not_copied_back_after_each_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Commands a few ticks apart (idle ticks between them): each is synced, none makes a
    copy; the log is copied back and cut once the store has been idle for ``idle_cut``."""
    db = tmp_path / "p.db"
    hub, calls = await _started(monkeypatch, Settings(db=db, game_seed=1))
    # (1.5 s: far past the 0.15 s between two commands, which a loaded machine stretches)
    monkeypatch.setattr(Checkpointer, "idle_cut", 1.5)
    monkeypatch.setattr(Checkpointer, "copy_every", 1000.0)
    try:
        answered = []
        for v in range(1, 9):  # one command every 0.15 s: two idle ticks between them
            answered.append(await _write(hub, v))
            await asyncio.sleep(0.15)
        assert calls.copies == [], "copied back while the table was playing"
        # idle past idle_cut: copied back and cut (the copy is counted as it begins: its
        # end, the file cut, is awaited too)
        await _until(lambda: bool(calls.copies) and Path(f"{db}-wal").stat().st_size == 0,
                     "never copied back and cut when idle")
        for t in answered[:-1]:
            assert any(b >= t and calls.ticks_between(t, b) <= 4 for b in calls.began())
        assert [m for _, m in calls.copies] == ["TRUNCATE"]
        assert Path(f"{db}-wal").stat().st_size == 0
    finally:
        await hub.stop()


async def test_a_command_answered_while_a_sync_runs_gets_the_next_one_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sync slower than the tick: the command answered meanwhile is synced by another sync
    begun when that one ends, though nothing is written after it."""
    monkeypatch.setattr(Checkpointer, "copy_every", 1000.0)
    # (a second: the command below is answered while it runs, on a loaded machine too)
    hub, calls = await _started(monkeypatch, Settings(db=tmp_path / "r.db", game_seed=1),
                                pause=1.0)
    try:
        await _write(hub, 1)
        await _until_a_sync_began(calls)
        await asyncio.sleep(0.05)
        await _write(hub, 2)  # answered while that sync runs; nothing written after it
        assert len(calls.began()) == 1 and calls.syncs == []  # (still running)

        def after_it() -> list[float]:
            """The syncs begun after the running one (the log's fdatasync, then the command
            file's: cmdfile.py) ended."""
            with calls.lock:
                if len(calls.syncs) < 2:
                    return []
                running_end = calls.syncs[1][1]
            return [b for b in calls.began() if b >= running_end]

        deadline = time.monotonic() + 10  # (about 2 s: later on a loaded machine)
        while not after_it() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        running_end = calls.syncs[1][1]
        later = after_it()
        assert later, "the command answered during a sync was never synced"
        # at the end of the running one: begun by it, not by a tick (nothing was written)
        assert calls.ticks_between(running_end, later[0]) <= 1
    finally:
        await hub.stop()


async def test_a_long_log_is_copied_back_before_copy_every_and_a_kept_file_is_no_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past ``copy_bytes`` the log is copied back at once; once it has started over, its file
    keeps ``journal_size_limit`` bytes, and small writes then copy nothing until
    ``copy_every``."""
    limit = 256 * 1024
    monkeypatch.setattr(sqlite, "WAL_SIZE_LIMIT", limit)  # read when the store opens
    monkeypatch.setattr(Checkpointer, "copy_every", 1000.0)
    monkeypatch.setattr(Checkpointer, "copy_bytes", 2 * limit)
    db = tmp_path / "l.db"
    hub, calls = await _started(monkeypatch, Settings(db=db, game_seed=1))
    # no idle cut either (0.1 s from _started): a loaded machine stalls the writes below for
    # longer now and then, and the idle TRUNCATE came in (2 of 3 runs at a load of 12); a copy
    # here is then copy_bytes' alone
    monkeypatch.setattr(Checkpointer, "idle_cut", 1000.0)
    wal = Path(f"{db}-wal")
    t0 = time.monotonic()
    try:
        for i in range(80):  # 80 rows of 4 KB (two pages each): a log past 2 x 256 KB
            await hub.queue.call(hub.store.save_chat, "w", {"name": "a", "seat": None,
                                                            "text": "x" * 4000, "ts": float(i)})
        for v in range(1, 16):  # small writes (never idle for a tick): the long log is
            await _write(hub, v)  # copied back and starts over, its file cut to the limit
            await asyncio.sleep(0.02)
        await _until(lambda: bool(calls.copies), "never copied back past copy_bytes")
        v = 16
        for _ in range(500):  # (a loaded machine: more small writes until it starts over)
            if wal.stat().st_size <= limit:
                break
            await _write(hub, v)
            v += 1
            await asyncio.sleep(0.02)
        assert wal.stat().st_size <= limit, "the log never started over"
        assert {m for _, m in calls.copies} == {"PASSIVE"}
        assert calls.copies[0][0] - t0 < Checkpointer.copy_every, \
            "copied back past copy_bytes, before copy_every"
        copies = len(calls.copies)
        for more in range(v, v + 20):  # more small writes (a log under 2 x 256 KB), the
            await _write(hub, more)  # file at its kept size
            assert wal.stat().st_size >= limit
            await asyncio.sleep(0.02)
        assert len(calls.copies) == copies, "a file kept at journal_size_limit made copies"
        assert len(calls.syncs) >= 5  # synced all the while
    finally:
        await hub.stop()


async def test_the_log_synced_is_the_real_one_when_the_path_is_a_symbolic_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tmp_path / "real"
    real.mkdir()
    sqlite3.connect(real / "k.db").close()  # the database file, and a link to it elsewhere
    (tmp_path / "link.db").symlink_to(real / "k.db")
    hub, calls = await _started(monkeypatch, Settings(db=tmp_path / "link.db", game_seed=1))
    try:
        for v in range(1, 6):
            await _write(hub, v)
            await asyncio.sleep(0.03)
        inode = (real / "k.db-wal").stat().st_ino
        await _until(lambda: inode in {i for _, _, i in calls.syncs}, "the real log not synced")
        assert (real / "k.db-commands").exists()  # the command file beside it (cmdfile.py)
        assert not (tmp_path / "link.db-commands").exists()
        assert calls.syncs and inode in {i for _, _, i in calls.syncs}
    finally:
        await hub.stop()


async def test_stopping_waits_for_the_sync_on_its_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub, calls = await _started(monkeypatch, Settings(db=tmp_path / "t.db", game_seed=1),
                                pause=0.3)
    await _write(hub, 1)
    await _until_a_sync_began(calls)
    assert calls.began() and calls.syncs == []  # one on its way
    await hub.stop()
    # it ended before stop returned (the store closed after): the command file's sync and
    # the log's
    assert len(calls.syncs) == 2


async def test_with_synchronous_off_nothing_is_synced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Checkpointer, "copy_every", 0.3)
    hub, calls = await _started(
        monkeypatch, Settings(db=tmp_path / "o.db", game_seed=1, sqlite_synchronous="OFF"))
    try:
        for v in range(1, 21):
            await _write(hub, v)
            await asyncio.sleep(0.03)
        # still copied back (copy_every)
        await _until(lambda: any(mode == "PASSIVE" for _, mode in calls.copies), "no copy")
        assert calls.syncs == []
    finally:
        await hub.stop()
