"""Parse errors in Japanese (issue 10, point 6): every sentence the parser produces has its
shape in bohnanza/commands/refusals.py (the engine's: tests/engine/test_refusals_ja.py)."""

from __future__ import annotations

import re

import pytest

from bohnanza.commands import ParseError, parse
from bohnanza.commands.refusals import refusal_text, shape_of

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


BAD_COMMANDS = [
    "", "/", "/plnat 2", "/foo", "/buy 2", "/harvest", "/harvest x", "/harvest 0",
    "/withdraw", "/accept 1.5", "/plant 2 3", "/plant 0", "/plant red 2 3", "/provide x1",
    "/provide h0", "/want", "/have", "/signals", "/signals all", "/option hiddenmoney maybe",
    "/option rules", "/option rules chess", "/option colour red", "/addbot a b c",
    "/removebot", "/handover", "/help a b", "/offer red", "/offer red for soy for blue",
    "/offer for red", "/offer red for", "/offer ?, red for soy", "/offer red, , soy for blue",
    "/offer 50 red, 50 red for soy", "/offer 2 for red", "/offer 2 bleu for red",
    "/offer red for purple", "/offer 0 red for soy", "/want purple", "/want cofee",
    # the 2-player bean duel and the turn clock (rules.md §3a, issue 13)
    "/plant u1 2 3", "/plant u1 x", "/plant u0", "/discard", "/discard h3 u1", "/discard x3",
    "/option duel", "/option duel four", "/option clock", "/option clock soon",
    "/option clock 99999",
    # a seat that is none after "to", the room's other options (a Japanese page read
    # "コマンドを読めませんでした" and nothing of what to type)
    "/offer red for blue to", "/offer red for blue to 0", "/offer red for blue to 100",
    "/option botspeed", "/option botspeed warp", "/option game", "/option param",
    "/option params",
]


@pytest.mark.parametrize("text", ["/offer red for blue to 0", "/offer red for blue to -1",
                                  "/offer red for blue to 100", "/offer red for blue to 2.5"])
def test_a_seat_number_that_is_none_says_what_to_type(text: str) -> None:
    """design.md §7: a clear error; /help offer: "to NAME (or a seat number)", seats count
    from 1. The message names the seats' range and the example, as /harvest's does."""
    with pytest.raises(ParseError) as info:
        parse(text)
    assert "seat number from 1 to 99" in info.value.message
    assert "/offer green for nothing to Bob" in info.value.message
    assert parse("/offer red for blue to 3") == parse("/offer red for blue to #3")


@pytest.mark.parametrize("text", BAD_COMMANDS)
def test_every_parse_error_has_a_japanese_shape(text: str) -> None:
    with pytest.raises(ParseError) as info:
        parse(text)
    e = info.value
    assert shape_of(e.code, e.message) is not None, e.message
    ja = refusal_text(e.code, e.message, "ja")
    assert JAPANESE.search(ja), ja


def test_specifics_carry_over() -> None:
    assert refusal_text("no_field_fits", "no field can take chili: harvest a field or buy a "
                        "third one first", "ja").startswith("紅花インゲンを植えられる畑がありません")
    assert refusal_text("cannot_provide", "you do not hold 2 blue, 1 red to give (hand cards)",
                        "ja") == "手札に青豆×2、赤豆がありません"
    assert refusal_text("parse_error", "in GIVE: 'bleu' is not a bean I know. Did you mean "
                        "blue? Beans: blue, red.", "ja") == \
        "出す側: 「bleu」という豆はありません。青豆のことですか？豆: 青豆、赤豆"


def test_the_beans_a_parse_error_names_itself_are_named_as_the_board_does() -> None:
    """Trial 7: "/offer u1 for red" listed "blackeyed" among the beans. The beans the parser
    names itself (the list, its guess, a count over the limit) are named as the board shows
    them ("Black-eyed", "Soy": the parser takes these names too); what was typed and the
    examples of what to type stay as they are; the code is unchanged."""
    beans = "Coffee, Wax, Blue, Chili, Stink, Green, Soy, Black-eyed, Red, Garden, Cocoa"
    for text, en in [
        ("/offer u1 for red", f"in GIVE: 'u1' is not a bean I know. Beans: {beans}. u1 names a "
         "card, not a bean: offers and markers name beans."),
        ("/want blakeyed", f"'blakeyed' is not a bean I know. Did you mean Black-eyed? "
                           f"Beans: {beans}."),
        ("/offer 50 soy, 50 soy for red", "GIVE names 100 Soy; counts go up to 99"),
        ("/offer 2 for red", "in GIVE, a bean must follow the number 2, like /offer 2 blue, "
                             "red for chili"),
    ]:
        with pytest.raises(ParseError) as info:
            parse(text)
        assert info.value.code == "parse_error"
        assert refusal_text("parse_error", info.value.message, "en") == en, text
    assert parse("/offer Black-eyed for Soy") == parse("/offer blackeyed for soy")
    # Japanese: the same list in Japanese names
    with pytest.raises(ParseError) as info:
        parse("/offer u1 for red")
    assert "ささげ" in refusal_text("parse_error", info.value.message, "ja")


