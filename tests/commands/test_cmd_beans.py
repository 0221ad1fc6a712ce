"""Bean aliases (design.md section 4; rules.md section 1; seed 000's table)."""

from __future__ import annotations

import pytest

from bohnanza.commands import SLUGS, ParseError, bean_label, bean_slug, lookup_bean

DESIGN_SLUGS = "coffee wax blue chili stink green soy blackeyed red garden cocoa".split()


def test_slugs_are_the_design_slugs_in_catalogue_order() -> None:
    assert list(SLUGS) == DESIGN_SLUGS


@pytest.mark.parametrize("slug", DESIGN_SLUGS)
def test_each_slug_is_its_own_alias(slug: str) -> None:
    assert bean_slug(slug) == slug
    assert bean_slug(slug.upper()) == slug
    assert bean_slug(f"  {slug.title()}  ") == slug


ENGLISH = [
    ("Blue Bean", "blue"), ("blue beans", "blue"), ("blues", "blue"), ("BLUE", "blue"),
    ("chili bean", "chili"), ("chilli", "chili"), ("chillies", "chili"), ("chilis", "chili"),
    ("stink bean", "stink"), ("stinks", "stink"), ("Stink Beans", "stink"),
    ("green bean", "green"), ("greens", "green"),
    ("soy bean", "soy"), ("soybean", "soy"), ("soybeans", "soy"), ("soya", "soy"),
    ("black-eyed", "blackeyed"), ("blackeye", "blackeyed"), ("black eyed bean", "blackeyed"),
    ("Black-eyed Bean", "blackeyed"), ("black-eyed beans", "blackeyed"),
    ("black eye", "blackeyed"),
    ("red bean", "red"), ("reds", "red"), ("red beans", "red"),
    ("garden bean", "garden"), ("gardens", "garden"),
    ("coffee bean", "coffee"), ("coffee beans", "coffee"),
    ("wax bean", "wax"), ("waxes", "wax"),
    ("cocoa bean", "cocoa"), ("cacao", "cocoa"),
]

GERMAN = [
    ("Blaue Bohne", "blue"), ("Blaue Bohnen", "blue"), ("blaue", "blue"),
    ("Feuerbohne", "chili"), ("Feuerbohnen", "chili"),
    ("Saubohne", "stink"), ("Saubohnen", "stink"),
    ("Brechbohne", "green"), ("Brechbohnen", "green"),
    ("Sojabohne", "soy"), ("Sojabohnen", "soy"),
    ("Augenbohne", "blackeyed"), ("Augenbohnen", "blackeyed"),
    ("Rote Bohne", "red"), ("Rote Bohnen", "red"), ("rote", "red"), ("ROTE BOHNEN", "red"),
    ("Gartenbohne", "garden"), ("Gartenbohnen", "garden"),
    ("Kaffeebohne", "coffee"), ("Kaffeebohnen", "coffee"),
    ("Wachsbohne", "wax"), ("Wachsbohnen", "wax"),
    ("Weinbrandbohne", "wax"), ("Weinbrandbohnen", "wax"),
    ("Kakaobohne", "cocoa"), ("Kakaobohnen", "cocoa"),
]

# Seed 000's table pairs each German name with a Japanese one; design.md adds three more.
JAPANESE = [
    ("ゴガツササゲ", "garden"), ("いんげん豆", "green"), ("赤豆", "red"), ("そらまめ", "stink"),
    ("ささげ", "blackeyed"), ("紅花インゲン", "chili"), ("大豆", "soy"), ("青豆", "blue"),
    ("コーヒー豆", "coffee"), ("ワックス豆", "wax"), ("カカオ豆", "cocoa"),
    # katakana and hiragana spellings of the same word
    ("インゲン豆", "green"), ("ソラマメ", "stink"), ("ササゲ", "blackeyed"),
]


@pytest.mark.parametrize(("name", "slug"), ENGLISH)
def test_english_forms(name: str, slug: str) -> None:
    assert bean_slug(name) == slug


@pytest.mark.parametrize(("name", "slug"), GERMAN)
def test_german_names_with_and_without_n(name: str, slug: str) -> None:
    assert bean_slug(name) == slug
    assert bean_slug(name.lower()) == slug
    assert bean_slug(name.upper()) == slug


@pytest.mark.parametrize(("name", "slug"), JAPANESE)
def test_japanese_names(name: str, slug: str) -> None:
    assert bean_slug(name) == slug
    assert bean_slug(f"\u3000{name} ") == slug  # an ideographic space around it


