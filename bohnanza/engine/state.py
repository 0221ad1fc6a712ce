"""The game state the rule modules work on (:class:`GameState`) and its plain records: seats,
offers and the pending deal. ``Game`` (game.py) is the public facade over it.

Internal stack order: ``deck``, ``discard`` and each seat's ``coins`` keep their **top card at
the end** of the list (cheap pops); the canonical position lists the top first (design.md §3).
A field is ``[bean, count]`` or ``None`` (empty).
"""

from __future__ import annotations

from typing import Any, Literal

from .actions import CardRef
from .presets import Rules, rules_for

Side = dict[str, int] | Literal["?"]

#: The phases a game rests in (design.md §3): phase 1, 2, 3, and the end (phase 4 never rests);
#: the bean duel's steps 1 and 3 (rules.md §3a, duel.py).
PHASES = ("plant", "trade", "plant_traded", "over", "plant_offer", "plant_revealed")


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
    """An offer in the market: ``owner`` gives ``give`` for ``want`` (design.md §4).

    ``to``: the one seat it is addressed to, or ``None`` (the market's usual addressees,
    design.md §4); an addressed offer becomes a deal only between its owner and ``to`` (R28,
    [house]). ``turn``: the turn it was posted in (0: not known, a position without it); an
    offer outlives its turn while its owner holds what it gives (C13).

    What the market knows of its story (trial 5; never changed in place, so a copy may
    share them): ``face_up``, bean -> how many of the cards it gives were face-up cards when
    it was posted (its owner the active player in phase 2 of turn ``turn``, R27, R29; ``{}``:
    hand cards only); ``traded``, the seats a deal through a copy of it was made with, in
    order (it stays open while its owner still holds what it gives, C13); ``declined``, the
    seats that passed ("not interested") leaving it untaken in this phase 2 (the log's
    ``not_taken``, issue 15)."""

    __slots__ = ("id", "owner", "give", "want", "to", "turn", "face_up", "traded", "declined")

    def __init__(self, id: int, owner: int, give: Side, want: Side, to: int | None = None,
                 turn: int = 0, face_up: dict[str, int] | None = None,
                 traded: tuple[int, ...] = (), declined: tuple[int, ...] = ()) -> None:
        self.id = id
        self.owner = owner
        self.give = give
        self.want = want
        self.to = to
        self.turn = turn
        self.face_up: dict[str, int] = face_up or {}
        self.traded = traded
        self.declined = declined

    def copy(self) -> Offer:
        """A copy whose sides may change apart (the story's fields are shared: see above)."""
        return Offer(self.id, self.owner, self.give if self.give == "?" else dict(self.give),
                     self.want if self.want == "?" else dict(self.want), self.to, self.turn,
                     self.face_up, self.traded, self.declined)

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


class GameState:
    """Everything one game holds (design.md §3; the canonical position is its dump), and the
    events of the action under way (``events``: a rule module logs an event by appending
    its record ``(kind, seat, values, secret)``, events.py).

    ``phase`` is ``plant`` (phase 1), ``trade`` (phase 2), ``plant_traded`` (phase 3) or
    ``over``; ``planted`` counts the cards planted from the hand in this phase 1; ``passed``
    holds the seats with a pass mark; ``rng`` is the generator state (rng.py); ``history``
    the coins per seat after each turn; ``changed`` what the actions changed since the views
    last asked (``Game.take_changes``; ``None``: anything, or nobody asks).

    The bean duel (rules.md §3a, duel.py) adds the phases ``plant_offer`` (step 1: the
    opponent's offer cards) and ``plant_revealed`` (step 3: the revealed cards); step 2 is
    ``plant``. There ``face_up`` holds the revealed cards in step 3 and, once step 3 ends, the
    cards left as the opponent's offer. ``removed`` holds the cards out of the game (the
    third field's coins in the duel, R25, C11; top at the end).
    """

    __slots__ = (
        "preset", "options", "rules", "start_seat", "active", "phase", "planted",
        "exhaustions", "deck", "discard", "face_up", "removed", "seats", "offers", "next_offer",
        "deal", "passed", "rng", "turn", "history", "result", "events", "revealed",
        "changed", "swept",
    )

    def __init__(self) -> None:
        self.preset = "classic"
        self.options: dict[str, Any] = {"hidden_money": False}
        self.rules: Rules = rules_for("classic", 3)
        self.start_seat = 0
        self.active = 0
        self.phase = "plant"
        self.planted = 0
        self.exhaustions = 0
        self.deck: list[str] = []       # top at the end
        self.discard: list[str] = []    # top at the end
        self.face_up: list[str] = []
        # the cards turned up in this phase 2, in order (R27): the places the face-up cards
        # keep as others leave (hints.face_up_places)
        self.revealed: list[str] = []
        self.removed: list[str] = []    # out of the game (duel: third-field coins)
        self.seats: list[Seat] = []
        self.offers: list[Offer] = []
        self.next_offer = 1
        self.deal: Deal | None = None
        self.passed: set[int] = set()
        self.rng = 0
        self.turn = 1
        self.history: list[list[int]] = []
        self.result: dict[str, Any] | None = None
        self.events: list[Any] = []   # the records of the action under way (events.py)
        # what the actions changed since ``Game.take_changes`` (None: anything, or not kept)
        self.changed: set[Any] | None = None
        # no offer is stale now (``Game.changes_alone``: set by ``apply`` only in a game that
        # changes through it alone; False: not known, as after loading a position)
        self.swept = False

    @property
    def n_seats(self) -> int:
        return len(self.seats)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def ending(self) -> bool:
        """The final exhaustion has happened (R37, R38)."""
        return self.exhaustions >= self.rules.passes_limit
