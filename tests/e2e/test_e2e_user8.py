"""What a new user (trial user8, README only, laptop and phone, English and Japanese) found on
the board, one test each:

a. the bean duel has no trading (rules.md §3a: the server refuses offers and supply-and-demand
   markers, ``no_trading``), yet its bean catalogue offered "? any card" with a hint about
   asking the other player for cards, a click on a bean put it into an offer nobody could see
   or send, and a tap opened Want +1 / Give +1 / Mark buttons ("You get 1 × Coffee in your
   offer"). The duel's catalogue is the beans and their beanometers only; the classic game's
   keeps all of it.
b. on a laptop, with a row of offers in the market, an offer the active player may accept
   arrived in the second row: the board scrolled the market's own list to it, but by the
   card's scroll margin for the sticky top bar, so the card stood 86 px down and its Accept
   button under the list's edge, while the status line said "accept an offer marked Accept
   (1)" (R28-R31: she takes it with Accept). The new offer comes into view whole.
c. the lobby's room list said "1 bots" (and would say "1 free seats"): one is singular.
d. the active player answered a "?" offer (Answer) and the answer went to everyone: any other
   seat could take the deal the asker asked for. An answer goes back to the one who asked
   ("to N"); one's own offer reopened keeps its addressee.

Boards are shown on the sample board from real engine positions (positions.py): the view's
hints (``you.can_offer``) are the server's.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, drawn, watched_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}

DRAFT = "JSON.stringify(window.__bohnanza.S.draft)"

# an element's box against the market's list, the sticky top bar and the window
BOX = """(sel) => { const e = document.querySelector(sel).getBoundingClientRect();
  const l = document.querySelector('#market .offers'); const r = l.getBoundingClientRect();
  return {top: e.top, bottom: e.bottom, listTop: r.top, listBottom: r.top + l.clientHeight,
          scrolls: l.scrollHeight > l.clientHeight,
          bar: document.querySelector('#topbar').getBoundingClientRect().bottom,
          height: window.innerHeight}; }"""


# ------------------------------------------------------------------ a. no trading in the duel


@pytest.mark.parametrize("phase", ["plant", "plant_offer", "plant_revealed"])
def test_the_duels_catalogue_asks_for_no_cards(browser: Any, server: str, phase: str) -> None:
    g = P.duel(phase)
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, g.active))
        assert pg.locator("#catalogue-box .card.cat").count() > 0     # the beans stay
        assert pg.locator("#catalogue-ask").count() == 0               # no "? any card"
        assert pg.locator("#catalogue-ask-hint").count() == 0          # nor its word
        before = pg.evaluate(DRAFT)
        card = pg.locator("#catalogue-box .card.cat").first
        card.click()                                                    # left: was "want"
        card.click(button="right")                                      # right: was "give"
        assert pg.evaluate(DRAFT) == before                             # no offer built unseen
        assert pg.evaluate("window.__bohnanza.sent") == []             # and nothing sent
        assert pg.locator("#offer-window").is_hidden()
        assert_clean(pg, errors)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tap_on_a_duel_bean_shows_its_beanometer_only(browser: Any, server: str,
                                                        lang: str) -> None:
    g = P.duel("plant")
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(g, g.active), lang=lang)
        pg.locator("#catalogue-box .card.cat").first.tap()
        panel = pg.locator("#tap-panel")
        panel.wait_for()
        assert panel.locator(".meter-sub").count() == 1                 # what the bean pays
        assert panel.locator(".tap-want, .tap-give").count() == 0       # no offer to add to
        assert panel.locator(".tap-btns").count() == 0                   # no markers (refused)
        assert panel.locator(".tap-note").count() == 0
        assert pg.evaluate("window.__bohnanza.sent") == []
        assert_clean(pg, errors)


def test_the_classic_catalogue_still_trades(browser: Any, server: str) -> None:
    # phase 2 of the classic game (R28): "? any card", its hint, Want +1 and the markers stay
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 0))
        assert pg.locator("#catalogue-ask").count() == 1
        assert pg.locator("#catalogue-ask-hint").count() == 1
        pg.locator("#catalogue-box .card.cat").first.tap()
        panel = pg.locator("#tap-panel")
        panel.wait_for()
        assert panel.locator(".tap-want").count() == 1 and panel.locator(".tap-give").count() == 1
        panel.locator(".tap-want").tap()
        assert pg.evaluate(DRAFT) != '{"give":{},"want":{}}'
        assert_clean(pg, errors)


# ------------------------------------------------------------------ b. the new offer, whole


def _market(extra: bool) -> Any:
    """Phase 2, Ann active (R28): Bob and Cleo offer six deals she cannot take (she holds no
    Garden, Black-eyed, Blue or Stink), more than a row; with ``extra`` Cleo adds Red for
    Ann's Soy, which she can (R29: the active player gives from her hand)."""
    g = P.game(phase="trade", face_up=["red", "chili"], seats=[
        {"hand": ["soy", "green"]}, {"hand": ["chili", "stink", "garden", "blue"]},
        {"hand": ["red", "red", "blackeyed"]}])
    for seat, text in [(1, "/offer chili for garden"), (1, "/offer stink for blackeyed"),
                       (1, "/offer garden for blue"), (1, "/offer blue for stink"),
                       (2, "/offer red for blue"), (2, "/offer blackeyed for garden")]:
        P.say(g, seat, text)
    if extra:
        P.say(g, 2, "/offer red for soy")
    return g


