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
