"""Soak: 20 rooms play while slow readers, connect churn and floods go at the server (issue 11).

One ``python -m bohnanza serve`` on 127.0.0.1 (its default limits: per-address limits on),
bounded in time, loopback only. Every client picks its own loopback source address (Linux
answers the whole of 127.0.0.0/8), so the server sees many addresses as it would on the
internet: each playing seat one of 127.0.1.x, the attackers a few of 127.0.2.x-127.0.5.x.

* players: ``--rooms`` rooms of 3 seats play whole games with the greedy bots' policy
  (``bench/server.py``'s ``Player``), ``--rate`` commands per second per seat; they ask for
  state deltas (a full state, then a ``patch`` per change) unless ``--full-states``;
* slow readers (127.0.2.x): ``--slow`` connections that watch the playing rooms with a tiny
  receive buffer and never read; each one the server closes (4001) is opened again;
* churn (127.0.3.x): connect, hello, close, as fast as it goes, from a few addresses;
* flood (127.0.4.x): connections that send chat as fast as they can into the playing rooms,
  and hellos into ever new room names (room creation), opened again when closed;
* half-open (127.0.5.x): sockets that send part of a request line and nothing more, opened
  again when the server closes them.

Two runs, ``quiet`` (the players alone) and ``attacked``; each prints the server's peak RSS
(sampled every 0.2 s) and the playing rooms' command -> reply p50/p99/max.

    python bench/soak.py                      # 2 x 40 s, 20 rooms
    python bench/soak.py --seconds 20 --rooms 10 --only attacked
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import socket
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import server as bench  # noqa: E402  (bench/server.py: Player, Stats, process helpers)

HOST = "127.0.0.1"  # the server listens here only


def _start_server(tmp: Path, rooms: int) -> tuple[Any, int]:
    port = _free_port()
    env = dict(os.environ)
    env.update({
        "BOHNANZA_GAME_SEED": "1",
        "BOHNANZA_MAX_ROOMS": str(rooms + 30),
        "BOHNANZA_IDLE_SECONDS": "1000000",
        "BOHNANZA_BOT_DELAY": "0.5",
    })
    proc = bench._start([sys.executable, "-m", "bohnanza", "serve", "--host", HOST,
                         "--port", str(port), "--db", str(tmp / "soak.db"),
                         "--log-level", "warning"], env)
    bench.echo._wait_port(port, proc)
    return proc, port


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


async def _connect(url: str, source: str, **kw: Any) -> Any:
    from websockets.asyncio.client import connect

    return await connect(url, local_addr=(source, 0), open_timeout=10, ping_interval=None,
                         close_timeout=1, **kw)


# ------------------------------------------------------------------ the attackers


class Tally:
    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def add(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1


async def slow_reader(url: str, source: str, stop: float, tally: Tally) -> None:
    """Watch a room and never read; when closed, again."""
    while time.monotonic() < stop:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.bind((source, 0))
        try:
            sock.setblocking(False)
            port = int(url.split(":")[2].split("/")[0])  # ws://127.0.0.1:PORT/ws/ROOM
            await asyncio.get_running_loop().sock_connect(sock, (HOST, port))
            from websockets.asyncio.client import connect

            ws = await connect(url, sock=sock, max_queue=1, open_timeout=10,
                               ping_interval=None, close_timeout=1)
            await ws.send('{"type": "hello", "name": "slow"}')
            tally.add("slow_open")
            await asyncio.wait_for(ws.wait_closed(), max(0.1, stop - time.monotonic()))
            tally.add(f"slow_closed_{ws.close_code}")
        except (TimeoutError, OSError, Exception):  # noqa: B014 - any failure: try again
            tally.add("slow_refused")
            sock.close()
            await asyncio.sleep(0.5)


async def churn(base: str, source: str, stop: float, tally: Tally) -> None:
    n = 0
    while time.monotonic() < stop:
        n += 1
        try:
            ws = await _connect(f"{base}/churn{n % 5}", source)
            await ws.send('{"type": "hello", "name": "churn"}')
            await ws.close()
            tally.add("churn_ok")
        except Exception:
            tally.add("churn_refused")
            await asyncio.sleep(0.05)


async def flood(base: str, room: str, source: str, stop: float, tally: Tally) -> None:
    """Chat as fast as it goes into ``room``; when closed, again."""
    while time.monotonic() < stop:
        try:
            ws = await _connect(f"{base}/{room}", source, max_queue=None)
            await ws.send('{"type": "hello", "name": "flood"}')
            drain = asyncio.create_task(_drain(ws))
            i = 0
            while time.monotonic() < stop:
                i += 1
                await ws.send(json.dumps({"type": "say", "id": i, "text": f"spam {i}"}))
                if i % 50 == 0:
                    await asyncio.sleep(0)
            drain.cancel()
        except Exception:
            tally.add("flood_closed")
            await asyncio.sleep(0.2)


async def new_rooms(base: str, source: str, stop: float, tally: Tally) -> None:
    n = 0
    while time.monotonic() < stop:
        n += 1
        try:
            ws = await _connect(f"{base}/squat{source.replace('.', '')}x{n}", source)
            await ws.send('{"type": "hello", "name": "squat"}')
            await ws.send('{"type": "say", "id": 1, "text": "/join"}')
            msg = await asyncio.wait_for(ws.recv(), 5)
            tally.add("room_refused" if '"error"' in msg else "room_made")
            await ws.close()
        except Exception:
            tally.add("room_conn_refused")
            await asyncio.sleep(0.1)


async def _drain(ws: Any) -> None:
    with contextlib.suppress(Exception):
        async for _ in ws:
            pass


async def half_open(port: int, source: str, n: int, stop: float, tally: Tally) -> None:
    loop = asyncio.get_running_loop()

    async def one() -> None:
        while time.monotonic() < stop:
            s = socket.socket()
            s.setblocking(False)
            try:
                s.bind((source, 0))
                await loop.sock_connect(s, (HOST, port))
                await loop.sock_sendall(s, b"GET /api/rooms HT")
                tally.add("half_open")
                data = await asyncio.wait_for(loop.sock_recv(s, 4096),
                                              max(0.1, stop - time.monotonic()))
                tally.add("half_closed" if not data else "half_answered")
            except (TimeoutError, OSError):
                pass
            finally:
                s.close()
            await asyncio.sleep(0.1)

    await asyncio.gather(*(one() for _ in range(n)))


# ------------------------------------------------------------------ one run


async def run(port: int, pid: int, rooms: int, seconds: float, rate: float, slow: int,
              attacked: bool) -> dict[str, Any]:
    base = f"ws://{HOST}:{port}/ws"
    stats = bench.Stats()
    players: list[bench.Player] = []
    for r in range(rooms):
        for j in range(3):
            source = f"127.0.1.{r * 3 + j + 1}"
            ws = await _connect(f"{base}/play{r}", source, max_queue=None, max_size=2**20)
            p = bench.Player(r, j, "greedy", rate, stats, seed=r * 10 + j)
            p.wire = bench.WebsocketsWire(ws, p.on_message)  # its decisions inline
            players.append(p)
            hello: dict[str, Any] = {"type": "hello", "name": f"p{j + 1}"}
            if bench.DELTAS[0]:  # a full state, then a patch per change (issue 14)
                hello["deltas"] = True
            p.wire.send(json.dumps(hello))
            rep = await p.say_wait("/join")
            assert rep.get("ok"), rep
    for p in players:
        if p.idx == 0:
            rep = await p.say_wait("/start")
            assert rep.get("ok"), rep
    await asyncio.sleep(1.0)
    base_rss = bench.rss_kb(pid)
    peak = [base_rss]
    t0 = time.perf_counter()
    stop_at = t0 + seconds
    for p in players:
        p.measuring = True
    for p in players:
        p.play(stop_at)
    tasks: list[asyncio.Task[None]] = []
    attack = None
    if attacked:  # in a process of its own: its sending does not slow the players' loop
        attack = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--attack", str(port), "--seconds", str(seconds),
            "--rooms", str(rooms), "--slow", str(slow), stdout=asyncio.subprocess.PIPE)
    lags: list[float] = []

    async def loop_lag() -> None:
        while time.perf_counter() < stop_at:
            t = time.perf_counter()
            await asyncio.sleep(0.005)
            lags.append((time.perf_counter() - t - 0.005) * 1e3)

    tasks.append(asyncio.create_task(loop_lag()))

    async def sample() -> None:
        while time.perf_counter() < stop_at + 2:
            peak[0] = max(peak[0], bench.rss_kb(pid))
            await asyncio.sleep(0.2)

    sampler = asyncio.create_task(sample())
    await asyncio.wait(tasks, timeout=seconds + 20)
    for t in tasks:
        t.cancel()
    for p in players:
        p.stop()
    await sampler
    counts: dict[str, int] = {}
    if attack is not None:
        out, _ = await asyncio.wait_for(attack.communicate(), 60)
        counts = json.loads(out.decode().strip().splitlines()[-1])
    for p in players:
        p.measuring = False
    await asyncio.gather(*(p.wire.close() for p in players), return_exceptions=True)
    reply_ms = sorted(stats.reply_ms)
    lags.sort()
    return {
        "run": "attacked" if attacked else "quiet", "rooms": rooms, "seconds": seconds,
        "commands": stats.sent, "ok": stats.ok, "refused": stats.refused, "codes": stats.codes,
        "reply_p50_ms": round(bench._pct(reply_ms, 0.5), 1),
        "reply_p99_ms": round(bench._pct(reply_ms, 0.99), 1),
        "reply_max_ms": round(reply_ms[-1], 1) if reply_ms else None,
        "client_lag_p99_ms": round(bench._pct(lags, 0.99), 1),
        "base_rss_mb": round(base_rss / 1024, 1), "peak_rss_mb": round(peak[0] / 1024, 1),
        "games_over": stats.games_over, "attack": counts,
    }


async def attack(port: int, rooms: int, seconds: float, slow: int) -> dict[str, int]:
    """The attackers (module docstring), for ``seconds``; what happened to them, counted."""
    base = f"ws://{HOST}:{port}/ws"
    stop_mono = time.monotonic() + seconds
    tally = Tally()
    tasks: list[asyncio.Task[None]] = []
    for i in range(slow):
        tasks.append(asyncio.create_task(slow_reader(
            f"{base}/play{i % rooms}", f"127.0.2.{i // 20 + 1}", stop_mono, tally)))
    for i in range(4):
        tasks.append(asyncio.create_task(churn(base, f"127.0.3.{i + 1}", stop_mono, tally)))
    for i in range(6):
        tasks.append(asyncio.create_task(flood(base, f"play{i % rooms}", f"127.0.4.{i + 1}",
                                               stop_mono, tally)))
    for i in range(3):
        tasks.append(asyncio.create_task(new_rooms(base, f"127.0.4.{50 + i}", stop_mono,
                                                   tally)))
    tasks.append(asyncio.create_task(half_open(port, "127.0.5.1", 30, stop_mono, tally)))
    await asyncio.wait(tasks, timeout=seconds + 15)
    for t in tasks:
        t.cancel()
    return tally.counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rooms", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=40.0)
    ap.add_argument("--rate", type=float, default=1.0, help="commands/s per playing seat")
    ap.add_argument("--slow", type=int, default=40, help="slow readers")
    ap.add_argument("--only", choices=["quiet", "attacked"])
    ap.add_argument("--attack", type=int, metavar="PORT", help=argparse.SUPPRESS)
    ap.add_argument("--full-states", action="store_true",
                    help="the players read full states only, as an older board (default: "
                    "state deltas)")
    args = ap.parse_args(argv)
    bench.DELTAS[0] = not args.full_states
    if args.attack:  # the attackers' own process (run)
        counts = bench.echo._run_async(attack(args.attack, args.rooms, args.seconds, args.slow))
        print(json.dumps(counts), flush=True)
        return 0
    rows = []
    for attacked in (False, True):
        if args.only and args.only != ("attacked" if attacked else "quiet"):
            continue
        with tempfile.TemporaryDirectory(prefix="bohnanza-soak-") as tmp:
            proc, port = _start_server(Path(tmp), args.rooms)
            try:
                row = bench.echo._run_async(asyncio.wait_for(
                    run(port, proc.pid, args.rooms, args.seconds, args.rate, args.slow,
                        attacked), args.seconds + 120))
            finally:
                bench._stop(proc)
        print(json.dumps(row), flush=True)
        rows.append(row)
    for r in rows:
        print(f"{r['run']:9} rooms={r['rooms']} commands={r['commands']} reply p50/p99/max "
              f"{r['reply_p50_ms']}/{r['reply_p99_ms']}/{r['reply_max_ms']} ms (players' loop "
              f"lag p99 {r['client_lag_p99_ms']} ms), peak RSS "
              f"{r['peak_rss_mb']} MB (after start {r['base_rss_mb']} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
