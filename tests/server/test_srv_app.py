"""The app in-process (Starlette's TestClient): pages, room list, protocol schema, settings,
the leak scanner itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bohnanza.cli import main as cli_main
from bohnanza.server import Settings, create_app
from bohnanza.server.protocol import client_adapter, server_adapter

from .harness import Client, leak_scan


@pytest.fixture
def app_client(tmp_path: Path):  # type: ignore[no-untyped-def]
    settings = Settings(db=tmp_path / "t.db", game_seed=1)  # the checkout's web/
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOHNANZA_PORT", "9123")
    monkeypatch.setenv("BOHNANZA_DB", "/tmp/x.db")
    monkeypatch.setenv("BOHNANZA_ALLOWED_ORIGINS", "https://a.example, https://b.example/")
    monkeypatch.setenv("BOHNANZA_IDLE_SECONDS", "4")
    s = Settings()
    assert s.port == 9123 and str(s.db) == "/tmp/x.db" and s.idle_seconds == 4
    assert s.allowed_origins == ["https://a.example", "https://b.example"]
    d = Settings(_env_file=None)
    assert d.max_frame_bytes == 4096
    assert Settings(port=1).port == 1  # arguments win over the environment


def test_cli_rejects_unknown_commands() -> None:
    with pytest.raises(SystemExit):
        cli_main(["fly"])


def test_pages_and_schema(app_client: TestClient) -> None:
    for path in ("/", "/r/table-1"):
        r = app_client.get(path)
        assert r.status_code == 200 and "<html" in r.text.lower()
    assert app_client.get("/r/no%20spaces").status_code == 404
    assert app_client.get("/api/rooms").json() == []
    schema = app_client.get("/protocol.json").json()
    text = json.dumps(schema)
    for t in ("hello", "say", "activity", "resync", "welcome", "reply", "state", "patch",
              "chat", "log", "error"):
        assert f'"{t}"' in text
    assert schema["client"]["discriminator"]["propertyName"] == "type"
    # state deltas (issue 14): asked for in hello; a patch is RFC 6902 operations
    assert "deltas" in json.dumps(schema["client"]["$defs"]["Hello"])
    ops = schema["server"]["$defs"]["PatchOp"]["properties"]["op"]
    assert set(ops["enum"]) == {"add", "remove", "replace"}


def test_pages_without_the_board_files_say_so(tmp_path: Path) -> None:
    settings = Settings(db=tmp_path / "t.db", web_dir=tmp_path / "noweb")
    with TestClient(create_app(settings), base_url="http://localhost") as client:
        for path in ("/", "/r/table-1"):
            r = client.get(path)
            assert r.status_code == 503 and "BOHNANZA_WEB_DIR" in r.text
            assert str(tmp_path / "noweb") in r.text
        assert client.get("/api/rooms").json() == []


def test_protocol_models() -> None:
    assert client_adapter.validate_json('{"type":"say","id":3,"text":"/plant"}').text == "/plant"
    with pytest.raises(ValueError):
        client_adapter.validate_json('{"type":"shout"}')
    r = server_adapter.validate_python({"type": "reply", "id": 1, "ok": False, "code": "x"})
    assert r.type == "reply"


def test_in_process_room(app_client: TestClient) -> None:
    with app_client.websocket_connect("ws://localhost/ws/lobbyroom") as ws:
        ws.send_json({"type": "hello", "name": "Ann"})
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "say", "id": 1, "text": "/join"})
        got = [ws.receive_json() for _ in range(3)]
        assert [m["type"] for m in got] == ["welcome", "state", "reply"]
        # the change's log line comes with its state (State.log), not as a frame of its own
        assert [e["kind"] for e in got[1]["log"]] == ["room"] and "Ann" in got[1]["log"][0]["text"]
        assert got[0]["you"]["seat"] == 0 and len(got[0]["you"]["token"]) >= 43
        rooms = app_client.get("/api/rooms").json()
        assert rooms[0]["room"] == "lobbyroom" and rooms[0]["seats"] == ["Ann"]
        assert rooms[0]["running"] is False
        ws.send_text("x" * 5000)
        msg = ws.receive_json()
        assert msg["code"] == "too_big"


def test_leak_scan_catches_leaks() -> None:
    history = [(1, {"deck": ["red", "soy", "blue", "chili"],
                    "seats": [{"hand": ["red", "red", "soy"]}, {"hand": ["blue", "soy", "soy"]}]})]
    spectator = Client("ws://unused")
    spectator.seat = None
    spectator.frames = [json.dumps({"type": "state", "version": 1, "room": {},
                                    "view": {"phase": "plant", "x": ["blue", "soy", "soy"]}})]
    with pytest.raises(AssertionError):
        leak_scan(spectator, history)
    spectator.frames = [json.dumps({"type": "log", "version": 1, "entries": [
        {"kind": "draw", "seat": 0, "cards": ["red"]}]})]
    with pytest.raises(AssertionError):
        leak_scan(spectator, history)
    spectator.frames = [json.dumps({"type": "state", "version": 1, "room": {}, "view": None,
                                    "log": [{"kind": "draw", "seat": 0, "cards": ["red"]}]})]
    with pytest.raises(AssertionError):
        leak_scan(spectator, history)
    spectator.frames = [json.dumps({"type": "state", "version": 1, "room": {},
                                    "view": {"phase": "trade", "seats": [{"coins": 3}]}})]
    with pytest.raises(AssertionError):
        leak_scan(spectator, history, hidden_money=True)
    leak_scan(spectator, history, hidden_money=False)
    # the same leaks in patch frames (state deltas), after a clean first state
    first = json.dumps({"type": "state", "version": 1, "room": {},
                        "view": {"phase": "trade", "seats": [{"coins": None}, {"coins": None}],
                                 "face_up": []}})
    for ops, hidden in (
        ([{"op": "replace", "path": "/view/face_up", "value": ["blue", "soy", "soy"]}], False),
        ([{"op": "add", "path": "/view/seats/1/hand", "value": ["blue"]}], False),
        ([{"op": "add", "path": "/view/x", "value": {"deck": 3}}], False),
        ([{"op": "add", "path": "/view/x", "value": ["red", "soy", "blue", "chili"]}], False),
        ([{"op": "replace", "path": "/view/seats/0/coins", "value": 3}], True),
        ([{"op": "add", "path": "/view/history", "value": [[1, 2]]}], True),
    ):
        spectator.frames = [first, json.dumps({"type": "patch", "version": 2, "base": 1,
                                               "ops": ops})]
        with pytest.raises(AssertionError):
            leak_scan(spectator, history, hidden_money=hidden)
    spectator.frames = [first, json.dumps({"type": "patch", "version": 2, "base": 1, "ops": [
        {"op": "replace", "path": "/view/seats/0/coins", "value": None}], "log": [
        {"kind": "draw", "seat": 0, "cards": ["red"]}]})]
    with pytest.raises(AssertionError):
        leak_scan(spectator, history)
    spectator.frames[1] = spectator.frames[1].replace(', "cards": ["red"]', "")
    assert leak_scan(spectator, history, hidden_money=True) == 2


@pytest.mark.parametrize("deflate", [False, True])
async def test_permessage_deflate_only_when_configured(server_factory, deflate: bool) -> None:  # type: ignore[no-untyped-def]
    """A browser asks for permessage-deflate; the server agrees only with WS_DEFLATE=1
    (README, settings.ws_deflate): each compressing connection keeps ~50 KB of zlib state."""
    import websockets

    srv = server_factory(ws_deflate=int(deflate))
    async with websockets.connect(srv.ws_url("deflated"), compression="deflate") as ws:
        ext = ws.response.headers.get("Sec-WebSocket-Extensions")
        await ws.send(json.dumps({"type": "hello", "name": "Ann"}))
        assert json.loads(await ws.recv())["type"] == "welcome"
    assert (ext is not None and "permessage-deflate" in ext) is deflate
