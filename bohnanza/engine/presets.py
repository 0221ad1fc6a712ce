"""Presets (rules.md section 4a) resolved for a player count (section 1d, section 3a).

``rules_for(preset, n)`` gives the ``Rules`` a game of ``n`` seats plays by. Option overrides
(the config keys of rules.md §4: ``tiebreak``, ``start_fields``, ``third_field_cost``,
``passes_limit``, ``protection_rule``, ``allow_duplicate_variety``, ``field_payment_to``,
``allow_gift_requests``) come from the game's options and replace the preset's value. ``rio-grande`` with 2 seats is the bean duel
(§3a); the option ``duel_base`` (``standard``, the default, or ``3fields``) picks its version
(C10).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

from .beans import ALL_TYPES, BASE_TYPES, BEANS
from .errors import RuleError

PRESETS: Final[tuple[str, ...]] = ("classic", "rio-grande", "amigo")
PLAYER_RANGE: Final[dict[str, tuple[int, int]]] = {
    "classic": (3, 5),
    "rio-grande": (2, 7),
    "amigo": (3, 5),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every setting of rules.md §4a for one preset and player count."""

    preset: str
    types: tuple[str, ...]           # bean types in the deck (§1d)
    start_fields: int                # R5
    third_field_cost: int | None     # R21, R22; None = cannot be bought
    field_payment_to: str            # R25, C11
    hand_sizes: tuple[int, ...]      # R4, clockwise from the start seat
    phase4_draw: int                 # R34
    passes_limit: int                # R37
    tiebreak: str                    # R40, C1
    protection_rule: str             # R19, C8
    allow_duplicate_variety: bool    # R14, C9
    allow_gift_requests: bool        # C12
    duel: bool = False               # the 2-player bean duel (§3a): no trading, its own turn
    duel_base: str | None = None     # C10: "standard" (2 fields, buy) or "3fields" (no buy)
    harvest_timing: str = "anytime"  # R16: "anytime", or "own_turn" in the duel

    @property
    def deck_size(self) -> int:
        """Cards in the game (rules.md §1d)."""
        return sum(BEANS[b][0] for b in self.types)


def rules_for(preset: str, n: int, options: dict[str, Any] | None = None) -> Rules:
    """Rules of ``preset`` for ``n`` seats. Raises ``RuleError`` ``unknown_preset``.

    Player counts outside the preset's range are not refused here (scenario positions may use
    any count); ``check_player_count`` does that when a game is dealt.
    """
    if preset == "classic":
        rules = Rules(preset, BASE_TYPES, 2, 3, "discard", (5,) * n, 3, 3,
                      "most_hand_cards", "amigo", True, False)
    elif preset == "amigo":
        rules = Rules(preset, BASE_TYPES, 3 if n == 3 else 2, None, "discard", (5,) * n, 3, 3,
                      "farthest_from_start", "amigo", True, True)
    elif preset == "rio-grande" and n == 2:
        rules = _duel(options)
    elif preset == "rio-grande":
        if n <= 3:
            removed: tuple[str, ...] = ("cocoa",)
        elif n <= 5:
            removed = ("coffee",)
        else:
            removed = ("cocoa", "garden")
        types = tuple(t for t in ALL_TYPES if t not in removed)
        if n >= 6:
            hands = tuple([3, 4, 5] + [6] * (n - 3))
        else:
            hands = (5,) * n
        rules = Rules(
            preset, types,
            3 if n == 3 else 2,
            None if n == 3 else (2 if n >= 6 else 3),
            "discard", hands,
            4 if n >= 6 else 3,
            2 if n == 3 else 3,
            "most_hand_cards", "amigo", True, True,
        )
    else:
        raise RuleError("unknown_preset", f"unknown rules preset {preset!r}; choose one of "
                        + ", ".join(PRESETS), "§4a")
    if options:
        changes = _overrides(options)
        if changes:
            rules = replace(rules, **changes)
    return rules


TIEBREAKS: Final[tuple[str, ...]] = ("most_hand_cards", "farthest_from_start",
                                     "earliest_from_start")
"""The values of the config key ``tiebreak`` (R40, C1)."""


