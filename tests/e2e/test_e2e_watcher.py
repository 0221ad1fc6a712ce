"""A new-user trial's faults on the board (issue 10): a watcher's status line only says what the
table waits for, in every phase and in both languages (a watcher has no offer builder and no
Not interested button); disabled buttons say why; the offer builder's help says what a click does
for this person.

Expected texts come from the issue ("You are watching. Ann is trading.") and rules.md, never from
what the page printed. The states are built by the real engine (tests/e2e/positions.py).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, status, watched_page

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def phone(browser: Any) -> Any:
    """One sample-board page on a phone-sized screen (the trial's watcher used a phone)."""
    with watched_page(browser, viewport={"width": 390, "height": 844}, locale="en-US",
                      is_mobile=True, has_touch=True) as b:
        yield b


@pytest.fixture()
def page(phone: Any) -> Any:
    pg, errors = phone
    yield pg
    assert_clean(pg, errors)


def _duel(phase: str) -> tuple[Any, str, str]:
    g = P.duel(phase)
    return g, g.names[g.active], g.names[1 - g.active]


# (position, the whole English status line, the whole Japanese one) for a watcher (seat None)
def _watcher_lines() -> list[tuple[str, Any, str, str]]:
    rows: list[tuple[str, Any, str, str]] = [
        ("plant", P.plant_first(), "You are watching. Ann is planting.", "観戦中: Annが植えています。"),
        ("plant-second", P.plant_second(), "You are watching. Ann may plant a second card.",
         "観戦中: Annは2枚目を植えるか選んでいます。"),
        ("trade", P.trading(), "You are watching. Ann is trading.", "観戦中: Annが交渉中です。"),
        ("trade-offers", P.copied(), "You are watching. Ann is trading.", "観戦中: Annが交渉中です。"),
        # Ann accepted Bob's copy, offer #2
        ("deal", P.dealing(), "You are watching. Ann and Bob are making a deal (offer #2).",
         "観戦中: AnnとBobがトレード中です（オファー#2）。"),
        ("plant-traded", P.planting_traded(),
         "You are watching. Waiting for Bob to plant the cards in their to-plant area.",
         "観戦中: Bobが植え付け待ちのカードを植えるのを待っています。"),
        # the game is over: 3 of 5 seats taken, the next game has a seat for the watcher, whom
        # the line tells (watch18); a button to press then exists (the setup box's Take a seat)
        ("over", P.over(), "Game over: Ann won with 3 coins. A seat is free for the next game: Take a seat to play it.",
         "ゲーム終了: Annの勝ち（3ターラー）。次のゲームの席が空いています。「参加する」で着席できます。"),
    ]
    g, a, b = _duel("plant_offer")
    rows.append(("duel-step1", g, f"You are watching. {a} plants or discards the cards {b} left.",
                 f"観戦中: {a}が{b}の残したカードを植えるか捨てています。"))
    g, a, b = _duel("plant_revealed")
    rows.append(("duel-step3", g, f"You are watching. {a} plants the revealed cards; the rest goes to {b}.",
                 f"観戦中: {a}がめくったカードを植えています。残りは{b}に渡ります。"))
    g, a, b = _duel("plant")
    rows.append(("duel-plant", g, f"You are watching. {a} is planting.", f"観戦中: {a}が植えています。"))
    return rows


# what a watcher's line must never ask for: there is nothing to click, press or drag
ACTING_EN = re.compile(r"click|press|drag|Not interested|\byou\b(?! are watching)|\byour\b", re.I)
ACTING_JA = re.compile(r"クリック|ドラッグ|「|あなた|押して")


def test_a_watchers_status_line_only_says_what_the_table_waits_for(page: Any, server: str) -> None:
    for name, g, en, ja in _watcher_lines():
        P.show(page, server, P.state(g, None), lang="en")
        text = status(page)
        assert not ACTING_EN.search(text.removeprefix("You are watching.")), (name, text)
        assert text == en, (name, text)
        P.show(page, server, P.state(g, None), lang="ja")
        text = status(page)
        # once the game is over a watcher may act: 「参加する」 (Take a seat) for the next
        # game, a button the setup box shows then (watch18)
        if name != "over":
            assert not ACTING_JA.search(text), (name, text)
        assert text == ja, (name, text)


def test_a_watcher_of_a_running_duel_reads_the_seats_taken_not_the_rules_most(
        page: Any, server: str) -> None:
    """While a game runs no seat can be taken (rules.md §3a: the duel is two seats; Rio
    Grande's rules seat 2-7 before a start): the watcher's seat box counts the seats, and no
    "2/7" as if five were free (user13's trial)."""
    g, _, _ = _duel("plant_offer")
    P.show(page, server, P.state(g, None), lang="en")
    head = page.locator("#setup h2").inner_text()
    assert head == "Seats (2)", head
    before = P.room(None, running=False, names=["Ann", "Bob"], preset="rio-grande")
    P.show(page, server, {"type": "state", "version": 2, "view": None, "room": before}, lang="en")
    head = page.locator("#setup h2").inner_text()
    assert head == "Seats (2/7)", head


@pytest.mark.parametrize(("lang", "want"), [("en", "To plant: Chili, Green"),
                                             ("ja", "植える: 紅花インゲン、いんげん豆")])
def test_a_seats_panel_names_the_cards_it_has_to_plant(page: Any, server: str, lang: str,
                                                       want: str) -> None:
    """Phase 3, Bob has Chili and Green to plant (positions.planting_traded): to-plant areas
    are public (R41), so the watcher's panel of Bob says which cards, not "2 to plant" alone
    (user13's trial)."""
    P.show(page, server, P.state(P.planting_traded(), None), lang=lang)
    got = page.locator('#players .panel[data-seat="1"] .received')
    assert got.get_attribute("title") == want
    assert page.locator('#players .panel[data-seat="2"] .received').count() == 0   # Cleo: none


def test_a_seated_player_is_still_told_to_act(page: Any, server: str) -> None:
    """The same trading table for Cleo (seat 2): the offer builder and Not interested are hers
    (on this touch screen in words for every input, board18: "tap cards" since the fourth
    trial, whose Japanese line said クリック on a phone; a card is picked by a tap, a click or
    a key alike)."""
    P.show(page, server, P.state(P.trading(), 2), lang="en")
    assert status(page) == "Ann is trading: pick cards to build an offer for Ann, or Not interested."


@pytest.mark.parametrize(("seat", "lands", "help_has"), [
    # Ann is active: the face-up cards are hers to give (R29), a left click gives
    (0, "give", "Click your hand or face-up cards to give them"),
    # Cleo is not: she can only ask for them, so her left click puts one under "You get"
    (2, "get", "Ann’s face-up card to ask for it"),
])
def test_the_offer_help_says_what_a_face_up_click_does_for_this_player(
        browser: Any, server: str, seat: int, lands: str, help_has: str) -> None:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = ctx.new_page()
    P.show(pg, server, P.state(P.trading(), seat))
    pg.locator('#faceup .card[data-ref="u1"]').click()
    assert pg.locator(f"#offer-window .offer-row.{lands} .card").count() == 1
    other = "get" if lands == "give" else "give"
    assert pg.locator(f"#offer-window .offer-row.{other} .card").count() == 0
    help_text = pg.locator("#offer-help").inner_text()
    assert help_has in help_text, help_text
    if seat != 0:
        assert "face-up cards to give" not in help_text, help_text
    P.show(pg, server, P.state(P.trading(), seat), lang="ja")     # a fresh draft: click again
    pg.locator('#faceup .card[data-ref="u1"]').click()
    ja = pg.locator("#offer-help").inner_text()
    assert ("Annの表向きのカードをクリックでもらう" in ja) == (seat != 0), ja
    ctx.close()


def test_a_waiting_harvest_button_says_why(browser: Any, server: str) -> None:
    """R19 (bean protection): Ann's lone Black-eyed in field 2 beside two Chili cannot be
    harvested; the button is disabled and says so (tooltip and a described-by line), in the
    board's name for the bean; field 1 can be harvested."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = ctx.new_page()
    g = P.game(phase="plant", seats=[{"hand": ["red"], "fields": [["chili", 2], ["blackeyed", 1]]},
                                     {}, {}])
    want = "A single Black-eyed cannot be harvested while another field holds two or more beans."
    P.show(pg, server, P.state(g, 0))
    one = pg.locator('#fields .field[data-field="1"] .btn.harvest')
    two = pg.locator('#fields .field[data-field="2"] .btn.harvest')
    assert one.is_enabled() and not one.get_attribute("aria-describedby")
    assert two.is_disabled()
    assert two.get_attribute("title") == want
    why = pg.locator("#" + (two.get_attribute("aria-describedby") or "none"))
    assert why.is_visible() and why.inner_text().strip() == want
    P.show(pg, server, P.state(g, 0), lang="ja")
    two = pg.locator('#fields .field[data-field="2"] .btn.harvest')
    assert "1枚だけのささげは売却できません" in (two.get_attribute("title") or "")
    ctx.close()


def test_a_waiting_buy_button_says_why(browser: Any, server: str) -> None:
    """R22: field 3 costs 3 coins; with none the Buy button is disabled and says so."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    pg = ctx.new_page()
    P.show(pg, server, P.state(P.plant_no_fit(0), 0))
    b = pg.locator("#buy-field")
    assert b.is_disabled() and b.get_attribute("title") == "Field 3 costs 3 coins: you have fewer."
    assert pg.locator("#" + (b.get_attribute("aria-describedby") or "none")).is_visible()
    P.show(pg, server, P.state(P.plant_no_fit(3), 0))                 # 3 coins: for sale
    b = pg.locator("#buy-field")
    assert b.is_enabled() and not b.get_attribute("title")
    ctx.close()
