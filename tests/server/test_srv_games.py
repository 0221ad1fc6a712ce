"""Complete games over the wire protocol by scripted clients (3 and 5 players), each with a
leak scan of every frame every connection received (hands, draw pile, coin totals); the
5-player game is played on state deltas (the scan reads every patch)."""

from __future__ import annotations

import json
from typing import Any

from .harness import Client, ServerProc, Table, leak_scan, positions_by_version, seat_players


def _check_game(table: Table, final: dict[str, Any], n: int) -> None:
    assert final["phase"] == "over"
    res = final["result"]
    assert len(res["scores"]) == n and res["winners"]
    best = max(res["scores"])
    assert all(res["scores"][w] == best for w in res["winners"])
    logs = table.clients[0].logs
    kinds = {e["kind"] for e in logs}
    assert {"deal_done", "harvest", "buy", "offer", "withdraw", "pass", "game_over"} <= kinds
    assert any(t.startswith("/provide") for _, t in table.commands)
    deals = [e for e in logs if e["kind"] == "deal_done"]
    assert any(not e["active_gave"] or not e["other_gave"] for e in deals), "no gift"
    assert any(e["active_gave"] and e["other_gave"] for e in deals), "no trade"
    assert any(s["third_field"] for s in final["seats"])
    # the pass mark showed to everyone (another seat's state carried it)
    for c in table.clients:
        states = ([json.loads(d) for d in c.docs.values()] if c.deltas else
                  [json.loads(f) for f in c.frames if f.startswith('{"type":"state"')])
        assert any(
            s["view"] and any(x["passed"] for i, x in enumerate(s["view"]["seats"]) if i != c.seat)
            for s in states
        )
    # every connection saw the same end
    for c in table.clients:
        assert c.view["result"] == res


async def test_three_player_game(server: ServerProc) -> None:
    watcher = await Client(server.ws_url("three"), "Watcher").connect()
    table = await seat_players(server.ws_url("three"), ["Ann", "Bob", "Cy"])
    final = await table.play()
    _check_game(table, final, 3)
    await watcher.wait(lambda: watcher.view["phase"] == "over")
    assert watcher.view["you"] is None and watcher.seat is None
    history = positions_by_version(server.db, "three")
    assert history[-1][1]["phase"] == "over"
    frames = sum(leak_scan(c, history) for c in [*table.clients, watcher])
    assert frames > 1000
    for c in [*table.clients, watcher]:
        await c.close()


async def test_five_player_game_hidden_money(server: ServerProc) -> None:
    url = server.ws_url("five")
    # the people and the watcher get state deltas: the leak scan reads the patch frames
    watcher = await Client(url, "Watcher", deltas=True).connect()
    table = await seat_players(url, ["Ann", "Bob", "Cy", "Dee", "Eve"],
                               ["/option hiddenmoney on"], deltas=True)
    assert table.clients[0].state["room"]["options"]["hidden_money"] is True
    for c in table.clients:
        assert all(s["coins"] is None for s in c.view["seats"])
    final = await table.play()
    _check_game(table, final, 5)
    # at the end the totals are revealed
    assert [s["coins"] for s in final["seats"]] == final["result"]["scores"]
    history = positions_by_version(server.db, "five")
    for c in [*table.clients, watcher]:
        assert c.patches > 300 and c.resyncs == 0
        leak_scan(c, history, hidden_money=True)
    for c in [*table.clients, watcher]:
        await c.close()
