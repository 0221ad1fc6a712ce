"""``/done``: the active player ends phase 1 or phase 2; anyone else in phase 2 shows the pass
mark (design.md section 4; R26, R31, R32, R33)."""

from __future__ import annotations

from . import flow, market
from .errors import RuleError
from .state import GameState


def done(g: GameState, seat: int, action: object = None) -> None:
    """End phase 1 after one card, or at once on an empty hand (R26), end phase 2 (R32:
    unclaimed face-up cards go, in order, to the back of the active player's to-plant area),
    or set the pass mark (a seat that passed already: nothing, no event, unless an offer open
    to it came since, which it then leaves untaken). Raises ``RuleError``
    (``not_your_turn``, ``must_plant_first``, ``deal_in_progress``, ``wrong_phase``)."""
    phase = g.phase
    if phase == "plant":
        if seat != g.active:
            raise RuleError("not_your_turn", "only the active player ends phase 1", "R26")
        if g.planted == 0 and g.seats[seat].hand:
            # R26: an empty hand skips phase 1 (the flow does so by itself; a loaded position
            # can still rest here, and then /done goes on rather than asking for a card)
            raise RuleError("must_plant_first", "plant the front card of your hand first", "R26")
        flow.reveal(g)
    elif phase == "trade":
        if seat != g.active:
            left = _not_taken(g, g.active, seat)
            declined = False
            for o in g.offers:      # the offer says so itself (trial 5: "Robo declined")
                if o.id in left and seat not in o.declined:
                    o.declined = (*o.declined, seat)
                    declined = True
            if seat in g.passed and not declined:
                return  # passed already, no offer new to it since: nothing to tell anyone
            g.passed.add(seat)
            g.events.append(("pass", seat, (left or None,), None))
            return
        if g.deal is not None:
            raise RuleError("deal_in_progress",
                            "finish or /cancel the deal before ending phase 2", "R31")
        untaken = _not_taken(g, seat, seat) or None   # before the face-up cards move
        g.seats[seat].to_plant.extend(g.face_up)   # R32: in order, to the back
        g.face_up = []
        g.phase = "plant_traded"
        g.events.append(("phase", seat, ("plant_traded", untaken), None))
    else:
        raise RuleError("wrong_phase", "phase 3 ends by itself once every received card "
                        "is planted", "R33")


def _not_taken(g: GameState, owner_side: int, seat: int) -> list[int]:
    """The offers ``seat`` leaves untaken as it passes or ends phase 2 (the log's
    ``not_taken``, so that an owner learns its offer was not taken, trial 4; issue 15: a bot
    says no by not taking it). A non-active ``seat`` (``owner_side``: the active player):
    the active player's complete offers open to it that it has not answered (R28, R30). The
    active player (``seat == owner_side``): the other seats' complete offers it could have
    taken (addressed to it, R28); they stay in the market (R32, C13). In market order."""
    out: list[int] = []
    active = g.active
    if seat == active:
        for o in g.offers:
            if o.owner != active and o.complete and (o.to is None or o.to == active):
                out.append(o.id)
        return out
    for o in g.offers:
        if (o.owner == owner_side and o.complete and (o.to is None or o.to == seat)
                and market.answered(g, seat, o) is None):
            out.append(o.id)
    return out