def test_garden_and_blackeyed_japanese_names_do_not_collide() -> None:
    # ゴガツササゲ contains ササゲ; they are different beans (seed 000).
    assert bean_slug("ゴガツササゲ") == "garden"
    assert bean_slug("ささげ") == "blackeyed"


def test_full_width_latin_letters() -> None:
    assert bean_slug("ＢＬＵＥ") == "blue"


@pytest.mark.parametrize("name", ["bleu", "bohne", "豆", "beans", "", "   ", "2 blue", "purple"])
def test_unknown_names_raise_parse_error(name: str) -> None:
    with pytest.raises(ParseError) as info:
        bean_slug(name)
    assert info.value.code == "parse_error"
    assert info.value.rule is None
    assert "blue" in info.value.message  # the message lists the beans
    assert lookup_bean(name) is None


def test_unknown_name_message_suggests_a_close_bean() -> None:
    with pytest.raises(ParseError, match="Did you mean blue"):
        bean_slug("bleu")
    with pytest.raises(ParseError, match="'purple' is not a bean"):
        bean_slug("purple")


def test_labels() -> None:
    assert bean_label("blackeyed") == "Black-eyed Bean"
    assert bean_label("red", "de") == "Rote Bohne"
    assert bean_label("garden", "ja") == "ゴガツササゲ"
    assert bean_label("red", "xx") == "Red Bean"
    for slug in DESIGN_SLUGS:
        for lang in ("en", "de", "ja"):
            assert bean_slug(bean_label(slug, lang)) == slug


# Issue 10, point 7: the names of every edition in ../shared/seeds/ (seed 000 and 001: the
# German names with the Japanese edition's; seed 004: the Finnish compounds it names) and the
# common English and German names of each bean.
EDITIONS = [
    # seed 000's table and seed 001's card list
    ("Gartenbohnen", "garden"), ("Brechbohnen", "green"), ("Rote Bohnen", "red"),
    ("Saubohnen", "stink"), ("Augenbohnen", "blackeyed"), ("Feuerbohnen", "chili"),
    ("Sojabohnen", "soy"), ("Blaue Bohnen", "blue"), ("いんげん", "green"),
    # seed 004 (Finnish)
    ("Kaakaopavut", "cocoa"), ("Kahvipavut", "coffee"), ("puutarhapavut", "garden"),
    ("kahvipapu", "coffee"),
    # common English names
    ("Broad bean", "stink"), ("broad beans", "stink"), ("Fire bean", "chili"),
    ("Runner bean", "chili"), ("runner beans", "chili"), ("French bean", "green"),
    ("Stink bean", "stink"), ("Chili bean", "chili"), ("Green bean", "green"),
    ("Black-eyed bean", "blackeyed"), ("Garden bean", "garden"), ("Cocoa bean", "cocoa"),
    ("Wax bean", "wax"), ("Coffee bean", "coffee"),
    # and their German forms
    ("Saubohne", "stink"), ("Feuerbohne", "chili"), ("Brechbohne", "green"),
    ("Augenbohne", "blackeyed"), ("Gartenbohne", "garden"), ("Kakaobohne", "cocoa"),
    ("Wachsbohne", "wax"), ("Kaffeebohne", "coffee"),
]


@pytest.mark.parametrize(("name", "slug"), EDITIONS)
def test_edition_and_common_names(name: str, slug: str) -> None:
    assert bean_slug(name) == slug


def test_broad_bean_is_never_taken_for_red() -> None:
    assert bean_slug("broad bean") == "stink"
    from bohnanza.commands.beans import suggest_bean
    # a word that is no bean gets no suggestion, rather than a different bean
    for word in ("purple bean", "cabbage", "beans", "豆", "bohne", "brown", "tomato"):
        assert suggest_bean(word) is None, word


def test_unknown_bean_lists_only_this_games_deck() -> None:
    from bohnanza.commands import parse
    # 3-player classic has no coffee and no wax (rules.md §1d); a typo of a bean that is not
    # in the deck is not suggested, and the list holds the deck's beans only
    deck = ["blue", "chili", "stink", "green", "soy", "blackeyed", "red", "garden"]
    with pytest.raises(ParseError) as info:
        parse("/want cofee", deck)
    msg = info.value.message
    assert "Did you mean" not in msg
    assert "coffee" not in msg and "wax" not in msg and "cocoa" not in msg
    assert all(b in msg for b in deck)
    with pytest.raises(ParseError, match="Did you mean green"):
        parse("/offer gren for red", deck)
