"""A new room's name (``server/roomnames.py``): a name that looks like a room the server holds
(case, width, look-alike letters) or that holds a character showing nothing, or ends in - or
_, makes no room: the lobby could list a copy of a friend's table (``beansx`` beside
``Beansx``, Cyrillic ``Вeansx``, full-width ``ｂｅａｎｓx``, Hangul fillers shown as
nothing: a session breaking the server, 4 Dec 2026). The room's page says so (409) with a
link to the room it looks like, and a client's hello there is refused (``room_lookalike``,
``bad_room_name``, closed 1008). Rooms stored before keep their names."""

from __future__ import annotations

import json
import sqlite3
from typing import Any
from urllib.parse import quote

import httpx
import pytest
import websockets

from bohnanza.server.roomnames import new_room_problem, valid_room_name

from .harness import Client, ServerProc

LOOKALIKES = ["beansx", "BEANSX", "\u0412eansx", "\uff42\uff45\uff41\uff4e\uff53x", "Bean\u0455x"]
BAD = ["new_", "new-", "\u115f\u1160x", "a\u3164b", "\uffa0x"]


@pytest.mark.parametrize("name", LOOKALIKES)
def test_a_name_like_a_room_here_is_a_lookalike(name: str) -> None:
    assert new_room_problem(name, ["Beansx", "other"]) == ("room_lookalike", "Beansx")


@pytest.mark.parametrize("name", BAD)
def test_a_name_showing_nothing_or_ending_in_a_dash_is_refused(name: str) -> None:
    assert new_room_problem(name, []) == ("bad_room_name", None)


@pytest.mark.parametrize("name", ["Beansx", "beans-x", "beans_x", "豆の部屋", "Café", "a1"])
def test_other_names_make_rooms(name: str) -> None:
    assert new_room_problem(name, ["Beansx", "beans"]) is None   # its own name: no obstacle


async def _refused(srv: ServerProc, room: str) -> tuple[dict[str, Any], int | None]:
    """A hello in ``room``: the error frame before the close, and the close code."""
    async with websockets.connect(srv.ws_url(quote(room))) as ws:
        await ws.send(json.dumps({"type": "hello", "name": "Eve"}))
        first = json.loads(await ws.recv())
        with pytest.raises(websockets.ConnectionClosed):
            while True:
                await ws.recv()
        return first, ws.close_code


@pytest.mark.timeout(120)
async def test_the_server_makes_no_lookalike_room(server_factory: Any) -> None:
    srv: ServerProc = server_factory()
    ann = await Client(srv.ws_url("Beansx"), "Ann").connect()
    await ann.ok("/join")
    for name in LOOKALIKES:
        first, code = await _refused(srv, name)
        assert first["type"] == "error" and first["code"] == "room_lookalike", (name, first)
        assert "Beansx" in first["message"] and code == 1008, (name, first, code)
        page = httpx.get(f"{srv.base}/r/{quote(name)}")
        assert page.status_code == 409 and 'href="/r/Beansx"' in page.text, name
        opened = httpx.get(f"{srv.base}/open", params={"room": name}, follow_redirects=False)
        assert opened.status_code == 409, name
    for name in BAD:  # (a braille blank, a symbol, is no room name at all: 403, 404 page)
        first, code = await _refused(srv, name)
        assert first["code"] == "bad_room_name" and code == 1008, (name, first, code)
        assert httpx.get(f"{srv.base}/r/{quote(name)}").status_code == 409, name
    rooms = [r["room"] for r in httpx.get(srv.base + "/api/rooms").json()]
    assert rooms == ["Beansx"]                          # no copy listed beside it
    assert httpx.get(f"{srv.base}/r/Beansx").status_code == 200
    assert httpx.get(f"{srv.base}/r/beans-y").status_code == 200   # another name: a room page
    braille = quote("beans\u2800x")
    assert httpx.get(f"{srv.base}/r/{braille}").status_code == 404
    async with websockets.connect(srv.ws_url("beansx")) as ws:
        await ws.send(json.dumps({"type": "hello", "name": "Eve", "lang": "ja"}))
        first = json.loads(await ws.recv())
    assert first["code"] == "room_lookalike" and "Beansx" in first["message"]
    assert "ルーム" in first["message"], first          # in Japanese, the same refusal
    await ann.close()


@pytest.mark.timeout(120)
async def test_a_room_stored_before_keeps_its_name(server_factory: Any) -> None:
    srv: ServerProc = server_factory()
    ann = await Client(srv.ws_url("oldroom"), "Ann").connect()
    await ann.ok("/join")
    await ann.close()
    srv.stop()
    con = sqlite3.connect(srv.db)                         # as named before these rules
    with con:
        con.execute("UPDATE rooms SET name='old_' WHERE name='oldroom'")
        con.execute("UPDATE commands SET room='old_' WHERE room='oldroom'")
        con.execute("UPDATE chat SET room='old_' WHERE room='oldroom'")
    con.close()
    srv.start()
    assert httpx.get(f"{srv.base}/r/old_").status_code == 200
    back = await Client(srv.ws_url("old_"), "Ann").connect()
    assert back.state is not None and [s["name"] for s in back.state["room"]["seats"]] == ["Ann"]
    await back.close()


