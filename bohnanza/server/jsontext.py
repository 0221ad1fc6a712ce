"""Compact JSON text for the frames and the copies the state deltas keep (issue 14, server
CPU): ``orjson``, about twice as fast as ``pydantic_core.to_json`` on the views' small
objects, with the same bytes for every view and room part (plain dicts with string keys,
lists, tuples, strings, numbers, booleans, null: compact, UTF-8, floats in their shortest
form). A value orjson does not take (a dict with a key that is not a string, a set, a
number past 64 bits) goes through ``pydantic_core.to_json`` as before; an object neither
takes (``engine.view.SKIPPED``) raises. Without orjson installed (an environment made
before it became a dependency) ``pydantic_core`` does it all, as before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic_core import from_json, to_json

try:
    import orjson
except ImportError:  # pragma: no cover - a checkout whose environment predates orjson
    _dumps: Callable[[Any], bytes] = to_json
    loads: Any = from_json
else:
    _dumps = orjson.dumps
    loads = orjson.loads
"""``loads``: parse JSON text (``str`` or bytes) into plain data; raises a ``ValueError``."""
quick = _dumps
"""``quick(value)``: compact JSON of plain data as UTF-8 bytes, for a caller's own loop: it
raises ``TypeError`` where :func:`dumps` falls back to ``pydantic_core`` (call that then)."""


def dumps(value: Any) -> str:
    """Compact JSON text of plain data."""
    try:
        return _dumps(value).decode()
    except TypeError:
        return to_json(value).decode()
