"""A new room's name, beyond its form (``hub.valid_room_name``: letters and digits of any
script, ``-`` and ``_`` inside): a name that would make a room that looks like one this server
holds is refused, so the lobby cannot list a copy of a friend's table (``Beans`` beside
``beans``, Cyrillic ``Вeans``, full-width ``ｂｅａｎｓ``), and so is a name holding a character
that shows nothing (Hangul fillers, a braille blank) or ending in ``-`` or ``_`` (the lobby's
rule: they go inside a name). Names compare as player names do (``room/names.py``
``same_name``: case, width and look-alike letters do not matter). Rooms stored before these
rules keep their names: only a room about to be made is asked about (a session breaking the
server, 4 Dec 2026)."""

from __future__ import annotations

from collections.abc import Iterable

from .room.names import _ignorable, same_name

__all__ = ["new_room_problem"]




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

