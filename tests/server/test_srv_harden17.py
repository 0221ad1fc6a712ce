"""Gaps of the open-internet hardening found open after issue 11 (a real ``bohnanza serve``,
real WebSocket and HTTP clients; the clients of another address bind 127.0.0.x)."""

from __future__ import annotations

import asyncio
import socket
import time
from typing import Any

import httpx
import websockets

from .harness import Client, ServerProc


async def _refused(url: str, **kw: Any) -> dict[str, Any]:
    """A hello for ``url`` that the server refuses: the error it sent (and the close 1013)."""
    c = Client(url)
    await c.connect(hello=False, **kw)
    await c.send({"type": "hello", "name": "X"})
    assert await c.closed() == 1013
    return c.errors[-1]


async def test_one_address_holds_at_most_its_share_of_the_live_rooms(
        server_factory: Any) -> None:
    """``max_rooms_per_address=3``: one address makes 3 rooms and keeps them (a connection in
    each); its 4th is refused ``too_many_own_rooms`` (1013) with a line saying so, while another
    address makes rooms; a room of the first that parks frees its share. Before: one address
    made rooms until ``max_rooms`` (at its rate of new rooms), and nobody else could."""
    srv: ServerProc = server_factory(per_address_limits=1, max_rooms=6, rooms_burst=10,
                                     max_rooms_per_address=3, park_after=1,
                                     idle_check_interval=0.2)
    mine = [await Client(srv.ws_url(f"mine{i}"), "Mal").connect() for i in range(3)]
    err = await _refused(srv.ws_url("mine3"))
    assert err["code"] == "too_many_own_rooms", err
    assert "already holds 3 open rooms" in err["message"], err
    # joining a room that exists is no new room
    again = await Client(srv.ws_url("mine0"), "Mal2").connect()
    await again.close()
    # another address is not held to the first one's share
    other = [await Client(srv.ws_url(f"other{i}"), "Ann").connect(
        local_addr=("127.0.0.2", 0)) for i in range(3)]
    assert all(o.welcomes for o in other)
    # a room of the first address parks (its player left): its share comes back
    assert (await mine[0].say("/join"))["ok"]
    await mine[0].close()
    deadline = time.monotonic() + 15
    while "mine0" in [r["room"] for r in httpx.get(srv.base + "/api/rooms").json()]:
        assert time.monotonic() < deadline
        await asyncio.sleep(0.2)
    fresh = await Client(srv.ws_url("mine3"), "Mal").connect()
    assert fresh.welcomes[-1]["room"] == "mine3"
    for c in (*mine[1:], *other, fresh):
        await c.close()


async def test_two_fast_typists_leave_the_table_room_to_talk(server_factory: Any) -> None:
    """Eve and Mal (two connections, two shares) type as fast as their connections take
    lines; Ann's trade talk, a line a second, all goes through. Before: each speaker's share
    was half the room's chat rate, so two of them took all of it ("Too much chat in this room
    at once" for everyone else as long as they went on)."""
    srv: ServerProc = server_factory(room_chat_per_second=3, room_chat_burst=20)
    ann = await Client(srv.ws_url("talk2"), "Ann").connect()
    await ann.ok("/join")
    typists = [await Client(srv.ws_url("talk2"), name).connect() for name in ("Eve", "Mal")]
    theirs: list[dict[str, Any]] = []
    going = True

    async def type_fast(tab: Client) -> None:
        n = 0
        while going:
            theirs.append(await tab.say(f"buy my beans {n}"))
            n += 1
            await asyncio.sleep(0.02)

    tasks = [asyncio.create_task(type_fast(t)) for t in typists]
    await asyncio.sleep(2)  # their first lines took the room's burst
    anns = []
    for n in range(6):  # a line a second, while they go on
        anns.append(await ann.say(f"2 red for a chili? {n}"))
        await asyncio.sleep(1)
    going = False
    await asyncio.gather(*tasks)
    assert all(r["ok"] for r in anns), anns
    assert sum(r["ok"] for r in theirs) >= 20  # they were heard too, at their share
    assert any(not r["ok"] and r["code"] == "rate_limited" for r in theirs)
    for c in (ann, *typists):
        await c.close()