def _overrides(options: dict[str, Any]) -> dict[str, Any]:
    """The config keys of rules.md §4 that ``options`` sets, checked (``None``: not set, except
    ``third_field_cost``, where a present ``null`` means "cannot be bought", C3): ``tiebreak``
    (C1), ``start_fields`` (C2), ``third_field_cost`` (C3), ``passes_limit`` (C4),
    ``protection_rule`` (C8), ``allow_duplicate_variety`` (C9), ``field_payment_to`` (C11),
    ``allow_gift_requests`` (C12). ``keep_is_binding`` (C18) may only be false: nothing can be
    kept bindingly here. Raises ``RuleError`` ``bad_option``."""
    changes: dict[str, Any] = {}
    pr = options.get("protection_rule")
    if pr is not None:
        if pr not in ("amigo", "rio_grande_literal"):
            raise RuleError("bad_option", "protection_rule is amigo or rio_grande_literal",
                            "C8")
        changes["protection_rule"] = pr
    for key, rule in (("allow_gift_requests", "C12"), ("allow_duplicate_variety", "C9")):
        value = options.get(key)
        if value is not None:
            if type(value) is not bool:     # "false" or 0 is no answer to a yes-or-no key
                raise RuleError("bad_option", f"{key} is true or false", rule)
            changes[key] = value
    tb = options.get("tiebreak")
    if tb is not None:
        if tb not in TIEBREAKS:
            raise RuleError("bad_option", "tiebreak is " + ", ".join(TIEBREAKS), "C1")
        changes["tiebreak"] = tb
    for key, low, high, rule in (("start_fields", 2, 3, "C2"), ("passes_limit", 1, 9, "C4")):
        value = options.get(key)
        if value is not None:
            if type(value) is not int or not low <= value <= high:
                raise RuleError("bad_option", f"{key} is a number from {low} to {high}", rule)
            changes[key] = value
    if "third_field_cost" in options:
        cost = options["third_field_cost"]
        if cost is not None and (type(cost) is not int or not 0 <= cost <= 9):
            raise RuleError("bad_option", "third_field_cost is a number from 0 to 9, or null "
                            "(no third field to buy)", "C3")
        changes["third_field_cost"] = cost
    pay = options.get("field_payment_to")
    if pay is not None:
        if pay not in ("discard", "removed"):
            raise RuleError("bad_option", "field_payment_to is discard or removed", "C11")
        changes["field_payment_to"] = pay
    if options.get("keep_is_binding"):
        raise RuleError("bad_option", "keep_is_binding cannot be on: a kept face-up card can "
                        "still be traded here", "C18")
    return changes


DUEL_BASES: Final[tuple[str, ...]] = ("standard", "3fields")
"""The versions of the bean duel (C10): ``standard`` = RG's own text (2 fields, a third field
bought for 3 coins that leave the game); ``3fields`` = RG2alt (3 fields from the start, no
purchase)."""


def _duel(options: dict[str, Any] | None) -> Rules:
    """The RG 2-player bean duel (rules.md §3a, §1d, §4a; C10, C11): Garden and Cocoa removed
    (144 cards), 5 cards each, phase-4 draw 2, the first exhaustion ends the game, harvests
    only on one's own turn, third-field coins leave the game. Raises ``RuleError``
    ``bad_option`` for an unknown ``duel_base``."""
    base = (options or {}).get("duel_base") or "standard"
    if base not in DUEL_BASES:
        raise RuleError("bad_option", "duel_base is standard or 3fields", "C10")
    types = tuple(t for t in ALL_TYPES if t not in ("garden", "cocoa"))
    three = base == "3fields"
    return Rules("rio-grande", types, 3 if three else 2, None if three else 3, "removed",
                 (5, 5), 2, 1, "most_hand_cards", "amigo", True, True,
                 duel=True, duel_base=base, harvest_timing="own_turn")


def check_player_count(preset: str, n: int) -> None:
    """Raise ``RuleError`` ``bad_player_count`` unless ``preset`` can be dealt for ``n`` seats."""
    if preset not in PLAYER_RANGE:
        raise RuleError("unknown_preset", f"unknown rules preset {preset!r}; choose one of "
                        + ", ".join(PRESETS), "§4a")
    low, high = PLAYER_RANGE[preset]
    if not low <= n <= high:
        duel = "; two players play the bean duel of rio-grande" if n == 2 else ""
        raise RuleError("bad_player_count",
                        f"{preset} is played by {low}-{high} players, not {n}{duel}", "R1")
