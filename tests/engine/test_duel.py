"""The 2-player bean duel (rules.md §3a; rio-grande with 2 seats): the deal, its settings
(§1d, §4a, C10, C11), per-seat views and hints, events, and property tests over random duel
games (T52-T54). The rules of each step are scenario files (tests/scenarios T10b, T42h-i,
T47, D1-D7)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohnanza.engine import Game, RuleError, rules_for
from bohnanza.engine.actions import CardRef, Discard, Done, Plant
from bohnanza.engine.beans import BEANS
from bohnanza.engine.planting import harvestable as protected_harvestable
from bohnanza.scenario import card_count

from .test_invariants import play_checked


def test_deal_144_cards_5_each_134_left() -> None:
    """§1d: Garden and Cocoa removed, 144 cards, 5 each, 134 in the draw pile."""
    g = Game.new("rio-grande", ["Ann", "Bob"], 3)
    assert g.rules.deck_size == 144
    assert [len(s.hand) for s in g.seats] == [5, 5]
    assert len(g.deck) == 134
    everything = Counter(g.deck + g.seats[0].hand + g.seats[1].hand)
    assert "garden" not in everything and "cocoa" not in everything
    assert everything == Counter({b: BEANS[b][0] for b in BEANS if b not in ("garden",
                                                                             "cocoa")})
    # turn 1: the start player skips step 1 (nothing was left) and plants from the hand
    assert g.phase == "plant" and g.active == g.start_seat and not g.face_up


def test_settings_of_both_versions() -> None:
    """§4a and C10/C11: 2 fields and a third for 3 coins that leave the game (standard, the
    default), or 3 fields and no purchase (3fields); draw 2; the first exhaustion ends it;
    harvests only on one's own turn."""
    std = rules_for("rio-grande", 2)
    assert (std.duel, std.duel_base, std.start_fields, std.third_field_cost,
            std.field_payment_to, std.phase4_draw, std.passes_limit, std.harvest_timing,
            std.tiebreak) == (True, "standard", 2, 3, "removed", 2, 1, "own_turn",
                              "most_hand_cards")
    three = rules_for("rio-grande", 2, {"duel_base": "3fields"})
    assert (three.start_fields, three.third_field_cost) == (3, None)
    g = Game.new("rio-grande", ["A", "B"], 1, {"duel_base": "3fields"})
    assert all(len(s.fields) == 3 for s in g.seats)
    assert not rules_for("rio-grande", 3).duel
    with pytest.raises(RuleError) as e:
        rules_for("rio-grande", 2, {"duel_base": "4fields"})
    assert e.value.code == "bad_option"


@pytest.mark.parametrize("preset", ["classic", "amigo"])
def test_two_players_only_in_rio_grande(preset: str) -> None:
    with pytest.raises(RuleError) as e:
        Game.new(preset, ["A", "B"], 1)
    assert e.value.code == "bad_player_count" and "rio-grande" in e.value.message


def test_discard_outside_the_duel_is_refused() -> None:
    g = Game.new("rio-grande", ["A", "B", "C"], 1)
    g.apply(g.active, Plant())
    with pytest.raises(RuleError) as e:
        g.apply(g.active, Discard(CardRef("h", 1)))
    assert e.value.code == "duel_only"


def _step3() -> Game:
    return Game.from_position({
        "preset": "rio-grande", "phase": "plant_revealed", "face_up": ["red", "soy", "red"],
        "deck": ["blue"] * 6,
        "seats": [{"hand": ["wax", "coffee"], "fields": [["red", 2], ["chili", 3]]},
                  {"hand": ["green"], "fields": [["soy", 2], None]}],
    })


def test_views_offer_area_public_hands_secret() -> None:
    """R41: the face-up cards (revealed, or left as the offer) are public; hands are not."""
    g = _step3()
    for viewer in (None, 0, 1):
        v = g.view(viewer)
        assert v["face_up"] == ["red", "soy", "red"]
        assert [s["hand_count"] for s in v["seats"]] == [2, 1]
        assert all("hand" not in s for s in v["seats"])
        assert v["rules"]["duel"] is True and v["rules"]["duel_base"] == "standard"
        assert v["passes_limit"] == 1 and v["offers"] == [] and v["removed_count"] == 0
    other = {k: v for k, v in g.view(1).items() if k != "catalogue"}  # the deck's beans
    text = json.dumps(other)
    assert "wax" not in text and "coffee" not in text
    assert g.view(0)["you"]["hand"] == ["wax", "coffee"]


def test_hints_step3_active_and_other() -> None:
    g = _step3()
    me = g.view(0)["you"]
    assert me["must_act"] and me["waiting_for"] == "plant_revealed"
    assert me["done_label"] == "end_turn"
    # red fits field 1 (red); soy: no empty field and no soy field (R13)
    assert me["face_up_fields"] == [[1], [], [1]]
    assert me["harvestable"] == [1, 2] and me["can_discard"] == []
    # the table waits for the active player's step 3 (the board's status line reads it)
    assert g.view(1)["waiting"] == [{"seat": 0, "for": "plant_revealed"}]
    other = g.view(1)["you"]
    # R16 in the duel: no harvest on the opponent's turn; nothing to decide
    assert other["harvestable"] == [] and not other["must_act"]
    assert other["face_up_fields"] == [] and other["done_label"] is None
    assert g.harvestable(1) == []


