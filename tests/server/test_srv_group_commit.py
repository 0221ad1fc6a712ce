"""Group commit (issue 14): the writes of several rooms asked for within one turn of the event
loop are committed in one SQLite transaction (``DbQueue.write``, ``SQLiteStore.group``), and
nothing acknowledged is ever lost (design.md §7): a write's await returns only once it is
committed, so the command's reply is sent after it is stored; each room's writes keep their
order; a write that fails fails alone. Last, the real server (uvicorn, a SQLite file) killed
with ``kill -9`` right after two rooms' commands were answered keeps every one of them, in each
room's order."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bohnanza.server.dboutcomes import StorageFailure
from bohnanza.server.dbqueue import DbQueue
from bohnanza.server.sqlite import MANY, SQLiteStore

from .harness import Client, ServerProc, seat_players


def _queue(db: Path, inline: bool) -> tuple[DbQueue, SQLiteStore, list[int]]:
    """A queue on the file ``db`` (``inline``: synchronous NORMAL, else the database thread,
    as with FULL) and the sizes of the groups it commits."""
    store = SQLiteStore(db, synchronous="NORMAL" if inline else "FULL")
    if inline:
        store.wait_for_locks(False)
    reader = SQLiteStore(db)
    queue = DbQueue(store, reader, inline)
    sizes: list[int] = []
    group = store.group

    def counted(calls: Any) -> Any:
        sizes.append(len(calls))
        return group(calls)

    store.group = counted  # type: ignore[method-assign]
    return queue, reader, sizes


async def _write(queue: DbQueue, fn: Any, **kw: Any) -> Any:
    # a coroutine asking for the write when it runs (DbQueue.write asks at once)
    return await queue.write(fn, **kw)


async def _command(queue: DbQueue, room: str, version: int, seat: int) -> None:
    # a coroutine asking for the write when it runs (DbQueue.write asks at once)
    await queue.write(queue.store.save_command, name=room, version=version, game_no=1,
                       seat=seat, text=f"/want blue #{version}", log="[]")


@pytest.mark.parametrize("inline", [True, False], ids=["normal", "full"])
async def test_two_rooms_writes_share_a_transaction_each_room_in_order(
    tmp_path: Path, inline: bool
) -> None:
    queue, reader, sizes = _queue(tmp_path / "g.db", inline)
    seen: dict[str, list[int]] = {"east": [], "west": []}

    async def room(name: str, n: int) -> None:
        for v in range(1, n + 1):
            await _command(queue, name, v, v % 3)
            # committed once the await returns: another connection reads it
            seen[name].append(reader.command_rows(name)[-1].version)

    try:
        await asyncio.gather(room("east", 20), room("west", 20))
        for name in ("east", "west"):
            rows = reader.command_rows(name)
            assert [r.version for r in rows] == list(range(1, 21))
            assert [r.text for r in rows] == [f"/want blue #{v}" for v in range(1, 21)]
            assert seen[name] == list(range(1, 21))
        # each turn of the loop: one write of each room, in one transaction
        assert sizes == [2] * 20
    finally:
        queue.close()


async def test_a_write_that_fails_fails_alone(tmp_path: Path) -> None:
    queue, reader, sizes = _queue(tmp_path / "f.db", True)
    store = queue.store

    def broken() -> None:  # writes a row, then fails: the row is undone with it
        store.save_command(name="west", version=1, game_no=1, seat=0, text="/have red", log="[]")
        raise sqlite3.IntegrityError("no")

    try:
        results = await asyncio.gather(_command(queue, "east", 1, 0), _write(queue, broken),
                                       _command(queue, "east", 2, 1), return_exceptions=True)
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], StorageFailure)
        assert sizes == [3]
        assert [r.version for r in reader.command_rows("east")] == [1, 2]
        assert reader.command_rows("west") == []
    finally:
        queue.close()


async def test_a_call_asked_after_a_write_comes_after_it(tmp_path: Path) -> None:
    queue, _, sizes = _queue(tmp_path / "o.db", True)
    try:
        write = asyncio.create_task(_command(queue, "east", 1, 0))
        await asyncio.sleep(0)  # the write is asked for; its group is not made yet
        assert sizes == []
        rows = await queue.call(queue.store.command_rows, "east")
        assert [r.version for r in rows] == [1]
        await write
    finally:
        queue.close()


async def test_a_writer_resumes_in_its_commits_turn(tmp_path: Path) -> None:
    """The commit's turn of the event loop resumes its writers (the room then sends the
    command's frames at once): before anything asked of the loop after that turn began."""
    queue, _, sizes = _queue(tmp_path / "t.db", True)
    order: list[str] = []

    async def room() -> None:
        await _command(queue, "east", 1, 0)
        order.append("resumed")

    try:
        task = asyncio.create_task(room())
        await asyncio.sleep(0)  # the room's write is asked for: its group is made next turn
        assert sizes == []
        asyncio.get_running_loop().call_soon(order.append, "asked after")
        await task
        assert order == ["resumed", "asked after"]
        assert sizes == [1]
    finally:
        queue.close()



