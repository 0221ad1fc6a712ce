"""format_action / format_command: canonical text, and parse(format(x)) == x."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bohnanza.commands import (
    SLUGS,
    AddBot,
    Chat,
    GameCommand,
    HandOver,
    Help,
    Join,
    Leave,
    OptionSet,
    OptionShow,
    ParseError,
    RemoveBot,
    Start,
    Who,
    format_action,
    format_command,
    parse,
)
from bohnanza.commands.room import RoomCommand
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
    Side,
    Signal,
    Withdraw,
)

CANONICAL: list[tuple[Action, str]] = [
    (Plant(), "/plant"),
    (Plant(field=2), "/plant 2"),
    (Plant(bean="red"), "/plant red"),
    (Plant(field=2, bean="red"), "/plant red 2"),
    (Done(), "/done"),
    (Harvest(2), "/harvest 2"),
    (Buy(), "/buy"),
    (PostOffer({"blue": 2, "red": 1}, {}), "/offer 2 blue, red for nothing"),
    (PostOffer({"red": 1, "blue": 2}, ASK), "/offer 2 blue, red for ?"),
    (PostOffer(ASK, {"chili": 1}), "/offer ? for chili"),
    (Withdraw(3), "/withdraw 3"),
    (Accept(12), "/accept 12"),
    (Provide((CardRef("h", 3), CardRef("u", 1))), "/provide h3 u1"),
    (Provide(()), "/provide"),
    (Cancel(), "/cancel"),
    (Signal("want", "red"), "/want red"),
    (Signal("have", "blackeyed"), "/have blackeyed"),
    (ClearSignals(), "/signals clear"),
]


@pytest.mark.parametrize(("action", "text"), CANONICAL)
def test_canonical_text(action: Action, text: str) -> None:
    assert format_action(action) == text
    assert parse(text) == GameCommand(action)


@pytest.mark.parametrize(
    "action",
    [
        Plant(bean="Rote Bohne"),
        Plant(field=0),
        Plant(field=100),
        Harvest(0),
        Harvest(-1),
        Withdraw(0),
        Accept(1_000_000),
        PostOffer({"blue": 0}, {}),
        PostOffer({"blue": 100}, {}),
        PostOffer({"purple": 1}, {}),
        Provide((CardRef("h", 0),)),
        Signal("want", "purple"),
    ],
)
def test_unexpressible_actions_raise_value_error(action: Action) -> None:
    with pytest.raises(ValueError):
        format_action(action)


def test_not_an_action_raises_value_error() -> None:
    with pytest.raises(ValueError):
        format_action("plant")  # type: ignore[arg-type]


# ---------------------------------------------------------------- property tests

slugs = st.sampled_from(SLUGS)
small = st.integers(min_value=1, max_value=99)
bean_map = st.dictionaries(slugs, small, max_size=len(SLUGS))
sides: st.SearchStrategy[Side] = st.one_of(st.just(ASK), bean_map)
card_refs = st.builds(CardRef, st.sampled_from(["h", "u"]), st.integers(1, 999))
offer_numbers = st.integers(min_value=1, max_value=999_999)

actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(Plant, st.none() | small, st.none() | slugs),
    st.just(Done()),
    st.builds(Harvest, small),
    st.just(Buy()),
    st.builds(PostOffer, sides, sides),
    st.builds(Withdraw, offer_numbers),
    st.builds(Accept, offer_numbers),
    st.builds(Provide, st.lists(card_refs, max_size=8).map(tuple)),
    st.just(Cancel()),
    st.builds(Signal, st.sampled_from(["want", "have"]), slugs),
    st.just(ClearSignals()),
)


@given(actions)
def test_parse_format_round_trip(action: Action) -> None:
    assert parse(format_action(action)) == GameCommand(action)


names = st.text(
    alphabet=st.characters(categories=["L", "N"]), min_size=1, max_size=12
).filter(lambda s: s == " ".join(s.split()) and s.isprintable())
# seat targets: names with single inner spaces ("Bot 1"), seat numbers, any letters
targets = st.text(
    alphabet=st.characters(categories=["L", "N", "Zs"]), min_size=1, max_size=16
).filter(lambda s: bool(s) and s == " ".join(s.split()) and s.isprintable())
room_commands: st.SearchStrategy[RoomCommand] = st.one_of(
    st.builds(Join, st.none() | names),
    st.just(Leave()),
    st.just(Start()),
    st.just(OptionShow()),
    st.builds(OptionSet, st.just("hiddenmoney"), st.sampled_from([None, "on", "off"])),
    st.builds(OptionSet, st.just("rules"), st.sampled_from(["classic", "rio-grande", "amigo"])),
    st.builds(AddBot, st.none(), st.none()),
    st.builds(AddBot, names, st.none() | st.sampled_from(["random", "greedy"])),
    st.builds(RemoveBot, targets | st.integers(1, 5).map(str)),
    st.builds(HandOver, targets | st.integers(1, 5).map(str)),
    st.builds(Help, st.none() | st.sampled_from(["plant", "offer", "beans"])),
    st.just(Who()),
)


@given(room_commands)
def test_room_command_round_trip(command: RoomCommand) -> None:
    assert parse(format_command(command)) == command


@given(st.text(min_size=1, max_size=40).map(str.strip).filter(bool))
def test_chat_round_trip(text: str) -> None:
    chat = Chat(text)
    parsed = parse(format_command(chat))
    assert parsed == chat


@pytest.mark.parametrize(
    ("command", "text"),
    [
        (RemoveBot("Bot 1"), "/removebot Bot 1"),
        (RemoveBot("3"), "/removebot 3"),
        (HandOver("Bob"), "/handover Bob"),
        (HandOver("Ｂｏｂ"), "/handover Ｂｏｂ"),
    ],
)
def test_seat_target_commands_canonical_text(command: RoomCommand, text: str) -> None:
    assert format_command(command) == text
    assert parse(text) == command


@pytest.mark.parametrize("target", ["", " Bob", "Bob ", "Bo  b"])
def test_seat_target_that_would_not_read_back_raises(target: str) -> None:
    with pytest.raises(ValueError):
        format_command(RemoveBot(target))
    with pytest.raises(ValueError):
        format_command(HandOver(target))


def test_chat_starting_with_a_slash_is_escaped() -> None:
    assert format_command(Chat("/me waves")) == "//me waves"
    assert parse("//me waves") == Chat("/me waves")


COMMAND_WORDS = ["/plant", "/offer", "/harvest", "/provide", "/option", "/join", "/want", "/accept",
                 "/removebot", "/handover"]


@given(st.sampled_from(["", *COMMAND_WORDS]), st.text(max_size=40))
def test_parse_raises_only_parse_error(prefix: str, tail: str) -> None:
    try:
        result = parse(f"{prefix} {tail}" if prefix else tail)
    except ParseError as err:
        assert err.code == "parse_error" and err.message
    else:
        assert isinstance(result, GameCommand | RoomCommand | Chat)
