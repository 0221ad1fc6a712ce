"""Plain state records of a farm game: bases and seats.

A field is a list of slots, one per base the field's grade allows (F18); ``None`` is a free
slot. A seat's ``hand`` is kept in canonical order unless ``game.hand_ordered`` (G22).
"""

from __future__ import annotations


class Base:
    """A base with its synthesis cards (a *vegetable*, F18, F19).

    ``planted``: the game-wide turn number (1-based) of the preparation phase it was planted
    in (G11, G13). ``entered``: it is this turn's contest entry, the base face up (F29).
    """

    __slots__ = ("card", "synth", "planted", "entered")

    def __init__(self, card: str, synth: list[str], planted: int, entered: bool = False) -> None:
        self.card = card
        self.synth = synth
        self.planted = planted
        self.entered = entered

    def copy(self) -> Base:
        return Base(self.card, self.synth[:], self.planted, self.entered)

    def cards(self) -> list[str]:
        return [self.card, *self.synth]


class Seat:
    """One player: hand, field, facility grades, cost (the money, G8), victory points.

    ``earned``: cost gained over the game (statistics). ``order_card``: the turn-order card
    held this turn (F20-F22), ``None`` before declaring. ``done``: declared in this
    preparation phase. ``rescue``: rescue cards still to take (G23). ``step``: with
    ``turn.harvest_any_order = false``, how far through ship/upgrade/enter the harvest turn
    is (G20).
    """

    __slots__ = ("name", "hand", "field", "grades", "cost", "vp", "earned", "order_card",
                 "done", "rescue", "step")

    def __init__(self, name: str, hand: list[str], field: list[Base | None],
                 grades: dict[str, int], cost: int = 0, vp: int = 0, earned: int = 0) -> None:
        self.name = name
        self.hand = hand
        self.field = field
        self.grades = grades
        self.cost = cost
        self.vp = vp
        self.earned = earned
        self.order_card: int | None = None
        self.done = False
        self.rescue = 0
        self.step = 0

    def copy(self) -> Seat:
        s = Seat(self.name, self.hand[:], [None if b is None else b.copy() for b in self.field],
                 dict(self.grades), self.cost, self.vp, self.earned)
        s.order_card = self.order_card
        s.done = self.done
        s.rescue = self.rescue
        s.step = self.step
        return s

    def bases(self) -> list[tuple[int, Base]]:
        """``(slot, base)`` for every occupied slot, slots 1-based."""
        return [(i + 1, b) for i, b in enumerate(self.field) if b is not None]
