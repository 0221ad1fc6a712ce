"""Server load and latency, measured against the bare WebSocket floor (issue: server bench).

For each R it starts, one after the other, two servers as subprocesses on 127.0.0.1:

* the floor: ``../shared/tools/ws_echo_bench.py server --impl fastapi`` (FastAPI route under
  uvicorn that re-sends every text frame to the 5 members of its room), driven by that
  tool's own ``load_client``;
* ours: ``python -m bohnanza serve`` (real uvicorn, SQLite on disk in a temp dir, default
  ``synchronous``), driven by R rooms x C real WebSocket clients that say hello, ``/join``,
  ``/start`` and then play whole games over the wire protocol with a bot policy (``greedy``
  by default) deciding on the ``view`` of the ``state`` messages they receive. Each client
  sends at most ``--rate`` commands/s and keeps at most one command in flight; a seat that
  must act but whose policy waits is hurried after ``HURRY_S`` without change; when a game is
  over, the first seat sends ``/start`` again so the load continues.

Measured per run, over the traffic window only (connect, join and start excluded):
  * command -> reply latency (``say`` -> ``reply`` with the same id) and command -> state
    latency (``say`` -> the first ``state`` on the sender's connection whose version is newer
    than the one the sender had): p50, p99, max;
  * commands/s reached against offered (clients x ``--rate``), server CPU us per command
    (``/proc/PID/stat`` utime+stime / commands sent; the kernel part, stime, also alone in
    ``--json``: sockets and SQLite's file writes), client CPU (% of one core, all client
    processes together, and us per command; a client parses a state only when its seat
    decides, and applies the patches that came since then at that moment, so it loads the
    machine less);
  * KB received per command: every frame of every connection of the room (``kb_rx_per_cmd``);
  * whether the row is valid: the clients' own event loop wakes late (``client_lag_p99`` over
    ``LAG_P99_MAX_MS``) or a client process is busier than ``CLIENT_CPU_MAX_PCT`` of a core:
    then its latencies are the clients', not the server's, and the row says NOT VALID (run the
    clients in several processes: ``--client-procs N``, the rooms split among them);
  * server memory per room: (RSS with R rooms of C seated players, joined but not started,
    minus RSS after start-up) / R; the same after ``/start`` and after the traffic window
    (idle rooms, the clients still connected; RSS keeps what the allocator kept, so this is
    an upper bound); for the floor the same with R x C open connections;
  * ratios to the floor at the same R: CPU per command / floor CPU per message; state p50 and
    p99 / floor round trip p50 and p99; memory per room / floor memory per room.
The floor is driven at the per-client command rate our server actually achieved (bots do not
always have a command), with the same number of messages, so both see the same offered load.

The clients (they belong to the bench, not to the tree measured: ``--compare`` drives every
tree with the same clients) are picows connections (frames parsed in C, one callback per
frame on the event loop, no task per connection; ``--deflate`` uses the ``websockets``
library, which speaks permessage-deflate), played from the loop's timers; the bots decide on
a thread of their own (``Decider``; ``--inline-decisions``: on the loop, as before), since a
greedy decision takes 0.1 ms at the median but tens of ms at its longest, which would hold up
the frames' timestamps (the latencies) and the loop. A command's latencies count from its
send, after its decision.

Our clients ask for state deltas (``hello`` with ``deltas: true``: a full state, then a patch
per change, issue 14); ``--full-states`` makes them read full states only, as an older board.
A server that does not know deltas (an older tree in ``--compare``) sends full states, which
the clients read all the same.

Benchmark settings of our server (env ``BOHNANZA_*``): a temp DB, ``GAME_SEED=1``, rate limit
1000/s (burst 1000), ``MAX_ROOMS=R+10``, ``IDLE_SECONDS`` large (no idle marks: the clients
send no ``activity``). Clients use no permessage-deflate (like the floor client), unless
``--deflate`` (as browsers: every frame is then compressed by the server).

    python bench/server.py --rooms 100 --seconds 30      # one run; last line cpu_ratio=X p99_ms=Y
    python bench/server.py                               # rows for R = 1, 20, 100, 200
    python bench/server.py --rooms 20 --rate 2 --clients 5 --policy random --no-fill
    python bench/server.py --rooms 100 --server-src HEAD          # the last commit, not the tree
    python bench/server.py --rooms 100 --env BOHNANZA_SQLITE_SYNCHRONOUS=FULL   # fsync per command
    python bench/server.py --rooms 100 --py-spy /tmp/srv.txt      # + top functions of the server
    python bench/server.py --rooms 100 --seconds 12 --compare HEAD~1,. --repeat 4  # A/B, then
                                         # the floor once a round: CPU ratio, KB/cmd, KB/room
    python bench/server.py --rooms 100 --client-procs 2   # clients in 2 processes
    python bench/server.py --rooms 100 --client-procs 2 --pin   # servers on CPU 0, clients
                                         # on the others (both servers placed the same way)
    python bench/server.py --processes 3 --rooms 20 [--database URL]  # bench/cluster.py: SQLite,
                                         # 1 and N processes on PostgreSQL (and --failover K)

By default a seat whose bot has nothing to do at its slot sets or clears a ``/want`` or
``/have`` marker (a game command that is stored and changes the state), so every client sends
the full ``--rate``; ``--no-fill`` sends only the bots' own commands (about half as many).
The client CPU and the CPU of everything else on the machine (``other CPU``, from
``/proc/stat``) are reported: on a 2-core machine, latencies are only meaningful while
server + client + other stay well below 200 %.

Everything is bounded: each run has a hard timeout, servers are stopped by PID (SIGTERM, then
SIGKILL after 5 s), and an exit handler stops any server still running.
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import gc
import importlib.util
import json
import os
import queue
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

ECHO_PATH = REPO.parent / "shared" / "tools" / "ws_echo_bench.py"
HOST = "127.0.0.1"  # never anything else
HURRY_S = 1.0  # a seat that must act is hurried after this long without a change
JOIN_CONCURRENCY = 64
try:  # the clients parse the frames they read with the server's own JSON library
    import orjson

    loads: Callable[[str | bytes], Any] = orjson.loads
except ImportError:  # pragma: no cover - an environment without it
    loads = json.loads
STATE_VERSION = re.compile(r'\{"type":"state","version":(\d+),')
PATCH_HEAD = re.compile(r'\{"type":"patch","version":(\d+),"base":(\d+),')
RIDES = re.compile(r',"reply":\{"id":(-?\d+),"ok":true\}\}$')  # a reply in a state or patch


def _load_echo() -> Any:
    spec = importlib.util.spec_from_file_location("ws_echo_bench", ECHO_PATH)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the floor from {ECHO_PATH}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


echo = _load_echo()


# --------------------------------------------------------------------------- processes

_LIVE: set[subprocess.Popen[bytes]] = set()


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop one server we started, by its PID: SIGTERM, then SIGKILL after 5 s (120 s under
    ``--server-prefix``)."""
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(proc.pid, signal.SIGTERM)
        try:
            proc.wait(120 if SERVER_PREFIX else 5)  # valgrind writes its summary at the exit
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.kill(proc.pid, signal.SIGKILL)
            proc.wait(5)
    _LIVE.discard(proc)


