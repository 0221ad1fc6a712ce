"""HTTP routes: the lobby, room pages, the room list, the game's facts, the protocol schema,
static files.

``/`` serves ``web/index.html`` and ``/r/{room}`` serves ``web/room.html`` (the board: static
files, ``Settings.web_dir``, by default the checkout's ``web/``). There is no built-in
stand-in: without the board's files those two pages answer 503 and say where the files were
looked for.
"""

from __future__ import annotations

import html
import os
import stat as stat_mode
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote, urlencode

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from fastapi.staticfiles import StaticFiles
from starlette.staticfiles import NotModifiedResponse

from .facts import facts
from .hub import Hub
from .protocol import protocol_schema
from .roomnames import room_name_asked, valid_room_name
from .settings import Settings

F = TypeVar("F", bound=Callable[..., Any])

BAD_ROOM_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>No such room - Bohnanza</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/css/board.css">
</head><body class="lobby-page">
<header id="topbar"><div class="bar-row"><a class="brand" href="/">Bohnanza</a></div></header>
<main class="lobby"><section class="box" id="bad-room">
<h1>No room can have this name</h1>
<p><b>{name}</b>: a room name is 1 to {max_len} letters or digits (any script), with "-" or
"_" inside, such as <i>beans-tonight</i> or <i>豆の部屋</i>.</p>
<p lang="ja">この名前のルームは作れません。ルーム名は{max_len}文字までの文字・数字です（「-」「_」も使えます）。</p>
<p><a href="/">Back to the lobby / ロビーへ戻る</a></p>
</section></main></body></html>
"""


def bad_room_page(name: str, max_len: int) -> HTMLResponse:
    """A page (not JSON) for a room link no room can have."""
    shown = html.escape(name if len(name) <= 80 else name[:80] + "…")
    return HTMLResponse(BAD_ROOM_HTML.replace("{name}", shown)
                        .replace("{max_len}", str(max_len)), status_code=404)


LOOKALIKE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Choose another room name - Bohnanza</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/css/board.css">
</head><body class="lobby-page">
<header id="topbar"><div class="bar-row"><a class="brand" href="/">Bohnanza</a></div></header>
<main class="lobby"><section class="box" id="bad-room">
<h1>Choose another room name</h1>
<p>{en}</p>
<p lang="ja">{ja}</p>
{open}<p><a href="/">Back to the lobby / ロビーへ戻る</a></p>
</section></main></body></html>
"""


def new_room_page(hub: Hub, name: str) -> HTMLResponse | None:
    """A page (409) for a room no room here has, whose name no new room may have
    (``Hub.new_room_problem``: it looks like a room here, or holds a character that shows
    nothing), with a link to the room it looks like; None when the room may be opened."""
    why = hub.new_room_problem(name)
    if why is None:
        return None
    from bohnanza.commands.texts import server_text

    other = why[2]
    shown = html.escape(other) if other is not None else ""
    link = (f'<p><a id="lookalike-room" href="/r/{quote(other)}">Open {shown} / {shown}を開く'
            '</a></p>\n' if other is not None else "")
    return HTMLResponse(LOOKALIKE_HTML.replace("{en}", html.escape(why[1]))
                        .replace("{ja}", html.escape(server_text(why[1], "ja")))
                        .replace("{open}", link), status_code=409)


#: every page and JSON answers HEAD as it answers GET, headers only (RFC 9110 9.3.2: a
#: general-purpose server must). FastAPI's ``app.get`` routes do not: a HEAD fell through to
#: the board's files at "/" and was answered 404 (``HEAD /``, ``/r/ROOM``, ``/api/rooms``), so
#: an uptime monitor or a link checker that asks with HEAD saw the server as gone
PAGE_METHODS = ["GET", "HEAD"]

#: the board's pages and files are asked for again each time they are used, answered 304 while
#: unchanged (their ETag): without a Cache-Control a browser keeps a file fresh for a tenth of
#: its age (RFC 9111 4.2.2), so after an upgrade it ran modules of two versions side by side
#: (``room.html``'s ``/js/app.js`` imports its modules without a version in their names)
BOARD_CACHE = "no-cache"


#: the folder of ``web/`` that holds the development pages' data (the sample board's states,
#: ``/dev/*.json``): served only with ``Settings.dev_pages``
DEV_DIR = "dev"
DEV_OFF = ("The sample board is a development page; this server does not serve it "
           "(BOHNANZA_DEV_PAGES=1 does).")


