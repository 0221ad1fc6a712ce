"""Room commands and chat (design.md section 4, docs/engine-api.md "Commands API")."""

from __future__ import annotations

import pytest

from bohnanza.commands import (
    AddBot,
    Chat,
    Help,
    Join,
    Leave,
    OptionSet,
    OptionShow,
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
    ("/addbot", AddBot(None, None)),
    ("/addbot Robo", AddBot("Robo", None)),
    ("/addbot Robo greedy", AddBot("Robo", "greedy")),
    ("/help", Help(None)),
    ("/help plant", Help("plant")),
    ("/help /OFFER", Help("offer")),
    ("/who", Who()),
    ("/WHO", Who()),
]


@pytest.mark.parametrize(("text", "command"), CASES)
def test_room_command(text: str, command: RoomCommand) -> None:
    result = parse(text)
    assert result == command
    assert isinstance(result, RoomCommand)


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
