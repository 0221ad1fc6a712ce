"""The fourth new-user trial's market hesitations (/tmp/trial4 report, items 1, 2, 3, 7, 8, 14):
a yes to the active player's offer said in words (no "copy"), every offer in view at 1366x768,
face-up cards asked from the active player tagged, the status after Not interested, and what a
deal gave each party.

The states are built by the real engine (tests/e2e/positions.py) and shown on the sample
board; the expected words come from rules.md (R28-R30, R33) and the trial's list, not from
what the page printed.
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import ARTIFACTS, status, watched_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def board(browser: Any) -> Any:
    """One sample-board page at 1366x768 for the module (states change without reloads)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with watched_page(browser, viewport={"width": 1366, "height": 768}, locale="en-US") as b:
        yield b


def offer(page: Any, n: int) -> Any:
    return page.locator(f'#market .offer[data-offer="{n}"]')


# ------------------------------------------------------------------ 1. a yes, not a copy


def test_a_yes_to_the_active_players_offer_is_said_in_words(page: Any, server: str) -> None:
    """Trial item 1: Bob pressed Accept on Ann's #1 (seed 000: his answer #2 waits for Ann,
    who chooses whom to deal with, R28). Nowhere on the board the word "copy"."""
    g = P.game(phase="trade", face_up=["red"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer red for chili")
    P.say(g, 1, "/accept 1")
    P.show(page, server, P.state(g, 1))
    assert status(page) == ("You said yes to Ann’s offer #1 (your answer #2). "
                            "Ann now chooses whom to deal with.")
    assert "your yes to #1" in offer(page, 2).inner_text()
    page.screenshot(path=str(ARTIFACTS / "trial4-1-bob-said-yes.png"))
    assert "copy" not in page.locator("body").inner_text().lower()
    P.show(page, server, P.state(g, 0))
    assert status(page) == "Bob said yes to your offer #1: Accept #2 to make the deal."
    assert "Bob said yes to your #1" in offer(page, 2).inner_text()
    assert offer(page, 2).locator(".accept-btn").is_visible()
    assert "copy" not in page.locator("body").inner_text().lower()
    P.show(page, server, P.state(g, 2))
    assert "Bob’s yes to #1" in offer(page, 2).inner_text()
    assert "copy" not in page.locator("body").inner_text().lower()
    P.show(page, server, P.state(g, 1), lang="ja")
    assert status(page) == "Annのオファー#1に「受ける」と答えました（返答#2）。誰とトレードするかはAnnが選びます。"
    P.show(page, server, P.state(g, 0), lang="ja")
    assert status(page) == "Bobがあなたのオファー#1に「受ける」と答えました: #2の「受ける」でトレード成立。"
    P.show(page, server, P.state(g, 0))


# ------------------------------------------------------------------ 2. every offer in view


def many_offers() -> Any:
    """Trial item 2: six offers to Ann, the active player; she holds what each asks, so the
    engine lets her accept every one (R28)."""
    g = P.game(phase="trade", face_up=["red", "blue"], seats=[
        {"hand": ["soy", "chili", "green", "stink", "garden", "blue"]},
        {"hand": ["blackeyed", "red", "soy"]}, {"hand": ["green", "red", "blackeyed"]}])
    for seat, give, want in [(1, "blackeyed", "soy"), (1, "red", "chili"), (1, "soy", "green"),
                             (2, "green", "stink"), (2, "red", "garden"), (2, "blackeyed", "blue")]:
        P.say(g, seat, f"/offer {give} for {want}")
    return g


def test_every_offer_the_status_counts_is_in_view(page: Any, server: str) -> None:
    g = many_offers()
    msg = P.state(g, 0)
    allowed = msg["view"]["you"]["can_accept"]
    assert len(allowed) == 6
    P.show(page, server, msg)
    assert "(6)" in status(page)
    market = page.locator("#market .offers")
    # no hidden sideways scroll: the row is as wide as its content
    assert market.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
    box = market.bounding_box()
    assert box is not None
    for n in allowed:
        btn = offer(page, n).locator(".accept-btn")
        btn.scroll_into_view_if_needed()
        b = btn.bounding_box()
        assert b is not None and btn.is_visible()
        o = offer(page, n).bounding_box()
        assert o is not None
        assert o["x"] >= box["x"] - 1 and o["x"] + o["width"] <= box["x"] + box["width"] + 1, (n, o, box)
        assert 0 <= b["x"] and b["x"] + b["width"] <= 1366, (n, b)
    page.locator("#market").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "trial4-2-six-offers.png"))


# ------------------------------------------------------------------ 3. face-up cards asked for


def asks_face_up() -> Any:
    """Trial item 3: Blue lies face up twice (Ann active holds none in hand); Bob offers Red
    for 2 Blue. Only Ann gives face-up cards (R29): her 2 Blue can be face-up 1 and 2."""
    g = P.game(phase="trade", face_up=["blue", "blue"],
               seats=[{"hand": ["soy"]}, {"hand": ["red"]}, {"hand": ["stink"]}])
    P.say(g, 1, "/offer red for 2 blue")
    return g


def labels(row: Any) -> list[str]:
    return [x.strip() for x in row.locator(".card .label").all_inner_texts()]


