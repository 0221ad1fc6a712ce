"""Offers for one player (``/offer GIVE for WANT to NAME``), one copy per offer, and the turn an
offer was posted in (R28, R30, C13; issue 10's trial, docs/trial.md).

R28: every deal is between the active player and exactly one other player, and R30: a gift
needs the recipient's consent. An offer addressed to one seat therefore becomes a deal only
between its owner and that seat [house]. The view's hints (``can_accept``, ``offer_notes``)
say exactly what ``/accept`` would do.
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.commands import GameCommand, format_action, parse
from bohnanza.engine import Game, RuleError
from bohnanza.engine.actions import PostOffer
from bohnanza.engine.hints import accept_refusal
from bohnanza.engine.state import GameState

NAMES = ["Ann", "Bob", "Cy"]


def game(**pos: Any) -> Game:
    base: dict[str, Any] = {"preset": "classic", "phase": "trade", "deck": ["soy"] * 10,
                            "seats": [{"name": n} for n in NAMES]}
    seats = pos.pop("seats", None)
    base.update(pos)
    if seats is not None:
        base["seats"] = [{"name": n, **s} for n, s in zip(NAMES, seats, strict=True)]
    return Game.from_position(base)


def say(g: Game, seat: int, text: str) -> Any:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand), text
    return g.apply(seat, cmd.action)


def refused(g: Game, seat: int, text: str) -> str:
    before = g.to_position()
    with pytest.raises(RuleError) as e:
        say(g, seat, text)
    assert g.to_position() == before          # a refused action changes nothing
    return e.value.code


def state(g: Game) -> GameState:
    return g                                  # a Game is the GameState the rules work on


def hints_agree(g: Game) -> None:
    """For every seat and offer: ``can_accept`` lists exactly the offers ``/accept`` takes, and
    ``accept_refusal`` names the code ``/accept`` gets."""
    for seat in range(3):
        can = g.view(seat)["you"]["can_accept"]
        for o in list(state(g).offers):
            why = accept_refusal(state(g), seat, o)
            assert (why is None) == (o.id in can), (seat, o.id, why, can)
            if why is not None:
                assert refused(g.clone(), seat, f"/accept {o.id}") == why["code"]


def test_a_gift_to_one_player_only_that_player_may_take() -> None:
    """R30: Ann (active) gives a face-up Green to Cy only. Bob may not take it; Cy's accept
    starts the deal at once [house: by aiming it Ann chose her partner, R28], and with one
    way for each side to provide it executes: the Green goes to Cy's to-plant area (R12)."""
    g = game(face_up=["green", "red"], seats=[{}, {"hand": ["blue"]}, {"hand": ["stink"]}])
    say(g, 0, "/offer green for nothing to Cy")
    o = g.view(1)["offers"][0]
    assert o["to"] == 2 and o["give"] == {"green": 1} and o["want"] == {}
    assert g.view(1)["you"]["can_accept"] == []
    assert {"id": 1, "note": "refused", "code": "not_for_you", "seat": 2} in \
        g.view(1)["you"]["offer_notes"]
    hints_agree(g)
    assert refused(g, 1, "/accept 1") == "not_for_you"
    you = g.view(2)["you"]
    assert you["can_accept"] == [1] and you["accept_deal"] == [1]
    events = [e.for_viewer(2) for e in say(g, 2, "/accept 1")]   # no copy: the deal
    start = next(e for e in events if e["kind"] == "deal_start")
    assert start["seat"] == 2 and start["other"] == 0 and start["offer"] == 1
    done = next(e for e in events if e["kind"] == "deal_done")
    assert done["seat"] == 0 and done["other"] == 2 and done["offer"] == 1
    assert done["active_gave"] == ["green"] and done["other_gave"] == []
    pos = g.to_position()
    assert pos["seats"][2]["to_plant"] == ["green"] and pos["face_up"] == ["red"]
    assert pos["offers"] == [] and pos["next_offer"] == 2     # no copy was numbered


