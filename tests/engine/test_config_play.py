"""Random play under the config keys of rules.md §4 (C1-C4, C8, C9, C11, C12, C10 for the
duel), not only the presets' own values: cards are conserved (T52), no coin comes from nowhere
(R18, R20, R25: a seat's coins change only by a harvest's payout, read from the beanometers
of §1a/§1b written out below, or by paying for the third field), nobody has more than three
fields (R5, R24), and every game ends on its final exhaustion with every field sold (R35(b),
R37, R39).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohnanza.engine import Game, RuleError
from bohnanza.scenario import card_count

from .randplay import random_action, sensible_action

# rules.md §1a/§1b: the fewest cards of one field that pay 1, 2, 3, 4 coins (None: no tier)
METER: dict[str, tuple[int | None, ...]] = {
    "coffee": (4, 7, 10, 12), "wax": (4, 7, 9, 11), "blue": (4, 6, 8, 10),
    "chili": (3, 6, 8, 9), "stink": (3, 5, 7, 8), "green": (3, 5, 6, 7),
    "soy": (2, 4, 6, 7), "blackeyed": (2, 4, 5, 6), "red": (2, 3, 4, 5),
    "garden": (None, 2, 3, None), "cocoa": (None, 2, 3, 4),
}


def coins(bean: str, n: int) -> int:
    """§1c: the highest tier whose threshold ``n`` reaches, else 0."""
    return max([k for k, t in enumerate(METER[bean], 1) if t is not None and n >= t] or [0])


SETUPS = [("classic", n) for n in (3, 4, 5)] + [("amigo", n) for n in (3, 4, 5)] + [
    ("rio-grande", n) for n in range(2, 8)]

OPTIONS = st.fixed_dictionaries({}, optional={
    "hidden_money": st.booleans(),
    "protection_rule": st.sampled_from(["amigo", "rio_grande_literal"]),     # C8
    "allow_duplicate_variety": st.booleans(),                                # C9
    "third_field_cost": st.sampled_from([None, 0, 1, 2, 3, 5]),              # C3
    "start_fields": st.sampled_from([2, 3]),                                 # C2
    "passes_limit": st.sampled_from([1, 2, 3, 4]),                           # C4
    "field_payment_to": st.sampled_from(["discard", "removed"]),             # C11
    "allow_gift_requests": st.booleans(),                                    # C12
    "tiebreak": st.sampled_from(["most_hand_cards", "farthest_from_start",
                                 "earliest_from_start"]),                    # C1
    "duel_base": st.sampled_from(["standard", "3fields"]),                   # C10 (2 seats)
})


def _check_money(g: Game, before: dict[str, Any], events: list[Any]) -> None:
    """Each seat's coins moved only by its harvests' payouts and its purchase (R18, R20,
    R25); a bought field costs exactly the price, paid from the top of the stack."""
    for seat, s in enumerate(g.seats):
        old = before["seats"][seat]["coins"]     # top first
        new = list(reversed(s.coins))
        paid = sum(e.data["cost"] for e in events if e.kind == "buy" and e.seat == seat)
        earned = [coins(e.data["bean"], e.data["count"]) for e in events
                  if e.kind == "harvest" and e.seat == seat]
        assert paid in (0, g.rules.third_field_cost), "R22: the price paid"
        assert len(new) == len(old) - paid + sum(earned), (seat, events)
        # R20, R25: the coins kept are the old stack below the paid ones
        assert new[len(new) - (len(old) - paid):] == old[paid:]
        assert len(before["seats"][seat]["fields"]) <= len(s.fields) <= 3   # R5, R24


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), options=OPTIONS, seed=st.integers(0, 2**32))
def test_every_config_key_keeps_cards_and_money_and_the_game_ends(
        setup: tuple[str, int], options: dict[str, Any], seed: int) -> None:
    preset, n = setup
    rnd = random.Random(seed)
    g = Game.new(preset, [f"P{i}" for i in range(n)], seed, options)
    total = card_count(g.to_position())
    assert total == g.rules.deck_size                                        # T52
    for _ in range(20000):
        if g.phase == "over":
            break
        if rnd.random() < 0.3:
            seat = rnd.randrange(n)
            action = random_action(g, seat, rnd)
        else:
            seat, action = sensible_action(g, rnd)
        before = g.to_position()
        try:
            events = g.apply(seat, action)
        except RuleError:
            continue
        assert card_count(g.to_position()) == total, "T52: cards not conserved"
        _check_money(g, before, events)
    assert g.phase == "over", "the game did not end"                         # R35(b)
    assert g.exhaustions == g.rules.passes_limit                             # R37
    assert all(f is None for s in g.seats for f in s.fields)                 # R39
    assert g.result is not None and g.result["scores"] == [len(s.coins) for s in g.seats]
