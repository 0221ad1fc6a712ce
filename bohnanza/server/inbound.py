"""What a client sends, checked before any room sees it (issue 11, items 7-9).

* :func:`load` reads a frame's JSON: not JSON is ``bad_json``; nested deeper than
  :data:`MAX_DEPTH` (arrays and objects) is ``bad_message``; a string that is not valid
  Unicode (a lone surrogate such as ``"\\ud800"``, which JSON escapes can carry) is
  ``bad_text``; a message that is not a JSON object (``null``, ``[]``, ``1``), or whose
  ``type`` is not a string, is ``bad_message``. Each raises
  :class:`BadInput` and changes nothing.
* :func:`check_line` is the rule for a typed line (a ``say`` text: a command or a chat line):
  one line, no control characters (C0 and C1, so no newline, NUL, ESC, BEL), no line or
  paragraph separator and no bidi embedding, override or isolate (U+202A-U+202E,
  U+2066-U+2069) - refused as ``bad_text``, naming the character; zero-width spaces
  (U+200B, U+2060, U+FEFF) are removed (the joiners U+200C, U+200D stay: scripts and emoji
  need them); a character may carry at most ``line.MAX_MARKS`` marks (accents, vowel
  signs: a pile of them, "Zalgo" text, draws over the lines above and below), else
  ``bad_text``.
"""

from __future__ import annotations

import json
from typing import Any

from bohnanza.commands.line import MAX_MARKS, breaks_line, piled_marks

from .jsontext import loads
from .room.change import CommandError

MAX_DEPTH = 8  # the protocol's messages nest 1 deep; a little room for clients' extras

ZERO_WIDTH = {0x200B: None, 0x2060: None, 0xFEFF: None}


class BadInput(Exception):
    """A frame refused before it reached a room: ``code`` and an English ``message``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def valid_unicode(text: str) -> bool:
    """No lone surrogate (the only way a Python string is not valid Unicode)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_fast_loads = loads
_NOT_READ = object()


def load(text: str) -> Any:
    """The JSON of a frame, checked as the module docstring says. Raises :class:`BadInput`."""
    try:
        # orjson takes every frame json does but for a few (NaN, lone surrogates, depth past
        # 1,024, integers past 64 bits): those go through json, as before, for its answers
        data = _fast_loads(text)
    except ValueError:
        data = _NOT_READ
    try:
        if data is _NOT_READ:
            data = json.loads(text)
    except RecursionError:
        raise BadInput("bad_message", f"A message nests at most {MAX_DEPTH} deep.") from None
    except ValueError:
        raise BadInput("bad_json", "That message is not valid JSON.") from None
    # a frame without escapes or brackets enough to break a rule needs no walk (most frames)
    if "\\u" in text or text.count("[") + text.count("{") > MAX_DEPTH:
        _walk(data)
    if type(data) is not dict:  # (JSON's objects)
        raise BadInput("bad_message", "A message is a JSON object with a type: hello, say, "
                       "activity, lang, resync or ping.")
    if not isinstance(data.get("type", ""), str):
        raise BadInput("bad_message", "A message's type is a string: hello, say, activity, "
                       "lang, resync or ping.")
    return data


def _walk(data: Any) -> None:
    """Every value of ``data`` (no recursion): depth and strings."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if not valid_unicode(value):
                raise BadInput("bad_text", "That text is not valid Unicode (a lone surrogate).")
        elif isinstance(value, (list, dict)):
            if depth >= MAX_DEPTH:
                raise BadInput("bad_message", f"A message nests at most {MAX_DEPTH} deep.")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for k, v in items:
                if isinstance(k, str) and not valid_unicode(k):
                    raise BadInput("bad_text", "That text is not valid Unicode (a lone surrogate).")
                stack.append((v, depth + 1))


LINE_BREAKS = frozenset("\n\r\t")


def check_line(text: str, max_len: int | None, multiline: bool = False) -> str:
    """A typed line as the room reads it (zero-width spaces removed). Raises
    :class:`CommandError` ``bad_text`` (a character the module docstring refuses, named as
    U+XXXX) or ``too_long`` (more than ``max_len`` characters; None: no limit).
    ``multiline``: a text of several lines (a parameter file), where line breaks and tabs
    are allowed."""
    if not text.isascii() or not text.isprintable():
        for c in text:
            if (c < " " or c >= "\x7f") and breaks_line(c) and not (multiline and c in LINE_BREAKS):
                raise CommandError(
                    "bad_text",
                    f"A line may not hold control, line-break or bidi-override characters "
                    f"(U+{ord(c):04X}).")
        text = text.translate(ZERO_WIDTH)
        if piled_marks(text):
            raise CommandError("bad_text", f"A line may stack at most {MAX_MARKS} marks on one "
                               "character.")
    if max_len is not None and len(text) > max_len:
        raise CommandError("too_long", f"A line has at most {max_len} characters.")
    return text


def typed_line(text: str, max_len: int) -> str:
    """:func:`check_line` for a ``say``: a parameter file (``/option params TOML``) is sent
    whole, several lines, longer than a chat line and bounded by the frame size."""
    if len(text) <= max_len and text.isascii() and text.isprintable():
        return text  # (most lines: nothing to refuse or remove, within either limit)
    params = text.lstrip().casefold().startswith("/option params")
    return check_line(text, None if params else max_len, params)
