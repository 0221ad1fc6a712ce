"""The farm command language: English and Japanese, round trip, errors, help."""

from __future__ import annotations

import re

import pytest

from bohnanza.commands import Chat, Join, ParseError
from bohnanza.farm.commands import COMMAND_NAMES, GameCommand, Help, format_action, help_text, parse
from bohnanza.farm.engine.actions import (
    Adjust,
    Done,
    Draw,
    Enter,
    HandCard,
    PileRef,
    Plant,
    Ship,
    Synth,
    Transform,
    Upgrade,
)

H = HandCard

CASES = [
    ("/transform h1 h2 for L1 fruit", Transform((H(1), H(2)), (PileRef(1, "fruit"),))),
    ("/変化 h1 h2 で L1 果菜", Transform((H(1), H(2)), (PileRef(1, "fruit"),))),
    ("/transform h1 h2 h3 -> L3 root, L3 leaf",
     Transform((H(1), H(2), H(3)), (PileRef(3, "root"), PileRef(3, "leaf")))),
    ("/transform L1 root shape+1, L1 leaf aroma+2 for L1 fruit",
     Transform((H(name="L1 root shape+1"), H(name="L1 leaf aroma+2")), (PileRef(1, "fruit"),))),
    ("/plant h3 h1", Plant(H(3), (H(1),))),
    ("/植える L2 根菜 形状+2 h1", Plant(H(name="L2 root shape+2"), (H(1),))),
    ("/synth b1 h2", Synth(1, (H(2),))),
    ("/合成 2 h1 h2", Synth(2, (H(1), H(2)))),
    ("/done", Done()), ("/declare", Done()), ("/宣言", Done()), ("/終了", Done()),
    ("/draw", Draw()), ("/引く L1 根菜、L1 葉菜", Draw((PileRef(1, "root"), PileRef(1, "leaf")))),
    ("/ship b1", Ship(1)), ("/出荷 b2 で L2 葉菜", Ship(2, (PileRef(2, "leaf"),))),
    ("/ship b1 for L2 root shape+2", Ship(1, (PileRef(2, "root", "L2 root shape+2"),))),
    ("/ship b1 for L2", Ship(1, (PileRef(2),))),
    ("/upgrade field", Upgrade("field")), ("/強化 変化釜", Upgrade("transform_pot")),
    ("/upgrade storage box", Upgrade("storage_box")), ("/アップグレード 保管箱", Upgrade("storage_box")),
    ("/upgrade synth", Upgrade("synth_pot")),
    # the full names /help upgrade and the refusal itself give ("pot = transformation pot,
    # synth = synthesis pot"): "/upgrade transformation pot" was refused with that very text
    ("/upgrade transformation pot", Upgrade("transform_pot")),
    ("/upgrade Synthesis Pot", Upgrade("synth_pot")), ("/upgrade synthesis-pot", Upgrade("synth_pot")),
    ("/enter b1", Enter(1)), ("/出品 3", Enter(3)),
    ("/adjust h1 h4", Adjust((H(1), H(4)))), ("/discard", Adjust()), ("/手札調整 h2", Adjust((H(2),))),
    ("／ｓｈｉｐ　ｂ１", Ship(1)),
]


@pytest.mark.parametrize(("text", "action"), CASES, ids=[c[0] for c in CASES])
def test_parse_and_round_trip(text: str, action: object) -> None:
    cmd = parse(text)
    assert cmd == GameCommand(action)  # type: ignore[arg-type]
    assert parse(format_action(cmd.action)) == cmd


@pytest.mark.parametrize(("text", "needle"), [
    ("/ship", "/ship needs one base"), ("/plant", "needs the base card"),
    ("/transform h1 h2", "then for"), ("/upgrade barn", "needs one facility"),
    ("/enter x", "'x' is not one"), ("/plant h1 banana", "not a hand card"),
    ("/ship b1 for L2 melon shape+2", "not a pile"), ("/plant L2 root shape", "attribute with its bonus"),
    ("/harvest 1", "not a command of the farm contest"), ("/done now", "takes nothing"),
])
def test_bad_text_says_what_was_expected(text: str, needle: str) -> None:
    with pytest.raises(ParseError) as e:
        parse(text)
    assert e.value.code == "parse_error" and needle in e.value.message


def test_room_commands_and_chat_are_the_tables() -> None:
    assert parse("/join Ann") == Join("Ann")
    assert parse("hello") == Chat("hello")
    assert parse("/help ship") == Help("ship")


@pytest.mark.parametrize("name", COMMAND_NAMES)
def test_every_command_has_help_in_both_languages(name: str) -> None:
    en, ja = help_text(name, "en"), help_text(name, "ja")
    assert "no farm command" not in en and "ありません" not in ja
    assert en != ja
    assert "/" in en


def test_help_overview() -> None:
    assert "/transform" in help_text(None) and "/変化" in help_text(None, "ja")
    assert "no farm command /nope" in help_text("nope")


