"""Security headers on every HTTP answer (secheaders.py; a real ``bohnanza serve``, httpx).

An attacker review found none: any site could frame the board (a click on its own page
landing on the board's buttons), a browser could sniff a file's type from its bytes, and the
room's address went to other sites in the ``Referer``."""

from __future__ import annotations

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
