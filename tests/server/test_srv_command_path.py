"""A game command the parser read (and keeps read: its line cache) is still the engine's to
refuse (issue 14: the command's path takes shortcuts, never past a rule). A refused command
changes nothing: the same version, position and stored rows; its reply says why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bohnanza.server.conn import Conn
from bohnanza.server.hub import Hub
from bohnanza.server.room import Room
from bohnanza.server.settings import Settings

from .harness import offline_conn, queued_replies


@pytest.fixture
async def hub(tmp_path: Path) -> Iterator[Hub]:
    h = Hub(Settings(db=tmp_path / "c.db", bot_delay=30, game_seed=4, away_seconds=0.0,
                     sqlite_synchronous="OFF"))
    await h.start()
    yield h  # type: ignore[misc]
    await h.stop()


async def _game(hub: Hub) -> tuple[Room, list[Conn]]:
    conns = [offline_conn() for _ in range(3)]
    room: Room | None = None
    for c, name in zip(conns, ("Ann", "Bob", "Cy"), strict=True):
        room = await hub.room_for("path", c)
        assert room is not None
        await room.attach(c, name, None)
        await room.say(c, 0, "/join")
    assert room is not None
    await room.say(conns[0], 0, "/start")
    room.stop_bots()
    assert room.game is not None and not room.game.over
    for c in conns:
        queued_replies(c)
    return room, conns


async def _refused(room: Room, hub: Hub, conn: Conn, text: str, code: str) -> None:
    """``text`` from ``conn`` is refused with ``code`` and changes nothing, stored or held."""
    assert room.game is not None
    version, position = room.version, room.game.to_position()
    rows: list[Any] = []
    real = hub.store.save_command

    def save_command(*a: Any, **kw: Any) -> None:
        rows.append(kw)
        real(*a, **kw)

    hub.store.save_command = save_command  # type: ignore[method-assign]
    try:
        await room.say(conn, 7, text)
    finally:
        hub.store.save_command = real  # type: ignore[method-assign]
    replies = queued_replies(conn)
    assert [(r["id"], r["ok"], r.get("code")) for r in replies] == [(7, False, code)], replies
    assert room.version == version
    assert room.game.to_position() == position
    assert rows == []


async def test_a_parsed_command_the_rules_refuse_changes_nothing(hub: Hub) -> None:
    room, conns = await _game(hub)
    game = room.game
    assert game is not None
    active = conns[game.active]
    other = conns[(game.active + 1) % 3]
    # read twice: the second time from the parser's line cache, refused again by the engine
    for _ in range(2):
        await _refused(room, hub, other, "/plant", "not_your_turn")
        await _refused(room, hub, active, "/accept 9", "wrong_phase")
        await _refused(room, hub, active, "/withdraw 9", "no_such_offer")


async def test_an_offer_gone_is_refused_by_its_number(hub: Hub) -> None:
    """An offer posted and withdrawn: its number, read as before, is refused (no such offer)
    to its owner and to the active player alike."""
    room, conns = await _game(hub)
    game = room.game
    assert game is not None
    while game.phase != "trade":  # the active player plants, then ends phase 1
        a = conns[game.active]
        await room.say(a, 1, "/plant" if game.planted == 0 else "/done")
        queued_replies(a)
    owner = conns[(game.active + 1) % 3]
    bean = game.seats[(game.active + 1) % 3].hand[0]
    await room.say(owner, 2, f"/offer {bean} for nothing")
    assert [r["ok"] for r in queued_replies(owner)] == [True]
    offer_id = game.offers[-1].id
    await room.say(owner, 3, f"/withdraw {offer_id}")
    assert [r["ok"] for r in queued_replies(owner)] == [True]
    await _refused(room, hub, owner, f"/withdraw {offer_id}", "no_such_offer")
    await _refused(room, hub, conns[game.active], f"/accept {offer_id}", "no_such_offer")
