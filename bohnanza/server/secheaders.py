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

- ``Strict-Transport-Security: max-age=N`` (``hsts_seconds``, a year by default; 0: never) on
  an answer to a request that came over HTTPS: the scheme a trusted front proxy's
  ``X-Forwarded-Proto`` names (``trusted_proxies``; uvicorn reads it from those only), or a
  TLS listener's. Never over plain HTTP: browsers ignore it there, and a server reached by
  ``http://`` only (``make run``) must not pin itself to a scheme it does not serve. No
  ``includeSubDomains``: the other names under the deployer's domain are not this server's.

A pure ASGI middleware (no response body is read or copied); an answer that already names one
of these headers keeps its own. The gate's own refusals (503, 429, 431: ``gate.py``,
``headlimit.py``, ``httpcut.py``), written before the app, carry these too (:data:`RAW`), but
not HSTS: the 503 and 431 are written before a request is read, and a trusted proxy's
requests, the only ones that can say HTTPS, are not held to the 429's rate.
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

# the same as header lines, for the answers the gate writes itself (before any app)
RAW = b"".join(k + b": " + v + b"\r\n" for k, v in HEADERS)


def hsts(scope: Any, seconds: int) -> tuple[bytes, bytes] | None:
    """The ``Strict-Transport-Security`` header for an answer to ``scope``: only when the
    request came over HTTPS (``scope["scheme"]``) and ``seconds`` > 0."""
    if seconds > 0 and scope.get("scheme") in ("https", "wss"):
        return (b"strict-transport-security", b"max-age=%d" % seconds)
    return None


class SecurityHeaders:
    """Adds :data:`HEADERS` (and :func:`hsts`'s, ``hsts_seconds``) to each
    ``http.response.start`` of the app it wraps."""

    def __init__(self, app: Any, hsts_seconds: int = 0) -> None:
        self.app = app
        self.hsts_seconds = hsts_seconds

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        extra = HEADERS
        if (strict := hsts(scope, self.hsts_seconds)) is not None:
            extra = (*HEADERS, strict)

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                have = {k.lower() for k, _ in headers}
                headers.extend(h for h in extra if h[0] not in have)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