def test_the_addressees_accept_is_checked_like_the_active_players() -> None:
    """[house] R28, R30, R31: the addressee's accept of the active player's aimed offer starts
    the deal; like the active player's accept it needs both sides to hold the cards now
    (cannot_provide) and no pending deal (deal_in_progress). A side with two ways to provide
    picks its cards (R31)."""
    g = game(face_up=["green", "green"], seats=[{}, {"hand": ["blue"]}, {"hand": ["soy"]}])
    say(g, 0, "/offer green for stink to Cy")
    assert g.view(2)["you"]["can_accept"] == []
    assert {"id": 1, "note": "refused", "code": "cannot_provide", "seat": 2,
            "missing": {"stink": 1}} in g.view(2)["you"]["offer_notes"]
    hints_agree(g)
    assert refused(g, 2, "/accept 1") == "cannot_provide"
    g = game(face_up=["green", "green"], seats=[{}, {"hand": ["blue"]}, {"hand": ["stink"]}])
    say(g, 0, "/offer green for stink to Cy")         # #1, aimed
    say(g, 0, "/offer green for blue")                # #2, open
    g2 = g.clone()
    say(g2, 1, "/accept 2")                           # Bob's copy #3
    say(g2, 0, "/accept 3")
    assert g2.view(0)["deal"] is not None            # Ann picks one of two Greens (R31)
    assert g2.view(2)["you"]["can_accept"] == []
    assert {"id": 1, "note": "refused", "code": "deal_in_progress"} in \
        g2.view(2)["you"]["offer_notes"]
    hints_agree(g2)
    assert refused(g2, 2, "/accept 1") == "deal_in_progress"
    say(g, 2, "/accept 1")                            # Cy: the deal with Ann starts
    d = g.view(2)["deal"]
    assert d["offer"] == 1 and d["active"] == 0 and d["other"] == 2
    assert d["owes"] == {"0": {"green": 1}, "2": {"stink": 1}}
    assert d["provided"] == {"0": False, "2": True}  # Cy's one Stink: provided at once
    assert [o["id"] for o in g.view(0)["offers"]] == [1, 2]   # no copy posted
    hints_agree(g)
    say(g, 0, "/provide u2")
    pos = g.to_position()
    assert pos["seats"][2]["to_plant"] == ["green"] and pos["seats"][0]["to_plant"] == ["stink"]
    assert pos["face_up"] == ["green"] and [o["id"] for o in pos["offers"]] == [2]


def test_open_offers_keep_the_copy_and_parties_come_from_the_engine() -> None:
    """design.md §4: an open offer of the active player is copied by /accept; only an aimed
    one starts the deal. ``party_offers``: the offers a seat could be a party to (R28: the
    active player and one other; R30: an aimed offer only its addressee's), ``accept_deal``:
    the offers whose accept starts the deal."""
    g = game(face_up=["green", "red"],
             seats=[{"hand": ["soy"]}, {"hand": ["blue", "chili"]}, {"hand": ["stink"]}])
    say(g, 0, "/offer green for blue")                # #1 open
    say(g, 0, "/offer red for stink to Cy")           # #2 aimed at Cy
    say(g, 1, "/offer chili for red")                 # #3 Bob's to Ann
    say(g, 1, "/offer chili for soy to Cy")           # #4 Bob's, aimed at Cy (her turn)
    ann, bob, cy = (g.view(s)["you"] for s in range(3))
    assert ann["party_offers"] == [1, 2, 3] and ann["accept_deal"] == [3]
    assert bob["party_offers"] == [1, 3, 4] and bob["accept_deal"] == []
    assert bob["can_accept"] == [1]                   # a copy, not a deal
    assert cy["party_offers"] == [1, 2] and cy["accept_deal"] == [2]
    assert g.view(None)["you"] is None
    say(g, 1, "/accept 1")                            # Bob's copy #5
    assert [o["id"] for o in g.view(0)["offers"]] == [1, 2, 3, 4, 5]
    assert g.view(0)["deal"] is None


def test_a_copy_in_the_deal_is_not_said_to_wait_and_the_deal_names_what_it_answered() -> None:
    """The trial: during a deal on Bob's copy #2 of Ann's #1, #1 said "your copy #2 waits":
    the note says the copy is in the deal. When it is done, ``deal_done`` names the offer the
    copy answered (``answers``): that offer was traded too, not gone stale."""
    g = game(face_up=["green", "green"], seats=[{}, {"hand": ["blue"]}, {}])
    say(g, 0, "/offer green for blue")
    say(g, 1, "/accept 1")
    assert {"id": 1, "note": "answered", "copy": 2} in g.view(1)["you"]["offer_notes"]
    say(g, 0, "/accept 2")                            # Ann has two Greens: a deal
    assert g.view(0)["deal"]["offer"] == 2
    assert {"id": 1, "note": "answered", "copy": 2, "in_deal": True} in \
        g.view(1)["you"]["offer_notes"]
    events = [e.for_viewer(1) for e in say(g, 0, "/provide u1")]
    done = next(e for e in events if e["kind"] == "deal_done")
    assert done["offer"] == 2 and done["answers"] == 1
    g = game(face_up=["green"], seats=[{}, {"hand": ["blue"]}, {}])
    say(g, 1, "/offer blue for green")                # the same offer typed, one way each
    say(g, 0, "/offer green for blue")
    events = [e.for_viewer(1) for e in say(g, 0, "/accept 1")]
    done = next(e for e in events if e["kind"] == "deal_done")
    assert done["offer"] == 1 and done["answers"] == 2
    stale = [e["id"] for e in events if e["kind"] == "offer_stale"]
    assert stale == [2]                               # the answered offer left: traded


def test_a_seat_whose_offer_waits_is_not_offered_not_interested() -> None:
    """Issue 10, point 2: a party to a deal is not offered "Not interested", nor the owner of
    an offer the active player may take now (it waits for them)."""
    g = game(face_up=["green"], seats=[{}, {"hand": ["blue"]}, {"hand": ["soy"]}])
    say(g, 0, "/offer green for blue")
    assert g.view(1)["you"]["done_label"] == "not_interested"
    say(g, 1, "/accept 1")                            # Bob's copy #2 waits for Ann
    assert {"id": 2, "note": "waiting"} in g.view(1)["you"]["offer_notes"]
    assert g.view(1)["you"]["done_label"] is None
    assert g.view(2)["you"]["done_label"] == "not_interested"
    say(g, 1, "/withdraw 2")
    assert g.view(1)["you"]["done_label"] == "not_interested"


