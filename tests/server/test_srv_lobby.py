"""The lobby and room links (issue 10, point 7): the room list says who is connected and how many
seats are free, rooms nobody visits are forgotten, a bad room link shows a page, and room names
may use the letters of any script."""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import quote

import httpx

from bohnanza.server.store import open_store

from .harness import Client, ServerProc


def rooms(srv: ServerProc) -> dict[str, dict[str, Any]]:
    return {r["room"]: r for r in httpx.get(srv.base + "/api/rooms").json()}


async def test_lobby_lists_people_and_free_seats(server: ServerProc) -> None:
    url = server.ws_url("lobby")
    ann = await Client(url, "Ann").connect()
    bob = await Client(url, "Bob").connect()
    await ann.ok("/join")
    r = rooms(server)["lobby"]
    # classic: 3-5 players (rules.md §4a); one seated, two connected
    assert r["people"] == 2 and r["free_seats"] == 4 and r["min_players"] == 3
    await bob.ok("/join")
    await ann.ok("/addbot")
    await ann.ok("/start")
    r = rooms(server)["lobby"]
    assert r["running"] and r["free_seats"] == 0 and r["people"] == 2
    await bob.ok("/leave")                     # a bot takes the seat: /join may take it over
    r = rooms(server)["lobby"]
    assert r["free_seats"] == 1
    # the seat Bob left is a free seat, not one more bot: the line read "Ann, Bot 1 · 2 bots
    # · 1 free seat" (newuser17), its bots not among its names
    assert r["seats"] == ["Ann", "Bot 1"] and r["bots"] == 1
    await ann.close()
    await bob.close()


async def test_rooms_nobody_visits_are_forgotten(server_factory: Any) -> None:
    srv: ServerProc = server_factory(forget_after=1.5, idle_check_interval=0.2)
    old = await Client(srv.ws_url("old"), "Ann").connect()
    await old.ok("/join")
    await old.ok("/addbot")
    await old.ok("/addbot")
    await old.ok("/start")                    # a game nobody will finish
    fresh = await Client(srv.ws_url("fresh"), "Bob").connect()
    await fresh.ok("/join")
    await old.close()
    assert "old" in rooms(srv)
    # forgotten 1.5 s after its last visitor left, at the next idle check (0.2 s); polled up
    # to 60 s, since a loaded machine runs the server's checks late (no timing is asserted)
    listed = rooms(srv)
    for _ in range(300):
        if "old" not in listed:
            break
        await asyncio.sleep(0.2)
        listed = rooms(srv)
    assert "old" not in listed and "fresh" in listed       # fresh is still visited
    store = open_store(srv.db)
    try:
        for _ in range(100):
            if store.load("old") is None:
                break
            await asyncio.sleep(0.2)
        assert store.load("old") is None                    # gone from the database too
    finally:
        store.close()
    await fresh.close()


def test_bad_room_link_shows_a_page(server: ServerProc) -> None:
    for bad in ("-dash-first", "a" * 40, "semi;colon", "two/parts", "sp ace"):
        res = httpx.get(server.base + "/r/" + quote(bad, safe="/"))
        assert res.status_code == 404
        assert res.headers["content-type"].startswith("text/html"), bad
        assert "No room can have this name" in res.text and 'href="/"' in res.text
        assert "<script" not in res.text.lower()


async def test_room_names_in_any_script(server: ServerProc) -> None:
    for name in ("豆の部屋", "Café", "Зал", "beans_2"):
        res = httpx.get(server.base + "/r/" + quote(name))
        assert res.status_code == 200 and "text/html" in res.headers["content-type"], name
        c = await Client(server.ws_url(quote(name)), "Kim").connect()
        await c.ok("/join")
        assert c.state is not None and c.state["room"]["name"] == name
        await c.close()
    assert {"豆の部屋", "Café", "Зал", "beans_2"} <= set(rooms(server))


def test_the_lobby_form_works_before_its_script(server: ServerProc) -> None:
    # issue 10 (a): the name typed in the lobby goes on to the room, which asks it no more
    res = httpx.get(server.base + "/open", params={"room": "豆の部屋", "name": "Yui"})
    assert res.status_code == 303
    assert res.headers["location"] == "/r/" + quote("豆の部屋") + "?name=Yui"
    res = httpx.get(server.base + "/open", params={"room": "beans", "name": "結衣 K",
                                                   "game": "farm"})
    assert res.headers["location"] == "/r/beans?name=" + quote("結衣 K") + "&game=farm"
    res = httpx.get(server.base + "/open", params={"room": "beans"})
    assert res.headers["location"] == "/r/beans"
    res = httpx.get(server.base + "/open", params={"room": "no;way"})
    assert res.status_code == 404 and "No room can have this name" in res.text


async def test_the_room_says_whether_start_would_deal(server: ServerProc) -> None:
    """Issue 10 (b): the board's Start button reads start_ready; /start seats no bots, so with
    1 of classic's 3-5 (rules.md §4a) it is not ready, and /start refuses."""
    ann = await Client(server.ws_url("start-ready"), "Ann").connect()
    await ann.ok("/join")
    await ann.wait(lambda: bool(ann.state) and ann.state["room"]["start_seats"] == 1)
    assert ann.state is not None and ann.state["room"]["start_ready"] is False
    r = await ann.say("/start")
    assert not r["ok"] and r["code"] == "bad_player_count"
    await ann.ok("/addbot")
    await ann.ok("/addbot")
    await ann.wait(lambda: bool(ann.state) and ann.state["room"]["start_seats"] == 3)
    assert ann.state["room"]["start_ready"] is True
    await ann.ok("/start")
    await ann.close()


