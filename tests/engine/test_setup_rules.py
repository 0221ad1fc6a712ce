"""Setup and presets, for every preset and player count (rules.md R1-R7, §1d, §3a, §3b, §4a;
C1-C5, C11, C12, C14, C17).

The values below are copied from rules.md's tables, not from the engine: §1d (deck, removed
types, cards left after the deal), §4a (every key of every preset) and R4 (how the cards are
dealt). A scenario position is never dealt, so these need ``Game.new``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bohnanza.engine import Game, RuleError, rules_for
from bohnanza.engine.actions import Done, Harvest, Plant
from bohnanza.engine.rng import shuffle

FULL = {"coffee": 24, "wax": 22, "blue": 20, "chili": 18, "stink": 16, "green": 14,
        "soy": 12, "blackeyed": 10, "red": 8, "garden": 6, "cocoa": 4}          # §1b
BASE = {b: n for b, n in FULL.items() if b not in ("coffee", "wax", "cocoa")}    # §1a

# §1d: preset, players -> (types removed from the full deck or None for the 104-card deck,
# cards in the game, cards left in the draw pile after the deal)
DECKS = {
    ("classic", 3): (None, 104, 89), ("classic", 4): (None, 104, 84),
    ("classic", 5): (None, 104, 79),
    ("amigo", 3): (None, 104, 89), ("amigo", 4): (None, 104, 84), ("amigo", 5): (None, 104, 79),
    ("rio-grande", 2): (("garden", "cocoa"), 144, 134),
    ("rio-grande", 3): (("cocoa",), 150, 135),
    ("rio-grande", 4): (("coffee",), 130, 110), ("rio-grande", 5): (("coffee",), 130, 105),
    ("rio-grande", 6): (("cocoa", "garden"), 144, 114),
    ("rio-grande", 7): (("cocoa", "garden"), 144, 108),
}

# §4a (with §3a/§3b per player count): start_fields, third_field_cost, field_payment_to,
# phase4_draw, passes_limit, tiebreak, protection_rule, allow_duplicate_variety,
# allow_gift_requests, harvest_timing
SETTINGS = {
    ("classic", 3): (2, 3, "discard", 3, 3, "most_hand_cards", "amigo", True, False, "anytime"),
    ("classic", 5): (2, 3, "discard", 3, 3, "most_hand_cards", "amigo", True, False, "anytime"),
    ("amigo", 3): (3, None, "discard", 3, 3, "farthest_from_start", "amigo", True, True,
                   "anytime"),
    ("amigo", 4): (2, None, "discard", 3, 3, "farthest_from_start", "amigo", True, True,
                   "anytime"),
    ("rio-grande", 2): (2, 3, "removed", 2, 1, "most_hand_cards", "amigo", True, True,
                        "own_turn"),
    ("rio-grande", 3): (3, None, "discard", 3, 2, "most_hand_cards", "amigo", True, True,
                        "anytime"),
    ("rio-grande", 4): (2, 3, "discard", 3, 3, "most_hand_cards", "amigo", True, True,
                        "anytime"),
    ("rio-grande", 6): (2, 2, "discard", 4, 3, "most_hand_cards", "amigo", True, True,
                        "anytime"),
    ("rio-grande", 7): (2, 2, "discard", 4, 3, "most_hand_cards", "amigo", True, True,
                        "anytime"),
}


@pytest.mark.parametrize(("preset", "n"), sorted(DECKS))
def test_deck_and_deal_per_preset_and_player_count(preset: str, n: int) -> None:
    """§1d, R3, R4, R5, R6, R7: the deck's types and counts, the hands, the draw pile left."""
    removed, total, left = DECKS[preset, n]
    g = Game.new(preset, [f"P{i}" for i in range(n)], 5, start_seat=0)
    want = Counter(BASE if removed is None else
                   {b: k for b, k in FULL.items() if b not in removed})
    assert sum(want.values()) == total == g.rules.deck_size
    got = Counter(g.deck)
    for s in g.seats:
        got.update(s.hand)
    assert got == want
    assert len(g.deck) == left
    sizes = [len(s.hand) for s in g.seats]
    assert sizes == ([3, 4, 5] + [6] * (n - 3) if n >= 6 else [5] * n)   # R4 from seat 0
    assert g.discard == [] and g.exhaustions == 0 and g.turn == 1        # R6, R7
    fields = 3 if (preset, n) in (("amigo", 3), ("rio-grande", 3)) else 2   # R5, C2
    assert all(s.fields == [None] * fields and s.coins == [] for s in g.seats)


@pytest.mark.parametrize(("preset", "n"), sorted(SETTINGS))
def test_preset_settings_section_4a(preset: str, n: int) -> None:
    r = rules_for(preset, n)
    got = (r.start_fields, r.third_field_cost, r.field_payment_to, r.phase4_draw,
           r.passes_limit, r.tiebreak, r.protection_rule, r.allow_duplicate_variety,
           r.allow_gift_requests, r.harvest_timing)
    assert got == SETTINGS[preset, n]


