"""The sixth new-user trial's hesitations (docs/trial.md, "A sixth trial"), in English and
Japanese.

The states are built by the real engine (tests/e2e/positions.py) and shown on the sample
board; the expected words and conditions come from rules.md and the trial's list, not from
what the page printed.
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import ARTIFACTS, assert_clean, drawn, watched_page

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1366, "height": 768}, "locale": "en-US"}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "locale": "ja-JP"}


def in_view(pg: Any, sel: str) -> bool:
    """The element's box lies inside the window (under the sticky top bar too)."""
    return bool(pg.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
      const top = document.getElementById('topbar').getBoundingClientRect().bottom;
      return r.top >= top - 1 && r.bottom <= innerHeight + 1 && r.height > 0; }""", sel))


# ------------------------------------------------------------------ 1. the face-up cards kept


@pytest.mark.parametrize(("lang", "note", "ctx"), [
    ("en", "Face-up cards nobody takes stay yours: you plant them in phase 3. No field fits "
           "Black-eyed: ending trading now costs 1 harvest (0 coins, 1 thrown away).", LAPTOP),
    ("ja", "誰も取らない表向きのカードはあなたのものになり、フェーズ3で植えます。ささげの畑なし: "
           "今交渉を終えると売却1回（0ターラー、1枚捨て札）。",
     PHONE)], ids=["en-1366", "ja-390"])
def test_the_active_player_reads_what_the_face_up_cards_left_cost(
        browser: Any, server: str, lang: str, note: str, ctx: dict[str, Any]) -> None:
    """Trial item 1: Bob, Cleo and Dee ended trading with face-up cards nobody had taken and
    only then read that planting them cost a field. They go to the active player's to-plant
    area (R32) and are planted in phase 3 (R33): Stink fits field 1 (Stink×1), Black-eyed no
    field; both fields hold one card (neither protected, R19), so one harvest of one card
    paying nothing (R18: 1 thrown away). The line stands with the face-up cards, in view as
    phase 2 begins; the other seats do not read it."""
    g = P.game(phase="trade", face_up=["stink", "blackeyed"],
               seats=[{"hand": ["soy", "green"], "fields": [["stink", 1], ["red", 1]]},
                      {"hand": ["chili"]}, {"hand": ["blue"]}])
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 0), lang=lang)
        box = pg.locator("#faceup #kept-face-up")
        assert box.count() == 1 and box.inner_text().strip() == note
        pg.locator("#faceup").scroll_into_view_if_needed()
        assert in_view(pg, "#kept-face-up") and in_view(pg, "#faceup .card")
        pg.screenshot(path=str(ARTIFACTS / f"trial6-kept-face-up-{lang}.png"))
        P.show(pg, server, P.state(g, 1), lang=lang)          # Bob is not the active player
        assert pg.locator("#kept-face-up").count() == 0
        assert_clean(pg, errors)


@pytest.mark.parametrize(("lang", "note"), [
    ("en", "Face-up cards nobody takes stay yours: you plant them in phase 3 (your fields take "
           "them)."),
    ("ja", "誰も取らない表向きのカードはあなたのものになり、フェーズ3で植えます（あなたの畑に植えられます）。")])
def test_face_up_cards_that_fit_say_so(browser: Any, server: str, lang: str, note: str) -> None:
    """Trial item 1 (Ann, 12-ann-plant2: "must I get rid of these?"): a Stink and a Red face
    up, fields Stink×1 and Red×1: both fit (R13), nothing is harvested (R33)."""
    g = P.game(phase="trade", face_up=["stink", "red"],
               seats=[{"hand": ["soy"], "fields": [["stink", 1], ["red", 1]]},
                      {"hand": ["chili"]}, {"hand": ["blue"]}])
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, 0), lang=lang)
        box = pg.locator("#faceup #kept-face-up")
        assert box.count() == 1 and box.inner_text().strip() == note
        assert "costly" not in (box.get_attribute("class") or "")
        assert in_view(pg, "#kept-face-up")
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 2. asking for a gift


@pytest.mark.parametrize(("lang", "ctx"), [("en", LAPTOP), ("ja", PHONE)], ids=["en-1366", "ja-390"])
def test_asking_for_a_gift_waits_under_rules_that_refuse_it(browser: Any, server: str, lang: str,
                                                            ctx: dict[str, Any]) -> None:
    """Trial item 2: Cleo asked Bob for his face-up Black-eyed with nothing in return; the
    green "Ask for a gift" button sent it and the server refused (C12: classic allows no
    request for a gift; R30). The button waits and says why, in the offer window and in the
    phone's catalogue panel; a card under You give makes it a plain offer again. Under Rio
    Grande (C12: allowed) the request goes as before."""
    why = {"en": "These rules let you give a gift, not ask for one: put a card under You give.",
           "ja": "このルールでは贈り物は贈れますが、頼めません: 「あなたが出す」にカードを入れてください。"}[lang]
    touch = ctx is PHONE
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    g = P.game(phase="trade", active=1, face_up=["blackeyed"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["blackeyed", "blue"]}])
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 2), lang=lang)
        press(pg.locator("#faceup .card").first)             # asks for it: "You get"
        send = pg.locator("#offer-send")
        assert send.is_disabled()
        assert pg.locator("#offer-gift-why").inner_text().strip() == why
        if touch:
            # the phone's catalogue panel: its own send button and line
            press(pg.locator("#catalogue-box .card[data-bean=blackeyed]").first)
            assert pg.locator("#tap-send").is_disabled()
            assert pg.locator("#tap-gift-why").inner_text().strip() == why
            pg.locator("#tap-gift-why").scroll_into_view_if_needed()
            pg.screenshot(path=str(ARTIFACTS / "trial6-gift-request-ja.png"))
        press(pg.locator("#hand .card").nth(1))              # a Blue under You give
        assert pg.locator("#offer-send").is_enabled()
        assert pg.locator("#offer-gift-why").count() == 0
        assert_clean(pg, errors)
    rio = P.game(preset="rio-grande", phase="trade", active=1, face_up=["blackeyed"],
                 seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["blackeyed", "blue"]}])
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(rio, 2), lang=lang)
        press(pg.locator("#faceup .card").first)
        assert pg.locator("#offer-send").is_enabled()
        assert pg.locator("#offer-gift-why").count() == 0
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 3. phase 3 on the phone


def test_ending_trading_on_the_phone_brings_the_cards_to_plant(browser: Any, server: str) -> None:
    """Trial item 3: Cleo (390x844, taps) had sent an offer from the catalogue's panel, far
    down the page, then tapped End trading in the header: phase 3 began with her to-plant
    Soys and her fields above the screen (the tap counted as "busy", so the page never moved).
    Her phase-3 cards are what the table waits for now (R32, R33): they come into view, as
    they do for a person who did not just press the button."""
    g = P.game(phase="trade", face_up=["soy", "soy"],
               seats=[{"hand": ["blue"], "fields": [["blue", 2], ["blackeyed", 2]]},
                      {"hand": ["chili"]}, {"hand": ["stink"]}])
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(g, 0), lang="ja")
        pg.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert not in_view(pg, "#faceup")
        pg.locator("#phase-btn").tap()                        # 交渉終了
        assert pg.evaluate("window.__bohnanza.sent") == ["/done"]
        P.say(g, 0, "/done")
        assert g.view(0)["you"]["waiting_for"] == "plant_traded"
        pg.evaluate("(m) => window.__bohnanza.push(m)", P.state(g, 0))
        drawn(pg)
        assert in_view(pg, "#to-plant .card")
        pg.screenshot(path=str(ARTIFACTS / "trial6-phase3-phone.png"))
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 5. a card handed over


@pytest.mark.parametrize(("lang", "label", "ctx"), [("en", "handed over", LAPTOP), ("ja", "渡し済み", PHONE)],
                         ids=["en-1366", "ja-390"])
def test_a_card_handed_over_says_so_in_the_hand(browser: Any, server: str, lang: str, label: str,
                                                 ctx: dict[str, Any]) -> None:
    """Trial item 5: Cleo's deal window said her Chili was handed over while her hand showed
    it like any other card. Cards move only when both sides have handed over (R31): until
    then the card stays in the hand, marked as handed over; the front card keeps "next"."""
    g = P.game(phase="trade", face_up=["chili"],
               seats=[{"hand": ["green", "chili"]}, {"hand": ["stink"]},
                      {"hand": ["stink", "soy", "blue"]}])
    P.say(g, 2, "/offer soy for chili")
    P.say(g, 0, "/accept 1")
    P.say(g, 2, "/provide h2")
    assert g.view(2)["deal"] is not None and g.view(2)["you"]["deal_provided"]
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 2), lang=lang)
        cards = pg.locator("#hand .card")
        assert cards.count() == 3
        assert "handed" in (cards.nth(1).get_attribute("class") or "")
        assert cards.nth(1).locator(".label").inner_text().strip() == label
        assert [cards.nth(i).get_attribute("class").count("handed") for i in (0, 2)] == [0, 0]
        assert cards.nth(0).locator(".label").inner_text().strip() in ("next", "次")
        pg.locator("#hand").scroll_into_view_if_needed()
        pg.screenshot(path=str(ARTIFACTS / f"trial6-handed-{lang}.png"))
        P.show(pg, server, P.state(g, 0), lang=lang)          # Ann has not handed over yet
        assert pg.locator("#hand .card.handed").count() == 0
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 4. sent from the phone's panel


@pytest.mark.parametrize(("lang", "sent", "head"), [
    ("ja", "送りました: オファーは上の市場にあります。", "赤豆（ゲーム中8枚）"),
    ("en", "Sent: your offer is in the market, above.", "Red: 8 cards in the game")])
def test_the_phone_panel_says_the_offer_went_out(browser: Any, server: str, lang: str, sent: str,
                                                head: str) -> None:
    """Trial item 4: Cleo sent her offer from the catalogue's panel and nothing there said it
    went (the market that shows it was two screens above). The panel says so where her finger
    is, until she builds another offer or closes it. Item 13: its head said "8 × 赤豆"; the
    game has 8 Red cards (rules.md §1c)."""
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 2), lang=lang)     # Cleo, phase 2
        pg.locator('#catalogue-box .card[data-bean="stink"]').tap()
        pg.locator("#tap-panel .tap-give").tap()                   # Give +1 Stink
        pg.locator('#catalogue-box .card[data-bean="red"]').tap()
        assert pg.locator("#tap-panel .tap-head").inner_text().strip() == head
        pg.locator("#tap-panel .tap-want").tap()                   # Want +1 Red
        assert pg.locator("#tap-sent").count() == 0
        pg.locator("#tap-send").tap()
        assert pg.evaluate("window.__bohnanza.sent") == ["/offer stink for red"]
        note = pg.locator("#tap-panel #tap-sent")
        assert note.count() == 1 and note.inner_text().strip() == sent
        assert in_view(pg, "#tap-sent")
        pg.screenshot(path=str(ARTIFACTS / f"trial6-tap-sent-{lang}.png"))
        pg.locator("#tap-panel .tap-want").tap()                   # a new offer: the word goes
        assert pg.locator("#tap-sent").count() == 0
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 9. the draw at the turn's end


@pytest.mark.parametrize(("lang", "line"), [("en", "You drew Chili, Green, Blue"),
                                            ("ja", "あなたが引いたカード: 紅花インゲン、いんげん豆、青豆")])
def test_the_draw_at_the_turns_end_shows_in_the_news(browser: Any, server: str, lang: str,
                                                      line: str) -> None:
    """Trial item 9: Ann planted her last card of phase 3; her hand went from 3 to 6 cards with
    "Bob is planting." and nothing on her screen saying why. Phase 4: the active player draws
    3 cards from the draw pile to the back of her hand (R34; the pile's top: Chili, Green,
    Blue). The top bar's news says what she drew; another seat learns no card and gets no
    such news."""
    def table() -> Any:
        return P.game(phase="plant_traded", deck=["chili", "green", "blue"] + ["soy"] * 10,
                      seats=[{"hand": ["red"], "to_plant": ["stink"]}, {"hand": ["soy"]}, {}])
    feed = "es => window.__bohnanza.log({type: 'log', entries: es})"
    for seat in (0, 1):
        with watched_page(browser, **LAPTOP) as (pg, errors):
            g = table()
            entries = P.log_entries(g, "/plant stink 1", 0, seat, lang)
            assert g.view(0)["active"] == 1
            assert g.view(0)["you"]["hand"] == ["red", "chili", "green", "blue"]
            P.show(pg, server, P.state(g, seat), lang=lang)
            pg.evaluate(feed, entries)
            news = pg.locator("#news")
            if seat == 0:
                assert news.is_visible() and line in (news.get_attribute("title") or ""), \
                    news.get_attribute("title")
                pg.screenshot(path=str(ARTIFACTS / f"trial6-drew-{lang}.png"))
            else:
                assert news.is_hidden() or line not in (news.get_attribute("title") or "")
            assert_clean(pg, errors)


# ------------------------------------------------------------------ 8. To, for a non-active player


@pytest.mark.parametrize(("lang", "options"), [
    ("en", ["the active player (Bob)", "Ann only (on Ann’s turn)", "Bob only (now and on later turns)"]),
    ("ja", ["手番プレイヤー（Bob）", "Annだけ（Annの手番に）", "Bobだけ（今と後の手番）"])])
def test_the_to_list_of_a_non_active_player_says_when(browser: Any, server: str, lang: str,
                                                      options: list[str]) -> None:
    """Trial item 8: Cleo, on Bob's turn, read "the active player (Bob)", "Bob only" and "Ann
    only" and could not tell them apart. Only the active player trades now (R28); an offer
    aimed at one seat waits for that seat's turn, one for the active player goes to whoever's
    turn it is (rules.md T28, C13). The active player's own list is unchanged."""
    g = P.game(phase="trade", active=1, face_up=["blackeyed"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["blue"]}])
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, 2), lang=lang)
        pg.locator("#hand .card").first.click()
        pg.wait_for_selector("#offer-to")
        assert pg.locator("#offer-to option").all_inner_texts() == options
        P.show(pg, server, P.state(g, 1), lang=lang)          # Bob, the active player
        pg.locator("#hand .card").first.click()
        pg.wait_for_selector("#offer-to")
        want = ["everyone", "Ann only", "Cleo only"] if lang == "en" else ["全員", "Annだけ", "Cleoだけ"]
        assert pg.locator("#offer-to option").all_inner_texts() == want
        assert_clean(pg, errors)
