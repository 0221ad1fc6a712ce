"""Every game command form of design.md section 4, parsed into engine actions."""

from __future__ import annotations

import pytest

from bohnanza.commands import Chat, GameCommand, ParseError, Start, parse
from bohnanza.engine.actions import (
    ASK,
    Accept,
    Action,
    Buy,
    Cancel,
    CardRef,
    ClearSignals,
    Done,
    Harvest,
    Plant,
    PostOffer,
    Provide,
    Signal,
    Withdraw,
)

CASES: list[tuple[str, Action]] = [
    # /plant [F] (phase 1) and /plant BEAN [F] (phase 3)
    ("/plant", Plant()),
    ("/plant 2", Plant(field=2)),
    ("/plant 3", Plant(field=3)),
    ("/plant red", Plant(bean="red")),
    ("/plant red 2", Plant(field=2, bean="red")),
    ("/plant Rote Bohnen 1", Plant(field=1, bean="red")),
    ("/plant black eyed bean", Plant(bean="blackeyed")),
    ("/plant 紅花インゲン 2", Plant(field=2, bean="chili")),
    # /done, /buy, /cancel
    ("/done", Done()),
    ("/buy", Buy()),
    ("/cancel", Cancel()),
    # /harvest F
    ("/harvest 1", Harvest(1)),
    ("/harvest 2", Harvest(2)),
    ("/harvest 3", Harvest(3)),
    # /offer GIVE for WANT
    ("/offer 2 blue, red for nothing", PostOffer({"blue": 2, "red": 1}, {})),
    ("/offer nothing for red", PostOffer({}, {"red": 1})),
    ("/offer ? for red", PostOffer(ASK, {"red": 1})),
    ("/offer red for ?", PostOffer({"red": 1}, ASK)),
    ("/offer ? for ?", PostOffer(ASK, ASK)),
    ("/offer nothing for nothing", PostOffer({}, {})),
    ("/offer 2x blue for red", PostOffer({"blue": 2}, {"red": 1})),
    ("/offer 2 x blue for 3X red", PostOffer({"blue": 2}, {"red": 3})),
    ("/offer blue x2 for red", PostOffer({"blue": 2}, {"red": 1})),
    ("/offer blue, blue, 2 blue for soy", PostOffer({"blue": 4}, {"soy": 1})),
    ("/offer red, blue for 2 soy, stink", PostOffer({"red": 1, "blue": 1}, {"soy": 2, "stink": 1})),
    ("/offer 2 rote bohnen, blue for 紅花インゲン", PostOffer({"red": 2, "blue": 1}, {"chili": 1})),
    ("/offer 2 black-eyed beans for 1 blaue bohne", PostOffer({"blackeyed": 2}, {"blue": 1})),
    ("/offer 2 blue 1 red for soy", PostOffer({"blue": 2, "red": 1}, {"soy": 1})),
    ("/offer blue red for soy", PostOffer({"blue": 1, "red": 1}, {"soy": 1})),
    ("/offer 2 blue and red for soy", PostOffer({"blue": 2, "red": 1}, {"soy": 1})),
    ("/offer 2 赤豆、青豆 for 大豆", PostOffer({"red": 2, "blue": 1}, {"soy": 1})),
    ("/offer blue,red for soy", PostOffer({"blue": 1, "red": 1}, {"soy": 1})),
    ("/offer 99 blue for 99 red", PostOffer({"blue": 99}, {"red": 99})),
    ("/OFFER 2 BLUE FOR RED", PostOffer({"blue": 2}, {"red": 1})),
    ("/offer blue -> red", PostOffer({"blue": 1}, {"red": 1})),
    ("/offer 2 rote Bohnen für 1 blaue", PostOffer({"red": 2}, {"blue": 1})),
    # counts written against the bean, Japanese counter 枚 and separators
    ("/offer 2blue for red", PostOffer({"blue": 2}, {"red": 1})),
    ("/offer 2xblue, red2 for soy", PostOffer({"blue": 2, "red": 2}, {"soy": 1})),
    ("/offer 赤豆2枚 for 大豆", PostOffer({"red": 2}, {"soy": 1})),
    ("/offer 赤豆 2枚、青豆 for 大豆", PostOffer({"red": 2, "blue": 1}, {"soy": 1})),
    ("/offer 2枚 赤豆 for 大豆", PostOffer({"red": 2}, {"soy": 1})),
    ("/offer 赤豆・青豆 for なし", PostOffer({"red": 1, "blue": 1}, {})),
    ("/offer none for nichts", PostOffer({}, {})),
    # /withdraw N, /accept N
    ("/withdraw 3", Withdraw(3)),
    ("/withdraw #3", Withdraw(3)),
    ("/accept 1", Accept(1)),
    ("/accept 250", Accept(250)),
    # /provide CARD...
    ("/provide h3 u1", Provide((CardRef("h", 3), CardRef("u", 1)))),
    ("/provide h1", Provide((CardRef("h", 1),))),
    ("/provide u2 u1", Provide((CardRef("u", 2), CardRef("u", 1)))),
    ("/provide H3, U1", Provide((CardRef("h", 3), CardRef("u", 1)))),
    ("/provide", Provide(())),
    # markers
    ("/want red", Signal("want", "red")),
    ("/have soy", Signal("have", "soy")),
    ("/want Rote Bohnen", Signal("want", "red")),
    ("/have 大豆", Signal("have", "soy")),
    ("/signals clear", ClearSignals()),
    ("/Signals CLEAR", ClearSignals()),
]


