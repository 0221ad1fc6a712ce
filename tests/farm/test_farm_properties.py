"""Property tests over random farm games (issue 17 "Checks"; farm-rules.md §1-§2).

After every command: every card is still somewhere (piles, discards, hands, bases, synthesis
cards: G5 "no card ever leaves the game"), costs are never negative (G8), grades stay 1-4
(F7, G16), a refused command changes nothing, the position round-trips, and no view shows what
its viewer may not see (G31: the views stay the same when every card hidden from the viewer is
shuffled among the hidden places). Every game ends after 3 cycles of 4 turns (F1, F3), and
every cycle's schedule holds each category and each evaluation once (F8-F10, FT10).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohnanza.commands import ParseError
from bohnanza.farm.bots import get_policy
from bohnanza.farm.commands import GameCommand, parse
from bohnanza.farm.engine import FarmGame, RuleError
from bohnanza.farm.engine.view import back
from bohnanza.farm.params import default_params, with_override
from bohnanza.farm.scenario import cards_of

from .randplay import random_action

PARAMS = default_params()
VARIANTS = [
    PARAMS,
    with_override(with_override(PARAMS, "info.card_back_shows", '["level", "category"]'),
                  "contest.after", "return"),
    with_override(with_override(with_override(PARAMS, "piles.mode", "level"), "piles.take",
                                "search"), "facilities.synth_pot.scope", "total"),
    with_override(with_override(PARAMS, "turn.harvest_any_order", "false"),
                  "facilities.field.persist", "false"),
]


def _hidden_slots(pos: dict[str, Any], viewer: int | None, search: bool
                  ) -> list[tuple[list[Any], int]]:
    """Every list position holding a card ``viewer`` may not see: (list, index). A searched
    pile shows what it holds (docs/farm.md D3), so then only its order is hidden."""
    slots: list[tuple[list[Any], int]] = []
    for cards in pos["piles"].values():
        if search:
            cards.reverse()
        else:
            slots += [(cards, i) for i in range(len(cards))]
    for i, s in enumerate(pos["seats"]):
        if i == viewer or pos["phase"] == "over":   # at the end every hand and base shows
            continue
        slots += [(s["hand"], k) for k in range(len(s["hand"]))]
        for b in s["field"]:
            if b is None:
                continue
            if not b["entered"]:
                b["_base"] = [b["base"]]
                slots.append((b["_base"], 0))
            slots += [(b["synth"], k) for k in range(len(b["synth"]))]
    return slots


def _scrambled(g: FarmGame, viewer: int | None, rnd: random.Random) -> FarmGame:
    """The same game with every card hidden from ``viewer`` moved to another hidden place."""
    pos = g.to_position()
    groups: dict[str, list[tuple[list[Any], int]]] = {}
    for lst, i in _hidden_slots(pos, viewer, g.rules.take == "search"):      # only cards whose backs look alike
        groups.setdefault(back(g, lst[i]), []).append((lst, i))
    for slots in groups.values():
        cards = [lst[i] for lst, i in slots]
        rnd.shuffle(cards)
        for (lst, i), c in zip(slots, cards, strict=True):
            lst[i] = c
    for s in pos["seats"]:
        for b in s["field"]:
            if b is not None and "_base" in b:
                b["base"] = b.pop("_base")[0]
    return FarmGame.from_position(pos)


def check(g: FarmGame, start: Counter[str], rnd: random.Random, deep: bool) -> None:
    pos = g.to_position()
    assert Counter(cards_of(pos)) == start                          # G5
    for s in g.seats:
        assert s.cost >= 0                                          # G8
        assert all(1 <= v <= g.rules.max_grade for v in s.grades.values())  # F7, G16
        assert len(s.field) == g.rules.max_bases[s.grades["field"] - 1]
    assert FarmGame.from_position(pos).to_position() == pos         # round trip
    if deep:
        for viewer in [None, *range(g.n_seats)]:
            v = g.view(viewer)
            assert "rng" not in str(v.keys())
            if viewer is not None:
                assert v["you"]["hand"] == g.seats[viewer].hand
            assert _scrambled(g, viewer, rnd).view(viewer) == v      # G31: nothing leaks


def play(params: dict[str, Any], n: int, seed: int, noise: float) -> FarmGame:
    """A random game to its end; checks after every command."""
    rnd = random.Random(seed)
    g = FarmGame.new(params, [f"P{i}" for i in range(n)], seed)
    start = Counter(cards_of(g.to_position()))
    bots = [get_policy(rnd.choice(["random", "sensible"])) for _ in range(n)]
    steps = 0
    while not g.over:
        steps += 1
        assert steps < 4000, "stalled"
        seat = rnd.randrange(n)
        if rnd.random() < noise:
            action = random_action(g, seat, rnd)
        else:
            waiting = [i for i in range(n) if g.must_act(i)]
            seat = rnd.choice(waiting)
            text = bots[seat].decide(g.view(seat), rnd)
            assert text is not None
            cmd = parse(text)
            assert isinstance(cmd, GameCommand)
            action = cmd.action
        before = g.to_position()
        try:
            events = g.apply(seat, action)
        except (RuleError, ParseError):
            assert g.to_position() == before, f"refused {action!r} changed the game"
            continue
        for e in events:
            for w in [None, *range(n)]:
                d = e.for_viewer(w, g.names)
                if w != e.seat and e.secret:
                    for key in e.secret:
                        assert key not in d or d[key] == e.data.get(key)
        check(g, start, rnd, deep=steps % 9 == 0)
    return g


@settings(max_examples=8, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), n=st.integers(2, 4), variant=st.integers(0, len(VARIANTS) - 1))
def test_random_games_keep_the_invariants_and_end_after_3_cycles(seed: int, n: int,
                                                                 variant: int) -> None:
    params = VARIANTS[variant]
    g = play(params, n, seed, noise=0.35)
    assert g.over and g.result is not None
    assert (g.cycle, g.turn) == (3, 4)                              # F1, F3
    assert [h["turn"] for h in g.history] == list(range(1, 13))
    assert len(g.contests) == 9                                     # F2: turns 2-4 of 3 cycles
    for cycle in (1, 2, 3):
        cs = [c for c in g.contests if c["cycle"] == cycle]
        assert sorted(c["category"] for c in cs) == sorted(g.rules.categories)   # F8
        assert sorted(c["evaluation"] for c in cs) == sorted(g.rules.evaluations)  # F9
        assert [c["turn"] for c in cs] == [2, 3, 4]                 # F10
        assert {c["level"] for c in cs} == {cycle}                  # F30
    best = max(g.result["scores"])
    assert all(g.result["scores"][w] == best for w in g.result["winners"])   # F3


def test_same_seed_same_game() -> None:
    a = play(PARAMS, 3, 11, noise=0.2)
    b = play(PARAMS, 3, 11, noise=0.2)
    assert a.to_position() == b.to_position()


def test_scramble_detects_a_leak() -> None:
    """The leak check can fail: a view that showed another seat's hand would differ."""
    g = FarmGame.new(PARAMS, ["A", "B", "C"], 5)
    rnd = random.Random(1)
    other = _scrambled(g, 0, rnd)
    assert other.seats[1].hand != g.seats[1].hand or other.seats[2].hand != g.seats[2].hand
    assert other.view(0) == g.view(0)
    assert other.view(1) != g.view(1)
