"""Whole numbers in commands: counts, field numbers, offer numbers, card positions."""

from __future__ import annotations

import re

from .errors import ParseError

#: Largest field number and largest bean count in one offer item or side.
MAX_SMALL = 99
#: Largest hand or face-up position (``h999``).
MAX_CARD = 999
#: Largest offer number (offers are numbered for the whole game).
MAX_OFFER = 999_999

_DIGITS = re.compile(r"[0-9]+")
_NUMBERISH = re.compile(r"#?[+\-\u2212]?[0-9]+(?:[.,][0-9]*)?")


def looks_numeric(token: str) -> bool:
    """Whether ``token`` is meant as a number (``3``, ``-1``, ``0``, ``2.5``, ``#4``)."""
    return _NUMBERISH.fullmatch(token) is not None


def parse_number(token: str, *, usage: str, high: int = MAX_SMALL) -> int:
    """Read ``token`` as a whole number from 1 to ``high``; a leading ``#`` is allowed.

    ``usage`` says what was expected, like ``"/harvest needs a field number from 1 to 99,
    like /harvest 2"``. Shape: ``str -> int``. Raises :class:`ParseError` with
    ``"<usage> ('<token>' is not one)"`` for anything else: 0, negatives, fractions, words,
    values above ``high``.
    """
    text = token[1:] if token.startswith("#") else token
    if _DIGITS.fullmatch(text) is None or not 1 <= int(text) <= high:
        raise ParseError(f"{usage} ('{token}' is not one)")
    return int(text)
