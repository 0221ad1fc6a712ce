"""A newcomer's pass with the README (newuser18): defects of the board it found, each tested
as the person met it."""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "counter", "line"), [
    ("en", "/offer blue for chili, stink to Bob",
     "Ann offers you #2: press Accept on it if you want it. Still waiting for Ann: your #1."),
    ("ja", "/offer blue for chili, stink to Bob",
     "Annからあなたへのオファー（#2）: 欲しければ「受ける」を押してください。Annの受諾待ち: "
     "あなたの#1。"),
    ("en", "/offer red for nothing to Bob",
     "Ann offers you a gift (#2): press Accept on it if you want it. Still waiting for Ann: "
     "your #1."),
])
def test_the_active_players_counter_is_named_beside_your_waiting_offer(
        browser: Any, server: str, lang: str, counter: str, line: str) -> None:
    # Bob offers his Chili for Ann's face-up Blue (README "On the board": a face-up card goes
    # to "You get" on anyone else's turn); Ann, active, answers with her own offer aimed at
    # Bob only (a counter: Blue for Chili and Stink, "To: Bob only"), or a gift. Bob's market
    # shows its Accept, but his status line, the line that "always says what you can do
    # now", said only "Your offer #1 waits for Ann to accept it."
    g = P.game(phase="trade", face_up=["blue", "red"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili", "stink"]}, {"hand": ["green"]}])
    P.say(g, 1, "/offer chili for blue")
    P.say(g, 0, counter)
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        P.show(pg, server, P.state(g, 1), lang=lang)
        assert pg.locator('#market .offer[data-offer="2"] .accept-btn').count() == 1
        said = " ".join(pg.inner_text("#status").split())
        assert said == line, said
        assert_clean(pg, errors)


def test_an_older_offer_of_the_active_player_leaves_the_waiting_line(browser: Any,
                                                                     server: str) -> None:
    # the other way round: Ann's open offer came first and Bob answered it with his own
    # offer; his line says his offer waits (Ann now chooses), as before
    g = P.game(phase="trade", face_up=["blue", "red"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili", "stink"]}, {"hand": ["green"]}])
    P.say(g, 0, "/offer blue for stink")
    P.say(g, 1, "/offer chili for blue")
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        P.show(pg, server, P.state(g, 1))
        said = " ".join(pg.inner_text("#status").split())
        assert said == "Your offer #2 waits for Ann to accept it.", said
        assert_clean(pg, errors)


def test_an_open_offer_of_the_active_player_after_several_of_yours(browser: Any,
                                                                   server: str) -> None:
    # as met at the table: Bob's three offers wait for Ann, who then offers her face-up Blue
    # to everyone for a Red; Bob may accept it (he said "Your offers #3, #2, #1 wait")
    g = P.game(phase="trade", face_up=["blue", "green"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili", "stink", "red"]}, {"hand": ["soy"]}])
    for line in ("/offer chili for blue", "/offer stink for blue", "/offer chili for green"):
        P.say(g, 1, line)
    P.say(g, 0, "/offer blue for red")
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        P.show(pg, server, P.state(g, 1))
        said = " ".join(pg.inner_text("#status").split())
        assert said == ("Ann offers you #4: press Accept on it if you want it. Still waiting for "
                        "Ann: your #3, #2, #1."), said
        assert_clean(pg, errors)
