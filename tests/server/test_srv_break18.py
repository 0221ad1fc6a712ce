"""Break round 18: a hostile or unlucky client against a real server (``serve`` in a
subprocess, real SQLite, real WebSocket clients)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from .harness import Client, ServerProc


async def test_a_resync_over_the_rate_is_answered_later_not_dropped(server_factory: Any) -> None:
    """A board that cannot apply a patch sends ``resync`` and ignores every patch until a full
    ``state`` comes (web/js/net.js: ``resyncing``). Sent while its address is over the rate
    (a tab of the same address pasted chat lines), the resync must still be answered once the
    rate allows: before, it was dropped without a word, and the board showed a stale table for
    as long as it stayed connected."""
    srv: ServerProc = server_factory(per_address_limits=1, commands_per_second=0.25,
                                     commands_burst=3, max_conns_per_address=20)
    ann = await Client(srv.ws_url("stale"), "Ann", deltas=True).connect()
    tabs = [await Client(srv.ws_url("stale"), f"Bob{i}").connect() for i in range(3)]
    # lines pasted in the other tabs take the address's burst (and Ann's share of it)
    replies = await asyncio.gather(*[t.say(f"line {i}") for t in tabs for i in range(2)])
    assert any(r.get("code") == "rate_limited" for r in replies), replies
    seen = len(ann.frames)
    await ann.send({"type": "resync"})

    def full_states() -> list[dict[str, Any]]:
        return [m for m in map(json.loads, ann.frames[seen:]) if m["type"] == "state"]

    await ann.wait(lambda: bool(full_states()), timeout=20)
    assert full_states()[0]["version"] >= ann.version
    assert ann.close_code is None
    await ann.close()
    for t in tabs:
        await t.close()


async def test_messages_before_hello_are_answered_hello_required(server: ServerProc) -> None:
    """``lang``, ``resync`` and ``activity`` before ``hello`` get an ``error``
    ``hello_required``, as a ``say`` gets its reply (before: no answer at all, so a client that
    asked for a state before its hello waited for ever); the hello after them is welcomed."""
    c = await Client(server.ws_url("early")).connect(hello=False)
    for msg in ({"type": "resync"}, {"type": "lang", "lang": "ja"}, {"type": "activity"}):
        seen = len(c.errors)
        await c.send(msg)
        await c.wait(lambda: len(c.errors) > seen)  # noqa: B023 (awaited here)
        assert c.errors[-1]["code"] == "hello_required", (msg, c.errors[-1])
    await c.send({"type": "hello", "name": "Ann"})
    await c.wait(lambda: bool(c.welcomes) and c.state is not None)
    assert c.close_code is None
    await c.close()


async def test_a_name_that_reads_as_a_seat_number_is_refused(server: ServerProc) -> None:
    """``/offer ... to 3`` reads 3 as a seat number (commands/parse.py), ``/handover 3`` and
    ``/removebot 3`` as a name first (Table.find_seat): a person called ``3`` in seat 2 could
    not be reached by name, and drew offers and hand-overs meant for seat 3 to themselves.
    A name that reads as a number (``3``, ``#2``, full-width ``１``, ``-1``, ``2.5``) is
    ``bad_name`` in ``/join``, ``/addbot`` and ``hello`` (a guest name then); names with
    digits and letters still sit down."""
    url = server.ws_url("numbers")
    ann = await Client(url, "Ann").connect()
    await ann.ok("/join")
    for name in ("3", "#2", "\uff11", "-1", "2.5", " 7 "):
        r = await ann.say(f"/addbot {name}")
        assert not r["ok"] and r["code"] == "bad_name", (name, r)
    tab = await Client(url, "w").connect()
    for name in ("3", "#2", "\uff11"):
        r = await tab.say(f"/join {name}")
        assert not r["ok"] and r["code"] == "bad_name", (name, r)
    late = await Client(url, "4").connect()
    assert late.errors and late.errors[-1]["code"] == "bad_name", late.errors
    assert late.welcomes[-1]["you"]["name"] != "4"
    for c, name in ((tab, "R2-D2"), (late, "Ann 2")):
        await c.ok(f"/join {name}")
    await ann.ok("/addbot 2Bot")
    seats = [s["name"] for s in ann.state["room"]["seats"]] if ann.state else []
    await ann.wait(lambda: len(ann.state["room"]["seats"]) == 4)
    seats = [s["name"] for s in ann.state["room"]["seats"]]
    assert seats == ["Ann", "R2-D2", "Ann 2", "2Bot"], seats
    for c in (ann, tab, late):
        await c.close()


async def test_a_language_switch_over_the_rate_still_switches(server_factory: Any) -> None:
    """A ``lang`` sent while the address is over the rate: the server's texts come in the new
    language at once (the refusals that follow are Japanese), and the log comes again in it
    once the rate allows (``log`` with ``replay``). Before, the switch was dropped without a
    word: the page showed Japanese, the server went on writing English until the person
    switched again."""
    srv: ServerProc = server_factory(per_address_limits=1, commands_per_second=0.25,
                                     commands_burst=3, max_conns_per_address=20)
    ann = await Client(srv.ws_url("words"), "Ann").connect()
    tabs = [await Client(srv.ws_url("words"), f"Bob{i}").connect() for i in range(3)]
    replies = await asyncio.gather(*[t.say(f"line {i}") for t in tabs for i in range(2)])
    assert any(r.get("code") == "rate_limited" for r in replies), replies
    seen = len(ann.frames)
    await ann.send({"type": "lang", "lang": "ja"})
    for _ in range(5):  # (a slow machine may have given the address a line back meanwhile)
        r = await ann.say("hello")
        if not r["ok"]:
            break
    assert r["code"] == "rate_limited" and r["message"] == "コマンドが多すぎます。少し待ってください。", r

    def replays() -> list[dict[str, Any]]:
        return [m for m in map(json.loads, ann.frames[seen:])
                if m["type"] == "log" and m.get("replay")]

    await ann.wait(lambda: bool(replays()), timeout=20)
    assert ann.close_code is None
    for c in (ann, *tabs):
        await c.close()


def test_a_long_name_is_refused_before_the_precis_rules_run(monkeypatch: Any) -> None:
    """A name typed long (``/join`` takes up to the line's 400 characters; a hello up to 200)
    is refused as too long from its NFKC length, before the PRECIS rules (precis-i18n, in
    Python, character by character): ``ﷺ`` becomes 18 characters, and 390 of them took
    40-60 ms of the event loop per ``/join``, ten a second from one address. The PRECIS rules
    still see every name that may be short enough (work counted, not timed)."""
    from bohnanza.server.room import names
    from bohnanza.server.room.change import CommandError

    seen: list[int] = []
    real = names._NICK

    class Counting:
        def enforce(self, text: str) -> str:
            seen.append(len(text))
            return str(real.enforce(text))

    monkeypatch.setattr(names, "_NICK", Counting())
    for raw in ("\ufdfa" * 390, "\ufdfa " * 195, "\u337f" * 390, "a" * 390, "a " * 195):
        try:
            names.check_name(raw, 20)
        except CommandError as e:
            assert e.code == "bad_name" and "at most 20 characters" in e.message, e.message
        else:
            raise AssertionError(f"{raw[:4]!r}... was taken")
    assert seen == [], seen
    # names that may be short enough still go through the rules (and the marks' count)
    assert names.check_name("  Zo\u00eb   Ann ", 20) == "Zo\u00eb Ann"
    assert names.check_name("\uff21\uff4e\uff4e", 20) == "Ann"  # full-width letters
    assert len(names.check_name("\ufdfa", 20)) == 18  # one character, 18 after NFKC
    assert seen and max(seen) <= 40, seen


async def test_an_owed_resync_that_fails_closes_its_connection_only() -> None:
    """The task that sends an owed resync (owed.py) fails as a message read would: the
    connection is closed 1011 and the error logged, not left in a task nobody awaits."""
    from types import SimpleNamespace

    from bohnanza.server.conn import TokenBucket
    from bohnanza.server.owed import Owed

    closed: list[int] = []
    conn = SimpleNamespace(id=1, address="a", lang="en", closing=False,
                           bucket=TokenBucket(100.0, 1),  # (the connection's own rate)
                           close=lambda code, reason: closed.append(code))
    gate = SimpleNamespace(say=lambda address: True)

    class Broken:
        async def resync(self, conn: Any) -> None:
            raise RuntimeError("storage gone")

    owed = Owed(conn, gate, 100.0)  # type: ignore[arg-type]
    await owed.ask(Broken(), None, False)  # type: ignore[arg-type]
    assert owed.task is not None
    await asyncio.wait_for(owed.task, 5)  # ends without raising
    assert closed == [1011]
    await owed.cancel()


async def test_an_owed_resync_answered_at_once_is_not_sent_again() -> None:
    """A resync owed (over the rate), then a newer resync the rate lets through: that one is
    answered at once and settles what was owed (owed.py: "what was owed of its kind is then
    settled"). The owed task must then send no second full state, nor take one more message
    from the address's rate for it (a say of another tab refused for nothing)."""
    from types import SimpleNamespace

    from bohnanza.server.conn import TokenBucket
    from bohnanza.server.owed import Owed

    said: list[str] = []
    conn = SimpleNamespace(id=1, address="a", lang="en", closing=False,
                           bucket=TokenBucket(100.0, 1),  # (the connection's own rate)
                           close=lambda code, reason: None)
    gate = SimpleNamespace(say=lambda address: said.append(address) or True)
    sent: list[Any] = []

    class Room:
        async def resync(self, conn: Any) -> None:
            sent.append(conn)

    owed = Owed(conn, gate, 100.0)  # type: ignore[arg-type]
    room = Room()
    await owed.ask(room, None, False)  # type: ignore[arg-type]  # over the rate: owed
    await asyncio.sleep(0)  # (its task waits for the rate now, as between two messages read)
    await owed.ask(room, None, True)  # type: ignore[arg-type]  # through: answered now
    assert owed.task is not None
    await asyncio.wait_for(owed.task, 5)
    assert len(sent) == 1, sent
    assert said == [], said
    await owed.cancel()


async def test_owed_resyncs_keep_to_the_connections_own_rate(server_factory: Any) -> None:
    """A connection's own rate (``commands_per_second`` / ``commands_burst``, conn.py) bounds
    the answers it gets, owed ones (owed.py) included: a board sending ``resync`` after
    ``resync`` gets at most burst + rate x seconds full states. Before, the owed one took a
    message from the address's rate only (here off: per_address_limits=0, as for a client
    whose address is unknown), so the connection got a full state at its own rate and
    another one per rate interval besides, about twice what its rate allows."""
    rate, burst = 5.0, 2
    srv: ServerProc = server_factory(commands_per_second=rate, commands_burst=burst)
    ann = await Client(srv.ws_url("greedy"), "Ann", deltas=True).connect()
    seen = len(ann.frames)
    loop = asyncio.get_running_loop()
    start = loop.time()
    for _ in range(60):  # 20 a second for 3 s (the rate allows 5 a second)
        await ann.send({"type": "resync"})
        await asyncio.sleep(0.05)
    states = sum(1 for f in ann.frames[seen:] if json.loads(f)["type"] == "state")
    elapsed = loop.time() - start  # (the server's time of them is within this)
    assert states >= 1
    assert states <= burst + rate * elapsed, (states, elapsed)
    assert ann.close_code is None
    await ann.close()
