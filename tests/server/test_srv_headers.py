"""Security headers on every HTTP answer (secheaders.py; a real ``bohnanza serve``, httpx).

An attacker review found none: any site could frame the board (a click on its own page
landing on the board's buttons), a browser could sniff a file's type from its bytes, and the
room's address went to other sites in the ``Referer``."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .harness import ServerProc

PATHS = ["/", "/r/beans", "/js/app.js", "/css/board.css", "/api/rooms", "/api/facts",
         "/protocol.json", "/no/such/file.js", "/r/bad%2Fname", "/open?room=beans"]


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[ServerProc]:
    srv = ServerProc(tmp_path / "h.db")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def _assert_secure(r: httpx.Response, what: str) -> None:
    h = r.headers
    assert h.get("x-content-type-options") == "nosniff", what
    assert h.get("x-frame-options") == "DENY", what
    assert h.get("referrer-policy") in ("same-origin", "no-referrer",
                                        "strict-origin-when-cross-origin"), what
    csp = [d.strip() for d in h.get("content-security-policy", "").split(";")]
    assert "frame-ancestors 'none'" in csp, what
    assert "script-src 'self'" in csp, what


def test_pages_files_and_errors_carry_the_security_headers(server: ServerProc) -> None:
    """Each page, board file, JSON answer, 404, 409 and redirect; HEAD too; and the Host
    refusal (400) of a DNS-rebinding page."""
    with httpx.Client(base_url=server.base, follow_redirects=False) as c:
        for path in PATHS:
            for method in ("GET", "HEAD"):
                r = c.request(method, path)
                assert r.status_code < 500, (method, path, r.status_code)
                _assert_secure(r, f"{method} {path} -> {r.status_code}")
        r = c.get("/", headers={"host": "evil.example"})
        assert r.status_code == 400
        _assert_secure(r, "foreign Host")
        # a file answered 304 (unchanged) too: the browser keeps the headers of its copy,
        # but a 304 must not strip them either
        etag = c.get("/js/app.js").headers["etag"]
        r = c.get("/js/app.js", headers={"if-none-match": etag})
        assert r.status_code == 304
        _assert_secure(r, "304")


def _raw_answer(port: int, data: bytes) -> tuple[str, dict[str, str]]:
    """Send ``data`` on a fresh connection; the status line and headers of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(data)
        got = b""
        while b"\r\n\r\n" not in got:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
    head = got.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        k, _, v = line.partition(":")
        headers[k.strip().lower()] = v.strip()
    return head[0], headers


def test_the_gates_own_refusals_carry_the_security_headers(tmp_path: Path) -> None:
    """The 503 (connections over the address's cap), 431 (a head too big) and 429 (requests
    over the address's rate), written by the gate before the app: before, plain text without
    any of the headers the app's answers carry."""
    srv = ServerProc(tmp_path / "g.db", per_address_limits=1, max_conns_per_address=2,
                     http_requests_per_second=0.01, http_requests_burst=3)
    srv.start()
    try:
        held = [socket.create_connection(("127.0.0.1", srv.port)) for _ in range(2)]
        status, h = _raw_answer(srv.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert status.startswith("HTTP/1.1 503"), status
        _assert_secure(httpx.Response(503, headers=h), "503")
        for s in held:
            s.close()
        # a head that has not ended past max_head_bytes (32 KB)
        big = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nx-big: " + b"a" * 40000
        deadline = time.monotonic() + 10  # (until the server has seen the two close)
        while (status := _raw_answer(srv.port, big)[0]).startswith("HTTP/1.1 503"):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        status, h = _raw_answer(srv.port, big)
        assert status.startswith("HTTP/1.1 431"), status
        _assert_secure(httpx.Response(431, headers=h), "431")
        with httpx.Client(base_url=srv.base) as c:
            codes = [c.get("/api/facts").status_code for _ in range(6)]
            assert 429 in codes, codes
            r = c.get("/api/facts")
        assert r.status_code == 429
        _assert_secure(r, "429")
    finally:
        srv.stop()


@pytest.mark.parametrize("proxies", ["127.0.0.1", ""])
def test_hsts_only_on_https_as_a_trusted_proxy_says(tmp_path: Path, proxies: str) -> None:
    """Strict-Transport-Security on answers to requests a trusted proxy says came over HTTPS
    (X-Forwarded-Proto: https), a year; never over plain HTTP, nor when anyone else says
    so (before: no HSTS at all)."""
    srv = ServerProc(tmp_path / "t.db", trusted_proxies=proxies)
    srv.start()
    try:
        with httpx.Client(base_url=srv.base) as c:
            for path in ("/", "/js/app.js", "/api/rooms", "/no/such/file"):
                https = c.get(path, headers={"x-forwarded-proto": "https"})
                plain = c.get(path)
                assert "strict-transport-security" not in plain.headers, path
                if proxies:
                    assert https.headers["strict-transport-security"] == "max-age=31536000"
                else:
                    assert "strict-transport-security" not in https.headers, path
    finally:
        srv.stop()
    if proxies:  # and off at 0
        off = ServerProc(tmp_path / "o.db", trusted_proxies=proxies, hsts_seconds=0)
        off.start()
        try:
            r = httpx.get(off.base + "/", headers={"x-forwarded-proto": "https"})
            assert r.status_code == 200 and "strict-transport-security" not in r.headers
        finally:
            off.stop()


def test_a_request_the_server_cannot_take_is_400_with_the_headers(server: ServerProc) -> None:
    """Two Host headers (RFC 9112 section 3.2: 400; before: answered 200 by the first, which
    the Host check read, where a front proxy might route by the other), and a request uvicorn
    cannot parse (Content-Length with Transfer-Encoding, a NUL in a header): 400, with the
    security headers (before: uvicorn's own 400 carried none)."""
    for head in (b"Host: 127.0.0.1\r\nHost: evil.example\r\n",
                 b"Host: evil.example\r\nHost: 127.0.0.1\r\n",
                 b"Host: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n",
                 b"Host: 127.0.0.1\r\nX-A: a\x00b\r\n"):
        status, h = _raw_answer(server.port, b"GET / HTTP/1.1\r\n" + head + b"\r\n")
        assert status.startswith("HTTP/1.1 400"), (head, status)
        _assert_secure(httpx.Response(400, headers=h), repr(head))
    status, _ = _raw_answer(server.port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert status.startswith("HTTP/1.1 200")
