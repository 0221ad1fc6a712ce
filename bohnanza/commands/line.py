"""The head of a typed line, shared by every game's command language (design.md section 4).

``split_line(text)`` says whether a line is chat or a command and splits a command into its
name and the rest; each game's parser then reads the rest with its own handlers.
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from .errors import ParseError
from .model import Chat

#: bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069)
BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def breaks_line(c: str) -> bool:
    """Whether the character ``c`` may not stand in one line of text shown to others (a typed
    line, ``server/inbound.py``; a farm parameter set's name and labels, ``farm/params.py``):
    a control character (C0, C1), a lone surrogate, a line or paragraph separator, or a bidi
    control (:data:`BIDI_CONTROLS`)."""
    return c in BIDI_CONTROLS or unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")


#: the most marks (Unicode M*: accents, vowel signs, points) one character carries in a name or
#: a line shown to others: real words stack two or three (Hebrew's points, Tibetan's stacks);
#: a pile of them ("Zalgo" text) draws above and below its line, over the lines around it
MAX_MARKS = 4


def piled_marks(text: str, most: int = MAX_MARKS) -> bool:
    """Whether more than ``most`` marks (Unicode M*) follow one another in ``text``. An
    invisible format character between them (Cf: a zero-width joiner or non-joiner, a soft
    hyphen, U+2061) ends no pile: the marks after it stack on the same letter (4 marks and a
    U+200C, five times, drew the whole pile)."""
    run = 0
    for c in text:
        kind = unicodedata.category(c)
        if kind[0] == "M":
            run += 1
            if run > most:
                return True
        elif kind != "Cf":
            run = 0
    return False


class CommandLine(NamedTuple):
    """A line that starts with ``/``: ``name`` casefolded, ``typed`` the name as written,
    ``rest`` what follows it (NFKC-normalised, stripped), ``stripped`` the whole line as sent
    (stripped, not normalised)."""

    name: str
    typed: str
    rest: str
    stripped: str


def split_line(text: str) -> Chat | CommandLine:
    """``Chat`` for a line without a leading ``/`` (``//`` escapes one), else its
    :class:`CommandLine`. Raises :class:`ParseError` for an empty line or a ``/`` followed by
    no command name."""
    stripped = text.strip()
    if not stripped:
        raise ParseError("the message is empty; type a chat line or a command such as /help")
    norm = unicodedata.normalize("NFKC", stripped)
    if not norm.startswith("/"):
        return Chat(stripped)
    if norm.startswith("//"):
        return Chat(stripped[1:])
    parts = norm[1:].split(maxsplit=1)
    if not parts or norm[1].isspace():
        raise ParseError("a command name must follow /, like /help")
    rest = parts[1].strip() if len(parts) > 1 else ""
    return CommandLine(parts[0].casefold(), parts[0], rest, stripped)