@pytest.mark.parametrize("size", [(1366, 768), (1400, 900), (1920, 1080)])
def test_an_offer_i_may_accept_comes_into_view_whole(browser: Any, server: str,
                                                     size: tuple[int, int]) -> None:
    w, h = size
    with watched_page(browser, viewport={"width": w, "height": h}) as (pg, errors):
        P.show(pg, server, P.state(_market(False), 0))
        assert pg.evaluate("window.__bohnanza.state.view.you.can_accept") == []
        g = _market(True)
        msg = P.state(g, 0)
        new = msg["view"]["you"]["can_accept"]
        assert len(new) == 1, new                                   # the server's hint
        pg.evaluate("(m) => window.__bohnanza.push(m)", msg)       # as the server pushes it
        drawn(pg)
        sel = f'#market .offer[data-offer="{new[0]}"]'
        button = sel + " .accept-btn"
        assert pg.locator(sel).get_attribute("class").split().count("can-accept") == 1
        box = pg.evaluate(BOX, sel)
        if w < 1900:
            assert box["scrolls"], box        # the list scrolls here: the case of the trial
        accept = pg.evaluate(BOX, button)
        assert pg.locator(button).first.inner_text().strip().endswith("Accept")
        # the card and its Accept button whole inside the list, and on the screen
        assert box["top"] >= box["listTop"] - 1 and accept["bottom"] <= box["listBottom"] + 1, box
        assert accept["top"] >= box["bar"] - 1 and accept["bottom"] <= box["height"] + 1, accept
        assert_clean(pg, errors)


# ------------------------------------------------------------------ c. the lobby's counts


ROOMS = [  # /api/rooms as the server lists them (server/hub.py): a count of one and of three
    {"room": "onebot", "seats": ["Ann", "Bot 1", "Bot 2", "Bot 3"], "bots": 3, "running": False,
     "people": 1, "free_seats": 1, "min_players": 3, "max_players": 5, "spectators": 0,
     "preset": "classic", "game": "bohnanza", "hidden_money": False},
    {"room": "threefree", "seats": ["Bea", "Bot 1"], "bots": 1, "running": False,
     "people": 1, "free_seats": 3, "min_players": 3, "max_players": 5, "spectators": 0,
     "preset": "classic", "game": "bohnanza", "hidden_money": False},
]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"onebot": ["3 bots", "1 free seat"], "threefree": ["1 bot", "3 free seats"]}),
    ("ja", {"onebot": ["ボット3体", "空席1"], "threefree": ["ボット1体", "空席3"]}),
])
def test_the_lobby_counts_one_bot_and_one_free_seat_in_the_singular(
        browser: Any, server: str, lang: str, words: dict[str, list[str]]) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        pg.route("**/api/rooms", lambda r: r.fulfill(body=json.dumps(ROOMS),
                                                     content_type="application/json"))
        pg.add_init_script(f"localStorage.setItem('bohnanza.lang', '{lang}')")
        pg.goto(server + "/")
        for room, said in words.items():
            item = pg.locator("#rooms li", has_text=room)
            item.wait_for()
            text = item.inner_text()
            for w in said:
                assert w in text, (w, text)
            if lang == "en":
                assert "1 bots" not in text and "1 free seats" not in text, text
        assert not errors, errors


# ------------------------------------------------------------------ d. an answer goes back


@pytest.mark.parametrize("ctx", [LAPTOP, PHONE])
def test_the_active_players_answer_goes_to_the_one_who_asked(browser: Any, server: str,
                                                            ctx: dict[str, Any]) -> None:
    # P.trading(): Ann active (R28); Cleo's #3 offers Stink for "?" (any card Ann names)
    g = P.trading()
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        offer = pg.locator('#market .offer[data-offer="3"]')
        offer.locator(".answer-btn").click()
        pg.locator("#offer-to").wait_for()
        assert pg.locator("#offer-to").input_value() == "2"          # Cleo, seat 3
        assert "Cleo" in pg.locator("#offer-to option:checked").inner_text()
        pg.locator('#hand .card[data-bean="soy"]').first.click()     # Ann names her Soy
        pg.locator("#offer-send").click()
        assert pg.evaluate("window.__bohnanza.sent") == ["/offer soy for stink to 3"]
        assert_clean(pg, errors)


def test_my_own_offer_reopened_keeps_whom_it_is_for(browser: Any, server: str) -> None:
    # Ann's offer for Bob only (R30's "to N"), with a "?", reopened from the market
    g = P.game(phase="trade", face_up=["red", "blue"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer ? for chili to 2")
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        pg.locator('#market .offer[data-offer="1"]').click()
        pg.locator("#offer-to").wait_for()
        assert pg.locator("#offer-to").input_value() == "1"          # Bob, seat 2
        assert_clean(pg, errors)


def test_a_lobby_line_has_a_dot_only_between_two_facts(browser: Any, server: str) -> None:
    # a room nobody sits in (its bots' game over and gone, or just made): its line began
    # "waiting · 0 connected" with a dot before nothing (user8's trial)
    empty = {**ROOMS[0], "room": "nobodyhere", "seats": [], "bots": 0, "people": 0,
             "free_seats": 5}
    with watched_page(browser, **LAPTOP) as (pg, errors):
        pg.route("**/api/rooms", lambda r: r.fulfill(body=json.dumps([*ROOMS, empty]),
                                                     content_type="application/json"))
        pg.add_init_script("localStorage.setItem('bohnanza.lang', 'en')")
        pg.goto(server + "/")
        lines = {}
        for room in ("onebot", "nobodyhere"):
            item = pg.locator("#rooms li", has_text=room)
            item.wait_for()
            lines[room] = " ".join(item.inner_text().split())
        assert lines["onebot"] == ("onebot waiting Ann, Bot 1, Bot 2, Bot 3 · 3 bots · 1 connected"
                                   " · 1 free seat"), lines
        assert lines["nobodyhere"] == "nobodyhere waiting 0 connected · 5 free seats", lines
        assert not errors, errors
