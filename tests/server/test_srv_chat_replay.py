"""The room's recent chat on every connection (a trial: players expect it after a reload, a
dropped connection or a restart): the server sends its newest ``chat_history`` stored lines
(logbook.backlog_frames, ``replay: true``), oldest first, each the very line sent live (same
``ts``, ``name``, ``seat``, ``text``: the board knows by them which lines it shows already,
web/js/render/chatlog.js). A command's answer is the sayer's own and never comes again."""

from __future__ import annotations

from typing import Any

from .harness import Client, ServerProc

KEYS = ("ts", "name", "seat", "text")


def _line(m: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(m[k] for k in KEYS)


async def test_a_connection_gets_the_rooms_newest_chat_as_it_was_said(
    server_factory: Any,
) -> None:
    srv: ServerProc = server_factory(chat_history=4)
    url = srv.ws_url("chatback")
    ann = await Client(url, "Ann").connect()
    bob = await Client(url, "Bob").connect()
    await ann.ok("/join")
    for i in range(3):
        await ann.ok(f"ann {i}")
        await bob.ok(f"bob {i}")
    help_reply = await ann.say("/help")
    assert help_reply["ok"] and help_reply["message"]
    await bob.wait(lambda: sum(not m["replay"] for m in bob.chats) >= 6)
    live = [_line(m) for m in bob.chats if not m["replay"]]
    assert [x[3] for x in live] == ["ann 0", "bob 0", "ann 1", "bob 1", "ann 2", "bob 2"]
    assert live[0][2] == 0 and live[1][2] is None          # Ann sits in seat 1; Bob watches

    async def arriving(token: str | None = None) -> list[dict[str, Any]]:
        c = await Client(url, "Cy").connect(token=token)
        await c.close()
        return c.chats

    # a newcomer, and Ann again with her seat: the newest 4, oldest first, as said
    for got in (await arriving(), await arriving(ann.token)):
        assert all(m["replay"] for m in got)
        assert [_line(m) for m in got] == live[-4:]
        assert not any("/help" in m["text"] or "Commands" in m["text"] for m in got)

    # a restart (killed: nothing flushed on the way out) keeps them
    await ann.close()
    await bob.close()
    srv.kill9()
    srv.start()
    assert [_line(m) for m in await arriving(ann.token)] == live[-4:]
