"""The room's pipeline (server/room/room.py), in-process: every kind of command is stored
before anything about it is sent, its reply last (design.md §7); a handler that fails, by a
refusal or by breaking, changes nothing (the room stays as stored, nothing is written, nobody
is told more than the refusal)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bohnanza.server.conn import Conn
from bohnanza.server.hub import Hub
from bohnanza.server.room import Room
from bohnanza.server.room import commands as room_commands
from bohnanza.server.room import handlers as room_handlers
from bohnanza.server.room import setup as room_setup
from bohnanza.server.settings import Settings

from .harness import offline_conn

WRITES = ("save", "save_command", "save_chat")


class Trace:
    """One list of what happened, in order: each write to the store and each frame sent."""

    def __init__(self, hub: Hub) -> None:
        self.events: list[tuple[str, str, Any]] = []
        self.sent: dict[str, list[dict[str, Any]]] = {}  # label -> the messages sent to it
        self.conns: dict[str, Conn] = {}
        for name in WRITES:
            real = getattr(hub.store, name)

            def write(*a: Any, _real: Any = real, _name: str = name, **kw: Any) -> None:
                _real(*a, **kw)
                self.events.append(("write", _name, kw.get("version")))

            setattr(hub.store, name, write)

    def conn(self, label: str) -> Conn:
        c = offline_conn()
        real = c.send

        def send(text: str) -> None:
            real(text)
            m = json.loads(text)
            self.sent.setdefault(label, []).append(m)
            self.events.append(("frame", label, (m["type"], m.get("id"), m.get("ok"))))

        c.send = send  # type: ignore[method-assign]
        self.conns[label] = c
        return c

    def mark(self) -> int:
        return len(self.events)

    def since(self, mark: int) -> list[tuple[str, str, Any]]:
        return self.events[mark:]


@pytest.fixture
async def hub(tmp_path: Path) -> Iterator[Hub]:
    h = Hub(Settings(db=tmp_path / "p.db", bot_delay=30, game_seed=4, away_seconds=0.0,
                     sqlite_synchronous="OFF"))
    await h.start()
    yield h  # type: ignore[misc]
    await h.stop()


async def _enter(hub: Hub, conn: Conn, name: str) -> Room:
    room = await hub.room_for("pipe", conn)
    assert room is not None
    await room.attach(conn, name, None)
    return room


async def _say(room: Room, trace: Trace, conn: Conn, label: str, say_id: int, text: str,
               stored: list[str]) -> None:
    """``text`` from ``conn``: accepted; stored by the ``stored`` writes (none: not stored)
    before every frame it caused, the reply to the sender last."""
    mark = trace.mark()
    await room.say(conn, say_id, text)
    got = trace.since(mark)
    replies = [e for e in got if e[0] == "frame" and e[2][0] == "reply"]
    assert replies == [("frame", label, ("reply", say_id, True))], (text, got)
    assert got[-1] == replies[0], f"{text}: the reply is not the last thing sent: {got}"
    writes = [i for i, e in enumerate(got) if e[0] == "write"]
    assert [got[i][1] for i in writes] == stored, (text, got)
    if not stored:
        return
    first_frame = next(i for i, e in enumerate(got) if e[0] == "frame")
    assert writes[0] < first_frame, f"{text}: sent before it was stored: {got}"


async def test_every_kind_is_stored_before_anything_is_sent(hub: Hub) -> None:
    trace = Trace(hub)
    ann, bob, eve = trace.conn("ann"), trace.conn("bob"), trace.conn("eve")
    room = await _enter(hub, ann, "Ann")
    for c, name in ((bob, "Bob"), (eve, "Eve")):
        assert await hub.room_for("pipe", c) is room
        await room.attach(c, name, None)
    save, chat = ["save"], ["save_chat"]
    steps = [
        (eve, "eve", "hello, table", ["save", *chat]),   # the room's first row, then the line
        (ann, "ann", "/join", save),
        (bob, "bob", "/join", save),
        (ann, "ann", "/addbot Robo random", save),
        (ann, "ann", "/addbot", save),
        (ann, "ann", "/removebot Bot 1", save),
        (ann, "ann", "/option hiddenmoney on", save),
        (ann, "ann", "/option rules classic", save),
        (ann, "ann", "/option", []),
        (ann, "ann", "/who", []),
        (ann, "ann", "/help plant", []),
        (eve, "eve", "/join Eve", save),
        (eve, "eve", "/leave", save),
        (ann, "ann", "/start", save),
        (eve, "eve", "good luck", chat),
    ]
    for i, (conn, label, text, stored) in enumerate(steps):
        await _say(room, trace, conn, label, i, text, stored)
    room.stop_bots()
    game = room.game
    assert game is not None and not game.over
    # a game command: the active player plants (stored alone: a checkpoint came with /start)
    active = [ann, bob][game.active] if game.active < 2 else None
    if active is None:  # the bot begins: let it play its first move
        assert (await room.act_for(game.active, "/plant")).ok
        await room.act_for(game.active, "/done")
        active = [ann, bob][game.active] if game.active < 2 else ann
    label = "ann" if active is ann else "bob"
    await _say(room, trace, active, label, 100, "/plant", ["save_command"])
    # /handover: Bob is away (away_seconds 0) and Ann hands his seat to a bot
    await room.detach(bob)
    await room.check_idle(time.monotonic() + 1)
    await _say(room, trace, ann, "ann", 101, "/handover Bob", save)
    # /leave in a game: a bot plays the seat
    await _say(room, trace, ann, "ann", 102, "/leave", save)


def _snapshot(room: Room) -> tuple[Any, ...]:
    return (room.version, room.table.record(room.name, room.version),
            [(c.name, c.seat) for c in room.conns], room.journal.tail[:])


async def test_a_refused_handler_changes_nothing(hub: Hub) -> None:
    trace = Trace(hub)
    ann, bob, cy, eve = (trace.conn(x) for x in ("ann", "bob", "cy", "eve"))
    room = await _enter(hub, ann, "Ann")
    for c, name in ((bob, "Bob"), (cy, "Cy"), (eve, "Eve")):
        await hub.room_for("pipe", c)
        await room.attach(c, name, None)
    for c in (ann, bob, cy):
        await room.say(c, 0, "/join")
    refused_before_start = [
        (eve, "/leave", "not_seated"), (ann, "/join", "already_seated"),
        (eve, "/join Ann", "name_taken"), (eve, "/addbot Robo", "not_seated"),
        (ann, "/addbot Robo clever", "unknown_policy"), (ann, "/removebot Cy", "not_a_bot"),
        (ann, "/removebot Nobody", "no_such_seat"), (ann, "/handover Bob", "no_game"),
        (ann, "/option rules chess", "parse_error"), (eve, "/start", "not_seated"),
        (ann, "/plant", "no_game"), (eve, "/join " + "x" * 30, "bad_name"),
    ]
    refused_in_game = [
        (eve, "/join", "game_running"), (ann, "/start", "game_running"),
        (ann, "/option hiddenmoney on", "game_running"), (ann, "/addbot", "game_running"),
        (ann, "/handover Bob", "not_away"), (ann, "/handover Ann", "not_away"),
        (eve, "/plant", "not_seated"), (ann, "/buy", "cannot_afford"),
        (ann, "/accept 7", "wrong_phase"), (ann, "/harvest 3", "no_such_field"),
    ]
    for refused in (refused_before_start, refused_in_game):
        if refused is refused_in_game:
            await room.say(ann, 0, "/start")
            room.stop_bots()
        for i, (conn, text, code) in enumerate(refused):
            before = _snapshot(room)
            mark = trace.mark()
            await room.say(conn, i, text)
            got = trace.since(mark)
            assert [e for e in got if e[0] == "write"] == [], (text, got)
            assert [e[2] for e in got] == [("reply", i, False)], (text, got)
            reply = trace.sent[_label(conn, trace)][-1]
            assert reply["code"] == code, (text, reply)
            assert _snapshot(room) == before, text


def _label(conn: Conn, trace: Trace) -> str:
    return next(label for label, c in trace.conns.items() if c is conn)


@pytest.mark.parametrize("text", ["/join", "/addbot Robo", "/option rules amigo", "/start",
                                  "/leave", "/plant"])
async def test_a_handler_that_breaks_changes_nothing(
    hub: Hub, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    """A handler that fails after it changed the table (here: when it writes its log line) is
    answered ``internal_error``; the room is put back as stored, nothing is written."""
    trace = Trace(hub)
    ann, bob, cy, dan = (trace.conn(x) for x in ("ann", "bob", "cy", "dan"))
    room = await _enter(hub, ann, "Ann")
    for c, name in ((bob, "Bob"), (cy, "Cy"), (dan, "Dan")):
        await hub.room_for("pipe", c)
        await room.attach(c, name, None)
    for c in (ann, bob, cy):
        await room.say(c, 0, "/join")
    sender = dan if text == "/join" else ann
    if text in ("/leave", "/plant"):
        await room.say(ann, 0, "/start")
        room.stop_bots()
        assert room.game is not None
        if text == "/plant":  # the active player's plant, broken after the engine applied it
            sender = [ann, bob, cy][room.game.active]

    def broken(*a: Any, **kw: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(room_commands, "room_entry", broken)
    monkeypatch.setattr(room_setup, "room_entry", broken)  # /start and /option live there
    monkeypatch.setattr(room_handlers, "game_entries", broken)  # a game command's lines
    before = _snapshot(room)
    position = room.game.to_position() if room.game is not None else None
    mark = trace.mark()
    await room.say(sender, 9, text)
    got = trace.since(mark)
    assert [e for e in got if e[0] == "write"] == [], got
    reply = trace.sent[_label(sender, trace)][-1]
    assert (reply["ok"], reply["code"]) == (False, "internal_error"), reply
    assert _snapshot(room) == before
    assert (room.game.to_position() if room.game is not None else None) == position
