"""``inbound.typed_line``'s way out for a plain line (issue 14: an ASCII printable line within
the limit is returned as it is) gives what the whole rule gives: ``check_line`` with a
parameter file's exceptions (several lines, no chat limit)."""

from __future__ import annotations

import random

import pytest

from bohnanza.server.inbound import check_line, typed_line
from bohnanza.server.room.change import CommandError

PIECES = ["a", "Z", " ", "/", "/plant", "/option params ", "  /OPTION PARAMS", "\t", "\n",
          "\x00", "\x1b", "\x7f", "\u200b", "\ufeff", "\u202e", "\u2028", "é", "豆", "~"]


def _rule(text: str, max_len: int) -> str:
    """The rule as typed_line stated it before its way out."""
    params = text.lstrip().casefold().startswith("/option params")
    return check_line(text, None if params else max_len, params)


def _outcome(f, text: str, max_len: int) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    try:
        return ("ok", f(text, max_len))
    except CommandError as e:
        return (e.code, e.message)


@pytest.mark.parametrize("seed", range(4))
def test_typed_line_is_its_rule(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(3000):
        max_len = rng.choice([1, 5, 12, 40])
        text = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 12)))
        assert _outcome(typed_line, text, max_len) == _outcome(_rule, text, max_len), (
            text, max_len)


def test_plain_lines_at_the_limit() -> None:
    assert typed_line("/done", 5) == "/done"
    with pytest.raises(CommandError) as e:
        typed_line("/done!", 5)
    assert e.value.code == "too_long"
    # a parameter file is bounded by the frame, not the chat limit
    assert typed_line("/option params x = 1", 5) == "/option params x = 1"
