"""Issue 10's fourth new-user trial (/tmp/trial4/report.md), the market part of the fifth round
of fixes: Ann at 1366x768 with a mouse, Cleo on a 390x844 touch screen; English and Japanese.
Expected values from the trial's items, rules.md and design.md, not from what the page printed.

- item 4: an offer from an earlier turn says on whose turn it was made and whom it is for now
  (rules.md T28: the active player of the turn it is seen in; C13); outside phase 2 an offer's
  head says what it is and for whom, not only "phase 2 only";
- item 6: on a phone the offer is sent from the catalogue's tap panel, where it was built; the
  button says plainly what it sends: an offer, or a gift when nothing comes back (R30);
- item 7: after Not interested, an offer the person may still accept is pointed to; the button
  says the mark is on and how to get back in (design.md 4: an offer or accept clears it); a seat
  whose offers of this turn wait for the active player is not called "not interested";
- items 8 and 19: a seat that passes or ends trading without taking your offer says no by not
  taking it (issue 15): the news says so, from the log's not_taken;
- item 13: the offer help is short and plain, in taps on a touch screen (its tooltips too).
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import ARTIFACTS, assert_clean, status, watched_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


@pytest.fixture(scope="module")
def board(browser: Any) -> Any:
    """One sample-board page at 1366x768 for the module (states change without reloads)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with watched_page(browser, **LAPTOP, locale="en-US") as b:
        yield b


# ------------------------------------------------------------------ item 4: old offers


def old_offers(phase: str = "trade", active: int = 0, turn: int = 4) -> Any:
    """Turn 3 was Cleo's (seat 2; turns pass seat by seat, R1): then Ann made #3 (for Cleo,
    the active player, R28) and Bob #4 and the gift #5 (for Cleo too). #6 is Ann's, made in
    ``turn``. In turn 4 Ann is active, in turn 5 Bob (T28)."""
    return P.game(phase=phase, active=active, turn=turn,
                  face_up=["red", "blue"] if phase == "trade" else [],
                  offer_turns={"3": 3, "4": 3, "5": 3, "6": turn},
                  offers=[{"id": 3, "owner": 0, "give": {"blackeyed": 1}, "want": {"soy": 1}},
                          {"id": 4, "owner": 1, "give": {"stink": 1}, "want": {"blackeyed": 1}},
                          {"id": 5, "owner": 1, "give": {"garden": 1}, "want": {}},
                          {"id": 6, "owner": 0, "give": {"green": 1}, "want": {"red": 1}}],
                  seats=[{"hand": ["blackeyed", "green", "chili"]},
                         {"hand": ["red", "stink", "garden"]}, {"hand": ["soy", "blue"]}])


def offer_text(pg: Any, n: int, part: str = "") -> str:
    return str(pg.locator(f'#market .offer[data-offer="{n}"] {part}'.strip()).inner_text())


@pytest.mark.parametrize(("lang", "ctx", "words"), [
    ("en", LAPTOP, {"mine": "Made on Cleo’s turn; now open to all",
                    "bobs": "Made on Cleo’s turn; now for you", "by_me": "#3 by you"}),
    ("ja", PHONE, {"mine": "Cleoの手番に出されたオファー。今は全員に公開",
                   "bobs": "Cleoの手番に出されたオファー。今はあなた宛て", "by_me": "#3 あなた"}),
])
def test_an_old_offer_says_who_made_it_when_and_for_whom_now(
        browser: Any, server: str, lang: str, ctx: dict[str, Any], words: dict[str, str]) -> None:
    # T28: on Ann's own turn her offer #3 of Cleo's turn is open to everyone else; Bob's #4
    # and #5 of Cleo's turn are offers to Ann now (with Accept)
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(old_offers(), 0), lang=lang)
        assert offer_text(pg, 3, ".offer-age") == words["mine"]
        assert offer_text(pg, 4, ".offer-age") == words["bobs"]
        assert offer_text(pg, 5, ".offer-age") == words["bobs"]
        assert pg.locator('#market .offer[data-offer="4"] .accept-btn').count() == 1
        assert words["by_me"] in offer_text(pg, 3, ".offer-head")
        # the offer made in this turn needs no such line
        assert pg.locator('#market .offer[data-offer="6"] .offer-age').count() == 0
        # no bare turn number: the board shows no turn counter to compare it with
        assert "Made in turn" not in pg.locator("#market").inner_text()
        pg.locator('#market .offer[data-offer="4"]').scroll_into_view_if_needed()
        pg.screenshot(path=str(ARTIFACTS / f"trial5a-old-offers-{lang}.png"))
        assert_clean(pg, errors)


