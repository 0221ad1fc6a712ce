"""The JSON text of the frames sent after every change, assembled from pieces serialised once.

The messages are the ones :mod:`.protocol` defines (and ``/protocol.json`` describes); only
the way their text is made differs. After a change every connection gets a ``state`` built for
its seat, and most of it is the same for all of them: the public part of the game views
(:meth:`Game.view_parts` builds it once for the views of one change) and the room part without
``you``. Those pieces are serialised once per change (``jsontext.dumps``: orjson) and spliced
into each connection's text, instead of building pydantic models per connection. Keys may come
in another order than the models' (JSON objects have none); ``tests/server/test_srv_frames.py``
checks that every text parses to what the models give and validates against them.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from .jsontext import dumps as _json


def dumps(value: Any) -> str:
    """Compact JSON text of plain data."""
    return _json(value)


def parts_json(
    base: dict[str, Any], own: Mapping[Any, dict[str, Any] | None]
) -> dict[Any, str]:
    """The JSON text of each view ``{**base, **own[viewer]}`` (``None``: ``null``), as
    :meth:`Game.view_parts` gives them: ``base`` serialised once, each value of the ``own``
    parts once per object (the markers most viewers share), spliced together. The keys of
    ``own`` parts must not be in ``base``; nothing may change meanwhile."""
    common = _json(base)[1:-1]
    pieces: dict[int, str] = {}  # id(value) -> its JSON (the values live while this runs)
    out: dict[Any, str] = {}
    for viewer, part in own.items():
        if part is None:
            out[viewer] = "null"
            continue
        parts = [common] if common else []
        for k, v in part.items():
            text = pieces.get(id(v))
            if text is None:
                text = pieces[id(v)] = _json(v)
            parts.append(_key(k) + ":" + text)
        out[viewer] = "{" + ",".join(parts) + "}"
    return out


@functools.lru_cache(maxsize=256)
def _key(key: str) -> str:
    return _json(key)


def _tail(log: str | None, reply: int | None) -> str:
    tail = "" if log is None else f',"log":{log}'
    if reply is not None:
        tail += f',"reply":{{"id":{reply},"ok":true}}'
    return tail


def state(version: int, view: str, room_open: str, you: str, log: str | None = None,
          reply: int | None = None) -> str:
    """A ``state`` frame: ``view`` (JSON), ``room_open`` (the room part's JSON without ``you``
    and without its closing brace, see :func:`room_open`), ``you`` (JSON) and ``log`` (the
    JSON list of the change's log lines for this viewer; ``None``: no ``log`` key);
    ``reply``: the id of the say whose ok reply rides in it (``State.reply``)."""
    tail = _tail(log, reply)
    return (
        f'{{"type":"state","version":{version},"view":{view},"room":{room_open},'
        f'"you":{you}}}{tail}}}'
    )


def patch(version: int, base: int, ops: list[str], log: str | None = None,
          reply: int | None = None) -> str:
    """A ``patch`` frame: the operations ``ops`` (JSON text each, ``server/delta.py``) turn the
    state of version ``base`` into that of ``version``; ``log`` and ``reply`` as in
    :func:`state`."""
    if log is None and reply is None:  # most patches
        return f'{{"type":"patch","version":{version},"base":{base},"ops":[{",".join(ops)}]}}'
    return (f'{{"type":"patch","version":{version},"base":{base},'
            f'"ops":[{",".join(ops)}]{_tail(log, reply)}}}')


def room_open(room: dict[str, Any]) -> str:
    """The JSON of the room part (without ``you``), its closing brace left off."""
    text = _json(room)
    return text[:-1]


@functools.lru_cache(maxsize=4096)
def you(name: str | None, seat: int | None) -> str:
    """``you`` of a state (the token only ever goes in ``welcome``)."""
    return f'{{"name":{_json(name)},"seat":{"null" if seat is None else seat},' \
        '"token":null}'


def log(version: int, entries: list[dict[str, Any]], replay: bool = False) -> str:
    """A ``log`` frame."""
    return (
        f'{{"type":"log","version":{version},"entries":{_json(entries)},'
        f'"replay":{"true" if replay else "false"}}}'
    )


def ok_reply(say_id: int | None) -> str:
    """The ``reply`` of an accepted command without a message."""
    return f'{{"type":"reply","id":{"null" if say_id is None else say_id},"ok":true}}'
