"""A Japanese player of the farm contest reads every line in Japanese, with one name for each
thing: the game's name as the board and the lobby show it, a field slot as the board shows it
(``web/js/farm/words.js``), cards and piles with the glossary's words (farm-rules.md §5)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

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


def _en(key: str, source: str) -> str:
    m = re.search(rf"\b{key}: \[\s*'([^']*)',", source)
    assert m is not None, key
    return m.group(1)


def test_the_game_has_one_english_name_too() -> None:
    """The board and the lobby say "Farm contest"; /help's overview and the "not a command"
    refusal said "Farm game" (ja15's note): the English lines use the board's name too."""
    i18n = (WEB / "i18n.js").read_text(encoding="utf-8")
    words = (WEB / "farm" / "words.js").read_text(encoding="utf-8")
    name = _en("lobby_game_farm", i18n)
    assert name == _en("farm", words) == "Farm contest"
    with pytest.raises(ParseError) as info:
        parse("/xyz")
    read = [refusal_text(info.value.code, info.value.message, "en"), help_text(None, "en")]
    for line in read:
        assert "farm game" not in line.lower(), line
        assert name.lower() in line.lower(), line
    # the Japanese of the refusal still reads (its pattern follows the English sentence)
    ja = refusal_text(info.value.code, info.value.message, "ja")
    assert BOARD_NAME in ja and "farm" not in ja, ja


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


def _english(ja: str) -> list[str]:
    """English words left in a Japanese line, besides commands (``/出荷``) and parameter keys
    with their values (``turn.harvest_any_order = false``)."""
    rest = re.sub(r"/\S+|[a-z_]+(?:\.[a-z_]+)+(?: = \w+)?", "", ja)
    return re.findall(r"[A-Za-z]{3,}", rest)


def _refused(host: Any, game: Any, seat: int, text: str) -> tuple[str, str]:
    from bohnanza.engine.errors import Refusal

    with pytest.raises(Refusal) as info:
        cmd = host.parse(text, game)
        game.apply(seat, cmd.action)
    e = info.value
    return e.code, refusal_text(e.code, e.message, "ja")


def test_the_engines_refusals_carry_their_specifics_in_japanese() -> None:
    """A Japanese page read 'ship comes before upgrade in a harvest turn here ...' (no
    Japanese at all), the pot's exchanges as '2 cards of the same level -> 1 card of that
    level' and cards as 'L2 root shape+2' inside Japanese sentences. Each says it in Japanese,
    the exchanges in the words of /help transform, the cards as the log and the board write
    them (L2 根菜 形状+2)."""
    from bohnanza.farm.params import default_params, with_override
    from bohnanza.games import TableGame

    host = TableGame.get("farm")
    params = with_override(default_params(), "turn.harvest_any_order", "false")
    params = with_override(params, "game.start_cost", "30")
    game = host.new({"params": params}, ["Ann", "Bob"], 5)
    seen = {}
    for text in ("/transform h1 for L1 fruit", "/transform h1 h2 for L2 fruit",
                 "/plant L2 root shape+2", "/植える L1 野菜 形状+2"):
        code, ja = _refused(host, game, 0, text)
        seen[code] = ja
    assert "同じレベル2枚→そのレベル1枚" in seen["no_exchange"], seen
    assert "レベル1以上2枚→レベル2以下1枚" in seen["pot_grade"], seen
    assert "L2 根菜 形状+2" in seen["no_such_card"], seen
    assert "根菜" in seen["parse_error"] and "果菜" in seen["parse_error"], seen
    for seat, text in ((0, "/plant h1"), (1, "/plant h1"), (0, "/done")):  # F22: Bob is done
        game.apply(seat, host.parse(text, game).action)  # type: ignore[union-attr]
    active = game.view(None)["active"]
    game.apply(active, host.parse("/upgrade box", game).action)  # type: ignore[union-attr]
    code, seen[code] = _refused(host, game, active, "/ship b1")   # G20: ship, upgrade, enter
    assert code == "out_of_order"
    assert "出荷" in seen[code] and "強化" in seen[code], seen[code]
    for code, ja in seen.items():
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja) and not _english(ja), (code, ja)


def test_a_deck_too_small_for_the_start_says_so_in_japanese() -> None:
    """``/option param game.start_hand.count 40``, then /start with two seated: a Japanese
    room read '2 players need 80 level-1 cards; the deck has 48'."""
    from bohnanza.engine.errors import Refusal
    from bohnanza.farm.params import default_params, with_override
    from bohnanza.games import TableGame

    params = with_override(default_params(), "game.start_hand.count", "40")
    with pytest.raises(Refusal) as info:
        TableGame.get("farm").new({"params": params}, ["Ann", "Bob"], 1)
    ja = refusal_text(info.value.code, info.value.message, "ja")
    # 2 players x 40 cards; the default deck's level 1: 16 cards per category (G1), 3 categories
    assert "80" in ja and "48" in ja and "レベル1" in ja and not _english(ja), ja


#: a designer's mistakes in /option param KEY VALUE, with what the Japanese must still name
PARAM_MISTAKES = [
    ("game.cycles", "abc", ["game.cycles", "整数"]),
    ("game.cycles", "0", ["game.cycles", "1以上"]),
    ("game.players.max", "9", ["game.players.max", "8以下"]),
    ("piles.mode", "xyz", ["piles.mode", "level_category", "level"]),
    ("turn.harvest_any_order", "maybe", ["turn.harvest_any_order", "true", "false"]),
    ("cards.categories", "[{id='Root'}]", ["cards.categories.0.id"]),
    ("cards.categories", "[{ja='根'}]", ["cards.categories.0.id"]),   # the id is missing
    ("turn.prep_time_limit_s", "-1", ["turn.prep_time_limit_s", "0以上"]),
    ("facilities.max_grade", "5", ["facilities.field.price", "4", "3"]),
    ("facilities.field.price", "[5]", ["facilities.field.price", "3", "1"]),
    ("game.cycles", "1", ["game.contest_level_by_cycle", "1", "3"]),
    ("game.players", "{min=3, max=2}", ["game.players", "2", "3"]),
    ("shipping.value.base", "-5", ["shipping.value.base", "-4", "G8"]),
    ("game.start_hand.level", "7", ["game.start_hand.level", "7"]),
    ("foo.bar", "3", ["foo.bar", "foo"]),
    ("game.name", "x", ["game.name"]),
    ("x y", "1", ["x y"]),
    ("game.cycles", "[1", ["game.cycles", "[1"]),
]
#: pydantic's and the parameter module's English, which a Japanese page must not show
ENGLISH = re.compile(r"Input should|String should|is not|not a|needed|must|at most|missing|"
                     r"valid|below|distinct|cannot|TOML value|Tuple")


@pytest.mark.parametrize(("key", "value", "named"), PARAM_MISTAKES)
def test_a_parameter_mistake_reads_in_japanese(key: str, value: str, named: list[str]) -> None:
    """`/option param game.cycles abc` answered a Japanese page 'game.cycles: Input should be
    a valid integer' (pydantic's English; likewise every bad key of a parameter file): each
    part says in Japanese what is wrong, with its key and numbers."""
    from bohnanza.farm.params import ParamsError, default_params, with_override

    with pytest.raises(ParamsError) as info:
        with_override(default_params(), key, value)
    ja = refusal_text(info.value.code, info.value.message, "ja")
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja) and not ENGLISH.search(ja), ja
    for word in named:
        assert word in ja, (word, ja)


@pytest.mark.parametrize(("toml", "named"), [
    ("[[[", ["TOML", "1", "3"]), ("game = 3", ["game"]),
    ("[game]\ncycles = 2\nfoo = 1", ["game.foo"]),
    ("[cards]\nlevels = [1, 1]", ["cards.levels", "cards.pattern.2", "[1, 1]"]),
    ("[contest]\nevaluations = [{id = 'taste', counts = 'zzz'}]",
     ["contest.evaluations", "F9", "zzz", "contest.vp"]),
])
def test_a_parameter_file_mistake_reads_in_japanese(toml: str, named: list[str]) -> None:
    """`/option params TOML` (the board's "load a parameter file"): every bad key of the file
    in Japanese, each with its key."""
    from bohnanza.farm.params import ParamsError, params_from_toml

    with pytest.raises(ParamsError) as info:
        params_from_toml(toml)
    ja = refusal_text(info.value.code, info.value.message, "ja")
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja) and not ENGLISH.search(ja), ja
    for word in named:
        assert word in ja, (word, ja)


def test_the_farm_rooms_setup_refusals_read_in_japanese() -> None:
    """'/option param game.cycles' (no value) answered 'その設定はありません' (the general line:
    no word of what to type); '/option game chess' answered "There is no game 'chess'; ..."."""
    from bohnanza.engine.errors import Refusal
    from bohnanza.games import TableGame

    with pytest.raises(Refusal) as info:
        TableGame.get("farm").set_option({}, "param", "game.cycles")
    ja = refusal_text(info.value.code, info.value.message, "ja")
    assert "/option param" in ja and "キー" in ja and "値" in ja, ja
    with pytest.raises(Refusal) as info:
        TableGame.get("chess")
    ja = refusal_text(info.value.code, info.value.message, "ja")
    assert "chess" in ja and "bohnanza" in ja and "farm" in ja and "ゲーム" in ja, ja
    assert not ENGLISH.search(ja) and "There" not in ja, ja


def _harvest_turn(cycle: int, base: str) -> tuple[Any, Any]:
    """A game in Ann's harvest turn of turn 2 (a contest, F2) of ``cycle``, ``base`` (a card
    of her hand) planted in her slot 1 before this turn."""
    from bohnanza.games import TableGame

    host = TableGame.get("farm")
    p = host.new({}, ["Ann", "Bob"], 3).to_position()
    ann = p["seats"][0]
    ann["hand"].remove(base)
    ann["field"] = [{"base": base, "synth": [], "planted": 1}]
    p.update(phase="harvest", cycle=cycle, turn=2, harvest_order=[0, 1], active=0)
    return host, host.load(p)


def test_a_vegetable_the_contest_does_not_take_is_refused_in_japanese() -> None:
    """'/出品 b1' in a contest turn answered a Japanese page 'this contest is for leaf; L1 root
    color+2 is not' and 'this contest needs a base of level 2 or more (contest level 2); L1
    root nutrition+2 is level 1' (F30), the refusals a contest turn meets most."""
    host, game = _harvest_turn(1, "L1 leaf weight+1")
    assert game.view(None)["contest"]["category"] == "root"
    code, ja = _refused(host, game, 0, "/出品 b1")
    assert code == "wrong_category"
    assert "根菜" in ja and "L1 葉菜 重さ+1" in ja and not _english(ja), ja
    host, game = _harvest_turn(2, "L1 root color+1")
    code, ja = _refused(host, game, 0, "/出品 b1")
    assert code == "level_too_low"
    # contest level 2 in cycle 2 (F30); the base is level 1
    assert "レベル2" in ja and "L1 根菜 彩り+1" in ja and "レベル1" in ja, ja
    assert not _english(ja), ja
    # a discard within the hand limit (F31): what to type to end the turn, not "何も捨てません"
    code, ja = _refused(host, game, 0, "/手札調整 h1")
    assert code == "wrong_discard_count"
    assert "捨てるカードはありません" in ja and "/手札調整" in ja and "/宣言" in ja, ja


def test_option_names_the_farm_contest_by_its_japanese_name() -> None:
    """'/option' in a farm room answered a Japanese page 'ゲーム farm（2〜4人）...' (the id),
    where /option game and the room's lines say 農園コンテスト."""
    from bohnanza.server.room.answers import options_text
    from bohnanza.server.room.table import Table

    t = Table()
    t.game_name = "farm"
    ja = options_text(t, "ja")
    assert f"ゲーム {BOARD_NAME}（2〜4人）" in ja and "farm（" not in ja, ja
