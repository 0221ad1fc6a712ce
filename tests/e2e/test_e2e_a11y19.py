"""A screen reader pass over a live game's turn and trade (a11y19): what Chromium's
accessibility tree gives a player who cannot see the board.

The states are the real engine's (tests/e2e/positions.py) on the sample board.
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, drawn, watched_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def laptop(browser: Any) -> Any:
    with watched_page(browser, viewport={"width": 1366, "height": 900}, locale="en-US") as b:
        yield b


@pytest.fixture()
def page(laptop: Any) -> Any:
    pg, errors = laptop
    yield pg
    assert_clean(pg, errors)


def _ax_names(page: Any, selector: str) -> list[str]:
    """The accessible names Chromium computes (its accessibility tree) for ``selector``."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        ids = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
        names = []
        for node in ids:
            ax = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})
            names.append(ax["nodes"][0].get("name", {}).get("value", ""))
        return names
    finally:
        cdp.detach()


# rules.md §1a: Blue pays 1-4 coins for 4, 6, 8, 10 cards; Garden 2 and 3 coins for 2 and 3
@pytest.mark.parametrize(("lang", "blue", "garden"), [
    ("en", "Beanometer: 4 cards for 1 coin, 6 cards for 2 coins, 8 cards for 3 coins, 10 cards for 4 coins",
     "Beanometer: 2 cards for 2 coins, 3 cards for 3 coins"),
    ("ja", "換金表: 4枚で1ターラー、6枚で2ターラー、8枚で3ターラー、10枚で4ターラー",
     "換金表: 2枚で2ターラー、3枚で3ターラー")])
def test_the_beanometer_is_read_with_its_numbers(page: Any, server: str, lang: str, blue: str,
                                                 garden: str) -> None:
    """The beanometer strips (the catalogue's, a field's) were images named "cards for 1 / 2 /
    3 / 4 coins": an image's content is not read, so a screen reader heard none of the numbers
    the strip shows, what a harvest of a field would pay."""
    P.show(page, server, P.state(P.plant_no_fit(3), 0), lang=lang)
    assert _ax_names(page, '#catalogue-box .cat-entry[data-bean="blue"] > .meter-strip') == [blue]
    assert _ax_names(page, '#catalogue-box .cat-entry[data-bean="garden"] > .meter-strip') == [garden]
    assert _ax_names(page, '#fields .field[data-field="1"] .meter-strip') == [blue]   # blue×3


STUB_SPEECH = """() => {
    window.__spoken = [];
    const stub = { speak: (u) => window.__spoken.push(u.text), cancel: () => {} };
    Object.defineProperty(window, 'speechSynthesis', { value: stub, configurable: true });
}"""


def _push(page: Any, msg: dict[str, Any]) -> None:
    page.evaluate("m => window.__bohnanza.push(m)", msg)
    drawn(page)


@pytest.mark.parametrize(("lang", "spoken", "said"), [
    ("en", "Ann offers 1 Red for 2 Chili",
     "Offer #1 from Ann: you give 2 Chili, you get 1 Red. You may accept it."),
    ("ja", "Annのオファー: 赤豆1枚を出して紅花インゲン2枚を求める",
     "Annのオファー#1: あなたが出す「紅花インゲン2枚」、もらう「赤豆1枚」。受けられます。")])
def test_an_offer_read_aloud_says_which_side_is_given(page: Any, server: str, lang: str,
                                                     spoken: str, said: str) -> None:
    """Read aloud said Ann's offer of a Red for two Chili as "Annのオファー: 1 赤豆 と 2 紅花インゲン
    の交換", an exchange of the two: which one Ann gives was not said. The words are the log's
    (出して…求める) and count cards as the market does (赤豆1枚)."""
    g = P.game(phase="trade", face_up=["red"], seats=[{"hand": ["soy"]}, {"hand": ["chili", "chili"]},
                                                      {"hand": ["stink"]}])
    P.show(page, server, P.state(g, 1), lang=lang)                 # Bob, no offers yet
    page.evaluate(STUB_SPEECH)
    page.evaluate("window.__bohnanza.S.speaker = true")
    P.say(g, 0, "/offer red for 2 chili")                          # Ann's face-up Red
    _push(page, P.state(g, 1))
    assert page.evaluate("window.__spoken") == [spoken]
    assert page.evaluate("[...document.querySelectorAll('#said > *')].map(e => e.textContent)") == [said]


