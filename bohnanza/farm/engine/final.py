"""The end of the game: who wins and the final table in the rules' order (F3, G30).

Most VP wins (F3); a tie on VP goes through ``game.end_tiebreak`` in order (G30: most cost
left, then the win is shared; D19 allows ``earned``). The final table ranks every seat the
same way (docs/farm.md D21): VP, then each tie-break key before ``shared``; seats equal on all
of them share a place (standard competition ranking, 1, 1, 3, as contest places do, G29) and
stand in seat order. So the winners are exactly the seats in place 1.
"""

from __future__ import annotations

from typing import Any

from .rules import Rules
from .state import Seat


def _key(rules: Rules, s: Seat) -> tuple[int, ...]:
    return (s.vp, *(s.cost if tb == "cost" else s.earned
                    for tb in rules.end_tiebreak if tb != "shared"))


def winners(rules: Rules, seats: list[Seat]) -> tuple[list[int], str | None]:
    """The winning seats and the tie-break that decided (``None``: no tie on VP)."""
    best = max(s.vp for s in seats)
    tied = [i for i, s in enumerate(seats) if s.vp == best]
    used: str | None = None
    for tb in rules.end_tiebreak:
        if len(tied) == 1:
            break
        used = tb
        if tb == "shared":
            break
        key = {i: (seats[i].cost if tb == "cost" else seats[i].earned) for i in tied}
        top = max(key.values())
        tied = [i for i in tied if key[i] == top]
    return tied, used


def standings(rules: Rules, seats: list[Seat]) -> list[dict[str, Any]]:
    """Every seat in the final table's order: ``{"seat", "place", "vp", "cost", "winner"}``,
    best first; equal seats share a place and stand in seat order."""
    keys = [_key(rules, s) for s in seats]
    rows = [{"seat": i, "place": 1 + sum(1 for k in keys if k > keys[i]), "vp": s.vp,
             "cost": s.cost} for i, s in enumerate(seats)]
    rows.sort(key=lambda r: (r["place"], r["seat"]))
    return [{**r, "winner": r["place"] == 1} for r in rows]
