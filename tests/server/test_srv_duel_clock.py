"""Issue 13 over the real server (uvicorn, SQLite, WebSocket clients): two people play the
bean duel (rules.md §3a) to the end; a connected seat that owes a decision and stays quiet is
handed to a bot and taken back by acting; the turn clock makes the smallest legal move, logs
it, hands the seat to a bot when it ran out in three turns in a row (a turn counts once, bots18);
a restart keeps the deadline."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from bohnanza.bots.timeout import timeout_move

from .harness import Client, ServerProc, leak_scan, positions_by_version
from .test_srv_bots import _over, _room, _stored, drive


async def _seat(url: str, names: list[str], options: list[str]) -> list[Client]:
    cs = [await Client(url, n).connect() for n in names]
    for c in cs:
        await c.ok("/join")
    for o in options:
        await cs[0].ok(o)
    await cs[0].ok("/start")
    for c in cs:
        await c.wait(lambda c=c: c.state is not None and c.state["view"] is not None)
    return cs


async def test_two_people_play_the_duel_to_the_end(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=21)
    url = srv.ws_url("duel")
    # a clock far too long to run out: every change stores a checkpoint, so the leak scan
    # below compares each frame with the exact position it was sent at
    ann, bob = await _seat(url, ["Ann", "Bob"],
                           ["/option rules rio-grande", "/option duel 3fields",
                            "/option clock 3600"])
    v = ann.view
    assert v["rules"]["duel"] and v["rules"]["duel_base"] == "3fields"
    assert all(len(s["fields"]) == 3 for s in v["seats"]) and v["passes_limit"] == 1
    assert _room(ann)["options"]["duel_base"] == "3fields"
    sent = await asyncio.wait_for(asyncio.gather(drive(ann, seed=1), drive(bob, seed=2)), 240)
    for c in (ann, bob):
        await c.wait(lambda c=c: _over(c))
    refused = [t for part in sent for _, t, ok in part if not ok]
    assert len(refused) <= 2, refused  # at most a command sent as the table moved on
    result = ann.view["result"]
    assert result is not None and len(result["scores"]) == 2 and ann.view["exhaustions"] == 1
    texts = [c["text"] for c in _stored(srv, "duel")]
    for part in ("/discard h", "/plant u", "/done"):
        assert any(t.startswith(part) for t in texts), part
    assert not any(t.startswith(("/offer", "/accept")) for t in texts)
    history = positions_by_version(srv.db, "duel")
    for c in (ann, bob):
        assert leak_scan(c, history) > 50  # no other hand, no draw pile order, no secret
    await ann.close()
    await bob.close()


async def test_a_connected_quiet_seat_is_handed_over_and_taken_back(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=5, away_seconds=1, idle_check_interval=0.1,
                                     bot_delay=0.2)
    url = srv.ws_url("quiet")
    ann, bob = await _seat(url, ["Ann", "Bob"], ["/option rules rio-grande"])
    waited = ann if ann.view["active"] == ann.seat else bob
    other = bob if waited is ann else ann
    ws = waited.seat
    assert ws is not None
    # the other seat owes nothing: it cannot be handed over although it is quiet too
    r = await waited.say(f"/handover {other.name}")
    assert r["code"] == "not_away" and "not waiting" in r["message"]
    r = await other.say(f"/handover {waited.name}")
    assert r["code"] == "not_away" and "after 1 s" in r["message"]
    await other.wait(lambda: _room(other)["seats"][ws]["can_hand_over"], timeout=5)
    assert _room(other)["seats"][ws]["connected"] and _room(other)["seats"][ws]["owes"]
    await other.ok(f"/handover {waited.name}")
    await other.wait(lambda: _room(other)["seats"][ws]["bot"])
    assert _room(other)["seats"][ws]["policy"] == "normal"  # the takeover's level (bots18)
    # the bot plays the waited-for seat's turn
    turn = other.view["turn"]
    await other.wait(lambda: other.view["turn"] > turn, timeout=20)
    # the person acts: the seat is theirs again, the bot stops
    await waited.ok("/who")
    await other.wait(lambda: not _room(other)["seats"][ws]["bot"])
    assert any("is back" in e.get("text", "") for e in other.logs)
    assert not _room(other)["seats"][ws]["can_hand_over"]
    await ann.close()
    await bob.close()


def _first_game_state(c: Client) -> dict[str, Any]:
    """The first ``state`` frame ``c`` received with a game in it (its view)."""
    for raw in c.frames:
        m = json.loads(raw)
        if m["type"] == "state" and m["view"] is not None:
            return m  # type: ignore[no-any-return]
    raise AssertionError("no state with a game")


def _timeouts(c: Client) -> list[dict[str, Any]]:
    return [e for e in c.logs if e.get("event") == "timeout"]


async def test_clock_runs_out_smallest_move_logged_a_turn_counts_once(
        server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=8, idle_check_interval=0.1, bot_delay=0.2)
    url = srv.ws_url("clock")
    cs = await _seat(url, ["Ann", "Bob", "Cy"], ["/option clock 1"])
    ann = cs[0]
    # each seat's first state of the game, as it came: the clock may run out (1 s) before
    # the lines below run on a loaded machine, and the states held then are later ones
    starts = [_first_game_state(c) for c in cs]
    assert starts[0]["room"]["options"]["clock"] == 1
    a = starts[0]["view"]["active"]
    turn = starts[0]["view"]["turn"]
    late = cs[a]
    # every seat sees the active player's countdown (and only the waited-for seat has one)
    for start in starts:
        seats = start["room"]["seats"]
        assert seats[a]["deadline"] is not None and seats[a]["owes"]
        assert all(s["deadline"] is None for i, s in enumerate(seats) if i != a)
        assert 0 < seats[a]["deadline"] - start["room"]["now"] <= 1.0
    # what the clock will do: plant where the card fits
    first = timeout_move(starts[a]["view"])
    assert first is not None and first.startswith(("/plant", "/harvest"))
    # phase 1, phase 2, phase 3 of one turn run out: three timeouts, but one turn (bots18:
    # the third timeout of the first turn handed the seat to a bot; README "Turn clock")
    await ann.wait(lambda: len(_timeouts(ann)) >= 3, timeout=20)
    got = _timeouts(ann)[:3]
    assert [e["seat"] for e in got] == [a, a, a]
    assert [e["timeouts"] for e in got] == [1, 1, 1]
    assert "turns in a row: 1" in got[2]["text"], got[2]
    await ann.wait(lambda: ann.view["turn"] > turn, timeout=20)   # the next player's turn
    assert not _room(ann)["seats"][a]["bot"] and _room(ann)["seats"][a]["timeouts"] == 1
    assert not any(e.get("event") == "timeout_bot" for e in ann.logs)
    stored = [c for c in _stored(srv, "clock") if c["seat"] == a and c["text"] != "/join"]
    texts = [c["text"] for c in stored]
    assert texts[0] == first and "/done" in texts[:4]
    assert not any(t.startswith(("/buy", "/offer", "/accept")) for t in texts[:6])
    assert late.seat == a  # (its own move sets the count back: test_own_move_resets_the_count)
    for c in cs:
        await c.close()


async def test_duel_seat_idle_through_three_turns_goes_to_a_normal_bot(
        server_factory: Any) -> None:
    """The bean duel (rules.md §3a) against a bot, the person idle: each of her turns runs out
    in two or three steps, and only the third turn in a row hands her seat to a bot, which
    plays at the ``normal`` level (the takeover policy, bots18); acting takes it back."""
    srv: ServerProc = server_factory(game_seed=3, idle_check_interval=0.1, bot_delay=0.2)
    url = srv.ws_url("idleduel")
    ann = await Client(url, "Ann").connect()
    await ann.ok("/join")
    await ann.ok("/addbot Bert greedy")
    for line in ("/option rules rio-grande", "/option clock 1", "/start"):
        await ann.ok(line)
    await ann.wait(lambda: ann.state is not None and ann.state["view"] is not None)
    me = ann.seat
    assert me is not None and ann.view["rules"]["duel"]
    await ann.wait(lambda: any(e.get("event") == "timeout_bot" for e in ann.logs), timeout=90)
    mine = [e["timeouts"] for e in _timeouts(ann) if e["seat"] == me]
    # each turn counts once: counts 1, 2, 3 in order, several decisions for the first two
    assert mine == sorted(mine) and mine[-1] == 3 and mine.count(3) == 1, mine
    assert mine.count(1) >= 2 and mine.count(2) >= 2, mine
    bot_line = next(e for e in ann.logs if e.get("event") == "timeout_bot")
    assert "3 turns in a row" in bot_line["text"], bot_line
    await ann.wait(lambda: _room(ann)["seats"][me]["bot"], timeout=5)
    assert _room(ann)["seats"][me]["policy"] == "normal"
    turn = ann.view["turn"]
    await ann.wait(lambda: ann.view["turn"] > turn or _over(ann), timeout=30)  # it plays
    await ann.ok("/who")
    await ann.wait(lambda: not _room(ann)["seats"][me]["bot"], timeout=5)
    assert _room(ann)["seats"][me]["timeouts"] == 0
    await ann.close()


async def test_own_move_resets_the_count(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=8, idle_check_interval=0.1)
    url = srv.ws_url("reset")
    # 3 s, not 1: the /done below must reach the server inside the trade phase's clock (with
    # 1 s a loaded machine ran it out first: a second timeout, the test waited in vain)
    cs = await _seat(url, ["Ann", "Bob", "Cy"], ["/option clock 3"])
    a = cs[0].view["active"]
    await cs[0].wait(lambda: len(_timeouts(cs[0])) >= 1, timeout=15)
    me = cs[a]
    await me.wait(lambda: me.view["phase"] == "trade" and _room(me)["seats"][a]["timeouts"] == 1)
    await me.ok("/done")  # its own move: no timeouts in a row any more
    await me.wait(lambda: _room(me)["seats"][a]["timeouts"] == 0)
    for c in cs:
        await c.close()


async def test_a_restart_keeps_the_deadline(server_factory: Any) -> None:
    srv: ServerProc = server_factory("r.db", game_seed=4, idle_check_interval=0.1)
    url = srv.ws_url("restart")
    cs = await _seat(url, ["Ann", "Bob", "Cy"], ["/option clock 30"])
    a = cs[0].view["active"]
    deadline = _room(cs[0])["seats"][a]["deadline"]
    assert deadline is not None and deadline > time.time() + 20
    for c in cs:
        await c.close()
    srv.kill9()
    again: ServerProc = server_factory("r.db", game_seed=4, idle_check_interval=0.1)
    c = await Client(again.ws_url("restart"), "Watcher").connect()
    assert _room(c)["seats"][a]["deadline"] == deadline
    assert _room(c)["options"]["clock"] == 30
    await c.close()


async def test_a_deadline_that_passed_while_down_expires_a_clock_after_the_restart(
        server_factory: Any) -> None:
    srv: ServerProc = server_factory("d.db", game_seed=4, idle_check_interval=0.1)
    # 5 s, not 2: the clock must not run out between the start and the kill, nor between
    # the restart's loading and the watcher's welcome (with 2 s a loaded machine could run
    # it out in either gap, and the test would see a timeout it did not look for)
    cs = await _seat(srv.ws_url("late"), ["Ann", "Bob", "Cy"], ["/option clock 5"])
    a = cs[0].view["active"]
    turn = cs[0].view["turn"]
    deadline = _room(cs[0])["seats"][a]["deadline"]
    for c in cs:
        await c.close()
    srv.kill9()
    await asyncio.sleep(max(0.0, deadline - time.time()) + 0.5)   # it passes while down
    started = time.time()
    again: ServerProc = server_factory("d.db", game_seed=4, idle_check_interval=0.1)
    c = await Client(again.ws_url("late"), "Watcher").connect()
    # the downtime cost no move before anyone could come back: the seat has its clock (5 s,
    # under clock.RESTORE_GRACE) again from the room's loading on (break12)
    first = _room(c)["seats"][a]
    assert first["deadline"] >= started + 5, (first, started)
    assert not any(e.get("event") == "timeout" for e in c.logs)
    # the smallest legal move of the active seat's plant step is its first plant (R9), then
    # /done at the next expiry: the timeout is logged and the seat moves on from where it stood
    await c.wait(lambda: any(e.get("event") == "timeout" and e.get("seat") == a
                             for e in c.logs)
                 and (c.view["turn"] > turn or c.view["phase"] != "plant"
                      or c.view["planted"] >= 1), timeout=20)
    await c.close()
