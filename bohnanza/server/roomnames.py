"""A new room's name, beyond its form (:func:`valid_room_name`: letters and digits of any
script, ``-`` and ``_`` inside): a name that would make a room that looks like one this server
holds is refused, so the lobby cannot list a copy of a friend's table (``Beans`` beside
``beans``, Cyrillic ``Вeans``, full-width ``ｂｅａｎｓ``), and so is a name holding a character
that shows nothing (Hangul fillers, a braille blank) or ending in ``-`` or ``_`` (the lobby's
rule: they go inside a name). Names compare as player names do (``room/names.py``
``same_name``: case, width and look-alike letters do not matter). Rooms stored before these
rules keep their names: only a room about to be made is asked about (a session breaking the
server, 4 Dec 2026)."""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Container, Iterable
from typing import TYPE_CHECKING, Any

from bohnanza.commands.line import MAX_MARKS

from .room.names import _ignorable, same_name

if TYPE_CHECKING:
    from .hub import Hub

__all__ = ["new_room_problem", "room_name_asked", "room_name_of", "valid_room_name"]

# a room name: letters of any script and digits, with '-' and '_' inside ("Café", "豆の部屋")
ROOM_NAME = re.compile(r"^[^\W_][\w-]*$")


def room_name_of(name: str, *held: Container[str]) -> str:
    """The room a name asked for (a WebSocket's path, a room page's, ``/api/rooms/{name}``,
    the lobby's ``/open``) means: its composed form (Unicode NFC), so ``cafe`` + U+0301 typed
    or linked is the room ``café`` the lobby opens, one room and not two; the name as given
    when a room in ``held`` (this server's rooms: live, parked, damaged) has that spelling
    (stored before names were composed: it keeps its name, as :func:`new_room_problem`'s
    rooms do)."""
    if name.isascii():
        return name  # (most names: NFC changes nothing)
    composed = unicodedata.normalize("NFC", name)
    if composed != name and any(name in rooms for rooms in held):
        return name
    return composed


async def room_name_asked(hub: Hub, name: str) -> str:
    """:func:`room_name_of` over the site's rooms: this server's, and on PostgreSQL any room
    the database has under the name as given (parked there, or held by another process:
    ``room_owner``), looked up only for a name NFC changes (a room stored before names were
    composed keeps its name on a cluster too; it was sent on to the composed name, a new
    empty room). The composed name when the database cannot tell."""
    named = room_name_of(name, hub.rooms, hub.parked, hub.damaged)
    if named == name or hub.owner is None:
        return named
    with contextlib.suppress(Exception):
        if await hub.queue.call(_stored, hub.owner.store, name):
            return name
    return named


def _stored(store: Any, name: str) -> bool:
    """Whether the PostgreSQL ``store`` knows a room ``name`` (on the database thread)."""
    return store.db.execute("SELECT 1 FROM room_owner WHERE name=%s UNION ALL SELECT 1 FROM"
                            " rooms WHERE name=%s LIMIT 1", (name, name)).fetchone() is not None


def valid_room_name(name: str, max_len: int) -> bool:
    """A room name's form: 1 to ``max_len`` characters, letters and digits of any script with
    the marks on them (Unicode M*: Devanagari's vowel signs, Hebrew's points, an accent typed
    after its letter; at most ``line.MAX_MARKS`` on one), ``-`` and ``_`` inside. Python's
    ``\\w`` counts no mark: ``हिंदी`` and ``עִבְרִית`` were no room name at all (404)."""
    if not 0 < len(name) <= max_len:
        return False
    if ROOM_NAME.match(name) is not None:
        return True  # (most names: no mark)
    if name.isascii():
        return False
    base: list[str] = []  # the name without the marks on its letters and digits
    stack = 0
    for c in name:
        if unicodedata.category(c)[0] == "M" and base and base[-1] not in "-_":
            stack += 1
            if stack > MAX_MARKS:
                return False
            continue
        stack = 0
        base.append(c)
    return ROOM_NAME.match("".join(base)) is not None


def new_room_problem(name: str, existing: Iterable[str]) -> tuple[str, str | None] | None:
    """Why no room may be made under ``name`` (a valid room name no room here has), or None:
    ``("bad_room_name", None)`` for a character that shows nothing (Unicode's default
    ignorables, blanks) or a ``-``/``_`` at its end; ``("room_lookalike", other)`` when it
    compares equal to the room ``other`` among ``existing`` (the rooms here: live, parked,
    damaged)."""
    if name[-1] in "-_" or any(_ignorable(c) for c in name):  # (Hangul fillers too)
        return ("bad_room_name", None)
    for other in existing:
        if other != name and same_name(other, name):  # (each key with its own kind)
            return ("room_lookalike", other)
    return None

