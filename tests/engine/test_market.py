"""The market of design.md §4 (R28-R32, C12, C13; pitfalls B3, B6, B7, B8, B10, B14, B34)."""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game, RuleError


def game(**pos: Any) -> Game:
    base: dict[str, Any] = {"preset": "classic", "phase": "trade",
                            "deck": ["soy"] * 10, "seats": [{}, {}, {}]}
    base.update(pos)
    return Game.from_position(base)


def say(g: Game, seat: int, text: str) -> Any:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand)
    return g.apply(seat, cmd.action)


def refused(g: Game, seat: int, text: str) -> str:
    before = g.to_position()
    with pytest.raises(RuleError) as e:
        say(g, seat, text)
    assert g.to_position() == before
    return e.value.code


def test_offers_are_numbered_in_order_and_accept_copies_take_a_number() -> None:
    g = game(face_up=["red", "blue"],
             seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["green"]}])
    say(g, 0, "/offer red for chili")         # 1: the active player's offer, open to all
    say(g, 2, "/offer green for blue")        # 2: addressed to the active player
    say(g, 1, "/accept 1")                    # 3: P1 copies offer 1 with sides swapped
    offers = g.to_position()["offers"]
    assert [o["id"] for o in offers] == [1, 2, 3]
    assert offers[2] == {"id": 3, "owner": 1, "give": {"chili": 1}, "want": {"red": 1}}


def test_active_accept_runs_the_deal_with_automatic_provision() -> None:
    g = game(face_up=["red", "blue"],
             seats=[{"hand": ["soy"]}, {"hand": ["chili", "soy"]}, {}])
    say(g, 1, "/offer chili for red")
    say(g, 0, "/accept 1")
    p = g.to_position()
    assert p["deal"] is None and p["offers"] == []
    assert p["seats"][1]["hand"] == ["soy"] and p["seats"][1]["to_plant"] == ["red"]
    assert p["seats"][0]["to_plant"] == ["chili"] and p["face_up"] == ["blue"]


def test_giver_chooses_which_copy_leaves_the_hand_T18_B7() -> None:
    # T18: P1 holds [blue, soy, blue] and gives one blue; giving the last keeps [blue, soy].
    g = game(face_up=["red", "green"],
             seats=[{}, {"hand": ["blue", "soy", "blue"]}, {}])
    say(g, 1, "/offer blue for red")
    say(g, 0, "/accept 1")
    assert g.to_position()["deal"] is not None       # two ways: P1 must choose
    assert refused(g, 1, "/provide h2") == "cannot_provide"   # h2 is soy
    assert refused(g, 2, "/provide h1") == "not_a_party"
    say(g, 1, "/provide h3")
    p = g.to_position()
    assert p["seats"][1]["hand"] == ["blue", "soy"]
    assert p["seats"][0]["to_plant"] == ["blue"] and p["seats"][1]["to_plant"] == ["red"]


def test_active_player_chooses_face_up_or_hand_copy_B3() -> None:
    g = game(face_up=["blue", "chili"],
             seats=[{"hand": ["blue", "soy"]}, {"hand": ["red"]}, {}])
    say(g, 0, "/offer blue for red")
    say(g, 1, "/accept 1")
    say(g, 0, "/accept 2")
    say(g, 0, "/provide u1")
    p = g.to_position()
    assert p["seats"][0]["hand"] == ["blue", "soy"]   # the hand copy stays
    assert p["face_up"] == ["chili"]
    assert p["seats"][1]["to_plant"] == ["blue"]


def test_two_non_active_players_cannot_trade_B6_B14() -> None:
    g = game(seats=[{}, {"hand": ["soy"]}, {"hand": ["blue"]}])
    say(g, 1, "/offer soy for blue")
    assert refused(g, 2, "/accept 1") == "not_active_party"


