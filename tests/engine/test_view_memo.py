"""A seat's market part of ``you`` taken again from ``view.MarketMemo`` (issue 14, server
CPU) must never be stale: when a hand changes, the offers it makes acceptable or not and
their notes change with it; when the active player's fields change, what keeping the face-up
cards costs changes with them. Over whole random games in every preset, seats asking now and
then (as seats connect and leave) get the views built afresh, however long they were away.

Expected values come from the rules: R28 (every deal is between the active player and one
other seat), R29 (a seat gives cards it holds: its hand, and the face-up cards for the active
player), R16 (a harvest at any moment), R32 and R33 (the face-up cards nobody takes are
planted in phase 3), R41 (hand sizes are public, the hand's beans hidden: a note says the active player
cannot provide only when the face-up cards and the hand's size rule it out).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bohnanza.engine import Game
from bohnanza.engine import view as views

from .test_hints import game, say
from .test_invariants import SETUPS, play_checked


class Server:
    """The views as the server builds them: from what changed, with one memo for the game."""

    def __init__(self, g: Game) -> None:
        self.g = g
        self.memo = views.MarketMemo()
        g.view_changes()  # the first answer is "anything": start counting
        self.parts: dict[int, Any] = {}
        self.build()

    def build(self, whole: bool = False) -> None:
        """The views after the last change (``whole``: as after a change the game does not
        tell, every part built)."""
        told = self.g.view_changes()
        if whole:
            told = None
        _, own = views.build_parts(self.g, [0, 1, 2], changes=told, memo=self.memo)
        for seat, part in own.items():
            you = part["you"]
            if type(you) is views.You:
                self.parts[seat] = you.market
            elif type(you) is views.YouMarket:
                self.parts[seat] = you

    def notes(self, seat: int) -> dict[int, dict[str, Any]]:
        return {n["id"]: n for n in self.parts[seat]["offer_notes"]}


def test_the_active_players_hand_shrinking_renews_a_seats_note_R29_R41() -> None:
    g = game(phase="trade", face_up=["red"],
             seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["blue"]}])
    srv = Server(g)
    say(g, 1, "/offer chili for soy")        # 1: P1's offer to the active player
    srv.build()
    # the active player holds one hand card, which may be a soy (R41): P1's offer waits
    assert srv.notes(1) == {1: {"id": 1, "note": "waiting"}}
    kept = srv.parts[1]
    say(g, 2, "/offer blue for soy")         # 2: P2's offer, not P1's to take (R28)
    srv.build()
    assert srv.parts[1] is kept               # nothing P1's part is built from moved
    say(g, 0, "/accept 2")                   # one way each: the deal is made at once
    assert g.seats[0].hand == [] and g.deal is None
    srv.build()
    # P1's cards did not change, only the active player's hand: with no card left in it and
    # no soy face up, the active player cannot give a soy (R29), and the hand's size says so
    assert srv.parts[1] is not kept
    assert srv.notes(1) == {1: {"id": 1, "note": "refused", "code": "cannot_provide",
                                "seat": 0, "missing": {"soy": 1}}}
    assert srv.parts[1]["can_accept"] == []


def test_a_card_in_a_seats_hand_makes_an_offer_acceptable_R28_R29() -> None:
    g = game(phase="trade", face_up=["red"],
             seats=[{"hand": ["chili"]}, {"hand": ["blue"]}, {"hand": ["blue"]}])
    srv = Server(g)
    say(g, 0, "/offer chili for soy")        # 1: the active player's, open to all (R28)
    srv.build()
    # P1 holds no soy: it could not give what the offer asks (R29)
    assert srv.parts[1]["can_accept"] == []
    assert srv.notes(1) == {1: {"id": 1, "note": "refused", "code": "cannot_provide",
                                "seat": 1, "missing": {"soy": 1}}}
    srv.build(whole=True)                     # nothing moved: the part kept is given again
    kept = srv.parts[1]
    srv.build(whole=True)
    assert srv.parts[1] is kept
    # the memo reads the game itself, however it changed: here P1's hand is set as a loaded
    # position would set it, with nothing else moved
    g.seats[1].hand.append("soy")
    srv.build(whole=True)
    assert srv.parts[1] is not kept
    assert srv.parts[1]["can_accept"] == [1]  # P1 holds the soy now (R29)
    assert srv.notes(1) == {}
    assert srv.parts[1]["offer_notes"] == g.view(1)["you"]["offer_notes"]


def test_an_offers_face_up_labels_follow_the_face_up_cards_R29_R41() -> None:
    g = game(phase="trade", face_up=["red"],
             seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["blue"]}])
    memo = views.MarketMemo()
    say(g, 1, "/offer chili for red")        # 1: P1 asks the active player for a red
    entry = {e["id"]: e for e in views.public(g, False, memo=memo)["offers"]}[1]
    assert entry["face_up_wanted"] == [1]     # face-up 1 is a red (R29: the active gives it)
    again = {e["id"]: e for e in views.public(g, False, memo=memo)["offers"]}[1]
    assert again is entry                     # nothing moved: the entry kept
    say(g, 2, "/offer blue for red")         # 2: P2 asks for the red too
    say(g, 0, "/accept 2")                   # one way each: made at once, the red gone
    assert g.face_up == [] and g.deal is None
    entry = {e["id"]: e for e in views.public(g, False, memo=memo)["offers"]}[1]
    assert entry["face_up_wanted"] == []      # no red face up any more (R41: public)
    assert entry == {e["id"]: e for e in g.view(None)["offers"]}[1]



def test_a_harvest_in_phase_2_renews_what_keeping_the_face_up_cards_costs_R16_R32_R33() -> None:
    g = game(phase="trade", face_up=["soy"],
             seats=[{"hand": ["chili"], "fields": [["blue", 3], ["red", 2]]}, {}, {}])
    srv = Server(g)
    srv.build(whole=True)
    # the face-up soy nobody takes is planted in phase 3 (R32, R33): no field takes it, so
    # one must be harvested first (R15)
    assert srv.parts[0]["kept_face_up"]["harvests"] == 1
    say(g, 0, "/harvest 2")                  # any moment of the game (R16): the reds go
    srv.build(whole=True)                     # nothing but the active player's fields moved
    assert srv.parts[0]["kept_face_up"] == {"face_up": ["soy"], "no_field": [],
                                            "harvests": 0, "thrown": 0, "harvest_now": 0}

class _Sometimes:
    """The server's use of the memo over a whole game: after a command the views are built
    for the seats connected then (each seat about half of the time), and some changes reach
    nobody's view (no delta connection: nothing built). A seat away for a while comes back
    to the part the memo kept from before; the shared offers' entries likewise."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd
        self.game: Game | None = None
        self.memo = views.MarketMemo()
        self.asked = 0  # market parts the memo was asked for
        self.kept = 0  # of those, the part it kept given again

    def __call__(self, g: Game, before: Any, events: Any, total: Any) -> None:
        if g is not self.game:  # one memo per game
            self.game, self.memo = g, views.MarketMemo()
        if self.rnd.random() < 0.3:
            return
        viewers = [v for v in [None, *range(len(g.seats))] if self.rnd.random() < 0.5]
        was = {s: p for s, (_, p) in self.memo.parts.items()}
        base, own = views.build_parts(g, viewers, memo=self.memo)
        # serialised at once, as the server does with the engine's own lists
        got = {v: json.loads(json.dumps({**base, **own[v]})) for v in viewers}
        fresh = g.views(viewers)
        for v in viewers:
            assert got[v] == fresh[v], (v, g.phase, [k for k in fresh[v]
                                                     if got[v].get(k) != fresh[v][k]])
            if v is not None:
                self.asked += 1
                self.kept += was.get(v) is own[v]["you"].market


@pytest.mark.parametrize("setup", [*SETUPS, ("rio-grande", 2)], ids=lambda s: f"{s[0]}-{s[1]}")
def test_seats_asking_now_and_then_get_the_views_built_afresh(setup: tuple[str, int]) -> None:
    """Whatever moved while a seat was not asked (a deal, a draw, a new phase, the turn
    passing, the game's end), the part the memo gives it is the one built afresh: the
    memo's key holds everything the part is built from."""
    preset, n = setup
    rnd = random.Random(f"{preset}:{n}")
    watch = _Sometimes(random.Random(n))
    for _ in range(2):
        play_checked(preset, n, rnd, False, max_steps=1500, check=watch)
    assert watch.asked > 0 and watch.kept > 0  # the memo was asked, and gave parts again
