"""Private instances of the cluster's parts on this machine, each in a directory of its own on
free loopback ports: PostgreSQL (Debian's ``postgresql-15``), Redis (``redis-server``) and
HAProxy (``haproxy``). Used by the tests' fixtures, ``make cluster`` and ``bench/``; nothing
here is used by a server in production (there the parts are the site's own services).

PostgreSQL will not run as root: when this runs as root, ``initdb`` and ``postgres`` run as
the ``postgres`` user (which Debian's package creates) and the directory is handed to it.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

PG_BIN = Path(os.environ.get("BOHNANZA_PG_BIN", "/usr/lib/postgresql/15/bin"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_port(port: int, proc: subprocess.Popen[bytes], what: str, log: Path,
               timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited: {log.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not come up on port {port}")


def _listens(pid: int, port: int) -> bool:
    """Does process ``pid`` hold the socket listening on TCP ``port`` (Linux ``/proc``; True
    where that cannot be told)? A port picked free may be taken by another process before
    ours binds it; that process then answers the port, not ours."""
    try:
        rows = Path("/proc/net/tcp").read_text().splitlines()[1:]
        fds = list(Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return True
    inodes = {f"socket:[{r.split()[9]}]" for r in rows
              if r.split()[3] == "0A" and int(r.split()[1].rsplit(":", 1)[1], 16) == port}
    for fd in fds:
        with contextlib.suppress(OSError):
            if os.readlink(fd) in inodes:
                return True
    return False


def _stop(proc: subprocess.Popen[bytes] | None, sig: int = signal.SIGTERM) -> None:
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(sig)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Postgres:
    """A private PostgreSQL server: ``initdb`` in ``root/pg``, ``postgres`` on a free port,
    trust authentication on loopback, database ``bohnanza``. ``fast``: no fsync (tests: a
    killed *server process* loses nothing either way; only a machine crash would)."""

    def __init__(self, root: Path, port: int | None = None, fast: bool = True) -> None:
        self.root = Path(root)
        self.data = self.root / "pg"
        self.port = port or free_port()
        self.fast = fast
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = self.root / "postgres.log"
        self.user: str | None = "postgres" if os.geteuid() == 0 else None

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/bohnanza"

    def _as_user(self) -> dict[str, object]:
        """Popen's arguments that run a program as the postgres user (when we are root)."""
        if self.user is None:
            return {}
        pw = pwd.getpwnam(self.user)
        return {"user": pw.pw_uid, "group": pw.pw_gid, "extra_groups": [],
                "env": {**os.environ, "HOME": pw.pw_dir}}

    def start(self) -> Postgres:
        if not (PG_BIN / "postgres").exists():
            raise RuntimeError(f"no PostgreSQL in {PG_BIN} (make postgres installs it)")
        self.root.mkdir(parents=True, exist_ok=True)
        if self.user is not None:
            pw = pwd.getpwnam(self.user)
            os.chown(self.root, pw.pw_uid, pw.pw_gid)
            self.root.chmod(0o755)  # its parents must let the postgres user through
        if not (self.data / "PG_VERSION").exists():
            subprocess.run([str(PG_BIN / "initdb"), "-D", str(self.data), "-U", "postgres",
                            "-A", "trust", "-E", "UTF8", "--no-sync"], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           **self._as_user())  # type: ignore[call-overload]
        opts = ["-c", f"port={self.port}", "-c", "listen_addresses=127.0.0.1",
                "-c", f"unix_socket_directories={self.data}", "-c", "max_connections=100",
                "-c", "shared_buffers=32MB"]
        if self.fast:
            opts += ["-c", "fsync=off", "-c", "full_page_writes=off"]
        with open(self.log, "ab") as out:
            if self.user is not None:
                pw = pwd.getpwnam(self.user)
                os.chown(self.log, pw.pw_uid, pw.pw_gid)
            self.proc = subprocess.Popen(
                [str(PG_BIN / "postgres"), "-D", str(self.data), *opts],
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                **self._as_user())  # type: ignore[call-overload]
        _wait_port(self.port, self.proc, "postgres", self.log)
        deadline = time.monotonic() + 30
        while True:  # the port opens before it takes connections
            r = subprocess.run([str(PG_BIN / "psql"), "-h", "127.0.0.1", "-p", str(self.port),
                                "-U", "postgres", "-d", "postgres", "-tAc",
                                "SELECT 1 FROM pg_database WHERE datname='bohnanza'"],
                               capture_output=True, text=True)
            if r.returncode == 0:
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"postgres does not answer: {r.stderr}")
            time.sleep(0.1)
        if r.stdout.strip() != "1":
            self.fresh_database("bohnanza")
        return self

    def stop(self) -> None:
        _stop(self.proc, signal.SIGINT)  # fast shutdown

    def fresh_database(self, name: str) -> str:
        """A new empty database on this server: its URL (one per test that needs its own)."""
        subprocess.run([str(PG_BIN / "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                        "-U", "postgres", name], check=True)
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"


class Redis:
    """A private ``redis-server`` (no persistence) on a free port."""

    def __init__(self, root: Path, port: int | None = None) -> None:
        self.root = Path(root)
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = self.root / "redis.log"

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        exe = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not Path(exe).exists():
            raise RuntimeError("no redis-server (make redis installs it)")
        self.root.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                 "--appendonly", "no", "--dir", str(self.root)],
                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        _wait_port(self.port, self.proc, "redis-server", self.log)
        return self

    def stop(self) -> None:
        _stop(self.proc)


# ``timeout server`` is how long a request waits for a server's answer (a WebSocket upgrade
# too); once upgraded, ``timeout tunnel`` holds. A server that takes connections but does not
# answer (paused, hung, its machine cut off before the health checks mark it down) makes the
# request fail in seconds, and the page reconnects (to another server), instead of hanging
# for the hour its tunnel may last. ``on-marked-down shutdown-sessions``: the connections a
# server already has are closed once the health checks mark it down (it stopped answering),
# and the pages reconnect to another process (which takes its rooms within the lease);
# without it they stay in the silent tunnel until the board's watchdog gives up (24 s).
# ``option forwardfor``: each request names its client (X-Forwarded-For); servers that trust
# the balancer (``TRUSTED_PROXIES``) count their per-address limits by it (docs/cluster.md).
HAPROXY_CFG = """global
    maxconn 4096
defaults
    mode http
    timeout connect 2s
    timeout client 1h
    timeout server 5s
    timeout tunnel 1h
    option redispatch
    option forwardfor
    retries 2
frontend bohnanza
    bind {host}:{port}
    default_backend servers
backend servers
    balance roundrobin
    option httpchk
    http-check send meth GET uri /api/rooms ver HTTP/1.1 hdr Host localhost
{servers}
"""


class HAProxy:
    """A private ``haproxy`` spreading HTTP and WebSocket connections over ``backends``
    (host, port) round robin, each checked on ``/api/rooms``."""

    def __init__(self, root: Path, backends: list[tuple[str, int]], port: int | None = None,
                 host: str = "127.0.0.1") -> None:
        self.root = Path(root)
        self.backends = backends
        self.port = port or free_port()
        self.port_moves = port is None  # picked here: another is picked if it is taken
        self.host = host
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = self.root / "haproxy.log"

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def config(self) -> str:
        servers = "\n".join(f"    server s{i} {h}:{p} check inter 500 fall 2 rise 1"
                            " on-marked-down shutdown-sessions"
                            for i, (h, p) in enumerate(self.backends))
        return HAPROXY_CFG.format(host=self.host, port=self.port, servers=servers)

    def start(self) -> HAProxy:
        exe = shutil.which("haproxy") or "/usr/sbin/haproxy"
        if not Path(exe).exists():
            raise RuntimeError("no haproxy (make cluster installs it)")
        self.root.mkdir(parents=True, exist_ok=True)
        for _ in range(3):
            cfg = self.root / "haproxy.cfg"
            cfg.write_text(self.config())
            with open(self.log, "ab") as out:
                self.proc = subprocess.Popen([exe, "-db", "-f", str(cfg)], stdout=out,
                                             stderr=subprocess.STDOUT, start_new_session=True)
            try:
                _wait_port(self.port, self.proc, "haproxy", self.log)
            except RuntimeError:
                if not self.port_moves or self.proc.poll() is None:
                    raise
            else:
                if not self.port_moves or _listens(self.proc.pid, self.port):
                    return self
            _stop(self.proc)  # the port was taken meanwhile: another one
            self.port = free_port()
        raise RuntimeError(f"haproxy did not start on a free port: see {self.log}")

    def stop(self) -> None:
        _stop(self.proc)
