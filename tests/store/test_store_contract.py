"""The storage seam's contract (``bohnanza/server/store.py``), run against both stores: the
SQLite file (the default) and PostgreSQL (a private server; tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bohnanza.server.postgres import PostgresStore
from bohnanza.server.room.journal import history, load_room
from bohnanza.server.store import Store, open_store

SEATS = [{"name": "Ann", "token_hash": "x"}, {"name": "Bob", "token_hash": "y"}]


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        s = open_store(tmp_path / "store.db")
    else:
        s = open_store(request.getfixturevalue("pg_url"))
        assert isinstance(s, PostgresStore)
    yield s
    s.close()


def _entry(text: str) -> list[dict[str, Any]]:
    return [{"kind": "room", "all": {"text": text}}]


def _checkpoint(store: Store, version: int, **kw: Any) -> None:
    args: dict[str, Any] = dict(name="r", version=version, game_no=0, options={"preset": "x"},
                                seats=SEATS, game=None, last_result=None)
    args.update(kw)
    store.save(**args)


def test_a_checkpoint_reads_back_whole(store: Store) -> None:
    _checkpoint(store, 3, last_result={"winners": [1]}, command=(0, "/option preset x"),
                log=_entry("set"))
    got = store.load("r")
    assert got is not None
    assert (got.name, got.version, got.game_no) == ("r", 3, 0)
    assert got.options == {"preset": "x"} and got.seats == SEATS
    assert got.last_result == {"winners": [1]} and got.game is None and got.tail == []
    assert store.load("nobody") is None


def test_commands_after_a_checkpoint_are_its_tail_in_order(store: Store) -> None:
    game = {"phase": "plant", "seats": []}
    _checkpoint(store, 5, game_no=1, game=game, command=(0, "/start"), log=_entry("go"))
    for v, (seat, text) in enumerate([(0, "/plant"), (0, "/done"), (1, "/done")], start=6):
        store.save_command(name="r", version=v, game_no=1, seat=seat, text=text,
                           log=f'[{{"kind":"x","all":{{"n":{v}}}}}]')
    got = store.load("r")
    assert got is not None and got.game == game
    assert got.tail == [(0, "/plant"), (0, "/done"), (1, "/done")]
    assert got.version == 8  # the last stored command's
    rows = store.command_rows("r")
    assert [(r.version, r.text) for r in rows] == [(5, "/start"), (6, "/plant"), (7, "/done"),
                                                    (8, "/done")]
    assert rows[0].position == game and all(r.position is None for r in rows[1:])
    # a new checkpoint ends the tail
    _checkpoint(store, 9, game_no=1, game={"phase": "trade", "seats": []}, command=(1, "/x"))
    got = store.load("r")
    assert got is not None and got.tail == [] and got.version == 9


def test_recent_gives_the_newest_log_and_chat_oldest_first(store: Store) -> None:
    _checkpoint(store, 1)
    for v in range(2, 12):
        store.save_command(name="r", version=v, game_no=0, seat=0, text=f"/c{v}",
                           log=f'[{{"kind":"k","all":{{"v":{v}}}}}]')
    for i in range(5):
        store.save_chat("r", {"name": "Ann", "text": f"hi {i}"})
    log, chat = store.recent("r", log_history=3, chat_history=2)
    assert [e["all"]["v"] for e in log] == [9, 10, 11]
    assert [e["v"] for e in log] == [9, 10, 11] and all(e["game"] == 0 for e in log)
    assert [c["text"] for c in chat] == ["hi 3", "hi 4"]
    assert store.recent("other") == ([], [])


def test_a_version_bump_never_lowers_the_version(store: Store) -> None:
    _checkpoint(store, 10)
    store.save_version("r", 12)
    store.save_version("r", 4)
    got = store.load("r")
    assert got is not None and got.version == 12
    _checkpoint(store, 11)  # a checkpoint never lowers it either
    got = store.load("r")
    assert got is not None and got.version == 12


def test_delete_forgets_the_room_its_commands_and_chat(store: Store) -> None:
    _checkpoint(store, 1, command=(0, "/join"), log=_entry("in"))
    store.save_chat("r", {"text": "bye"})
    _checkpoint(store, 1, name="kept")
    store.delete_room("r")
    assert store.load("r") is None
    assert store.recent("r") == ([], [])
    assert store.command_rows("r") == []
    assert [r.name for r in store.load_all()] == ["kept"]


def test_the_rest_marks_read_back(store: Store) -> None:
    """The marks beside a checkpoint (restmarks.py, pgmarks.py): when the room parked, and
    since when each person away was away; None and an empty map take them off again."""
    _checkpoint(store, 1)
    _checkpoint(store, 1, name="plain")
    s: Any = store  # (the marks are no part of the Store protocol: the server asks getattr)
    assert s.rest_marks() == {}
    s.save_resting("r", 1700000000.5)
    s.save_away("r", {"Bob": 1700000001.25})
    assert s.rest_marks() == {"r": (1700000000.5, {"Bob": 1700000001.25})}
    assert s.rest_marks("r") == s.rest_marks() and s.rest_marks("plain") == {}
    s.save_resting("r", None)  # back live: the away map stays
    assert s.rest_marks("r") == {"r": (None, {"Bob": 1700000001.25})}
    s.save_away("r", {})  # nobody away any more
    assert s.rest_marks() == {}
    got = store.load("r")  # the checkpoint itself untouched by its marks
    assert got is not None and got.version == 1 and got.seats == SEATS


def test_an_unreadable_room_is_left_out_of_load_all(store: Store) -> None:
    _checkpoint(store, 1, name="good")
    _checkpoint(store, 1, name="bad")
    db: Any = store.db  # type: ignore[attr-defined]
    db.execute("UPDATE rooms SET seats='not json' WHERE name='bad'")
    assert [r.name for r in store.load_all()] == ["good"]
    with pytest.raises(ValueError):
        store.load("bad")


def test_history_replays_the_commands_between_checkpoints(store: Store) -> None:
    """The audit path (journal.history) and the room's load read through the seam alike on
    both stores: a dealt game stored as a checkpoint, then plain commands (seat, text) whose
    positions come back by replaying them (design.md: the stored room is the checkpoint with
    the commands since re-applied)."""
    import random

    from bohnanza.bots import get_policy
    from bohnanza.commands import replay
    from bohnanza.engine import Game, Refusal

    game = Game.new("classic", ["Ann", "Bob", "Cy"], 3, {})
    _checkpoint(store, 1, game_no=1, game=game.to_position(), command=(0, "/start"))
    policy, rng = get_policy("random"), random.Random(5)
    expected = [game.to_position()]
    version = 1
    while len(expected) < 8:
        for seat in range(3):  # the first seat with a move the engine takes
            text = policy.decide(game.view(seat), rng, hurry=True)
            if text is None:
                continue
            try:
                replay(game, [(seat, text)])
                break
            except Refusal:
                continue
        else:
            raise AssertionError("no seat can move")
        version += 1
        store.save_command(name="r", version=version, game_no=1, seat=seat, text=text, log="[]")
        expected.append(game.to_position())
    assert [h["position"] for h in history(store, "r")] == expected
    got = load_room(store, "r")
    assert got is not None and got.game == game.to_position() and got.version == version