def test_an_offer_left_from_an_earlier_turn_does_not_take_not_interested_away() -> None:
    """C13: offers stay in the market across turns (T28), so a seat often has an old offer
    that the new active player could take. Only an offer posted this turn keeps "Not
    interested" from its owner (issue 10, point 2); an old one would leave the seat no way
    to say it is done but to withdraw it (a whole game against bots stalled on that)."""
    g = game(face_up=["red"], turn=3, seats=[{}, {"hand": ["blue"]}, {"hand": ["soy"]}],
             offers=[{"id": 1, "owner": 1, "give": {"blue": 1}, "want": {"red": 1}}],
             offer_turns={"1": 2}, next_offer=2)
    assert {"id": 1, "note": "waiting"} in g.view(1)["you"]["offer_notes"]   # Ann may take it
    assert g.view(1)["you"]["done_label"] == "not_interested"
    say(g, 1, "/offer blue for red")                                         # #2, this turn
    assert {"id": 2, "note": "waiting"} in g.view(1)["you"]["offer_notes"]
    assert g.view(1)["you"]["done_label"] is None


def test_seat_by_name_or_number_and_the_text_round_trip() -> None:
    g = game(face_up=["green", "red"], seats=[{}, {"hand": ["blue"]}, {"hand": ["stink"]}])
    say(g, 0, "/offer red for blue to 2")      # seat 2 is Bob (seats numbered from 1)
    say(g, 0, "/offer green for nothing to cy")   # names case-insensitive
    assert [o["to"] for o in g.view(0)["offers"]] == [1, 2]
    assert refused(g, 0, "/offer red for nothing to Dan") == "no_such_seat"
    assert refused(g, 0, "/offer red for nothing to 4") == "no_such_seat"
    assert refused(g, 0, "/offer red for nothing to Ann") == "own_offer"
    for text in ("/offer green for nothing to 3", "/offer 2 blue, red for chili"):
        cmd = parse(text)
        assert isinstance(cmd, GameCommand)
        assert format_action(cmd.action) == text
    assert parse("/offer red for nothing to Bob").action == PostOffer({"red": 1}, {}, "Bob")


def test_an_addressed_offer_of_a_non_active_player_waits_for_that_players_turn() -> None:
    """R28, C13: Bob's offer to Cy cannot be taken by Ann (active now); it stays in the market
    while Bob holds the Blue, for Cy's turn."""
    g = game(face_up=["green", "red"], seats=[{"hand": ["soy"]}, {"hand": ["blue"]}, {}])
    say(g, 1, "/offer blue for nothing to Cy")
    assert g.view(0)["you"]["can_accept"] == []
    assert refused(g, 0, "/accept 1") == "not_for_you"
    assert {"id": 1, "note": "refused", "code": "not_for_you", "seat": 2} in \
        g.view(1)["you"]["offer_notes"]
    hints_agree(g)


def test_one_copy_per_offer_and_player() -> None:
    """The trial's fault: after Bob accepted Ann's #1 (his copy #2 waits for Ann), #1 still
    showed Accept to him. A second copy is refused (already_answered), the view's hints say
    so: no Accept, a note naming his copy."""
    g = game(face_up=["red"], seats=[{"hand": ["soy"]}, {"hand": ["chili", "chili"]}, {}])
    say(g, 0, "/offer red for chili")
    assert g.view(1)["you"]["can_accept"] == [1]
    say(g, 1, "/accept 1")
    assert g.view(1)["you"]["can_accept"] == []
    assert {"id": 1, "note": "answered", "copy": 2} in g.view(1)["you"]["offer_notes"]
    assert refused(g, 1, "/accept 1") == "already_answered"
    hints_agree(g)
    say(g, 1, "/withdraw 2")                  # his copy gone: he may answer again
    assert g.view(1)["you"]["can_accept"] == [1]


def test_offers_remember_their_turn_across_a_stored_position() -> None:
    """C13: an offer outlives its turn; the view says in which turn it was posted, and a
    stored position keeps it (``offer_turns``)."""
    g = game(face_up=["red", "blue"], turn=4, seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {}])
    say(g, 1, "/offer chili for red")
    assert g.view(2)["offers"][0]["turn"] == 4
    pos = g.to_position()
    assert pos["offer_turns"] == {"1": 4} and "turn" not in pos["offers"][0]
    again = Game.from_position(pos)
    assert again.to_position() == pos and again.view(0)["offers"][0]["turn"] == 4
    say(g, 0, "/done")                        # phase 3, then Bob's turn: the offer stays
    v = g.view(0)
    assert v["offers"] and v["offers"][0]["turn"] == 4 and v["turn"] == 4