@pytest.mark.parametrize(("lang", "word"), [("en", "hidden"), ("ja", "非表示")])
def test_hidden_money_is_said_hidden_not_question_mark(page: Any, server: str, lang: str,
                                                       word: str) -> None:
    """Under hidden money (R42: every total hidden, one's own too) each seat's coins read
    "coins, ?" to a screen reader (a question mark, said as such or not at all); they read
    "coins hidden" (ターラー 非表示), and no total is in the accessible text."""
    g = P.trading()
    g.options["hidden_money"] = True
    msg = P.state(g, 1)
    assert all(s["coins"] is None for s in msg["view"]["seats"])
    P.show(page, server, msg, lang=lang)
    coins = page.locator("#players .coins")
    assert coins.count() == 3
    for k in range(3):
        snap = coins.nth(k).aria_snapshot()
        assert word in snap and "?" not in snap, snap
        assert not any(ch.isdigit() for ch in snap), snap


def test_read_aloud_reads_the_others_offers_not_ones_own(page: Any, server: str) -> None:
    """Read aloud ("Read offers aloud") read Ann's own offer back to her as she sent it ("Ann
    offers 1 Red for 2 Chili"); it reads the offers the others make."""
    g = P.game(phase="trade", face_up=["red"], seats=[{"hand": ["soy"]}, {"hand": ["chili", "chili"]},
                                                      {"hand": ["stink"]}])
    P.show(page, server, P.state(g, 0), lang="en")                 # Ann, the active player
    page.evaluate(STUB_SPEECH)
    page.evaluate("window.__bohnanza.S.speaker = true")
    P.say(g, 0, "/offer red for 2 chili")                          # Ann's own
    _push(page, P.state(g, 0))
    P.say(g, 1, "/offer chili for red")                            # Bob's answer
    _push(page, P.state(g, 0))
    assert page.evaluate("window.__spoken") == ["Bob offers 1 Chili for 1 Red"]


@pytest.mark.parametrize(("lang", "speaker", "sound"), [
    ("en", "Read aloud: new offers", "Sound on your turn"),
    ("ja", "読み上げ: 新しいオファー", "手番の音")])
def test_the_switches_say_what_they_read_and_sound(page: Any, server: str, lang: str,
                                                  speaker: str, sound: str) -> None:
    """The Read aloud switch was named "Read aloud" (読み上げ): a screen reader's user could
    not tell it reads the new offers only (a sighted player had a tooltip), nor Sound that it
    sounds at one's turn; each name holds the word the button shows (WCAG 2.5.3)."""
    P.show(page, server, P.state(P.trading(), 1), lang=lang)
    assert _ax_names(page, "#speaker") == [speaker]
    assert _ax_names(page, "#sound") == [sound]
    assert page.locator("#speaker").get_attribute("aria-pressed") in ("true", "false")   # a switch


@pytest.mark.parametrize(("lang", "spoken"), [
    ("en", "Ann offers 1 Red for any card"),
    ("ja", "Annのオファー: 赤豆1枚を出して好きなカードを求める")])
def test_an_offer_for_any_card_is_read_in_words(page: Any, server: str, lang: str,
                                                spoken: str) -> None:
    """An offer asking for "?" (any card, the other picks) was read aloud as "Ann offers 1 Red
    for ?", a mark a speech synthesizer reads as a question mark or not at all."""
    g = P.game(phase="trade", face_up=["red"], seats=[{"hand": ["soy"]}, {"hand": ["chili", "chili"]},
                                                      {"hand": ["stink"]}])
    P.show(page, server, P.state(g, 1), lang=lang)
    page.evaluate(STUB_SPEECH)
    page.evaluate("window.__bohnanza.S.speaker = true")
    P.say(g, 0, "/offer red for ?")
    _push(page, P.state(g, 1))
    assert page.evaluate("window.__spoken") == [spoken]
