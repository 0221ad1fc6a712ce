"""Typed game actions: what a seat asks the engine to do (design.md section 4).

The command parser (``bohnanza.commands``) turns text such as ``/plant 2`` into these
objects; bots and benchmarks build them directly. Each action is applied with
``Game.apply(seat, action)``; field numbers, hand positions and face-up positions are
1-based, exactly as typed.

A *side* of an offer is either a mapping ``bean slug -> count`` (an empty mapping is
"nothing", a gift side) or the string ``"?"`` (a prompt for the other side to fill in).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Literal, TypeAlias, TypeVar

ASK: Literal["?"] = "?"
Side: TypeAlias = "dict[str, int] | Literal['?']"


@dataclass(frozen=True, slots=True)
class CardRef:
    """One physical card: ``zone`` ``"h"`` (hand) or ``"u"`` (face-up), 1-based ``index``."""

    zone: Literal["h", "u"]
    index: int


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Discard:
    """The bean duel only (rules.md §3a): put ``card`` face up onto the discard pile.

    Step 1 (``plant_offer``): an offer card ``u1`` ... that is not planted. Step 2
    (``plant``, after planting one or two cards): one hand card from any position ``h3``;
    it ends step 2 and the reveal follows.
    """

    card: CardRef


@dataclass(frozen=True, slots=True)
class Done:
    """Active player: end phase 1 (after one card) or phase 2. Others in phase 2: pass mark."""


@dataclass(frozen=True, slots=True)
class Harvest:
    """Harvest the whole 1-based ``field`` (R16-R19)."""

    field: int


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the third field (R21-R25)."""


@dataclass(frozen=True, slots=True)
class PostOffer:
    """Post an offer to the market: ``give`` for ``want`` (design.md section 4, R28-R30)."""

    give: Side
    want: Side


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Take one's own offer number ``offer`` off the market."""

    offer: int


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept offer number ``offer`` (phase 2 only).

    Not active: post a copy with the sides swapped. Active: start the deal with its owner.
    """

    offer: int


@dataclass(frozen=True, slots=True)
class Provide:
    """The exact cards a party of the pending deal hands over (R11, R29, R31)."""

    cards: tuple[CardRef, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class Cancel:
    """Call the pending deal off; its offer stays in the market."""


@dataclass(frozen=True, slots=True)
class Signal:
    """Supply and demand marker of seed 000: ``kind`` ``"want"`` or ``"have"`` a ``bean``."""

    kind: Literal["want", "have"]
    bean: str


@dataclass(frozen=True, slots=True)
class ClearSignals:
    """Remove all of this seat's supply and demand markers."""


_A = TypeVar("_A")


def _fast_init(cls: type[_A]) -> type[_A]:
    """Give the frozen slotted dataclass ``cls`` an ``__init__`` that stores each field through
    its slot directly, instead of the generated one's ``object.__setattr__`` per field: the
    same signature and the same object (still frozen: assignment afterwards raises), built in
    about two thirds of the time (bots and benchmarks build one action per engine call)."""
    params: list[str] = []
    body: list[str] = []
    ns: dict[str, Any] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        ns[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        if f.default is not MISSING:
            ns[f"_d_{f.name}"] = f.default
            params.append(f"{f.name}=_d_{f.name}")
        elif f.default_factory is not MISSING:
            value = f.default_factory()
            assert isinstance(value, tuple), "only an immutable default may be shared"
            ns[f"_d_{f.name}"] = value
            params.append(f"{f.name}=_d_{f.name}")
        else:
            params.append(f.name)
        body.append(f"    _set_{f.name}(self, {f.name})")
    if body:
        exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body), ns)
        cls.__init__ = ns["__init__"]  # type: ignore[method-assign]
    return cls


for _cls in (CardRef, Plant, Discard, Harvest, PostOffer, Withdraw, Accept, Provide, Signal):
    _fast_init(_cls)

Action: TypeAlias = (
    "Plant | Discard | Done | Harvest | Buy | PostOffer | Withdraw | Accept | Provide | Cancel"
    " | Signal | ClearSignals"
)
