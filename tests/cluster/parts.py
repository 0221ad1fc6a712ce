"""The test cluster: server processes on one PostgreSQL database and one Redis, players that
reconnect by themselves (as the board does), and the checks of a stored game (T52-T54, every
acknowledged command kept)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import psycopg
from server.harness import Client, ServerProc, decide, free_port
from websockets.exceptions import ConnectionClosed

from bohnanza.engine import Game
from bohnanza.scenario import card_count
from bohnanza.server.cluster.lease import lease_pids
from bohnanza.server.postgres import PostgresStore
from bohnanza.server.room.journal import history

ENV: dict[str, Any] = {"idle_seconds": 600, "commands_per_second": 1000,
                       "commands_burst": 1000, "bot_delay": 0, "game_seed": 11,
                       "per_address_limits": False}  # every client comes from 127.0.0.1


class Cluster:
    """``n`` server processes on ``pg_url`` and ``redis_url``."""

    def __init__(self, tmp: Path, pg_url: str, redis_url: str | None, n: int = 3,
                 **env: Any) -> None:
        self.pg_url = pg_url
        self.servers = [
            ServerProc(tmp / f"s{i}.db", port=free_port(),
                       **{**ENV, "database": pg_url, **({"redis_url": redis_url} if redis_url
                                                        else {}), **env})
            for i in range(n)]

    def start(self) -> Cluster:
        try:
            for s in self.servers:
                s.start()
        except BaseException:
            self.stop()  # none left running when one does not come up
            raise
        return self

    def stop(self) -> None:
        for s in self.servers:
            with contextlib.suppress(Exception):
                s.stop()

    def urls(self, room: str) -> list[str]:
        return [s.ws_url(room) for s in self.servers]

    def owner_of(self, room: str) -> ServerProc | None:
        """The process that owns ``room`` now (by its lease), or None."""
        seen = self.ownership(room)
        owner, pids = seen["owner"], seen["leases"]
        if owner is None or owner not in pids:
            return None
        pid = pids[owner]
        return next((s for s in self.servers if s.proc is not None and s.proc.pid == pid), None)

    def ownership(self, room: str) -> dict[str, Any]:
        """What :meth:`owner_of` reads (also for a failure's message): the room's owner row,
        the held leases (owner id: process id) and each server's process id and whether it
        runs."""
        with psycopg.connect(self.pg_url, autocommit=True, connect_timeout=5) as db:
            row = db.execute("SELECT owner FROM room_owner WHERE name=%s", (room,)).fetchone()
            pids = lease_pids(db)
        return {"owner": None if row is None else int(row[0]), "leases": pids,
                "servers": [(s.port, s.proc.pid if s.proc is not None else None, s.alive())
                            for s in self.servers]}

    def history(self, room: str) -> list[dict[str, Any]]:
        store = PostgresStore(self.pg_url)
        try:
            return history(store, room)
        finally:
            store.close()


class Player:
    """A seated client that reconnects (to the next process) when its connection ends."""

    def __init__(self, urls: list[str], name: str, first: int, backoff: float = 0.0) -> None:
        self.urls = urls
        self.name = name
        self.at = first
        self.client = Client(urls[first], name)
        self.reconnects = 0
        self.backoff = backoff  # the board waits 300 ms, doubling up to 5 s (web/js/net.js)
        self.connected_once = False

    @property
    def live(self) -> bool:
        r = self.client.reader
        return r is not None and not r.done()

    async def connect(self) -> None:
        retry = 0
        if self.connected_once:
            self.at += 1  # a balancer sends a new connection to the next process
            self.reconnects += 1
        while True:
            if self.connected_once and self.backoff:
                await asyncio.sleep(min(5.0, self.backoff * 2 ** retry))
            self.client.url = self.urls[self.at % len(self.urls)]
            try:
                await asyncio.wait_for(self.client.connect(), 5)
                self.connected_once = True
                return
            except ConnectionRefusedError:
                # nobody listens there (a process down): a balancer sends the connection to
                # the next process at once (HAProxy's redispatch), the client sees no failure
                self.at += 1
                await asyncio.sleep(0.01)
            except (OSError, TimeoutError, ConnectionClosed, ConnectionError):
                with contextlib.suppress(Exception):
                    await self.client.close()
                self.at += 1  # the balancer sends the next try elsewhere
                retry += 1
                await asyncio.sleep(0.05)


VIEWS_PATIENCE = 120.0  # seconds Players._views waits for one common version (a takeover
# takes a few: the lease's expiry and a reconnect)


class Players:
    """Seated players playing the scripted game (``harness.decide``) through failures: each
    command is decided from views of one version (after a reconnect too); ``acked`` holds
    every (seat, text) whose reply said ok, ``unanswered`` counts the commands sent that got
    no reply or an error (stored or not, nobody was told)."""

    def __init__(self, urls: list[str], names: list[str], backoff: float = 0.0) -> None:
        self.players = [Player(urls, n, i, backoff) for i, n in enumerate(names)]
        self.acked: list[tuple[int, str]] = []
        self.refused: list[dict[str, Any]] = []
        self.unanswered = 0
        # told the moment (perf_counter) each acknowledged command was sent
        self.on_ack: Callable[[float], None] | None = None

    async def seat(self) -> None:
        for p in self.players:
            await p.connect()
            await p.client.ok("/join")
        await self.players[0].client.ok("/start")

    async def _views(self, patience: float = VIEWS_PATIENCE) -> list[dict[str, Any]]:
        """Everybody connected and holding the same version's views. Fails (with each
        player's connection, version and reconnects) when that has not happened within
        ``patience`` seconds: a room that never settles fails the test instead of hanging
        the suite (once, in a full run, a worker spun here for 17 minutes while its clients'
        kept frames grew to 16 GB)."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + patience
        while True:
            if loop.time() > give_up:
                raise AssertionError(("no common version within", patience, self._where()))
            for p in self.players:
                if not p.live:
                    await p.connect()
            cs = [p.client for p in self.players]
            deadline = asyncio.get_running_loop().time() + 3
            while asyncio.get_running_loop().time() < deadline:
                if not all(p.live for p in self.players):
                    break  # reconnect it first
                if (all(p.live and p.client.state is not None and p.client.state.get("view")
                        for p in self.players) and len({c.version for c in cs}) == 1):
                    return [c.view for c in cs]
                await asyncio.sleep(0.002)
            # versions that do not meet: somebody's connection is stale; reconnect it
            top = max(c.version for c in cs)
            for p in self.players:
                if p.live and p.client.version < top:
                    await p.client.close()

    def _where(self) -> list[dict[str, Any]]:
        """Each player's connection as the test sees it (for a failure's message)."""
        return [{"name": p.name, "url": p.client.url, "live": p.live,
                 "version": p.client.version, "close_code": p.client.close_code,
                 "reconnects": p.reconnects, "frames": len(p.client.frames)}
                for p in self.players]

    async def play(self, max_steps: int = 20000,
                   until: asyncio.Task[Any] | None = None) -> dict[str, Any]:
        """Play to the game's end (or until ``until`` is done): the last views' first."""
        for _ in range(max_steps):
            views = await self._views()
            if until is not None and until.done():
                return views[0]
            choice = decide(views)
            if choice is None:
                return views[0]
            seat, text = choice
            sent = time.perf_counter()
            try:
                r = await self.players[seat].client.say(text, timeout=5)
            except (ConnectionError, TimeoutError, ConnectionClosed):
                # no reply: not acknowledged (it may or may not have been stored)
                self.unanswered += 1
                await self.players[seat].client.close()
                continue
            if r["ok"]:
                self.acked.append((seat, text))
                if self.on_ack is not None:
                    self.on_ack(sent)
            else:
                assert r["code"] in ("storage_error", "internal_error"), (seat, text, r)
                self.refused.append(r)
                self.unanswered += 1
        raise AssertionError(("the game did not end", self.refused[-3:], len(self.refused)))

    async def start_again(self, tries: int = 200) -> None:
        """``/start`` a new game (through failures: until one runs; fails after ``tries``
        attempts, with the last reply)."""
        last: Any = None
        for _ in range(tries):
            views = await self._views()
            if views[0]["phase"] != "over":
                return
            with contextlib.suppress(ConnectionError, TimeoutError, ConnectionClosed):
                last = await self.players[0].client.say("/start", timeout=5)
        raise AssertionError(("no new game after", tries, "tries", last, self._where()))

    async def close(self) -> None:
        for p in self.players:
            await p.client.close()


def check_game(stored: list[dict[str, Any]], acked: list[tuple[int, str]]) -> None:
    """The stored game (``journal.history``: every stored command with the position after
    it): every acknowledged command in it, in order; and from each position to the next,
    cards conserved (T52), a seat with every field full can harvest (T53), a hand kept in
    order with draws at its back (T54)."""
    game_rows = [h for h in stored if h["seat"] is not None]
    it = iter((h["seat"], h["text"]) for h in game_rows)
    missing = [a for a in acked if not any(a == s for s in it)]
    assert not missing, f"acknowledged but not stored: {missing[:5]}"
    total = card_count(stored[0]["position"])
    prev: dict[str, Any] | None = None
    for h in stored:
        pos = h["position"]
        assert card_count(pos) == total, ("T52: cards not conserved", h["version"])
        g = Game.from_position(pos)
        for seat, s in enumerate(pos["seats"]):
            if all(f is not None for f in s["fields"]) and g.phase != "over":
                assert g.harvestable(seat), ("T53", h["version"], seat)
            if prev is not None and prev.get("seats") and len(prev["seats"]) == len(pos["seats"]):
                old, new = prev["seats"][seat]["hand"], s["hand"]
                # drawn cards come from the draw pile (or the discards, reshuffled)
                drawn = Counter(prev["deck"]) + Counter(prev["discard"])
                assert any(_subsequence(new[:k], old) and not Counter(new[k:]) - drawn
                           for k in range(len(new), -1, -1)), ("T54", h["version"], seat)
        prev = pos


def _subsequence(small: list[str], big: list[str]) -> bool:
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


async def kill_owner(cluster: Cluster, room: str, rnd: random.Random,
                     restarting: list[asyncio.Task[None]] | None = None) -> float:
    """kill -9 the owner of ``room`` and start it again on its port: the moment of the kill
    (loop time), or 0 when no process owned it. With ``restarting`` the start-up runs in the
    background (its task appended there); else it is waited for."""
    srv = await asyncio.to_thread(cluster.owner_of, room)
    if srv is None:
        return 0.0
    at = asyncio.get_running_loop().time()
    srv.kill9()
    task = asyncio.create_task(asyncio.to_thread(srv.start))
    if restarting is None:
        await task
    else:
        restarting.append(task)
    return at


async def seat_and_park(cluster: Cluster, server: ServerProc, room: str
                        ) -> tuple[Client, dict[str, Any]]:
    """Ann takes a seat in ``room`` on ``server`` and leaves; once the room has parked (the
    cluster started with a short ``park_after``), its lobby line at ``/api/rooms/NAME``,
    which must name her, resting. ``(Ann's closed client: her token, the line)``; 20 s at
    most, else the room's ownership in the assertion."""
    ann = await Client(server.ws_url(room), "Ann").connect()
    await ann.ok("/join")
    await ann.close()
    deadline = time.monotonic() + 20
    while not (line := httpx.get(server.base + f"/api/rooms/{room}").json() or {}).get("resting"):
        assert time.monotonic() < deadline, cluster.ownership(room)
        await asyncio.sleep(0.2)
    assert line["seats"] == ["Ann"], line
    return ann, line
