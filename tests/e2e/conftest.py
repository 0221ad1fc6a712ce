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

import pytest

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


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """Start ``python -m bohnanza serve`` on a free port; yield its base URL.

    The database and the log go to a directory of this session's own, not under pytest's
    temporary root: other pytest sessions on the machine prune that root's old directories,
    which would pull the database away from a running server.
    """
    port = _free_port()
    tmp = Path(tempfile.mkdtemp(prefix="bohnanza-e2e-"))
    db = tmp / "e2e.db"
    env = dict(os.environ)
    env.update({
        "BOHNANZA_GAME_SEED": "11",           # a reproducible deal
        "BOHNANZA_COMMANDS_PER_SECOND": "200",
        "BOHNANZA_COMMANDS_BURST": "400",
        "BOHNANZA_IDLE_SECONDS": "2",         # the idle mark shows quickly
        "BOHNANZA_BOT_DELAY": "0.02",         # bots answer at once (test_e2e_bots)
        "BOHNANZA_BOT_TRADE_PATIENCE": "3",   # a bot waits at most 3 s for a person in phase 2
        "BOHNANZA_AWAY_SECONDS": "1",         # /handover is possible after 1 s away
        "BOHNANZA_PER_ADDRESS_LIMITS": "0",   # every page comes from 127.0.0.1 (gate.py)
    })
    log = (tmp / "server.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bohnanza", "serve", "--port", str(port), "--db", str(db),
         "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while True:
        try:
            with urllib.request.urlopen(base + "/api/rooms", timeout=1):
                break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the server did not start; see " + log.name) from None
            time.sleep(0.1)
    try:
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        if not os.environ.get("BOHNANZA_E2E_KEEP"):   # keep the database and log to look at
            shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Chromium is not installed (make chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
