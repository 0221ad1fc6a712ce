"""Several server processes on PostgreSQL (issue 16): what the cluster costs against one
process on SQLite, and how long a failover takes. A benchmark, not a test: figures only.

Load (``--rooms R``, default 20): R rooms of 3 players each; seat i connects to process
i mod N (so with N > 1 one seat of each room usually sits on the room's owner and two are
relayed over Redis). Each room plays whole scripted games (``tests/server/harness.decide``:
plants, trades, gifts, harvests, third fields) one command at a time, at most ``--rate``
commands/s per room, for ``--seconds``. Measured over that window:

* command -> state p50/p99 (the sender's first ``state`` or ``patch`` newer than its last),
  split into
  clients on the room's owner and clients relayed to it (N > 1);
* server CPU per command: our processes' utime+stime / commands; ``+db`` adds the database's
  processes (PostgreSQL's backends, or nothing for SQLite inside the process) and Redis;
* memory per room: (RSS of our processes with the R rooms started - after start-up) / R.

Configurations: ``sqlite`` (1 process, SQLite file), ``pg1`` (1 process on PostgreSQL), and
``pgN`` (``--processes N`` behind nothing: clients pick the process, as a round-robin balancer
would).

The seats ask for state deltas (``hello`` with ``deltas: true``: a full state, then a
``patch`` per change, issue 14) and apply them; ``--full-states`` makes them read full states
only, as an older board.

Failover (``--failover K``): 3 processes, one room played by 3 players that reconnect as the
board does (after 300 ms, doubling to 5 s, to the next process as a balancer would); K times
the owner is killed (``kill -9``) at a random moment and started again; measured from the kill
to the first command accepted after it (p50, p99, max).

    python bench/cluster.py --rooms 20 --seconds 20              # sqlite, pg1, pg3 rows
    python bench/cluster.py --failover 30                        # failover times
    python bench/cluster.py --database postgresql://u@host/db --redis redis://host:6379/0

Without ``--database``/``--redis`` it starts private PostgreSQL (with fsync, as in production)
and Redis instances in a temp dir (bohnanza/devcluster/parts.py) and stops them after.
Everything here talks only to 127.0.0.1 and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from server.harness import decide  # noqa: E402  (the scripted player of the tests)

from bohnanza.devcluster.parts import Postgres, Redis, free_port  # noqa: E402
from bohnanza.server import delta  # noqa: E402

DELTAS: list[bool] = [True]  # the seats ask for state deltas (--full-states: no)

HOST = "127.0.0.1"


def cpu_s(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/stat") as f:
            parts = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def children(pid: int) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            with contextlib.suppress(OSError):
                if (d / "stat").read_text().rsplit(")", 1)[1].split()[1] == str(pid):
                    out.append(int(d.name))
    return out


def pct(vals: list[float], q: float) -> float:
    if not vals:
        return float("nan")
    vals = sorted(vals)
    return vals[min(len(vals) - 1, int(q * len(vals)))]


class Servers:
    """N ``bohnanza serve`` processes."""

    def __init__(self, tmp: Path, n: int, env: dict[str, str]) -> None:
        self.ports = [free_port() for _ in range(n)]
        self.env = {**os.environ, "BOHNANZA_GAME_SEED": "1", "BOHNANZA_COMMANDS_PER_SECOND":
                    "1000", "BOHNANZA_COMMANDS_BURST": "1000", "BOHNANZA_MAX_ROOMS": "1000",
                    "BOHNANZA_IDLE_SECONDS": "1000000", "BOHNANZA_BOT_DELAY": "0",
                    "BOHNANZA_PER_ADDRESS_LIMITS": "false", **env}  # all from 127.0.0.1
        self.tmp = tmp
        self.procs: list[subprocess.Popen[bytes] | None] = [None] * n

    def start(self, i: int) -> None:
        import httpx

        log = open(self.tmp / f"server{i}.log", "ab")  # noqa: SIM115 - kept for the process
        self.procs[i] = subprocess.Popen(
            [sys.executable, "-m", "bohnanza", "serve", "--host", HOST, "--port",
             str(self.ports[i]), "--db", str(self.tmp / "bench.db"), "--log-level", "warning"],
            env=self.env, cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"http://{HOST}:{self.ports[i]}/api/rooms", timeout=1).is_success:
                    return
            time.sleep(0.05)
        raise RuntimeError("a server did not come up")

    def start_all(self) -> Servers:
        for i in range(len(self.ports)):
            self.start(i)
        return self

    def pids(self) -> list[int]:
        return [p.pid for p in self.procs if p is not None and p.poll() is None]

    def stop(self) -> None:
        for p in self.procs:
            if p is not None and p.poll() is None:
                p.terminate()
        for p in self.procs:
            if p is not None:
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()


# --------------------------------------------------------------------------- load


class Seat:
    def __init__(self, url: str) -> None:
        self.url = url
        self.ws: Any = None
        self.version = -1
        self.view: dict[str, Any] | None = None
        self.replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.state_wait: tuple[int, float, asyncio.Future[float]] | None = None
        self.next_id = 1
        self.changed = asyncio.Event()
        self.doc: dict[str, Any] | None = None  # the state held: {"view", "room"}

    async def open(self, name: str) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(self.url, ping_interval=None, max_size=2**22)
        asyncio.get_running_loop().create_task(self.read())
        hello: dict[str, Any] = {"type": "hello", "name": name}
        if DELTAS[0]:
            hello["deltas"] = True
        await self.ws.send(json.dumps(hello))

    def _replied(self, m: dict[str, Any]) -> None:
        f = self.replies.pop(m["id"], None)
        if f is not None and not f.done():
            f.set_result(m)

    def _changed(self, version: int, view: dict[str, Any] | None) -> None:
        self.version, self.view = version, view
        w = self.state_wait
        if w is not None and version > w[0] and not w[2].done():
            w[2].set_result(time.perf_counter() - w[1])
        self.changed.set()

    async def read(self) -> None:
        with contextlib.suppress(Exception):
            async for raw in self.ws:
                if raw.startswith('{"type":"state"'):
                    m = json.loads(raw)
                    self.doc = {"view": m["view"], "room": m["room"]}
                    self._changed(m["version"], m["view"])
                elif raw.startswith('{"type":"patch"'):
                    m = json.loads(raw)
                    # (versions may skip: ``base`` is the version of the last frame got)
                    if self.doc is None or m["base"] != self.version:
                        if self.doc is not None:  # a version missed: a full state comes
                            self.doc = None
                            await self.ws.send('{"type":"resync"}')
                    else:
                        self.doc = delta.apply(self.doc, m["ops"])
                        self._changed(m["version"], self.doc["view"])
                elif raw.startswith('{"type":"reply"'):
                    self._replied(json.loads(raw))
                    continue
                else:
                    continue
                if m.get("reply") is not None:  # an ok reply riding in a state or patch
                    self._replied(m["reply"])

    async def say(self, text: str) -> tuple[dict[str, Any], float]:
        """The reply and the command -> state time (s; nan without a new state)."""
        loop = asyncio.get_running_loop()
        i = self.next_id
        self.next_id += 1
        fut: asyncio.Future[dict[str, Any]] = loop.create_future()
        st: asyncio.Future[float] = loop.create_future()
        self.replies[i] = fut
        self.state_wait = (self.version, time.perf_counter(), st)
        await self.ws.send(json.dumps({"type": "say", "id": i, "text": text}))
        reply = await asyncio.wait_for(fut, 30)
        try:
            took = await asyncio.wait_for(st, 5) if reply["ok"] else float("nan")
        except TimeoutError:
            took = float("nan")
        return reply, took


class Table:
    """One room's three seats, each on process i mod N."""

    def __init__(self, urls: list[str], name: str) -> None:
        self.seats = [Seat(urls[i % len(urls)].format(room=name)) for i in range(3)]

    async def setup(self) -> None:
        for i, s in enumerate(self.seats):
            await s.open(f"p{i}")
            await s.say("/join")
        await self.seats[0].say("/start")

    async def play(self, rate: float, stop_at: float, owner_url: str | None,
                   out: dict[str, list[float]], counts: list[int]) -> None:
        """The scripted game, one command at a time (at most ``rate`` per second)."""
        seats = self.seats
        period = 1.0 / rate
        while time.perf_counter() < stop_at:
            t0 = time.perf_counter()
            # until every seat holds the newest state; a delta seat is sent nothing for a
            # version in which it sees nothing new (another seat's markers: the scripted game
            # sets none), so after 2 s without a frame its lower version is taken as held
            stalled = 0
            while any(s.view is None for s in seats) or (
                    len({s.version for s in seats}) != 1 and stalled < 40):
                for s in seats:
                    s.changed.clear()
                try:
                    await asyncio.wait_for(asyncio.gather(*(s.changed.wait() for s in seats)),
                                           0.05)
                except TimeoutError:
                    stalled += not any(s.changed.is_set() for s in seats)
            choice = decide([s.view for s in seats])
            if choice is None:
                await seats[0].say("/start")
                continue
            seat, text = choice
            reply, took = await seats[seat].say(text)
            counts[0] += 1
            if reply["ok"] and took == took:
                on_owner = owner_url is None or seats[seat].url.startswith(owner_url)
                out["owner" if on_owner else "relayed"].append(took * 1e3)
            await asyncio.sleep(max(0.0, period - (time.perf_counter() - t0)))


