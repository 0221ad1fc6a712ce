"""The turn flow: the automatic steps that run after every accepted action until a person must
decide (design.md section 2). They are not moves: nobody asks for them.

Ending phase 1 after the second plant or on an empty hand (R26), turning up 2 cards (R27),
ending phase 3 once every to-plant area is empty (R33), the phase-4 draw and the next turn
(R34), reshuffles and exhaustions (R35-R38), the final harvest and scoring (R39, R40).
"""

from __future__ import annotations

from . import scoring
from .rng import shuffle
from .state import GameState


def advance(g: GameState) -> None:
    """Run the automatic steps until a person must decide (or the game is over)."""
    while True:
        phase = g.phase
        if phase == "plant":
            hand = g.seats[g.active].hand
            if not hand or g.planted >= 2:
                reveal(g)
                continue
            return
        if phase == "plant_traded":
            for s in g.seats:
                if s.to_plant:
                    return
            if g.ending:
                scoring.finish(g)
                return
            phase4(g)
            continue
        return


def reveal(g: GameState) -> None:
    """Phase 2 begins: turn up 2 cards (R27, R35, R38); pass marks clear."""
    g.phase = "trade"
    g.passed.clear()
    cards: list[str] = []
    for _ in range(2):
        if g.ending:
            break
        card = take(g)
        if card is not None:
            g.face_up.append(card)
            cards.append(card)
    g.emit("reveal", g.active, {"cards": cards})


def phase4(g: GameState) -> None:
    """Draw to the back of the hand (R34); the final exhaustion ends at once (R38); else the
    next seat's turn begins."""
    a = g.active
    hand = g.seats[a].hand
    drawn: list[str] = []
    for _ in range(g.rules.phase4_draw):
        card = take(g)
        if card is not None:
            hand.append(card)
            drawn.append(card)
        if g.ending:
            break
    g.emit("draw", a, {"count": len(drawn)}, {"cards": drawn})
    if g.ending:
        scoring.finish(g)
        return
    g.history.append([len(s.coins) for s in g.seats])
    g.turn += 1
    g.active = (a + 1) % len(g.seats)
    g.phase = "plant"
    g.planted = 0
    g.emit("turn", g.active)


def take(g: GameState) -> str | None:
    """Take the top card of the draw pile, handling exhaustion (R35, R36); ``None`` when there
    is no card at all."""
    if not g.deck:
        if g.discard:
            reshuffle(g)       # [house] T41: no exhaustion counted
        else:
            exhaust(g)         # [house] T40: the draw fails
            return None
    card = g.deck.pop()
    if not g.deck:
        exhaust(g)
        if not g.ending and g.discard:
            reshuffle(g)
    return card


def exhaust(g: GameState) -> None:
    """The draw pile ran out once more (R36, R37)."""
    g.exhaustions += 1
    g.emit("exhaustion", None, {"exhaustions": g.exhaustions, "limit": g.rules.passes_limit})


def reshuffle(g: GameState) -> None:
    """The discard pile, shuffled, becomes the draw pile (R35)."""
    cards = g.discard
    g.discard = []
    g.rng = shuffle(cards, g.rng)
    g.deck = cards
    g.emit("reshuffle", None, {"count": len(cards)})
