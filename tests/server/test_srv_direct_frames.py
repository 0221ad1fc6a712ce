"""The server's direct text frames (gatedws.GatedWebSocket.send_text_now, conn.DIRECT_SEND): the
bytes RFC 6455 prescribes, offered only where they are right (no extension negotiated, the
connection open, its socket not full). Every test with a real server (tests/server, e2e)
gets its frames this way."""

from __future__ import annotations

import asyncio
import base64
from typing import Any

from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode

from bohnanza.server.conn import DIRECT_SEND, Conn
from bohnanza.server.gatedws import GatedWebSocket
from bohnanza.server.wsframe import text_frame


def test_text_frame_is_rfc_6455() -> None:
    # RFC 6455 section 5.7: "A single-frame unmasked text message ... 0x81 0x05 0x48 0x65 0x6c
    # 0x6c 0x6f (contains "Hello")"; the 256-byte and 64 KiB examples there (binary, 0x82)
    # give the lengths' encodings: 0x7E 0x0100 and 0x7F 0x0000000000010000
    assert text_frame(b"Hello") == bytes([0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
    assert text_frame(b"x" * 256) == bytes([0x81, 0x7E, 0x01, 0x00]) + b"x" * 256
    assert text_frame(b"x" * 65536) == (
        bytes([0x81, 0x7F, 0, 0, 0, 0, 0, 1, 0, 0]) + b"x" * 65536)
    # the edges of each length form, as the websockets library writes them
    for n in (0, 1, 125, 126, 127, 65535, 65536, 70000):
        data = ("é" * n).encode()[:n]
        assert text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])


class Transport(asyncio.Transport):
    """A socket stand-in: what is written, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.out: list[bytes] = []
        self.closing = False

    def write(self, data: Any) -> None:
        self.out.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def get_write_buffer_size(self) -> int:
        return 0  # (written at once)

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default)


async def _app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while (await receive())["type"] != "websocket.disconnect":
        pass


async def _finish(proto: GatedWebSocket) -> None:
    if not proto.disconnected:
        proto.connection_lost(None)
    await asyncio.wait_for(asyncio.gather(*proto.tasks), 5)


def _handshake(deflate_offered: bool, deflate_on: bool) -> tuple[GatedWebSocket, Transport]:
    config = Config(app=_app, ws=GatedWebSocket, ws_per_message_deflate=deflate_on,
                    log_level="warning", lifespan="off")
    config.load()
    proto = GatedWebSocket(config=config, server_state=ServerState(), app_state={})
    transport = Transport()
    proto.connection_made(transport)
    key = base64.b64encode(b"0123456789abcdef").decode()
    request = ("GET /ws/room HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n")
    if deflate_offered:
        request += "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n"
    proto.data_received((request + "\r\n").encode())
    return proto, transport


async def _accepted(proto: GatedWebSocket) -> None:
    for _ in range(100):
        if proto.handshake_complete:
            return
        await asyncio.sleep(0)
    raise AssertionError("the app did not accept")


async def test_direct_send_writes_the_frame_and_steps_aside_when_it_cannot() -> None:
    proto, transport = _handshake(deflate_offered=True, deflate_on=False)
    await _accepted(proto)
    send = proto.scope["extensions"][DIRECT_SEND]
    assert transport.out[0].startswith(b"HTTP/1.1 101")
    assert send('{"type":"patch","version":2}') is True
    assert transport.out[-1] == b'\x81\x1c{"type":"patch","version":2}'
    # the socket's buffer full (uvicorn's pause_writing): the ASGI send must wait for it
    proto.pause_writing()
    assert send("x") is False
    proto.resume_writing()
    assert send("ü") is True and transport.out[-1] == b"\x81\x02\xc3\xbc"
    # the connection lost: nothing written
    n = len(transport.out)
    proto.connection_lost(None)
    assert send("x") is False and len(transport.out) == n
    await _finish(proto)


async def test_direct_send_steps_aside_after_a_close_frame() -> None:
    proto, transport = _handshake(deflate_offered=False, deflate_on=False)
    await _accepted(proto)
    send = proto.scope["extensions"][DIRECT_SEND]
    # the client's close frame (masked, code 1000): the connection is closing
    mask = b"\x01\x02\x03\x04"
    payload = bytes(b ^ mask[i % 4] for i, b in enumerate((1000).to_bytes(2, "big")))
    proto.data_received(b"\x88\x82" + mask + payload)
    n = len(transport.out)
    assert send("x") is False and len(transport.out) == n
    await _finish(proto)


async def test_no_direct_send_with_permessage_deflate() -> None:
    """Frames of a compressing connection go through websockets' extension (the server
    agrees to deflate only with ws_deflate on: settings.ws_deflate)."""
    proto, transport = _handshake(deflate_offered=True, deflate_on=True)
    await _accepted(proto)
    assert b"permessage-deflate" in transport.out[0]
    assert DIRECT_SEND not in proto.scope["extensions"]
    await _finish(proto)


class _Socket:
    """Starlette's WebSocket as Conn sees it: the scope and the ASGI send."""

    def __init__(self, direct: Any) -> None:
        self.scope = {"extensions": {DIRECT_SEND: direct}}
        self.sent: list[str] = []

    async def _send(self, message: dict[str, Any]) -> None:
        self.sent.append(message["text"])


def test_conn_sends_directly_and_falls_back_in_order() -> None:
    direct_out: list[str] = []
    able = [True]

    def direct(text: str) -> bool:
        if able[0]:
            direct_out.append(text)
        return able[0]

    ws = _Socket(direct)
    conn = Conn(ws, 10, 10, 100)  # type: ignore[arg-type]
    conn.direct = True  # as once its writer runs
    conn.send("a")
    able[0] = False
    conn.send("b")  # the direct write cannot: the ASGI send, which completes at once here
    assert direct_out == ["a"] and ws.sent == ["b"]


async def test_a_peer_that_reads_nothing_is_dropped_at_the_keepalive_timeout() -> None:
    """A client that stops reading: the socket's buffer fills, the server's sends wait, its
    pings go unanswered. At the keepalive timeout uvicorn closes the transport, and a close
    waits for the buffer to drain, which such a peer never lets happen: the connection (its
    Conn, its seat's presence, the gate's count) stayed for good (found by review6: a
    spectator that read 5 frames was still in the room minutes after). It is dropped."""
    import socket

    import uvicorn

    ended = asyncio.Event()

    async def flood(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        try:
            while True:
                await send({"type": "websocket.send", "text": "x" * 65536})
        except Exception:  # noqa: BLE001 - the peer is gone: the send says so
            pass
        finally:
            ended.set()

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = Config(app=flood, host="127.0.0.1", port=port, ws=GatedWebSocket,
                    ws_ping_interval=0.2, ws_ping_timeout=0.2, log_level="warning",
                    lifespan="off")
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    peer = socket.socket()
    try:
        for _ in range(500):
            if server.started:
                break
            await asyncio.sleep(0.01)
        peer.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        peer.setblocking(False)
        await asyncio.get_running_loop().sock_connect(peer, ("127.0.0.1", port))
        key = base64.b64encode(b"0123456789abcdef").decode()
        await asyncio.get_running_loop().sock_sendall(peer, (
            "GET /ws/room HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        # nothing is ever read: the flood fills the buffers and the pings go unanswered
        await asyncio.wait_for(ended.wait(), 10)
    finally:
        peer.close()
        server.should_exit = True
        await asyncio.wait_for(serving, 10)