def test_on_the_next_turn_an_old_offer_is_for_the_new_active_player(page: Any,
                                                                    server: str) -> None:
    # turn 5, Bob active (T28): Ann's #3 of Cleo's turn is now for Bob; Bob's own #4 of
    # Cleo's turn is open to everyone else
    P.show(page, server, P.state(old_offers(active=1, turn=5), 0))
    assert offer_text(page, 3, ".offer-age") == "Made on Cleo’s turn; now for Bob"
    assert offer_text(page, 4, ".offer-age") == "Made on Cleo’s turn; now open to all"
    P.show(page, server, P.state(old_offers(active=1, turn=5), 2))
    assert offer_text(page, 3, ".offer-age") == "Made on your turn; now for Bob"


@pytest.mark.parametrize(("lang", "ctx", "chips"), [
    ("en", LAPTOP, {3: "made on Cleo’s turn · open to all in phase 2",
                    4: "made on Cleo’s turn · for you in phase 2",
                    6: "open to all in phase 2",
                    "sum4": "you give 1 Black-eyed · get 1 Stink",
                    "sum5": "you give nothing · get 1 Garden"}),
    ("ja", PHONE, {3: "Cleoの手番に出された・フェーズ2で全員に公開",
                   4: "Cleoの手番に出された・フェーズ2であなた宛て",
                   6: "フェーズ2で全員に公開",
                   "sum4": "出す: ささげ1枚・もらう: そらまめ1枚",
                   "sum5": "出す: なし・もらう: ゴガツササゲ1枚"}),
])
def test_outside_phase_2_an_offer_says_what_it_is_and_for_whom(
        browser: Any, server: str, lang: str, ctx: dict[str, Any], chips: dict[Any, str]) -> None:
    # phase 1 of Ann's turn: the offers wait for this turn's phase 2 (R28), folded to their
    # heads; each says when it was made, whom it is for then, and what it gives and asks
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(old_offers(phase="plant"), 0), lang=lang)
        for n in (3, 4, 6):
            assert offer_text(pg, n, ".offer-note") == chips[n], n
        assert offer_text(pg, 4, ".offer-sum") == chips["sum4"]
        assert offer_text(pg, 5, ".offer-sum") == chips["sum5"]
        assert pg.locator("#market .offer-sum").first.is_visible()
        assert pg.locator('#market .offer[data-offer="4"] .offer-row').first.is_hidden()
        market = pg.locator("#market").inner_text()
        assert "phase 2 only" not in market and "フェーズ2のみ" not in market
        pg.screenshot(path=str(ARTIFACTS / f"trial5a-chips-{lang}.png"))
        assert_clean(pg, errors)
    # phase 3: this turn's trading is over; they wait for the next phase 2 (R32, C13)
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(old_offers(phase="plant_traded"), 0), lang=lang)
        nxt = "waits for the next phase 2" if lang == "en" else "次のフェーズ2を待つ"
        assert offer_text(pg, 6, ".offer-note") == nxt
        assert offer_text(pg, 4, ".offer-note").endswith(nxt)
        assert_clean(pg, errors)


# ------------------------------------------------------------------ item 6: send where built