def test_cancel_keeps_the_offer_open_B10c() -> None:
    g = game(face_up=["red", "green"], seats=[{}, {"hand": ["blue", "blue"]}, {}])
    say(g, 1, "/offer blue for red")
    say(g, 0, "/accept 1")
    assert refused(g, 0, "/accept 1") == "deal_in_progress"
    assert refused(g, 0, "/done") == "deal_in_progress"
    say(g, 1, "/cancel")
    p = g.to_position()
    assert p["deal"] is None and [o["id"] for o in p["offers"]] == [1]


def test_classic_forbids_asking_for_a_gift_but_allows_giving_one_C12() -> None:
    g = game(face_up=["red", "green"], seats=[{}, {"hand": ["blue"]}, {}])
    assert refused(g, 1, "/offer nothing for red") == "gift_request_forbidden"
    say(g, 0, "/offer red for nothing")               # a gift
    say(g, 1, "/accept 1")                            # answering a gift is fine
    say(g, 0, "/accept 2")
    assert g.to_position()["seats"][1]["to_plant"] == ["red"]


def test_rio_grande_allows_gift_requests_T29() -> None:
    g = game(preset="rio-grande", face_up=["red", "green"], seats=[{}, {}, {}, {}])
    say(g, 1, "/offer nothing for red")
    say(g, 0, "/accept 1")
    assert g.to_position()["seats"][1]["to_plant"] == ["red"]


def test_question_mark_offer_cannot_be_accepted() -> None:
    g = game(face_up=["red", "green"], seats=[{}, {"hand": ["blue"]}, {}])
    say(g, 1, "/offer blue for ?")
    assert refused(g, 0, "/accept 1") == "offer_incomplete"
    say(g, 0, "/offer green for blue")                # answered with an offer
    say(g, 1, "/accept 2")
    say(g, 0, "/accept 3")
    assert g.to_position()["seats"][1]["to_plant"] == ["green"]


def test_offer_needs_the_cards_B10a_T20_T26() -> None:
    g = game(face_up=["chili", "green"],
             seats=[{"fields": [["blue", 3], None], "coins": ["soy"]}, {"hand": ["soy"]}, {}])
    assert refused(g, 1, "/offer red for blue") == "cannot_provide"     # B10a
    assert refused(g, 1, "/offer chili for soy") == "cannot_provide"    # T20: face-up
    assert refused(g, 0, "/offer blue for soy") == "cannot_provide"     # T26: field card
    assert refused(g, 0, "/offer nothing for nothing") == "empty_offer"


def test_accept_only_in_phase_2_and_offers_persist_across_turns_T28() -> None:
    g = game(face_up=["chili", "green"], seats=[{}, {"hand": ["red", "soy"]}, {"hand": ["blue"]}])
    say(g, 1, "/offer red for blue")
    say(g, 0, "/done")                       # face-up cards go to P0's to-plant area
    assert [o["id"] for o in g.to_position()["offers"]] == [1]
    say(g, 0, "/plant chili")
    say(g, 0, "/plant green")                # phase 3 over, phase 4, P1's turn
    p = g.to_position()
    assert p["active"] == 1 and p["phase"] == "plant"
    assert [o["id"] for o in p["offers"]] == [1]     # still in the market
    assert refused(g, 2, "/accept 1") == "wrong_phase"
    say(g, 1, "/plant")                      # P1 plants red: offer 1 gives red -> stale
    assert g.to_position()["offers"] == []


def test_pass_mark_set_by_done_and_cleared_by_an_offer() -> None:
    g = game(face_up=["chili", "green"], seats=[{}, {"hand": ["red"]}, {}])
    say(g, 1, "/done")
    assert g.to_position()["passed"] == [1]
    assert g.view(2)["seats"][1]["passed"] is True
    say(g, 1, "/offer red for chili")
    assert g.to_position()["passed"] == []