async def test_a_speaker_alone_in_the_room_keeps_the_whole_burst(server_factory: Any) -> None:
    """Pat, alone in the room, pastes 14 lines at once: the room's burst is 20 and so is a
    speaker's share, so all 14 are said. The reserve for other speakers (above) held back half
    the burst even with nobody else there: the lone paste was refused from its 11th line."""
    srv: ServerProc = server_factory(room_chat_per_second=3, room_chat_burst=20)
    pat = await Client(srv.ws_url("alone"), "Pat").connect()
    replies = await asyncio.gather(*(pat.say(f"line {n}") for n in range(14)))
    assert all(r["ok"] for r in replies), [r for r in replies if not r["ok"]]
    await pat.close()


def _closed_by_server(s: socket.socket) -> bool:
    """Has the server closed ``s`` (read without waiting)?"""
    s.setblocking(False)
    try:
        return s.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


async def test_idle_http_connections_make_way_for_players(server_factory: Any) -> None:
    """``max_connections=10`` filled with HTTP connections that send nothing or half a request
    line (slowloris; ``header_timeout`` long here): a player still gets in, sits down and
    plays, and a page loads; the idle connections are closed for them, oldest first, and the
    players' WebSockets never are. Before: the half-open connections held every slot until
    the header timeout, the player's handshake was answered 503, and opening them again as
    they closed kept the server full for good."""
    srv: ServerProc = server_factory(max_connections=10, header_timeout=120)
    idle = []
    for i in range(10):
        s = socket.create_connection(("127.0.0.1", srv.port), timeout=5)
        if i % 2:
            s.sendall(b"GET / HT")  # a request line that never ends
        idle.append(s)
    await asyncio.sleep(0.3)  # (the server has taken them all in)
    ann = await Client(srv.ws_url("slots"), "Ann").connect()
    await ann.ok("/join")
    bob = await Client(srv.ws_url("slots"), "Bob").connect()
    await bob.ok("/join")
    assert httpx.get(srv.base + "/", timeout=10).status_code == 200
    assert _closed_by_server(idle[0]) and _closed_by_server(idle[1])  # the oldest went
    assert not _closed_by_server(idle[-1])
    # more of them: the players stay, and a newcomer still gets in past them
    more = [socket.create_connection(("127.0.0.1", srv.port), timeout=5) for _ in range(10)]
    cy = await Client(srv.ws_url("slots"), "Cy").connect()
    await cy.ok("/join")
    for c in (ann, bob):
        assert (await c.say("/who"))["ok"] and c.close_code is None
    for s in (*idle, *more):
        s.close()
    for c in (ann, bob, cy):
        await c.close()


async def test_a_chat_line_that_shows_nothing_is_empty(server_factory: Any) -> None:
    """A line of Hangul fillers, braille blanks or format characters draws nothing: refused
    ``empty`` as a line of spaces is, and nobody gets a blank "Ann: " line (names refuse
    these already). Before: accepted, sent and stored."""
    srv: ServerProc = server_factory()
    ann = await Client(srv.ws_url("blank"), "Ann").connect()
    bob = await Client(srv.ws_url("blank"), "Bob").connect()
    for text in ("\u3164", "\u115f\u3164", "\u2800", " \u2800 \u2800", "\u200e\u200f",
                 "\ufe0f", "\U0001d159"):
        r = await ann.say(text)
        assert not r["ok"] and r["code"] == "empty", (repr(text), r)
    await ann.ok("\u3164 hi")  # a line that shows something is said as typed
    await bob.wait(lambda: any(c["text"] == "\u3164 hi" for c in bob.chats))
    assert [c["text"] for c in bob.chats if c["name"] == "Ann"] == ["\u3164 hi"]
    for c in (ann, bob):
        await c.close()


async def test_websockets_that_say_no_hello_make_way_for_players(server_factory: Any) -> None:
    """``max_connections=10`` filled with WebSockets that never say hello (``hello_timeout``
    long here): a player still gets in and sits down; the oldest silent one is closed for
    them, and a welcomed player never is. Before: they held every slot until the hello
    timeout (15 s by default), and the player's handshake was answered 503."""
    srv: ServerProc = server_factory(max_connections=10, hello_timeout=120)
    silent = [await websockets.connect(srv.ws_url("quiet")) for _ in range(10)]
    ann = await Client(srv.ws_url("quiet"), "Ann").connect()
    await ann.ok("/join")
    await asyncio.wait_for(silent[0].wait_closed(), 10)  # the oldest went for her
    more = [await websockets.connect(srv.ws_url("quiet")) for _ in range(10)]
    bob = await Client(srv.ws_url("quiet"), "Bob").connect()
    await bob.ok("/join")
    assert (await ann.say("/who"))["ok"] and ann.close_code is None
    for ws in (*silent, *more):
        await ws.close()
    for c in (ann, bob):
        await c.close()
