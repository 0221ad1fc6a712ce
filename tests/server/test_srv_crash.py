"""kill -9 the server at random moments of a game; restart it on the same database; the clients
reconnect with their tokens and the game ends exactly as the same game played without a crash."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bohnanza.server.room.journal import load_room

from .harness import ServerProc, Table, decide, seat_players, server_store

NAMES = ["Ann", "Bob", "Cy", "Dee"]
SEED = 11


def _final_position(srv: ServerProc, room: str) -> dict[str, Any]:
    store = server_store(srv.db)  # its command file folded in (cmdfile.py)
    try:
        stored = load_room(store, room)
        assert stored is not None and stored.game is not None
        return stored.game
    finally:
        store.close()


async def _reconnect(srv: ServerProc, table: Table) -> None:
    for c in table.clients:
        await c.close()
    srv.start()
    for seat, c in enumerate(table.clients):
        await c.connect(token=c.token)
        assert c.seat == seat, "the token gives the same seat back"
    await table.sync()


async def test_kill9_at_random_moments(server_factory: Any) -> None:
    ref = server_factory("ref.db", game_seed=SEED)
    ref_table = await seat_players(ref.ws_url("g"), NAMES)
    ref_final = await ref_table.play()
    ref_pos = _final_position(ref, "g")
    for c in ref_table.clients:
        await c.close()
    ref.stop()

    srv = server_factory("crash.db", game_seed=SEED)
    table = await seat_players(srv.ws_url("g"), NAMES)
    rng = random.Random(2024)
    total = len(ref_table.commands)
    kills = set(rng.sample(range(3, total - 3), 6))
    modes = ["after_reply", "in_flight", "idle"]
    killed_in_deal = False
    seen_modes: list[str] = []
    step = 0
    while True:
        await table.sync()
        views = table.views()
        choice = decide(views)
        if choice is None:
            break
        seat, text = choice
        in_deal = views[0]["deal"] is not None
        if step in kills or (in_deal and not killed_in_deal):
            killed_in_deal |= in_deal
            mode = modes[len(seen_modes) % len(modes)]
            seen_modes.append(mode)
            if mode == "after_reply":
                r = await table.clients[seat].say(text)
                assert r["ok"], r
                await table.sync()
                acked_views = table.views()
                acked_version = table.clients[seat].version
                srv.kill9()
                await _reconnect(srv, table)
                # nothing acknowledged was lost: every seat sees exactly what it saw
                assert table.views() == acked_views
                assert min(c.version for c in table.clients) > acked_version
            elif mode == "in_flight":
                fut = await table.clients[seat].say_nowait(text)
                await asyncio.sleep(rng.uniform(0, 0.004))
                srv.kill9()
                acked = fut.done() and not fut.exception() and fut.result()["ok"]
                await _reconnect(srv, table)
                if acked:  # an acknowledged command is never lost
                    assert table.views() != views
            else:
                srv.kill9()
                await _reconnect(srv, table)
                assert table.views() == views
                continue  # the same decision again, on the restarted server
            step += 1
            continue
        r = await table.clients[seat].say(text)
        assert r["ok"], (text, r)
        step += 1
    final = table.clients[0].view
    assert killed_in_deal
    assert len(seen_modes) >= 6
    assert final["result"] == ref_final["result"]
    assert _final_position(srv, "g") == ref_pos
    for c in table.clients:
        await c.close()
