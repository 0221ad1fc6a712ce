"""Browser tests: a real server (uvicorn subprocess, temp SQLite) and Debian's Chromium.

Run them on their own: ``.venv/bin/python -m pytest -q -m browser tests/e2e -p no:asyncio``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server.harness import ServerProc, _fork_server

from .e2e_board import assert_clean

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = os.environ.get("BOHNANZA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: the environment of the test servers: fast and reproducible
TEST_ENV = {
    "BOHNANZA_GAME_SEED": "11",           # a reproducible deal
    "BOHNANZA_COMMANDS_PER_SECOND": "200",
    "BOHNANZA_COMMANDS_BURST": "400",
    "BOHNANZA_IDLE_SECONDS": "2",         # the idle mark shows quickly
    "BOHNANZA_BOT_DELAY": "0.02",         # bots answer at once (test_e2e_bots)
    "BOHNANZA_BOT_TRADE_PATIENCE": "3",   # a bot waits at most 3 s for a person in phase 2
    "BOHNANZA_AWAY_SECONDS": "1",         # /handover is possible after 1 s away
    "BOHNANZA_PER_ADDRESS_LIMITS": "0",   # every page comes from 127.0.0.1 (gate.py)
    "BOHNANZA_DEV_PAGES": "1",            # the sample board (/r/x?sample, web/dev/)
}


class E2EServer:
    """``python -m bohnanza serve`` on a port of its own with the database ``db``; ``env``
    over the process environment (None: a variable left out). ``start`` and ``stop`` may be
    called again: a restart keeps the port and the database."""

    def __init__(self, db: Path, env: dict[str, str | None]) -> None:
        self.db = db
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        # the port picked may be taken before the server binds it (a client's outgoing
        # connection): the first start then takes another; a restart keeps the port served
        self.port_moves = True
        self.env = {k: v for k, v in {**os.environ, **env}.items() if v is not None}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = db.with_suffix(".log")

    def start(self) -> str:
        for _ in range(3):
            logged = self.log_path.stat().st_size if self.log_path.exists() else 0
            try:
                base = self._start()
                self.port_moves = False
                return base
            except RuntimeError:
                with self.log_path.open("rb") as f:
                    f.seek(logged)
                    taken = b"address already in use" in f.read()
                if not (taken and self.port_moves):
                    raise
            self.port = _free_port()
            self.base = f"http://127.0.0.1:{self.port}"
        raise RuntimeError("no free port for the server; see " + str(self.log_path))

    def _start(self) -> str:
        argv = ["serve", "--port", str(self.port), "--db", str(self.db), "--log-level", "warning"]
        if ServerProc.forked:
            # forked from the test process's fork server (tests/server/forkserver.py: the
            # server's modules loaded once), as the unit tests' servers are: a new process all
            # the same (a restart is one), without a second of CPU to load the modules again
            self.proc = _fork_server().spawn(argv, self.env, self.log_path)  # type: ignore[assignment]
        else:
            with self.log_path.open("a") as log:
                self.proc = subprocess.Popen([sys.executable, "-m", "bohnanza", *argv], cwd=ROOT,
                                             env=self.env, stdout=log, stderr=subprocess.STDOUT)
        assert self.proc is not None
        # generous: on a loaded machine (the suite in parallel) the app can take long to load
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.base + "/api/rooms", timeout=1):
                    return self.base
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.proc.kill()
                    raise RuntimeError("the server did not start; see "
                                       + str(self.log_path)) from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """Start ``python -m bohnanza serve`` on a free port; yield its base URL.

    The database and the log go to a directory of this session's own, not under pytest's
    temporary root: other pytest sessions on the machine prune that root's old directories,
    which would pull the database away from a running server.
    """
    tmp = Path(tempfile.mkdtemp(prefix="bohnanza-e2e-"))
    srv = E2EServer(tmp / "e2e.db", dict(TEST_ENV))
    try:
        yield srv.start()
    finally:
        srv.stop()
        if not os.environ.get("BOHNANZA_E2E_KEEP"):   # keep the database and log to look at
            shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture()
def private_server() -> Iterator[Any]:
    """``make(**env)``: a server of the test's own (stopped at the end), its settings the
    test servers' with ``env`` over them (a value of None: the server's default)."""
    tmp = Path(tempfile.mkdtemp(prefix="bohnanza-e2e-own-"))
    made: list[E2EServer] = []

    def make(**env: str | None) -> E2EServer:
        srv = E2EServer(tmp / f"own{len(made)}.db",
                         {**TEST_ENV, **{f"BOHNANZA_{k.upper()}": v for k, v in env.items()}})
        made.append(srv)
        srv.start()
        return srv

    try:
        yield make
    finally:
        for srv in made:
            srv.stop()
        if not os.environ.get("BOHNANZA_E2E_KEEP"):
            shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Chromium is not installed (make chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # the server's Content-Security-Policy (secheaders.py) refuses eval in the page, which
        # Playwright's string predicates (wait_for_function("window.x > 1")) use: the suite's
        # pages bypass it unless a test says bypass_csp=False (test_e2e_links.py meets it as a
        # player's browser does, with function predicates only)
        for method in ("new_context", "new_page"):
            real = getattr(b, method)
            setattr(b, method, lambda *a, _real=real, **kw: _real(*a, **{"bypass_csp": True, **kw}))
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture()
def page(board: Any) -> Any:
    """One test's view of its module's ``board`` fixture (a sample-board page and its error
    list, shared by the module): Escape closes what a test left open; the page must end with
    no page errors. Only for modules that define ``board``; a module with more to do per test
    (test_e2e_trial3, test_e2e_hesitations) keeps its own."""
    pg, errors = board
    pg.keyboard.press("Escape")
    yield pg
    assert_clean(pg, errors)
