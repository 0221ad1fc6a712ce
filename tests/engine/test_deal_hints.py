"""The market hints of the third trial (engine/hints.py): which face-up cards an offer gives
(``offers[].face_up``) and the cards a party hands over when the choice changes nothing
(``you.deal_auto_cards``).

Expected values from rules.md: R29 (only the active player gives face-up cards), R11 and T18
(a card from any position of the hand; the rest keep their order, so ``[Blue, Soy, Blue]``
is a choice), R31 (the giver hands over the cards), R41 (face-up cards are public).
"""

from __future__ import annotations

from typing import Any

from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game


def game(**pos: Any) -> Game:
    base: dict[str, Any] = {"preset": "classic", "deck": ["soy"] * 10, "seats": [{}, {}, {}]}
    base.update(pos)
    return Game.from_position(base)


def say(g: Game, seat: int, text: str) -> None:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand)
    g.apply(seat, cmd.action)


def deal(bob_hand: list[str], ann_hand: list[str], face_up: list[str], offer: str) -> Game:
    """Ann (active) posts ``offer``, Bob copies it, Ann accepts the copy: the deal waits."""
    g = game(phase="trade", face_up=face_up,
             seats=[{"hand": ann_hand}, {"hand": bob_hand}, {}])
    say(g, 0, offer)
    say(g, 1, "/accept 1")
    say(g, 0, "/accept 2")
    assert g.view(0)["deal"] is not None
    return g


def test_alike_cards_next_to_each_other_are_no_choice_R11() -> None:
    # Bob owes 1 Blue and holds Blue, Blue, Soy: either Blue leaves [Blue, Soy] (R11)
    g = deal(["blue", "blue", "soy"], [], ["red", "chili"], "/offer red for blue")
    you = g.view(1)["you"]
    assert you["deal_provided"] is False
    assert you["deal_auto_cards"] == ["h1"]
    # Ann's Red: the only one (face-up 1), provided at once by the engine
    assert g.view(0)["you"]["deal_provided"] is True
    assert g.view(0)["you"]["deal_auto_cards"] == ["u1"]
    say(g, 1, "/provide " + " ".join(you["deal_auto_cards"]))    # the deal is done (R31)
    assert g.view(1)["you"]["hand"] == ["blue", "soy"]


def test_alike_cards_apart_are_a_choice_T18() -> None:
    g = deal(["blue", "soy", "blue"], [], ["red", "chili"], "/offer red for blue")
    assert g.view(1)["you"]["deal_auto_cards"] is None


def test_a_face_up_card_or_a_hand_card_is_a_choice_R29() -> None:
    # Ann owes Chili and holds one face up and one in her hand
    g = deal(["blue"], ["chili"], ["chili", "red"], "/offer chili for blue")
    assert g.view(0)["you"]["deal_provided"] is False
    assert g.view(0)["you"]["deal_auto_cards"] is None
    assert g.view(1)["you"]["deal_provided"] is True          # Bob's one Blue: one way
    assert g.view(2)["you"]["deal_auto_cards"] is None         # not a party


def test_the_cards_a_party_may_hand_over_R29() -> None:
    # Ann (active) owes Chili: a face-up Chili or her hand's; Bob owes Blue, and a Blue lies
    # face up too: it is no card of his to give (R29, only the active player gives face-up
    # cards), only his hand's Blues (R11: any of them)
    g = deal(["blue", "soy", "blue"], ["chili"], ["chili", "blue"], "/offer chili for blue")
    assert g.view(0)["you"]["deal_cards"] == ["h1", "u1"]
    assert g.view(1)["you"]["deal_cards"] == ["h1", "h3"]
    assert g.view(2)["you"]["deal_cards"] is None             # not a party
    assert game().view(0)["you"]["deal_cards"] is None        # no deal


def test_an_offer_names_the_face_up_cards_it_gives_R29() -> None:
    g = game(phase="trade", face_up=["blue", "red"],
             seats=[{"hand": ["red"]}, {"hand": ["chili", "green"]}, {}])
    say(g, 0, "/offer red for chili")     # Ann: face-up 2 is a Red (she holds one in hand too)
    say(g, 1, "/offer green for blue")    # Bob's: he gives no face-up card (R29)
    offers = {o["id"]: o for o in g.view(2)["offers"]}
    assert offers[1]["face_up"] == [2]
    assert offers[2]["face_up"] == []
