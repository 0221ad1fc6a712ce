"""Plain state records of a game: seats, offers and the pending deal.

Internal stack order: ``deck``, ``discard`` and each seat's ``coins`` keep their **top card at
the end** of the list (cheap pops); the canonical position lists the top first (design.md §3).
A field is ``[bean, count]`` or ``None`` (empty).
"""

from __future__ import annotations

from typing import Literal

from .actions import CardRef

Side = dict[str, int] | Literal["?"]


class Seat:
    """One seat: name, hand (front first), fields, coin stack, to-plant area, markers."""

    __slots__ = ("name", "hand", "fields", "coins", "to_plant", "want", "have")

    def __init__(self, name: str, hand: list[str], fields: list[list[object] | None],
                 coins: list[str], to_plant: list[str]) -> None:
        self.name = name
        self.hand = hand
        self.fields = fields
        self.coins = coins
        self.to_plant = to_plant
        self.want: list[str] = []
        self.have: list[str] = []

    def copy(self) -> Seat:
        s = Seat(self.name, self.hand[:], [None if f is None else f[:] for f in self.fields],
                 self.coins[:], self.to_plant[:])
        s.want = self.want[:]
        s.have = self.have[:]
        return s


class Offer:
    """An offer in the market: ``owner`` gives ``give`` for ``want`` (design.md §4)."""

    __slots__ = ("id", "owner", "give", "want")

    def __init__(self, id: int, owner: int, give: Side, want: Side) -> None:
        self.id = id
        self.owner = owner
        self.give = give
        self.want = want

    @property
    def complete(self) -> bool:
        return self.give != "?" and self.want != "?"


class Deal:
    """The one pending deal: the active player and ``other`` provide exact cards (R31)."""

    __slots__ = ("offer", "active", "other", "owes", "provided")

    def __init__(self, offer: int, active: int, other: int, owes: dict[int, dict[str, int]],
                 provided: dict[int, tuple[CardRef, ...] | None]) -> None:
        self.offer = offer
        self.active = active
        self.other = other
        self.owes = owes
        self.provided = provided

    def copy(self) -> Deal:
        return Deal(self.offer, self.active, self.other,
                    {k: dict(v) for k, v in self.owes.items()}, dict(self.provided))
