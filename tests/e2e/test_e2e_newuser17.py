"""A newcomer's pass with the README (newuser17): defects of the board it found, each tested
as the person met it."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 60_000


def _say(pg: Any, line: str) -> None:
    reply = pg.evaluate("(t) => window.__bohnanza.net.say(t)", line)
    assert reply["ok"], (line, reply)


def test_seats_a_leavers_bot_played_are_not_counted_for_the_next_game(private_server: Any,
                                                                      browser: Any) -> None:
    # Ann sits with two bots, starts, and leaves during the game: a bot plays her seat ("Ann
    # (bot)", README "Bots") and the bots play to the end. The next /start deals only the
    # seats nobody left (the server's RoomInfo.start_seats): the setup box said "Seats (3/5)"
    # and offered "Remove" on Ann's old seat, above "Needs 3-5 players (2 seated)"
    # a room of bots only that nobody watches parks after PARK_BOTS_AFTER (15 s): kept here
    # while Ann looks away
    server = private_server(park_bots_after="600").base
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        # (about:blank, below, has no storage: the script runs there too)
        pg.add_init_script("try { localStorage.setItem('bohnanza.name', 'Ann'); } catch (e) {}")
        pg.goto(server + "/r/LeftSeats17")
        pg.click("#btn-join")
        pg.wait_for_function("window.__bohnanza.S.you && window.__bohnanza.S.you.seat === 0",
                             timeout=TIMEOUT)
        for line in ("/addbot Bo", "/addbot Cy", "/start", "/leave"):
            _say(pg, line)
        # the bots play to the end; a page watching every move slows a loaded machine's
        # game many times over (the board draws each), so she comes back at its end
        pg.goto("about:blank")
        deadline = time.monotonic() + 240   # (a whole game; under load it took 60 s and more)
        while True:
            with urllib.request.urlopen(server + "/api/rooms/LeftSeats17", timeout=10) as f:
                if not json.load(f)["running"]:
                    break
            assert time.monotonic() < deadline, "the bots' game did not end"
            time.sleep(0.5)
        pg.goto(server + "/r/LeftSeats17")
        # (the board's script waits for /api/facts, facts.js: it may not have run at "load")
        pg.wait_for_function("window.__bohnanza && window.__bohnanza.S.roomInfo"
                             " && window.__bohnanza.S.roomInfo.over",
                             timeout=TIMEOUT)
        room = pg.evaluate("window.__bohnanza.S.roomInfo")
        assert [s["vacant"] for s in room["seats"]] == [True, False, False]
        assert room["start_seats"] == 2
        head = pg.locator("#setup .box-head h2").inner_text()
        assert head == "Seats (2/5)", head
        left = pg.locator('#setup .seat-list li[data-seat="0"]')
        assert left.locator(".seat-gone").inner_text() == "left during the game: not in the next one"
        assert left.locator(".remove-bot").count() == 0
        # the bots' own seats stay, removable
        for seat in (1, 2):
            assert pg.locator(f'#setup .seat-list li[data-seat="{seat}"] .remove-bot').count() == 1
        assert_clean(pg, errors)


def test_the_table_changing_after_a_game_raises_no_error_on_a_seated_page(
        browser: Any, server: str) -> None:
    # After the game-over screen a seated person adds a bot (or someone joins, leaves, a bot
    # goes): the server puts the finished game away (Table.settle) and the next state has no
    # game view. The page threw "Cannot read properties of null (reading 'offers')" from the
    # screen reader's offer lines (announce.js) on every seated page, where a command's reply
    # riding in the same state is read after the state is drawn (net.js)
    g = P.over()
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        assert pg.locator("#gameover").is_visible()
        after = {"type": "state", "version": 2, "view": None,
                 "room": P.room(0, running=False, over=False)}
        pg.evaluate("m => window.__bohnanza.push(m)", after)
        pg.wait_for_function("window.__bohnanza.state.view === null")
        assert pg.locator("#btn-start").is_visible()
        assert_clean(pg, errors)


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Ann asks you to pick a card (offer #1): press Answer on it, make your own offer, "
           "or Not interested."),
    ("ja", "Annがあなたの選ぶカードを求めています（オファー#1）: その「答える」を押すか、"
           "自分のオファーを出すか、「興味なし」。")])
def test_a_prompt_of_the_active_player_is_named_on_the_status_line(
        browser: Any, server: str, lang: str, line: str) -> None:
    # Ann, active, offers her face-up Blue for "? any card" (the other player picks what to
    # give: README "On the board"). Bob may answer it (the view's party_offers), and can
    # accept nothing: his line said "click cards to build an offer for Ann", while the
    # prompt's Answer button stood in the market below four old offers, out of view
    g = P.game(phase="trade", face_up=["blue", "red"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili", "green"]}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer blue for ?")
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        P.show(pg, server, P.state(g, 1), lang=lang)
        said = " ".join(pg.inner_text("#status").split())
        assert said == line, said
        assert pg.locator('#market .offer[data-offer="1"] .answer-btn').count() == 1
        # once Bob is not interested, the line is his pass's (the prompt waits in the market)
        P.say(g, 1, "/done")
        P.show(pg, server, P.state(g, 1), lang=lang)
        said = " ".join(pg.inner_text("#status").split())
        assert "#1" not in said, said
        assert_clean(pg, errors)


@pytest.mark.parametrize(("lang", "note"), [
    ("en", "Face-up cards nobody takes stay yours: you plant them in phase 3. No field is left "
           "for Soy: ending trading now costs 1 harvest (0 coins, 1 thrown away)."),
    ("ja", "誰も取らない表向きのカードはあなたのものになり、フェーズ3で植えます。大豆の分の畑が"
           "足りません: 今交渉を終えると売却1回（0ターラー、1枚捨て札）。")])
def test_the_kept_face_up_note_says_no_field_is_left_beside_an_empty_field(
        browser: Any, server: str, lang: str, note: str) -> None:
    # Bob's trial: fields Garden×1 and an empty one, a Stink received in a deal, the face-up
    # Soy nobody took. Both go to phase 3 (R32, R33): the Stink takes the empty field, the Soy
    # needs a harvest (R15; both fields single: either may go, R19; 0 coins, R18). The note
    # said "No field fits Soy" beside the empty field 2
    g = P.game(phase="trade", face_up=["soy"],
               seats=[{"hand": ["red"], "fields": [["garden", 1], None], "to_plant": ["stink"]},
                      {"hand": ["chili"]}, {"hand": ["blue"]}])
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        P.show(pg, server, P.state(g, 0), lang=lang)
        box = pg.locator("#faceup #kept-face-up")
        assert box.count() == 1 and box.inner_text().strip() == note
        assert_clean(pg, errors)
