"""Failover: the owner of a room is killed (kill -9) 20 times at random moments of a game
played by players on three processes; each time another process takes the room over from
the database, the players reconnect by themselves and play on. Every command whose reply
said ok is in the stored game, and the stored game keeps T52-T54 throughout."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from .parts import Cluster, Players, check_game, kill_owner

KILLS = 20
# seconds the 20 kills may take (under 20 s here): the games go on until the
# kills are done, so a killer that no longer finds an owner to kill would keep them going
# for good (once, in a full run, 17 minutes and 16 GB of the clients' kept frames)
KILL_PATIENCE = 300.0


async def test_the_owner_killed_20_times_loses_nothing(
        tmp_path: Path, pg_url: str, redis_url: str) -> None:
    cluster = Cluster(tmp_path, pg_url, redis_url, game_seed=5).start()
    rnd = random.Random(16)
    games = 0
    killed: list[float] = []
    no_owner = [0, 0]  # kill_owner found no owner: in a row now, in all
    try:
        players = Players(cluster.urls("crash"), ["Ann", "Bob", "Cy"])
        await players.seat()

        async def killer() -> None:
            restarting: list[asyncio.Task[None]] = []
            while len(killed) < KILLS:
                await asyncio.sleep(rnd.uniform(0.2, 1.0))
                for t in restarting:  # at most one process down at a time
                    await t
                restarting.clear()
                at = await kill_owner(cluster, "crash", rnd, restarting)
                if at:
                    killed.append(at)
                    no_owner[0] = 0
                else:
                    no_owner[0] += 1
                    no_owner[1] += 1
            for t in restarting:
                await t

        task = asyncio.create_task(killer())
        give_up = asyncio.get_running_loop().time() + KILL_PATIENCE
        while True:  # games until the kills are done (each game checked)
            final = await players.play()
            games += 1
            assert final["phase"] == "over"
            if task.done():
                break
            if asyncio.get_running_loop().time() > give_up:
                task.cancel()
                where = await asyncio.to_thread(cluster.ownership, "crash")
                raise AssertionError(("the kills not done within", KILL_PATIENCE, "s",
                                      len(killed), "of", KILLS, "games", games,
                                      "no owner found (in a row, in all)", no_owner, where,
                                      players._where()))
            await players.start_again()
        await task
        stored = cluster.history("crash")
        check_game_by_game(stored, players.acked, players.unanswered)
        assert len(killed) == KILLS
        assert sum(p.reconnects for p in players.players) >= KILLS  # they came back each time
        await players.close()
    finally:
        cluster.stop()


def check_game_by_game(stored: list[dict[str, Any]], acked: list[tuple[int, str]],
                       unanswered: int) -> None:
    games = sorted({h["game_no"] for h in stored})
    assert games, "nothing stored"
    # the acknowledged commands, in order, across the games: each game's own check
    rows = [(h["seat"], h["text"]) for h in stored if h["seat"] is not None]
    it = iter(rows)
    missing = [a for a in acked if not any(a == r for r in it)]
    assert not missing, f"acknowledged but not stored: {missing[:5]}"
    # and nothing stored twice or made up: besides the acknowledged game commands, only
    # commands whose sender was never told (no reply) can be in the record
    played = [r for r in rows if not r[1].startswith("/start")]
    assert len(acked) <= len(played) <= len(acked) + unanswered, \
        (len(played), len(acked), unanswered)
    for g in games:
        check_game([h for h in stored if h["game_no"] == g], [])