@atexit.register
def _stop_all() -> None:
    for p in list(_LIVE):
        _stop(p)


def _start(cmd: list[str], env: dict[str, str] | None = None,
           cwd: Path = REPO) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(cmd, cwd=str(cwd), env=env, stdin=subprocess.DEVNULL)
    _LIVE.add(proc)
    if PIN[0] is not None:  # --pin: the server (ours or the floor) on its CPU alone
        os.sched_setaffinity(proc.pid, {PIN[0]})
    return proc


def pin(cpus: set[int]) -> int:
    """``--pin``: the first of ``cpus`` (this process's CPUs) for the servers, the others for
    this process and every process it starts after (the clients, inherited): the server and
    the bench's clients then never share a core's caches nor its run queue, as a server and
    clients on other machines do not. Both servers (ours and the floor) are placed the same
    way. Returns the servers' CPU. Raises ``SystemExit`` with fewer than 2 CPUs."""
    if len(cpus) < 2:
        raise SystemExit("--pin needs at least 2 CPUs")
    first = min(cpus)
    os.sched_setaffinity(0, cpus - {first})
    return first


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_s(pid: int) -> float:
    return float(echo._cpu_s(pid))


def sys_cpu_s(pid: int) -> float:
    """The kernel part of a process's CPU time (``stime``: sockets, files)."""
    with open(f"/proc/{pid}/stat") as f:
        parts = f.read().rsplit(")", 1)[1].split()
    return int(parts[12]) / os.sysconf("SC_CLK_TCK")


