"""The board's watchdog (web/js/net.js, break11): a ``ping`` is answered at once with ``pong``,
before hello and after, on a connection that holds a seat; it changes nothing in the room."""

from __future__ import annotations

import json

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
