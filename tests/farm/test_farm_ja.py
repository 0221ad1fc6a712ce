"""A Japanese player of the farm contest reads every line in Japanese, with one name for each
thing: the game's name as the board and the lobby show it, a field slot as the board shows it
(``web/js/farm/words.js``), cards and piles with the glossary's words (farm-rules.md §5)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bohnanza.commands import ParseError, texts
from bohnanza.commands.refusals import refusal_text
from bohnanza.farm.commands import help_text, parse

WEB = Path(__file__).resolve().parents[2] / "web" / "js"
BOARD_NAME = "農園コンテスト"   # the board's title, the lobby's game (web/js/i18n.js)
#: another Japanese name for the farm game: "<farm word>ゲーム" ("農場ゲーム", "農園ゲーム")
OTHER_NAME = re.compile(r"農[場園]ゲーム")


def _ja(key: str, source: str) -> str:
    m = re.search(rf"\b{key}: \[\s*'[^']*',\s*'([^']*)',?\s*\]", source)
    assert m is not None, key
    return m.group(1)


def test_the_game_has_one_japanese_name_everywhere_a_player_reads_it() -> None:
    """The farm parser's refusal and /help said "農場ゲーム", the parameter lines and the
    board's waiting line "農園ゲーム", while the board and the lobby call the game
    "農園コンテスト": one name, the board's."""
    i18n = (WEB / "i18n.js").read_text(encoding="utf-8")
    words = (WEB / "farm" / "words.js").read_text(encoding="utf-8")
    assert _ja("lobby_game_farm", i18n) == _ja("farm", words) == BOARD_NAME
    with pytest.raises(ParseError) as info:
        parse("/xyz")
    read = [
        refusal_text(info.value.code, info.value.message, "ja"),
        help_text(None, "ja"),
        texts.text("option.farm_params", "ja", what="game.cycles = 2", name="x*", hash="ab"),
        texts.text("option.farm_params_file", "ja", name="x", hash="ab"),
        texts.text("option.farm_params_default", "ja", name="default", hash="ab"),
        _ja("farm_waiting", words),
    ]
    for line in read:
        assert not OTHER_NAME.search(line), line
    assert BOARD_NAME in read[0] and BOARD_NAME in read[1] and BOARD_NAME in read[2]


def test_a_slot_is_named_as_the_board_names_it() -> None:
    """The board and the log say "スロット1" for a field slot; the refusals and /help said
    "枠1" for the same place."""
    words = (WEB / "farm" / "words.js").read_text(encoding="utf-8")
    assert _ja("slot", words) == "スロット{s}"
    lines = [refusal_text("no_base", "there is no base in your slot 3", "ja"),
             refusal_text("field_full", "your field (grade 2) holds 2 bases, all planted", "ja"),
             help_text("ship", "ja"), help_text("synth", "ja"), help_text(None, "ja")]
    assert "スロット3" in lines[0], lines[0]
    for line in lines:
        assert "枠" not in line, line


@pytest.mark.parametrize(("typed", "name"), [("/宣言 今", "/宣言"), ("/終了 now", "/終了"),
                                             ("/declare x", "/declare"), ("/done now", "/done")])
def test_a_command_typed_by_another_name_is_refused_by_that_name(typed: str, name: str) -> None:
    """"/宣言 今" was refused with "/done の後には何も付けません。/done だけを入力してください":
    the player is told to type a command they never typed; the refusal names the one typed."""
    with pytest.raises(ParseError) as info:
        parse(typed)
    ja = refusal_text(info.value.code, info.value.message, "ja")
    assert ja == f"{name} の後には何も付けません。{name} だけを入力してください", ja
    if name != "/done":
        assert "/done" not in info.value.message and "/done" not in ja
