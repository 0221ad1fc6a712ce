"""A group of several rooms' game commands (R = 100: one ``INSERT`` of all their rows,
``SQLiteStore._many``) keeps the store's read transaction open for the next write, as a lone
command does (``save_command``; issue 14: the next commit takes the log's write lock only),
and nothing else changes for anyone: another connection sees the rows once they are stored and
may write meanwhile (the next group is made again on a fresh snapshot), every other store call
reads the latest rows, and the store's own checkpoint still copies the whole log back."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from bohnanza.server.dbqueue import DbQueue
from bohnanza.server.sqlite import SQLiteStore

LOG = '[{"all":{"kind":"plant","text":"P1 plants a Blue."}}]'


def _group(store: SQLiteStore, version: int, rooms: list[str]) -> None:
    out = store.group([(store.save_command, (), {
        "name": room, "version": version, "game_no": 1, "seat": 0, "text": f"/plant {room}",
        "log": LOG}) for room in rooms])
    assert out == [(True, None)] * len(rooms)


def _rooms(con: sqlite3.Connection) -> list[tuple[str, int]]:
    return [(str(r[0]), int(r[1])) for r in con.execute(
        "SELECT room, version FROM commands ORDER BY id")]


def _log_held(con: sqlite3.Connection) -> bool:
    """Whether a reader holds the write-ahead log (a TRUNCATE checkpoint that does not wait
    for readers reports busy)."""
    con.execute("PRAGMA busy_timeout=0")
    return int(con.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]) == 1


def test_a_group_of_commands_keeps_the_read_and_another_connection_goes_on(
    tmp_path: Path,
) -> None:
    db = tmp_path / "m.db"
    store = SQLiteStore(db, autocheckpoint=False)
    other = sqlite3.connect(db, isolation_level=None)
    try:
        store.wait_for_locks(False)  # the server's inline writes never wait
        _group(store, 1, ["a", "b", "c"])
        assert _rooms(other) == [("a", 1), ("b", 1), ("c", 1)]  # committed: seen at once
        assert _log_held(other)  # the store's read is kept after the group
        # another connection commits between two groups: the next one is stored too
        other.execute("INSERT INTO chat (room, line) VALUES ('a', '{\"text\": \"hi\"}')")
        _group(store, 2, ["a", "b"])
        other.execute("UPDATE rooms SET version = 9 WHERE name = 'none'")
        _group(store, 3, ["c", "a"])
        assert _rooms(other) == [("a", 1), ("b", 1), ("c", 1), ("a", 2), ("b", 2), ("c", 3),
                                 ("a", 3)]
        assert _log_held(other)
        # the store's own reads end the kept read and see the other connection's rows
        _, chat = store.recent("a")
        assert chat == [{"text": "hi"}]
        assert not _log_held(other)
        # a lone command after a group goes on with the kept read; the checkpoint ends it
        _group(store, 4, ["b", "c"])
        _group(store, 5, ["b"])
        assert _log_held(other)
        busy, frames, copied = store.checkpoint("PASSIVE")
        assert busy == 0 and copied == frames
        assert not _log_held(other)
        assert [r.version for r in store.command_rows("b")] == [1, 2, 4, 5]
    finally:
        other.close()
        store.close()


def test_a_refused_row_after_a_stale_read_fails_alone(tmp_path: Path) -> None:
    """A group made again on a fresh snapshot (another connection committed meanwhile) whose
    row is refused (a NULL text) is made one by one: the refused one fails alone."""
    db = tmp_path / "r.db"
    store = SQLiteStore(db, autocheckpoint=False)
    other = sqlite3.connect(db, isolation_level=None)
    try:
        store.wait_for_locks(False)
        _group(store, 1, ["a", "b"])
        other.execute("INSERT INTO chat (room, line) VALUES ('a', '{}')")
        out = store.group([(store.save_command, (), {
            "name": room, "version": 2, "game_no": 1, "seat": 0, "text": text, "log": LOG})
            for room, text in (("a", "/plant"), ("b", None), ("c", "/plant"))])
        assert [ok for ok, _ in out] == [True, False, True]
        assert _rooms(other) == [("a", 1), ("b", 1), ("a", 2), ("c", 2)]
        assert not store.db.in_transaction
    finally:
        other.close()
        store.close()


async def test_a_passive_checkpoint_sets_no_busy_timeout_a_truncate_waits(
    tmp_path: Path,
) -> None:
    """The ``Checkpointer``'s PASSIVE checkpoint (SQLite calls no busy handler for it) is made
    on the database thread without setting the busy timeout and back; a TRUNCATE one (which
    waits for readers) still sets it around itself; both copy the log back."""
    db = tmp_path / "c.db"
    store = SQLiteStore(db, autocheckpoint=False)
    store.wait_for_locks(False)  # the server's inline writes never wait
    reader = SQLiteStore(db)
    queue = DbQueue(store, reader, inline=True)
    seen: list[str] = []
    store.db.set_trace_callback(seen.append)
    try:
        for mode in ("PASSIVE", "TRUNCATE"):
            seen.clear()
            await queue.write(store.save_command, name="r", version=1, game_no=1, seat=0,
                              text="/plant", log=LOG)
            queue.checkpoint_now(mode)
            for _ in range(500):  # the checkpoint made on the database thread
                if not queue._queued:
                    break
                await asyncio.sleep(0.01)
            pragmas = [s for s in seen if s.startswith("PRAGMA")]
            assert f"PRAGMA wal_checkpoint({mode})" in pragmas
            busy = [s for s in pragmas if s.startswith("PRAGMA busy_timeout")]
            assert busy == ([] if mode == "PASSIVE" else
                            ["PRAGMA busy_timeout=1000", "PRAGMA busy_timeout=0"]), pragmas
        assert Path(f"{db}-wal").stat().st_size == 0  # cut by the TRUNCATE
    finally:
        queue.close()


def test_a_lone_game_command_is_its_row_from_its_keywords(tmp_path: Path) -> None:
    """A game command alone in its group (R = 20) is stored from ``save_command``'s keywords
    by the group itself (``_autocommit``: no call of ``save_command``), the row as
    ``save_command`` stores it; a store whose ``save_command`` is its own (a subclass, another
    function) is called as before, and so is one given other keywords."""
    seen: list[str] = []

    def calls(frame: Any, event: str, _: Any) -> None:
        if event == "call":
            seen.append(frame.f_code.co_name)

    class Own(SQLiteStore):
        def save_command(self, **kw: Any) -> None:
            raise RuntimeError("its own")

    store = SQLiteStore(tmp_path / "l.db", autocheckpoint=False)
    own = Own(tmp_path / "o.db")
    try:
        sys.setprofile(calls)
        try:
            _group(store, 3, ["a"])
        finally:
            sys.setprofile(None)
        assert "_autocommit" in seen and "save_command" not in seen
        store.save_command(name="b", version=4, game_no=1, seat=0, text="/plant b", log=LOG)
        rows = store.db.execute("SELECT id, room, version, game_no, seat, text, position, log"
                                " FROM commands ORDER BY id").fetchall()
        assert rows == [(1, "a", 3, 1, 0, "/plant a", None, LOG),
                        (2, "b", 4, 1, 0, "/plant b", None, LOG)]
        with pytest.raises(RuntimeError, match="its own"):
            _group(own, 1, ["a"])
        with pytest.raises(TypeError):
            store.group([(store.save_command, (), {"name": "c", "version": 5, "game_no": 1,
                                                   "seat": 0, "text": "/plant"})])
    finally:
        store.close()
        own.close()
