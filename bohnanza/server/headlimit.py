"""A request's head (request line and headers) held to a size, for ``gatedhttp.GatedHttp``.

uvicorn's httptools protocol keeps every header it reads, and httptools keeps a header value
that has not ended in a buffer of its own: six connections sending endless headers took the
server from 80 MB to 1.1 GB in two seconds (the header timeout, 5 s, came too late). Here the
bytes of a request whose head is not all in are counted as they come; past the limit the
request is answered ``431`` and the connection closed. A head that ends within the read that
brought it is not counted (it is no more than that read, at most 256 KB).
"""

from __future__ import annotations

from typing import Any

from .secheaders import RAW

_HEAD_TOO_BIG = (b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
                 b"content-type: text/plain; charset=utf-8\r\n" + RAW + b"connection: close\r\n"
                 b"content-length: %d\r\n\r\n%s")


class HeadLimit:
    """A mixin before uvicorn's ``HttpToolsProtocol``; :meth:`head_limit` gives the limit in
    bytes (None: none)."""

    transport: Any
    _head_open = True  # a request's head not all in yet (from the connection's first byte)
    _head_bytes = 0

    def head_limit(self) -> int | None:
        return None

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        if self._head_open and not self.transport.is_closing():
            self._head_bytes += len(data)
            limit = self.head_limit()
            if limit is not None and self._head_bytes > limit:
                body = f"A request's line and headers hold at most {limit} bytes.".encode()
                self.transport.write(_HEAD_TOO_BIG % (len(body), body))
                self.transport.close()

    def on_message_begin(self) -> None:
        self._head_open, self._head_bytes = True, 0
        super().on_message_begin()  # type: ignore[misc]

    def on_headers_complete(self) -> None:
        """A request with more than one ``Host`` is answered 400 (RFC 9112 section 3.2: a
        server MUST; the Host check read the first, a front proxy may route by another):
        raised in the parser's callback, uvicorn answers it as a request it cannot parse."""
        self._head_open = False
        headers = getattr(self, "headers", ())
        if sum(1 for name, _ in headers if name == b"host") > 1:
            raise ValueError("more than one Host header")
        super().on_headers_complete()  # type: ignore[misc]

    def send_400_response(self, msg: str) -> None:
        """uvicorn's 400 for a request it cannot parse, with the security headers (its own
        carried none: secheaders.py)."""
        body = msg.encode("ascii", "replace")
        self.transport.write(b"HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain; "
                             b"charset=utf-8\r\n" + RAW + b"connection: close\r\n"
                             b"content-length: %d\r\n\r\n%s" % (len(body), body))
        self.transport.close()
