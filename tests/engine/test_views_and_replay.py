"""Per-seat views and hints (design.md §2, §6; R41, R42) and deterministic replay (§2)."""

from __future__ import annotations

import json
import random

from bohnanza.engine import Game
from bohnanza.engine.actions import Buy, Harvest

from .randplay import sensible_action


def test_view_hints_phase_1() -> None:
    # B9: front card chili, F1=blue×3, F2=soy×2: no field can take it; both can be harvested.
    g = Game.from_position({"deck": ["red"] * 6, "seats": [
        {"hand": ["chili", "red"], "fields": [["blue", 3], ["soy", 2]], "coins": ["a"] * 0},
        {}, {}]})
    you = g.view(0)["you"]
    assert you["plant_fields"] == [] and you["harvestable"] == [1, 2]
    assert you["must_act"] and you["waiting_for"] == "plant"
    assert you["can_buy"] is False and you["done_label"] is None
    assert g.view(1)["you"]["must_act"] is False


def test_field_info_harvest_now_and_next_coin() -> None:
    g = Game.from_position({"seats": [{"hand": ["red"], "fields": [["blue", 5], ["soy", 1]]},
                                      {}, {}]})
    info = g.view(1)["seats"][0]["field_info"]
    # §1c: blue×5 pays 1, blue reaches 2 coins at 6; soy×1 pays 0, 1 coin at 2.
    assert info == [{"harvest_now": 1, "next_coin_at": 6}, {"harvest_now": 0, "next_coin_at": 2}]


def test_hidden_money_hides_every_total_even_ones_own_R42() -> None:
    g = Game.new("classic", ["A", "B", "C"], 5, {"hidden_money": True})
    for viewer in (None, 0, 1, 2):
        v = g.view(viewer)
        assert all(s["coins"] is None for s in v["seats"])
        assert "history" not in v


def test_views_whitelist_no_other_hand_no_deck_R41() -> None:
    g = Game.new("classic", ["A", "B", "C", "D"], 11)
    pos = g.to_position()
    for viewer in range(4):
        v = g.view(viewer)
        text = json.dumps(v)
        assert v["you"]["hand"] == pos["seats"][viewer]["hand"]
        assert v["deck_count"] == len(pos["deck"])
        assert "rng" not in text and "deck\"" not in text
        assert all("hand" not in s for s in v["seats"])
    assert g.view(None)["you"] is None


def test_draw_event_shows_cards_only_to_the_drawer() -> None:
    g = Game.from_position({"phase": "plant_traded", "deck": ["red", "soy", "blue", "green"],
                            "seats": [{"to_plant": ["chili"]}, {}, {}]})
    from bohnanza.engine.actions import Plant
    events = g.apply(0, Plant(None, "chili"))
    draw = next(e for e in events if e.kind == "draw")
    own = draw.for_viewer(0)
    other = draw.for_viewer(1)
    assert own["cards"] == ["red", "soy", "blue"]          # R10: in the order drawn
    assert "cards" not in other and "red" not in other["text"]
    assert g.to_position()["seats"][0]["hand"] == ["red", "soy", "blue"]


def test_buy_and_third_field_hint_R21_R25() -> None:
    g = Game.from_position({"seats": [{"hand": ["red"], "coins": ["soy", "blue", "red", "red"]},
                                      {}, {}]})
    assert g.view(0)["you"]["can_buy"] is True
    g.apply(0, Buy())
    p = g.to_position()
    assert p["seats"][0]["coins"] == ["red"]             # the top 3 coins were paid
    assert sorted(p["discard"]) == ["blue", "red", "soy"]
    assert len(p["seats"][0]["fields"]) == 3
    assert g.view(0)["you"]["can_buy"] is False


def test_replay_gives_the_same_game() -> None:
    rnd = random.Random(3)
    g = Game.new("rio-grande", ["A", "B", "C", "D", "E", "F"], 77)
    log = []
    while g.phase != "over":
        seat, action = sensible_action(g, rnd)
        g.apply(seat, action)
        log.append((seat, action))
    h = Game.new("rio-grande", ["A", "B", "C", "D", "E", "F"], 77)
    for seat, action in log:
        h.apply(seat, action)
    assert h.to_position() == g.to_position()
    # and a game saved mid-way and loaded goes on identically
    k = Game.new("rio-grande", ["A", "B", "C", "D", "E", "F"], 77)
    for i, (seat, action) in enumerate(log):
        if i == len(log) // 2:
            k = Game.from_position(json.loads(json.dumps(k.to_position())))
        k.apply(seat, action)
    assert k.to_position() == g.to_position()


def test_rio_grande_deal_sizes_R4_and_decks() -> None:
    # §1d: 6-7 players get 3,4,5 then 6 from the start seat; 4p deck 130 -> 110 after the deal
    g = Game.new("rio-grande", [f"P{i}" for i in range(7)], 1, start_seat=2)
    sizes = [len(g.seats[(2 + k) % 7].hand) for k in range(7)]
    assert sizes == [3, 4, 5, 6, 6, 6, 6]
    assert len(g.deck) == 144 - 36
    g4 = Game.new("rio-grande", ["a", "b", "c", "d"], 1)
    assert len(g4.deck) == 110 and "coffee" not in g4.deck
    g3 = Game.new("rio-grande", ["a", "b", "c"], 1)
    assert len(g3.deck) == 135 and all(len(s.fields) == 3 for s in g3.seats)
    a4 = Game.new("amigo", ["a", "b", "c", "d"], 1)
    assert len(a4.deck) == 84


def test_harvest_payout_flows_T1_style() -> None:
    g = Game.from_position({"seats": [{"hand": ["red"], "fields": [["garden", 6], None]},
                                      {}, {}]})
    g.apply(0, Harvest(1))
    p = g.to_position()
    assert len(p["seats"][0]["coins"]) == 3 and len(p["discard"]) == 3     # T2


def test_hidden_money_buy_hint_and_refusal_do_not_reveal_the_total_R42() -> None:
    import pytest

    from bohnanza.engine import RuleError
    for coins in (1, 3):
        g = Game.from_position({"options": {"hidden_money": True},
                                "seats": [{"hand": ["red"], "coins": ["soy"] * coins}, {}, {}]})
        assert g.view(0)["you"]["can_buy"] is True        # same hint with 1 or 3 coins
    g = Game.from_position({"options": {"hidden_money": True},
                            "seats": [{"hand": ["red"], "coins": ["soy"]}, {}, {}]})
    with pytest.raises(RuleError) as e:
        g.apply(0, Buy())
    assert e.value.code == "cannot_afford" and "1" not in e.value.message


def test_views_for_many_equal_single_views() -> None:
    rnd = random.Random(8)
    g = Game.new("classic", ["A", "B", "C", "D"], 21)
    for _ in range(300):
        if g.phase == "over":
            break
        seat, action = sensible_action(g, rnd)
        g.apply(seat, action)
        many = g.views([None, 0, 1, 2, 3])
        for v in (None, 0, 1, 2, 3):
            assert json.dumps(many[v], sort_keys=True) == json.dumps(g.view(v), sort_keys=True)
