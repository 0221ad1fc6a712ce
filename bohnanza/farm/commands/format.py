"""Farm actions -> canonical command text (the inverse of :func:`parse`).

``parse(format_action(a)) == GameCommand(a)`` for every action the parser can produce (a pile
that names a card carries that card's category, as the parser reads it).
"""

from __future__ import annotations

from bohnanza.farm.engine.actions import (
    Action,
    Adjust,
    Done,
    Draw,
    Enter,
    HandCard,
    PileRef,
    Plant,
    Ship,
    Synth,
    Transform,
    Upgrade,
)

_FACILITY_WORD = {"transform_pot": "pot", "field": "field", "synth_pot": "synth",
                  "storage_box": "box"}


def card_text(c: HandCard) -> str:
    """``HandCard(index=3)`` -> ``h3``; a named card -> its name."""
    if c.index is not None:
        return f"h{c.index}"
    if c.name is None:
        raise ValueError("a hand card needs an index or a name")
    return c.name


def pile_text(p: PileRef) -> str:
    """``PileRef(2, "root")`` -> ``L2 root``; with a card (search) the card's name."""
    if p.card is not None:
        return p.card
    return f"L{p.level}" if p.category is None else f"L{p.level} {p.category}"


def _cards(cards: tuple[HandCard, ...]) -> str:
    return ", ".join(card_text(c) for c in cards)


def _piles(piles: tuple[PileRef, ...]) -> str:
    return ", ".join(pile_text(p) for p in piles)


def format_action(action: Action) -> str:
    """Canonical text, e.g. ``Ship(1, (PileRef(2, "root"),))`` -> ``/ship b1 for L2 root``.
    Raises ``ValueError`` for an action the language cannot express."""
    match action:
        case Transform(give=give, take=take):
            return f"/transform {_cards(give)} for {_piles(take)}"
        case Plant(base=base, synth=synth):
            return " ".join(["/plant", card_text(base), *([_cards(synth)] if synth else [])])
        case Synth(slot=slot, cards=cards):
            return f"/synth b{slot} {_cards(cards)}"
        case Done():
            return "/done"
        case Draw(piles=piles):
            return f"/draw {_piles(piles)}".rstrip()
        case Ship(slot=slot, piles=piles):
            return f"/ship b{slot}" + (f" for {_piles(piles)}" if piles else "")
        case Upgrade(facility=facility):
            return f"/upgrade {_FACILITY_WORD[facility]}"
        case Enter(slot=slot):
            return f"/enter b{slot}"
        case Adjust(discard=discard):
            return f"/adjust {_cards(discard)}".rstrip()
    raise ValueError(f"not a farm action: {action!r}")