def test_passing_again_tells_nobody_unless_an_offer_came_since() -> None:
    """design.md section 4 (``/done`` by the others in phase 2: the pass mark), R28: a second
    ``/done`` by a seat that passed already, with no offer new to it since, changes nothing
    and logs nothing (a new user's report: 40 lines of "Bob is not interested" in
    everyone's log); after the active player's new offer open to it, it declines that one."""
    g = game(face_up=["chili", "green"], seats=[{"hand": ["soy"]}, {"hand": ["red"]}, {}])
    assert [e.kind for e in say(g, 1, "/done")] == ["pass"]
    before = g.to_position()
    assert list(say(g, 1, "/done")) == []
    assert g.to_position() == before
    say(g, 0, "/offer chili for red")        # offer 1, open to every seat, complete for P1
    again = list(say(g, 1, "/done"))
    assert [(e.kind, e.seat) for e in again] == [("pass", 1)]
    assert again[0].data["not_taken"] == [1]
    assert g.view(0)["offers"][0]["declined"] == [1]
    assert list(say(g, 1, "/done")) == []


def test_withdraw_only_own_offer() -> None:
    g = game(face_up=["chili", "green"], seats=[{}, {"hand": ["red"]}, {}])
    say(g, 1, "/offer red for chili")
    assert refused(g, 2, "/withdraw 1") == "not_your_offer"
    assert refused(g, 1, "/withdraw 7") == "no_such_offer"
    say(g, 1, "/withdraw 1")
    assert g.to_position()["offers"] == []


def test_signals_visibility_seed_000() -> None:
    g = game(seats=[{}, {}, {}])
    say(g, 1, "/want red")
    say(g, 2, "/want red")
    say(g, 2, "/have soy")
    say(g, 0, "/have blue")
    # the active player sees the others' markers summed, without names (of: nobody named)
    assert g.view(0)["signals"] == {"want": {"red": 2}, "have": {"soy": 1}, "of": None}
    # everybody else sees only the active player's markers, and whose they are
    assert g.view(1)["signals"] == {"want": {}, "have": {"blue": 1}, "of": 0}
    assert g.view(None)["signals"] == {"want": {}, "have": {"blue": 1}, "of": 0}
    say(g, 2, "/signals clear")
    assert g.view(0)["signals"] == {"want": {"red": 1}, "have": {}, "of": None}


def test_everything_refused_after_game_over() -> None:
    g = game(phase="over", result={"scores": [0, 0, 0], "winners": [0, 1, 2]})
    assert refused(g, 0, "/harvest 1") == "game_over"
    assert refused(g, 1, "/offer nothing for ?") == "game_over"


def test_open_offers_per_seat_are_bounded() -> None:
    from bohnanza.engine.market import MAX_OPEN_OFFERS
    g = game(face_up=["chili", "green"], seats=[{}, {"hand": ["red"]}, {}])
    for k in range(MAX_OPEN_OFFERS):
        say(g, 1, f"/offer red for {k + 1} chili")
    assert refused(g, 1, "/offer red for green") == "too_many_offers"
    say(g, 1, "/withdraw 1")
    say(g, 1, "/offer red for green")


@pytest.mark.parametrize(("preset", "n", "absent"), [
    ("classic", 3, "coffee"), ("amigo", 4, "wax"), ("rio-grande", 4, "coffee"),
    ("rio-grande", 3, "cocoa"), ("rio-grande", 6, "garden")])
def test_markers_name_only_beans_of_this_games_deck_R3(preset: str, n: int, absent: str) -> None:
    """R3, §1d: a bean the deck of this preset and player count lacks can be neither offered
    nor marked: '/want coffee' in a game without Coffee put a Coffee marker on the table that
    no card could ever answer, while '/offer coffee for red' was refused (no_such_card)."""
    g = game(preset=preset, seats=[{} for _ in range(n)])
    assert refused(g, 1, f"/want {absent}") == "no_such_card"
    assert refused(g, 1, f"/have {absent}") == "no_such_card"
    assert refused(g, 1, f"/offer red for {absent}") == "no_such_card"
    say(g, 1, "/want red")
    assert g.to_position()["signals"][1] == {"want": ["red"], "have": []}
