"""Random farm games checked against farm-rules.md's own numbers (§1, §2, §3 defaults), worked
out here from each card's printed faces (its name, ``L2 root shape+2``), not by the engine:

* cost comes only from shipping, 2 + base level + every bonus of base and synthesis cards
  (F26), and goes only to upgrades, 6 / 14 / 24 for grade 2 / 3 / 4 (F28, G7, G8);
* VP come only from contests: appearance, taste or overall scores (F34-F37), the base's
  attribute doubled wherever it counts outside overall (F38, G27, G28), places shared by
  standard competition ranking (F39, G29), 2L / 1L or 4L / 2L (F40);
* only eligible vegetables are entered, one per player (F30, G24, G25); a field holds at most
  its grade's bases (F18), a base at most the synthesis pot's cards (F19, G9, G10); a finished
  harvest turn leaves the hand within the storage box's limit (F31).
"""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohnanza.commands import ParseError
from bohnanza.farm.bots import get_policy
from bohnanza.farm.commands import GameCommand, parse
from bohnanza.farm.engine import FarmGame, RuleError
from bohnanza.farm.engine.actions import Adjust, Done, Ship, Upgrade
from bohnanza.farm.params import default_params

from .randplay import random_action

GROUP = {"appearance": {"shape", "color", "size", "weight"},
         "taste": {"nutrition", "flavor", "texture", "aroma"}}
GROUP["overall"] = GROUP["appearance"] | GROUP["taste"]
VP = {"appearance": (2, 1), "taste": (2, 1), "overall": (4, 2)}     # F40, times the level
PRICE = (6, 14, 24)                                                  # G7: to grade 2, 3, 4
BASES = SYNTH = (1, 2, 3, 4)                                         # F18; F19, G9
HAND_LIMIT = (5, 6, 7, 8)                                            # F31


def faces(card: str) -> tuple[int, str, str, int]:
    """``L2 root shape+2`` -> (2, "root", "shape", 2)."""
    m = re.fullmatch(r"L(\d+) (\w+) (\w+)\+(\d+)", card)
    assert m, card
    return int(m[1]), m[2], m[3], int(m[4])


def score(evaluation: str, base: str, synth: list[str]) -> int:
    level, _, attribute, _ = faces(base)
    double = evaluation != "overall" and attribute in GROUP[evaluation]    # F38, G28
    total = level
    for card in (base, *synth):
        _, _, a, bonus = faces(card)
        if a in GROUP[evaluation]:
            total += bonus * (2 if double and a == attribute else 1)     # G27
    return total


def _entries(g: FarmGame) -> list[tuple[int, str, list[str]]]:
    return [(i, b.card, b.synth[:]) for i, s in enumerate(g.seats)
            for _, b in s.bases() if b.entered]


def _check(g: FarmGame, seat: int, action: object, was: dict, entered: list,
           contest: dict | None, cycle: int, events: list) -> None:
    cost = list(was["cost"])
    if isinstance(action, Ship):
        b = was["field"][action.slot - 1]
        cards = [b.card, *b.synth]
        cost[seat] += 2 + faces(b.card)[0] + sum(faces(c)[3] for c in cards)   # F26
    if isinstance(action, Upgrade):
        cost[seat] -= PRICE[was["grades"][action.facility] - 1]             # F28, G7
    assert [s.cost for s in g.seats] == cost, (action, was["cost"])
    vp = list(was["vp"])
    if any(e.kind == "contest" for e in events):
        assert contest is not None
        ev = contest["evaluation"]
        scores = [score(ev, base, synth) for _, base, synth in entered]
        for k, (i, _, _) in enumerate(entered):
            place = 1 + sum(1 for x in scores if x > scores[k])           # F39, G29
            vp[i] += VP[ev][place - 1] * cycle if place <= 2 else 0       # F40
    assert [s.vp for s in g.seats] == vp
    if contest is not None:
        for _, base, _ in _entries(g):
            level, category, _, _ = faces(base)
            assert category == contest["category"] and level >= cycle      # F30, G25
        owners = [i for i, _, _ in _entries(g)]
        assert len(owners) == len(set(owners))                             # G24
    for s in g.seats:
        assert len(s.bases()) <= BASES[s.grades["field"] - 1]              # F18
        assert all(len(b.synth) <= SYNTH[s.grades["synth_pot"] - 1] for _, b in s.bases())
    if was["phase"] == "harvest" and isinstance(action, (Adjust, Done)):
        s = g.seats[seat]
        assert len(s.hand) <= HAND_LIMIT[s.grades["storage_box"] - 1]      # F31


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), n=st.integers(2, 4))
def test_cost_and_vp_come_only_from_the_rules_numbers(seed: int, n: int) -> None:
    rnd = random.Random(seed)
    g = FarmGame.new(default_params(), [f"P{i}" for i in range(n)], seed)
    bots = [get_policy(rnd.choice(["random", "sensible"])) for _ in range(n)]
    for _ in range(5000):
        if g.over:
            break
        seat = rnd.randrange(n)
        if rnd.random() < 0.3:
            action = random_action(g, seat, rnd)
        else:
            seat = rnd.choice([i for i in range(n) if g.must_act(i)])
            cmd = parse(bots[seat].decide(g.view(seat), rnd) or "")
            assert isinstance(cmd, GameCommand)
            action = cmd.action
        s = g.seats[seat]
        was = {"cost": [x.cost for x in g.seats], "vp": [x.vp for x in g.seats],
               "field": [None if b is None else b.copy() for b in s.field],
               "grades": dict(s.grades), "phase": g.phase}
        entered = _entries(g)
        contest = next((c for c in g.schedule if c["turn"] == g.turn), None)
        cycle = g.cycle
        try:
            events = g.apply(seat, action)
        except (RuleError, ParseError):
            continue
        _check(g, seat, action, was, entered, contest, cycle, events)
    assert g.over, "the game did not end"                                  # F3
