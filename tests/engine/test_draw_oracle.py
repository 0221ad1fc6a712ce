"""The draw pile running out in the middle of a draw or a reveal, from any small state, against
R34-R38 worked out card by card here (rules.md; T34, T35, T37, T40, T41 are single cases of it):

* a draw or reveal that takes the draw pile's last card is an exhaustion (R35(a)); unless it is
  the final one (R37), the discard pile becomes the draw pile at once and the action goes on
  drawing from it; an empty discard pile leaves the draw pile empty;
* a card due while both piles are empty fails and is an exhaustion (R35(b)); each card of a
  draw or reveal is such a "draw" (R27 and R34: cards are drawn and revealed one at a time,
  "exhaustion is handled per card"; R35(a)'s "a draw ... takes the last card" is one card too),
  so two failing cards of one action are two exhaustions; a card due while only the draw pile
  is empty reshuffles without an exhaustion (R35, T41);
* the final exhaustion in phase 4 ends the game at once, the rest of the draw skipped (R38); in
  the reveal it stops the reveal, and phase 2 goes on (R38).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bohnanza.engine import Game
from bohnanza.engine.actions import Done, Plant

# (preset, seats, cards drawn in phase 4 R34, passes_limit R37)
SETUPS = [("classic", 3, 3, 3), ("rio-grande", 7, 4, 3), ("rio-grande", 3, 3, 2)]


def expected(deck: int, discard: int, x: int, limit: int, n: int) -> dict[str, Any]:
    """Cards taken, exhaustions, draw and discard pile sizes after taking ``n`` cards one at
    a time (R35(b) per card)."""
    taken = 0
    for _ in range(n):
        if x >= limit:
            break                                   # R38: nothing after the final exhaustion
        if deck == 0:
            if discard:
                deck, discard = discard, 0          # R35 [house]: no exhaustion counted
            else:
                x += 1                              # R35(b): the card fails
                continue
        deck -= 1
        taken += 1
        if deck == 0:
            x += 1                                  # R35(a): the last card was taken
            if x < limit and discard:
                deck, discard = discard, 0          # at once
    return {"taken": taken, "x": x, "deck": deck, "discard": discard}


def _position(preset: str, seats: int, deck: int, discard: int, x: int,
              phase: str) -> dict[str, Any]:
    p: dict[str, Any] = {
        "preset": preset, "phase": phase, "exhaustions": x,
        "deck": ["soy"] * deck, "discard": ["blue"] * discard,
        "seats": [{"hand": ["red"], "fields": [["red", 1], None]}]
        + [{"hand": ["green"]} for _ in range(seats - 1)]}
    if phase == "plant_traded":
        p["seats"][0]["to_plant"] = ["red"]     # planted: Red x2
    else:
        p["planted"] = 1
    return p


STATE = st.tuples(st.sampled_from(SETUPS), st.integers(0, 5), st.integers(0, 6),
                  st.integers(0, 2))


@settings(max_examples=150, deadline=None)
@given(state=STATE)
def test_the_phase_4_draw_when_the_draw_pile_runs_out(
        state: tuple[tuple[str, int, int, int], int, int, int]) -> None:
    (preset, seats, n, limit), deck, discard, x = state
    x = min(x, limit - 1)
    want = expected(deck, discard, x, limit, n)
    g = Game.from_position(_position(preset, seats, deck, discard, x, "plant_traded"))
    g.apply(0, Plant(1, "red"))          # the last card to plant: phase 3 ends, phase 4 draws
    p = g.to_position()
    over = want["x"] >= limit
    assert len(p["seats"][0]["hand"]) - 1 == want["taken"]
    # R39: at the end the field of Red x2 is sold for 1 coin, 1 card discarded (§1c)
    assert (p["exhaustions"], len(p["deck"]), len(p["discard"])) == (
        want["x"], want["deck"], want["discard"] + over)
    if over:
        assert p["phase"] == "over" and p["active"] == 0         # R38: at once
        assert p["seats"][0]["coins"] == ["red"]
    else:
        assert (p["phase"], p["active"]) == ("plant", 1)           # R34: the next seat


@settings(max_examples=150, deadline=None)
@given(state=STATE)
def test_the_reveal_when_the_draw_pile_runs_out(
        state: tuple[tuple[str, int, int, int], int, int, int]) -> None:
    (preset, seats, _, limit), deck, discard, x = state
    x = min(x, limit - 1)
    want = expected(deck, discard, x, limit, 2)
    g = Game.from_position(_position(preset, seats, deck, discard, x, "plant"))
    g.apply(0, Done())                   # phase 1 ends after one card: 2 cards turned up
    p = g.to_position()
    assert len(p["face_up"]) == want["taken"]                      # R27, R38
    assert (p["exhaustions"], len(p["deck"]), len(p["discard"])) == (
        want["x"], want["deck"], want["discard"])
    assert p["phase"] == "trade"                                   # R38: phase 2 goes on
