"""A room stored under a decomposed spelling keeps it on PostgreSQL too (review19b; the SQLite
server's: tests/server/test_srv_room_names.py). A name asked for is read composed (NFC,
roomnames.room_name_of) unless a room is stored under that very spelling; a process knew of
its own rooms only (live, parked on SQLite, damaged), so on PostgreSQL a room parked in the
database, or held by another process, made before names were composed (``/r/cafe%CC%81``
typed or linked), was redirected to ``café``, a new empty room: its players lost their game."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import httpx
import psycopg
from server.harness import Client, ServerProc, free_port

from .parts import ENV

DECOMPOSED = "cafe\u0301"   # 'cafe' and the combining acute
COMPOSED = "caf\u00e9"


async def test_a_room_stored_decomposed_keeps_its_spelling_on_postgres(
        tmp_path: Path, pg_url: str) -> None:
    srv = ServerProc(tmp_path / "s.db", port=free_port(), **{**ENV, "database": pg_url})
    srv.start()
    try:
        ann = await Client(srv.ws_url("oldcafe"), "Ann").connect()
        await ann.ok("/join")
        token = ann.token
        await ann.close()
        srv.stop()
        with psycopg.connect(pg_url, autocommit=True) as db:  # as a room was named before,
            with db.transaction():                              # parked (nobody holds it)
                for table, column in (("rooms", "name"), ("commands", "room"),
                                      ("chat", "room"), ("room_owner", "name")):
                    db.execute(f"UPDATE {table} SET {column}=%s WHERE {column}='oldcafe'",
                               (DECOMPOSED,))
                db.execute("UPDATE room_owner SET owner=0, parked=extract(epoch FROM now())"
                           " WHERE name=%s", (DECOMPOSED,))
        srv.start()
        page = httpx.get(f"{srv.base}/r/{quote(DECOMPOSED)}", follow_redirects=False)
        assert page.status_code == 200, page.headers.get("location")
        # the composed spelling is another name: it still redirects nothing
        assert httpx.get(f"{srv.base}/r/{quote(COMPOSED)}",
                         follow_redirects=False).status_code != 308
        back = await Client(srv.ws_url(quote(DECOMPOSED)), "Ann").connect(token=token)
        assert back.state is not None
        assert back.state["room"]["name"] == DECOMPOSED
        assert [s["name"] for s in back.state["room"]["seats"]] == ["Ann"]
        await back.close()
    finally:
        srv.stop()
