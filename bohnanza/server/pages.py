"""HTTP routes: the lobby, room pages, the room list, the game's facts, the protocol schema,
static files.

``/`` serves ``web/index.html`` and ``/r/{room}`` serves ``web/room.html`` (the board: static
files, ``Settings.web_dir``, by default the checkout's ``web/``). There is no built-in
stand-in: without the board's files those two pages answer 503 and say where the files were
looked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from .facts import facts
from .hub import Hub, valid_room_name
from .protocol import protocol_schema
from .settings import Settings


def register(app: FastAPI, settings: Settings) -> None:
    web: Path = settings.web_dir

    def page(name: str) -> Response:
        path = web / name
        if path.is_file():
            return FileResponse(path, media_type="text/html")
        return PlainTextResponse(f"The board's files are missing: no {path} (set "
                                 "BOHNANZA_WEB_DIR to the board's web/ folder).", 503)

    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return page("index.html")

    @app.get("/r/{room}", include_in_schema=False)
    async def room_page(room: str) -> Response:
        if not valid_room_name(room, settings.room_name_max_len):
            raise HTTPException(404, "A room name is 1-32 letters, digits, '-' or '_'.")
        return page("room.html")

    @app.get("/api/rooms")
    async def rooms(request: Request) -> list[dict[str, Any]]:
        hub: Hub = request.app.state.hub
        return hub.listing()

    @app.get("/api/facts")
    async def game_facts() -> dict[str, Any]:
        return facts()

    @app.get("/protocol.json")
    async def protocol() -> JSONResponse:
        return JSONResponse(protocol_schema())

    if web.is_dir():
        app.mount("/", StaticFiles(directory=web), name="web")
