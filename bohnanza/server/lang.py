"""A connection's language and the server's texts in it (issue 10; the catalogues live in
``bohnanza.commands``: texts, refusals, log lines, help).

The server writes and stores its lines in English (game lines phrased for people when they
are made, so no internal name such as ``plant_traded`` or a slug reaches a person); what goes
out to a connection of another language is written again in it (``hello.lang``, ``lang``):
replies, errors, room lines and the game log.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bohnanza.commands.logtext import log_line
from bohnanza.commands.refusals import refusal_text
from bohnanza.commands.texts import LANGS, server_text, text

from .protocol import Error, Reply

__all__ = ["english", "error_frame", "phrase", "refusal_text", "reply_frame", "reply_message",
           "server_text", "text"]


def reply_message(ok: bool, code: str | None, message: str | None, lang: str,
                  names: Sequence[str] = ()) -> str | None:
    """The ``message`` of a reply for a person reading ``lang`` (``names``: the players',
    kept as they are in English: ``refusal_text``)."""
    if message is None:
        return None
    if not ok and code:
        return refusal_text(code, message, lang, names)
    return server_text(message, lang)


def reply_frame(say_id: Any, ok: bool, code: str | None, message: str | None,
                rule: str | None, texts: dict[str, str] | None, lang: str,
                names: Sequence[str] = ()) -> str:
    """The ``reply`` frame to a say: its ``message`` in ``lang`` (beans named as the board
    does, "Black-eyed", in English too); a command's output (ok) also in each language of
    :data:`LANGS` (``texts``: an answer written for each reader, else the server's English
    line written again), so the board shows the output it keeps in the language it switches
    to. A refusal has no ``texts``: the board shows it for a moment only."""
    said = reply_message(ok, code, message, lang, names)
    every = None
    if ok and message is not None:
        every = texts or {lg: reply_message(ok, code, message, lg, names) or "" for lg in LANGS}
        said = every.get(lang, said)
    return Reply(id=say_id, ok=ok, code=code, message=said, rule=rule,
                 texts=every).model_dump_json(exclude_none=True)


def error_frame(code: str, message: str, lang: str) -> str:
    """An ``error`` frame whose English ``message`` (one of the server's lines) is written in
    ``lang``."""
    return Error(code=code, message=server_text(message, lang)).model_dump_json()


def english(entry: dict[str, Any], names: Sequence[str], viewer: int | None) -> str:
    """A game log line (as ``viewer`` reads it) in English for people, as it is made and
    stored (no internal names)."""
    return log_line(entry, "en", names, viewer)


def phrase(entry: dict[str, Any], lang: str, names: Sequence[str],
           viewer: int | None) -> dict[str, Any]:
    """One log line (as a viewer reads it) with its ``text`` in ``lang``; ``names``: the seat
    names of the game it belongs to (empty: keep the stored text of a game line). English
    lines are phrased when they are made (the room's ``game_entries``): as they are."""
    if lang == "en":
        return entry
    game = entry.get("game")
    if isinstance(game, str) and game != "bohnanza":  # another hosted game phrases its lines
        from bohnanza.games import TableGame

        try:
            text = TableGame.get(game).phrase(entry, lang, names, viewer)
        except Exception:
            return entry
        return entry if text == entry.get("text") else {**entry, "text": text}
    if entry.get("kind") == "room":
        text = server_text(str(entry.get("text", "")), lang)
    elif names:
        text = log_line(entry, lang, names, viewer)
    else:
        return entry
    return entry if text == entry.get("text") else {**entry, "text": text}