class _PyFutureLoop(asyncio.SelectorEventLoop):
    """An event loop whose futures are asyncio's Python ones (``asyncio.futures._PyFuture``,
    as on an interpreter without the ``_asyncio`` accelerator): their ``_callbacks`` is the
    future's own list, which ``remove_done_callback`` rewrites in place."""

    def create_future(self) -> asyncio.Future[Any]:
        return asyncio.futures._PyFuture(loop=self)  # type: ignore[attr-defined,no-any-return]


def test_writers_resume_on_a_loop_of_python_futures(tmp_path: Path) -> None:
    """The writers of one group resume in its commit's turn with Python futures too (taking
    their callbacks off emptied the list that was to run them: they never resumed, each
    room stuck with its lock held)."""
    loop = _PyFutureLoop()

    async def run() -> None:
        queue, reader, sizes = _queue(tmp_path / "p.db", True)
        resumed: list[str] = []

        async def room(name: str) -> None:
            await _command(queue, name, 1, 0)
            resumed.append(name)

        try:
            tasks = [asyncio.create_task(room(n)) for n in ("east", "west")]
            await asyncio.sleep(0)  # both writes asked for: their group is made next turn
            assert sizes == []
            await asyncio.sleep(0)  # the group's turn
            await asyncio.sleep(0)
            assert sizes == [2]
            assert resumed == ["east", "west"]
            await asyncio.gather(*tasks)
            assert [r.version for r in reader.command_rows("west")] == [1]
        finally:
            queue.close()

    try:
        loop.run_until_complete(run())
    finally:
        loop.close()

async def test_a_writer_cancelled_while_waiting_leaves_its_group_whole(tmp_path: Path) -> None:
    """A writer whose task is cancelled before its group is made: its write was asked for and
    is made; the others of its group resume with their results."""
    queue, reader, sizes = _queue(tmp_path / "c.db", True)
    resumed: list[int] = []

    async def room(name: str, version: int) -> None:
        await _command(queue, name, version, 0)
        resumed.append(version)

    try:
        first = asyncio.create_task(room("east", 1))
        second = asyncio.create_task(room("west", 1))
        await asyncio.sleep(0)
        first.cancel()
        await asyncio.gather(first, second, return_exceptions=True)
        assert first.cancelled()
        assert resumed == [1]
        assert sizes == [2]
        assert [r.version for r in reader.command_rows("east")] == [1]
        assert [r.version for r in reader.command_rows("west")] == [1]
    finally:
        queue.close()


def _statements(store: SQLiteStore) -> list[str]:
    """The statements ``store`` runs from now on (SQLite's trace)."""
    seen: list[str] = []
    store.db.set_trace_callback(seen.append)
    return seen


async def test_game_commands_of_a_group_are_one_insert_each_row_as_asked(
    tmp_path: Path,
) -> None:
    """Several rooms' game commands in one turn, alone in their group: stored in one
    transaction, in the order asked for, with their fields, by one ``INSERT`` of all their rows
    (no ``BEGIN``, ``COMMIT`` nor savepoint around it)."""
    queue, reader, sizes = _queue(tmp_path / "m.db", True)
    seen = _statements(queue.store)
    try:
        await asyncio.gather(*(_command(queue, room, 7, seat)
                               for seat, room in enumerate(["a", "b", "c", "d"])))
        assert sizes == [4]
        for seat, room in enumerate(["a", "b", "c", "d"]):
            rows = reader.command_rows(room)
            assert [(r.version, r.game_no, r.seat, r.text, r.position) for r in rows] == [
                (7, 1, seat, "/want blue #7", None)]
        assert [s for s in seen if s.startswith(("SAVEPOINT", "BEGIN", "COMMIT"))] == []
        assert [s.count("'/want blue #7'") for s in seen if s.startswith("INSERT")] == [4]
        assert [r[0] for r in reader.db.execute("SELECT room FROM commands ORDER BY id")] == [
            "a", "b", "c", "d"]
        assert not queue.store.db.in_transaction
    finally:
        queue.close()


