"""A newcomer's pass with the README (newuser19): defects of the board it found, each tested
as the person met it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bohnanza.farm.engine import FarmGame
from bohnanza.farm.scenario import prepare

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("phase", "hand", "card", "field", "sent"), [
    # phase 1: Ann drags her Soy, third in the hand, onto the empty field 2 (R9: only the
    # front card, Chili, is planted)
    ("plant", ["chili", "red", "soy"], 3, 2, "/plant h3 2"),
    # phase 3: the hand's front card, not the received Red of her to-plant area (R33): it
    # went as "/plant 2", which plants the to-plant card: her dragged Chili planted the Red
    ("plant_traded", ["chili", "soy"], 1, 2, "/plant h1 2"),
    ("plant_traded", ["chili", "soy"], 2, 2, "/plant h2 2"),
])
def test_a_hand_card_dropped_on_a_field_asks_the_server(
        browser: Any, server: str, phase: str, hand: list[str], card: int, field: int,
        sent: str) -> None:
    # the README: "drag the front card of your hand onto a field". A newcomer drags another
    # card of the hand onto an empty field: the card fell back into the hand and nothing was
    # said. Now the drop is sent as that card's plant, and the server's refusal says why
    # (tests/engine/test_plant_refusals.py).
    seat: dict[str, Any] = {"hand": hand, "fields": [["blue", 2], None]}
    if phase == "plant_traded":
        seat["to_plant"] = ["red"]
    g = P.game(phase=phase, seats=[seat, {}, {}])
    with watched_page(browser, viewport={"width": 1280, "height": 800}) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        pg.locator(f'#hand .card[data-ref="h{card}"]').drag_to(
            pg.locator(f'#fields .field[data-field="{field}"]'))
        pg.wait_for_function("window.__bohnanza.sent.length > 0", timeout=3000)
        assert pg.evaluate("window.__bohnanza.sent") == [sent]
        # never hinted as a place for it: only the front card's fields are (R9)
        assert pg.locator("#fields .drop-hint").count() == 0
        assert_clean(pg, errors)


@pytest.mark.parametrize(("hand", "said"), [
    # three level-1 cards: a grade-1 pot takes 2 of one level for 1 (F14)
    (["L1 root shape+1", "L1 leaf texture+1", "L1 fruit shape+2"],
     "Pick a base, then up to 1 synthesis card to lay on it; or pick 2 cards of your hand to "
     "transform them"),
    # one card: nothing to transform; the hint names planting alone
    (["L1 root shape+1"], "Pick a base, then up to 1 synthesis card to lay on it"),
])
def test_the_farm_preparation_hint_says_how_to_transform(browser: Any, server: str,
                                                         hand: list[str], said: str) -> None:
    # the farm game's status line says "Preparation: transform and plant, then declare the
    # end", the hint under the hand named planting only, and the Transform button shows only
    # once two cards are picked: a newcomer who picked one card saw "Plant (1)" and no way to
    # transform
    g = FarmGame.from_position(prepare({
        "piles": "rest", "cycle": 1, "turn": 1, "params": {},
        "seats": [{"name": "Ann", "hand": hand}, {"name": "Bob"}]}))
    with watched_page(browser, viewport={"width": 1280, "height": 800}) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0))
        hint = pg.locator("#farm .farm-mine > .hint-text")
        hint.wait_for()
        assert hint.inner_text() == said
        assert_clean(pg, errors)


@pytest.mark.parametrize(("game", "seat", "label", "title"), [
    # R27: ending phase 1 turns up 2 cards and opens the trading
    (P.plant_second, 0, "End planting",
     "Ends phase 1: the top 2 cards of the draw pile are turned face up and trading begins"),
    # R32: only the active player ends phase 2; open offers stay (C13); kept cards are planted
    (P.trading, 0, "End trading",
     "Ends phase 2 for everyone: open offers stay in the market; the face-up cards nobody took "
     "are yours to plant in phase 3"),
    # another seat in phase 2: its Not interested tells Ann (design.md 4: an offer or an
    # accept clears the mark)
    (lambda: P.game(phase="trade", face_up=["red", "blue"],
                    seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["stink"]}]),
     1, "Not interested",
     "Tells Ann you want no trade this turn; making or accepting an offer brings you back"),
])
def test_the_phase_button_says_what_it_does(browser: Any, server: str, game: Any, seat: int,
                                            label: str, title: str) -> None:
    # the button beside the status line had a tooltip only while it waited (why it could not
    # be pressed); pressed, "End trading" ended the phase for the whole table, and nothing
    # said so before
    with watched_page(browser, viewport={"width": 1280, "height": 800}) as (pg, errors):
        P.show(pg, server, P.state(game(), seat))
        b = pg.locator("#phase-btn")
        assert b.inner_text().strip() == label
        assert b.is_enabled()
        assert b.get_attribute("title") == title
        assert_clean(pg, errors)


def _line(room: str, preset: str, hidden: bool, seats: list[str]) -> dict[str, Any]:
    """One room of /api/rooms, as the server lists a running Bohnanza game."""
    return {"room": room, "seats": seats, "bots": 0, "running": True, "over": False,
            "people": len(seats), "free_seats": 0, "min_players": 2, "spectators": 0,
            "preset": preset, "game": "bohnanza", "max_players": 5, "hidden_money": hidden}


@pytest.mark.parametrize(("lang", "words"), [
    ("en-US", {"classic": [], "amigo": ["Amigo", "Hidden money"], "duel": ["Rio Grande"]}),
    ("ja-JP", {"classic": [], "amigo": ["アミーゴ", "獲得現金非表示"], "duel": ["リオグランデ"]}),
])
def test_the_lobby_says_which_rules_a_room_plays(browser: Any, server: str, lang: str,
                                                 words: dict[str, list[str]]) -> None:
    # three rooms with a game on read "playing" alike: a classic game, an Amigo game with
    # hidden money (R42) and a 2-player Rio Grande bean duel (rules.md §3a); a newcomer had
    # to open each to learn what it played. The server's list says (preset, hidden_money).
    rooms = [_line("classic", "classic", False, ["Ann", "Bob", "Cy"]),
             _line("amigo", "amigo", True, ["Dee", "Eve", "Fay"]),
             _line("duel", "rio-grande", False, ["Gus", "Hal"])]
    body = json.dumps(rooms)
    with watched_page(browser, locale=lang, viewport={"width": 800, "height": 600}) as (pg, errors):
        pg.route("**/api/rooms", lambda r: r.fulfill(body=body, content_type="application/json"))
        pg.goto(server + "/")
        pg.wait_for_function("document.querySelectorAll('#rooms li[data-room]').length === 3")
        for room, said in words.items():
            line = pg.locator(f"#rooms li[data-room='{room}']")
            assert line.locator(".tag.rules").all_inner_texts() == said, room
        assert_clean(pg, errors)