#: words of scripts written with marks on their letters (Unicode M*: Devanagari's vowel signs
#: and anusvara, Hebrew's points, Tibetan's vowel sign, Bengali's, Tamil's; a Latin letter and
#: its accent as typed, not composed): a room is "letters and digits of any script" (design.md
#: §6, the lobby's rule); the server refused each as no room name at all (404, closed 1008)
MARKED = ["हिंदी", "नमस्ते-दोस्त", "עִבְרִית", "བོད", "বাংলা", "தமிழ்", "cafe\u0301-x"]


@pytest.mark.parametrize("name", MARKED)
def test_a_name_with_marks_on_its_letters_is_a_room_name(name: str) -> None:
    assert valid_room_name(name, 32)
    assert new_room_problem(name, ["Beansx"]) is None


@pytest.mark.parametrize("name", ["\u0301abc", "a-\u0301b", "a_\u0301", "a" + "\u0301" * 5])
def test_a_mark_on_no_letter_or_stacked_high_is_no_room_name(name: str) -> None:
    # a mark that opens the name or sits on - or _ marks nothing; five on one letter draw
    # above and below the lobby's line (a name's stack: MAX_MARKS)
    assert not valid_room_name(name, 32)


@pytest.mark.timeout(120)
async def test_rooms_named_in_scripts_with_marks_open_and_play(server: ServerProc) -> None:
    for name in ["हिंदी", "עִבְרִית"]:
        assert httpx.get(f"{server.base}/r/{quote(name)}").status_code == 200, name
        opened = httpx.get(f"{server.base}/open", params={"room": name}, follow_redirects=False)
        assert opened.status_code == 303 and opened.headers["location"] == f"/r/{quote(name)}"
        ann = await Client(server.ws_url(quote(name)), "Ann").connect()
        assert (await ann.ok("/join"))["message"] == "You sit in seat 1."
        await ann.close()
    listed = {r["room"] for r in httpx.get(server.base + "/api/rooms").json()}
    assert listed == {"हिंदी", "עִבְרִית"}


DECOMPOSED = "cafe\u0301"   # 'cafe' and the combining acute, as some keyboards and links give it
COMPOSED = "caf\u00e9"      # the same name composed (NFC), as the lobby's /open writes it


@pytest.mark.timeout(120)
async def test_a_room_name_typed_decomposed_is_the_composed_room(server: ServerProc) -> None:
    """The same name in two spellings is one room: a WebSocket's path, a room page's and
    ``/api/rooms/{name}`` read the name composed, as ``/open`` does (before: ``/ws/cafe%CC%81``
    made a room named with the decomposed spelling, beside what the lobby calls café)."""
    ann = await Client(server.ws_url(quote(DECOMPOSED)), "Ann").connect()
    await ann.ok("/join")
    listed = [r["room"] for r in httpx.get(server.base + "/api/rooms").json()]
    assert listed == [COMPOSED]
    for spelled in (COMPOSED, DECOMPOSED):
        line = httpx.get(f"{server.base}/api/rooms/{quote(spelled)}")
        assert line.status_code == 200 and line.json()["room"] == COMPOSED, spelled
    bob = await Client(server.ws_url(quote(COMPOSED)), "Bob").connect()
    assert bob.state is not None
    assert [s["name"] for s in bob.state["room"]["seats"]] == ["Ann"]   # the same room
    page = httpx.get(f"{server.base}/r/{quote(DECOMPOSED)}?name=Cy", follow_redirects=False)
    assert page.status_code == 308
    assert page.headers["location"] == f"/r/{quote(COMPOSED)}?name=Cy"
    opened = httpx.get(f"{server.base}/open", params={"room": DECOMPOSED}, follow_redirects=False)
    assert opened.status_code == 303 and opened.headers["location"] == f"/r/{quote(COMPOSED)}"
    await bob.close()
    await ann.close()


@pytest.mark.timeout(120)
async def test_a_room_stored_decomposed_before_keeps_its_spelling(server_factory: Any) -> None:
    srv: ServerProc = server_factory()
    ann = await Client(srv.ws_url("oldcafe"), "Ann").connect()
    await ann.ok("/join")
    await ann.close()
    srv.stop()
    con = sqlite3.connect(srv.db)                         # as a room was named before
    with con:
        for table in ("rooms", "commands", "chat"):
            column = "name" if table == "rooms" else "room"
            con.execute(f"UPDATE {table} SET {column}=? WHERE {column}='oldcafe'", (DECOMPOSED,))
    con.close()
    srv.start()
    assert httpx.get(f"{srv.base}/r/{quote(DECOMPOSED)}").status_code == 200
    back = await Client(srv.ws_url(quote(DECOMPOSED)), "Ann").connect()
    assert back.state is not None and [s["name"] for s in back.state["room"]["seats"]] == ["Ann"]
    assert httpx.get(f"{srv.base}/api/rooms/{quote(DECOMPOSED)}").status_code == 200
    await back.close()
