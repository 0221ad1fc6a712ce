"""A server's WebSocket text frame (RFC 6455 section 5.2), as ``gatedws.GatedWebSocket``'s direct
send writes it (``gate`` re-exports :func:`text_frame`), and a client's lone text frame as its
direct receive reads it (:func:`lone_text`)."""

from __future__ import annotations

import struct
from collections.abc import Callable

__all__ = ["SHORT_HEADERS", "lone_text", "long_header", "text_frame"]

_apply_mask: Callable[[bytes, bytes], bytes] | None
try:  # the websockets library's unmasking (C when built)
    from websockets.frames import apply_mask as _apply_mask  # type: ignore[attr-defined]
except (ImportError, AttributeError):  # pragma: no cover - another websockets: no direct reads
    _apply_mask = None


def text_frame(data: bytes) -> bytes:
    """One whole WebSocket text frame as a server sends it (RFC 6455 section 5.2: FIN and
    opcode 1, unmasked, the payload's length in 7, 7+16 or 7+64 bits), ``data`` the UTF-8
    text. ``text_frame(b"Hello") == b"\\x81\\x05Hello"`` (section 5.7)."""
    n = len(data)
    return (SHORT_HEADERS[n] if n < 126 else long_header(n)) + data


def long_header(n: int) -> bytes:
    """A text frame's header for a payload of ``n`` >= 126 bytes (7+16 or 7+64 bits)."""
    return _MEDIUM(0x81, 126, n) if n < 65536 else b"\x81\x7f" + n.to_bytes(8, "big")


SHORT_HEADERS = tuple(bytes((0x81, n)) for n in range(126))  # the header of each short length
_MEDIUM = struct.Struct("!BBH").pack  # FIN and opcode 1, 126, the 16-bit length


def lone_text(data: bytes, max_size: int | None) -> str | None:
    """The text of ``data`` when it is exactly one whole masked text frame from a client, as
    RFC 6455 section 5.2 has it: FIN set, no RSV bit, opcode 1, the mask bit set, a payload
    length in 7 or 7+16 bits of at most ``max_size`` bytes, the payload valid UTF-8 once
    unmasked (section 5.3). None for anything else (several frames, a part of one, a control
    frame, a fragment, a long or invalid one): the library's parser reads those, and refuses
    what it must. ``lone_text(b"\\x81\\x85\\x37\\xfa\\x21\\x3d\\x7f\\x9f\\x4d\\x51\\x58",
    None) == "Hello"`` (section 5.7)."""
    n = len(data)
    if n < 6 or data[0] != 0x81 or _apply_mask is None:
        return None
    length = data[1] ^ 0x80  # the mask bit set: the length; else 128 or more
    if length < 126:
        start = 2
    elif length == 126 and n >= 8:
        length = (data[2] << 8) | data[3]
        start = 4
    else:
        return None  # unmasked (the parser fails the connection), or 64-bit long
    if n != start + 4 + length or (max_size is not None and length > max_size):
        return None
    try:
        return _apply_mask(data[start + 4:], data[start:start + 4]).decode()
    except UnicodeDecodeError:
        return None  # the parser closes with 1007
