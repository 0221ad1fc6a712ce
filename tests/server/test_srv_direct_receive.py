"""The server's direct receive (gatedws.GatedWebSocket.set_receiver, conn.DIRECT_RECEIVE, ws.py's
DirectSays): a read that is one whole text frame goes to the application in the turn that read
it; everything else is read by the websockets library's parser as before. The frames here are
RFC 6455's (section 5.7's examples) or a client's as the websockets library writes them."""

from __future__ import annotations

import asyncio
import base64
import sqlite3
from pathlib import Path
from typing import Any

from uvicorn.config import Config
from uvicorn.server import ServerState
from websockets.frames import Frame, Opcode

from bohnanza.server import Settings, create_app
from bohnanza.server.conn import DIRECT_RECEIVE, DIRECT_SEND
from bohnanza.server.gatedws import GatedWebSocket
from bohnanza.server.jsontext import loads
from bohnanza.server.wsframe import lone_text

# RFC 6455 section 5.7: "A single-frame masked text message ... (contains "Hello")"
HELLO_MASKED = bytes([0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58])
# ... and "A single-frame unmasked text message" (a server's: a client must mask, 5.1)
HELLO_UNMASKED = bytes([0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
# "A fragmented unmasked text message": its first fragment (FIN clear)
HEL_FRAGMENT = bytes([0x01, 0x03, 0x48, 0x65, 0x6C])
# "Unmasked Ping request"
PING = bytes([0x89, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])


def client_frame(data: bytes, opcode: Opcode = Opcode.TEXT, fin: bool = True) -> bytes:
    """A frame as a client sends it (masked, section 5.3), by the websockets library."""
    return Frame(opcode, data, fin=fin).serialize(mask=True, extensions=[])


def test_lone_text_reads_one_whole_masked_text_frame() -> None:
    assert lone_text(HELLO_MASKED, None) == "Hello"
    assert lone_text(HELLO_MASKED, 5) == "Hello"
    # every length form's edges up to 16 bits, non-ASCII text
    for n in (0, 1, 125, 126, 127, 65535):
        text = ("é" * n)[: n // 2] + "x" * (n - 2 * (n // 2))
        assert len(text.encode()) == n
        assert lone_text(client_frame(text.encode()), None) == text


def test_lone_text_leaves_everything_else_to_the_parser() -> None:
    assert lone_text(HELLO_MASKED, 4) is None  # over the size: the parser fails it (1009)
    assert lone_text(HELLO_UNMASKED, None) is None  # unmasked from a client (1002)
    assert lone_text(HEL_FRAGMENT, None) is None
    assert lone_text(PING, None) is None
    assert lone_text(client_frame(b"x" * 65536), None) is None  # a 64-bit length
    assert lone_text(HELLO_MASKED + HELLO_MASKED, None) is None  # two frames
    assert lone_text(HELLO_MASKED[:-1], None) is None  # a part of one
    assert lone_text(client_frame(b"abc", fin=False), None) is None
    assert lone_text(client_frame(b"abc", Opcode.BINARY), None) is None
    assert lone_text(bytes([0xC1]) + HELLO_MASKED[1:], None) is None  # RSV1 set
    assert lone_text(client_frame(b"\xff\xfe"), None) is None  # not UTF-8: the parser, 1007


class Transport(asyncio.Transport):
    """A socket stand-in: what is written, and the reading paused and resumed."""

    def __init__(self, on_write: Any = None) -> None:
        super().__init__()
        self.out: list[bytes] = []
        self.closing = False
        self.paused = 0  # uvicorn pauses the reading for every message it queues
        self.on_write = on_write

    def write(self, data: Any) -> None:
        self.out.append(bytes(data))
        if self.on_write is not None:
            self.on_write(bytes(data))

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def get_write_buffer_size(self) -> int:
        return 0  # (written at once)

    def pause_reading(self) -> None:
        self.paused += 1

    def resume_reading(self) -> None:
        pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default)


def _connect(app: Any, transport: Transport, path: str = "/ws/room",
             deflate: bool = False) -> GatedWebSocket:
    """A server protocol that read a client's opening handshake (``deflate``: the server
    offers permessage-deflate, RFC 7692, and the client asks for it)."""
    config = Config(app=app, ws=GatedWebSocket, log_level="warning", lifespan="off",
                    interface="asgi3", ws_per_message_deflate=deflate)
    config.load()
    proto = GatedWebSocket(config=config, server_state=ServerState(), app_state={})
    proto.connection_made(transport)
    key = base64.b64encode(b"0123456789abcdef").decode()
    ext = "Sec-WebSocket-Extensions: permessage-deflate\r\n" if deflate else ""
    proto.data_received((f"GET {path} HTTP/1.1\r\nhost: localhost\r\n"
                         "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{ext}\r\n"
                         ).encode())
    return proto


async def _turns(n: int = 5) -> None:
    for _ in range(n):
        await asyncio.sleep(0)


class _Recorder:
    """An ASGI app that accepts and keeps what it receives; a receiver that takes what
    ``take`` says."""

    def __init__(self) -> None:
        self.received: list[str] = []
        self.taken: list[str] = []
        self.take = True

    async def app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.scope = scope
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        while (msg := await receive())["type"] != "websocket.disconnect":
            self.received.append(msg["text"])

    def receiver(self, text: str) -> bool:
        if self.take:
            self.taken.append(text)
        return self.take


async def test_a_lone_text_frame_goes_to_the_receiver_in_the_turn_that_read_it() -> None:
    rec, transport = _Recorder(), Transport()
    proto = _connect(rec.app, transport)
    await _turns()
    assert proto.handshake_complete
    rec.scope["extensions"][DIRECT_RECEIVE](rec.receiver)
    proto.data_received(HELLO_MASKED)
    assert rec.taken == ["Hello"]  # before any turn of the loop
    await _turns()
    assert rec.received == [] and transport.paused == 0
    # declined: read as before, by the app's receive()
    rec.take = False
    proto.data_received(client_frame(b"again"))
    await _turns()
    assert rec.received == ["again"] and rec.taken == ["Hello"]
    proto.connection_lost(None)
    await _turns()


async def test_what_is_not_one_whole_text_frame_is_read_by_the_parser_in_order() -> None:
    rec, transport = _Recorder(), Transport()
    proto = _connect(rec.app, transport)
    await _turns()
    rec.scope["extensions"][DIRECT_RECEIVE](rec.receiver)
    # two frames in one read: both by the parser, in order
    proto.data_received(client_frame(b"one") + client_frame(b"two"))
    # a frame in two reads: its second part is no frame of its own
    third = client_frame(b"three")
    proto.data_received(third[:3])
    proto.data_received(third[3:])
    await _turns()
    assert rec.received == ["one", "two", "three"] and rec.taken == []
    # while the app has not read a queued message, nothing overtakes it
    proto.data_received(client_frame(b"four") + client_frame(b"five"))
    proto.data_received(client_frame(b"six"))
    await _turns()
    assert rec.received[3:] == ["four", "five", "six"] and rec.taken == []
    # a message in fragments (5.4): the whole frame after its first fragment is a protocol
    # error (1002), not a message of its own
    proto.data_received(client_frame(b"Hel", fin=False))
    proto.data_received(client_frame(b"lo"))
    await _turns()
    close = transport.out[-1]  # a close frame (opcode 8, 5.5.1) whose code is 1002 (7.4.1)
    assert rec.taken == [] and close[0] == 0x88 and close[2:4] == (1002).to_bytes(2, "big")
    proto.connection_lost(None)
    await _turns()


async def test_a_frame_that_is_not_utf8_closes_as_before() -> None:
    rec, transport = _Recorder(), Transport()
    proto = _connect(rec.app, transport)
    await _turns()
    rec.scope["extensions"][DIRECT_RECEIVE](rec.receiver)
    proto.data_received(client_frame(b"\xff\xfe"))
    await _turns()
    assert rec.taken == [] and rec.received == []
    close = transport.out[-1]  # a close frame (opcode 8, 5.5.1) whose code is 1007 (7.4.1)
    assert close[0] == 0x88 and close[2:4] == (1007).to_bytes(2, "big")
    proto.connection_lost(None)
    await _turns()


def _say(say_id: int, text: str) -> bytes:
    return client_frame(f'{{"type":"say","id":{say_id},"text":"{text}"}}'.encode())


def _frames(out: list[bytes]) -> list[dict[str, Any]]:
    """The server's text frames in ``out`` (one per write here), parsed."""
    msgs = []
    for data in out:
        if data[:1] != b"\x81":
            continue
        n = data[1]
        start = 2 if n < 126 else 4
        msgs.append(loads(data[start:]))
    return msgs


async def test_says_taken_directly_are_answered_after_their_commit_in_order(
        tmp_path: Path) -> None:
    """The real app: a plain say is taken straight off the socket (uvicorn's queue never sees
    it: no paused reading), stored before anything about it is written (design.md section 7),
    and a say that arrives while one is on its way is answered after it."""
    db = tmp_path / "t.db"
    settings = Settings(db=db, game_seed=1, per_address_limits=False)
    app = create_app(settings)
    hub = app.state.hub
    await hub.start()
    stored_at_write: list[tuple[dict[str, Any], int]] = []
    reader = sqlite3.connect(db)

    def stored() -> int:
        return int(reader.execute("SELECT COUNT(*) FROM commands").fetchone()[0])

    def on_write(data: bytes) -> None:
        for msg in _frames([data]):
            if msg.get("type") == "reply":
                stored_at_write.append((msg, stored()))

    try:
        transport = Transport(on_write)
        proto = _connect(app, transport)
        await _turns(20)
        loop = asyncio.get_running_loop()
        # hello, through the task as before (the room is not there yet)
        loop.call_soon(proto.data_received, client_frame(b'{"type":"hello","name":"Ann"}'))
        for i in range(1200):  # until Ann is in the room: her state (a hang guard: 10 s)
            await asyncio.sleep(0 if i < 20 else 0.01)
            if any(m.get("type") == "state" for m in _frames(transport.out)):
                break
        paused = transport.paused
        assert paused == 1  # the hello, queued for the task
        before = stored()
        loop.call_soon(proto.data_received, _say(1, "/join"))
        loop.call_soon(proto.data_received, _say(2, "hello all"))  # while /join is on its way
        # (a hang guard, not a timing: a write that follows one of the checkpointer's on the
        # database thread waits for it there, later than any count of the loop's turns)
        for i in range(1200):
            await asyncio.sleep(0 if i < 200 else 0.01)
            if len(stored_at_write) >= 2:
                break
        replies = [m for m, _ in stored_at_write]
        assert [r["id"] for r in replies] == [1, 2] and all(r["ok"] for r in replies)
        # /join stored (a checkpoint: its command row) before its reply was written
        assert stored_at_write[0][1] > before
        # the first say taken directly; the second, read while the first was on its way,
        # queued for the task as before (one pause of the reading)
        assert transport.paused == paused + 1
        proto.connection_lost(None)
        await _turns(20)
    finally:
        reader.close()
        await hub.stop()


async def test_a_compressed_connection_is_read_and_written_as_before() -> None:
    """permessage-deflate negotiated (RFC 7692): a message's frames may be compressed (RSV1)
    and the library's extension must see every frame, so the protocol offers neither the
    direct receive nor the direct send; without it, both are offered."""
    for deflate in (False, True):
        rec, transport = _Recorder(), Transport()
        proto = _connect(rec.app, transport, deflate=deflate)
        await _turns()
        assert proto.handshake_complete
        assert bool(proto.conn.extensions) is deflate  # the handshake agreed on it
        offered = rec.scope["extensions"]
        assert (DIRECT_RECEIVE in offered) is not deflate
        assert (DIRECT_SEND in offered) is not deflate
        proto.connection_lost(None)
        await _turns()
