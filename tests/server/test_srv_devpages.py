"""The development pages (the sample board: ``/r/ROOM?sample``, ``web/dev/``) are served only
with ``BOHNANZA_DEV_PAGES=1`` (a real ``bohnanza serve``; raw requests, so the path tricks
reach the server as written).

Before, every server served them: a public server showed anyone's link ``/r/ROOM?sample`` as a
made-up table under the room's name (no socket; any state of ``web/dev/`` or one the page was
handed), and handed out the development data."""

from __future__ import annotations

import http.client
from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import ServerProc

DEV_PATHS = ["/dev/sample-view.json", "/dev/sample-plant.json", "//dev/sample-view.json",
             "/js/../dev/sample-view.json", "/dev/", "/r/x?sample", "/r/x?sample=sample-over",
             "/r/beans?lang=ja&sample="]


def _status(port: int, path: str, method: str = "GET") -> int:
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        c.request(method, path)
        return c.getresponse().status
    finally:
        c.close()


@pytest.fixture(params=[False, True], ids=["default", "dev"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[ServerProc, bool]]:
    env = {"dev_pages": 1} if request.param else {}
    srv = ServerProc(tmp_path / "d.db", **env)
    srv.start()
    try:
        yield srv, request.param
    finally:
        srv.stop()


def test_the_sample_board_is_served_only_with_dev_pages(served: tuple[ServerProc, bool]) -> None:
    srv, dev = served
    for path in DEV_PATHS:
        for method in ("GET", "HEAD"):
            got = _status(srv.port, path, method)
            if dev and path != "/dev/":
                assert got == 200, (method, path, got)
            else:
                assert got == 404, (method, path, got)
    # the game's pages and files are served either way
    for path in ("/", "/r/x", "/r/x?lang=ja", "/js/app.js", "/api/facts"):
        assert _status(srv.port, path) == 200, path
