"""A server's WebSocket text frame (RFC 6455 section 5.2), as ``gate.GatedWebSocket``'s direct
send writes it (``gate`` re-exports :func:`text_frame`)."""

from __future__ import annotations

import struct

__all__ = ["SHORT_HEADERS", "long_header", "text_frame"]


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
