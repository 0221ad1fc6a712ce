"""Bad input: each gets its error or close code, the others keep being served, the game is
unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest
import websockets

from bohnanza.server.room.journal import load_room

from .harness import Client, ServerProc, seat_players, server_store


def _game(srv: ServerProc, room: str) -> dict[str, Any] | None:
    store = server_store(srv.db)  # its command file folded in (cmdfile.py)
    try:
        stored = load_room(store, room)
        return None if stored is None else stored.game
    finally:
        store.close()


async def test_bad_input_changes_nothing(server_factory: Any) -> None:
    srv: ServerProc = server_factory(
        game_seed=3, commands_per_second=10, commands_burst=30, hello_timeout=1, max_rooms=3
    )
    url = srv.ws_url("bad")
    table = await seat_players(url, ["Ann", "Bob", "Cy"])
    ann, bob, cy = table.clients
    before = _game(srv, "bad")
    view0 = table.views()
    active = view0[0]["active"]
    other = (active + 1) % 3
    oc = table.clients[other]

    # malformed JSON, unknown type, a say without text, a binary frame: an error, still open
    await oc.send("{not json")
    await oc.send(json.dumps({"type": "dance"}))
    await oc.send(json.dumps({"type": "say", "id": 99}))
    await oc.ws.send(b"\x00\x01")
    await oc.wait(lambda: len(oc.errors) >= 3 and 99 in oc.replies)
    assert [e["code"] for e in oc.errors[:3]] == ["bad_json", "unknown_type", "bad_message"]
    assert oc.replies[99]["ok"] is False and oc.replies[99]["code"] == "bad_message"

    async def refused(c: Client, text: str, code: str) -> None:
        r = await c.say(text)
        assert not r["ok"] and r["code"] == code, (text, r)
        assert r["message"]

    await refused(oc, "/frobnicate", "parse_error")
    await refused(oc, "/plant", "not_your_turn")
    await refused(oc, "x" * 401, "too_long")
    await refused(oc, "/start", "game_running")
    await refused(oc, "/join Zed", "already_seated")
    await refused(oc, "/option hiddenmoney on", "game_running")
    await refused(oc, "/addbot", "game_running")
    # pitfall B19: one client's errors and refusals go to that client only, never to the room
    await table.sync()
    for c in table.clients:
        if c is not oc:
            assert c.errors == [], (c.name, c.errors)
            assert not any(isinstance(r, dict) and r.get("code") in (
                "bad_json", "unknown_type", "bad_message", "parse_error", "not_your_turn",
                "too_long", "game_running", "already_seated") for r in c.replies.values())

    # someone else's seat: a wrong token gets no seat, no hand, no say
    thief = Client(url, "Thief")
    await thief.connect(token="x" * 43)
    assert thief.seat is None and thief.errors[0]["code"] == "bad_token"
    assert thief.view["you"] is None
    await refused(thief, "/plant", "not_seated")
    await refused(thief, "/harvest 1", "not_seated")
    await refused(thief, "/join Ann", "name_taken")
    await refused(thief, "/join A\x07b", "bad_text")  # a control character in a line (issue 11)
    await refused(thief, "/join " + "n" * 21, "bad_name")
    await refused(thief, "/join", "game_running")
    # the name of a seated player gives nothing either (pitfall B22)
    imp = Client(url, active_name := view0[0]["seats"][active]["name"])
    await imp.connect()
    assert imp.seat is None and imp.view["you"] is None
    await refused(imp, "/done", "not_seated")
    assert active_name

    # a say before hello is answered; no hello at all closes 1008
    early = Client(url)
    await early.connect(hello=False)
    await early.send({"type": "say", "id": 1, "text": "hi"})
    await early.wait(lambda: 1 in early.replies)
    assert early.replies[1]["code"] == "hello_required"
    assert await early.closed() == 1008

    # an oversize frame closes 1009
    big = await Client(url, "Big").connect()
    await big.send({"type": "say", "id": 1, "text": "y" * 5000})
    assert await big.closed() == 1009

    # a flood closes 1008
    flood = await Client(url, "Flood").connect()
    for i in range(200):
        try:
            await flood.send({"type": "say", "id": i, "text": "spam"})
        except websockets.ConnectionClosed:
            break
    assert await flood.closed() == 1008
    assert any(e["code"] == "rate_limited" for e in flood.errors)

    # rooms per process (max_rooms=3: "bad" plus two more)
    extra = [await Client(srv.ws_url(f"r{i}"), "X").connect() for i in range(2)]
    over = Client(srv.ws_url("r9"), "X")
    await over.connect(hello=False)
    await over.send({"type": "hello", "name": "X"})
    assert await over.closed() == 1013
    assert over.errors[0]["code"] == "too_many_rooms"

    # a foreign Origin is refused at the handshake; the same origin is fine
    with pytest.raises(websockets.InvalidStatus):
        await websockets.connect(url, origin="http://evil.example")  # type: ignore[arg-type]
    same = await Client(url, "Same").connect(origin=f"http://127.0.0.1:{srv.port}")
    assert same.seat is None

    # nothing changed, and everyone is still served
    assert _game(srv, "bad") == before
    for c in table.clients:
        r = await c.say("/who")
        assert r["ok"]
    await table.sync()
    assert table.views() == view0
    assert await table.step()  # the game goes on
    for c in [*table.clients, thief, imp, same, *extra]:
        await c.close()


async def test_names_and_room_commands(server: ServerProc) -> None:
    url = server.ws_url("names")
    a = await Client(url, "Ann").connect()
    b = await Client(url, "ann").connect()
    # unique in a room, case-insensitively: the second "ann" watches under a guest name
    assert [e["code"] for e in b.errors] == ["name_taken"]
    assert b.welcomes[-1]["you"]["name"].startswith("guest")
    assert (await a.say("/start"))["code"] == "not_seated"
    await a.ok("/join")
    r = await b.say("/join ANN")
    assert r["code"] == "name_taken"
    await b.ok("/join Bea")
    assert (await a.say("/start"))["code"] == "bad_player_count"
    shown = (await a.ok("/option"))["message"]
    # rules.md §1d: classic seats 3-5 and has no bean duel (only rio-grande plays it with 2;
    # /start refuses 2 here): /option said "2 players: the bean duel" under every preset
    assert "3-5" in shown and "duel" not in shown, shown
    await a.ok("/option rules rio-grande")
    shown = (await a.ok("/option"))["message"]
    assert "2-7" in shown and "2 players: the bean duel" in shown, shown
    await a.ok("/option rules amigo")
    await a.ok("/option hiddenmoney")
    assert a.state["room"]["options"] == {"hidden_money": True, "preset": "amigo",
                                          "duel_base": "standard", "clock": None,
                                          "bot_speed": "normal"}
    await b.wait(lambda: b.state["room"]["options"]["hidden_money"])
    await a.ok("/option hiddenmoney off")
    assert (await a.say("/option rules chess"))["ok"] is False
    assert "Ann" in (await b.ok("/who"))["message"]
    assert (await b.ok("/help"))["message"]
    assert (await b.ok("/help plant"))["message"]
    await b.ok("/leave")
    assert b.seat is None
    await a.wait(lambda: [s["name"] for s in a.state["room"]["seats"]] == ["Ann"])
    assert (await b.say("/leave"))["code"] == "not_seated"
    # chat reaches everyone, as text
    await b.ok("<b>hi</b>")
    await a.wait(lambda: any(c["text"] == "<b>hi</b>" for c in a.chats))
    for c in (a, b):
        await c.close()
