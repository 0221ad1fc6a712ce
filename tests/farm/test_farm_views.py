"""Views by whitelist and events per viewer (G31), plus the game's setup (F4-F10, G4, G17)."""

from __future__ import annotations

import json

import pytest

from bohnanza.farm.commands.logtext import log_line_ja
from bohnanza.farm.engine import FarmGame, RuleError
from bohnanza.farm.engine.actions import Done, Enter, HandCard, Plant, Synth
from bohnanza.farm.params import default_params, with_override
from bohnanza.farm.scenario import prepare

P = default_params()


def test_setup() -> None:
    g = FarmGame.new(P, ["A", "B", "C", "D"], 7)
    pos = g.to_position()
    assert all(len(s["hand"]) == 5 for s in pos["seats"])                           # F6
    assert all(g.rules.card(c).level == 1 for s in pos["seats"] for c in s["hand"])
    assert all(set(s["grades"].values()) == {1} for s in pos["seats"])              # F7
    assert sum(len(v) for v in pos["piles"].values()) == 96 - 20
    assert len(pos["piles"]) == 9                                                    # G2
    # F4, G2, G4: one pile per (level, category), each holding only its own cards; the 48
    # level-1 cards less the 20 dealt lie in the level-1 piles, the 8 per category of L2, L3
    for key, cards in pos["piles"].items():
        level, category = key.split()
        assert all(c.startswith(f"{level} {category} ") for c in cards), key
    by_level = {lv: sum(len(v) for k, v in pos["piles"].items() if k.startswith(lv + " "))
                for lv in ("L1", "L2", "L3")}
    assert by_level == {"L1": 48 - 20, "L2": 24, "L3": 24}
    assert all(len(v) == 8 for k, v in pos["piles"].items() if not k.startswith("L1 "))
    sched = pos["schedule"]
    assert [c["turn"] for c in sched] == [2, 3, 4]                                  # F10
    assert sorted(c["category"] for c in sched) == ["fruit", "leaf", "root"]        # F8
    assert sorted(c["evaluation"] for c in sched) == ["appearance", "overall", "taste"]
    assert pos["order_stack"] == [1, 2, 3, 4]                                       # G17
    assert FarmGame.from_position(pos).to_position() == pos


def test_bad_setups() -> None:
    with pytest.raises(RuleError) as e:
        FarmGame.new(P, ["A"], 1)
    assert e.value.code == "bad_player_count" and e.value.rule == "G18"
    big = with_override(with_override(P, "game.players.max", "8"), "game.start_hand.count", "7")
    with pytest.raises(RuleError) as e:
        FarmGame.new(big, [str(i) for i in range(8)], 1)
    assert e.value.code == "deck_too_small"
    with pytest.raises(RuleError) as e:
        FarmGame.from_position({"seats": [{}, {}]})
    assert e.value.code == "bad_position"
    with pytest.raises(RuleError) as e:
        FarmGame.from_position(prepare({"seats": [{"hand": ["L9 root shape+1"]}, {}]}))
    assert e.value.code == "bad_position" and "L9 root" in e.value.message


def _game(**info: str) -> FarmGame:
    params = P
    for k, v in info.items():
        params = with_override(params, f"info.{k}", v)
    pos = prepare({"piles": "rest", "cycle": 1, "turn": 2, "seats": [
        {"hand": ["L1 root shape+1", "L1 root color+2", "L1 leaf size+1"]},
        {"hand": ["L1 fruit aroma+2"]}],
        "schedule": [{"turn": 2, "category": "root", "evaluation": "appearance"}]})
    pos["params"] = params
    return FarmGame.from_position(pos)


def test_bases_are_face_down_to_others_until_entered() -> None:
    g = _game()
    g.apply(0, Plant(HandCard(name="L1 root shape+1"), (HandCard(name="L1 root color+2"),)))
    for viewer in (None, 1):
        v = g.view(viewer)
        slot = v["seats"][0]["field"][0]
        assert slot["base"] == "?" and slot["face_up"] is False and slot["synth"] == ["?"]
        text = json.dumps(v)
        assert "shape+1" not in text and "color+2" not in text and "size+1" not in text
        assert v["seats"][0]["hand_count"] == 1 and "hand" not in v["seats"][0]
    mine = g.view(0)["you"]
    assert mine["field"][0]["base"] == "L1 root shape+1"
    assert mine["hand"] == ["L1 leaf size+1"]
    g.apply(1, Done())            # 2 players: preparation ends; seat 0 harvests first
    g.apply(0, Enter(1))
    slot = g.view(1)["seats"][0]["field"][0]
    assert slot["base"] == "L1 root shape+1" and slot["face_up"] and slot["synth"] == ["?"]
    assert g.view(1)["entries"] == [{"seat": 0, "slot": 1, "card": "L1 root shape+1"}]