def machine_busy_s() -> float:
    """CPU seconds all cores spent busy (``/proc/stat``), to see what else ran meanwhile."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:]]
    idle = v[3] + (v[4] if len(v) > 4 else 0)
    return (sum(v[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def start_floor() -> tuple[subprocess.Popen[bytes], int]:
    port = echo._free_port()
    proc = _start([sys.executable, str(ECHO_PATH), "server", "--impl", "fastapi",
                   "--port", str(port)])
    echo._wait_port(port, proc)
    return proc, port


SERVER_ENV: dict[str, str] = {}  # extra BOHNANZA_* settings from the command line (--env)
PROFILE: list[Any] = [None, False]  # py-spy raw output file of the server, --idle
DB_DIR: list[str | None] = [None]  # where the temp dir of the SQLite file goes (--db-dir)
SERVER_SRC: list[Path] = [REPO]  # where `python -m bohnanza` is imported from (--server-src)
SERVER_PREFIX: list[str] = []  # the server's command starts with these (--server-prefix)
PIN: list[int | None] = [None]  # the servers' CPU (--pin), the clients on the others
DEFLATE: list[bool] = [False]  # our clients ask for permessage-deflate, as browsers do (--deflate)


def start_ours(tmp: Path, rooms: int) -> tuple[subprocess.Popen[bytes], int]:
    port = echo._free_port()
    env = dict(os.environ)
    env.update({
        "BOHNANZA_DB": str(tmp / "bench.db"),
        "BOHNANZA_GAME_SEED": "1",
        "BOHNANZA_COMMANDS_PER_SECOND": "1000",
        "BOHNANZA_COMMANDS_BURST": "1000",
        "BOHNANZA_MAX_ROOMS": str(rooms + 10),
        "BOHNANZA_IDLE_SECONDS": "1000000",
        "BOHNANZA_HOST": HOST,
        "BOHNANZA_PER_ADDRESS_LIMITS": "0",  # every client comes from loopback (gate.py)
        "BOHNANZA_PARK_AFTER": "1000000",
    })
    env.update(SERVER_ENV)
    env["PYTHONPATH"] = str(SERVER_SRC[0])
    proc = _start(SERVER_PREFIX + [sys.executable, "-m", "bohnanza", "serve", "--host", HOST,
                                   "--port", str(port), "--db", str(tmp / "bench.db"),
                                   "--log-level", "warning"], env, cwd=SERVER_SRC[0])
    echo._wait_port(port, proc, 600.0 if SERVER_PREFIX else 15.0)
    return proc, port


def _source_tree(spec: str) -> Path:
    """A directory to import the server from: a path, or a git revision extracted to /tmp."""
    if Path(spec).is_dir():
        return Path(spec).resolve()
    tmp = Path(tempfile.mkdtemp(prefix="bohnanza-src-"))
    atexit.register(lambda: subprocess.run(["rm", "-rf", str(tmp)], check=False))
    rev = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--verify", spec],
                         capture_output=True, text=True, check=True).stdout.strip()
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "bohnanza", "web"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=archive, check=True)
    print(f"# server from git {rev[:10]}", file=sys.stderr)
    return tmp


# --------------------------------------------------------------------------- clients


def _pct(vals: list[float], q: float) -> float:
    return float(echo._pct(vals, q))


@dataclass
class Stats:
    sent: int = 0
    ok: int = 0
    refused: int = 0
    reply_ms: list[float] = field(default_factory=list)
    state_ms: list[float] = field(default_factory=list)
    states_rx: int = 0
    frames_rx: int = 0
    bytes_rx: int = 0
    games_started: int = 0
    games_over: int = 0
    decides: int = 0
    fills: int = 0
    patches_rx: int = 0
    resyncs: int = 0
    codes: dict[str, int] = field(default_factory=dict)


class Player:
    """One seat's connection: :meth:`on_message` tracks the view as frames come (the
    transport's callback, no task), :meth:`play` plays it from timers of the event loop,
    each decision made on the group's decider thread (:meth:`_decide`)."""

    def __init__(self, room: int, idx: int, policy: str, rate: float,
                 stats: Stats, seed: int, fill: bool = True) -> None:
        from bohnanza.bots import get_policy
        from bohnanza.server import delta

        self.wire: Any = None  # set by Group.open: send(text), close()
        self.room = room
        self.idx = idx
        self.policy_name = policy
        self.get_policy = get_policy
        self.policy = get_policy(policy)
        self.rng = random.Random(seed)
        self.period = 1.0 / rate
        self.stats = stats
        self.view: dict[str, Any] | None = None
        self.raw_state: str | None = None  # the newest state, not parsed yet
        # state deltas (a server that sends them: its hello said deltas): the patches since
        # the newest state or the last decision, applied when this seat decides
        self.patches: list[str] = []
        self.doc: dict[str, Any] | None = None  # {view, room} as of the last decision
        self.resyncing = False
        self.apply_patch = delta.apply
        self.info: dict[str, Any] | None = None
        self.version = 0
        self.changed_at = time.perf_counter()
        self.game_no = 0
        self.seat: int | None = None
        self.next_id = 0
        # in flight: (id, t_send, version at send, state seen)
        self.pending: list[Any] | None = None
        self.waiters: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.measuring = False
        self.started_game_no = -1
        self.fill = fill
        self.marked = False
        # playing (play, _tick): the next slot, the version decided on, the timer
        self.stop_at = 0.0
        self.next_slot = 0.0
        self.decided_version = -1
        self.timer: asyncio.Handle | None = None
        self.idle_wait = False  # past its slot with nothing to do: a new version wakes it
        self.deciding = False  # its decision is being made on the decider thread
        self.decider: Decider | None = None  # that thread (Group.open); None: inline

    # -- receiving
    def on_message(self, msg: str) -> None:
        """One text frame from the server (the version read from the frame's head; a state
        or patch is parsed only when this seat decides)."""
        now = time.perf_counter()
        if self.measuring:
            st = self.stats
            st.frames_rx += 1
            st.bytes_rx += len(msg)
        if msg.startswith('{"type":"reply"'):
            self._replied(loads(msg), now)
            return
        if msg.startswith('{"type":"patch"'):
            self._patch(msg, now)
        elif msg.startswith('{"type":"state"'):
            self._state(msg, now)
        else:
            return
        if msg.endswith('"ok":true}}'):  # a state or patch that carries my reply
            r = RIDES.search(msg, len(msg) - 60)
            if r is not None:
                self._replied({"id": int(r.group(1)), "ok": True}, now)

    def _newer(self, v: int, now: float) -> None:
        st = self.stats
        self.changed_at = now
        if self.measuring:
            st.states_rx += 1
        p = self.pending
        if p is not None and not p[3] and v > p[2]:
            p[3] = True
            if p[4]:
                st.state_ms.append((now - p[1]) * 1e3)
        if self.idle_wait:
            self._poke()

    def _patch(self, msg: str, now: float) -> None:
        """The versions only; the patch is applied in order when this seat decides."""
        m = PATCH_HEAD.match(msg)
        if m is None or self.resyncing:
            return
        v, b = int(m.group(1)), int(m.group(2))
        # versions may skip (a change in which this seat saw nothing new sent it nothing):
        # ``base`` is the version of the last frame it got, so only that is checked
        if b != self.version:  # a missed version: ask for a full state
            self.resyncing = True
            self.stats.resyncs += 1
            self.wire.send('{"type":"resync"}')
            return
        self.version = v
        self.patches.append(msg)
        if self.measuring:
            self.stats.patches_rx += 1
        self._newer(v, now)

    def _state(self, msg: str, now: float) -> None:
        """The version only; the view is parsed when this seat decides (a client gets every
        state of its room but decides at most --rate times a second)."""
        m = STATE_VERSION.match(msg)
        v = int(m.group(1)) if m else loads(msg)["version"]
        if v < self.version or (v == self.version and not self.resyncing):
            return
        self.resyncing = False
        self.version = v
        self.raw_state = msg
        self.patches = []
        self._newer(v, now)

    def _replied(self, d: dict[str, Any], now: float) -> None:
        st = self.stats
        p = self.pending
        if p is not None and d.get("id") == p[0]:
            if p[4]:
                st.reply_ms.append((now - p[1]) * 1e3)
                if d.get("ok"):
                    st.ok += 1
                else:
                    st.refused += 1
                    code = str(d.get("code"))
                    st.codes[code] = st.codes.get(code, 0) + 1
            self.pending = None
            self._poke()
        fut = self.waiters.pop(d["id"], None) if "id" in d else None
        if fut is not None and not fut.done():
            fut.set_result(d)

    # -- setup helpers (not measured)
    async def say_wait(self, text: str, timeout: float = 30.0) -> dict[str, Any]:
        self.next_id += 1
        sid = self.next_id
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiters[sid] = fut
        self.wire.send(json.dumps({"type": "say", "id": sid, "text": text}))
        return await asyncio.wait_for(fut, timeout)

    # -- playing
    def _send(self, text: str, now: float) -> None:
        self.next_id += 1
        sid = self.next_id
        self.pending = [sid, now, self.version, False, self.measuring]
        if self.measuring:
            self.stats.sent += 1
        self.wire.send(json.dumps({"type": "say", "id": sid, "text": text}))

    def _decide(self, now: float, raw_state: str | None, patches: list[str]) -> str | None:
        """On the decider thread: the newest state and the patches since (handed over by
        :meth:`_tick`) applied, the bot's command (or a marker to fill the slot)."""
        self.catch_up(raw_state, patches)
        if self.doc is not None:
            self.view = self.doc["view"]
            self.info = self.doc["room"]
            self.seat = self.doc["room"]["you"]["seat"]
        info, view = self.info, self.view
        if info is None or self.seat is None:
            return None
        if info["game_no"] != self.game_no:
            self.game_no = info["game_no"]
            self.policy = self.get_policy(self.policy_name)
            if self.measuring and self.idx == 0:
                self.stats.games_started += 1
        if view is None or view.get("phase") == "over" or not info["running"]:
            if info["over"] and self.seat == 0 and self.started_game_no != self.game_no:
                self.started_game_no = self.game_no
                if self.measuring:
                    self.stats.games_over += 1
                return "/start"
            return None
        you = view.get("you") or {}
        hurry = bool(you.get("must_act")) and now - self.changed_at >= HURRY_S
        self.stats.decides += 1
        text = self.policy.decide(view, self.rng, hurry=hurry)
        if text is None and self.fill:
            # nothing to do for the bot: set or clear a supply/demand marker, a real game
            # command that changes the state, so every seat offers the full rate
            if self.measuring:
                self.stats.fills += 1
            self.marked = not self.marked
            if not self.marked:
                return "/signals clear"
            beans = [c["bean"] for c in view.get("catalogue", ())] or ["blue"]
            return f"/{self.rng.choice(('want', 'have'))} {self.rng.choice(beans)}"
        return text

    def catch_up(self, raw_state: str | None, patches: list[str]) -> None:
        """``doc`` as of the newest frame: the newest full state (``raw_state``, when one
        came), then the patches since it, in order."""
        if raw_state is not None:
            d = loads(raw_state)
            self.doc = {"view": d["view"], "room": d["room"]}
        if patches and self.doc is not None:
            for raw in patches:
                self.apply_patch(self.doc, loads(raw)["ops"])

    def play(self, stop_at: float) -> None:
        """Play until ``stop_at`` (``time.perf_counter``): a command at most every period,
        one in flight, from the first slot at a random phase."""
        self.stop_at = stop_at
        self.next_slot = time.perf_counter() + self.rng.uniform(0, self.period)
        self.decided_version = -1
        self._later(self.next_slot - time.perf_counter())

    def stop(self) -> None:
        self.stop_at = 0.0
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _later(self, delay: float) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = asyncio.get_running_loop().call_later(max(0.0, delay), self._tick)

    def _poke(self) -> None:
        """Something this seat waits for came (its reply, a new version): tick soon."""
        if self.stop_at:
            if self.timer is not None:
                self.timer.cancel()
            self.timer = asyncio.get_running_loop().call_soon(self._tick)

    def _tick(self) -> None:
        """When the slot has come and nothing is in flight or being decided, hand the
        decision to the decider thread; otherwise wait (for the reply, the next slot, a new
        version or the hurry time)."""
        self.timer = None
        self.idle_wait = False
        now = time.perf_counter()
        if now >= self.stop_at or self.pending is not None or self.deciding:
            return  # stopped, or the reply (the decision) pokes it
        if now >= self.next_slot:
            hurry_due = now - self.changed_at >= HURRY_S
            if self.version != self.decided_version or hurry_due or self.fill:
                self.decided_version = self.version
                # what came since the last decision goes with it (the frames keep coming
                # on this thread meanwhile)
                raw, patches = self.raw_state, self.patches
                self.raw_state, self.patches = None, []
                self.deciding = True
                if self.decider is None:  # --inline-decisions
                    self._decided(self._decide(now, raw, patches))
                    return
                self.decider.put((self, now, raw, patches))
                return
            self._wait_for_change(now)
        else:
            self._later(min(self.next_slot - now, self.stop_at - now))

    def _decided(self, text: str | None) -> None:
        """The decision is there: send it now (its latencies count from here), or wait."""
        self.deciding = False
        now = time.perf_counter()
        if now >= self.stop_at:
            return
        if text is not None:
            self._send(text, now)
            self.next_slot = now + self.period
            return
        self._wait_for_change(now)

    def _wait_for_change(self, now: float) -> None:
        self.idle_wait = True
        self._later(min(max(0.01, self.changed_at + HURRY_S - now), self.stop_at - now))


