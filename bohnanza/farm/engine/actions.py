"""Typed actions of the farm game: what a seat asks the engine to do (farm-rules.md §1).

The farm command parser (``bohnanza.farm.commands``) turns text such as ``/ship b1 for L2 root``
into these; bots and tests may build them directly. Apply with ``FarmGame.apply(seat, action)``.

References, all 1-based as typed:

* a hand card is :class:`HandCard`: ``index`` (``h3``: the third card of the hand as the view
  lists it) or ``name`` (``"L2 root shape+2"``: the first such card not yet named);
* a base is its field slot number (``b1``);
* a pile is :class:`PileRef`: a level and, when piles are by level and category (G2), a
  category; with ``piles.take = "search"`` (G3) also the card wanted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias


@dataclass(frozen=True, slots=True)
class HandCard:
    """One card of the acting seat's hand: by 1-based ``index`` or by card ``name``."""

    index: int | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class PileRef:
    """A pile to take from: ``level``, ``category`` (``None`` when piles are by level only or
    the choice is left to the engine's default), ``card`` (a card name, search mode only)."""

    level: int
    category: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Transform:
    """Preparation: discard ``give`` from hand, take one card from each pile of ``take``
    (F13-F17, G3, G14). The engine finds an exchange of the pot's grade that fits."""

    give: tuple[HandCard, ...]
    take: tuple[PileRef, ...]


@dataclass(frozen=True, slots=True)
class Plant:
    """Preparation: plant ``base`` face down in the lowest free field slot, with ``synth``
    laid on it as synthesis cards (F18, F19, G9-G12)."""

    base: HandCard
    synth: tuple[HandCard, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class Synth:
    """Preparation: lay ``cards`` as synthesis cards on the base in field ``slot`` (F19, G11)."""

    slot: int
    cards: tuple[HandCard, ...]


@dataclass(frozen=True, slots=True)
class Done:
    """Preparation: declare the end, taking the lowest turn-order card (F20-F22).
    Harvest: the hand adjustment with nothing to discard (F31, F32, G20)."""


@dataclass(frozen=True, slots=True)
class Draw:
    """Preparation: take the pending rescue cards from ``piles`` (G23); piles left out are
    chosen by the engine's default (docs/farm.md D5)."""

    piles: tuple[PileRef, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class Ship:
    """Harvest: ship the base in ``slot`` (F25-F27); draws from ``piles`` (G15), piles left
    out by the engine's default (docs/farm.md D5)."""

    slot: int
    piles: tuple[PileRef, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class Upgrade:
    """Harvest: pay for the next grade of ``facility`` (F28, G7, G16): ``transform_pot``,
    ``field``, ``synth_pot`` or ``storage_box``."""

    facility: str


@dataclass(frozen=True, slots=True)
class Enter:
    """Harvest: enter the base in ``slot`` in this turn's contest (F29, F30, G24, G25)."""

    slot: int


@dataclass(frozen=True, slots=True)
class Adjust:
    """Harvest: the hand adjustment, discarding ``discard`` (exactly the cards over the hand
    limit); ends the seat's harvest turn (F31, F32, G20)."""

    discard: tuple[HandCard, ...] = field(default_factory=tuple)


Action: TypeAlias = "Transform | Plant | Synth | Done | Draw | Ship | Upgrade | Enter | Adjust"
