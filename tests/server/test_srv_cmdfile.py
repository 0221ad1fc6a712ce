"""The command file (``cmdfile.py``): a lone game command is stored as one appended line and
folded into the ``commands`` table before any other call, at start-up and at the
checkpointer's ticks. Every command stored is in the table after a kill and the next opening,
once and in order (design.md section 7: "Killing the server at any moment loses no
acknowledged command"); a line cut short, a gap in the numbering, a room deleted meanwhile, a
second process on the same database and a refused or failed write are each handled without a
row lost, doubled or put out of order. Real files, a real SQLite database."""

from __future__ import annotations

import asyncio
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bohnanza.server.checkpointer import Checkpointer
from bohnanza.server.dbqueue import DbQueue
from bohnanza.server.hub import Hub
from bohnanza.server.settings import Settings
from bohnanza.server.sqlite import SQLiteStore

LOG = '[{"all":{"kind":"plant","text":"P1 plants a Blue."}}]'


def _room(store: SQLiteStore, name: str = "r") -> None:
    """A room's checkpoint (the rows the lone commands follow)."""
    store.save(name=name, version=1, game_no=1, options={}, seats=[], game=None,
               last_result=None)


def _lone(store: SQLiteStore, version: int, name: str = "r", text: str = "/plant") -> None:
    """One game command alone, as the server's group commit hands it over."""
    store.group([(store.save_command, (), {"name": name, "version": version, "game_no": 1,
                                           "seat": 0, "text": text, "log": LOG})])


def _versions(db: Path, name: str = "r") -> list[int]:
    con = sqlite3.connect(db)
    try:
        return [int(v) for (v,) in con.execute(
            "SELECT version FROM commands WHERE room = ? AND text != '' ORDER BY id", (name,))]
    finally:
        con.close()


def _lines(db: Path) -> bytes:
    return Path(f"{os.path.realpath(db)}-commands").read_bytes()


async def _one_unfolded(db: Path) -> tuple[SQLiteStore, DbQueue]:
    """A store with the command file and its queue (a reader of its own), room ``r`` and one
    game command stored through the queue, its line not folded yet."""
    store = SQLiteStore(db, commands_file=True)
    _room(store)
    queue = DbQueue(store, SQLiteStore(db), True)
    await queue.write(store.save_command, name="r", version=2, game_no=1, seat=0,
                      text="/plant", log=LOG)
    assert store.unfolded == 1
    return store, queue


def _dropped(store: SQLiteStore) -> None:
    """The process's end without a fold (as a kill: the file and the database as they are)."""
    assert store._file is not None
    store._file.close()
    store._file = None
    store.db.close()


