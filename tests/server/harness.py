"""Test harness: a real uvicorn server in a subprocess, real WebSocket clients, and a scripted
player whose every decision is a pure function of the views it was sent."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import copy
import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.exceptions import ConnectionClosed

from bohnanza.bots.common import CoinLedger
from bohnanza.commands import format_action
from bohnanza.engine.actions import (
    Accept,
    Buy,
    CardRef,
    Done,
    Harvest,
    Plant,
    PostOffer,
    Provide,
    Withdraw,
)
from bohnanza.server import delta
from bohnanza.server.conn import Conn
from bohnanza.server.hub import Hub
from bohnanza.server.room import Room

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serves(proc: Any, port: int, timeout: float = 60.0) -> bool:
    """Whether the server process ``proc`` answers ``/api/rooms`` on 127.0.0.1:``port``
    within ``timeout`` seconds (False at once when it exits)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/rooms", timeout=1).status_code == 200:
                return True
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    return False


class ServerProc:
    """``python -m bohnanza serve`` on 127.0.0.1 with its own SQLite file."""

    def __init__(self, db: Path, port: int | None = None, **env: Any) -> None:
        self.db = db
        self.port = port or free_port()
        # a port picked here (free_port) and not yet served may be taken meanwhile (another
        # xdist worker's server, a client's outgoing connection): the first start then takes
        # another; a port given, or one served before (a restart keeps it), is kept
        self.port_moves = port is None
        # every client of a test comes from 127.0.0.1: the per-address limits (gate.py) are
        # off unless a test turns them on
        env.setdefault("per_address_limits", 0)
        self.env = {f"BOHNANZA_{k.upper()}": str(v) for k, v in env.items()}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, room: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{room}"

    #: start the server from the fork server (``forkserver.py``: the modules loaded once),
    #: not as a new interpreter; the tests switch it on (tests/conftest.py), bench/ does not
    forked = False

    def start(self) -> None:
        for _ in range(3):
            logged = self.log.stat().st_size if self.log.exists() else 0
            try:
                self._start()
                self.port_moves = False
                return
            except RuntimeError:
                with open(self.log, "rb") as f:
                    f.seek(logged)
                    taken = b"address already in use" in f.read()
                if not (taken and self.port_moves):
                    raise
            self.port = free_port()
        raise RuntimeError(f"no free port for the server: see {self.log}")

    def _start(self) -> None:
        env = {**os.environ, **self.env}
        argv = ["serve", "--host", "127.0.0.1", "--port", str(self.port), "--db", str(self.db),
                "--log-level", "warning"]
        if self.forked:
            self.proc = _fork_server().spawn(argv, env, self.log)  # type: ignore[assignment]
        else:
            with open(self.log, "ab") as out:
                self.proc = subprocess.Popen(
                    [sys.executable, "-m", "bohnanza", *argv],
                    cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                )
        assert self.proc is not None
        # generous: a loaded machine (tests run in parallel) can take long to import the app;
        # a server that does not answer in time is killed, not left running unowned
        if serves(self.proc, self.port):
            return
        if self.proc.poll() is not None:
            raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
        self.proc.kill()
        self.proc.wait()
        raise RuntimeError("server did not come up")

    def kill9(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> int | None:
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None


class Forked:
    """A server forked by the fork server: what the tests use of ``Popen`` (``pid``,
    ``returncode``, ``poll``, ``wait``, ``send_signal``, ``terminate``, ``kill``)."""

    def __init__(self, pid: int, server: _ForkServer) -> None:
        self.pid = pid
        self.server = server

    @property
    def returncode(self) -> int | None:
        return self.server.ended.get(self.pid)

    def poll(self) -> int | None:
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        with self.server.changed:
            if not self.server.changed.wait_for(lambda: self.pid in self.server.ended,
                                                timeout):
                raise subprocess.TimeoutExpired(f"forked server {self.pid}", timeout or 0)
            return self.server.ended[self.pid]

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class _ForkServer:
    """This test process's fork server (``forkserver.py``), started on first use."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "import sys; sys.path.insert(0, sys.argv[1]); "
             "from server.forkserver import main; main()", str(REPO / "tests")],
            cwd=REPO, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.ended: dict[int, int] = {}
        self.changed = threading.Condition()
        self.pids: queue.Queue[int] = queue.Queue()
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True, name="forkserver").start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            word, pid, *code = line.decode().split()
            if word == "pid":
                self.pids.put(int(pid))
            elif word == "exit":
                with self.changed:
                    self.ended[int(pid)] = int(code[0])
                    self.changed.notify_all()
        self.pids.put(-1)  # the fork server is gone

    def spawn(self, argv: list[str], env: dict[str, str], log: Path) -> Forked:
        assert self.proc.stdin is not None
        req = {"argv": argv, "env": env, "cwd": str(REPO), "log": str(log)}
        with self.lock:
            self.proc.stdin.write(json.dumps(req).encode() + b"\n")
            self.proc.stdin.flush()
            pid = self.pids.get(timeout=60)
        if pid < 0:
            raise RuntimeError("the fork server ended")
        return Forked(pid, self)

    def close(self) -> None:
        if self.proc.stdin is not None:
            with contextlib.suppress(OSError):
                self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


_fork_servers: list[_ForkServer] = []


def _fork_server() -> _ForkServer:
    if not _fork_servers or _fork_servers[0].proc.poll() is not None:
        _fork_servers[:] = [_ForkServer()]
        atexit.register(_fork_servers[0].close)
    return _fork_servers[0]


def canonical(state: dict[str, Any]) -> str:
    """The state document ``{"view", "room"}`` of a ``state`` message as sorted JSON text,
    without ``room.now`` (the time the frame was made: a connection's own full state has
    another one than the broadcast of the same version)."""
    room = {k: v for k, v in state["room"].items() if k != "now"}
    return json.dumps({"view": state["view"], "room": room}, sort_keys=True)


class Client:
    """One WebSocket client; records every frame it receives. ``deltas``: it says so in its
    ``hello`` and applies the ``patch`` frames to the state it holds (``resync`` when one does
    not follow it); ``self.state`` is always the whole state either way. ``record``: the
    canonical text of every state it held, by version (``self.docs``)."""

    def __init__(self, url: str, name: str | None = None, deltas: bool = False,
                 record: bool = False) -> None:
        self.url = url
        self.name = name
        self.deltas = deltas
        self.record = record
        self.docs: dict[int, str] = {}
        self.patches = 0  # patch frames applied
        self.resyncs = 0  # resync sent
        self.rides = 0  # replies that came in a state or patch
        self.drop_next_patch = False  # a test: lose the next patch frame (a missed version)
        # ... the next one whose state (the one it would make) passes this test
        self.drop_if: Callable[[dict[str, Any]], bool] = lambda state: True
        self.token: str | None = None
        self.seat: int | None = None
        self.frames: list[str] = []
        self.state: dict[str, Any] | None = None
        self.version = -1
        self.logs: list[dict[str, Any]] = []
        self.chats: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.welcomes: list[dict[str, Any]] = []
        self.replies: dict[Any, dict[str, Any]] = {}
        self.waiting: dict[Any, asyncio.Future[dict[str, Any]]] = {}
        self.ws: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.next_id = 1
        self.close_code: int | None = None
        self.changed = asyncio.Event()

    async def connect(self, token: str | None = None, hello: bool = True, **kw: Any) -> Client:
        self.ws = await websockets.connect(self.url, max_size=None, **kw)
        self.close_code = None
        self.reader = asyncio.create_task(self._read())
        if hello:
            seen = len(self.welcomes)
            self.state = None
            msg: dict[str, Any] = {"type": "hello", "name": self.name,
                                   "token": token or self.token}
            if self.deltas:
                msg["deltas"] = True
            await self.send(msg)
            await self.wait(lambda: len(self.welcomes) > seen and self.state is not None)
        return self

    async def send(self, msg: dict[str, Any] | str) -> None:
        await self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self.frames.append(raw)
                m = json.loads(raw)
                t = m["type"]
                if t == "welcome":
                    self.welcomes.append(m)
                    self.seat = m["you"]["seat"]
                    if m["you"]["token"]:
                        self.token = m["you"]["token"]
                    self.version = -1
                elif t == "state":
                    # a resync's full state may repeat the version the client holds
                    assert m["version"] > self.version or (self.deltas and m["version"] ==
                                                           self.version), (m["version"],
                                                                           self.version)
                    self.version = m["version"]
                    self.state = m
                    self.logs.extend(m.get("log") or [])  # the change's own lines
                    if self.record:
                        self.docs[self.version] = canonical(m)
                elif t == "patch":
                    await self._patch(m)
                elif t == "reply":
                    self._replied(m)
                if t in ("state", "patch") and m.get("reply") is not None:
                    assert self.deltas, "a reply riding in a state to a full-state client"
                    self.rides += 1
                    self._replied({"type": "reply", **m["reply"]})
                elif t == "log":
                    self.logs.extend(m["entries"])
                elif t == "chat":
                    self.chats.append(m)
                elif t == "error":
                    self.errors.append(m)
                self.changed.set()
        except ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code if self.ws is not None else None
            for fut in self.waiting.values():
                if not fut.done():
                    fut.set_exception(ConnectionError("closed"))
            self.waiting.clear()
            self.changed.set()

    def _replied(self, m: dict[str, Any]) -> None:
        self.replies[m["id"]] = m
        fut = self.waiting.pop(m["id"], None)
        if fut is not None and not fut.done():
            fut.set_result(m)

    async def _patch(self, m: dict[str, Any]) -> None:
        assert self.deltas, "a patch to a client that did not ask for them"
        if self.state is None or m["base"] != self.version:
            self.resyncs += 1
            await self.send({"type": "resync"})
            return
        assert m["version"] > self.version, (m["version"], self.version)
        held = {"view": self.state["view"], "room": self.state["room"]}
        if self.drop_next_patch:  # it may be lost: the state it makes, on a copy
            held = copy.deepcopy(held)
        doc = delta.apply(held, m["ops"])
        state = {"type": "state", "version": m["version"], "view": doc["view"],
                 "room": doc["room"]}
        if self.drop_next_patch and self.drop_if(state):
            self.drop_next_patch = False
            return
        self.state = state
        self.version = m["version"]
        self.patches += 1
        self.logs.extend(m.get("log") or [])
        if self.record:
            self.docs[self.version] = canonical(self.state)

    async def say_nowait(self, text: str) -> asyncio.Future[dict[str, Any]]:
        i = self.next_id
        self.next_id += 1
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[i] = fut
        await self.send({"type": "say", "id": i, "text": text})
        return fut

    async def say(self, text: str, timeout: float = 10) -> dict[str, Any]:
        fut = await self.say_nowait(text)
        return await asyncio.wait_for(fut, timeout)

    async def catch_up(self, target: int, timeout: float = 10) -> None:
        """Until this client holds the state of version ``target`` (one the room has sent).
        A full-state client gets every version. A delta client is sent nothing for a
        version in which it sees nothing new (``server/room/stateframes.py``), so it may never
        get ``target`` itself: it holds that state (but ``room.now``) once the reply to a
        say sent now has come, since a connection's frames come in order and ``target`` went
        out before (``/who``: an answer, nothing changes)."""
        if self.version >= target:
            return
        if not self.deltas:
            await self.wait(lambda: self.version >= target, timeout)
            return
        r = await self.say("/who", timeout)
        assert r["ok"] or r.get("code") == "rate_limited", r  # either way after ``target``

    async def ok(self, text: str) -> dict[str, Any]:
        r = await self.say(text)
        assert r["ok"], (text, r)
        return r

    async def wait(self, pred: Any, timeout: float = 10) -> None:
        """Until ``pred()`` holds (tested again on each frame this client receives; a
        condition about other clients too: :func:`wait_on`)."""
        await wait_on([self], pred, timeout)

    async def closed(self, timeout: float = 10) -> int | None:
        assert self.reader is not None
        await asyncio.wait_for(asyncio.shield(self.reader), timeout)
        return self.close_code

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.reader, 5)

    @property
    def view(self) -> dict[str, Any]:
        assert self.state is not None and self.state["view"] is not None
        view: dict[str, Any] = self.state["view"]
        return view


# ------------------------------------------------------------------ the scripted player


def _best_harvest(view: dict[str, Any], seat: int) -> int:
    you = view["you"]
    fields = view["seats"][seat]["fields"]
    info = view["seats"][seat]["field_info"]
    choices = you["harvestable"]
    assert choices, ("nothing harvestable", view)
    best: int = max(choices, key=lambda f: (info[f - 1]["harvest_now"], fields[f - 1][1], -f))
    return best


def _provide_cards(view: dict[str, Any], seat: int, active: bool) -> tuple[CardRef, ...]:
    owes: dict[str, int] = view["you"]["deal_owes"] or {}
    hand = view["you"]["hand"]
    refs: list[CardRef] = []
    used: set[tuple[str, int]] = set()
    for bean, n in sorted(owes.items()):
        cands: list[tuple[str, int]] = []
        if active:
            cands += [("u", i + 1) for i, b in enumerate(view["face_up"]) if b == bean]
        cands += [("h", i + 1) for i in range(len(hand) - 1, -1, -1) if hand[i] == bean]
        for z, i in [c for c in cands if c not in used][:n]:
            used.add((z, i))
            refs.append(CardRef(z, i))  # type: ignore[arg-type]
    return tuple(refs)


def _find(offers: list[dict[str, Any]], owner: int, give: Any, want: Any) -> dict[str, Any] | None:
    for o in offers:
        if o["owner"] == owner and o["give"] == give and o["want"] == want:
            return o
    return None


def decide(views: list[dict[str, Any]],
           can_buy: list[bool] | None = None) -> tuple[int, str] | None:
    """The next (seat, command) from the seats' views alone; None when the game is over.

    Exercises every part of a turn: plants (phase 1 and 3), forced harvests, the third field
    (bought as soon as a seat can), gifts (even turns: the active player gives the first
    face-up card to the next seat), trades (odd turns: a seat two along offers its back hand
    card for the second face-up card), provides, withdrawals and pass marks.
    """
    v0 = views[0]
    ph = v0["phase"]
    if ph == "over":
        return None
    n = len(v0["seats"])
    a = v0["active"]
    t = v0["turn"]
    for s in range(n):
        # under hidden money the hint ignores coins (R42): the caller counts its own
        if (can_buy[s] if can_buy is not None else views[s]["you"]["can_buy"]):
            return s, format_action(Buy())
    deal = v0["deal"]
    if deal is not None:
        for s in (deal["active"], deal["other"]):
            if not deal["provided"][str(s)]:
                return s, format_action(Provide(_provide_cards(views[s], s, s == a)))
        raise AssertionError(("deal rests with both sides provided", deal))
    offers = v0["offers"]
    if ph in ("plant", "plant_traded") and offers:
        o = offers[0]
        return o["owner"], format_action(Withdraw(o["id"]))
    if ph == "plant":
        you = views[a]["you"]
        hand = you["hand"]
        fields = v0["seats"][a]["fields"]
        if v0["planted"] == 0:
            if you["plant_fields"]:
                return a, format_action(Plant(field=you["plant_fields"][0]))
            return a, format_action(Harvest(_best_harvest(views[a], a)))
        same = [i + 1 for i, f in enumerate(fields) if f is not None and hand and f[0] == hand[0]]
        if same:
            return a, format_action(Plant(field=same[0]))
        return a, format_action(Done())
    if ph == "plant_traded":
        for s in range(n):
            you = views[s]["you"]
            if you["to_plant"]:
                bean = you["to_plant"][0]
                fields_ok = you["plant_traded_fields"][bean]
                if fields_ok:
                    return s, format_action(Plant(field=fields_ok[0], bean=bean))
                return s, format_action(Harvest(_best_harvest(views[s], s)))
        raise AssertionError("phase 3 rests with nothing to plant")
    assert ph == "trade", ph
    face = v0["face_up"]
    p = (a + n - 1) % n
    if t % 4 == 1 and not v0["seats"][p]["passed"]:
        return p, format_action(Done())
    if len(face) == 2 and t % 2 == 0:
        bean = face[0]
        r = (a + 1) % n
        gift = _find(offers, a, {bean: 1}, {})
        if gift is None:
            return a, format_action(PostOffer({bean: 1}, {}))
        copy = _find(offers, r, {}, {bean: 1})
        if copy is None:
            return r, format_action(Accept(gift["id"]))
        return a, format_action(Accept(copy["id"]))
    if len(face) == 2 and t % 2 == 1:
        r = (a + 2) % n
        hand = views[r]["you"]["hand"]
        if hand:
            give, want = {hand[-1]: 1}, {face[1]: 1}
            off = _find(offers, r, give, want)
            if off is None:
                return r, format_action(PostOffer(give, want))
            return a, format_action(Accept(off["id"]))
    return a, format_action(Done())


class Table:
    """The seated clients of one room, indexed by seat."""

    def __init__(self, clients: list[Client]) -> None:
        self.clients = clients
        self.commands: list[tuple[int, str]] = []
        self.ledgers = [CoinLedger() for _ in clients]

    async def sync(self, timeout: float = 10) -> None:
        """Wait until every client holds the newest state any of them holds."""
        await catch_up(self.clients, timeout)

    def views(self) -> list[dict[str, Any]]:
        return [c.view for c in self.clients]

    async def step(self) -> bool:
        """One command of the scripted game; False when the game is over."""
        await self.sync()
        views = self.views()
        choice = decide(views, [led.can_buy(v) for led, v in zip(self.ledgers, views, strict=True)])
        if choice is None:
            return False
        seat, text = choice
        self.ledgers[seat].note(views[seat], text)
        r = await self.clients[seat].say(text)
        assert r["ok"], (seat, text, r, self.clients[seat].view)
        self.commands.append((seat, text))
        return True

    async def play(self, max_steps: int = 5000) -> dict[str, Any]:
        for _ in range(max_steps):
            if not await self.step():
                await self.sync()
                return self.clients[0].view
        raise AssertionError("the game did not end")


async def wait_on(clients: list[Client], pred: Any, timeout: float = 10) -> None:
    """Wait until ``pred()`` holds, testing it again whenever one of ``clients`` receives a
    frame: ``clients`` are those whose frames can make it true (one client's
    :meth:`Client.wait` on a condition about others tested it on its own frames only and sat
    out its timeout when another's frame made it true). TimeoutError after ``timeout`` s."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not pred():
        left = deadline - loop.time()
        if left <= 0:
            raise TimeoutError("condition not met")
        for c in clients:
            c.changed.clear()
        waits = [asyncio.ensure_future(c.changed.wait()) for c in clients]
        try:
            await asyncio.wait(waits, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waits:
                w.cancel()


async def catch_up(clients: list[Client], timeout: float = 10) -> int:
    """Wait until every one of ``clients`` holds the newest state any of them holds
    (:meth:`Client.catch_up`); returns its version."""
    target = max(c.version for c in clients)
    for c in clients:
        await c.catch_up(target, timeout)
    return target


async def seat_players(url: str, names: list[str], options: list[str] = (),  # type: ignore[assignment]
                       deltas: bool = False) -> Table:
    """Seated clients (state deltas, recording every state they hold: ``deltas``)."""
    clients = [Client(url, name, deltas=deltas, record=deltas) for name in names]
    for c in clients:
        await c.connect()
        await c.ok("/join")
    for o in options:
        await clients[0].ok(o)
    await clients[0].ok("/start")
    table = Table(clients)
    await table.sync()
    return table


# ------------------------------------------------------------------ leak scan

# the viewer's own hand, and positions in it ("h2", never beans) where a deal's bean may come
# from the face-up cards or the hand (hints.deal_face_up, trial 5)
ALLOWED_HAND_PATHS = {("view", "you", "hand"), ("view", "you", "deal_face_up", "[]", "hand")}
FORBIDDEN_KEYS = {"deck", "rng", "seed", "token_hash", "position", "discard", "secret"}


def _walk(obj: Any, path: tuple[str, ...], out: list[tuple[tuple[str, ...], Any]]) -> None:
    out.append((path, obj))
    if isinstance(obj, dict):
        for k, v in obj.items():
            _walk(v, (*path, str(k)), out)
    elif isinstance(obj, list):
        for v in obj:
            _walk(v, (*path, "[]"), out)


def server_store(db: Path | str, wait: float = 5.0) -> Any:
    """A ``SQLiteStore`` on a server's database holding every command that server answered:
    a stopped (or killed) server's command file folded in on opening, as its next start does
    (``cmdfile.py``); a running one's awaited (its checkpointer folds it within a tick, the
    file then empty; a game still played by bots keeps writing: at most ``wait`` s)."""
    from bohnanza.server.sqlite import SQLiteStore

    store = SQLiteStore(db, commands_file=True)
    if store.commands_path is None:  # the server runs: its file is locked
        lines = Path(f"{os.path.realpath(db)}-commands")
        deadline = time.monotonic() + wait
        while lines.exists() and lines.stat().st_size and time.monotonic() < deadline:
            time.sleep(0.02)
    return store


def positions_by_version(db: Path, room: str) -> list[tuple[int, dict[str, Any]]]:
    from bohnanza.server.room.journal import history

    store = server_store(db)
    try:
        return [(c["version"], c["position"]) for c in history(store, room)
                if c["position"] is not None]
    finally:
        store.close()


def position_at(history: list[tuple[int, dict[str, Any]]], version: int) -> dict[str, Any] | None:
    best = None
    for v, p in history:
        if v <= version:
            best = p
        else:
            break
    return best


def _pointer(path: str) -> tuple[str, ...]:
    """A patch operation's JSON Pointer as a walk path (list indexes and ``-`` as ``[]``)."""
    keys = [k.replace("~1", "/").replace("~0", "~") for k in path.split("/")[1:]]
    return tuple("[]" if k == "-" or k.isdigit() else k for k in keys)


def leak_scan(client: Client, history: list[tuple[int, dict[str, Any]]],
              hidden_money: bool = False) -> int:
    """Check every frame one client received; returns the number of frames checked. A
    ``patch`` frame is checked operation by operation (each value at its path, every key of
    the path), on the state it patches. Each frame is checked against the seat the client
    held when it came (its latest ``welcome``), so a client that takes another seat mid-game
    is held to each seat's own view in turn."""
    me = client.seat
    if client.welcomes:
        me = client.welcomes[0]["you"]["seat"]
    version = -1
    over = False
    doc: dict[str, Any] | None = None  # the state a delta client holds
    for raw in client.frames:
        m = json.loads(raw)
        if m["type"] == "welcome":
            me = m["you"]["seat"]
        if m["type"] in ("state", "log", "patch"):
            version = m["version"]
        items: list[tuple[tuple[str, ...], Any]] = []
        if m["type"] == "patch":
            for op in m["ops"]:
                path = _pointer(op["path"])
                for i in range(1, len(path)):
                    items.append((path[:i], None))  # the keys it passes through
                _walk(op.get("value"), path, items)
            if doc is not None and m["base"] == doc["version"]:
                delta.apply(doc, m["ops"])
                doc["version"] = m["version"]
                if doc["view"] is not None:
                    over = doc["view"]["phase"] == "over"
        else:
            _walk(m, (), items)
        if m["type"] == "state":
            doc = {"view": m["view"], "room": m["room"], "version": m["version"]}
        if m["type"] == "state" and m["view"] is not None:
            over = m["view"]["phase"] == "over"
        elif m["type"] == "log" and any(e.get("kind") == "game_over" for e in m["entries"]):
            over = True  # the final scores are public
        pos = position_at(history, version) if version >= 0 else None
        others: list[list[str]] = []
        deck_top: list[str] = []
        if pos is not None:
            others = [s["hand"] for i, s in enumerate(pos["seats"]) if i != me]
            deck_top = pos["deck"][:3]
        for path, value in items:
            key = path[-1] if path else ""
            assert key not in FORBIDDEN_KEYS, (path, m["type"])
            if key == "hand":
                assert path in ALLOWED_HAND_PATHS, (path, raw[:300])
            if key == "token":
                assert m["type"] == "welcome" or value is None, path
            if isinstance(value, list) and value and all(isinstance(x, str) for x in value):
                if path in ALLOWED_HAND_PATHS or path[-1:] == ("to_plant",):
                    continue
                if path[-2:-1] == ("signals",) or path[-3:-2] == ("signals",):
                    # a seat's supply and demand markers (seed 000): bean kinds it chose, each
                    # at most once (market.signal), never cards: equal to a hand or the draw
                    # pile's top only by chance (the CI of b3192ef met `have` = the top three)
                    assert len(set(value)) == len(value), ("markers repeat a bean", path, value)
                    continue
                for h in others:
                    if len(h) >= 3:
                        assert value != h, ("another seat's hand on the wire", path, value)
                if len(deck_top) == 3 and len(value) >= 3:
                    assert value[:3] != deck_top, ("the draw pile order on the wire", path)
            if hidden_money and not over:
                if key == "coins" and path[:2] == ("view", "seats"):
                    assert value is None, ("coin total with hiddenmoney", path, value)
                assert key not in ("history", "scores", "best"), ("coin totals", path)
        lines = m["entries"] if m["type"] == "log" else m.get("log") or []
        if m["type"] in ("log", "state", "patch"):
            for e in lines:
                if e.get("kind") == "draw" and e.get("seat") != me:
                    assert "cards" not in e, ("someone else's draw", e)
    return len(client.frames)


def offline_conn() -> Conn:
    """A connection without a socket, for driving a Room in-process: every frame it is sent
    stays in its queue (the writer task never runs)."""
    return Conn(None, 1000.0, 1000, 10**6)  # type: ignore[arg-type]


def queued_frames(conn: Conn) -> list[str]:
    """The text frames waiting in an :func:`offline_conn`'s queue (taken out)."""
    return [item for item in conn.queue.take_nowait() if isinstance(item, str)]


def queued_replies(conn: Conn) -> list[dict[str, Any]]:
    """The ``reply`` messages among :func:`queued_frames`."""
    return [m for m in map(json.loads, queued_frames(conn)) if m["type"] == "reply"]


async def bots_room(hub: Hub, name: str, policies: list[str], options: list[str]) -> Room:
    """A room of bots on ``hub`` (in-process), set up and started by a spectator (nobody sits
    at the table: anyone arranges); its bots wait for :meth:`Room.plan_bots`."""
    host = offline_conn()
    room = await hub.room_for(name, host)
    assert isinstance(room, Room)  # (a room of this process, not a relayed one)
    await room.attach(host, "Host", None)
    for i, text in enumerate([*options, *(f"/addbot B{k} {p}" for k, p in enumerate(policies))]):
        await room.say(host, i, text)
    room.stop_bots()
    await room.say(host, 99, "/start")
    replies = queued_replies(host)
    assert all(r["ok"] for r in replies), replies
    return room


async def bots_played(room: Room, seconds: float = 5.0, past: int | None = None,
                      until: Any = None) -> None:
    """The room's bots play until its version is past ``past`` and ``until()`` (when given)
    holds, for ``seconds`` at most (a hang guard; with neither given, ``seconds``), then stop
    once the step under way has ended."""
    room.plan_bots()
    for _ in range(int(seconds / 0.01)):
        if (past is not None or until is not None) and (past is None or room.version > past) \
                and (until is None or until()):
            break
        await asyncio.sleep(0.01)
    room.stop_bots()
    async with room.lock:
        pass  # the bot step under way has ended
