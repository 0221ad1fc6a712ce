"""Bad input: every ParseError says what was expected (design.md section 4, engine-api.md)."""

from __future__ import annotations

import pytest

from bohnanza.commands import ParseError, parse


def error_of(text: str) -> ParseError:
    with pytest.raises(ParseError) as info:
        parse(text)
    err = info.value
    assert err.code == "parse_error"
    assert err.rule is None
    assert err.message == str(err)
    return err


@pytest.mark.parametrize("text", ["", " ", "   ", "\t\n", "\u3000"])
def test_whitespace_only_is_an_error(text: str) -> None:
    assert "empty" in error_of(text).message


@pytest.mark.parametrize("text", ["/", "/ ", "/  plant"])
def test_slash_without_a_command_name(text: str) -> None:
    assert error_of(text).message == "a command name must follow /, like /help"


@pytest.mark.parametrize("text", ["/foo", "/pl", "/plants 2", "/harvest2", "/trade 2 blue"])
def test_unknown_command_points_to_help(text: str) -> None:
    message = error_of(text).message
    assert "is not a command" in message
    assert "/help" in message


def test_unknown_command_suggests_a_close_one() -> None:
    assert error_of("/plnat 2").message == (
        "/plnat is not a command (did you mean /plant?); type /help for the list"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("/harvest", "/harvest needs a field number from 1 to 99, like /harvest 2"),
        ("/harvest 1 2", "/harvest needs a field number from 1 to 99, like /harvest 2"),
        ("/harvest 0", "/harvest needs a field number from 1 to 99, like /harvest 2 ('0' is not one)"),
        ("/harvest -1", "/harvest needs a field number from 1 to 99, like /harvest 2 ('-1' is not one)"),
        ("/harvest 100", "/harvest needs a field number from 1 to 99, like /harvest 2 ('100' is not one)"),
        ("/harvest 1.5", "/harvest needs a field number from 1 to 99, like /harvest 2 ('1.5' is not one)"),
        ("/harvest two", "/harvest needs a field number from 1 to 99, like /harvest 2 ('two' is not one)"),
        ("/harvest red", "/harvest needs a field number from 1 to 99, like /harvest 2 ('red' is not one)"),
        ("/withdraw", "/withdraw needs an offer number from 1 to 999999, like /withdraw 3"),
        ("/withdraw 0", "/withdraw needs an offer number from 1 to 999999, like /withdraw 3 ('0' is not one)"),
        ("/accept", "/accept needs an offer number from 1 to 999999, like /accept 3"),
        ("/accept x", "/accept needs an offer number from 1 to 999999, like /accept 3 ('x' is not one)"),
        ("/accept -2", "/accept needs an offer number from 1 to 999999, like /accept 3 ('-2' is not one)"),
        ("/accept 1000000", "/accept needs an offer number from 1 to 999999, like /accept 3 ('1000000' is not one)"),
    ],
)
def test_number_arguments(text: str, expected: str) -> None:
    assert error_of(text).message == expected


@pytest.mark.parametrize("text", ["/plant 0", "/plant 100", "/plant red 0", "/plant -1"])
def test_plant_field_out_of_range(text: str) -> None:
    message = error_of(text).message
    assert message.startswith("/plant takes a field number from 1 to 99")
    assert "/plant red 2" in message


@pytest.mark.parametrize("text", ["/plant 2 red", "/plant 1 2", "/plant red 2 3"])
def test_plant_bean_comes_first(text: str) -> None:
    assert error_of(text).message.startswith("/plant takes the bean first, then one field number")


def test_plant_unknown_bean() -> None:
    message = error_of("/plant purple 2").message
    assert "'purple' is not a bean" in message
    assert "blackeyed" in message


@pytest.mark.parametrize("text", ["/done now", "/buy 3", "/cancel 1", "/leave now", "/start 4", "/who me"])
def test_commands_without_arguments(text: str) -> None:
    name = text.split()[0]
    assert error_of(text).message == f"{name} takes nothing after it; type just {name}"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("/offer", "/offer has no 'for'; write /offer GIVE for WANT"),
        ("/offer 2 blue", "/offer has no 'for'"),
        ("/offer 2 blue for red for soy", "/offer has more than one 'for'"),
        ("/offer for red", "GIVE is empty; write nothing for an empty side or ? to ask"),
        ("/offer red for", "WANT is empty; write nothing for an empty side or ? to ask"),
        ("/offer 0 blue for red", "counts in GIVE are whole numbers from 1 to 99"),
        ("/offer blue for -1 red", "counts in WANT are whole numbers from 1 to 99"),
        ("/offer 100 blue for red", "('100' is not one)"),
        ("/offer 2.5 blue for red", "('2.5' is not one)"),
        ("/offer 50 blue, 50 blue for red", "GIVE names 100 blue; counts go up to 99"),
        ("/offer 2 for red", "in GIVE, a bean must follow the number 2"),
        ("/offer 2 bleu for red", "in GIVE: 'bleu' is not a bean I know. Did you mean blue?"),
        ("/offer blue for purple", "in WANT: 'purple' is not a bean I know."),
        ("/offer blue, , red for soy", "GIVE has an empty item between commas"),
        ("/offer blue, for soy", "GIVE has an empty item between commas"),
        ("/offer ?, red for soy", "in GIVE, ? and nothing must stand alone"),
        ("/offer red for nothing, blue", "in WANT, ? and nothing must stand alone"),
        ("/offer 0blue for red", "('0' is not one)"),
        ("/offer blue0 for red", "('0' is not one)"),
    ],
)
def test_offer_errors(text: str, fragment: str) -> None:
    assert fragment in error_of(text).message


@pytest.mark.parametrize("text", ["/provide h0", "/provide h", "/provide x3", "/provide 3",
                                  "/provide h1000", "/provide h-1", "/provide hand3"])
def test_provide_errors(text: str) -> None:
    bad = text.split()[1]
    assert error_of(text).message == (
        f"'{bad}' is not a card; /provide needs the cards you hand over, like /provide h3 u1 "
        "(h = hand card from the front, u = face-up card, counted from 1)"
    )


@pytest.mark.parametrize("kind", ["want", "have"])
def test_marker_needs_a_bean(kind: str) -> None:
    assert error_of(f"/{kind}").message == f"/{kind} needs a bean, like /{kind} red"
    assert "'purple' is not a bean" in error_of(f"/{kind} purple").message


@pytest.mark.parametrize("text", ["/signals", "/signals off", "/signals clear now"])
def test_signals_needs_clear(text: str) -> None:
    assert error_of(text).message == "/signals needs the word clear: /signals clear"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("/option color red", "'color' is not an option"),
        ("/option hiddenmoney maybe", "/option hiddenmoney takes on or off"),
        ("/option hiddenmoney on off", "/option hiddenmoney takes on or off"),
        ("/option rules", "/option rules needs one of classic, rio-grande, amigo"),
        ("/option rules chess", "/option rules needs one of classic, rio-grande, amigo, not 'chess'"),
    ],
)
def test_option_errors(text: str, fragment: str) -> None:
    assert fragment in error_of(text).message


def test_addbot_takes_at_most_two_words() -> None:
    assert error_of("/addbot a b c").message == (
        "/addbot takes at most a name and a policy, like /addbot Robo greedy"
    )


def test_help_takes_one_topic() -> None:
    assert error_of("/help plant now").message == "/help takes one command name, like /help offer"
