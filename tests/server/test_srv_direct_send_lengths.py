"""The direct send's frames at every length form (gatedws.GatedWebSocket.send_text_now builds the
header itself, without ``text_frame``'s call): the bytes the websockets library writes for the
same text (RFC 6455 section 5.2: 7, 7+16 and 7+64 bit lengths, and their edges)."""

from __future__ import annotations

from websockets.frames import Frame, Opcode

from bohnanza.server.conn import DIRECT_SEND

from .test_srv_direct_frames import _accepted, _finish, _handshake


async def test_direct_send_writes_each_length_form_as_the_library_does() -> None:
    proto, transport = _handshake(deflate_offered=False, deflate_on=False)
    await _accepted(proto)
    send = proto.scope["extensions"][DIRECT_SEND]
    for n in (0, 1, 125, 126, 127, 65535, 65536, 70000):
        for text in ("x" * n, ("é" * n)[: max(n // 2, 0)]):
            assert send(text) is True
            want = Frame(Opcode.TEXT, text.encode()).serialize(mask=False, extensions=[])
            assert transport.out[-1] == want, (n, len(text))
    await _finish(proto)
