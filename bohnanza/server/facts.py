"""The game's facts for the board, served as ``/api/facts``: bean slugs in catalogue order with
their counts, beanometers and names per language, the presets with their player ranges and
what they set per player count (engine), the bot policies and the default one (bots package). Written once there; the board
fetches them instead of keeping copies (``web/js/facts.js``)."""

from __future__ import annotations

from typing import Any

from bohnanza.bots import DEFAULT_POLICY, picker_order, policy_names
from bohnanza.engine import BEANS, PLAYER_RANGE, PRESETS, Rules, rules_for
from bohnanza.engine.beans import BEAN_NAMES
from bohnanza.engine.presets import DUEL_BASES


def _table(preset: str) -> dict[str, dict[str, Any]]:
    """What the preset sets for each player count it allows (rules.md §4a), as the board states
    it before the start (pitfalls B11, B31, B32: the edition's tie-break, fields, third field and
    game length on screen): ``{"3": {"start_fields", "third_field_cost", "passes_limit",
    "tiebreak"}}``, ``third_field_cost`` ``None`` where none can be bought (R21)."""
    lo, hi = PLAYER_RANGE[preset]
    return {str(n): _entry(rules_for(preset, n)) for n in range(lo, hi + 1)}


def _entry(r: Rules) -> dict[str, Any]:
    return {"start_fields": r.start_fields, "third_field_cost": r.third_field_cost,
            "passes_limit": r.passes_limit, "tiebreak": r.tiebreak}


def _duel(preset: str) -> dict[str, Any]:
    """A preset that deals the 2-player bean duel (rules.md §3a): its entry for 2 players by
    the room's ``duel_base`` (C10: ``3fields`` deals 3 fields, none to buy, where
    ``by_players["2"]`` is the standard duel's 2 fields and a third for 3 coins):
    ``{"duel": {"standard": {...}, "3fields": {...}}}``; ``{}`` for the others."""
    if PLAYER_RANGE[preset][0] > 2:
        return {}
    return {"duel": {b: _entry(rules_for(preset, 2, {"duel_base": b})) for b in DUEL_BASES}}


def facts() -> dict[str, Any]:
    """``{"beans": [{"slug", "count", "meter", "names": {lang: name}}], "presets": [{"name",
    "min_players", "max_players", "by_players", "duel" (rio-grande's only)}], "policies": [names], "bot_picker": [names],
    "default_policy": name}``: ``bot_picker`` the policies in the order the board's picker lists
    them, the first picked (``bots.picker_order``)."""
    return {
        "beans": [
            {"slug": slug, "count": count, "meter": list(meter),
             "names": {lang: names[slug] for lang, names in BEAN_NAMES.items()}}
            for slug, (count, meter) in BEANS.items()
        ],
        "presets": [
            {"name": p, "min_players": PLAYER_RANGE[p][0], "max_players": PLAYER_RANGE[p][1],
             "by_players": _table(p), **_duel(p)}
            for p in PRESETS
        ],
        "policies": policy_names(),
        "bot_picker": picker_order(policy_names()),
        "default_policy": DEFAULT_POLICY,
    }