async def test_the_room_says_who_may_arrange_the_table(server: ServerProc) -> None:
    """``RoomInfo.arrangers`` follows setup.py ``may_arrange``: with no person seated (nobody,
    or bots only) anyone in the room arranges the table ("anyone"); once a person sits only
    the seated do ("seated": a spectator's ``/option`` is refused, ``not_seated``); when the
    person leaves it is "anyone" again. The board's set-up controls read it."""
    url = server.ws_url("arrangers")
    cleo = await Client(url, "Cleo").connect()   # watching, never seated
    await cleo.wait(lambda: bool(cleo.state) and cleo.state["room"]["arrangers"] == "anyone")
    await cleo.ok("/addbot")   # nobody sits: anyone may
    await cleo.wait(lambda: len(cleo.state["room"]["seats"]) == 1)
    assert cleo.state["room"]["arrangers"] == "anyone"   # a bot is not a person
    ann = await Client(url, "Ann").connect()
    await ann.ok("/join")
    await cleo.wait(lambda: cleo.state["room"]["arrangers"] == "seated")
    assert ann.state is not None and ann.state["room"]["arrangers"] == "seated"
    r = await cleo.say("/option rules amigo")
    assert not r["ok"] and r["code"] == "not_seated"
    assert cleo.state["room"]["options"]["preset"] == "classic"
    await ann.ok("/leave")
    await cleo.wait(lambda: cleo.state["room"]["arrangers"] == "anyone")
    await cleo.ok("/option rules amigo")
    await cleo.wait(lambda: cleo.state["room"]["options"]["preset"] == "amigo")
    await ann.close()
    await cleo.close()


async def test_a_resting_room_still_says_who_sits_there(server_factory: Any) -> None:
    """A friend given the link of a room that parked (nobody connected for ``park_after``)
    asks who sits there (``/api/rooms/NAME``, the name gate's question): Ann and her two bots
    in a running game, no one connected, resting. The gate said "Nobody is seated yet." (the
    lobby's list leaves resting rooms out). A room never made: 404."""
    srv: ServerProc = server_factory(park_after=1, idle_check_interval=0.2)
    ann = await Client(srv.ws_url("RestHere"), "Ann").connect()
    for text in ("/join", "/addbot Bo", "/addbot Cy", "/start"):
        await ann.ok(text)
    live = httpx.get(srv.base + "/api/rooms/" + quote("RestHere")).json()
    assert live["seats"] == ["Ann", "Bo", "Cy"] and live["people"] == 1 and "resting" not in live
    await ann.close()
    for _ in range(300):  # parked: out of the lobby's list (polled: a loaded machine is late)
        if "RestHere" not in rooms(srv):
            break
        await asyncio.sleep(0.2)
    assert "RestHere" not in rooms(srv)
    r = httpx.get(srv.base + "/api/rooms/" + quote("RestHere"))
    assert r.status_code == 200
    line = r.json()
    assert line["seats"] == ["Ann", "Bo", "Cy"] and line["running"] and line["resting"]
    assert line["people"] == 0 and line["bots"] == 2 and line["free_seats"] == 0
    assert httpx.get(srv.base + "/api/rooms/Nowhere").status_code == 404
    # Ann comes back: live again, connected
    back = await Client(srv.ws_url("RestHere")).connect(token=ann.token)
    line = httpx.get(srv.base + "/api/rooms/" + quote("RestHere")).json()
    assert "resting" not in line and line["people"] == 1
    await back.close()


async def test_a_finished_games_room_is_over_in_the_lobby(server_factory: Any) -> None:
    """A game played to its end (R39) leaves its room showing the result, taking seats for the
    next game: its lobby line is "over", not running (and the lobby read it "waiting", as a
    room whose game is still to begin). Ann leaves her seat to a bot and the bots play on to
    the end; she watches. Once a seat is taken for the next game it is a waiting room again."""
    srv: ServerProc = server_factory(game_seed=7, park_bots_after=600)
    ann = await Client(srv.ws_url("Done"), "Ann").connect()
    for text in ("/join", "/addbot", "/addbot"):
        await ann.ok(text)
    line = rooms(srv)["Done"]
    assert not line["running"] and not line["over"]               # waiting for its start
    await ann.ok("/start")
    line = rooms(srv)["Done"]
    assert line["running"] and not line["over"]
    await ann.ok("/leave")                     # a bot plays her seat to the end
    await ann.wait(lambda: ann.state is not None and ann.state["view"] is not None
                   and ann.state["view"]["phase"] == "over", timeout=120)
    line = rooms(srv)["Done"]
    assert line["over"] and not line["running"], line
    assert httpx.get(srv.base + "/api/rooms/Done").json()["over"]
    await ann.ok("/join")                      # the next game's seats: no result shown now
    line = rooms(srv)["Done"]
    assert not line["over"] and not line["running"], line
    await ann.close()
