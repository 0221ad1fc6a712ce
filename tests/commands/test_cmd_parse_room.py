"""Room commands and chat (design.md section 4, docs/engine-api.md "Commands API")."""

from __future__ import annotations

import pytest

from bohnanza.commands import (
    AddBot,
    Chat,
    HandOver,
    Help,
    Join,
    Leave,
    OptionSet,
    OptionShow,
    ParseError,
    RemoveBot,
    RoomCommand,
    Start,
    Who,
    parse,
)

CASES: list[tuple[str, RoomCommand]] = [
    ("/join", Join(None)),
    ("/join Ann", Join("Ann")),
    ("/join  Mary Ann ", Join("Mary Ann")),
    ("/join 太郎", Join("太郎")),
    ("/leave", Leave()),
    ("/start", Start()),
    ("/option", OptionShow()),
    ("/option hiddenmoney", OptionSet("hiddenmoney", None)),
    ("/option hiddenmoney on", OptionSet("hiddenmoney", "on")),
    ("/option hiddenmoney off", OptionSet("hiddenmoney", "off")),
    ("/option HiddenMoney ON", OptionSet("hiddenmoney", "on")),
    ("/option hidden-money off", OptionSet("hiddenmoney", "off")),
    ("/option rules classic", OptionSet("rules", "classic")),
    ("/option rules rio-grande", OptionSet("rules", "rio-grande")),
    ("/option rules amigo", OptionSet("rules", "amigo")),
    ("/option rules Rio Grande", OptionSet("rules", "rio-grande")),
    ("/option RULES AMIGO", OptionSet("rules", "amigo")),
    # the bean duel's version (rules.md §3a, C10) and the turn clock (issue 13)
    ("/option duel standard", OptionSet("duel", "standard")),
    ("/option duel 3fields", OptionSet("duel", "3fields")),
    ("/option duel three-fields", OptionSet("duel", "3fields")),
    ("/option duel-base 3", OptionSet("duel", "3fields")),
    ("/option clock 60", OptionSet("clock", "60")),
    ("/option clock 90s", OptionSet("clock", "90")),
    ("/option clock off", OptionSet("clock", "off")),
    ("/option Clock OFF", OptionSet("clock", "off")),
    ("/addbot", AddBot(None, None)),
    ("/addbot Robo", AddBot("Robo", None)),
    ("/addbot Robo greedy", AddBot("Robo", "greedy")),
    ("/help", Help(None)),
    ("/help plant", Help("plant")),
    ("/help /OFFER", Help("offer")),
    ("/who", Who()),
    ("/WHO", Who()),
    # a seat by name (as typed, inner spaces collapsed) or by number; the server resolves it
    ("/removebot Bot 1", RemoveBot("Bot 1")),
    ("/removebot   Bot   1 ", RemoveBot("Bot 1")),
    ("/removebot 3", RemoveBot("3")),
    ("/RemoveBot Robo", RemoveBot("Robo")),
    ("／ｒｅｍｏｖｅｂｏｔ　Ｒｏｂｏ", RemoveBot("Ｒｏｂｏ")),
    ("/handover Bob", HandOver("Bob")),
    ("/handover 2", HandOver("2")),
    ("/HANDOVER Mary Ann", HandOver("Mary Ann")),
    ("/handover 太郎", HandOver("太郎")),
]


@pytest.mark.parametrize(("text", "command"), CASES)
def test_room_command(text: str, command: RoomCommand) -> None:
    result = parse(text)
    assert result == command
    assert isinstance(result, RoomCommand)


@pytest.mark.parametrize("text", ["/removebot", "/removebot   ", "/handover", "/handover \t"])
def test_seat_target_commands_need_a_target(text: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert err.value.code == "parse_error"
    assert "name or a seat number" in err.value.message


def test_there_is_no_kick() -> None:
    with pytest.raises(ParseError):
        parse("/kick Bob")


def test_join_keeps_the_name_as_typed() -> None:
    assert parse("/join McBean") == Join("McBean")


@pytest.mark.parametrize(
    ("text", "chat"),
    [
        ("hello", "hello"),
        ("  hello there  ", "hello there"),
        ("2 blue for red?", "2 blue for red?"),
        ("plant 2", "plant 2"),
        ("こんにちは", "こんにちは"),
        ("a/b", "a/b"),
        ("//me waves", "/me waves"),  # the // escape sends a chat line starting with /
    ],
)
def test_text_without_a_leading_slash_is_chat(text: str, chat: str) -> None:
    assert parse(text) == Chat(chat)


@pytest.mark.parametrize("text", ["/option duel", "/option duel 4fields", "/option clock",
                                  "/option clock soon", "/option clock 3601",
                                  "/option clock 5 10", "/option clock -5"])
def test_duel_and_clock_options_need_a_value(text: str) -> None:
    with pytest.raises(ParseError) as err:
        parse(text)
    assert err.value.code == "parse_error"
    assert ("3fields" in err.value.message) or ("seconds" in err.value.message)