class Decider:
    """The thread the bots of one client process decide on: :meth:`put` a player's job
    (``_decide``'s arguments), its ``_decided(text)`` is called on the event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.jobs: queue.SimpleQueue[tuple[Any, ...] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="bench-decider", daemon=True)
        self.thread.start()

    def put(self, job: tuple[Any, ...]) -> None:
        self.jobs.put(job)

    def _run(self) -> None:
        done = self.loop.call_soon_threadsafe
        while (job := self.jobs.get()) is not None:
            player, now, raw, patches = job
            try:
                text = player._decide(now, raw, patches)
            except Exception as e:  # the bench says so and goes on (as if nothing to do)
                print(f"# decision failed: {e!r}", file=sys.stderr)
                text = None
            done(player._decided, text)

    def stop(self) -> None:
        self.jobs.put(None)
        self.thread.join(10)


class PicowsWire:
    """A client connection on picows (frames parsed in C, one callback per message, sends
    written at once): the bench's clients cost the machine little, so they are not what
    limits the rate. Reassembles fragmented messages; answers a close."""

    @staticmethod
    async def connect(url: str, on_text: Any) -> PicowsWire:
        from picows import WSListener, WSMsgType, ws_connect

        text_type, cont, close = WSMsgType.TEXT, WSMsgType.CONTINUATION, WSMsgType.CLOSE

        class Listener(WSListener):
            parts: list[bytes] | None = None

            def on_ws_frame(self, transport: Any, frame: Any) -> None:
                kind = frame.msg_type
                if kind is text_type and frame.fin:
                    on_text(frame.get_payload_as_utf8_text())
                elif kind is text_type:
                    self.parts = [frame.get_payload_as_bytes()]
                elif kind is cont and self.parts is not None:
                    self.parts.append(frame.get_payload_as_bytes())
                    if frame.fin:
                        on_text(b"".join(self.parts).decode())
                        self.parts = None
                elif kind is close:
                    transport.send_close(frame.get_close_code())
                    transport.disconnect()

        transport, _ = await ws_connect(Listener, url, websocket_handshake_timeout=20,
                                        max_frame_size=2**20)
        return PicowsWire(transport, text_type)

    def __init__(self, transport: Any, text_type: Any) -> None:
        self.transport = transport
        self.text_type = text_type

    def send(self, text: str) -> None:
        self.transport.send(self.text_type, text.encode())

    async def close(self) -> None:
        self.transport.send_close()
        self.transport.disconnect()
        await asyncio.wait_for(self.transport.wait_disconnected(), 5)


class WebsocketsWire:
    """The same on the ``websockets`` library, which speaks permessage-deflate (``--deflate``,
    as browsers): a reader task per connection, sends in order through a lock-free chain."""

    @staticmethod
    async def connect(url: str, on_text: Any, compression: str | None) -> WebsocketsWire:
        from websockets.asyncio.client import connect

        ws = await connect(url, compression=compression, open_timeout=20, ping_interval=None,
                           max_queue=None, close_timeout=2, max_size=2**20)
        return WebsocketsWire(ws, on_text)

    def __init__(self, ws: Any, on_text: Any) -> None:
        self.ws = ws
        self.on_text = on_text
        self.reader = asyncio.create_task(self._read())
        self.last: asyncio.Future[None] | None = None

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for msg in self.ws:
                self.on_text(msg)

    def send(self, text: str) -> None:
        prev = self.last

        async def one() -> None:
            if prev is not None:
                await prev
            with contextlib.suppress(Exception):
                await self.ws.send(text)

        self.last = asyncio.ensure_future(one())

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        self.reader.cancel()
        with contextlib.suppress(BaseException):
            await self.reader


LAG_P99_MAX_MS = 10.0  # the clients' event loop late by more than this at p99: a starved row
CLIENT_CPU_MAX_PCT = 90.0  # one client process busier than this (% of a core): starved
SWITCH_INTERVAL_S = 0.001  # the GIL's switch interval in a client process (default 5 ms)
INLINE_DECISIONS: list[bool] = [False]  # --inline-decisions: on the loop's thread
CLIENT_PROCS: list[int] = [1]  # client processes (--client-procs)
DELTAS: list[bool] = [True]  # our clients ask for state deltas (--full-states: no)


class Group:
    """The clients of some rooms in one process: the bench's own, or one of the
    ``--client-procs`` worker processes (driven through :class:`RemoteGroup`). Each method is
    one phase of a run; :meth:`measure` returns what its clients counted."""

    def __init__(self, port: int, rooms: list[int], per_room: int, rate: float, policy: str,
                 fill: bool, deltas: bool, compression: str | None,
                 inline: bool = False) -> None:
        self.url = f"ws://{HOST}:{port}/ws"
        self.rooms = rooms
        self.per_room = per_room
        self.rate = rate
        self.policy = policy
        self.fill = fill
        self.deltas = deltas
        self.compression = compression
        self.stats = Stats()
        # the bots' decisions, on one thread of their own: a decision takes 0.1 ms at the
        # median but up to tens of ms (the greedy bot's search in a trade), which would hold
        # up this loop's frames and timers (their timestamps are the latencies); the loop
        # thread gets the GIL back within the switch interval
        self.inline = inline
        self.decider: Decider | None = None  # made by open()
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        self.players: list[Player] = []

    async def warmup(self) -> None:
        """One connection in a throw-away room, so a baseline includes the first-use costs."""
        from websockets.asyncio.client import connect

        async with connect(f"{self.url}/warmup", compression=self.compression,
                           ping_interval=None) as w:
            await w.send(json.dumps({"type": "hello", "name": "warm"}))
            await w.send(json.dumps({"type": "say", "id": 1, "text": "/help"}))
            async for m in w:
                assert isinstance(m, str)  # the server sends text frames
                if m.startswith('{"type":"reply"'):
                    break

    async def open(self) -> None:
        """Connect every seat, hello, /join."""
        if not self.inline:
            self.decider = Decider(asyncio.get_running_loop())
        sem = asyncio.Semaphore(JOIN_CONCURRENCY)

        async def open_room(r: int) -> None:
            for j in range(self.per_room):
                p = Player(r, j, self.policy, self.rate, self.stats, seed=r * 100 + j,
                           fill=self.fill)
                url = f"{self.url}/b{r}"
                async with sem:
                    if self.compression is None:
                        p.wire = await PicowsWire.connect(url, p.on_message)
                    else:
                        p.wire = await WebsocketsWire.connect(url, p.on_message, self.compression)
                p.decider = self.decider
                self.players.append(p)
                hello: dict[str, Any] = {"type": "hello", "name": f"p{j + 1}"}
                if self.deltas:
                    hello["deltas"] = True
                p.wire.send(json.dumps(hello))
                async with sem:
                    rep = await p.say_wait("/join")
                if not rep.get("ok"):
                    raise RuntimeError(f"room b{r}: /join refused: {rep}")

        await asyncio.gather(*(open_room(r) for r in self.rooms))

    async def start(self) -> None:
        sem = asyncio.Semaphore(JOIN_CONCURRENCY)

        async def one(p: Player) -> None:
            async with sem:
                rep = await p.say_wait("/start")
            if not rep.get("ok"):
                raise RuntimeError(f"room b{p.room}: /start refused: {rep}")

        await asyncio.gather(*(one(p) for p in self.players if p.idx == 0))

    async def measure(self, start_wall: float, seconds: float) -> dict[str, Any]:
        """Play from the wall-clock moment ``start_wall`` for ``seconds``, then wait up to 3 s
        for the replies in flight; what the clients counted, with their event loop's lag."""
        await asyncio.sleep(max(0.0, start_wall - time.time()))
        for p in self.players:
            p.measuring = True
        cli0 = time.process_time()
        t0 = time.perf_counter()
        stop_at = t0 + seconds
        for p in self.players:
            p.play(stop_at)
        lags: list[float] = []

        async def loop_lag() -> None:
            """How late this (the clients') event loop wakes: a share of every latency
            measured here is the clients' own, not the server's."""
            while time.perf_counter() < stop_at:
                t = time.perf_counter()
                await asyncio.sleep(0.002)
                lags.append((time.perf_counter() - t - 0.002) * 1e3)

        lag_task = asyncio.create_task(loop_lag())
        await asyncio.sleep(max(0.0, stop_at - time.perf_counter()))
        lag_task.cancel()
        end = time.perf_counter() + 3.0
        while any(p.pending is not None for p in self.players) and time.perf_counter() < end:
            await asyncio.sleep(0.01)
        cli_cpu = time.process_time() - cli0
        for p in self.players:
            p.measuring = False
        for p in self.players:
            p.stop()
        st = self.stats
        return {
            "sent": st.sent, "ok": st.ok, "refused": st.refused, "codes": st.codes,
            "reply_ms": st.reply_ms, "state_ms": st.state_ms, "states_rx": st.states_rx,
            "frames_rx": st.frames_rx, "bytes_rx": st.bytes_rx, "patches_rx": st.patches_rx,
            "resyncs": st.resyncs, "games_started": st.games_started,
            "games_over": st.games_over, "decides": st.decides, "fills": st.fills,
            "lost": sum(1 for p in self.players if p.pending is not None),
            "lags": lags, "cli_cpu_s": cli_cpu, "clients": len(self.players),
        }

    async def close(self) -> None:
        await asyncio.gather(*(p.wire.close() for p in self.players), return_exceptions=True)
        if self.decider is not None:
            self.decider.stop()


