"""Security headers on every HTTP answer: pages, the board's files, JSON, errors.

An attacker's page could frame the board (clickjacking: a click on its own button landing on
the board's Accept or End trading), a browser could guess a file's type from its bytes, and a
room's address (its name) went to every other site in the ``Referer``. Each answer now says:

- ``X-Content-Type-Options: nosniff``: files are what their ``Content-Type`` says;
- ``X-Frame-Options: DENY`` and CSP ``frame-ancestors 'none'``: no page may frame the board;
- ``Referrer-Policy: same-origin``: the room's address goes to this server only;
- ``Content-Security-Policy`` (:data:`CSP`): scripts, styles and connections from this server
  only, no inline script nor ``style`` attribute (the board has none: its pages load
  ``/js/*.js`` and ``/css/*.css``, styles set from scripts go through the CSSOM), images from
  here or ``data:`` (the pages' empty icon), no plugin, no ``<base>``, forms sent here only.

A pure ASGI middleware (no response body is read or copied); an answer that already names one
of these headers keeps its own. The gate's own refusals (503, 429, 431: ``gate.py``,
``headlimit.py``) are written before the app and carry none: they are plain text.
"""

from __future__ import annotations

from typing import Any

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"content-security-policy", CSP.encode()),
)


class SecurityHeaders:
    """Adds :data:`HEADERS` to each ``http.response.start`` of the app it wraps."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                have = {k.lower() for k, _ in headers}
                headers.extend(h for h in HEADERS if h[0] not in have)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