def test_events_per_viewer() -> None:
    g = _game()
    ev = g.apply(0, Plant(HandCard(index=1), (HandCard(index=2),)))
    own = ev[0].for_viewer(0, g.names)
    other = ev[0].for_viewer(1, g.names)
    assert "L1 root shape+1" in own["text"]
    assert "shape+1" not in json.dumps(other) and "card" not in other
    assert other["text"] == "P0 planted a base in slot 1 with 1 synthesis card."
    assert own["text"].startswith("You planted L1 root shape+1 in slot 1 with ")


def test_card_backs_and_hidden_cost() -> None:
    g = _game(card_back_shows='["level", "category"]',
              public='["vp", "grades", "hand_size", "synth_count", "entries", "discards"]')
    g.apply(0, Plant(HandCard(index=1)))
    v = g.view(1)
    assert v["seats"][0]["field"][0]["base"] == "L1 root"
    assert v["seats"][0]["hand_backs"] == ["L1 root", "L1 leaf"]
    assert "cost" not in v["seats"][0] and v["you"]["cost"] == 0


def test_hints_follow_the_rules() -> None:
    g = _game()
    you = g.view(0)["you"]
    assert you["must_act"] and you["waiting_for"] == "prep"
    assert you["free_slots"] == [1] and you["new_base_synth"] == 1 and you["exchanges"] == [1]
    assert g.view(None)["you"] is None


def test_a_hidden_synthesis_count_stays_out_of_the_log() -> None:
    """G31: with ``synth_count`` left out of ``info.public`` the others' view shows no count
    of a base's synthesis cards, and neither may the log line of the planting, the synthesis
    or the entry (it read "P0 planted a base in slot 1 with 1 synthesis card")."""
    g = _game(public='["cost", "vp", "grades", "hand_size", "entries", "discards"]')
    g.seats[0].grades["synth_pot"] = 2
    ev = g.apply(0, Plant(HandCard(index=1), (HandCard(index=2),)))
    assert "synth" not in g.view(1)["seats"][0]["field"][0]
    for viewer in (1, None):
        other = ev[0].for_viewer(viewer, g.names)
        assert "synth_count" not in other
        assert other["text"] == "P0 planted a base in slot 1."
        assert log_line_ja(other, g.names, viewer) == "P0はスロット1にベースを植えました"
    assert ev[0].for_viewer(0, g.names)["text"] == (
        "You planted L1 root shape+1 in slot 1 with L1 root color+2.")
    ev = g.apply(0, Synth(1, (HandCard(index=1),)))
    other = ev[0].for_viewer(1, g.names)
    assert "count" not in other and "1" not in other["text"].replace("slot 1", "")
    assert log_line_ja(other, g.names, 1) == "P0はスロット1のベースに合成カードを合成しました"
    assert ev[0].for_viewer(0, g.names)["text"] == (
        "You laid L1 leaf size+1 on the base in slot 1.")
    g.apply(1, Done())
    ev = g.apply(0, Enter(1))
    other = ev[0].for_viewer(1, g.names)
    assert "synth_count" not in other and "synthesis" not in other["text"]
    assert ev[0].for_viewer(0, g.names)["text"].endswith("2 synthesis cards face down).")


def test_hidden_entries_stay_face_down_until_the_contest() -> None:
    """G31: with ``entries`` left out of ``info.public`` an entry is not shown to the others
    when it is made: the base stays face down and unmarked in the owner's field and the log
    line names neither the card nor the slot; the contest phase reveals it (F33)."""
    g = _game(public='["cost", "vp", "grades", "hand_size", "synth_count", "discards"]')
    g.apply(0, Plant(HandCard(name="L1 root shape+1"), (HandCard(name="L1 root color+2"),)))
    g.apply(1, Done())
    ev = g.apply(0, Enter(1))
    for viewer in (1, None):
        v = g.view(viewer)
        slot = v["seats"][0]["field"][0]
        assert slot["base"] == "?" and slot["face_up"] is False and slot["entered"] is False
        assert "shape+1" not in json.dumps(v) and "entries" not in v
        other = ev[0].for_viewer(viewer, g.names)
        assert "shape+1" not in json.dumps(other) and "slot" not in other
        assert other["text"] == "P0 entered a vegetable."
        assert log_line_ja(other, g.names, viewer) == "P0は野菜を出品しました"
    assert g.view(0)["you"]["field"][0]["entered"] is True
    assert ev[0].for_viewer(0, g.names)["text"] == (
        "You entered L1 root shape+1 (slot 1, 1 synthesis card face down).")
    g.apply(0, Done())
    g.apply(1, Done())                       # the contest phase reveals the entry (F33)
    c = g.view(1)["contests"][-1]
    assert c["entries"][0]["card"] == "L1 root shape+1"
