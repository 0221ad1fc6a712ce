"""The board's watchdog (web/js/net.js, break11): a ``ping`` is answered at once with ``pong``,
before hello and after, on a connection that holds a seat; it changes nothing in the room."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import websockets

from bohnanza.server.protocol import client_adapter, server_adapter

from .harness import Client, ServerProc


def pongs(c: Client) -> int:
    return sum(1 for f in c.frames if json.loads(f).get("type") == "pong")


async def test_a_ping_is_answered_with_pong(server: ServerProc) -> None:
    url = server.ws_url("pinged")
    early = await Client(url, "Early").connect(hello=False)
    await early.send({"type": "ping"})
    await early.wait(lambda: pongs(early) == 1)
    ann = await Client(url, "Ann", deltas=True).connect()
    await ann.ok("/join")
    version = ann.version
    for n in (1, 2, 3):
        await ann.send({"type": "ping"})
        await ann.wait(lambda n=n: pongs(ann) == n)
    assert ann.version == version                   # nothing changed
    assert not [f for f in ann.frames if json.loads(f).get("type") == "error"]
    await ann.ok("/addbot Bo")                      # the connection goes on as before
    await early.close()
    await ann.close()


def test_ping_and_pong_are_in_the_schema() -> None:
    assert client_adapter.validate_python({"type": "ping"}).type == "ping"
    assert server_adapter.validate_python({"type": "pong"}).type == "pong"


async def test_pings_before_hello_do_not_put_off_the_hello_timeout(server_factory: Any) -> None:
    """``hello_timeout`` counts from the opening: a peer that pings every 0.2 s (each ping
    answered) and never says hello is still closed 1008 ``hello_timeout`` (before: each frame
    started the wait again, so it held its connection, and a place under the caps, for ever)."""
    srv: ServerProc = server_factory(hello_timeout=2)
    peer = await Client(srv.ws_url("nohello"), "Nobody").connect(hello=False)
    assert peer.reader is not None
    loop = asyncio.get_running_loop()
    give_up = loop.time() + 20  # ten times the timeout: a loaded machine's margin
    while not peer.reader.done() and loop.time() < give_up:
        with contextlib.suppress(websockets.ConnectionClosed):
            await peer.send({"type": "ping"})
        await asyncio.sleep(0.2)  # the peer's pace, well inside the timeout
    assert peer.reader.done(), "still open after 20 s of pings without hello"
    assert await peer.closed() == 1008
    assert [e["code"] for e in peer.errors] == ["hello_timeout"]
    assert pongs(peer) >= 1  # it did ping, and was answered until the close


async def test_a_ping_over_the_connections_rate_is_still_answered(server_factory: Any) -> None:
    """A ``ping`` is answered at once even when the connection's own allowance is used up
    (protocol.py: the board's watchdog reconnects when no ``pong`` comes; before, a ping that
    came while a pasted burst had used the allowance up was dropped unanswered, so a board
    typing fast dropped a healthy connection). The ping still counts towards the flood."""
    srv: ServerProc = server_factory(commands_per_second=0.01, commands_burst=2)  # 100 s a token
    ann = await Client(srv.ws_url("pingrate"), "Ann").connect()  # the hello: one token
    first = await ann.say_nowait("hello all")  # the second token
    second = await ann.say_nowait("again")     # none left: refused on its own
    assert (await second)["code"] == "rate_limited"
    assert (await first)["ok"]
    await ann.send({"type": "ping"})
    await ann.wait(lambda: pongs(ann) == 1)
    assert not ann.errors
    await ann.close()
