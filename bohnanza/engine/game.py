"""The game: state, the action dispatcher and the automatic steps (design.md section 2).

``Game.apply(seat, action)`` either applies an action completely or raises ``RuleError`` and
changes nothing; afterwards the automatic steps run until a person must decide: ending phase 1
(R26), turning up 2 cards (R27), moving unclaimed face-up cards to the to-plant area (R32),
ending phase 3 (R33), the phase-4 draw (R34), reshuffles and exhaustions (R35-R38), the final
harvest and scoring (R39, R40).
"""

from __future__ import annotations

from typing import Any

from . import market, planting, position, scoring, view
from .actions import (
    Accept,
    Buy,
    Cancel,
    ClearSignals,
    Done,
    Harvest,
    Plant,
    PostOffer,
    Provide,
    Signal,
    Withdraw,
)
from .errors import RuleError
from .events import Event
from .presets import Rules, check_player_count, rules_for
from .rng import below, shuffle
from .state import Deal, Offer, Seat

PHASES = ("plant", "trade", "plant_traded", "over")


class Game:
    """A Bohnanza game. Create with ``Game.new`` or ``Game.from_position``."""

    __slots__ = (
        "preset", "options", "rules", "start_seat", "active", "phase", "planted",
        "exhaustions", "deck", "discard", "face_up", "seats", "offers", "next_offer", "deal",
        "passed", "rng", "turn", "history", "result", "_events",
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
        self.seats: list[Seat] = []
        self.offers: list[Offer] = []
        self.next_offer = 1
        self.deal: Deal | None = None
        self.passed: set[int] = set()
        self.rng = 0
        self.turn = 1
        self.history: list[list[int]] = []
        self.result: dict[str, Any] | None = None
        self._events: list[Event] = []

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, preset: str, names: list[str], seed: int,
            options: dict[str, Any] | None = None, start_seat: int | None = None) -> Game:
        """Deal a new game (R1-R7). Raises ``RuleError`` (``bad_player_count``,
        ``unknown_preset``, ``bad_seat``)."""
        n = len(names)
        check_player_count(preset, n)
        g = cls()
        g.preset = preset
        g.options = {"hidden_money": False}
        if options:
            g.options.update(options)
        g.rules = rules_for(preset, n, g.options)
        g.rng = seed & ((1 << 64) - 1)
        deck: list[str] = []
        for bean in g.rules.types:
            from .beans import BEANS
            deck.extend([bean] * BEANS[bean][0])
        g.rng = shuffle(deck, g.rng)
        g.deck = deck  # top at the end
        if start_seat is None:
            g.rng, start_seat = below(n, g.rng)
        elif not 0 <= start_seat < n:
            raise RuleError("bad_seat", f"start seat must be 0-{n - 1}")
        g.start_seat = start_seat
        g.seats = [Seat(name, [], [None] * g.rules.start_fields, [], []) for name in names]
        # R4: one card at a time, clockwise from the start seat; the first card is the front.
        sizes = g.rules.hand_sizes
        for r in range(max(sizes)):
            for k in range(n):
                if sizes[k] > r:
                    g.seats[(start_seat + k) % n].hand.append(g.deck.pop())
        g.active = start_seat
        g.phase = "plant"
        g._advance()
        g._events = []
        return g

    @classmethod
    def from_position(cls, p: dict[str, Any]) -> Game:
        """Load a (possibly partial) canonical position; runs no automatic step."""
        return position.load(cls(), p)

    def to_position(self) -> dict[str, Any]:
        """The canonical position (design.md §3), hidden information included."""
        return position.dump(self)

    def clone(self) -> Game:
        """An independent copy (for bots that try actions)."""
        g = Game()
        for name in ("preset", "rules", "start_seat", "active", "phase", "planted",
                     "exhaustions", "next_offer", "rng", "turn", "result"):
            setattr(g, name, getattr(self, name))
        g.options = dict(self.options)
        g.deck = self.deck[:]
        g.discard = self.discard[:]
        g.face_up = self.face_up[:]
        g.seats = [s.copy() for s in self.seats]
        g.offers = [Offer(o.id, o.owner, o.give if o.give == "?" else dict(o.give),
                          o.want if o.want == "?" else dict(o.want)) for o in self.offers]
        g.deal = self.deal.copy() if self.deal else None
        g.passed = set(self.passed)
        g.history = [h[:] for h in self.history]
        return g

    # ------------------------------------------------------------------ properties
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

    def rename_seat(self, seat: int, name: str) -> None:
        """Give ``seat`` a new display name (a bot takes it over)."""
        self.seats[seat].name = name

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: spectators), built by whitelist (R41, R42)."""
        return view.build(self, seat)

    def views(self, viewers: list[int | None]) -> dict[int | None, dict[str, Any]]:
        """``{viewer: self.view(viewer)}`` for several viewers, sharing the public part
        (the returned views share unchanged sub-objects: treat them as read-only)."""
        return view.build_many(self, viewers)

    def view_parts(
        self, viewers: list[int | None]
    ) -> tuple[dict[str, Any], dict[int | None, dict[str, Any]]]:
        """The views of ``viewers`` as ``(base, own)``: the view of ``v`` is
        ``{**base, **own[v]}`` (``own[v]`` holds ``signals`` and ``you``). For serialising
        many views at once, before the next command: both hold the game's own lists (not
        copies), so treat them as read-only and do not keep them."""
        return view.build_parts(self, viewers)

    # hints shared by views and bots
    def plant_fields(self, seat: int, bean: str) -> list[int]:
        """1-based fields of ``seat`` that can take ``bean`` now (R13, R14)."""
        return planting.fields_for(self, self.seats[seat], bean)

    def harvestable(self, seat: int) -> list[int]:
        """1-based fields ``seat`` may harvest now (R17, R19)."""
        if self.phase == "over":
            return []
        return planting.harvestable(self, self.seats[seat])

    def can_buy(self, seat: int) -> bool:
        """Whether ``seat`` may buy the third field now (R21-R24)."""
        cost = self.rules.third_field_cost
        s = self.seats[seat]
        return (self.phase != "over" and cost is not None and len(s.fields) < 3
                and len(s.coins) >= cost)

    def buy_hint(self, seat: int) -> bool:
        """The board's buy hint: ``can_buy``, except that under ``hidden_money`` it does not
        look at the coins, since even one's own total is hidden (R42)."""
        if not self.options.get("hidden_money"):
            return self.can_buy(seat)
        cost = self.rules.third_field_cost
        return self.phase != "over" and cost is not None and len(self.seats[seat].fields) < 3

    # ------------------------------------------------------------------ actions
    def apply(self, seat: int, action: object) -> list[Event]:
        """Apply ``action`` for ``seat``; returns the events. Raises ``RuleError``."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise RuleError("not_seated", "that seat does not play in this game")
        if self.phase == "over":
            raise RuleError("game_over", "the game is over", "R39")
        events: list[Event] = []
        self._events = events
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise RuleError("parse_error", f"unknown action {action!r}")
        handler(self, seat, action)
        if self.offers:
            market.sweep_stale(self)
        self._advance()
        return events

    def _clear_signals(self, seat: int) -> None:
        s = self.seats[seat]
        s.want.clear()
        s.have.clear()

    def emit(self, kind: str, seat: int | None = None, data: dict[str, Any] | None = None,
             secret: dict[str, Any] | None = None) -> None:
        self._events.append(Event(kind, seat, data, secret))

    def _done(self, seat: int) -> None:
        phase = self.phase
        if phase == "plant":
            if seat != self.active:
                raise RuleError("not_your_turn", "only the active player ends phase 1", "R26")
            if self.planted == 0:
                raise RuleError("must_plant_first",
                                "plant the front card of your hand first", "R26")
            self._reveal()
        elif phase == "trade":
            if seat != self.active:
                self.passed.add(seat)
                self.emit("pass", seat)
                return
            if self.deal is not None:
                raise RuleError("deal_in_progress",
                                "finish or /cancel the deal before ending phase 2", "R31")
            s = self.seats[seat]
            s.to_plant.extend(self.face_up)   # R32: in order, to the back
            self.face_up = []
            self.phase = "plant_traded"
            self.emit("phase", seat, {"phase": "plant_traded"})
        else:
            raise RuleError("wrong_phase", "phase 3 ends by itself once every received card "
                            "is planted", "R33")

    # ------------------------------------------------------------------ automatic steps
    def _advance(self) -> None:
        while True:
            phase = self.phase
            if phase == "plant":
                hand = self.seats[self.active].hand
                if not hand or self.planted >= 2:
                    self._reveal()
                    continue
                return
            if phase == "plant_traded":
                for s in self.seats:
                    if s.to_plant:
                        return
                if self.ending:
                    self._finish()
                    return
                self._phase4()
                continue
            return

    def _reveal(self) -> None:
        """Phase 2 begins: turn up 2 cards (R27, R35, R38); pass marks clear."""
        self.phase = "trade"
        self.passed.clear()
        cards: list[str] = []
        for _ in range(2):
            if self.ending:
                break
            card = self._take()
            if card is not None:
                self.face_up.append(card)
                cards.append(card)
        self.emit("reveal", self.active, {"cards": cards})

    def _phase4(self) -> None:
        """Draw to the back of the hand (R34); the final exhaustion ends at once (R38)."""
        a = self.active
        hand = self.seats[a].hand
        drawn: list[str] = []
        for _ in range(self.rules.phase4_draw):
            card = self._take()
            if card is not None:
                hand.append(card)
                drawn.append(card)
            if self.ending:
                break
        self.emit("draw", a, {"count": len(drawn)}, {"cards": drawn})
        if self.ending:
            self._finish()
            return
        self.history.append([len(s.coins) for s in self.seats])
        self.turn += 1
        self.active = (a + 1) % len(self.seats)
        self.phase = "plant"
        self.planted = 0
        self.emit("turn", self.active)

    def _take(self) -> str | None:
        """Take the top card of the draw pile, handling exhaustion (R35, R36)."""
        if not self.deck:
            if self.discard:
                self._reshuffle()      # [house] T41: no exhaustion counted
            else:
                self._exhaust()        # [house] T40: the draw fails
                return None
        card = self.deck.pop()
        if not self.deck:
            self._exhaust()
            if not self.ending and self.discard:
                self._reshuffle()
        return card

    def _exhaust(self) -> None:
        self.exhaustions += 1
        self.emit("exhaustion", None, {"exhaustions": self.exhaustions,
                                        "limit": self.rules.passes_limit})

    def _reshuffle(self) -> None:
        cards = self.discard
        self.discard = []
        self.rng = shuffle(cards, self.rng)
        self.deck = cards
        self.emit("reshuffle", None, {"count": len(cards)})

    def _finish(self) -> None:
        scoring.finish(self)


_HANDLERS: dict[type, Any] = {
    Plant: planting.plant,
    Harvest: lambda g, seat, a: planting.harvest(g, seat, a.field),
    Done: lambda g, seat, a: g._done(seat),
    Buy: lambda g, seat, a: planting.buy(g, seat),
    PostOffer: lambda g, seat, a: market.post(g, seat, a.give, a.want),
    Accept: lambda g, seat, a: market.accept(g, seat, a.offer),
    Provide: lambda g, seat, a: market.provide(g, seat, a.cards),
    Withdraw: lambda g, seat, a: market.withdraw(g, seat, a.offer),
    Cancel: lambda g, seat, a: market.cancel(g, seat),
    Signal: lambda g, seat, a: market.signal(g, seat, a.kind, a.bean),
    ClearSignals: lambda g, seat, a: g._clear_signals(seat),
}