def test_more_game_commands_than_one_insert_takes_are_one_executemany(tmp_path: Path) -> None:
    """A group of more than ``MANY`` game commands: one ``executemany`` in one transaction."""
    store = SQLiteStore(tmp_path / "x.db")
    seen = _statements(store)
    n = MANY + 1
    try:
        out = store.group([(store.save_command, (), {
            "name": f"r{i}", "version": 1, "game_no": 1, "seat": 0, "text": "/want blue",
            "log": "[]"}) for i in range(n)])
        assert out == [(True, None)] * n
        assert [s for s in seen if s.startswith(("SAVEPOINT", "BEGIN", "COMMIT"))] == [
            "BEGIN IMMEDIATE", "SAVEPOINT many", "COMMIT"]
        assert [r[0] for r in store.db.execute("SELECT room FROM commands ORDER BY id")] == [
            f"r{i}" for i in range(n)]
    finally:
        store.close()


def test_a_group_of_commands_on_a_locked_database_raises_and_stores_nothing(
    tmp_path: Path,
) -> None:
    """Another connection holds the write lock: a group of game commands alone raises
    ``SQLITE_BUSY`` (as its ``BEGIN`` did: the queue makes it again on the database thread),
    nothing stored; once the lock is let go the same group is stored."""
    store = SQLiteStore(tmp_path / "l.db")
    store.wait_for_locks(False)
    other = sqlite3.connect(tmp_path / "l.db", isolation_level=None)
    calls: list[Any] = [(store.save_command, (), {
        "name": room, "version": 1, "game_no": 1, "seat": 0, "text": "/want blue", "log": "[]"})
        for room in ("a", "b")]
    try:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(sqlite3.OperationalError) as e:
            store.group(calls)
        assert e.value.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY
        other.execute("ROLLBACK")
        assert store.db.execute("SELECT COUNT(*) FROM commands").fetchone()[0] == 0
        assert not store.db.in_transaction
        assert store.group(calls) == [(True, None)] * 2
        assert [r[0] for r in store.db.execute("SELECT room FROM commands")] == ["a", "b"]
    finally:
        other.close()
        store.close()


async def test_game_commands_after_another_write_of_their_group_fail_alone(
    tmp_path: Path,
) -> None:
    """Game commands after another write of their group (a chat line): one ``executemany`` in
    a savepoint of its own; a refused one among them (a NULL text) fails alone, the chat line
    and the other commands are stored, each once."""
    queue, reader, sizes = _queue(tmp_path / "s.db", True)
    store = queue.store
    seen = _statements(store)

    def chat() -> None:
        store.save_chat("east", {"name": "Ann", "seat": 0, "text": "hi", "ts": 1.0})

    try:
        results = await asyncio.gather(
            _write(queue, chat), _command(queue, "east", 1, 0),
            _write(queue, store.save_command, name="east", version=2, game_no=1, seat=1,
                   text=None, log="[]"),
            _command(queue, "east", 3, 2), return_exceptions=True)
        assert results[0] is None and results[1] is None and results[3] is None
        assert isinstance(results[2], StorageFailure)
        assert sizes == [4]
        assert [r.version for r in reader.command_rows("east")] == [1, 3]
        assert [line["text"] for line in reader.recent("east")[1]] == ["hi"]
        # the chat line in its call's savepoint (its own transaction there: a savepoint),
        # then the commands' one executemany in a savepoint of its own
        marks = [s for s in seen if s.startswith(("SAVEPOINT", "BEGIN", "COMMIT"))]
        assert marks[:3] == ["BEGIN IMMEDIATE", "SAVEPOINT call", "SAVEPOINT one"]
        assert marks[3:4] == ["SAVEPOINT many"] and marks.count("COMMIT") == 1
        assert not store.db.in_transaction
    finally:
        queue.close()


async def test_a_refused_command_among_several_fails_alone(tmp_path: Path) -> None:
    """A game command the database refuses (a NULL text) in a group of game commands: the
    others are stored, in order; it fails alone with ``StorageFailure``."""
    queue, reader, sizes = _queue(tmp_path / "r.db", True)
    bad = _write(queue, queue.store.save_command, name="east", version=2, game_no=1, seat=1,
                 text=None, log="[]")
    try:
        results = await asyncio.gather(_command(queue, "east", 1, 0), bad,
                                       _command(queue, "east", 3, 2), return_exceptions=True)
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], StorageFailure)
        assert "NOT NULL" in str(results[1])
        assert sizes == [3]
        assert [r.version for r in reader.command_rows("east")] == [1, 3]
    finally:
        queue.close()


