"""The turn flow: the automatic steps that run after every accepted action until a person must
decide (design.md section 2). They are not moves: nobody asks for them.

Ending phase 1 after the second plant or on an empty hand (R26), turning up 2 cards (R27),
ending phase 3 once every to-plant area is empty (R33), the phase-4 draw and the next turn
(R34), reshuffles and exhaustions (R35-R38), the final harvest and scoring (R39, R40).

The bean duel (rules.md §3a) has its own: step 1 ends once no offer card is left, step 2
ends by itself only on an empty hand (after two plants the optional hand discard is still
open), the reveal of 3 cards pulls matching cards from the discard pile, the phase-4 draw
is 2 (R34) and the first exhaustion ends the game (R37, R38).
"""

from __future__ import annotations

from . import market, scoring
from .rng import shuffle
from .state import GameState


def advance(g: GameState) -> None:
    """Run the automatic steps until a person must decide (or the game is over)."""
    while True:
        phase = g.phase
        if phase == "plant":
            hand = g.seats[g.active].hand
            if not hand or (g.planted >= 2 and not g.rules.duel):
                reveal(g)
                continue
            return
        if phase == "plant_offer":
            if g.face_up:
                return
            g.phase = "plant"           # §3a step 1 done (or nothing was left)
            continue
        if phase == "plant_revealed":
            if g.ending and not g.face_up:
                scoring.finish(g)       # R38 duel: step 3 finished, nothing left to decide
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
    """Phase 2 begins: turn up 2 cards (R27, R35, R38); pass marks clear. In the duel:
    :func:`duel_reveal`."""
    if g.rules.duel:
        duel_reveal(g)
        return
    g.phase = "trade"
    g.passed.clear()
    if g.offers and not g.rules.allow_gift_requests:
        market.drop_gift_requests(g)    # C12 with C13: no gift request lives into a phase 2
    for o in g.offers:
        if o.declined:
            o.declined = ()     # a new phase 2: every seat may take it again
    g.revealed = []
    g.revealed += turn_up(g, 2)


def turn_up(g: GameState, n: int) -> list[str]:
    """Turn up ``n`` cards into the face-up cards, one at a time, fewer once the final
    exhaustion has happened (R27, R35, R38); logs ``reveal``. Returns the cards."""
    limit = g.rules.passes_limit
    deck = g.deck
    if 0 < n < len(deck) and g.exhaustions < limit:
        # the draw pile outlasts the reveal: no exhaustion, no reshuffle (as n calls of take)
        cards = deck[-n:]
        cards.reverse()             # the top card first
        del deck[-n:]
        g.face_up += cards
    else:
        cards = []
        for _ in range(n):
            if g.exhaustions >= limit:   # g.ending
                break
            card = take(g)
            if card is not None:
                g.face_up.append(card)
                cards.append(card)
    g.events.append(("reveal", g.active, (cards,), None))
    return cards


REVEAL_DUEL = 3
"""Cards revealed in step 3 of the bean duel (rules.md §3a)."""


def duel_reveal(g: GameState) -> None:
    """Duel step 3 begins (rules.md §3a, T47): reveal 3 cards (fewer once the first, final
    exhaustion happens, R38), then, while the top card of the discard pile is of a type
    among the revealed cards, move it over to join them. Logs ``reveal`` and, when cards
    were pulled, ``pull`` (in the order taken)."""
    g.phase = "plant_revealed"
    kinds = set(turn_up(g, REVEAL_DUEL))
    pulled: list[str] = []
    discard = g.discard
    while discard and discard[-1] in kinds:
        card = discard.pop()
        g.face_up.append(card)
        pulled.append(card)
    if pulled:
        g.events.append(("pull", g.active, (pulled,), None))


def end_duel_turn(g: GameState) -> None:
    """Duel step 3 ends (``/done``): the revealed cards not planted stay face up as the
    opponent's offer (§3a); the game ends if the final exhaustion has happened (R38), else
    step 4, the draw of 2 (R34)."""
    a = g.active
    if g.face_up:
        g.events.append(("leave", a, (g.face_up[:], (a + 1) % len(g.seats)), None))
    if g.ending:
        scoring.finish(g)
        return
    phase4(g)


def phase4(g: GameState) -> None:
    """Draw to the back of the hand (R34); the final exhaustion ends at once (R38); else the
    next seat's turn begins."""
    a = g.active
    hand = g.seats[a].hand
    rules = g.rules
    limit = rules.passes_limit
    n = rules.phase4_draw
    deck = g.deck
    if 0 < n < len(deck) and g.exhaustions < limit:
        # the draw pile outlasts the draw: no exhaustion, no reshuffle (as n calls of take)
        drawn = deck[-n:]
        drawn.reverse()             # the top card first
        del deck[-n:]
        hand += drawn
    else:
        drawn = []
        for _ in range(n):
            card = take(g)
            if card is not None:
                hand.append(card)
                drawn.append(card)
            if g.exhaustions >= limit:   # g.ending
                break
    g.events.append(("draw", a, (len(drawn),), {"cards": drawn}))
    if g.exhaustions >= limit:
        scoring.finish(g)
        return
    seats = g.seats
    g.history.append([len(s.coins) for s in seats])
    g.turn += 1
    g.active = (a + 1) % len(seats)
    g.phase = "plant_offer" if rules.duel else "plant"   # §3a step 1 first in the duel
    g.planted = 0
    g.events.append(("turn", g.active, (), None))
    if g.offers and not g.rules.allow_gift_requests:
        market.drop_gift_requests(g)    # C12 with C13: a taker's answer to a gift of the
        #                                 turn before would ask the new active player for one


def take(g: GameState) -> str | None:
    """Take the top card of the draw pile, handling exhaustion (R35, R36); ``None`` when there
    is no card at all."""
    deck = g.deck
    if not deck:
        if g.discard:
            reshuffle(g)       # [house] T41: no exhaustion counted
        else:
            exhaust(g)         # [house] T40: the draw fails
            return None
        deck = g.deck
    card = deck.pop()
    if not deck:
        exhaust(g)
        if g.exhaustions < g.rules.passes_limit and g.discard:   # not g.ending
            reshuffle(g)
    return card


def exhaust(g: GameState) -> None:
    """The draw pile ran out once more (R36, R37)."""
    g.exhaustions += 1
    g.events.append(("exhaustion", None, (g.exhaustions, g.rules.passes_limit), None))


def reshuffle(g: GameState) -> None:
    """The discard pile, shuffled, becomes the draw pile (R35)."""
    cards = g.discard
    g.discard = []
    g.rng = shuffle(cards, g.rng)
    g.deck = cards
    g.events.append(("reshuffle", None, (len(cards),), None))