def _group_worker(conn: Any, args: tuple[Any, ...]) -> None:
    """A client process of ``--client-procs``: runs the phases its parent asks for."""

    async def main() -> None:
        group = Group(*args)
        while True:
            cmd, payload = await asyncio.to_thread(conn.recv)
            if cmd == "quit":
                conn.send(None)
                return
            try:
                conn.send(("ok", await getattr(group, cmd)(*payload)))
            except Exception as e:  # the parent raises it
                conn.send(("error", repr(e)))

    echo._run_async(main())


class RemoteGroup:
    """A :class:`Group` in a process of its own (spawned; stopped by its PID at exit)."""

    def __init__(self, *args: Any) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_group_worker, args=(child, args), daemon=True)
        self.proc.start()

    async def call(self, cmd: str, *payload: Any) -> Any:
        self.conn.send((cmd, payload))
        kind, value = await asyncio.to_thread(self.conn.recv)
        if kind == "error":
            raise RuntimeError(f"client process {self.proc.pid}: {value}")
        return value

    async def quit(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.send(("quit", ()))
            await asyncio.wait_for(asyncio.to_thread(self.conn.recv), 10)
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(5)


def starved(lag_p99_ms: float, busiest_pct: float) -> list[str]:
    """Why the clients were what limited a run (its row NOT VALID), or nothing: their event
    loop woke late (p99 over ``LAG_P99_MAX_MS``), or a client process was busier than
    ``CLIENT_CPU_MAX_PCT`` of a core."""
    why = []
    if lag_p99_ms > LAG_P99_MAX_MS:
        why.append(f"client loop lag p99 {lag_p99_ms:.1f} ms > {LAG_P99_MAX_MS:g}")
    if busiest_pct > CLIENT_CPU_MAX_PCT:
        why.append(f"a client process at {busiest_pct:.0f} % CPU > {CLIENT_CPU_MAX_PCT:g}")
    return why


async def drive_ours(port: int, pid: int, rooms: int, per_room: int, rate: float,
                     seconds: float, policy: str, timeout: float,
                     fill: bool = True) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    compression = "deflate" if DEFLATE[0] else None
    procs = max(1, min(CLIENT_PROCS[0], rooms))
    args = [(port, list(range(rooms))[i::procs], per_room, rate, policy, fill, DELTAS[0],
             compression, INLINE_DECISIONS[0]) for i in range(procs)]
    local = Group(*args[0]) if procs == 1 else None
    remote = [] if procs == 1 else [RemoteGroup(*a) for a in args]

    async def each(cmd: str, *payload: Any) -> list[Any]:
        if local is not None:
            return [await getattr(local, cmd)(*payload)]
        return list(await asyncio.gather(*(g.call(cmd, *payload) for g in remote)))

    def left() -> float:
        return max(1.0, deadline - time.monotonic())

    try:
        await asyncio.wait_for(Group(*args[0]).warmup(), left())
        await asyncio.sleep(0.5)
        gc.collect()
        base_rss = rss_kb(pid)
        t_setup = time.perf_counter()
        await asyncio.wait_for(each("open"), left())
        await asyncio.sleep(1.0)
        joined_rss = rss_kb(pid)
        await asyncio.wait_for(each("start"), left())
        await asyncio.sleep(1.0)
        started_rss = rss_kb(pid)
        setup_s = time.perf_counter() - t_setup

        # the measured window
        start_wall = time.time() + 0.5
        spy = None
        measures = asyncio.ensure_future(asyncio.wait_for(each("measure", start_wall, seconds),
                                                          left()))
        await asyncio.sleep(max(0.0, start_wall - time.time()))
        if PROFILE[0]:
            spy = subprocess.Popen(
                [str(Path(sys.executable).parent / "py-spy"), "record", "-p", str(pid), "-r",
                 "200", "-d", str(int(seconds)), "--format", "raw", "-o", PROFILE[0],
                 "--nonblocking"] + (["--idle"] if PROFILE[1] else []),
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        srv0, all0, sys0 = cpu_s(pid), machine_busy_s(), sys_cpu_s(pid)
        t0 = time.perf_counter()
        got: list[dict[str, Any]] = await measures
        wall = time.perf_counter() - t0
        srv_cpu = cpu_s(pid) - srv0
        srv_sys = sys_cpu_s(pid) - sys0
        busy = machine_busy_s() - all0
        if spy is not None:
            try:
                spy.wait(15)
            except subprocess.TimeoutExpired:
                spy.kill()
                spy.wait(5)
        # the rooms after play, idle (the clients still connected, nobody sends)
        await asyncio.sleep(1.0)
        played_rss = rss_kb(pid)
        await each("close")
    finally:
        for rg in remote:
            await rg.quit()

    def total(key: str) -> Any:
        return sum(g[key] for g in got)

    sent = total("sent")
    rep = sorted(x for g in got for x in g["reply_ms"])
    sta = sorted(x for g in got for x in g["state_ms"])
    lags = sorted(x for g in got for x in g["lags"])
    cli_cpu = total("cli_cpu_s")
    codes: dict[str, int] = {}
    for g in got:
        for k, v in g["codes"].items():
            codes[k] = codes.get(k, 0) + v
    clients = total("clients")
    offered = clients * rate
    reached = sent / wall
    busiest = max(100 * g["cli_cpu_s"] / wall for g in got)
    lag_p99 = _pct(lags, 0.99)
    why = starved(lag_p99, busiest)
    return {
        "rooms": rooms, "clients": clients, "client_procs": procs,
        "deltas": DELTAS[0], "seconds": round(wall, 2),
        "setup_s": round(setup_s, 1), "sent": sent, "ok": total("ok"),
        "refused": total("refused"), "lost": total("lost"), "codes": codes,
        "cmd_per_s": reached, "offered_cmd_per_s": offered,
        "reached_share": reached / offered if offered else float("nan"),
        "valid": not why, "starved": "; ".join(why),
        "reply_p50": _pct(rep, 0.5), "reply_p99": _pct(rep, 0.99),
        "reply_max": rep[-1] if rep else float("nan"),
        "client_lag_p50": _pct(lags, 0.5), "client_lag_p99": lag_p99,
        "state_p50": _pct(sta, 0.5), "state_p99": _pct(sta, 0.99),
        "state_max": sta[-1] if sta else float("nan"), "state_n": len(sta),
        "srv_cpu_pct": 100 * srv_cpu / wall,
        "srv_us_per_cmd": 1e6 * srv_cpu / max(1, sent),
        "srv_sys_us_per_cmd": 1e6 * srv_sys / max(1, sent),
        "cli_cpu_pct": 100 * cli_cpu / wall, "cli_us_per_cmd": 1e6 * cli_cpu / max(1, sent), "cli_cpu_pct_busiest_proc": busiest,
        "other_cpu_pct": 100 * (busy - srv_cpu - cli_cpu) / wall,
        "base_rss_kb": base_rss, "joined_rss_kb": joined_rss, "started_rss_kb": started_rss,
        "kb_per_room_joined": (joined_rss - base_rss) / rooms,
        "kb_per_room_started": (started_rss - base_rss) / rooms,
        "played_rss_kb": played_rss,
        "kb_per_room_played": (played_rss - base_rss) / rooms,
        "states_rx": total("states_rx"), "patches_rx": total("patches_rx"),
        "resyncs": total("resyncs"), "frames_rx": total("frames_rx"),
        "kb_rx_per_cmd": total("bytes_rx") / 1024 / max(1, sent),
        "games_started": total("games_started"), "games_over": total("games_over"),
        "decides": total("decides"), "fills": total("fills"),
    }


async def floor_memory(port: int, pid: int, rooms: int, per_room: int) -> dict[str, float]:
    """RSS of the floor with R x C open connections (one warm-up connection first)."""
    from websockets.asyncio.client import connect

    url = f"ws://{HOST}:{port}/ws"
    async with connect(f"{url}/warmup", compression=None, ping_interval=None) as w:
        await w.send("hi")
        await w.recv()
    await asyncio.sleep(0.5)
    base = rss_kb(pid)
    sem = asyncio.Semaphore(JOIN_CONCURRENCY)

    async def one(i: int) -> Any:
        async with sem:
            return await connect(f"{url}/r{i // per_room}", compression=None, open_timeout=20,
                                 ping_interval=None, close_timeout=2)

    conns = await asyncio.wait_for(asyncio.gather(*(one(i) for i in range(rooms * per_room))),
                                   120)
    await asyncio.sleep(1.0)
    full = rss_kb(pid)
    await asyncio.wait_for(asyncio.gather(*(c.close() for c in conns), return_exceptions=True),
                           30)
    return {"base_rss_kb": base, "kb_per_room": (full - base) / rooms}


def spy_top(path: str, n: int = 25) -> str:
    """Top functions of a py-spy raw (collapsed stacks) file: self and inclusive shares."""
    import collections
    import re

    own: collections.Counter[str] = collections.Counter()
    incl: collections.Counter[str] = collections.Counter()
    total = 0
    for line in Path(path).read_text().splitlines():
        stack, _, cnt = line.rpartition(" ")
        if not stack or not cnt.isdigit():
            continue
        k = int(cnt)
        total += k
        frames = [re.sub(r"\s*\((?:.*/)?([^/]*?):\d+\)", r" (\1)", f) for f in stack.split(";")]
        own[frames[-1]] += k
        for f in set(frames):
            incl[f] += k
    out = [f"py-spy {path}: {total} samples", "self:"]
    out += [f"  {100 * c / max(1, total):5.1f}%  {f}" for f, c in own.most_common(n)]
    out.append("inclusive:")
    out += [f"  {100 * c / max(1, total):5.1f}%  {f}" for f, c in incl.most_common(n)]
    return "\n".join(out)


# --------------------------------------------------------------------------- one run


def run_floor(rooms: int, per_room: int, ours: dict[str, Any],
              verbose: bool = True) -> dict[str, Any]:
    """The floor at the same R and the same achieved per-client rate and message count as
    the run ``ours``."""
    n = rooms * per_room
    f_rate = max(0.05, ours["cmd_per_s"] / n)
    f_msgs = max(1, round(ours["sent"] / n))
    proc, port = start_floor()
    if verbose:
        print(f"# floor server pid={proc.pid} port={port} R={rooms} rate={f_rate:.2f} "
              f"messages={f_msgs}", file=sys.stderr)
    try:
        mem = echo._run_async(floor_memory(port, proc.pid, rooms, per_room))
        time.sleep(0.5)
        sys0 = sys_cpu_s(proc.pid)
        floor: dict[str, Any] = echo._run_async(echo.load_client(
            f"ws://{HOST}:{port}/ws", rooms, per_room, f_msgs, f_rate,
            timeout=f_msgs / f_rate + 30, server_pid=proc.pid))
        floor["server_sys_us_per_cmd"] = 1e6 * (sys_cpu_s(proc.pid) - sys0) / max(1, floor["sent"])
    finally:
        _stop(proc)
    floor.update(mem)
    return floor


def run_one(rooms: int, seconds: float, rate: float, per_room: int, policy: str,
            fill: bool = True, verbose: bool = True) -> dict[str, Any]:
    timeout = seconds + 60 + rooms * 0.6
    row: dict[str, Any] = {"rooms": rooms, "rate": rate, "per_room": per_room}
    with tempfile.TemporaryDirectory(prefix="bohnanza-bench-", dir=DB_DIR[0]) as tmpdir:
        proc, port = start_ours(Path(tmpdir), rooms)
        if verbose:
            print(f"# our server pid={proc.pid} port={port} R={rooms}", file=sys.stderr)
        try:
            ours = echo._run_async(drive_ours(port, proc.pid, rooms, per_room, rate, seconds,
                                              policy, timeout, fill))
        finally:
            _stop(proc)
    row["ours"] = ours
    if verbose:
        print("# ours " + json.dumps(ours), file=sys.stderr)

    floor = run_floor(rooms, per_room, ours, verbose)
    row["floor"] = floor
    if verbose:
        print("# floor " + json.dumps(floor), file=sys.stderr)

    def ratio(a: float, b: float) -> float:
        return a / b if b and b == b and b > 0 else float("nan")

    row["cpu_ratio"] = ratio(ours["srv_us_per_cmd"], floor["server_cpu_us_per_cmd"])
    row["p50_ratio"] = ratio(ours["state_p50"], floor["rtt_p50_ms"])
    row["p99_ratio"] = ratio(ours["state_p99"], floor["rtt_p99_ms"])
    row["mem_ratio"] = ratio(ours["kb_per_room_joined"], floor["kb_per_room"])
    return row


HEADER = (
    "| R | clients | cmd/s | reply p50/p99/max ms | state p50/p99/max ms | srv CPU % "
    "| srv us/cmd | floor us/msg | CPU ratio | floor RTT p50/p99 ms | state p50/p99 ratio "
    "| KB/room joined / started / played | floor KB/room | mem ratio | client CPU % | other CPU % | refused | games over "
    "| KB rx/cmd | cmd/s reached / offered | client lag p99 ms | valid |"
)


def compare(sources: list[str], rooms: int, seconds: float, rate: float, per_room: int,
            policy: str, fill: bool, repeat: int) -> int:
    """``--compare``: our server from each source tree in turn (the order reversed every other
    round), then the floor at the rate the round's first run reached, ``repeat`` rounds (an
    even number gives each tree each place equally); one line per run, then per tree the
    medians of us/cmd (kernel part), its ratio to the floor's us/msg of the same round, KB
    received per command (all connections), state p99, KB per room (joined, after play) and
    the rows that were not valid (the clients starved)."""
    # SRC:full: that tree's clients read full states only (the same server, no deltas)
    trees = [_source_tree(src.removesuffix(":full")) for src in sources]
    got: list[list[dict[str, Any]]] = [[] for _ in sources]
    floors: list[dict[str, Any]] = []
    for i in range(repeat):
        first: dict[str, Any] | None = None
        # the order reversed every other round: a run reads a few % cheaper the later it comes
        # in its round (three copies of one tree: 363, 354, 342 and 371, 369, 355 µs per
        # command at R = 100), which a fixed order would credit to the second tree
        order = list(enumerate(zip(sources, trees, strict=True)))
        if i % 2:
            order.reverse()
        for k, (src, tree) in order:
            SERVER_SRC[0] = tree
            DELTAS[0] = not src.endswith(":full")
            with tempfile.TemporaryDirectory(prefix="bohnanza-bench-", dir=DB_DIR[0]) as tmpdir:
                proc, port = start_ours(Path(tmpdir), rooms)
                try:
                    o = echo._run_async(drive_ours(port, proc.pid, rooms, per_room, rate, seconds,
                                                   policy, seconds + 60 + rooms * 0.6, fill))
                finally:
                    _stop(proc)
            got[k].append(o)
            first = first or o
            print(f"run {i + 1} {src}: {o['srv_us_per_cmd']:.1f} us/cmd (kernel "
                  f"{o['srv_sys_us_per_cmd']:.1f}), {o['sent']} commands, {o['cmd_per_s']:.0f} of "
                  f"{o['offered_cmd_per_s']:.0f} cmd/s, {o['kb_rx_per_cmd']:.2f} KB rx/cmd, "
                  f"state p99 {o['state_p99']:.1f} ms, client lag p99 "
                  f"{o['client_lag_p99']:.1f} ms, {o['kb_per_room_joined']:.0f} / "
                  f"{o['kb_per_room_played']:.0f} KB/room joined / after play, refused "
                  f"{o['refused']}, resyncs {o['resyncs']}"
                  + ("" if o["valid"] else f"  NOT VALID: {o['starved']}"), flush=True)
        assert first is not None
        f = run_floor(rooms, per_room, first, verbose=False)
        floors.append(f)
        print(f"run {i + 1} floor: {f['server_cpu_us_per_cmd']:.1f} us/msg at "
              f"{first['cmd_per_s']:.0f} msg/s", flush=True)
    for src, runs in zip(sources, got, strict=True):
        ratios = [r["srv_us_per_cmd"] / f["server_cpu_us_per_cmd"]
                  for r, f in zip(runs, floors, strict=True)]
        bad = sum(1 for r in runs if not r["valid"])
        print(f"median {src}: {_median([r['srv_us_per_cmd'] for r in runs]):.1f} us/cmd "
              f"(kernel {_median([r['srv_sys_us_per_cmd'] for r in runs]):.1f}), CPU ratio "
              f"to the floor {_median(ratios):.2f}, "
              f"{_median([r['kb_rx_per_cmd'] for r in runs]):.2f} KB rx/cmd, state p99 "
              f"{_median([r['state_p99'] for r in runs]):.1f} ms, "
              f"{_median([r['kb_per_room_joined'] for r in runs]):.0f} / "
              f"{_median([r['kb_per_room_played'] for r in runs]):.0f} KB/room joined / "
              f"after play over {len(runs)} runs"
              + (f", {bad} NOT VALID (clients starved)" if bad else ""))
    return 0


def _median(vals: list[float]) -> float:
    v = sorted(vals)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def row_line(r: dict[str, Any]) -> str:
    o, f = r["ours"], r["floor"]
    return (
        f"| {r['rooms']} | {o['clients']} | {o['cmd_per_s']:.0f} "
        f"| {o['reply_p50']:.1f} / {o['reply_p99']:.1f} / {o['reply_max']:.0f} "
        f"| {o['state_p50']:.1f} / {o['state_p99']:.1f} / {o['state_max']:.0f} "
        f"| {o['srv_cpu_pct']:.0f} | {o['srv_us_per_cmd']:.0f} "
        f"| {f['server_cpu_us_per_cmd']:.0f} | {r['cpu_ratio']:.1f} "
        f"| {f['rtt_p50_ms']:.2f} / {f['rtt_p99_ms']:.2f} "
        f"| {r['p50_ratio']:.1f} / {r['p99_ratio']:.1f} "
        f"| {o['kb_per_room_joined']:.0f} / {o['kb_per_room_started']:.0f} / "
        f"{o['kb_per_room_played']:.0f} "
        f"| {f['kb_per_room']:.0f} | {r['mem_ratio']:.1f} "
        f"| {o['cli_cpu_pct']:.0f} | {o['other_cpu_pct']:.0f} | {o['refused']} "
        f"| {o['games_over']} | {o['kb_rx_per_cmd']:.2f} "
        f"| {o['cmd_per_s']:.0f} / {o['offered_cmd_per_s']:.0f} | {o['client_lag_p99']:.1f} "
        f"| {'yes' if o['valid'] else 'NO: ' + o['starved']} |"
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if any(a.split("=")[0] in ("--processes", "--database", "--failover") for a in args):
        # several processes on PostgreSQL: bench/cluster.py (its own options; --help there)
        spec = importlib.util.spec_from_file_location("bench_cluster", HERE / "cluster.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return int(mod.main(args))
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rooms", type=int, nargs="+",
                    help="R (one or more); default 1 20 100 200")
    ap.add_argument("--seconds", type=float, default=None,
                    help="measured window per run (default 30; 20 for the default table)")
    ap.add_argument("--rate", type=float, default=2.0, help="commands/s per client (max)")
    ap.add_argument("--clients", type=int, default=5, help="clients (seats) per room, 3-5")
    ap.add_argument("--policy", default="greedy", help="bot policy: greedy | random")
    ap.add_argument("--no-fill", dest="fill", action="store_false",
                    help="a seat whose bot has nothing to do sends nothing (default: it sets or "
                         "clears a /want or /have marker, so every seat sends the full rate)")
    ap.add_argument("--env", action="append", default=[], metavar="BOHNANZA_X=V",
                    help="extra server setting, e.g. BOHNANZA_SQLITE_SYNCHRONOUS=FULL")
    ap.add_argument("--server-src", type=Path,
                    help="run the server from this source tree (a checkout or `git archive` "
                         "of the repo) instead of the working tree; `--server-src HEAD` "
                         "extracts the last commit to a temp dir")
    ap.add_argument("--compare", metavar="SRC,SRC",
                    help="these source trees (paths or git revisions, as --server-src; "
                         "SRC:full: its clients read full states only) in alternating runs at "
                         "the first --rooms, then the floor once a round; "
                         "prints us/cmd per run and the medians (the bench clients need views "
                         "with the offer hints in `you`: e5bea91 and later)")
    ap.add_argument("--repeat", type=int, default=4, help="runs per tree with --compare")
    ap.add_argument("--py-spy", metavar="FILE",
                    help="record the server with py-spy (pip install py-spy) over the window; "
                         "collapsed stacks to FILE (the last run's)")
    ap.add_argument("--py-spy-idle", action="store_true", help="py-spy --idle (see waits)")
    ap.add_argument("--server-prefix", metavar="CMD",
                    help="run our server under this command, e.g. \"valgrind --tool=cachegrind "
                         "--cache-sim=no --cachegrind-out-file=/dev/null --log-file=F\" "
                         "(its instructions: F's 'I refs'; two runs of different --seconds, "
                         "their difference over the commands' difference)")
    ap.add_argument("--db-dir", help="parent of the temp dir holding the SQLite file "
                    "(default: the system temp dir, on disk; /dev/shm isolates the disk)")
    ap.add_argument("--deflate", action="store_true",
                    help="our clients ask for permessage-deflate, as browsers do (the server "
                         "then compresses every frame; the floor's clients never do)")
    ap.add_argument("--client-procs", type=int, default=1, metavar="N",
                    help="run the clients in N processes (rooms split among them), so that "
                         "they are not what limits the rate")
    ap.add_argument("--pin", action="store_true",
                    help="the servers (ours and the floor) on one CPU, the clients on the "
                         "others (no shared core: as clients on other machines)")
    ap.add_argument("--inline-decisions", action="store_true",
                    help="the bots decide on the clients' event loop (as before 2026-12), not "
                         "on a thread of their own: a long decision then delays the frames")
    ap.add_argument("--full-states", action="store_true",
                    help="our clients do not ask for state deltas (a full state per change, "
                         "as an older board)")
    ap.add_argument("--json", help="write the rows as JSON here")
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    a = ap.parse_args(argv)
    if not 3 <= a.clients <= 5:
        ap.error("--clients must be 3..5 (classic)")
    for kv in a.env:
        k, _, v = kv.partition("=")
        if not k.startswith("BOHNANZA_"):
            ap.error("--env takes BOHNANZA_NAME=VALUE")
        SERVER_ENV[k] = v
    if a.server_src is not None:
        SERVER_SRC[0] = _source_tree(str(a.server_src))
        print(f"# server source: {SERVER_SRC[0]}", file=sys.stderr)
    PROFILE[0], PROFILE[1] = a.py_spy, a.py_spy_idle
    DB_DIR[0] = a.db_dir
    if a.server_prefix:
        import shlex

        SERVER_PREFIX[:] = shlex.split(a.server_prefix)
    DEFLATE[0] = a.deflate
    if a.pin:
        PIN[0] = pin(os.sched_getaffinity(0))
        print(f"# servers on CPU {PIN[0]}, the clients on CPUs "
              f"{sorted(os.sched_getaffinity(0))}", file=sys.stderr)
    CLIENT_PROCS[0] = a.client_procs
    DELTAS[0] = not a.full_states
    INLINE_DECISIONS[0] = a.inline_decisions
    single = a.rooms is not None and len(a.rooms) == 1
    rooms = a.rooms or [1, 20, 100, 200]
    seconds = a.seconds if a.seconds is not None else (30.0 if a.rooms else 20.0)

    def on_term(signum: int, frame: Any) -> None:
        _stop_all()
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, on_term)
    if a.compare:
        return compare(a.compare.split(","), (a.rooms or [100])[0], seconds, a.rate, a.clients,
                       a.policy, a.fill, a.repeat)
    rows = []
    for r in rooms:
        rows.append(run_one(r, seconds, a.rate, a.clients, a.policy, a.fill,
                            verbose=not a.quiet))
    print(f"# {a.clients} clients/room, rate {a.rate:g} cmd/s per client "
          f"({'full rate: idle seats set/clear markers' if a.fill else 'at most'}), "
          f"policy {a.policy}, {seconds:g} s per run")
    print(HEADER)
    print("|" + "|".join(["---"] * (HEADER.count("|") - 1)) + "|")
    for r in rows:
        print(row_line(r))
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))
    if a.py_spy and Path(a.py_spy).exists():
        print(spy_top(a.py_spy), file=sys.stderr)
    if single:
        r = rows[0]
        print(f"cpu_ratio={r['cpu_ratio']:.2f} p99_ms={r['ours']['state_p99']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
