"""The audit of a stored position (issue 11, item 13): is it a game the rules could have made?

T52: cards are conserved: draw pile + discard + hands + fields + face-up cards + to-plant areas
+ coin stacks (+ the cards removed in the duel) hold exactly the preset's deck (rules.md §1d):
each bean type of the preset as many times as the card table says, and no other card. A
tampered position (107 cards of a 104-card deck, a bean the preset does not use, a field that
holds a bean other than its label) fails with a list of what is wrong.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .beans import BEANS
from .errors import RuleError
from .presets import rules_for


def _cards(p: dict[str, Any]) -> Counter[str]:
    """Every card of the position ``p``, by bean (fields as their bean times their count)."""
    out: Counter[str] = Counter()
    for key in ("deck", "discard", "face_up", "removed"):
        out.update(p.get(key) or [])
    for s in p.get("seats") or []:
        for key in ("hand", "coins", "to_plant"):
            out.update(s.get(key) or [])
        for f in s.get("fields") or []:
            if f is None:
                continue
            bean, n = f[0], f[1]
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise RuleError("bad_position", f"a field holds {n!r} cards")
            out[str(bean)] += n
    return out


def audit(p: dict[str, Any]) -> list[str]:
    """What is wrong with the whole-game position ``p`` (``[]``: nothing), T52 against the
    preset's deck (rules.md §1d). Shape: ``dict -> list[str]``; never raises."""
    try:
        seats = p.get("seats") or []
        rules = rules_for(str(p.get("preset", "classic")), len(seats), p.get("options") or {})
        cards = _cards(p)
    except (RuleError, KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        return [f"unreadable position: {e}"]
    deck = Counter({b: BEANS[b][0] for b in rules.types})
    problems = []
    total, want = sum(cards.values()), sum(deck.values())
    if total != want:
        problems.append(f"{total} cards, the {rules.preset} deck has {want} (T52)")
    for bean in sorted(set(cards) | set(deck)):
        if cards[bean] != deck[bean]:
            problems.append(f"{bean}: {cards[bean]} cards, the deck has {deck[bean]}")
    return problems
