"""The FastAPI application: ``create_app(settings)``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket

from . import gate, pages
from .hub import Hub
from .inuse import Held
from .room import botpool
from .secheaders import SecurityHeaders
from .settings import Settings
from .ws import ws_endpoint


def create_app(settings: Settings | None = None, in_use: Held | None = None) -> FastAPI:
    """The app serving ``settings``; ``in_use``: the database's server lock, already held by
    the caller (``bohnanza serve``; else the hub holds it as it starts: ``inuse.py``)."""
    settings = settings or Settings()
    # the process's limits (gate.py): bohnanza serve's protocol classes and the hub share them
    hub = Hub(settings, gate.install(settings), in_use)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            botpool.shutdown()  # the search bots' worker processes

    app = FastAPI(title="Bohnanza", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.hub = hub
    app.state.settings = settings
    # the WebSocket route and the pages first: StaticFiles at "/" is mounted last. The socket
    # is a plain Starlette route: FastAPI's own (dependency injection, exit stacks) would add
    # several KB per connection and nothing this endpoint uses
    async def ws_route(websocket: WebSocket) -> None:
        await ws_endpoint(websocket, websocket.path_params["room"])

    app.router.routes.append(WebSocketRoute("/ws/{room}", ws_route))
    pages.register(app, settings)
    # the Host header names this server (a DNS-rebinding page names its own: refused, 400)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=settings.trusted_hosts(),
                       www_redirect=False)
    # outermost: the Host refusals (400) carry the security headers too (secheaders.py)
    app.add_middleware(SecurityHeaders, hsts_seconds=settings.hsts_seconds)
    return app
