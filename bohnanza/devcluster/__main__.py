"""``python -m bohnanza.devcluster`` (``make cluster``): PostgreSQL, Redis, N server processes
and HAProxy on this machine; prints the URL and runs until Ctrl-C (or SIGTERM), then stops
them all. The data stays in ``--dir`` (the next start goes on with it).

It is the server processes' service manager too (docs/cluster.md: "in a service manager that
restarts it"): a server process that ends (``kill -9`` to watch a failover) is started again
on its port, and the others serve its rooms meanwhile. Only a process that keeps ending at
start-up (:data:`QUICK_EXITS` times in a row, each within :data:`QUICK_SECONDS`) stops the
cluster."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from .parts import HAProxy, Postgres, Redis, free_port

QUICK_SECONDS = 10.0  # a server that ends this soon after its start failed at start-up
QUICK_EXITS = 3  # such ends in a row stop the cluster (it cannot start: see its log)


def server_argv(port: int, host: str = "127.0.0.1") -> list[str]:
    return [sys.executable, "-m", "bohnanza", "serve", "--host", host, "--port", str(port),
            "--log-level", "warning"]


def _wait_ready(port: int, servers: list[subprocess.Popen[bytes]]) -> None:
    import httpx

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if any(s.poll() is not None for s in servers):
            raise SystemExit("a server process ended at start-up; see its log")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/rooms", timeout=1).is_success:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"the server on port {port} did not come up")


class Servers:
    """The server processes, one per port, each started again when it ends (module
    docstring)."""

    def __init__(self, root: Path, ports: list[int], env: dict[str, str]) -> None:
        self.root = root
        self.ports = ports
        self.env = env
        self.started = [0.0] * len(ports)
        self.quick = [0] * len(ports)  # ends soon after a start, in a row
        self.procs = [self._start(i) for i in range(len(ports))]

    def _start(self, i: int) -> subprocess.Popen[bytes]:
        self.started[i] = time.monotonic()
        with open(self.root / f"server{i}.log", "ab") as out:
            return subprocess.Popen(server_argv(self.ports[i]), env=self.env, stdout=out,
                                    stderr=subprocess.STDOUT)

    def keep_up(self) -> bool:
        """Start again each process that ended; False when one keeps ending at start-up."""
        for i, proc in enumerate(self.procs):
            code = proc.poll()
            if code is None:
                continue
            quick = time.monotonic() - self.started[i] < QUICK_SECONDS
            self.quick[i] = self.quick[i] + 1 if quick else 0
            if self.quick[i] >= QUICK_EXITS:
                return False
            self.procs[i] = self._start(i)
            print(f"server {i} ended (exit code {code}); started again on port "
                  f"{self.ports[i]} (pid {self.procs[i].pid})", file=sys.stderr, flush=True)
        return True

    def stop(self) -> None:
        for s in self.procs:
            if s.poll() is None:
                s.terminate()
        for s in self.procs:
            try:
                s.wait(10)
            except subprocess.TimeoutExpired:
                s.kill()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bohnanza.devcluster", description=__doc__)
    ap.add_argument("--port", type=int, default=8000, help="the balancer's port (default 8000)")
    ap.add_argument("--host", default="127.0.0.1", help="the balancer's address")
    ap.add_argument("--processes", type=int, default=3, help="server processes (default 3)")
    ap.add_argument("--dir", type=Path, default=Path("var/cluster"), help="data and logs")
    args = ap.parse_args(argv)
    root = args.dir.resolve()
    root.mkdir(parents=True, exist_ok=True)
    pg = Postgres(root, port=free_port(), fast=False).start()
    redis = Redis(root, port=free_port()).start()
    ports = [free_port() for _ in range(args.processes)]
    # behind the balancer every connection comes from its address (here 127.0.0.1): the
    # servers trust it to name each client (X-Forwarded-For), whose rooms and rates the
    # per-address limits count across the processes (docs/cluster.md)
    env = {**os.environ, "BOHNANZA_DATABASE": pg.url, "BOHNANZA_REDIS_URL": redis.url,
           "BOHNANZA_TRUSTED_PROXIES": "127.0.0.1"}
    servers = Servers(root, ports, env)
    lb = HAProxy(root, [("127.0.0.1", p) for p in ports], port=args.port, host=args.host)
    try:
        for port in ports:  # each server up before the balancer checks it
            _wait_ready(port, servers.procs)
        lb.start()
        print(f"PostgreSQL {pg.url}\nRedis      {redis.url}")
        for i, p in enumerate(ports):
            print(f"server {i}   http://127.0.0.1:{p}  (pid {servers.procs[i].pid}, log "
                  f"{root / f'server{i}.log'})")
        print(f"\nOpen {lb.url}/  (HAProxy over {args.processes} processes; Ctrl-C stops)",
              flush=True)
        signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
        while servers.keep_up():
            time.sleep(0.5)
        print("a server process keeps ending at start-up; stopping", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        lb.stop()
        servers.stop()
        redis.stop()
        pg.stop()


if __name__ == "__main__":
    sys.exit(main())
