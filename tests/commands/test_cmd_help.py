"""help_text: a short overview, one paragraph per command, English and Japanese."""

from __future__ import annotations

import pytest

from bohnanza.commands import COMMAND_NAMES, HELP_TOPICS, help_text

# Every command of design.md section 4 plus the room commands of docs/engine-api.md, the bot
# seat commands /removebot and /handover, and the bean duel's /discard (rules.md §3a).
DESIGN_COMMANDS = [
    "join", "leave", "start", "option", "addbot", "removebot", "handover", "help", "who",
    "plant", "done", "harvest", "buy", "offer", "withdraw", "accept", "provide", "cancel",
    "want", "have", "signals", "discard",
]


def test_every_design_command_is_parsed_and_documented() -> None:
    assert sorted(COMMAND_NAMES) == sorted(DESIGN_COMMANDS)
    assert set(DESIGN_COMMANDS) <= set(HELP_TOPICS)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_overview_lists_every_command(lang: str) -> None:
    text = help_text(None, lang)
    for name in DESIGN_COMMANDS:
        assert f"/{name}" in text
    assert len(text.splitlines()) <= 8  # short


@pytest.mark.parametrize("name", DESIGN_COMMANDS)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_one_paragraph_per_command(name: str, lang: str) -> None:
    text = help_text(name, lang)
    assert f"/{name}" in text
    assert "\n" not in text
    assert text != help_text(None, lang)


@pytest.mark.parametrize("name", DESIGN_COMMANDS)
def test_japanese_differs_from_english(name: str) -> None:
    ja = help_text(name, "ja")
    assert ja != help_text(name, "en")
    assert any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in ja)


def test_topic_forms() -> None:
    assert help_text("/Offer") == help_text("offer")
    assert help_text("  HARVEST ") == help_text("harvest")
    assert help_text("") == help_text(None)
    assert help_text("plant", "ja-JP") == help_text("plant", "ja")
    assert help_text("plant", "fr") == help_text("plant", "en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_bot_seat_commands_in_both_languages(lang: str) -> None:
    overview = help_text(None, lang)
    assert "/removebot" in overview and "/handover" in overview
    assert "/kick" not in overview
    assert "/removebot Bot 1" in help_text("removebot", lang)
    assert "/handover Bob" in help_text("handover", lang)


def test_key_facts_in_paragraphs() -> None:
    assert "/offer 2 blue for chili" in help_text("offer")
    assert "h3" in help_text("provide") and "u1" in help_text("provide")
    assert "hiddenmoney" in help_text("option") and "rio-grande" in help_text("option")
    assert "not interested" in help_text("done")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_help_option_names_every_option_the_parser_takes(lang: str) -> None:
    """/help option told nothing of /option botspeed and /option game (nor the farm's param
    and params), all of which the parser takes: a player learned them only from a refusal.
    Every key of ``OptionSet`` (bohnanza/commands/room.py) is in the help and the overview."""
    import typing

    from bohnanza.commands import parse
    from bohnanza.commands.room import OptionKey

    option = help_text("option", lang)
    for key in typing.get_args(OptionKey):
        assert f"/option {key} " in option, key
    overview = help_text(None, lang)
    for example in ("/option botspeed slow|normal|fast", "/option game bohnanza|farm"):
        assert example in overview
        assert parse(example.replace("slow|normal|fast", "fast").replace("bohnanza|farm", "farm"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_beans_topic_lists_every_bean_in_three_languages(lang: str) -> None:
    text = help_text("beans", lang)
    for name in ("blackeyed", "Augenbohne", "ささげ", "garden", "Gartenbohne", "ゴガツササゲ",
                 "wax", "Wachsbohne", "ワックス豆"):
        assert name in text


@pytest.mark.parametrize(("lang", "fragment"), [("en", "There is no command /frobnicate"),
                                                 ("ja", "/frobnicate というコマンドはありません")])
def test_unknown_topic(lang: str, fragment: str) -> None:
    text = help_text("frobnicate", lang)
    assert fragment in text
    assert "/help" in text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_duel_help(lang: str) -> None:
    """The bean duel (rules.md §3a): its own topic names every step's command and the option."""
    text = help_text("duel", lang)
    for part in ("/plant u1 2", "/discard u1", "/discard h3", "/done", "/option duel"):
        assert part in text
    assert "/option duel standard|3fields" in help_text(None, lang)
    assert "/discard h3" in help_text("discard", lang) and "/discard u2" in help_text(
        "discard", lang)


@pytest.mark.parametrize(("lang", "yes", "chooses"), [
    ("en", "says yes", "chooses whom to deal with"),
    ("ja", "「受ける」の返答", "誰とトレードするかは"),
])
def test_accept_speaks_as_the_board_does(lang: str, yes: str, chooses: str) -> None:
    # the board calls another player's Accept a yes that the active player picks from (fourth
    # trial, item 1: "copy" explained nothing); /help accept says the same, never "copy"
    text = help_text("accept", lang)
    assert yes in text and chooses in text, text
    assert "cop" not in text.lower() and "コピー" not in text and "自分のオファーとして" not in text


def test_help_buy_gives_the_third_fields_price_of_every_preset() -> None:
    """R21, R22, §4a: '/help buy' said only "3 coins in the classic preset"; a rio-grande
    table of 6-7 pays 2, and amigo (and rio-grande with 3 players) sells none."""
    en = help_text("buy", "en")
    assert "3 coins" in en and "2 coins in rio-grande with 6-7 players" in en
    assert "Amigo, rio-grande with 3 players and the 3fields duel sell none" in en
    ja = help_text("buy", "ja")
    assert "2ターラー" in ja and "amigo" in ja
    # C10: the duel sells a third field only in its standard version (presets._duel)
    from bohnanza.engine.presets import rules_for
    assert rules_for("rio-grande", 2, {"duel_base": "3fields"}).third_field_cost is None
    assert rules_for("rio-grande", 2, {"duel_base": "standard"}).third_field_cost == 3
    assert "3 coins (classic; rio-grande with 4-5 players and the standard duel" in en
    assert "standard の決闘" in ja and "3fields の決闘では買えません" in ja


@pytest.mark.parametrize(("lang", "parts"), [
    ("en", ("you still finish step 3", "in step 4 at once", "more cards in hand")),
    ("ja", ("ステップ3は最後まで", "ステップ4なら即座に", "手札の多い人")),
])
def test_duel_help_tells_the_end_and_the_tie(lang: str, parts: tuple[str, ...]) -> None:
    """R38 duel (step 3 finished, a draw in step 4 ends at once), R39, R40 (most_hand_cards,
    the rio-grande tie-break, C1): /help duel said only that the game ends (duel17)."""
    text = help_text("duel", lang)
    for part in parts:
        assert part in text, (part, text)