def owner_ports(pg_url: str) -> dict[str, int]:
    """Each room's owner, as the port of the process that holds the owner's lease."""
    import psycopg

    from bohnanza.server.cluster.lease import lease_pids

    with psycopg.connect(pg_url, autocommit=True) as db:
        pids = lease_pids(db)
        rows = db.execute("SELECT name, owner FROM room_owner").fetchall()
    port_of = {}
    for pid in set(pids.values()):
        out = subprocess.run(["ss", "-ltnpH"], capture_output=True, text=True).stdout
        for line in out.splitlines():
            if f"pid={pid}," in line:
                port_of[pid] = int(line.split()[3].rsplit(":", 1)[1])
    return {n: port_of.get(pids.get(int(o), -1), 0) for n, o in rows}


async def load_run(label: str, servers: Servers, rooms: int, seconds: float, rate: float,
                   pg_url: str | None, db_pids: list[int]) -> dict[str, Any]:
    urls = [f"ws://{HOST}:{p}/ws/{{room}}" for p in servers.ports]
    await asyncio.sleep(1.0)
    base = sum(rss_kb(p) for p in servers.pids())
    out: dict[str, list[float]] = {"owner": [], "relayed": []}
    counts = [0]
    # set up the rooms (their seats and first states), a warm-up, then the measured window
    tables = [Table(urls, f"b{r}") for r in range(rooms)]
    await asyncio.gather(*(t.setup() for t in tables))
    warm = time.perf_counter() + 3.0
    await asyncio.gather(*(t.play(rate, warm, None, {"owner": [], "relayed": []}, [0])
                           for t in tables))
    owners = owner_ports(pg_url) if pg_url and len(servers.ports) > 1 else {}
    started = sum(rss_kb(p) for p in servers.pids())
    pids = servers.pids()
    cpu0 = sum(cpu_s(p) for p in pids)
    db0 = sum(cpu_s(p) for p in db_pids)
    t0 = time.perf_counter()
    stop_at = t0 + seconds
    await asyncio.gather(*(t.play(
        rate, stop_at, f"ws://{HOST}:{owners[f'b{r}']}/" if f"b{r}" in owners else None, out,
        counts) for r, t in enumerate(tables)))
    wall = time.perf_counter() - t0
    cpu = sum(cpu_s(p) for p in pids) - cpu0
    dbc = sum(cpu_s(p) for p in db_pids) - db0
    n = max(1, counts[0])
    return {
        "config": label, "processes": len(servers.ports), "rooms": rooms,
        "cmd_per_s": counts[0] / wall, "us_per_cmd": 1e6 * cpu / n,
        "us_per_cmd_with_db": 1e6 * (cpu + dbc) / n,
        "owner_p50": pct(out["owner"], 0.5), "owner_p99": pct(out["owner"], 0.99),
        "relayed_p50": pct(out["relayed"], 0.5), "relayed_p99": pct(out["relayed"], 0.99),
        "relayed_n": len(out["relayed"]), "owner_n": len(out["owner"]),
        "kb_per_room": (started - base) / rooms,
    }