@pytest.mark.parametrize(("text", "action"), CASES)
def test_game_command(text: str, action: Action) -> None:
    assert parse(text) == GameCommand(action)


@pytest.mark.parametrize("name", ["PLANT", "Plant", "pLaNt"])
def test_command_names_are_case_insensitive(name: str) -> None:
    assert parse(f"/{name} 2") == GameCommand(Plant(field=2))


def test_surrounding_and_inner_spaces() -> None:
    assert parse("   /harvest    2   ") == GameCommand(Harvest(2))
    assert parse("\t/offer  2   blue ,red   for  nothing\n") == GameCommand(
        PostOffer({"blue": 2, "red": 1}, {})
    )


def test_full_width_input_from_a_japanese_keyboard() -> None:
    assert parse("／ｐｌａｎｔ\u3000２") == GameCommand(Plant(field=2))
    assert parse("/harvest ３") == GameCommand(Harvest(3))


def test_offer_sides_are_plain_dicts_with_positive_counts() -> None:
    cmd = parse("/offer red, 2 red for nothing")
    assert isinstance(cmd, GameCommand)
    assert isinstance(cmd.action, PostOffer)
    assert cmd.action.give == {"red": 3}
    assert cmd.action.want == {}


def test_parser_checks_syntax_only() -> None:
    # Legality is the engine's: field 3 without a third field, an offer nobody can meet,
    # a duplicate card, a gift request under classic all parse.
    assert parse("/harvest 3") == GameCommand(Harvest(3))
    assert parse("/offer 99 cocoa for 99 coffee") == GameCommand(
        PostOffer({"cocoa": 99}, {"coffee": 99})
    )
    assert parse("/provide h1 h1") == GameCommand(Provide((CardRef("h", 1), CardRef("h", 1))))
    assert parse("/offer nothing for 2 red") == GameCommand(PostOffer({}, {"red": 2}))


def test_a_line_read_again_gives_the_same_command() -> None:
    """Game command lines read before are handed out again (issue 14, server CPU: actions
    are values nothing changes); a refusal is not kept: its message names the deck asked
    about each time; chat and room commands are read afresh."""
    first = parse("/offer 2 blue for 1 red")
    assert parse("/offer 2 blue for 1 red") is first
    assert first == GameCommand(PostOffer(give={"blue": 2}, want={"red": 1}))
    for deck in (["blue", "red"], ["soy", "green"]):
        with pytest.raises(ParseError) as e:
            parse("/want cofee", deck)
        assert all(b in e.value.args[0] for b in deck)
    assert parse("hello") == Chat("hello") and parse("/start") == Start()
