"""What a tenth round of breaking the server found (a real uvicorn server, real WebSocket and
HTTP clients, the real SQLite file).

* the farm game's parameters are anyone's to set before the start (``/option param``): a
  deck of millions of copies, a preparation time limit of ``inf`` (TOML's: no JSON) and a
  shipment worth less than nothing (a cost below 0, which the audit refuses when the room
  loads again) are refused with ``bad_params`` and change nothing;
* a parameter set's name and labels are one line, like a typed line: TOML's escapes made a
  newline, NUL or bidi override after the typed line was checked, and the room's log line
  ``Farm parameters: ...; set NAME`` carried a second line that passed for another speaker;
* a parameter file nested 1,800 deep (``/option params a = [[[...]]]``, within a 4 KB say)
  is ``bad_params``: tomllib's RecursionError was answered ``internal_error`` and wrote a
  traceback of a thousand frames to the log, every time;
* with the farm's ``info.public`` leaving out ``grades`` (G31) a spectator's view hid every
  seat's grades but the log told everyone ``b upgraded the storage box to grade 2``: the
  others now read that a facility went up, not which (the owner reads it all);
* a request whose headers never end (each a line of 64 KB, or one value that never ends) is
  answered 431 past ``max_head_bytes`` and closed: uvicorn's httptools parser kept them all,
  and six such connections took the server from 80 MB to 1.1 GB in two seconds;
* a WebSocket peer that sends pings and reads nothing is cut off once the server's unsent
  bytes pass twice ``send_queue_bytes``: the library answers each ping with a pong itself,
  past the room's count of unsent frames, and one such peer grew the server by 14 MB a
  second without end (no hello needed);
* ``HEAD`` of every page and JSON is answered as its ``GET`` (status and headers, no body):
  it fell through to the board's files and was answered 404, so a monitor asking with HEAD
  saw the server as gone;
* the board's pages and files say ``Cache-Control: no-cache`` (asked again, 304 while
  unchanged): without it a browser kept each module fresh for a tenth of its age and, after
  an upgrade, ran modules of two versions together.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import time
from typing import Any

import httpx
import pytest

from .harness import Client, ServerProc, catch_up


async def _room_game(c: Client) -> dict[str, Any]:
    await c.catch_up(c.version)
    assert c.state is not None
    game: dict[str, Any] = c.state["room"]["game"]
    return game


@pytest.mark.parametrize("key, value, needle", [
    ("cards.pattern.1", '[["shape", 1, 300000]]', "at most 2000"),
    ("cards.pattern.2", '[["shape", 2, 700]]', "at most 2000"),
    ("turn.prep_time_limit_s", "inf", "finite"),
    ("turn.prep_time_limit_s", "nan", "finite"),
    ("turn.prep_time_limit_s", "1e308", "86400"),
    ("shipping.value.base", "-20", "below 0"),
    ("game.start_cost", "9" * 30, "1000000"),  # past JavaScript's exact numbers
    ("game.start_cost", "1" * 350, "1000000"),
])
async def test_a_farm_parameter_no_table_can_hold_is_refused(
        server: ServerProc, key: str, value: str, needle: str) -> None:
    ann = Client(server.ws_url("fp"), "Ann", deltas=True)
    bob = Client(server.ws_url("fp"), "Bob")
    for c in (ann, bob):
        await c.connect()
        await c.ok("/join")
    await ann.ok("/option game farm")
    before = await _room_game(ann)
    r = await ann.say(f"/option param {key} {value}")
    assert not r["ok"] and r["code"] == "bad_params", r
    assert key.split(".")[0] in r["message"] and needle in r["message"], r
    assert await _room_game(ann) == before  # nothing changed
    t = time.monotonic()
    await ann.ok("/start")
    assert time.monotonic() - t < 5
    await bob.wait(lambda: bob.state is not None and bob.state["view"] is not None)
    view = bob.view
    assert view["params_hash"] == before["params_hash"]
    cards = sum(p["count"] for p in view["piles"]) + sum(s["hand_count"] for s in view["seats"])
    assert cards == 96  # the default deck
    for c in (ann, bob):
        await c.close()


@pytest.mark.parametrize("path", ["/", "/r/abc", "/r/a/b", "/open?room=x", "/api/rooms",
                                  "/api/facts", "/protocol.json", "/js/app.js"])
def test_head_is_answered_like_get(server: ServerProc, path: str) -> None:
    with httpx.Client(base_url=server.base, follow_redirects=False) as http:
        got = http.get(path)
        head = http.head(path)
        assert head.status_code == got.status_code, (path, head.status_code, got.status_code)
        assert head.content == b""
        assert head.headers.get("content-type") == got.headers.get("content-type")
        if "content-length" in got.headers:
            assert head.headers["content-length"] == got.headers["content-length"]
        assert http.get("/api/rooms").json() == []  # a HEAD made no room


def test_the_schema_names_each_operation_once(server: ServerProc) -> None:
    """The JSON routes answer HEAD too, but ``/openapi.json`` lists their GET alone: one
    route of both methods gave both operations one ``operationId`` (not valid OpenAPI, and
    FastAPI wrote "Duplicate Operation ID" warnings to the server's log)."""
    with httpx.Client(base_url=server.base) as http:
        schema = http.get("/openapi.json").json()
        assert http.head("/api/rooms").status_code == 200
    ops = [(path, method, op["operationId"]) for path, item in schema["paths"].items()
           for method, op in item.items()]
    ids = [i for _, _, i in ops]
    assert len(ids) == len(set(ids)), ops
    assert {(p, m) for p, m, _ in ops} == {("/api/rooms", "get"), ("/api/rooms/{name}", "get"),
                                          ("/api/facts", "get"), ("/protocol.json", "get")}, ops
    assert "Duplicate Operation ID" not in server.log.read_text(encoding="utf-8")


@pytest.mark.parametrize("option", [
    '/option param name "x\\nBob: I resign."',
    '/option param name "\\u202eevil"',
    '/option param name "nul\\u0000"',
    '/option params name = "Y\\nCy: hello"',
    "/option params name = \"\"\"Y\nCy: hello\"\"\"",
    '/option param cards.categories [{id="root", ja="a\\u2028b"}, {id="leaf"}, {id="fruit"}]',
    '/option param name "%s"' % ("n" * 65),
])
async def test_a_farm_parameter_name_is_one_line(server: ServerProc, option: str) -> None:
    ann = Client(server.ws_url("fn"), "Ann", deltas=True)
    eve = Client(server.ws_url("fn"), None)  # a watcher
    await ann.connect()
    await eve.connect()
    await ann.ok("/join")
    await ann.ok("/option game farm")
    before = await _room_game(ann)
    r = await ann.say(option)
    assert not r["ok"] and r["code"] == "bad_params", r
    assert await _room_game(ann) == before
    await eve.catch_up(ann.version)
    for entry in eve.logs:
        assert "\n" not in entry["text"] and "\u202e" not in entry["text"], entry
    assert "\n" not in json.dumps(httpx.get(f"{server.base}/api/rooms").json())
    for c in (ann, eve):
        await c.close()


@pytest.mark.parametrize("path", ["/", "/r/abc", "/index.html", "/js/app.js", "/js/net.js"])
def test_the_boards_files_are_asked_for_again(server: ServerProc, path: str) -> None:
    with httpx.Client(base_url=server.base) as http:
        got = http.get(path)
        assert got.status_code == 200
        assert got.headers.get("cache-control") == "no-cache", got.headers
        # each, the pages too (before: "/" and "/r/abc" came whole each time), is 304 while
        # unchanged (RFC 9110 13.1.2, 13.1.3), and whole when the browser's copy is another
        again = http.get(path, headers={"if-none-match": got.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        assert again.headers.get("cache-control") == "no-cache"
        since = http.get(path, headers={"if-modified-since": got.headers["last-modified"]})
        assert since.status_code == 304
        other = http.get(path, headers={"if-none-match": '"not-this-one"'})
        assert other.status_code == 200 and other.content == got.content


@pytest.mark.parametrize("option", [
    "/option params a = " + "[" * 1800 + "]" * 1800,
    "/option params a = " + "{b=" * 600 + "1" + "}" * 600,
    "/option param cards.levels " + "[" * 180 + "]" * 180,
])
async def test_a_parameter_file_too_deep_or_long_is_refused(server: ServerProc, option: str
                                                           ) -> None:
    ann = Client(server.ws_url("deep"), "Ann", deltas=True)
    await ann.connect()
    await ann.ok("/join")
    await ann.ok("/option game farm")
    before = await _room_game(ann)
    log = server.log.stat().st_size
    r = await ann.say(option)
    assert not r["ok"] and r["code"] == "bad_params", r
    assert "deep" in r["message"] or "1000000" in r["message"], r
    assert await _room_game(ann) == before
    assert "Traceback" not in server.log.read_text()[log:]
    await ann.close()


async def test_hidden_grades_stay_hidden_in_the_log(server: ServerProc) -> None:
    url = server.ws_url("grades")
    ann, bob = Client(url, "Ann", deltas=True), Client(url, "Bob")
    eve = Client(url, None, deltas=True)
    for c in (ann, bob):
        await c.connect()
        await c.ok("/join")
    await eve.connect()
    for option in ("/option game farm", '/option param info.public ["vp"]',
                   "/option param facilities.storage_box.price [0, 0, 0]"):
        await ann.ok(option)
    await ann.ok("/start")
    for c in (ann, bob):
        r = await c.say("/done")  # declare the end of the preparation (F20, F22)
        assert r["ok"] or r["code"] == "already_declared", r
    upgraded = None
    for c in (ann, bob):
        r = await c.say("/upgrade box")
        if r["ok"]:
            upgraded = c
            break
        assert r["code"] == "not_your_turn", r
    assert upgraded is not None
    await catch_up([ann, bob, eve])
    other = bob if upgraded is ann else ann
    for c, own in ((upgraded, True), (other, False), (eve, False)):
        lines = [e for e in c.logs if e.get("kind") == "upgrade"]
        assert len(lines) == 1, c.logs
        if own:
            assert lines[0]["facility"] == "storage_box" and "grade 2" in lines[0]["text"]
        else:
            assert "facility" not in lines[0] and "grade" not in lines[0], lines[0]
            assert "storage" not in lines[0]["text"] and "grade 2" not in lines[0]["text"]
            assert "grades" not in c.view["seats"][upgraded.seat]
    for c in (ann, bob, eve):
        await c.close()


def _rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def _endless_head(port: int, line: bytes, seconds: float = 3.0) -> tuple[int, bytes]:
    """Send a head that never ends for up to ``seconds``; (bytes sent, the answer)."""
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    sent, started = 0, time.monotonic()
    try:
        while sent < 200 * 2**20 and time.monotonic() - started < seconds:
            s.sendall(line)
            sent += len(line)
    except OSError:
        pass  # closed by the server
    s.settimeout(5)
    try:
        answer = s.recv(4096)
    except OSError:
        answer = b""
    s.close()
    return sent, answer


@pytest.mark.parametrize("line", [b"X-A: " + b"a" * 65530 + b"\r\n",  # headers without end
                                  b"a" * 65536])  # one header value without end
def test_a_head_that_never_ends_is_answered_431(server_factory: Any, line: bytes) -> None:
    srv: ServerProc = server_factory()
    assert srv.proc is not None
    before = _rss_kb(srv.proc.pid)
    sent, answer = _endless_head(srv.port, line)
    assert answer.startswith(b"HTTP/1.1 431"), (sent, answer[:80])
    assert sent < 16 * 2**20  # cut off long before the 200 MB
    assert _rss_kb(srv.proc.pid) - before < 50_000
    # a request of a few KB of headers is still answered
    with httpx.Client(base_url=srv.base) as http:
        assert http.get("/api/rooms", headers={"x-pad": "p" * 8000}).status_code == 200


def _ping_flood(port: int, seconds: float) -> float:
    """A raw WebSocket that pings as fast as it can and reads nothing; the MB it sent."""
    s = socket.create_connection(("127.0.0.1", port))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(f"GET /ws/pings HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
              f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
              "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    mask = b"\x01\x02\x03\x04"
    ping = bytes([0x89, 0x80 | 125]) + mask + bytes(b ^ mask[i % 4] for i, b in
                                                    enumerate(b"p" * 125))
    sent, started = 0, time.monotonic()
    s.settimeout(1)
    try:
        while time.monotonic() - started < seconds:
            s.sendall(ping * 500)
            sent += len(ping) * 500
    except OSError:
        pass  # cut off by the server
    s.close()
    return sent / 2**20


async def test_a_peer_that_pings_and_never_reads_is_cut_off(server_factory: Any) -> None:
    srv: ServerProc = server_factory()
    assert srv.proc is not None
    before = _rss_kb(srv.proc.pid)
    sent = await asyncio.to_thread(_ping_flood, srv.port, 4.0)
    assert sent < 30, sent  # cut off (before: 45 MB and more in 4 s, all kept)
    assert _rss_kb(srv.proc.pid) - before < 30_000
    # a client that reads its pongs is not cut off
    ann = Client(srv.ws_url("pings"), "Ann")
    await ann.connect()
    for _ in range(300):
        await (await ann.ws.ping(b"p" * 125))
    await ann.ok("/who")
    await ann.close()