# --------------------------------------------------------------------------- failover


async def failover(servers: Servers, pg_url: str, kills: int, seed: int) -> list[float]:
    from cluster.parts import Players

    from bohnanza.server.cluster.lease import lease_pids

    rnd = random.Random(seed)
    urls = [f"ws://{HOST}:{p}/ws/fail" for p in servers.ports]
    players = Players(urls, ["Ann", "Bob", "Cy"], backoff=0.3)
    await players.seat()
    times: list[float] = []
    killed_at: list[float] = []

    def on_ack(sent: float) -> None:
        if killed_at and sent > killed_at[0]:  # a command sent after the kill
            times.append(time.perf_counter() - killed_at.pop())

    players.on_ack = on_ack

    async def killer() -> None:
        import psycopg

        while len(times) < kills:
            await asyncio.sleep(rnd.uniform(0.5, 2.0))
            if killed_at:
                continue
            with psycopg.connect(pg_url, autocommit=True) as db:
                row = db.execute("SELECT owner FROM room_owner WHERE name='fail'").fetchone()
                pid = lease_pids(db).get(int(row[0])) if row else None
            idx = next((i for i, p in enumerate(servers.procs)
                        if p is not None and p.pid == pid), None)
            if idx is None:
                continue
            proc = servers.procs[idx]
            assert proc is not None
            killed_at.append(time.perf_counter())
            proc.kill()
            proc.wait()
            await asyncio.to_thread(servers.start, idx)
            print(f"# kill {len(times) + 1}/{kills}", file=sys.stderr)

    task = asyncio.create_task(killer())
    while not task.done():
        await players.play(until=task)
        if not task.done():
            await players.start_again()
    await players.close()
    return times


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--processes", type=int, default=3, help="N for the pgN row (default 3)")
    ap.add_argument("--rooms", type=int, default=20, help="R (default 20)")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured window per row")
    ap.add_argument("--rate", type=float, default=5.0, help="commands/s per room (max)")
    ap.add_argument("--database", help="postgresql:// URL (default: a private instance)")
    ap.add_argument("--redis", help="redis:// URL (default: a private instance)")
    ap.add_argument("--configs", default="sqlite,pg1,pgN", help="rows to run")
    ap.add_argument("--failover", type=int, metavar="K", help="measure K failovers instead")
    ap.add_argument("--lease-timeout", type=float, help="BOHNANZA_LEASE_TIMEOUT for the run")
    ap.add_argument("--json", help="write the rows as JSON here")
    ap.add_argument("--full-states", action="store_true",
                    help="the seats read full states only, as an older board (default: deltas)")
    a = ap.parse_args(argv)
    DELTAS[0] = not a.full_states
    tmp = Path(tempfile.mkdtemp(prefix="bohnanza-cluster-bench-"))
    tmp.chmod(0o755)  # the postgres user reaches its directory inside
    pg = redis = None
    try:
        pg_url, redis_url = a.database, a.redis
        if pg_url is None:
            pg = Postgres(tmp / "pg", fast=False).start()
            pg_url = pg.url
            assert pg.proc is not None
        if redis_url is None:
            redis = Redis(tmp / "redis").start()
            redis_url = redis.url
        extra = {"BOHNANZA_LEASE_TIMEOUT": str(a.lease_timeout)} if a.lease_timeout else {}
        if a.failover:
            env = {"BOHNANZA_DATABASE": pg_url, "BOHNANZA_REDIS_URL": redis_url, **extra}
            servers = Servers(tmp, 3, env).start_all()
            try:
                times = asyncio.run(failover(servers, pg_url, a.failover, 16))
            finally:
                servers.stop()
            print(f"failover from kill -9 to the first accepted command, {len(times)} kills: "
                  f"p50 {pct(times, 0.5):.2f} s, p99 {pct(times, 0.99):.2f} s, "
                  f"max {max(times):.2f} s")
            return 0
        rows = []
        for cfg in a.configs.split(","):
            if cfg == "sqlite":
                servers, env, dbp = Servers(tmp / "s", 1, extra), {}, []
                (tmp / "s").mkdir(exist_ok=True)
            else:
                n = 1 if cfg == "pg1" else a.processes
                env = {"BOHNANZA_DATABASE": pg_url, "BOHNANZA_REDIS_URL": redis_url, **extra}
                with contextlib.suppress(Exception):
                    import psycopg

                    with psycopg.connect(pg_url, autocommit=True) as db:
                        db.execute("TRUNCATE rooms, commands, chat, room_owner")
                servers = Servers(tmp, n, env)
                dbp = ([pg.proc.pid, *children(pg.proc.pid)] if pg and pg.proc else []) + (
                    [redis.proc.pid] if redis and redis.proc else [])
                cfg = f"pg{n}"
            servers.start_all()
            try:
                row = asyncio.run(load_run(cfg, servers, a.rooms, a.seconds, a.rate, pg_url,
                                           dbp))
            finally:
                servers.stop()
            print("# " + json.dumps(row), file=sys.stderr)
            rows.append(row)
        print("| config | R | cmd/s | us/cmd (ours) | us/cmd (+db) | state p50/p99 ms on owner"
              " | relayed p50/p99 ms | KB/room |")
        print("|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['config']} | {r['rooms']} | {r['cmd_per_s']:.0f} | {r['us_per_cmd']:.0f}"
                  f" | {r['us_per_cmd_with_db']:.0f} | {r['owner_p50']:.2f} / "
                  f"{r['owner_p99']:.2f} | {r['relayed_p50']:.2f} / {r['relayed_p99']:.2f} | "
                  f"{r['kb_per_room']:.0f} |")
        if a.json:
            Path(a.json).write_text(json.dumps(rows, indent=1))
        return 0
    finally:
        if pg is not None:
            pg.stop()
        if redis is not None:
            redis.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
