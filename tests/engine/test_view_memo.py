"""A seat's market part of ``you`` taken again from ``view.MarketMemo`` (issue 14, server
CPU) must never be stale: when a hand changes, the offers it makes acceptable or not and
their notes change with it.

Expected values come from the rules: R28 (every deal is between the active player and one
other seat), R29 (a seat gives cards it holds: its hand, and the face-up cards for the active
player), R41 (hand sizes are public, the hand's beans hidden: a note says the active player
cannot provide only when the face-up cards and the hand's size rule it out).
"""

from __future__ import annotations

from typing import Any

from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game
from bohnanza.engine import view as views


def game(**pos: Any) -> Game:
    base: dict[str, Any] = {"preset": "classic", "deck": ["soy"] * 10, "seats": [{}, {}, {}]}
    base.update(pos)
    return Game.from_position(base)


def say(g: Game, seat: int, text: str) -> None:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand)
    g.apply(seat, cmd.action)


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