async def test_a_lone_command_is_committed_when_its_await_returns(tmp_path: Path) -> None:
    """A game command alone in its turn (made without a transaction around it): committed,
    another connection reads it, no transaction left open."""
    queue, reader, sizes = _queue(tmp_path / "a.db", True)
    try:
        for v in (1, 2, 3):
            await _command(queue, "east", v, 0)
            assert [r.version for r in reader.command_rows("east")] == list(range(1, v + 1))
            assert not queue.store.db.in_transaction
        assert sizes == [1, 1, 1]
    finally:
        queue.close()


async def test_a_lone_command_on_a_locked_database_waits_for_the_lock(tmp_path: Path) -> None:
    """The inline write finds the database locked by another connection: nothing is written
    then; the write waits for the lock on the database thread and is stored once it is
    released, before its await returns."""
    db = tmp_path / "l.db"
    store = SQLiteStore(db, synchronous="NORMAL", busy_timeout=30.0)
    store.wait_for_locks(False)
    reader = SQLiteStore(db)
    queue = DbQueue(store, reader, True)
    lock = sqlite3.connect(db, isolation_level=None)
    try:
        lock.execute("BEGIN EXCLUSIVE")
        write = asyncio.create_task(_command(queue, "east", 1, 0))
        for _ in range(20):  # the inline attempt failed: the write waits on the thread
            await asyncio.sleep(0)
        assert not write.done()
        lock.execute("COMMIT")
        await write
        assert [r.version for r in reader.command_rows("east")] == [1]
    finally:
        lock.close()
        queue.close()


@pytest.mark.parametrize("n_rooms", [2, 5])
async def test_acknowledged_commands_of_several_rooms_survive_kill9(
    server_factory: Any, n_rooms: int
) -> None:
    """Killed while the rooms' commands arrive together (groups of several rooms' game
    commands, each group one ``executemany``): every answered command is stored."""
    srv: ServerProc = server_factory("k.db", game_seed=9)
    rooms = {name: await seat_players(srv.ws_url(name), [f"{name}{i}" for i in range(3)])
             for name in ["east", "west", "north", "south", "mid"][:n_rooms]}
    sent: dict[str, list[tuple[int, str]]] = {name: [] for name in rooms}
    acked: dict[str, set[tuple[int, str]]] = {name: set() for name in rooms}
    beans = ["blue", "red", "soy", "green"]
    futures: list[tuple[str, int, str, asyncio.Future[dict[str, Any]]]] = []
    # every seat of both rooms sets markers (game commands, each stored) without waiting for
    # its replies, so that both rooms' commands arrive together
    for k in range(6):
        for name, table in rooms.items():
            for seat, client in enumerate(table.clients):
                text = f"/{'want' if k % 2 else 'have'} {beans[(k + seat) % len(beans)]}"
                sent[name].append((seat, text))
                futures.append((name, seat, text, await client.say_nowait(text)))
    done = 0
    for name, _seat, text, fut in futures[: len(futures) // 2]:
        reply = await asyncio.wait_for(fut, 10)
        assert reply["ok"], (name, text, reply)
        done += 1
    for name, seat, text, fut in futures:  # answered by now, before the kill
        if fut.done() and fut.result()["ok"]:
            acked[name].add((seat, text))
    srv.kill9()
    assert done > 0
    store = SQLiteStore(srv.db, commands_file=True)  # as the next start opens it (cmdfile.py)
    try:
        for name in rooms:
            rows = store.command_rows(name)
            stored = [(r.seat, r.text) for r in rows]
            # nothing acknowledged was lost
            assert acked[name] <= set(stored), (name, acked[name] - set(stored))
            # the room's order: versions rise, each seat's commands in the order it sent them
            versions = [r.version for r in rows]
            assert versions == sorted(set(versions))
            for seat in range(3):
                mine = [t for s, t in stored if s == seat and t.startswith(("/want", "/have"))]
                wanted = [t for s, t in sent[name] if s == seat]
                assert mine == wanted[: len(mine)], (name, seat)
    finally:
        store.close()
    for table in rooms.values():
        for c in table.clients:
            await c.close()
    # the restarted server serves both rooms from what was stored
    srv.start()
    again = await Client(srv.ws_url("east"), "Zed").connect()
    assert again.state is not None and again.state["view"] is not None
    await again.close()