def test_lone_commands_are_lines_until_folded_then_rows_in_order(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    store = SQLiteStore(db, commands_file=True)
    try:
        _room(store)
        for v in range(2, 7):
            _lone(store, v)
        assert store.unfolded == 5
        assert _versions(db) == []  # not in the table yet: five lines in the file
        assert len(_lines(db).splitlines()) == 5
        # a read of the writing connection folds first; the lines stay in the file until the
        # log that holds their fold is synced
        assert [r.version for r in store.command_rows("r")] == [2, 3, 4, 5, 6]
        assert store.unfolded == 0 and len(_lines(db).splitlines()) == 5
        # a checkpoint folds in its own transaction, the lines before its row
        _lone(store, 7)
        store.save(name="r", version=8, game_no=1, options={}, seats=[], game=None,
                   last_result=None, command=(0, "/harvest 1"), log=LOG)
        assert _versions(db) == [2, 3, 4, 5, 6, 7, 8]
        # the checkpointer's tick turns the file: the folded lines wait in the old part for
        # a sync of the log that began after the turn, then go
        _lone(store, 9)
        store.turn()
        old = Path(f"{os.path.realpath(db)}-commands.old")
        assert _versions(db)[-1] == 9 and _lines(db) == b""
        assert len(old.read_bytes().splitlines()) == 7 and store.rotations == 1
        store.drop_old(0)  # a sync that began before the turn: not enough
        assert old.exists()
        store.drop_old(1)
        assert not old.exists()
    finally:
        store.close()


def test_a_killed_store_loses_no_line_and_the_next_opening_folds_them_once(
    tmp_path: Path
) -> None:
    db = tmp_path / "k.db"
    store = SQLiteStore(db, commands_file=True)
    _room(store)
    for v in range(2, 5):
        _lone(store, v)
    store.fold()
    for v in range(5, 9):
        _lone(store, v)
    _dropped(store)
    assert _versions(db) == [2, 3, 4]
    again = SQLiteStore(db, commands_file=True)
    try:
        assert _versions(db) == [2, 3, 4, 5, 6, 7, 8]
        assert _lines(db) == b""
        _lone(again, 9)  # the numbering goes on past the folded lines
        assert [r.version for r in again.command_rows("r")] == [2, 3, 4, 5, 6, 7, 8, 9]
    finally:
        again.close()
    # a third opening finds nothing more to fold: no row twice
    third = SQLiteStore(db, commands_file=True)
    third.close()
    assert _versions(db) == [2, 3, 4, 5, 6, 7, 8, 9]


def test_a_real_kill_between_lines_loses_none_answered(tmp_path: Path) -> None:
    """A process stores lone commands and says each one's version once stored; it is killed
    (SIGKILL) while it writes: every version it said is in the table after the next opening,
    in order, with none after a gap."""
    db = tmp_path / "x.db"
    setup = SQLiteStore(db)
    _room(setup)
    setup.close()
    script = (
        "import sys\n"
        "from bohnanza.server.sqlite import SQLiteStore\n"
        f"s = SQLiteStore({str(db)!r}, commands_file=True)\n"
        "v = 2\n"
        "while True:\n"
        "    s.group([(s.save_command, (), {'name': 'r', 'version': v, 'game_no': 1,"
        " 'seat': 0, 'text': '/plant', 'log': '[]'})])\n"
        "    print(v, flush=True)\n"
        "    if v % 50 == 0:\n"
        "        s.fold()\n"
        "    v += 1\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert proc.stdout is not None
    said: list[int] = []
    for line in proc.stdout:
        said.append(int(line))
        if len(said) == 377:  # mid-way between two folds
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    said += [int(line) for line in proc.stdout.read().split()]
    store = SQLiteStore(db, commands_file=True)
    try:
        stored = [r.version for r in store.command_rows("r")]
    finally:
        store.close()
    assert stored[: len(said)] == said  # every answered command, in order
    assert stored == list(range(2, 2 + len(stored)))  # and no gap after them
    assert not Path(f"{os.path.realpath(db)}-commands").read_bytes()  # folded, emptied


def test_a_line_cut_short_and_the_lines_after_a_gap_are_dropped(tmp_path: Path) -> None:
    db = tmp_path / "c.db"
    store = SQLiteStore(db, commands_file=True)
    _room(store)
    for v in range(2, 5):
        _lone(store, v)
    _dropped(store)
    path = Path(f"{os.path.realpath(db)}-commands")
    whole = _lines(db)
    path.write_bytes(whole + whole.splitlines(keepends=True)[0][:20])  # a power cut mid-line
    again = SQLiteStore(db, commands_file=True)
    _lone(again, 5)
    _dropped(again)
    assert _versions(db) == [2, 3, 4]  # the torn line dropped; line 5 is the next
    # lines numbered past a gap (the folded ones end at 4: these start at 6) are dropped
    lines = [b'[6,1,"r",7,1,0,"/plant","[]",1.0]', b'[7,1,"r",8,1,0,"/plant","[]",1.0]']
    path.write_bytes(b"\n".join(lines) + b"\n")
    third = SQLiteStore(db, commands_file=True)
    third.close()
    assert _versions(db) == [2, 3, 4]


def test_folded_lines_followed_by_others_are_not_folded_twice(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    store = SQLiteStore(db, commands_file=True)
    _room(store)
    for v in range(2, 5):
        _lone(store, v)
    store.fold()  # lines 1-3 folded, still in the file
    _lone(store, 5)
    _lone(store, 6)
    _dropped(store)
    assert len(_lines(db).splitlines()) == 5
    again = SQLiteStore(db, commands_file=True)
    again.close()
    assert _versions(db) == [2, 3, 4, 5, 6]
    assert _lines(db) == b""  # folded and on the disk (the log copied back): emptied


def _disk(db: Path) -> dict[str, bytes]:
    """The database and its log as they are (what a power cut may leave of them)."""
    return {f: Path(f"{db}{f}").read_bytes() for f in ("", "-wal")}


def _opened_as(db: Path, image: dict[str, bytes]) -> None:
    """The database and its log put back as in ``image`` (the command files as they are),
    then opened and closed (the lines folded)."""
    for f, data in image.items():
        Path(f"{db}{f}").write_bytes(data)
    Path(f"{db}-shm").unlink(missing_ok=True)
    SQLiteStore(db, commands_file=True).close()


def test_lines_after_a_commit_the_database_lost_are_dropped(tmp_path: Path) -> None:
    """A power cut can keep lines the kernel wrote out while a commit of the store before
    them is lost: those lines, and every one after, are dropped (the prefix rule)."""
    db = tmp_path / "p.db"
    store = SQLiteStore(db, commands_file=True)
    _room(store)
    _lone(store, 2)
    _lone(store, 3)
    # the disk as it is before the checkpoint below (its commit lost to the cut)
    image = _disk(db)
    store.save(name="r", version=4, game_no=1, options={}, seats=[], game=None,
               last_result=None, command=(0, "/harvest 1"), log=LOG)
    _lone(store, 5)
    _lone(store, 6)
    _dropped(store)
    _opened_as(db, image)
    assert _versions(db) == [2, 3]  # not 5 and 6 on a position without 4


@pytest.mark.parametrize("lost", ["chat", "trim", "version"])
def test_a_line_after_a_chat_or_version_commit_the_database_lost_is_dropped(
        tmp_path: Path, lost: str) -> None:
    """A chat line, a chat trimmed or a version bump is a commit the lines count too: a power
    cut that loses it while the kernel wrote out the line of a command answered after it drops
    that line (the prefix rule), as for any other commit."""
    db = tmp_path / "q.db"
    store = SQLiteStore(db, commands_file=True)
    _room(store)
    _lone(store, 2)
    if lost == "trim":
        store.save_chat("r", {"text": "hello"})
    store.fold()
    # the disk as it is before the commit below (lost to the cut)
    image = _disk(db)
    if lost == "chat":
        store.save_chat("r", {"text": "hello"})
    elif lost == "trim":
        store.trim_chat("r", 0)
    else:
        store.save_version("r", 5)
    _lone(store, 3)
    _dropped(store)
    _opened_as(db, image)
    assert _versions(db) == [2]  # not 3 on a database without what came before it


def test_a_store_opened_without_the_command_file_folds_a_killed_servers_lines(
    tmp_path: Path
) -> None:
    """A server killed with lines unfolded and started again with ``synchronous`` FULL (no
    command file of its own), or a script: the lines come first."""
    db = tmp_path / "full.db"
    store = SQLiteStore(db, commands_file=True)
    _room(store)
    for v in range(2, 5):
        _lone(store, v)
    _dropped(store)
    full = SQLiteStore(db, synchronous="FULL")
    try:
        assert full.commands_path is None
        assert [r.version for r in full.command_rows("r")] == [2, 3, 4]
        _lone(full, 5)  # its own rows after them
    finally:
        full.close()
    assert _versions(db) == [2, 3, 4, 5] and _lines(db) == b""


async def test_a_chat_line_after_a_lone_command_is_stored(tmp_path: Path) -> None:
    """A chat line is stored as the room stores it (a closure in the group commit, its own
    transaction folding the lines first) while a game command's line is unfolded."""
    store, queue = await _one_unfolded(tmp_path / "chat.db")
    try:
        def save() -> None:
            store.save_chat("r", {"name": "Ann", "seat": 0, "text": "hi", "ts": 1.0})
            store.trim_chat("r", 50)

        await queue.write(save)
        logs, chat = await queue.read(queue.reader.recent, "r")
        assert [c["text"] for c in chat] == ["hi"] and [e["v"] for e in logs] == [2]
    finally:
        queue.close()


def test_the_lines_of_a_room_forgotten_meanwhile_are_left_out(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    store = SQLiteStore(db, commands_file=True)
    _room(store, "gone")
    _room(store, "kept")
    _lone(store, 2, "gone")
    _lone(store, 2, "kept")
    _dropped(store)
    con = sqlite3.connect(db)  # as 'bohnanza forget-room' of an older version would
    con.execute("DELETE FROM rooms WHERE name = 'gone'")
    con.commit()
    con.close()
    again = SQLiteStore(db, commands_file=True)
    again.close()
    assert _versions(db, "gone") == [] and _versions(db, "kept") == [2]


def test_a_second_store_on_the_database_writes_its_rows_directly(tmp_path: Path) -> None:
    db = tmp_path / "two.db"
    first = SQLiteStore(db, commands_file=True)
    second = SQLiteStore(db, commands_file=True)
    try:
        assert first.commands_path is not None and second.commands_path is None
        _room(first)
        _lone(first, 2)
        _lone(second, 3)  # no file of its own: its row in the table at once
        assert _versions(db) == [3] and first.unfolded == 1
    finally:
        second.close()  # folds nothing of the first's
        assert _versions(db) == [3]
        first.close()
    assert sorted(_versions(db)) == [2, 3]


def test_the_servers_reader_says_nothing_a_second_writer_is_warned_of(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A server opens its writer and then a reader on the same file (hub.py): the reader
    finds the writer's lock and says nothing (a new user's report: "is another process's" at
    every start, though no other process ran). A second writer, a second server on the same
    database (one server per file, docs/server.md), is warned of."""
    db = tmp_path / "say.db"
    caplog.set_level("INFO", logger="bohnanza.server")
    first = SQLiteStore(db, commands_file=True)
    reader = SQLiteStore(db)
    try:
        assert first.commands_path is not None
        assert not [r for r in caplog.records if "held" in r.getMessage()
                    or "another process" in r.getMessage()]
        second = SQLiteStore(db, commands_file=True)
        second.close()
        warned = [r for r in caplog.records if r.levelname == "WARNING"
                  and "held by another process" in r.getMessage()]
        assert len(warned) == 1 and str(first.commands_path) in warned[0].getMessage()
    finally:
        reader.close()
        first.close()


def test_a_refused_row_and_a_failed_write_store_nothing(tmp_path: Path) -> None:
    db = tmp_path / "b.db"
    store = SQLiteStore(db, commands_file=True)
    try:
        _room(store)
        _lone(store, 2)
        size = len(_lines(db))
        with pytest.raises(TypeError):  # the table would refuse it at the fold: refused now
            store.group([(store.save_command, (), {"name": "r", "version": 3, "game_no": 1,
                                                   "seat": 0, "text": None, "log": LOG})])
        assert len(_lines(db)) == size and store.unfolded == 1
        # a write the file system cuts short (a file size limit standing in for a full
        # disk): the part written is cut off again, the command refused
        old = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size + 40, hard))
        try:
            with pytest.raises(OSError):
                _lone(store, 3, text="/plant " + "x" * 200)
        finally:
            resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
            signal.signal(signal.SIGXFSZ, old)
        assert len(_lines(db)) == size and store.unfolded == 1
        _lone(store, 3)
        assert [r.version for r in store.command_rows("r")] == [2, 3]
    finally:
        store.close()


async def test_a_read_after_an_answered_command_sees_it(tmp_path: Path) -> None:
    """The backlog a connection gets is read on a connection of its own: the writing one's
    lines are folded in first."""
    _, queue = await _one_unfolded(tmp_path / "q.db")
    try:
        logs, _ = await queue.read(queue.reader.recent, "r")
        assert [e["v"] for e in logs] == [2]
    finally:
        queue.close()


async def test_a_running_server_folds_its_lines_within_a_tick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Checkpointer, "interval", 0.05)
    db = tmp_path / "s.db"
    hub = Hub(Settings(db=db, game_seed=1, idle_check_interval=60))  # no other store call
    await hub.start()
    try:
        store = hub.store
        assert isinstance(store, SQLiteStore) and store.commands_path is not None
        _room(store)
        for v in range(2, 12):
            await hub.queue.write(store.save_command, name="r", version=v, game_no=1, seat=0,
                                  text="/plant", log=LOG)
        # at the ticks (nothing else calls the store): a few of them, later on a loaded
        # machine; the fold is committed a moment before its file turns, so both are awaited
        for _ in range(500):  # a hang guard, not a timing: 10 s
            if _versions(db) == list(range(2, 12)) and _lines(db) == b"":
                break
            await asyncio.sleep(0.02)
        assert _versions(db) == list(range(2, 12))  # another process sees them
        assert _lines(db) == b""
    finally:
        await hub.stop()


def test_an_old_part_a_kill_left_goes_after_the_first_sync(tmp_path: Path) -> None:
    """Killed between a turn and the sync after it, with a reader open at the next start (the
    copy back cannot end, so the lines are not cleared then): the old part goes with the
    first sync after opening, and the file turns again."""
    db = tmp_path / "o.db"
    store = SQLiteStore(db, commands_file=True)
    _room(store)
    _lone(store, 2)
    _lone(store, 3)
    store.turn()
    _lone(store, 4)  # unfolded: the next opening folds it (frames in the log)
    _dropped(store)
    old = Path(f"{os.path.realpath(db)}-commands.old")
    assert old.exists()
    reader = sqlite3.connect(db, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT COUNT(*) FROM rooms").fetchall()  # a read held open
    again = SQLiteStore(db, commands_file=True)
    try:
        assert old.exists()  # its lines are folded; the log is not on the disk yet
        reader.execute("COMMIT")
        again.drop_old(0)  # the first sync after opening ended
        assert not old.exists()
        _lone(again, 5)
        again.turn()
        assert again.rotations == 1 and old.exists()
        assert [r.version for r in again.command_rows("r")] == [2, 3, 4, 5]
    finally:
        reader.close()
        again.close()


def test_a_row_refused_alone_is_refused_in_a_group_too(tmp_path: Path) -> None:
    db = tmp_path / "g2.db"
    store = SQLiteStore(db, commands_file=True)
    try:
        _room(store)
        _room(store, "s")
        calls = [(store.save_command, (), {"name": room, "version": 2, "game_no": 1,
                                           "seat": seat, "text": "/plant", "log": LOG})
                 for room, seat in (("r", True), ("s", 0))]
        outcomes = store.group(calls)  # type: ignore[arg-type]
        assert [ok for ok, _ in outcomes] == [False, True]
        assert isinstance(outcomes[0][1], TypeError)
        assert _versions(db, "r") == [] and [r.version for r in store.command_rows("s")] == [2]
    finally:
        store.close()


def test_the_lock_is_its_own_file(tmp_path: Path) -> None:
    """The lock is held on ``<file>.lock``, which a turn never renames: a second store cannot
    take the command file between a turn's rename and its new file."""
    db = tmp_path / "l.db"
    store = SQLiteStore(db, commands_file=True)
    try:
        _room(store)
        _lone(store, 2)
        store.turn()
        other = SQLiteStore(db, commands_file=True)
        assert other.commands_path is None
        other.close()
        assert Path(f"{os.path.realpath(db)}-commands.lock").exists()
    finally:
        store.close()
    assert _versions(db) == [2]


def _commands_2_and_3(db: Path) -> SQLiteStore:
    """A store with the command file, room ``r`` and lone commands 2 and 3 (lines 1 and 2)."""
    store = SQLiteStore(db, commands_file=True)
    _room(store)
    for v in (2, 3):
        _lone(store, v)
    return store


def _read_held(db: Path) -> sqlite3.Connection:
    """A connection holding a read open (a copy of the log back cannot end: the command file
    is not emptied at an opening)."""
    reader = sqlite3.connect(db)
    reader.execute("BEGIN")
    reader.execute("SELECT count(*) FROM commands").fetchone()
    return reader


def _acknowledged_then_killed(db: Path, again: SQLiteStore, reader: sqlite3.Connection,
                              versions: tuple[int, ...] = (4, 5)) -> list[int]:
    """Commands ``versions`` stored by ``again`` (opened while ``reader`` held its read), then
    a kill, the read ended: the versions the next opening holds."""
    try:
        for v in versions:
            _lone(again, v)
        _dropped(again)
    finally:
        reader.close()
    SQLiteStore(db, commands_file=True).close()
    return _versions(db)


def test_a_line_part_written_is_cut_off_so_the_lines_after_it_are_read(tmp_path: Path) -> None:
    """A power cut can leave a line that is no line (zeros where its first bytes' block did
    not reach the disk, then its end and a newline); the opening cuts the file there, so the
    lines written next follow the last line read: here a read held open across the restart
    keeps the file from being emptied, and lines 4 and 5, written after the cut, are folded
    after a kill (before, they followed the torn line and no reading got to them)."""
    db = tmp_path / "t.db"
    path = Path(f"{os.path.realpath(db)}-commands")
    store = _commands_2_and_3(db)
    whole = _lines(db)
    line = whole.splitlines(keepends=True)[1]
    _dropped(store)
    path.write_bytes(whole + bytes(40) + line[40:] + bytes(100))  # the next line's copy, torn
    reader = _read_held(db)
    try:
        again = SQLiteStore(db, commands_file=True)
        assert _versions(db) == [2, 3]  # folded at the opening
        assert _lines(db) == whole  # the torn line cut off; not emptied (the read)
    except BaseException:
        reader.close()
        raise
    assert _acknowledged_then_killed(db, again, reader) == [2, 3, 4, 5]
    assert path.read_bytes() == b""


def test_a_torn_old_part_hides_none_of_the_lines_after_it(tmp_path: Path) -> None:
    """The old part is never synced itself (its lines are folded, the log synced): a power cut
    can leave it torn, its last folded line cut short and zeros after it, while the file after
    it holds lines synced and answered. Those are read (what is torn is folded already), and
    with a read held open across the restart (the files not emptied) the lines answered next
    follow them and are folded after a kill."""
    db = tmp_path / "o.db"
    path = Path(f"{os.path.realpath(db)}-commands")
    store = _commands_2_and_3(db)
    reader = _read_held(db)
    old = Path(f"{path}.old")
    try:
        store.turn()  # lines 1 and 2 folded (after the read began), now the old part
        _lone(store, 4)  # line 3, in the file
        _dropped(store)
        folded = old.read_bytes()
        old.write_bytes(folded[:len(folded) - 30] + bytes(60))  # line 2 torn, zeros after it
        again = SQLiteStore(db, commands_file=True)
        assert _versions(db) == [2, 3, 4]  # line 3 read past the torn, folded line 2
    except BaseException:
        reader.close()
        raise
    assert _acknowledged_then_killed(db, again, reader, (5, 6)) == [2, 3, 4, 5, 6]
    assert not old.exists() and path.read_bytes() == b""


@pytest.mark.parametrize("damage", ["gap", "torn end"])
def test_damage_after_the_folded_lines_is_cut_so_the_next_lines_are_read(
        tmp_path: Path, damage: str) -> None:
    """Lines 1 and 2 folded, 3 and 4 written, then a power cut: line 3 lost (zeros) but line
    4 kept (a gap: line 4 dropped, the prefix rule), or line 3 cut short at the end of the
    file (never answered, or torn). Either is cut off at the opening, so lines 3 and 4
    written after the restart are read after a kill (not hidden behind the old line 4, nor
    joined to the torn one)."""
    db = tmp_path / "g.db"
    path = Path(f"{os.path.realpath(db)}-commands")
    store = _commands_2_and_3(db)
    reader = _read_held(db)
    try:
        store.fold()  # lines 1 and 2 (after the read began)
        _lone(store, 4)
        _lone(store, 5)
        _dropped(store)
        lines = path.read_bytes().splitlines(keepends=True)
        kept = lines[0] + lines[1]
        if damage == "gap":
            kept += bytes(len(lines[2]) - 1) + b"\n"
            path.write_bytes(kept + lines[3])
        else:
            path.write_bytes(kept + lines[2][:25])  # no newline
        again = SQLiteStore(db, commands_file=True)
        assert _versions(db) == [2, 3]
        assert _lines(db) == kept  # cut there (not emptied: the read)
    except BaseException:
        reader.close()
        raise
    assert _acknowledged_then_killed(db, again, reader) == [2, 3, 4, 5]


def test_a_store_that_cannot_open_its_command_file_leaves_nothing_open(tmp_path: Path) -> None:
    """The command file's lock cannot be made (a folder in its place): the store is not made
    (``OSError``), and its database connection is closed again."""
    db = tmp_path / "l.db"
    SQLiteStore(db).close()
    Path(f"{os.path.realpath(db)}-commands.lock").mkdir()

    def open_files() -> int:
        return sum(os.path.realpath(f"/proc/self/fd/{fd}") == os.path.realpath(db)
                   for fd in os.listdir("/proc/self/fd"))

    with pytest.raises(OSError):
        SQLiteStore(db, commands_file=True)
    assert open_files() == 0
