"""A connection's language and the server's texts in it (issue 10; the catalogues live in
``bohnanza.commands``: texts, refusals, log lines, help).

The server keeps writing and storing its lines in English; what goes out to a connection is
written again in the connection's language (``hello.lang``, ``lang``): replies, errors, room
lines and the game log. English lines are phrased again too, so that no internal name
(``plant_traded``, a slug) reaches a person.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bohnanza.commands.logtext import log_line
from bohnanza.commands.refusals import refusal_text
from bohnanza.commands.texts import server_text


def reply_message(ok: bool, code: str | None, message: str | None, lang: str) -> str | None:
    """The ``message`` of a reply for a person reading ``lang``."""
    if message is None:
        return None
    if not ok and code:
        return refusal_text(code, message, lang)
    return server_text(message, lang)


def phrase(entry: dict[str, Any], lang: str, names: Sequence[str],
           viewer: int | None) -> dict[str, Any]:
    """One log line (as a viewer reads it) with its ``text`` in ``lang``; ``names``: the seat
    names of the game it belongs to (empty: keep the stored text of a game line)."""
    if entry.get("kind") == "room":
        text = server_text(str(entry.get("text", "")), lang)
    elif names:
        text = log_line(entry, lang, names, viewer)
    else:
        return entry
    return entry if text == entry.get("text") else {**entry, "text": text}