class BoardFiles(StaticFiles):
    """The board's files (``web/``), each with ``Cache-Control: no-cache``; ``web/dev/``
    answered 404 unless ``dev`` (the path as Starlette normalised it: ``//dev/x``,
    ``/js/../dev/x`` are ``dev/x`` too)."""

    def __init__(self, *args: Any, dev: bool = False, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.dev = dev

    async def get_response(self, path: str, scope: Any) -> Response:
        if not self.dev and Path(path).parts[:1] == (DEV_DIR,):
            raise HTTPException(status_code=404)
        response = await super().get_response(path, scope)
        response.headers.setdefault("cache-control", BOARD_CACHE)
        return response


def register(app: FastAPI, settings: Settings) -> None:
    web: Path = settings.web_dir

    def json_route(path: str) -> Callable[[F], F]:
        """A JSON route: GET in the OpenAPI schema, HEAD (:data:`PAGE_METHODS`) out of it.
        One route of both methods gave both operations one ``operationId`` in
        ``/openapi.json`` (no valid OpenAPI; FastAPI warned "Duplicate Operation ID")."""
        def add(fn: F) -> F:
            app.get(path)(fn)
            app.head(path, include_in_schema=False)(fn)
            return fn
        return add

    files = BoardFiles(directory=web, check_dir=False, dev=settings.dev_pages)

    def page(request: Request, name: str) -> Response:
        """``web/<name>`` as the board's files are answered: 304 while the request's
        ``If-None-Match`` / ``If-Modified-Since`` still matches it (before: always whole)."""
        path = web / name
        try:
            stat = os.stat(path)
        except OSError:
            stat = None
        if stat is not None and stat_mode.S_ISREG(stat.st_mode):
            got = FileResponse(path, media_type="text/html", stat_result=stat,
                               headers={"cache-control": BOARD_CACHE})
            if files.is_not_modified(got.headers, request.headers):
                return NotModifiedResponse(got.headers)
            return got
        return PlainTextResponse(f"The board's files are missing: no {path} (set "
                                 "BOHNANZA_WEB_DIR to the board's web/ folder).", 503)

    @app.api_route("/", methods=PAGE_METHODS, include_in_schema=False)
    async def lobby(request: Request) -> Response:
        return page(request, "index.html")

    @app.api_route("/r/{room}", methods=PAGE_METHODS, include_in_schema=False)
    async def room_page(request: Request, room: str) -> Response:
        hub: Hub = request.app.state.hub
        if (named := await room_name_asked(hub, room)) != room:
            # the room's own spelling (NFC, as /open writes it): the board keys its seat
            # token by the name in its address, so one room has one address
            query = f"?{request.url.query}" if request.url.query else ""
            return RedirectResponse("/r/" + quote(named) + query, status_code=308)
        if not valid_room_name(room, settings.room_name_max_len):
            return bad_room_page(room, settings.room_name_max_len)
        if "sample" in request.query_params and not settings.dev_pages:
            return PlainTextResponse(DEV_OFF, 404)  # (the board without a server: dev only)
        return new_room_page(hub, room) or page(request, "room.html")

    @app.api_route("/open", methods=PAGE_METHODS, include_in_schema=False)
    async def open_room(request: Request, room: str = "", name: str = "", game: str = ""
                        ) -> Response:
        """The lobby's form before its script runs: on to the room with the name typed
        (``?name=``: the room page keeps it and asks no name again, then drops it from the
        address) and the game asked for (``?game=``, farm/board.js)."""
        hub: Hub = request.app.state.hub
        room = await room_name_asked(hub, room.strip())
        if not valid_room_name(room, settings.room_name_max_len):
            return bad_room_page(room, settings.room_name_max_len)
        if (refused := new_room_page(hub, room)) is not None:
            return refused
        query = {}
        if name.strip():
            query["name"] = name.strip()[: settings.name_max_len]
        if game and game != "bohnanza":
            query["game"] = game
        ask = "?" + urlencode(query, quote_via=quote) if query else ""
        return RedirectResponse("/r/" + quote(room) + ask, status_code=303)

    @app.api_route("/r/{rest:path}", methods=PAGE_METHODS, include_in_schema=False)
    async def bad_room_link(rest: str) -> Response:
        return bad_room_page(rest, settings.room_name_max_len)

    @json_route("/api/rooms")
    async def rooms(request: Request) -> list[dict[str, Any]]:
        hub: Hub = request.app.state.hub
        return hub.listing()

    @json_route("/api/rooms/{name:path}")
    async def one_room(request: Request, name: str) -> JSONResponse:
        """One room's line of ``/api/rooms``, a resting (parked) room's too, marked
        ``resting``: the name gate of a room's link says who sits there; 404 when there is
        none (on SQLite the server holds every stored room: a forgotten room is gone, the
        lobby drops its seat). On PostgreSQL a parked room's line is the one it parked with
        (cluster/live.py), and a stored room no process holds is known to none: ``null``,
        not 404."""
        hub: Hub = request.app.state.hub
        name = await room_name_asked(hub, name)
        line = hub.room_listing(name)
        if line is None and hub.owner is not None:
            try:
                return JSONResponse(await hub.owner.parked_line(name))
            except Exception:  # the database cannot tell now: unknown, as before
                return JSONResponse(None)
        return JSONResponse(line if line is not None else {"error": "no_room"},
                            status_code=200 if line is not None else 404)

    @json_route("/api/facts")
    async def game_facts() -> dict[str, Any]:
        """:func:`facts` and this server's ``limits`` in characters: ``{"name", "room_name",
        "line"}`` (settings ``name_max_len``, ``room_name_max_len``, ``chat_max_len``), so
        the board's inputs keep no copy of them."""
        return {**facts(), "limits": {"name": settings.name_max_len,
                                      "room_name": settings.room_name_max_len,
                                      "line": settings.chat_max_len}}

    schema: list[bytes] = []  # the schema's JSON, built at the first request

    @json_route("/protocol.json")
    async def protocol() -> Response:
        """The wire protocol's JSON Schema, built once: pydantic took about 17 ms of the event
        loop for each request, so requests pipelined on kept-alive connections (the gate
        counts connections, not requests) held every room's commands up."""
        if not schema:
            schema.append(bytes(JSONResponse(protocol_schema()).body))
        return Response(schema[0], media_type="application/json")

    if web.is_dir():
        app.mount("/", files, name="web")
