"""The moves of the 2-player bean duel (rules.md §3a; preset ``rio-grande`` with 2 seats).

A duel turn, for the active player only:

1. ``plant_offer``: plant or discard, card by card, every card the opponent left face up
   (``/plant u1 2``, ``/discard u2``); the step ends by itself once none is left (the start
   player's first turn has none). Card by card, not type by type **[house]** (§3a).
2. ``plant``: plant 1 or 2 cards from the front of the hand (R9, R26), then optionally
   discard one hand card from any position (``/discard h3``), which ends the step; ``/done``
   ends it without a discard.
3. ``plant_revealed``: 3 cards are revealed and matching cards pulled from the discard pile
   (flow.duel_reveal); plant any of them (``/plant u1 2``), then ``/done``: the rest become
   the opponent's offer.
4. Draw 2 (flow.phase4).

Harvests only on one's own turn (R16, ``harvest_timing``); no trading or gifts; the game ends
at the first exhaustion (R37, R38). The turn flow (flow.py) runs the automatic parts.
"""

from __future__ import annotations

from . import flow
from .actions import CardRef, Plant
from .errors import RuleError
from .planting import _choose_field, _put, fields_for
from .state import GameState

FACE_UP_PHASES = ("plant_offer", "plant_revealed")
"""The duel phases whose decisions are about face-up cards (steps 1 and 3)."""


def _active_only(g: GameState, seat: int, what: str) -> None:
    if seat != g.active:
        raise RuleError("not_your_turn", f"in the bean duel only the active player {what}",
                        "§3a")


def _face_up_index(g: GameState, card: CardRef | None, bean: str | None) -> int:
    """0-based index of the face-up card a command names; raises ``RuleError``."""
    fu = g.face_up
    if not fu:
        raise RuleError("no_such_card", "there is no face-up card", "§3a")
    if card is not None:
        if card.zone != "u":
            raise RuleError("no_such_card", "name a face-up card: u1, u2, ...", "§3a")
        if not 1 <= card.index <= len(fu):
            raise RuleError("no_such_card",
                            f"the face-up cards are u1-u{len(fu)}, not u{card.index}", "§3a")
        i = card.index - 1
        if bean is not None and fu[i] != bean:
            raise RuleError("no_such_card", f"u{card.index} is {fu[i]}, not {bean}", "§3a")
        return i
    if bean is not None:
        if bean not in fu:
            raise RuleError("no_such_card", f"no face-up card is {bean}", "§3a")
        return fu.index(bean)
    if len(set(fu)) > 1:
        raise RuleError("no_such_card", "name the card to plant, like /plant u1 2", "§3a")
    return 0


def plant_face_up(g: GameState, seat: int, action: Plant) -> None:
    """Steps 1 and 3: plant one face-up card into a field (R13-R15; harvest first when none
    fits). Raises ``RuleError`` (``not_your_turn``, ``no_such_card``, ``no_such_field``,
    ``field_mismatch``, ``no_field_fits``)."""
    _active_only(g, seat, "plants")
    i = _face_up_index(g, action.card, action.bean)
    bean = g.face_up[i]
    s = g.seats[seat]
    f = _choose_field(g, s, bean, action.field)
    del g.face_up[i]
    _put(g, seat, s, bean, f)


def discard(g: GameState, seat: int, card: CardRef) -> None:
    """``/discard u2`` (step 1: an offer card) or ``/discard h3`` (step 2, after planting:
    one hand card from any position, R11; it ends step 2 and the reveal follows). The card
    goes face up onto the discard pile (R6). Raises ``RuleError`` (``duel_only``,
    ``not_your_turn``, ``wrong_phase``, ``must_plant_first``, ``no_such_card``)."""
    if not g.rules.duel:
        raise RuleError("duel_only", "cards are discarded only in the 2-player bean duel",
                        "§3a")
    _active_only(g, seat, "discards")
    phase = g.phase
    if phase == "plant_offer":
        if card.zone != "u":
            raise RuleError("no_such_card", "first plant or discard the offer cards (u1, u2, "
                            "...); a hand card is discarded after planting", "§3a")
        i = _face_up_index(g, card, None)
        bean = g.face_up.pop(i)
        g.discard.append(bean)
        g.events.append(("discard", seat, (bean, "offer"), None))
        return
    if phase == "plant":
        if card.zone != "h":
            raise RuleError("no_such_card", "in step 2 you may discard one hand card: h1, h2, "
                            "...", "§3a")
        if g.planted == 0:
            raise RuleError("must_plant_first", "plant the front card of your hand first; then "
                            "you may discard one hand card", "§3a")
        hand = g.seats[seat].hand
        if not 1 <= card.index <= len(hand):
            raise RuleError("no_such_card",
                            f"your hand holds h1-h{len(hand)}, not h{card.index}", "§3a")
        bean = hand.pop(card.index - 1)
        g.discard.append(bean)
        g.events.append(("discard", seat, (bean, "hand"), {"card": f"h{card.index}"}))
        flow.duel_reveal(g)
        return
    if phase == "plant_revealed":
        raise RuleError("wrong_phase", "the revealed cards you do not plant become your "
                        "opponent's offer; /done ends your turn", "§3a")
    raise RuleError("wrong_phase", "nothing can be discarded now", "§3a")


def done(g: GameState, seat: int, action: object = None) -> None:
    """``/done`` in the duel: end step 2 without a discard (after one or two plants, R26), or
    end step 3 (the rest become the opponent's offer, then step 4). Raises ``RuleError``
    (``not_your_turn``, ``must_plant_first``, ``wrong_phase``)."""
    _active_only(g, seat, "ends a step")
    phase = g.phase
    if phase == "plant":
        if g.planted == 0 and g.seats[seat].hand:   # R26: an empty hand skips the planting
            raise RuleError("must_plant_first", "plant the front card of your hand first",
                            "R26")
        flow.duel_reveal(g)
    elif phase == "plant_revealed":
        flow.end_duel_turn(g)
    elif phase == "plant_offer":
        raise RuleError("wrong_phase", "plant or discard each offer card first, like "
                        "/plant u1 2 or /discard u1", "§3a")
    else:
        raise RuleError("wrong_phase", "nothing to end now", "§3a")


def face_up_fields(g: GameState, seat: int) -> list[list[int]]:
    """Hint: for each face-up card (``u1`` first), the 1-based fields of ``seat`` that can take
    it now; empty unless ``seat`` decides on face-up cards now (steps 1 and 3)."""
    if not g.rules.duel or seat != g.active or g.phase not in FACE_UP_PHASES:
        return []
    s = g.seats[seat]
    return [fields_for(g, s, b) for b in g.face_up]


def discardable(g: GameState, seat: int) -> list[str]:
    """Hint: the cards ``seat`` may ``/discard`` now (``"u1"`` ..., ``"h1"`` ...)."""
    if not g.rules.duel or seat != g.active:
        return []
    if g.phase == "plant_offer":
        return [f"u{i + 1}" for i in range(len(g.face_up))]
    if g.phase == "plant" and g.planted >= 1:
        return [f"h{i + 1}" for i in range(len(g.seats[seat].hand))]
    return []
