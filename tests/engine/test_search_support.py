"""Search support (issue 15, docs/engine-api.md): quiet clone, determinization, abstract
actions. Card conservation (rules.md §1d: every card is in exactly one place), R41/R42 (what
a seat may see), R29/R31 (what an offer's owner must hold)."""

from __future__ import annotations

import random

import pytest

from bohnanza.bots.rollout import play_out, step
from bohnanza.engine import Game, RuleError
from bohnanza.engine.actions import Accept, Done, Plant, PostOffer, Withdraw
from bohnanza.engine.search import (
    SimGame,
    determinize,
    legal_actions,
    quiet_clone,
    unseen_cards,
)
from bohnanza.engine.state import GameState

CONFIGS = [("classic", 3), ("classic", 5), ("amigo", 4), ("rio-grande", 2),
           ("rio-grande", 7)]


def _cards(g: GameState) -> int:
    total = len(g.deck) + len(g.discard) + len(g.face_up) + len(g.removed)
    for s in g.seats:
        total += len(s.hand) + len(s.coins) + len(s.to_plant)
        total += sum(int(f[1]) for f in s.fields if f is not None)  # type: ignore[call-overload]
    return total


def _midgame(preset: str, n: int, seed: int, turn: int) -> Game:
    g = Game.new(preset, [f"P{i}" for i in range(n)], seed)
    r = random.Random(seed)
    while g.turn < turn and not g.over:
        step(g, r)
    return g


@pytest.mark.parametrize(("preset", "n"), CONFIGS)
def test_determinize_keeps_every_public_fact(preset: str, n: int) -> None:
    for seed in range(6):
        g = _midgame(preset, n, seed, 4 + 3 * seed)
        seat = seed % n
        d = determinize(g.view(seat), random.Random(seed))
        assert _cards(d) == _cards(g) == g.rules.deck_size
        assert d.seats[seat].hand == g.seats[seat].hand
        assert [len(s.hand) for s in d.seats] == [len(s.hand) for s in g.seats]
        assert [len(s.coins) for s in d.seats] == [len(s.coins) for s in g.seats]
        assert [s.fields for s in d.seats] == [s.fields for s in g.seats]
        assert (len(d.deck), len(d.discard)) == (len(g.deck), len(g.discard))
        assert d.discard[-1:] == g.discard[-1:]
        assert (d.phase, d.active, d.turn, d.face_up) == (g.phase, g.active, g.turn, g.face_up)
        assert d.view(seat)["you"]["hand"] == g.view(seat)["you"]["hand"]


def test_determinize_reads_only_the_view() -> None:
    g = _midgame("classic", 4, 7, 12)
    h = g.clone()
    # scramble every hidden card: other hands, the draw pile, the discard pile below its top
    hidden = h.deck + h.discard[:-1]
    for i in (1, 2, 3):
        hidden += h.seats[i].hand
    random.Random(99).shuffle(hidden)
    k = 0
    for i in (1, 2, 3):
        size = len(h.seats[i].hand)
        h.seats[i].hand = hidden[k:k + size]
        k += size
    h.deck = hidden[k:k + len(h.deck)]
    k += len(h.deck)
    h.discard = hidden[k:] + h.discard[-1:]
    assert h.to_position() != g.to_position()
    assert h.view(0) == g.view(0)
    a = determinize(g.view(0), random.Random(5))
    b = determinize(h.view(0), random.Random(5))
    assert a.to_position() == b.to_position()


def test_determinized_owner_holds_what_its_offer_gives() -> None:
    g = _midgame("classic", 4, 3, 6)
    while g.phase != "trade":
        step(g, random.Random(1))
    other = (g.active + 1) % 4
    bean = g.seats[other].hand[0]
    g.apply(other, PostOffer({bean: 1}, {g.face_up[0]: 1}))
    offer = g.offers[-1].id
    for k in range(20):
        d = determinize(g.view(g.active), random.Random(k))
        assert bean in d.seats[other].hand
        d.apply(d.active, Accept(offer))  # the active player can take the offer in every sample


def test_quiet_clone_logs_nothing_and_plays_like_the_game() -> None:
    g = _midgame("classic", 4, 11, 8)
    q = quiet_clone(g)
    assert q.to_position() == g.to_position()
    a = g.clone()
    play_out(a, random.Random(3))
    play_out(q, random.Random(3))
    assert q.events == []
    assert q.result == a.result
    assert g.phase != "over"  # the original is untouched


@pytest.mark.parametrize(("preset", "n"), CONFIGS)
def test_every_abstract_action_is_legal(preset: str, n: int) -> None:
    r = random.Random(n)
    for seed in range(4):
        g = _midgame(preset, n, 100 + seed, 1)
        while not g.over:
            for seat in range(n):
                for action in legal_actions(g, seat):
                    c = quiet_clone(g)
                    try:
                        c.apply(seat, action)
                    except RuleError as e:  # pragma: no cover - the failure message
                        raise AssertionError(f"{action} refused in {g.phase}: {e}") from e
            if g.phase == "trade" and r.random() < 0.3:
                offers = [a for a in legal_actions(g, g.active) if isinstance(a, PostOffer)]
                if offers:
                    g.apply(g.active, r.choice(offers))
                    continue
            step(g, r)


def test_unseen_cards_count() -> None:
    g = Game.new("classic", ["A", "B", "C"], 1)
    view = g.view(0)
    assert len(unseen_cards(view)) == g.rules.deck_size - 5 - len(g.discard[-1:])


def test_sim_game_counts_what_moves_cards_and_not_the_market() -> None:
    """``SimGame.off_market`` stands still for posting and withdrawing an offer (no card
    moves, R29) and for a phase-3 plant from a to-plant area (R33), and counts a phase-1
    plant (a hand card joins a field, R9) and a phase's end (R26: ``/done``)."""
    g = SimGame.new("classic", ["A", "B", "C", "D"], 5)
    other = (g.active + 1) % 4
    start = g.off_market
    bean = g.seats[other].hand[0]
    g.apply(other, PostOffer({bean: 1}, {}))
    assert g.off_market == start
    g.apply(other, Withdraw(g.offers[-1].id))
    assert g.off_market == start and g.offers == []
    g.apply(g.active, Plant(None))
    assert g.off_market == start + 1
    g.apply(g.active, Done())
    assert g.phase == "trade" and g.off_market == start + 2
    g.apply(g.active, Done())               # trading ends: the face-up cards are to plant
    assert g.phase == "plant_traded"
    moved = g.off_market
    seat = g.active
    g.apply(seat, Plant(None, g.seats[seat].to_plant[0]))
    assert g.off_market == moved


def test_determinize_plays_by_the_config_keys_the_game_was_set_to() -> None:
    """rules.md §4 config keys (C1, C3, C4, C11) set as options: the bots' sampled games play
    by them too (read from the view), not by the preset's values."""
    options = {"tiebreak": "earliest_from_start", "third_field_cost": 2,
               "field_payment_to": "removed", "passes_limit": 2}
    g = Game.new("classic", ["a", "b", "c"], 4, options)
    q = determinize(g.view(1), random.Random(1))
    r = q.rules
    assert (r.tiebreak, r.third_field_cost, r.field_payment_to, r.passes_limit) == (
        "earliest_from_start", 2, "removed", 2)
    assert q.rules == g.rules
