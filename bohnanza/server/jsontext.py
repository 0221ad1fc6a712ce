"""Compact JSON text for the frames and the copies the state deltas keep (issue 14, server
CPU): ``orjson``, about twice as fast as ``pydantic_core.to_json`` on the views' small
objects, with the same bytes for every view and room part (plain dicts with string keys,
lists, tuples, strings, numbers, booleans, null: compact, UTF-8, floats in their shortest
form). A value orjson does not take (a dict with a key that is not a string, a set, a
number past 64 bits) goes through ``pydantic_core.to_json`` as before; an object neither
takes (``engine.view.SKIPPED``) raises."""

from __future__ import annotations

from typing import Any

import orjson
from pydantic_core import to_json

_dumps = orjson.dumps

loads = orjson.loads
"""Parse JSON text (``str`` or bytes) into plain data; raises ``orjson.JSONDecodeError``
(a ``ValueError``)."""


def dumps(value: Any) -> str:
    """Compact JSON text of plain data."""
    try:
        return _dumps(value).decode()
    except TypeError:
        return to_json(value).decode()
