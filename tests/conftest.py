"""Fixtures shared by every test folder: private PostgreSQL and Redis servers (the real
parts, started in temporary directories on free ports and stopped after the session; see
``bohnanza/devcluster/parts.py``). ``make test`` installs them from Debian when missing
(``make postgres redis``)."""

from __future__ import annotations

import itertools
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from bohnanza.devcluster.parts import Postgres, Redis

_db_numbers = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Postgres]:
    """One PostgreSQL server for the session (as the ``postgres`` user when run as root: its
    directory is directly in the temporary folder, which that user can reach; pytest's own
    folder is private to this user)."""
    root = Path(tempfile.mkdtemp(prefix="bohnanza-pg-"))
    try:
        pg = Postgres(root).start()
    except (RuntimeError, OSError, subprocess.CalledProcessError) as e:
        shutil.rmtree(root, ignore_errors=True)
        pytest.fail(f"PostgreSQL could not be started ({e}); `make postgres` installs it")
    yield pg
    pg.stop()
    shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def pg_url(postgres_server: Postgres) -> str:
    """A new empty database of its own for this test: its URL."""
    return postgres_server.fresh_database(f"t{next(_db_numbers)}")


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Redis]:
    try:
        r = Redis(tmp_path_factory.mktemp("redis")).start()
    except (RuntimeError, OSError) as e:
        pytest.fail(f"Redis could not be started ({e}); `make redis` installs it")
    yield r
    r.stop()


@pytest.fixture
def redis_url(redis_server: Redis) -> str:
    """The session's Redis, emptied for this test."""
    import redis

    client = redis.Redis.from_url(redis_server.url)
    client.flushall()
    client.close()
    return redis_server.url


def pytest_configure(config: pytest.Config) -> None:
    """The test servers (``server.harness.ServerProc``) are forked from a process that has
    loaded the server's modules once (``tests/server/forkserver.py``): a server starts with
    about 1 s less CPU, and the suite starts hundreds."""
    from server.harness import ServerProc

    ServerProc.forked = True


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent.name == "cluster":
            item.add_marker(pytest.mark.cluster)
