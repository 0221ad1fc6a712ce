"""Game end: the final harvest (R39) and the winner with its tie-break (R40, C1)."""

from __future__ import annotations

from .planting import sell
from .state import GameState


def winners(g: GameState, scores: list[int]) -> list[int]:
    """Seats that win: most coins, then the preset's tie-break, then a shared win (R40)."""
    best = max(scores)
    tied = [i for i, c in enumerate(scores) if c == best]
    if len(tied) == 1:
        return tied
    n = len(g.seats)
    tb = g.rules.tiebreak
    if tb == "most_hand_cards":
        key = {i: len(g.seats[i].hand) for i in tied}
    elif tb == "farthest_from_start":
        key = {i: (i - g.start_seat) % n for i in tied}
    else:  # earliest_from_start
        key = {i: -((i - g.start_seat) % n) for i in tied}
    top = max(key.values())
    return [i for i in tied if key[i] == top]


def finish(g: GameState) -> None:
    """Harvest every field with the normal payout, no bean protection (R39); score (R40)."""
    for seat, s in enumerate(g.seats):
        for i, f in enumerate(s.fields):
            if f is not None:
                sell(g, seat, i + 1, final=True)
    scores = [len(s.coins) for s in g.seats]
    g.history.append(scores[:])
    win = winners(g, scores)
    g.phase = "over"
    g.deal = None
    g.result = {"scores": scores, "winners": win, "tiebreak": g.rules.tiebreak}
    g.events.append(("game_over", None, (win, scores, max(scores)), None))
