from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import ServerProc


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[type[ServerProc]]:
    started: list[ServerProc] = []

    def make(db_name: str = "bohnanza.db", **env: object) -> ServerProc:
        env.setdefault("idle_seconds", 600)
        env.setdefault("commands_per_second", 1000)
        env.setdefault("commands_burst", 1000)
        env.setdefault("bot_delay", 0)
        srv = ServerProc(tmp_path / db_name, **env)
        srv.start()
        started.append(srv)
        return srv

    yield make  # type: ignore[misc]
    for srv in started:
        srv.stop()


@pytest.fixture
def server(server_factory) -> ServerProc:  # type: ignore[no-untyped-def]
    return server_factory(game_seed=7)