def test_an_offer_asking_for_face_up_cards_tags_them(page: Any, server: str) -> None:
    g = asks_face_up()
    P.show(page, server, P.state(g, 0))
    # Ann gives Blue ×2: the face-up cards 1 and 2 (she holds no Blue in hand)
    give = offer(page, 1).locator(".offer-row.give")
    assert give.locator(".row-label").inner_text() == "you give"
    assert labels(give) == ["face-up 1, face-up 2"]
    assert labels(offer(page, 1).locator(".offer-row.get")) == []
    page.locator("#market").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "trial4-3-face-up-asked.png"))
    P.show(page, server, P.state(g, 1), lang="ja")
    # Bob's own offer, in Japanese: what he gets is face-up 1 and 2 (表向き, seed 000)
    assert labels(offer(page, 1).locator(".offer-row.get")) == ["表向き1, 表向き2"]
    P.show(page, server, P.state(g, 0))


def test_the_offer_builder_tags_a_face_up_card_asked_for(page: Any, server: str) -> None:
    """Cleo asks for a face-up Blue in the offer window: its card says "face-up 1"."""
    g = P.game(phase="trade", face_up=["red", "blue"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["stink"]}])
    P.show(page, server, P.state(g, 2))
    page.locator('#faceup .card[data-ref="u2"]').click()
    want = page.locator('#offer-window .offer-row[data-side="want"]')
    assert want.locator('.card[data-bean="blue"]').count() == 1
    assert labels(want) == ["face-up 2"]
    # the face-up card itself is marked as chosen, the other not
    assert page.locator('#faceup .card[data-ref="u2"].in-draft').count() == 1
    assert page.locator('#faceup .card.in-draft').count() == 1
    page.screenshot(path=str(ARTIFACTS / "trial4-3-builder-face-up.png"))
    assert labels(page.locator('#offer-window .offer-row[data-side="give"]')) == []
    page.locator("#offer-clear").click()


# ------------------------------------------------------------------ 4. after Not interested


def test_an_offer_aimed_at_a_seat_that_passed_shows_in_its_status(page: Any, server: str) -> None:
    """Trial item 7: Cleo pressed Not interested (R28); Ann then aimed a gift at her (R30):
    the status points to it."""
    g = P.game(phase="trade", face_up=["stink"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["red"]}])
    P.say(g, 2, "/done")
    P.show(page, server, P.state(g, 2))
    assert status(page).startswith("You are not interested; Ann is trading")
    P.say(g, 0, "/offer stink for nothing to Cleo")
    msg = P.state(g, 2)
    assert msg["view"]["seats"][2]["passed"]
    P.show(page, server, msg)
    # (fifth round, trial 4 item 7: it says they can still accept it)
    assert status(page) == "Ann offers you a gift (#1): you can still Accept it, or leave it."
    page.screenshot(path=str(ARTIFACTS / "trial4-4-gift-after-pass.png"))
    P.show(page, server, msg, lang="ja")
    assert status(page) == "Annからあなたへの贈り物（#1）: まだ「受ける」ことができます。そのままでも構いません。"
    P.show(page, server, msg)


def test_the_active_player_is_told_when_nobody_else_trades(page: Any, server: str) -> None:
    """Trial item 8: Bob and Cleo both pressed Not interested (the view's passed markers)."""
    g = P.game(phase="trade", face_up=["red"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["stink"]}])
    P.say(g, 1, "/done")
    P.show(page, server, P.state(g, 0))
    assert status(page).startswith("Trading:")          # Cleo may still trade
    P.say(g, 2, "/done")
    P.show(page, server, P.state(g, 0))
    assert status(page) == "Nobody else wants to trade: End trading."
    page.screenshot(path=str(ARTIFACTS / "trial4-4-nobody-trades.png"))


# ------------------------------------------------------------------ 5. what a deal gave you


@pytest.mark.parametrize(("seat", "lang", "line"), [
    (1, "en", "You got 1 Red from Ann: plant it in phase 3."),
    (0, "en", "You got 1 Chili from Bob: plant it in phase 3."),
    (1, "ja", "Annから赤豆1枚をもらいました: フェーズ3で植えます。")])
def test_each_party_reads_what_the_deal_gave_it(page: Any, server: str, seat: int, lang: str,
                                               line: str) -> None:
    """Trial item 14: Ann's Red (face up) for Bob's Chili; Bob hands over his first Chili; the
    deal is done and each receives the other's card, to plant in phase 3 (R12, R33)."""
    g = P.dealing()
    P.show_with_log(page, server, g, seat, [(1, "/provide h1")], lang=lang)
    assert g.view(seat)["deal"] is None
    news = page.locator("#market .offer-news .got-news")
    assert news.count() == 1 and news.inner_text().strip() == line, news.all_inner_texts()
    if seat == 1 and lang == "en":
        page.locator("#market").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "trial4-5-got-news.png"))
    # a watcher (Cleo) got nothing: no such line, only who traded what (trial 6)
    P.show_with_log(page, server, P.dealing(), 2, [(1, "/provide h1")])
    assert page.locator("#market .got-news").count() == 0
    assert "Ann and Bob traded: 1 Red for 1 Chili" in page.locator("#market .offer-news").inner_text()
