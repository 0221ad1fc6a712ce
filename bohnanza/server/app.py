"""The FastAPI application: ``create_app(settings)``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from . import pages
from .rooms import Hub
from .settings import Settings
from .ws import ws_endpoint


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    hub = Hub(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="Bohnanza", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.state.settings = settings
    # the WebSocket route and the pages first: StaticFiles at "/" is mounted last
    app.add_api_websocket_route("/ws/{room}", ws_endpoint)
    pages.register(app, settings)
    return app