def in_viewport(pg: Any, sel: str) -> bool:
    return bool(pg.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0; }""", sel))


@pytest.mark.parametrize(("lang", "send", "gift"), [("ja", "オファーを送る", "贈り物を送る"),
                                                    ("en", "Send offer", "Send gift")])
def test_on_a_phone_the_offer_is_sent_from_the_tap_panel(browser: Any, server: str, lang: str,
                                                        send: str, gift: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 2), lang=lang)     # Cleo, phase 2
        pg.locator('#catalogue-box .card[data-bean="stink"]').tap()
        assert pg.locator("#tap-send").count() == 0                 # nothing to send yet
        pg.locator("#tap-panel .tap-give").tap()                   # Give +1 Stink
        pg.locator('#catalogue-box .card[data-bean="red"]').tap()
        pg.locator("#tap-panel .tap-want").tap()                   # Want +1 Red
        button = pg.locator("#tap-send")
        # in view where the offer was built, with no scrolling (trial: a screen and a half up)
        assert in_viewport(pg, "#tap-send") and in_viewport(pg, "#tap-panel .tap-want")
        assert button.inner_text().strip() == send
        assert "提示" not in pg.locator("body").inner_text()
        pg.screenshot(path=str(ARTIFACTS / f"trial5a-tap-send-{lang}.png"))
        button.tap()
        assert pg.evaluate("window.__bohnanza.sent") == ["/offer stink for red"]
        # a hand card to give, nothing to get: both buttons say it is a gift (R30)
        pg.locator('#catalogue-box .card[data-bean="stink"]').tap()
        pg.locator("#tap-panel .tap-give").tap()
        assert pg.locator("#tap-send").inner_text().strip() == gift
        assert pg.locator("#offer-send").inner_text().strip() == gift
        assert_clean(pg, errors)


def test_with_a_mouse_the_send_button_says_gift_before_it_is_sent(page: Any,
                                                                 server: str) -> None:
    P.show(page, server, P.state(P.trading(), 0))                   # Ann, active
    page.locator('#faceup .card[data-ref="u1"]').click()           # give face-up Red
    assert page.locator("#offer-send").inner_text().strip() == "Send gift"
    page.locator('#catalogue-box .card[data-bean="chili"]').click()    # get Chili
    assert page.locator("#offer-send").inner_text().strip() == "Send offer"


# ------------------------------------------------------------------ item 7: Not interested


def passed_then_offered() -> Any:
    """Cleo pressed Not interested; then Ann offered face-up Red for Soy, open to all: Cleo
    holds Soy and may still say yes to it (R28, design.md 4)."""
    g = P.game(phase="trade", face_up=["red"],
               seats=[{"hand": ["chili"]}, {"hand": ["green"]}, {"hand": ["soy"]}])
    P.say(g, 2, "/done")
    P.say(g, 0, "/offer red for soy")
    return g


@pytest.mark.parametrize(("lang", "line", "button", "why"), [
    ("en", "You said Not interested, but you can still accept Ann’s offer #1.",
     "Not interested ✓", "Make or accept an offer to trade again"),
    ("ja", "興味なしにしましたが、Annのオファー#1はまだ受けられます。",
     "興味なし ✓", "オファーを出すか受ければ交渉に戻れます"),
])
def test_after_not_interested_an_offer_you_may_accept_is_pointed_to(
        browser: Any, server: str, lang: str, line: str, button: str, why: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        g = passed_then_offered()
        msg = P.state(g, 2)
        assert msg["view"]["seats"][2]["passed"] and 1 in msg["view"]["you"]["can_accept"]
        P.show(pg, server, msg, lang=lang)
        assert status(pg) == line
        b = pg.locator("#phase-btn")
        assert b.inner_text().strip() == button and b.is_disabled()
        assert b.get_attribute("aria-pressed") == "true"
        assert pg.locator("#phase-why").inner_text().strip() == why
        assert pg.locator('#market .offer[data-offer="1"] .accept-btn').count() == 1
        pg.screenshot(path=str(ARTIFACTS / f"trial5a-passed-offer-{lang}.png"))
        assert_clean(pg, errors)


def test_after_not_interested_with_nothing_to_accept_it_says_how_to_get_back(
        page: Any, server: str) -> None:
    P.show(page, server, P.state(P.passed(), 2))
    assert status(page) == ("You are not interested; Ann is trading. To trade again, make an "
                            "offer or accept one.")


def test_a_seat_whose_offers_wait_is_not_called_not_interested(browser: Any,
                                                               server: str) -> None:
    # Bob (a bot, say) offered Green for Red to Ann and then passed: his offer waits for Ann
    # (R28); Cleo passed with no offer: she is not interested
    g = P.game(phase="trade", face_up=["red"],
               seats=[{"hand": ["chili"]}, {"hand": ["green"]}, {"hand": ["soy"]}])
    P.say(g, 1, "/offer green for red")
    P.say(g, 1, "/done")
    P.say(g, 2, "/done")
    for lang, made, out in (("en", "offers made", "not interested"),
                            ("ja", "オファー済み", "興味なし")):
        with watched_page(browser, **LAPTOP) as (pg, errors):
            P.show(pg, server, P.state(g, 0), lang=lang)
            bob = pg.locator('#players .panel[data-seat="1"] .mark-offers-wait')
            cleo = pg.locator('#players .panel[data-seat="2"] .mark-pass')
            assert bob.inner_text().strip() == made
            assert cleo.inner_text().strip() == out
            # trial 5 item 4: Bob's mark is neither the pass mark nor its sign
            assert pg.locator('#players .panel[data-seat="1"] .mark-pass').count() == 0
            assert bob.locator("svg.icon-pass").count() == 0
            assert cleo.locator("svg.icon-pass").count() == 1
            assert_clean(pg, errors)


# ------------------------------------------------------------------ items 8 and 19: no by not taking


LOG = "(e) => window.__bohnanza.log({type: 'log', entries: e})"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Bob is not interested and did not take your offers #1, #2."),
    ("ja", "Bobは興味なし: あなたのオファー#1, #2は受けませんでした。"),
])
def test_a_seat_that_passes_without_taking_your_offer_is_news(browser: Any, server: str,
                                                              lang: str, said: str) -> None:
    # Ann's two offers, both open to Bob (R28): he passes with no answer to either
    g = P.game(phase="trade", seats=[{"hand": ["red", "green"]}, {"hand": ["chili"]},
                                     {"hand": ["soy"]}])
    P.say(g, 0, "/offer red for chili")
    P.say(g, 0, "/offer green for soy")
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, 0), lang=lang)
        log = P.log_entries(g, "/done", 1, 0, lang)                  # Bob passes
        P.show(pg, server, P.state(g, 0), lang=lang)
        pg.evaluate(LOG, log)
        assert said in pg.locator("#news").inner_text()
        assert said in pg.locator("#market .offer-news").inner_text()
        pg.screenshot(path=str(ARTIFACTS / f"trial5a-not-taken-pass-{lang}.png"))
        assert_clean(pg, errors)
    # Cleo, who is not the owner, is told nothing of it
    g = P.game(phase="trade", seats=[{"hand": ["red"]}, {"hand": ["chili"]}, {"hand": ["soy"]}])
    P.say(g, 0, "/offer red for chili")
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, 2), lang=lang)
        pg.evaluate(LOG, P.log_entries(g, "/done", 1, 2, lang))
        assert not pg.locator("#news").is_visible() or "#1" not in pg.locator("#news").inner_text()
        assert pg.locator("#market .offer-news").count() == 0
        assert_clean(pg, errors)


@pytest.mark.parametrize(("lang", "ctx", "said"), [
    ("en", LAPTOP, "Ann ended trading without taking your offer #1 (it stays in the market)."),
    ("ja", PHONE, "Annは交渉を終え、あなたのオファー#1を受けませんでした（オファーは市場に残ります）。"),
])
def test_an_active_player_who_ends_trading_without_your_offer_is_news(
        browser: Any, server: str, lang: str, ctx: dict[str, Any], said: str) -> None:
    # Bob's offer to Ann (the active player, R28) is left as Ann ends phase 2 (R32, C13)
    g = P.game(phase="trade", seats=[{"hand": ["red"]}, {"hand": ["chili"]}, {"hand": ["soy"]}])
    P.say(g, 1, "/offer chili for red")
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 1), lang=lang)
        log = P.log_entries(g, "/done", 0, 1, lang)
        pg.evaluate("(m) => window.__bohnanza.push(m)", P.state(g, 1))
        pg.evaluate(LOG, log)
        news = pg.locator("#news")
        assert news.is_visible() and said in news.inner_text(), news.inner_text()
        # the same lines began Bob's turn (phases 3 and 4 pass by themselves): the market
        # keeps the news through it, where a phone shows it whole
        assert pg.evaluate("window.__bohnanza.state.view.active") == 1
        assert said in pg.locator("#market .offer-news").inner_text()
        pg.screenshot(path=str(ARTIFACTS / f"trial5a-not-taken-end-{lang}.png"))
        assert_clean(pg, errors)


# ------------------------------------------------------------------ item 13: the offer help


def open_offer(pg: Any, server: str, lang: str, seat: int) -> None:
    P.show(pg, server, P.state(P.trading(), seat), lang=lang)
    pg.locator("#offer-open").click()


@pytest.mark.parametrize("seat", [0, 1])
def test_the_offer_help_is_short_and_plain(page: Any, server: str, seat: int) -> None:
    open_offer(page, server, "en", seat)
    text = page.locator("#offer-help").inner_text()
    assert len(text) <= 160 and "→" not in text and "your fields" not in text, text
    assert "Click your hand" in text and "catalogue bean" in text, text
    swap = page.locator("#swap-buttons")
    assert swap.inner_text().strip() == "Reverse clicks: off"
    assert "right mouse button" in (swap.get_attribute("title") or "")


@pytest.mark.parametrize(("lang", "tap", "click"), [("en", "tap", "click"),
                                                    ("ja", "タップ", "クリック")])
def test_on_a_touch_screen_the_offer_help_and_its_tooltips_speak_of_taps(
        browser: Any, server: str, lang: str, tap: str, click: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        for seat in (0, 1):
            open_offer(pg, server, lang, seat)
            texts = [pg.locator("#offer-help").inner_text(),
                     pg.locator("#swap-buttons").inner_text(),
                     pg.locator("#swap-buttons").get_attribute("title") or "",
                     pg.locator("#catalogue-ask").get_attribute("title") or "",
                     pg.locator("#offer-window .ask-btn").first.get_attribute("title") or ""]
            for text in texts:
                assert click not in text.lower() and "左" not in text and "right" not in text.lower(), text
            assert tap in texts[0].lower() and tap in texts[1].lower(), texts
        pg.screenshot(path=str(ARTIFACTS / f"trial5a-offer-help-touch-{lang}.png"))
        assert_clean(pg, errors)