def test_hints_step1_and_step2() -> None:
    g = Game.from_position({
        "preset": "rio-grande", "active": 1, "phase": "plant_offer", "face_up": ["soy", "red"],
        "deck": ["blue"] * 9,
        "seats": [{"hand": ["wax"]}, {"hand": ["green", "green", "stink"],
                                      "fields": [["soy", 2], None]}]})
    you = g.view(1)["you"]
    assert you["waiting_for"] == "plant_offer" and you["done_label"] is None
    assert g.view(None)["waiting"] == [{"seat": 1, "for": "plant_offer"}]
    assert you["can_discard"] == ["u1", "u2"] and you["face_up_fields"] == [[1, 2], [2]]
    g.apply(1, Discard(CardRef("u", 2)))
    g.apply(1, Plant(1, None, CardRef("u", 1)))
    you = g.view(1)["you"]
    assert g.phase == "plant" and you["waiting_for"] == "plant"
    assert you["plant_fields"] == [2] and you["can_discard"] == []
    g.apply(1, Plant())
    g.apply(1, Plant())
    you = g.view(1)["you"]
    # two cards planted: no third plant, the discard of any hand card or /done
    assert g.planted == 2 and you["plant_fields"] == []
    assert you["can_discard"] == ["h1"] and you["done_label"] == "end_planting"


def test_discard_event_tells_the_position_only_to_its_owner() -> None:
    g = Game.from_position({
        "preset": "rio-grande", "phase": "plant", "planted": 1, "deck": ["blue"] * 9,
        "seats": [{"hand": ["wax", "coffee", "red"]}, {"hand": ["green"]}]})
    events = g.apply(0, Discard(CardRef("h", 2)))
    ev = next(e for e in events if e.kind == "discard")
    mine, theirs = ev.for_viewer(0, g.names), ev.for_viewer(1, g.names)
    assert mine["bean"] == theirs["bean"] == "coffee"     # face up onto the pile (R6)
    assert mine.get("card") == "h2" and "card" not in theirs
    assert "h2" in mine["text"] and "h2" not in theirs["text"]
    assert [e.kind for e in events][-1] == "reveal"


def test_pull_and_leave_events() -> None:
    g = Game.from_position({
        "preset": "rio-grande", "phase": "plant", "planted": 1,
        "deck": ["red", "wax", "coffee", "blue", "blue", "blue"], "discard": ["red", "soy"],
        "seats": [{"hand": ["green"]}, {"hand": ["green"]}]})
    events = g.apply(0, Done())
    kinds = [e.kind for e in events]
    assert kinds[-2:] == ["reveal", "pull"]
    assert events[-2].data["cards"] == ["red", "wax", "coffee"]
    assert events[-1].data["cards"] == ["red"]
    events = g.apply(0, Done())
    leave = next(e for e in events if e.kind == "leave")
    assert leave.data == {"cards": ["red", "wax", "coffee", "red"], "to": 1}
    assert "P1's offer" in leave.for_viewer(None, g.names)["text"]


# ------------------------------------------------------------------ property tests T52-T54
def _check_duel_after(g: Game, before: dict[str, Any], events: list[Any], total: int) -> None:
    after = g.to_position()
    assert card_count(after) == total, "T52: cards not conserved (removed cards counted)"
    assert Game.from_position(after).to_position() == after
    assert after["offers"] == [] and after["phase"] not in ("trade", "plant_traded")
    for seat, s in enumerate(after["seats"]):
        if all(f is not None for f in s["fields"]) and g.phase != "over":
            # T53: bean protection always leaves a field to harvest (R15, R19); the active
            # player, who alone may harvest in the duel (R16), is told so by the hint
            assert protected_harvestable(g, g.seats[seat]), "T53"
            if seat == g.active:
                assert g.harvestable(seat), "T53: the active player cannot harvest"
        drawn = [c for e in events if e.kind == "draw" and e.seat == seat and e.secret
                 for c in e.secret["cards"]]
        old, new = before["seats"][seat]["hand"], s["hand"]
        kept = new[: len(new) - len(drawn)]
        assert new[len(new) - len(drawn):] == drawn, "T54: draws go to the back (R10)"
        # T54: at most one card leaves, the rest keep their order; only the front card
        # unless the duel's hand discard took it (R8, R9, R11, §3a)
        assert len(old) - len(kept) in (0, 1)
        if len(kept) < len(old):
            gone = [i for i in range(len(old)) if old[:i] + old[i + 1:] == kept]
            assert gone, "T54: hand order changed"
            discarded = any(e.kind == "discard" and e.data["from"] == "hand" for e in events)
            assert discarded or 0 in gone
        else:
            assert kept == old




@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), base=st.sampled_from(["standard", "3fields"]),
       hidden=st.booleans())
def test_random_duels_keep_invariants(seed: int, base: str, hidden: bool) -> None:
    g = play_checked("rio-grande", 2, random.Random(seed), hidden, 3000,
                     {"duel_base": base}, _check_duel_after)
    assert g.rules.deck_size == 144
    assert g.phase == "over", "a duel did not end"
    # R37: the duel ends at the first exhaustion; R39: every field harvested
    assert g.exhaustions == 1 and g.result is not None
    assert all(f is None for s in g.seats for f in s.fields)
    assert g.result["scores"] == [len(s.coins) for s in g.seats]
    if base == "3fields":
        assert not g.removed
    assert len(g.removed) % 3 == 0 and len(g.removed) <= 6   # C11: 3 per bought field
