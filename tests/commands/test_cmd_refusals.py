"""Parse errors in Japanese (issue 10, point 6): every sentence the parser produces has its
shape in bohnanza/commands/refusals.py (the engine's: tests/engine/test_refusals_ja.py)."""

from __future__ import annotations

import re

import pytest

from bohnanza.commands import ParseError, parse
from bohnanza.commands.refusals import refusal_text, shape_of

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


BAD_COMMANDS = [
    "", "/", "/plnat 2", "/foo", "/buy 2", "/harvest", "/harvest x", "/harvest 0",
    "/withdraw", "/accept 1.5", "/plant 2 3", "/plant 0", "/plant red 2 3", "/provide x1",
    "/provide h0", "/want", "/have", "/signals", "/signals all", "/option hiddenmoney maybe",
    "/option rules", "/option rules chess", "/option colour red", "/addbot a b c",
    "/removebot", "/handover", "/help a b", "/offer red", "/offer red for soy for blue",
    "/offer for red", "/offer red for", "/offer ?, red for soy", "/offer red, , soy for blue",
    "/offer 50 red, 50 red for soy", "/offer 2 for red", "/offer 2 bleu for red",
    "/offer red for purple", "/offer 0 red for soy", "/want purple", "/want cofee",
    # the 2-player bean duel and the turn clock (rules.md §3a, issue 13)
    "/plant u1 2 3", "/plant u1 x", "/plant u0", "/discard", "/discard h3 u1", "/discard x3",
    "/option duel", "/option duel four", "/option clock", "/option clock soon",
    "/option clock 99999",
]


@pytest.mark.parametrize("text", BAD_COMMANDS)
def test_every_parse_error_has_a_japanese_shape(text: str) -> None:
    with pytest.raises(ParseError) as info:
        parse(text)
    e = info.value
    assert shape_of(e.code, e.message) is not None, e.message
    ja = refusal_text(e.code, e.message, "ja")
    assert JAPANESE.search(ja), ja


def test_specifics_carry_over() -> None:
    assert refusal_text("no_field_fits", "no field can take chili: harvest a field or buy a "
                        "third one first", "ja").startswith("紅花インゲンを植えられる畑がありません")
    assert refusal_text("cannot_provide", "you do not hold 2 blue, 1 red to give (hand cards)",
                        "ja") == "手札に青豆×2、赤豆がありません"
    assert refusal_text("parse_error", "in GIVE: 'bleu' is not a bean I know. Did you mean "
                        "blue? Beans: blue, red.", "ja") == \
        "出す側: 「bleu」という豆はありません。青豆のことですか？豆: 青豆、赤豆"
