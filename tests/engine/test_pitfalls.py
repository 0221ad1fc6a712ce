"""Pitfalls of ../shared/pitfalls.md §1 that are not scenario files (B8, B12, B20, B30, B33)."""

from __future__ import annotations

import pytest

from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game
from bohnanza.engine.beans import BEANS


def say(g: Game, seat: int, text: str) -> None:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand)
    g.apply(seat, cmd.action)


@pytest.mark.parametrize("start", [0, 1, 2, 3])
def test_B30_the_start_seat_is_active_after_setup(start: int) -> None:
    g = Game.new("classic", ["A", "B", "C", "D"], 9, start_seat=start)
    assert g.active == start and g.start_seat == start and g.phase == "plant"


@pytest.mark.parametrize(("preset", "n", "cards", "removed"), [
    ("classic", 4, 104, {"coffee", "wax", "cocoa"}),
    ("amigo", 5, 104, {"coffee", "wax", "cocoa"}),
    ("rio-grande", 3, 150, {"cocoa"}),
    ("rio-grande", 5, 130, {"coffee"}),
    ("rio-grande", 6, 144, {"cocoa", "garden"}),
])
def test_B20_B33_full_deck_per_preset_and_player_count(preset: str, n: int, cards: int,
                                                       removed: set[str]) -> None:
    g = Game.new(preset, [f"P{i}" for i in range(n)], 4)
    everything = g.deck + [b for s in g.seats for b in s.hand]
    assert len(everything) == cards                      # rules.md §1d
    for bean, (count, _) in BEANS.items():
        assert everything.count(bean) == (0 if bean in removed else count)


def test_B8_a_gift_goes_only_where_the_giver_decides() -> None:
    # The active player offers a face-up card for nothing; two players answer. Nothing moves
    # until the active player accepts one answer: the recipient is the giver's choice (R30).
    g = Game.from_position({"phase": "trade", "face_up": ["chili", "red"], "deck": ["soy"] * 9,
                            "seats": [{}, {}, {}]})
    say(g, 0, "/offer chili for nothing")
    say(g, 2, "/accept 1")        # offer 2 (P2 answers first)
    say(g, 1, "/accept 1")        # offer 3
    assert g.to_position()["face_up"] == ["chili", "red"]
    say(g, 0, "/accept 3")        # the giver picks P1
    p = g.to_position()
    assert p["seats"][1]["to_plant"] == ["chili"] and p["seats"][2]["to_plant"] == []


def test_B12_games_end_without_crashing_when_the_deck_runs_dry() -> None:
    # The whole game with nobody trading: phase 4 draws until the final exhaustion (R37, R38).
    g = Game.new("classic", ["A", "B", "C"], 123)
    from bohnanza.engine.actions import Done, Harvest, Plant
    while g.phase != "over":
        a = g.active
        if g.phase == "plant":
            fields = g.plant_fields(a, g.seats[a].hand[0])
            g.apply(a, Plant(fields[0]) if fields else Harvest(g.harvestable(a)[0]))
        elif g.phase == "trade":
            g.apply(a, Done())
        else:
            s = g.seats[a]
            bean = s.to_plant[0]
            fields = g.plant_fields(a, bean)
            g.apply(a, Plant(fields[0], bean) if fields else Harvest(g.harvestable(a)[0]))
    assert g.exhaustions == 3 and g.result is not None
