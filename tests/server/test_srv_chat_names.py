"""Names that pass for another speaker in the chat (an attacker review; real server, real
WebSockets). A chat line reads ``NAME: text``: ``Bob:`` or ``Bob: hi`` sat beside ``Bob``, so
their lines read ``Bob:: …`` or ``Bob: hi: …``. A name may not hold a colon (or a character
that looks like one), and a name that is a seated or watching one once punctuation and spaces
are left out is taken (room/names.py ``names_clash``). Names stored before stay as they are."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from .harness import Client, ServerProc, server_store


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[ServerProc]:
    srv = ServerProc(tmp_path / "n.db", commands_per_second=1000,
                     commands_burst=1000, idle_seconds=600)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


COLONS = ["Bob:", "Bob: hi", "Bob\uff1a", "Bob \ua789 hi", "Bob\u2236", "Bob\u02d0", ":Bob"]


@pytest.mark.parametrize("name", COLONS)
async def test_a_name_with_a_colon_is_refused_in_both_languages(server: ServerProc, name: str
                                                                ) -> None:
    c = await Client(server.ws_url("colon")).connect()
    r = await c.say(f"/join {name}")
    assert not r["ok"] and r["code"] == "bad_name", r
    assert "':'" in r["message"], r
    assert c.state is not None and c.state["room"]["seats"] == []
    # a hello under it: refused (the connection watches under a guest name), in Japanese too
    ja = Client(server.ws_url("colon"))
    await ja.connect(hello=False)
    await ja.send({"type": "hello", "name": name, "lang": "ja"})
    await ja.wait(lambda: bool(ja.welcomes) and bool(ja.errors))
    assert ja.errors[0]["code"] == "bad_name"
    assert "名前に「:」は使えません" in ja.errors[0]["message"], ja.errors
    assert ja.welcomes[-1]["you"]["name"].startswith("guest")
    await c.close()
    await ja.close()


@pytest.mark.parametrize("second", ["Bob.", "B.o.b", "Bob!", "Bob -", "B ob", "(Bob)",
                                    "bob\u3002", "Bob\u2026"])
async def test_a_name_that_is_a_seated_one_but_for_punctuation_is_taken(
        server: ServerProc, second: str) -> None:
    a = await Client(server.ws_url("punct")).connect()
    b = await Client(server.ws_url("punct")).connect()
    assert (await a.say("/join Bob"))["ok"]
    r = await b.say(f"/join {second}")
    assert not r["ok"] and r["code"] == "name_taken", r
    assert b.state is not None and [s["name"] for s in b.state["room"]["seats"]] == ["Bob"]
    # and as a watcher's hello name
    w = await Client(server.ws_url("punct"), name=second).connect()
    assert any(e["code"] == "name_taken" for e in w.errors), w.errors
    # other names are welcome
    assert (await b.say("/join Bobby"))["ok"]
    for c in (a, b, w):
        await c.close()


async def test_a_stored_name_with_a_colon_still_loads(tmp_path: Path) -> None:
    srv = ServerProc(tmp_path / "old.db")
    srv.start()
    try:
        bob = await Client(srv.ws_url("old"), name="Bob").connect()
        assert (await bob.say("/join"))["ok"]
        token = bob.token
        await bob.close()
    finally:
        srv.stop()
    server_store(srv.db).close()  # the command file folded into the database
    with sqlite3.connect(srv.db) as db:  # a name stored before colons were refused
        seats = json.loads(db.execute("SELECT seats FROM rooms WHERE name='old'").fetchone()[0])
        seats[0]["name"] = "Bob: hi"
        db.execute("UPDATE rooms SET seats=? WHERE name='old'", (json.dumps(seats),))
    srv.start()
    try:
        back = await Client(srv.ws_url("old"), name="Bob: hi").connect(token=token)
        assert back.welcomes[-1]["you"]["seat"] == 0, back.welcomes
        assert back.state is not None
        assert [s["name"] for s in back.state["room"]["seats"]] == ["Bob: hi"]
        await back.close()
    finally:
        srv.stop()
