"""Split brain: the owner of a room is paused (SIGSTOP) past its lease; another process takes
the room over and the game goes on there; the first is resumed (SIGCONT) with a command of its
players waiting: its write is refused (fencing) or it drops the room first (its lease is
gone), so that command is never acknowledged nor stored, and the game stays one game."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from server.harness import Client, decide, wait_on

from .parts import Cluster, check_game

LEASE = 1.0


async def test_a_paused_owner_cannot_write_after_a_takeover(tmp_path: Path, pg_url: str) -> None:
    cluster = Cluster(tmp_path, pg_url, None, n=2, lease_timeout=LEASE).start()
    a, b = cluster.servers
    try:
        on_a = [Client(a.ws_url("split"), n) for n in ("Ann", "Bob", "Cy")]
        for c in on_a:
            await c.connect()
            await c.ok("/join")
        await on_a[0].ok("/start")
        acked = [(0, "/start")]
        for _ in range(12):  # a few commands, all on A
            await wait_on(on_a, lambda: len({c.version for c in on_a}) == 1)
            seat, text = decide([c.view for c in on_a])  # type: ignore[misc]
            await on_a[seat].ok(text)
            acked.append((seat, text))
        assert cluster.owner_of("split") is a
        await wait_on(on_a, lambda: len({c.version for c in on_a}) == 1)
        late_seat, late_text = decide([c.view for c in on_a])  # type: ignore[misc]

        assert a.proc is not None
        os.kill(a.proc.pid, signal.SIGSTOP)
        try:
            # the command A's player sends while A is paused waits in A's socket
            late = await on_a[late_seat].say_nowait(late_text)
            await asyncio.sleep(LEASE * 2.5)  # past the lease: PostgreSQL ends A's session
            on_b = [Client(b.ws_url("split"), c.name) for c in on_a]
            for c, old in zip(on_b, on_a, strict=True):
                await c.connect(token=old.token)
                assert c.seat == old.seat
            assert cluster.owner_of("split") is b  # taken over
            for _ in range(6):  # the game goes on at B (the late command among them)
                await wait_on(on_b, lambda: len({c.version for c in on_b}) == 1)
                seat, text = decide([c.view for c in on_b])  # type: ignore[misc]
                await on_b[seat].ok(text)
                acked.append((seat, text))
            fence_b = await asyncio.to_thread(_fence, pg_url)
        finally:
            os.kill(a.proc.pid, signal.SIGCONT)
        # A wakes with the late command: refused (fencing), or A drops the room first
        try:
            reply = await asyncio.wait_for(late, 10)
            assert not reply["ok"] and reply["code"] == "storage_error", reply
        except ConnectionError:
            pass  # the room was dropped and the connection closed before the write
        for c in on_a:
            assert await c.closed(10) == 1013  # told to reconnect (they would reach B)
        assert cluster.owner_of("split") is b
        assert await asyncio.to_thread(_fence, pg_url) == fence_b  # A took nothing back
        await wait_on(on_b, lambda: len({c.version for c in on_b}) == 1)
        seat, text = decide([c.view for c in on_b])  # type: ignore[misc]
        await on_b[seat].ok(text)  # B plays on
        acked.append((seat, text))
        stored = cluster.history("split")
        assert [(h["seat"], h["text"]) for h in stored if h["seat"] is not None] == acked
        check_game(stored, acked)
        log = a.log.read_text()
        assert "taken over by another process" in log or "lost" in log
        for c in on_b:
            await c.close()
    finally:
        cluster.stop()


def _fence(url: str) -> int:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT fence FROM room_owner WHERE name='split'").fetchone()
    assert row is not None
    return int(row[0])


async def test_a_lost_room_never_writes_again_even_once_its_process_owns_it_anew(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    """The owner of a game of bots is paused past its lease; B adopts the room; A is resumed
    (its bots' step under way is refused by fencing); then B dies and A adopts the room again
    with its new lease. The copy A lost must not play on beside the copy A loaded anew: one
    game is stored, whose commands replay (before, the lost copy's bots retried their refused
    step every second and, once A owned the room again, wrote a second game into it)."""
    cluster = Cluster(tmp_path, pg_url, redis_url, n=2, lease_timeout=LEASE, bot_delay=0.05,
                      bot_trade_patience=0).start()
    a, b = cluster.servers
    try:
        ann = await Client(a.ws_url("zombie"), "Ann").connect()
        for text in ("/join", "/addbot B1", "/addbot B2", "/start", "/leave"):
            await ann.ok(text)
        await ann.wait(lambda: ann.version >= 12, 30)  # the bots play, at A
        assert cluster.owner_of("zombie") is a
        assert a.proc is not None
        os.kill(a.proc.pid, signal.SIGSTOP)
        try:
            for _ in range(200):  # B adopts it once A's lease is gone
                if cluster.owner_of("zombie") is b:
                    break
                await asyncio.sleep(0.05)
            assert cluster.owner_of("zombie") is b
            await asyncio.sleep(1.0)  # B's bots play on
        finally:
            os.kill(a.proc.pid, signal.SIGCONT)
        await asyncio.sleep(LEASE * 3)  # A finds its lease gone, takes a new one
        b.kill9()
        for _ in range(200):  # A adopts the room again
            if cluster.owner_of("zombie") is a:
                break
            await asyncio.sleep(0.05)
        assert cluster.owner_of("zombie") is a
        await asyncio.sleep(3.0)  # A's bots play (and a lost copy would too)
        stored = cluster.history("zombie")  # every stored command replays
        game = [h for h in stored if h["seat"] is not None and h["game_no"] == 1]
        versions = [h["version"] for h in game]
        assert versions == sorted(set(versions)), "two copies of the game wrote"
        check_game(stored, [])
        await ann.close()
    finally:
        cluster.stop()
