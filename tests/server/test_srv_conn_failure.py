"""A connection that fails after its hello (an exception on its way through the server) still
leaves its room: the room forgets it, so its seat does not read as connected for ever and the
room can be dropped (ws.py ``ws_endpoint``)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bohnanza.server import Settings, create_app
from bohnanza.server.room import Room


def test_a_connection_that_fails_after_hello_leaves_its_room(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(self: Room, conn: object) -> None:
        raise RuntimeError("a fault on the connection's path")

    monkeypatch.setattr(Room, "activity", broken)
    app = create_app(Settings(db=tmp_path / "t.db", game_seed=1))
    with TestClient(app, base_url="http://localhost") as client:
        with client.websocket_connect("ws://localhost/ws/faulty") as ws:
            ws.send_json({"type": "hello", "name": "Ann"})
            while ws.receive_json()["type"] != "state":
                pass
            room = app.state.hub.rooms["faulty"]
            assert len(room.conns) == 1
            ws.send_json({"type": "activity"})  # fails in the room: closed 1011
            with pytest.raises(Exception):  # noqa: B017 - the close, as the client library says it
                while True:
                    ws.receive_json()
        deadline = time.monotonic() + 10
        while room.conns and time.monotonic() < deadline:
            time.sleep(0.01)  # (the server's loop runs in its own thread: poll its state)
        assert room.conns == []


def test_a_hello_that_fails_half_way_leaves_the_room_unused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fault after the arrival counted itself done (the room's ``pending``) was counted off
    a second time (ws.py): ``pending`` -1, so the room read "in use" for good, never parked
    nor dropped."""
    bump = Room.bump
    faults = [RuntimeError("a fault as everyone is shown the newcomer")]

    def broken(self: Room) -> None:
        if faults:  # the first time only: the arrival's
            raise faults.pop()
        bump(self)

    monkeypatch.setattr(Room, "bump", broken)
    app = create_app(Settings(db=tmp_path / "t.db", game_seed=1))
    with TestClient(app, base_url="http://localhost") as client:
        with client.websocket_connect("ws://localhost/ws/halfway") as ws:
            ws.send_json({"type": "hello", "name": "Ann"})
            with pytest.raises(Exception):  # noqa: B017 - closed 1011, as the client library says it
                while True:
                    ws.receive_json()
        room = app.state.hub.rooms.get("halfway")
        deadline = time.monotonic() + 10
        while room is not None and room.conns and time.monotonic() < deadline:
            time.sleep(0.01)  # (the server's loop runs in its own thread: poll its state)
        assert room is not None and room.conns == []
        assert room.pending == 0 and not room.in_use()
