"""What an offer in the market says of its own story (the fifth trial, docs/trial.md; issue 10
point 2: "an offer that is waiting, refused or gone says so").

- ``offers[].face_up``: the face-up cards an offer gives are the ones it was made with. Only
  the active player gives face-up cards (R29) and they are turned up in phase 2 (R27): an
  offer posted from the hand before the reveal gives hand cards, even once a card of its bean
  lies face up.
- ``offers[].traded``: the active player's offer that made a deal through a yes (a copy made
  by ``/accept``) stays while its owner still holds what it gives (C13, rules.md T28) and
  names whom it traded with.
- ``offers[].declined``: the seats that passed (not interested) leaving it untaken; a pass
  mark clears when its seat posts an offer and with every phase 2 (design.md §4).
- ``you.can_offer``: ``/offer`` works at any moment of a running game (design.md §4), not once
  the game is over (R39) nor in the duel (rules.md §3a).
"""

from __future__ import annotations

from typing import Any

from bohnanza.engine import Game

from .test_hints import game, say


def offer(g: Game, seat: int, oid: int) -> dict[str, Any]:
    return next(o for o in g.view(seat)["offers"] if o["id"] == oid)


def test_an_offer_from_the_hand_is_not_tagged_face_up_after_the_reveal_R29() -> None:
    # Ann's phase 1: she plants her front Soy, offers the Chili of her hand, then the reveal
    # turns up a Chili and a Soy (the draw pile top first)
    g = game(phase="plant", deck=["chili", "soy"] + ["soy"] * 10,
             seats=[{"hand": ["soy", "chili"]}, {"hand": ["blue"]}, {}])
    say(g, 0, "/plant")
    say(g, 0, "/offer chili for blue")               # #1: the hand's Chili (R29)
    say(g, 0, "/done")                               # R27: the reveal
    assert g.view(0)["face_up"] == ["chili", "soy"]
    assert offer(g, 2, 1)["face_up"] == []           # from the hand, not "face-up 1"
    # an offer made now names the face-up Chili first (what the offer window tags)
    say(g, 0, "/offer chili for soy")
    assert offer(g, 2, 2)["face_up"] == [1]


def test_an_offer_made_with_a_face_up_card_loses_the_tag_when_it_is_gone_R29() -> None:
    g = game(phase="trade", face_up=["chili", "red"],
             seats=[{"hand": ["chili"]}, {"hand": ["blue"]}, {"hand": ["soy"]}])
    say(g, 0, "/offer chili for blue")               # #1 the face-up Chili
    say(g, 0, "/offer red for soy to 3")             # #2 the face-up Red, to Cy
    assert offer(g, 1, 1)["face_up"] == [1] and offer(g, 1, 2)["face_up"] == [2]
    say(g, 2, "/accept 2")                           # aimed at Cy: her yes is the deal
    assert g.view(0)["face_up"] == ["chili"]
    assert offer(g, 1, 1)["face_up"] == [1]


def test_an_offer_that_traded_through_a_copy_says_so_C13() -> None:
    # Ann holds two Chili; Bob's yes (#2) and Ann's accept make the deal; #1 stays (T28)
    g = game(phase="trade", face_up=["soy", "soy"],
             seats=[{"hand": ["chili", "chili"]}, {"hand": ["blue", "blue"]}, {}])
    say(g, 0, "/offer chili for blue")
    assert offer(g, 2, 1)["traded"] == []
    say(g, 1, "/accept 1")
    say(g, 0, "/accept 2")
    say(g, 0, "/provide h1")
    say(g, 1, "/provide h1")
    assert g.view(1)["seats"][1]["to_plant"] == ["chili"]        # the deal was made (R31)
    assert [o["id"] for o in g.view(2)["offers"]] == [1]
    assert offer(g, 2, 1)["traded"] == [1]                       # with Bob
    say(g, 1, "/accept 1")                                       # #3, a second yes
    say(g, 0, "/accept 3")
    # Ann gave her last Chili: #1 leaves the market (C13)
    assert g.view(2)["offers"] == []