FARM_BAD = [
    "/transform", "/transform h1 h2", "/transform h0 h2 for L1 fruit", "/transform h1 for L1 melon",
    "/plant", "/plant L1 root", "/plant L1 melon shape+2", "/plant L1 root shap+2", "/plant b1",
    "/synth", "/synth b0 h1", "/draw foo", "/ship", "/ship b1 b2", "/ship b1 for", "/ship 0",
    "/upgrade", "/upgrade barn", "/enter", "/enter -1", "/adjust h0", "/adjust foo",
    "/done now", "/宣言 今", "/help a b", "/frob", "/hrvest 1", "/offer red for blue",
]


@pytest.mark.parametrize("text", FARM_BAD)
def test_every_parse_error_says_in_japanese_what_to_type(text: str) -> None:
    """design.md §7 and issue 10: a refusal a person understands in the page's language. A
    Japanese page read "コマンドを読めませんでした" (the general line) for every mistyped farm
    command; it says what was wrong and, with the Japanese command names, what to type."""
    from bohnanza.commands.refusals import refusal_text, shape_of

    with pytest.raises(ParseError) as info:
        parse(text)
    e = info.value
    assert shape_of(e.code, e.message) is not None, e.message
    ja = refusal_text(e.code, e.message, "ja")
    assert ja != "コマンドを読めませんでした" and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja)
    assert "/" in ja  # a command to type, or the one that was typed


PREP_REFUSED = ["/transform h1 h2 for L0 fruit", "/transform h1 h1 for L1 fruit",
                "/transform h1 h99 for L1 fruit", "/plant L1 root shape+9", "/synth b1 h2",
                "/synth b9 h1", "/draw L1 root", "/ship b1", "/transform h1 h2 for L1 fruit, L1 root",
                "/transform h1 h2 for L2 fruit"]
HARVEST_REFUSED = ["/plant h1", "/ship b9", "/enter b1", "/upgrade field", "/adjust h1",
                   "/ship b1 for L1 fruit, L1 root, L1 leaf", "/ship b1 for L9 fruit"]


def test_every_engine_refusal_a_player_meets_reads_in_japanese() -> None:
    """issue 10: a Japanese page read the farm engine's refusals in English ("h1 is named
    twice", "there is no base in your slot 9", "it is Ann's harvest turn"). Each refusal a
    player meets in the preparation phase and in a harvest turn (their own and another's) has
    its Japanese, with the specifics carried over."""
    from bohnanza.commands.refusals import refusal_text, shape_of
    from bohnanza.engine.errors import Refusal
    from bohnanza.games import TableGame

    host = TableGame.get("farm")
    game = host.new({}, ["Ann", "Bob", "Cy"], 3)
    seen: list[tuple[str, str]] = []

    def refused(seat: int, text: str) -> None:
        cmd = host.parse(text, game)
        with pytest.raises(Refusal) as info:
            game.apply(seat, cmd.action)  # type: ignore[union-attr]
        seen.append((info.value.code, info.value.message))

    for text in PREP_REFUSED:
        refused(0, text)
    game.apply(0, host.parse("/plant h1", game).action)  # type: ignore[union-attr]
    refused(0, "/plant h1")  # the field (grade 1) is full
    refused(0, "/synth b1 h1 h2")  # one synthesis card at pot grade 1
    game.apply(0, host.parse("/done", game).action)  # type: ignore[union-attr]
    refused(0, "/plant h2")  # declared (F21)
    game.apply(1, host.parse("/done", game).action)  # type: ignore[union-attr]
    # F22: all but one declared, so the preparation phase is over
    active = game.view(None)["active"]
    for text in HARVEST_REFUSED:
        refused(active, text)
        refused((active + 1) % 3, text)
    codes = {code for code, _ in seen}
    assert {"bad_pile", "same_card", "no_such_card", "no_base", "no_rescue", "wrong_phase",
            "not_your_turn", "field_full", "no_contest", "cannot_afford", "already_declared",
            "synth_limit"} <= codes, codes
    for code, message in seen:
        assert shape_of(code, message) is not None, (code, message)
        ja = refusal_text(code, message, "ja")
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja), (code, message, ja)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_help_option_in_a_farm_room_names_the_farm_options(lang: str) -> None:
    """/help option in a farm room answered with Bohnanza's options (hiddenmoney, rules,
    duel), which the farm room refuses ("hiddenmoney is no option of Farm contest"): it
    names the options the farm room takes (param, params, clock, botspeed, game) and none of
    Bohnanza's own."""
    from bohnanza.games.farm import FARM

    text = FARM.help("option", lang)
    for option in ("/option param ", "/option params ", "/option params default",
                   "/option clock ", "/option botspeed ", "/option game "):
        assert option in text, option
    for other in ("hiddenmoney", "rio-grande", "duel"):
        assert other not in text, other
