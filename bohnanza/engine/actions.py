"""Typed game actions: what a seat asks the engine to do (design.md section 4).

The command parser (``bohnanza.commands``) turns text such as ``/plant 2`` into these
objects; bots and benchmarks build them directly. Each action is applied with
``Game.apply(seat, action)``; field numbers, hand positions and face-up positions are
1-based, exactly as typed.

Actions are values: compared and hashed by their fields, never changed once built (nothing in
the project assigns to one). They are plain slotted dataclasses, not ``frozen`` ones: a frozen
dataclass sets each field through ``object.__setattr__``, which made building an action (one
per engine call, by bots and benchmarks) about twice as slow (issue 14).

A *side* of an offer is either a mapping ``bean slug -> count`` (an empty mapping is
"nothing", a gift side) or the string ``"?"`` (a prompt for the other side to fill in).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

ASK: Literal["?"] = "?"
Side: TypeAlias = "dict[str, int] | Literal['?']"


@dataclass(slots=True, unsafe_hash=True)
class CardRef:
    """One physical card: ``zone`` ``"h"`` (hand) or ``"u"`` (face-up), 1-based ``index``."""

    zone: Literal["h", "u"]
    index: int


@dataclass(slots=True, unsafe_hash=True)
class Plant:
    """Plant one card (R9, R13-R15, R26, R33; the duel's steps, rules.md §3a).

    Phase 1 (active player): the front hand card; ``bean`` (or ``card`` ``h1``) may name it
    but is not needed. Phase 3: ``bean`` (required unless the to-plant area holds one kind
    only) from the seat's to-plant area. Duel steps 1 and 3 (``plant_offer``,
    ``plant_revealed``): the face-up card ``card`` (``u1`` ...), or the first face-up card of
    ``bean``, or the first face-up card when they are all one bean. ``field`` is 1-based;
    ``None`` picks the lowest-numbered field holding that bean, else the lowest-numbered
    empty field.
    """

    field: int | None = None
    bean: str | None = None
    card: CardRef | None = None


@dataclass(slots=True, unsafe_hash=True)
class Discard:
    """The bean duel only (rules.md §3a): put ``card`` face up onto the discard pile.

    Step 1 (``plant_offer``): an offer card ``u1`` ... that is not planted. Step 2
    (``plant``, after planting one or two cards): one hand card from any position ``h3``;
    it ends step 2 and the reveal follows.
    """

    card: CardRef


@dataclass(slots=True, unsafe_hash=True)
class Done:
    """Active player: end phase 1 (after one card) or phase 2. Others in phase 2: pass mark."""


@dataclass(slots=True, unsafe_hash=True)
class Harvest:
    """Harvest the whole 1-based ``field`` (R16-R19)."""

    field: int


@dataclass(slots=True, unsafe_hash=True)
class Buy:
    """Buy the third field (R21-R25)."""


@dataclass(slots=True, unsafe_hash=True)
class PostOffer:
    """Post an offer to the market: ``give`` for ``want`` (design.md section 4, R28-R30).

    ``to``: ``None`` (the market's usual addressees), a seat index (0-based), or a seat's name
    as typed (``/offer green for nothing to Bob``; the engine finds the seat, case-insensitive).
    An addressed offer becomes a deal only between its owner and that seat (R28)."""

    give: Side
    want: Side
    to: int | str | None = None


@dataclass(slots=True, unsafe_hash=True)
class Withdraw:
    """Take one's own offer number ``offer`` off the market."""

    offer: int


@dataclass(slots=True, unsafe_hash=True)
class Accept:
    """Accept offer number ``offer`` (phase 2 only).

    Not active: post a copy with the sides swapped. Active: start the deal with its owner.
    """

    offer: int


@dataclass(slots=True, unsafe_hash=True)
class Provide:
    """The exact cards a party of the pending deal hands over (R11, R29, R31)."""

    cards: tuple[CardRef, ...] = field(default_factory=tuple)


@dataclass(slots=True, unsafe_hash=True)
class Cancel:
    """Call the pending deal off; its offer stays in the market."""


@dataclass(slots=True, unsafe_hash=True)
class Signal:
    """Supply and demand marker of seed 000: ``kind`` ``"want"`` or ``"have"`` a ``bean``."""

    kind: Literal["want", "have"]
    bean: str


@dataclass(slots=True, unsafe_hash=True)
class ClearSignals:
    """Remove all of this seat's supply and demand markers."""


Action: TypeAlias = (
    "Plant | Discard | Done | Harvest | Buy | PostOffer | Withdraw | Accept | Provide | Cancel"
    " | Signal | ClearSignals"
)