def test_an_offer_says_who_declined_it_and_forgets_it_as_the_mark_clears() -> None:
    g = game(phase="trade", face_up=["chili", "soy"],
             seats=[{"hand": []}, {"hand": ["blue"]}, {"hand": ["blue", "red"]}])
    say(g, 0, "/offer chili for blue to 3")          # #1 to Cy only
    say(g, 0, "/offer soy for blue")                 # #2 to everyone
    assert offer(g, 0, 1)["declined"] == [] and offer(g, 0, 2)["declined"] == []
    say(g, 2, "/done")                               # Cy: not interested
    assert offer(g, 0, 1)["declined"] == [2]
    assert offer(g, 0, 2)["declined"] == [2]
    say(g, 0, "/offer chili for red to 3")           # #3 posted after her pass
    assert offer(g, 0, 3)["declined"] == []
    say(g, 1, "/done")                               # Bob: #1 is not his to take (R28)
    assert offer(g, 0, 1)["declined"] == [2]
    assert offer(g, 0, 2)["declined"] == [2, 1]
    say(g, 2, "/offer red for soy")                  # Cy posts: her mark clears (§4)
    assert offer(g, 0, 1)["declined"] == []
    assert offer(g, 0, 2)["declined"] == [1]


def test_the_story_of_an_offer_survives_a_position_round_trip() -> None:
    g = game(phase="trade", face_up=["soy", "chili"],
             seats=[{"hand": ["chili", "chili"]}, {"hand": ["blue", "blue"]}, {"hand": ["red"]}])
    say(g, 0, "/offer chili for blue")
    say(g, 1, "/accept 1")
    say(g, 0, "/accept 2")
    say(g, 0, "/provide h1")
    say(g, 1, "/provide h1")
    say(g, 2, "/done")
    before = offer(g, 0, 1)
    g2 = Game.from_position(g.to_position())
    after = offer(g2, 0, 1)
    assert (after["face_up"], after["traded"], after["declined"]) == \
        (before["face_up"], before["traded"], before["declined"])
    assert before["traded"] == [1] and before["declined"] == [2]


def test_offers_may_be_posted_in_every_phase_of_a_running_game() -> None:
    g = game(phase="plant", seats=[{"hand": ["soy"]}, {}, {}])
    assert g.view(1)["you"]["can_offer"] is True                # phase 1 (design.md §4)
    say(g, 1, "/offer ? for soy")                               # and the engine agrees
    say(g, 0, "/plant")
    say(g, 0, "/done")
    assert g.view(1)["you"]["can_offer"] is True                # phase 2
    g = game(phase="over", seats=[{}, {}, {}])
    assert g.view(0)["you"]["can_offer"] is False               # R39
    d = Game.new("rio-grande", ["A", "B"], 1)                   # two seats: the duel
    assert d.view(0)["you"]["can_offer"] is False               # rules.md §3a


def test_the_face_up_cards_keep_their_numbers_as_one_leaves_R27() -> None:
    # the reveal turns up Chili then Red (R27); Ann trades the Chili to Cy
    g = game(phase="plant", deck=["chili", "red"] + ["soy"] * 10,
             seats=[{"hand": ["soy"]}, {"hand": ["blue"]}, {"hand": ["stink"]}])
    say(g, 0, "/plant")                              # her hand is empty: phase 2 (R26)
    v = g.view(1)
    assert v["face_up"] == ["chili", "red"] and v["face_up_places"] == [1, 2]
    assert v["face_up_gone"] == []
    say(g, 0, "/offer red for blue")                 # #1: face-up 2 (the Red)
    say(g, 0, "/offer chili for stink to 3")         # #2 to Cy: her yes is the deal
    say(g, 2, "/accept 2")
    v = g.view(1)
    assert v["face_up"] == ["red"]
    assert v["face_up_places"] == [2]                # the Red is still face-up 2
    assert v["face_up_gone"] == [{"place": 1, "bean": "chili"}]
    assert offer(g, 1, 1)["face_up"] == [1]          # /provide's u1: the card lying now
    g2 = Game.from_position(g.to_position())
    assert g2.view(1)["face_up_places"] == [2]
    say(g, 0, "/done")                               # phase 3: no face-up cards
    assert g.view(1)["face_up_places"] is None and g.view(1)["face_up_gone"] == []
