"""Issue 10, the fifth trial's market and offer items left (docs/trial.md, "A fifth trial"):
Ann at 1366x768 with a mouse in English, Cleo on a 390x844 touch screen in Japanese. Expected
values from rules.md, design.md and the items, not from what the page printed.

- an offer made from the hand is not tagged "face-up N" once a card of its bean is revealed
  (R27: face-up cards come with phase 2; R29: only the active player gives them);
- the active player's offer that made a deal through a yes stays open (C13, T28) and says it
  traded once;
- an offer a seat passed on says that seat declined it (the pass mark, design.md §4);
- the hand cards the offer being built gives are marked in the hand;
- the phone's tap panel sends an offer wherever an offer may be posted (design.md §4: any time
  of a running game), saying outside phase 2 that the deal waits for it (R28).
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import ARTIFACTS, assert_clean, watched_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
CASES = [("en", LAPTOP), ("ja", PHONE)]


def offer_of(pg: Any, n: int) -> Any:
    return pg.locator(f'#market .offer[data-offer="{n}"]')


def labels(loc: Any) -> list[str]:
    return [str(x).strip() for x in loc.locator(".card .label").all_inner_texts()]


# ------------------------------------------------------------------ face-up tag, R27, R29


def hand_offer_then_reveal() -> Any:
    """Ann plants her front Soy in phase 1 and offers the Chili of her hand (#1); the reveal
    turns up a Chili and a Soy (R27); then she offers Chili again (#2): now the face-up one."""
    g = P.game(phase="plant", deck=["chili", "soy"] + ["soy"] * 20,
               seats=[{"hand": ["soy", "chili"]}, {"hand": ["blue"]}, {"hand": ["soy"]}])
    P.say(g, 0, "/plant")
    P.say(g, 0, "/offer chili for blue")
    P.say(g, 0, "/done")
    P.say(g, 0, "/offer chili for soy")
    return g


@pytest.mark.parametrize(("lang", "ctx"), CASES)
def test_an_offer_from_the_hand_is_not_called_face_up(browser: Any, server: str, lang: str,
                                                     ctx: dict[str, Any]) -> None:
    g = hand_offer_then_reveal()
    up1 = {"en": "face-up 1", "ja": "表向き1"}[lang]
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 1), lang=lang)            # Bob reads Ann's offers
        assert labels(offer_of(pg, 1)) == []                     # the hand's Chili (R29)
        assert offer_of(pg, 1).locator(".from-face-up").count() == 0
        assert labels(offer_of(pg, 2)) == [up1]                  # made with face-up 1
        pg.screenshot(path=str(ARTIFACTS / f"board10a-face-up-tag-{lang}.png"))
        assert_clean(pg, errors)


# ------------------------------------------------------------------ traded once, C13


def traded_once() -> Any:
    """Ann (active) offers Chili for Blue holding two Chili; Bob says yes (#2) and Ann accepts:
    the deal is made and #1 stays, Ann still holding a Chili (C13, T28)."""
    g = P.game(phase="trade", face_up=["soy", "soy"],
               seats=[{"hand": ["chili", "chili"]}, {"hand": ["blue", "blue"]}, {"hand": ["red"]}])
    for seat, text in [(0, "/offer chili for blue"), (1, "/accept 1"), (0, "/accept 2"),
                       (0, "/provide h1"), (1, "/provide h1")]:
        P.say(g, seat, text)
    return g


@pytest.mark.parametrize(("lang", "ctx", "line"), [
    ("en", LAPTOP, "Traded once (with Bob): still open for another deal of 1 Chili."),
    ("ja", PHONE, "Bobと1回取引済み: 紅花インゲン1枚でもう一度取引できます。"),
])
def test_an_offer_that_traded_once_says_so(browser: Any, server: str, lang: str,
                                          ctx: dict[str, Any], line: str) -> None:
    g = traded_once()
    assert [o["id"] for o in g.view(2)["offers"]] == [1]
    with watched_page(browser, **ctx) as (pg, errors):
        for seat in (0, 2):                                      # the owner and a watcher
            P.show(pg, server, P.state(g, seat), lang=lang)
            assert offer_of(pg, 1).locator(".offer-traded").inner_text() == line
        pg.screenshot(path=str(ARTIFACTS / f"board10a-traded-once-{lang}.png"))
        assert_clean(pg, errors)


# ------------------------------------------------------------------ declined


def declined() -> Any:
    """Ann (active) aims #1 at Robo; Robo passes (not interested); then Ann offers #2 to all."""
    g = P.game(phase="trade", face_up=["chili", "soy"], names=["Ann", "Bob", "Robo"],
               seats=[{}, {"hand": ["blue"]}, {"name": "Robo", "hand": ["blue"]}])
    P.say(g, 0, "/offer chili for blue to 3")
    P.say(g, 2, "/done")
    P.say(g, 0, "/offer soy for blue")
    return g


@pytest.mark.parametrize(("lang", "ctx", "line"), [
    ("en", LAPTOP, "Declined by Robo (not interested)."),
    ("ja", PHONE, "Roboが見送りました（興味なし）。"),
])
def test_an_offer_says_who_declined_it(browser: Any, server: str, lang: str,
                                      ctx: dict[str, Any], line: str) -> None:
    g = declined()
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 0), lang=lang)
        assert offer_of(pg, 1).locator(".offer-declined").inner_text() == line
        assert offer_of(pg, 2).locator(".offer-declined").count() == 0   # made after the pass
        pg.screenshot(path=str(ARTIFACTS / f"board10a-declined-{lang}.png"))
        assert_clean(pg, errors)


# ------------------------------------------------------------------ the hand in the draft


