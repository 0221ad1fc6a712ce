"""The catalogue of server texts (bohnanza/commands/texts.py): both languages for every key,
the same parameters in both."""

from __future__ import annotations

import re
import string

from bohnanza.commands.texts import TEXTS, bean_name, lang_of, side_text, text

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_every_key_has_both_languages_with_the_same_parameters() -> None:
    for key, (en, ja) in TEXTS.items():
        assert en and ja, key
        assert _fields(en) == _fields(ja), key
        if not key.startswith(("room.option", "refuse.bad_value")) and _fields(ja) != {"message"}:
            assert JAPANESE.search(ja) or key.startswith("word."), key


def test_text_fills_parameters_and_defaults_to_english() -> None:
    assert text("reply.seated", "en", seat=2) == "You sit in seat 2."
    assert text("reply.seated", "ja", seat=2) == "2番の席に着きました。"
    assert text("reply.seated", "de", seat=2) == "You sit in seat 2."


def test_languages_and_bean_words() -> None:
    assert lang_of("ja-JP") == "ja" and lang_of("JA") == "ja"
    assert lang_of("en-US") == "en" and lang_of(None) == "en" and lang_of("fr") == "en"
    assert bean_name("blackeyed") == "Black-eyed" and bean_name("red", "ja") == "赤豆"
    assert side_text({"blue": 2, "red": 1}) == "2 Blue, Red"
    assert side_text({"blue": 2, "red": 1}, "ja") == "青豆×2、赤豆"
    assert side_text({}, "ja") == "なし" and side_text("?") == "?"