@pytest.mark.parametrize("n", [3, 7])
def test_cards_are_dealt_one_at_a_time_clockwise_from_the_start_seat(n: int) -> None:
    """R4: one card at a time, clockwise from the start player; the first card a player is
    dealt is the front of the hand. Seat 2 starts: it is dealt first (and, with 6-7 players,
    gets 3 cards; the next seat 4, then 5, then 6 each)."""
    seed, start = 12345, 2
    g = Game.new("rio-grande", [f"P{i}" for i in range(n)], seed, start_seat=start)
    deck: list[str] = []
    for bean in g.rules.types:
        deck.extend([bean] * FULL[bean])
    shuffle(deck, seed)          # the same shuffled deck, its top card at the end
    sizes = [5] * n if n < 6 else [3, 4, 5] + [6] * (n - 3)
    hands: list[list[str]] = [[] for _ in range(n)]
    for r in range(max(sizes)):
        for k in range(n):
            if sizes[k] > r:
                hands[(start + k) % n].append(deck.pop())
    assert [s.hand for s in g.seats] == hands
    assert g.deck == deck
    assert g.start_seat == start and g.active == start


def test_the_start_seat_is_random_kept_and_play_goes_clockwise() -> None:
    """R1, R2, C6, C14: without a host's choice the start seat is drawn (every seat can
    start), kept for the whole game, and the turn passes to seat + 1 (mod n)."""
    starts = {Game.new("classic", ["a", "b", "c"], seed).start_seat for seed in range(40)}
    assert starts == {0, 1, 2}
    g = Game.new("classic", ["a", "b", "c"], 3, start_seat=2)
    seen = [g.active]
    while len(seen) < 5:
        a = g.active
        if g.phase == "plant":
            fields = g.plant_fields(a, g.seats[a].hand[0])
            if fields:
                g.apply(a, Plant(fields[0]))
            else:
                g.apply(a, Harvest(g.harvestable(a)[0]))
            continue
        if g.phase == "trade":
            g.apply(a, Done())
            continue
        for seat, s in enumerate(g.seats):      # phase 3: the face-up cards
            if s.to_plant:
                fields = g.plant_fields(seat, s.to_plant[0])
                if fields:
                    g.apply(seat, Plant(fields[0], s.to_plant[0]))
                else:
                        g.apply(seat, Harvest(g.harvestable(seat)[0]))
                break
        if g.active != seen[-1]:
            seen.append(g.active)
    assert seen == [2, 0, 1, 2, 0]
    assert g.start_seat == 2


@pytest.mark.parametrize(("preset", "n"), [("classic", 2), ("classic", 6), ("amigo", 2),
                                           ("amigo", 6), ("rio-grande", 1),
                                           ("rio-grande", 8)])
def test_player_counts_outside_a_preset_are_refused(preset: str, n: int) -> None:
    """§3b: the 104-card presets are for 3-5 players; rio-grande for 2-7 (C17)."""
    with pytest.raises(RuleError) as e:
        Game.new(preset, [f"P{i}" for i in range(n)], 1)
    assert e.value.code == "bad_player_count"


@pytest.mark.parametrize(("options", "key"), [
    ({"tiebreak": "oldest_player"}, "C1"), ({"start_fields": 4}, "C2"),
    ({"third_field_cost": -1}, "C3"), ({"passes_limit": 0}, "C4"),
    ({"field_payment_to": "box"}, "C11"), ({"keep_is_binding": True}, "C18"),
    ({"protection_rule": "strict"}, "C8"), ({"allow_gift_requests": "false"}, "C12"),
    ({"allow_duplicate_variety": 0}, "C9")])
def test_a_config_key_with_a_value_rules_md_does_not_name_is_refused(
        options: dict[str, object], key: str | None) -> None:
    """rules.md §4: each conflict's config key takes the values its row names; any other value
    is refused (``bad_option``), never silently replaced by the preset's. ``keep_is_binding``
    (C18) can only be false: there is no binding keep here."""
    with pytest.raises(RuleError) as e:
        Game.new("classic", ["a", "b", "c"], 1, options)
    assert e.value.code == "bad_option"
    if key is not None:
        assert e.value.rule == key
    with pytest.raises(RuleError):
        Game.from_position({"options": options, "seats": [{}, {}, {}]})


def test_the_config_keys_of_section_4_replace_the_presets_values() -> None:
    """rules.md §4 (C1-C4, C11): the keys as options, dealt and shown in the view."""
    g = Game.new("classic", ["a", "b", "c"], 3,
                 {"tiebreak": "earliest_from_start", "start_fields": 3,
                  "third_field_cost": None, "passes_limit": 2, "keep_is_binding": False})
    r = g.rules
    assert (r.tiebreak, r.start_fields, r.third_field_cost, r.passes_limit) == (
        "earliest_from_start", 3, None, 2)
    assert all(s.fields == [None, None, None] for s in g.seats)
    v = g.view(0)
    assert v["rules"]["tiebreak"] == "earliest_from_start"
    assert (v["passes_limit"], v["third_field_cost"]) == (2, None)
    g = Game.new("rio-grande", ["a", "b", "c", "d"], 3,
                 {"third_field_cost": 1, "field_payment_to": "removed"})
    assert (g.rules.third_field_cost, g.rules.field_payment_to) == (1, "removed")


def test_the_game_over_screen_names_every_tiebreak() -> None:
    """R40, C1: the game-over screen words the tie-break rule as ``tb_<tiebreak>``
    (web/js/render/gameover.js); each value the option may take has its words (the third,
    earliest_from_start, became reachable with the option)."""
    from pathlib import Path

    from bohnanza.engine.presets import TIEBREAKS

    i18n = (Path(__file__).resolve().parents[2] / "web" / "js" / "i18n.js").read_text()
    for tb in TIEBREAKS:
        # once: a key written twice in the table is the later one only (the first is dead)
        assert i18n.count(f"  tb_{tb}: ['") == 1, tb