@pytest.mark.parametrize(("lang", "ctx"), CASES)
def test_the_hand_cards_in_the_offer_draft_are_marked(browser: Any, server: str, lang: str,
                                                      ctx: dict[str, Any]) -> None:
    word = {"en": "in offer", "ja": "オファー"}[lang]
    g = P.game(phase="trade", face_up=["chili", "soy"],
               seats=[{"hand": ["red", "chili"]}, {"hand": ["chili", "blue", "chili"]}, {}])
    press = "tap" if ctx is PHONE else "click"
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 1), lang=lang)            # Bob, not active
        assert pg.locator("#hand .card.in-offer").count() == 0
        getattr(pg.locator('#hand .card[data-ref="h3"]'), press)()      # give his third card
        assert [pg.locator("#hand .card.in-offer").get_attribute("data-ref")] == ["h3"]
        tag = pg.locator("#hand .card.in-offer .in-offer-tag")
        assert tag.inner_text() == word
        assert tag.evaluate("el => el.scrollWidth <= el.clientWidth"), "the word is cut"
        pg.screenshot(path=str(ARTIFACTS / f"board10a-hand-in-offer-{lang}.png"))
        # Ann (active): a face-up Chili goes first (R29, as the offer window tags it); her
        # hand's Chili only with a second one
        P.show(pg, server, P.state(g, 0), lang=lang)
        getattr(pg.locator('#faceup .card[data-ref="u1"]'), press)()
        assert pg.locator("#hand .card.in-offer").count() == 0
        getattr(pg.locator('#hand .card[data-ref="h2"]'), press)()
        assert [pg.locator("#hand .card.in-offer").get_attribute("data-ref")] == ["h2"]
        pg.locator("#offer-clear").click()
        assert pg.locator("#hand .card.in-offer").count() == 0
        assert_clean(pg, errors)


# ------------------------------------------------------------------ the tap panel's Send


@pytest.mark.parametrize(("lang", "why"), [
    ("ja", "取引が成立するのはフェーズ2（交渉）だけです。今出したオファーはそれまで市場で待ちます。"),
    ("en", "Deals are made in phase 2 (trading): an offer sent now waits in the market until then."),
])
def test_the_tap_panel_sends_an_offer_in_phase_1_too(browser: Any, server: str, lang: str,
                                                    why: str) -> None:
    # design.md §4: /offer works at any moment of a running game (the offer window's Send
    # does); deals wait for phase 2 (R28)
    g = P.game(seats=[{"hand": ["chili", "red"], "fields": [["blue", 2], None]}, {},
                      {"hand": ["stink"]}])
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(g, 2), lang=lang)            # Cleo, Ann's phase 1
        pg.locator('#catalogue-box .card[data-bean="stink"]').tap()
        pg.locator("#tap-panel .tap-give").tap()
        pg.locator('#catalogue-box .card[data-bean="red"]').tap()
        pg.locator("#tap-panel .tap-want").tap()
        assert pg.locator("#tap-panel .tap-send-why").inner_text() == why
        pg.screenshot(path=str(ARTIFACTS / f"board10a-tap-send-phase1-{lang}.png"))
        pg.locator("#tap-send").tap()
        assert pg.evaluate("window.__bohnanza.sent") == ["/offer stink for red"]
        # once the game is over nobody posts offers (R39): no Send
        P.show(pg, server, P.state(P.over(), 2), lang=lang)
        pg.locator('#catalogue-box .card[data-bean="red"]').tap()
        if pg.locator("#tap-panel .tap-want").count():
            pg.locator("#tap-panel .tap-want").tap()
        assert pg.locator("#tap-send").count() == 0
        assert_clean(pg, errors)


# ------------------------------------------------------------------ face-up numbers, R27


def one_face_up_traded() -> Any:
    """The reveal turns up Chili, then Red (R27); Ann offers the Red (#1) and gives the Chili
    to Cleo (#2 aimed at her: her yes is the deal)."""
    g = P.game(phase="plant", deck=["chili", "red"] + ["soy"] * 20,
               seats=[{"hand": ["soy"]}, {"hand": ["blue"]}, {"hand": ["stink"]}])
    for seat, text in [(0, "/plant"), (0, "/offer red for blue"),
                       (0, "/offer chili for stink to 3"), (2, "/accept 2")]:
        P.say(g, seat, text)
    return g


@pytest.mark.parametrize(("lang", "ctx", "words"), [
    ("en", LAPTOP, ("face-up 1", "face-up 2", "traded")),
    ("ja", PHONE, ("表向き1", "表向き2", "取引済み")),
])
def test_the_face_up_cards_keep_their_numbers_after_a_deal(
        browser: Any, server: str, lang: str, ctx: dict[str, Any], words: tuple[str, ...]) -> None:
    g = one_face_up_traded()
    assert g.view(1)["face_up"] == ["red"]
    one, two, traded = words
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 1), lang=lang)            # Bob
        red = pg.locator('#faceup .card[data-ref="u1"]')
        assert red.get_attribute("data-bean") == "red"
        assert labels(pg.locator("#faceup")) == [one, two]      # the place left, then the Red
        assert red.locator(".label").inner_text() == two
        assert pg.locator("#faceup .card.gone .gone-word").inner_text() == traded
        assert pg.locator("#faceup .card.gone").get_attribute("data-bean") == "chili"
        assert labels(offer_of(pg, 1)) == [two]                  # Ann's offer still names it
        pg.locator("#faceup").scroll_into_view_if_needed()
        pg.screenshot(path=str(ARTIFACTS / f"board10a-face-up-kept-{lang}.png"))
        assert_clean(pg, errors)