def test_an_english_refusal_keeps_the_players_names_and_what_was_typed() -> None:
    """A review: in English every piece of a refusal that spelt a bean's id was named as the
    board names the bean, a player called ``soy`` too ("Soy no longer holds 2 Red") and a
    seat's name typed ("nobody at this table is called Red"). The players' names and the
    names typed for a seat stay as they are; beans are named as the board does."""
    assert refusal_text("cannot_provide", "soy no longer holds 2 red", "en",
                        ["Ann", "soy"]) == "soy no longer holds 2 Red"
    assert refusal_text("no_such_seat", "nobody at this table is called red (players: Ann, "
                        "soy)", "en", ["Ann", "soy"]) \
        == "nobody at this table is called red (players: Ann, soy)"
    assert refusal_text("cannot_provide", "Ann no longer holds 1 blackeyed", "en",
                        ["Ann", "soy"]) == "Ann no longer holds 1 Black-eyed"


@pytest.mark.parametrize("text", ["/offer u1 for red", "/offer 2 blue for h3", "/want u2"])
def test_a_cards_place_where_a_bean_is_asked_for_is_explained(text: str) -> None:
    """A new player typed ``/offer u1 for red`` (``/help`` speaks of u1 for face-up cards)
    and read only "'u1' is not a bean I know": the reply now says such a word names a card,
    and that offers and markers name beans (design.md section 3: ``/offer GIVE for WANT``,
    GIVE and WANT lists such as ``2 blue, red``; ``/want BEAN``), in English and Japanese."""
    with pytest.raises(ParseError) as e:
        parse(text)
    card = re.search(r"\b[uh]\d\b", text)
    assert card is not None
    en = refusal_text("parse_error", str(e.value), "en")
    assert f"{card[0]} names a card, not a bean: offers and markers name beans." in en, en
    assert "Black-eyed" in en                                   # the beans' list stays
    ja = refusal_text("parse_error", str(e.value), "ja")
    assert f"{card[0]}はカードの番号です" in ja and "ささげ" in ja, ja


def test_an_unknown_word_that_is_no_card_gets_no_card_hint() -> None:
    with pytest.raises(ParseError) as e:
        parse("/offer zz for red")
    assert "names a card" not in str(e.value)
    assert "カード" not in refusal_text("parse_error", str(e.value), "ja")


def test_no_field_fits_suggests_buying_only_where_a_third_field_can_be_bought() -> None:
    """R15: a card that fits no field needs an empty field: "either harvest a field or buy the
    third field, if allowed and affordable". Under amigo (no purchase, R21), with a third
    field owned (R24), or with fewer coins than the price (R22) the refusal said "or buy a
    third one first" all the same; it names buying only where it is a way out (under hidden
    money, R42, whatever the coins: even one's own total is hidden)."""
    from bohnanza.commands import apply_text
    from bohnanza.engine import Game, RuleError

    def refusal(preset: str, seat: dict[str, object], hidden: bool = False) -> str:
        g = Game.from_position({"preset": preset, "options": {"hidden_money": hidden},
                                "seats": [{"hand": ["chili"], **seat}, {}, {}, {}]})
        with pytest.raises(RuleError) as e:
            apply_text(g, 0, "/plant")
        assert e.value.code == "no_field_fits"
        return e.value.message

    two = {"fields": [["blue", 3], ["soy", 2]]}
    buy = "no field can take chili: harvest a field or buy a third one first"
    alone = "no field can take chili: harvest a field first"
    assert refusal("amigo", {**two, "coins": ["red"] * 5}) == alone
    assert refusal("classic", {**two, "coins": ["red"] * 2}) == alone
    assert refusal("classic", {**two, "coins": ["red"] * 3}) == buy
    assert refusal("classic", {**two, "coins": ["red"] * 2}, hidden=True) == buy
    assert refusal("classic", {"fields": [["blue", 3], ["soy", 2], ["red", 1]],
                               "coins": ["red"] * 5}) == alone
    assert refusal_text("no_field_fits", alone, "ja") == \
        "紅花インゲンを植えられる畑がありません。先に畑を売却してください"
