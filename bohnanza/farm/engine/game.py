"""The farm game: state, the action dispatcher and the automatic steps (farm-rules.md §1).

``FarmGame.apply(seat, action)`` applies an action completely or raises ``RuleError`` and
changes nothing. Afterwards the automatic steps run until a person must decide: the end of the
preparation phase when all but one have declared (F22), the harvest order (F23), the next
harvest turn, the contest phase (F33-F40), returning the turn-order cards (G17), the next turn
and cycle with its schedule (F8-F10), rescue cards (G23), the end after the last cycle (F3,
G30). Automatic steps never run when a position is loaded.
"""

from __future__ import annotations

from typing import Any

from bohnanza.engine.errors import RuleError
from bohnanza.engine.rng import shuffle

from . import contest, final, harvest, position, prep, view
from .actions import Adjust, Done, Draw, Enter, Plant, Ship, Synth, Transform, Upgrade
from .events import Event
from .rules import FACILITIES, Rules, params_hash, rules_from_params
from .state import Seat

_RULES: dict[str, Rules] = {}
"""Rules by parameter hash: the same numbers give the same (immutable) rules."""

PHASES = ("prep", "harvest", "over")
"""Where a game can rest. The contest phase is automatic and never rests."""


class FarmGame:
    """A farm game. Create with :meth:`new` or :meth:`from_position`."""

    __slots__ = (
        "params", "params_name", "params_hash", "rules", "seats", "piles", "discards",
        "phase", "cycle", "turn", "schedule", "order_stack", "harvest_order", "active",
        "entries", "contests", "history", "rng", "result", "_events",
    )

    def __init__(self, params: dict[str, Any], name: str | None = None) -> None:
        self.params = params
        self.params_name = name if name is not None else str(params.get("name", "custom"))
        self.params_hash = params_hash(params)
        rules = _RULES.get(self.params_hash)
        if rules is None:
            rules = rules_from_params(params)
            if len(_RULES) >= 32:
                _RULES.clear()
            _RULES[self.params_hash] = rules
        self.rules: Rules = rules
        self.seats: list[Seat] = []
        self.piles: dict[str, list[str]] = {k: [] for k in self.rules.pile_keys()}
        self.discards: dict[str, list[str]] = {k: [] for k in self.rules.pile_keys()}
        self.phase = "prep"
        self.cycle = 1
        self.turn = 1
        self.schedule: list[dict[str, Any]] = []
        self.order_stack: list[int] = []
        self.harvest_order: list[int] = []
        self.active: int | None = None
        self.entries: list[tuple[int, int]] = []
        self.contests: list[dict[str, Any]] = []
        self.history: list[dict[str, Any]] = []
        self.rng = 0
        self.result: dict[str, Any] | None = None
        self._events: list[Event] = []

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(cls, params: dict[str, Any], names: list[str], seed: int,
            params_name: str | None = None) -> FarmGame:
        """Set up a game (F4-F10, G4, G17): ``params`` a full, validated parameter dict
        (``bohnanza.farm.params``), one name per seat, a seed for every shuffle.

        Raises ``RuleError``: ``bad_params``, ``bad_player_count`` (G18), ``deck_too_small``
        (not enough start-level cards to deal, G4)."""
        g = cls(params, params_name)
        rules = g.rules
        n = len(names)
        if not rules.players_min <= n <= rules.players_max:
            raise RuleError("bad_player_count", f"this game is for {rules.players_min}-"
                            f"{rules.players_max} players, not {n}", "G18")
        g.rng = seed & ((1 << 64) - 1)
        start = [c for c in rules.deck if rules.card(c).level == rules.start_level]
        rest = [c for c in rules.deck if rules.card(c).level != rules.start_level]
        if len(start) < n * rules.start_count:
            raise RuleError("deck_too_small", f"{n} players need {n * rules.start_count} "
                            f"level-{rules.start_level} cards; the deck has {len(start)}", "G4")
        g.rng = shuffle(start, g.rng)
        g.seats = [Seat(name, [], [None] * rules.max_bases[0],
                        {k: 1 for k in FACILITIES}, rules.start_cost) for name in names]
        for _ in range(rules.start_count):          # G4: one card at a time, seat order
            for s in g.seats:
                s.hand.append(start.pop())
        for s in g.seats:
            if not rules.hand_ordered:
                s.hand.sort(key=rules.sort_key)
        for c in start + rest:
            g.piles[rules.pile_of(c)].append(c)
        for key in rules.pile_keys():
            g.rng = shuffle(g.piles[key], g.rng)
        g.order_stack = list(range(1, n + 1))
        g._events = []
        g._start_cycle()
        g._start_prep()
        g._events = []
        return g

    @classmethod
    def from_position(cls, p: dict[str, Any]) -> FarmGame:
        """Load a canonical position (``params`` required); runs no automatic step. Raises
        ``RuleError("bad_position" | "bad_params" | "no_such_card")``."""
        return position.load(p)

    def to_position(self) -> dict[str, Any]:
        """The canonical position, hidden information included (docs/farm.md)."""
        return position.dump(self)

    def clone(self) -> FarmGame:
        """An independent copy."""
        return position.load(position.dump(self))

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
    def turn_number(self) -> int:
        """The game-wide turn, 1 to cycles x turns per cycle."""
        return (self.cycle - 1) * self.rules.turns_per_cycle + self.turn

    def rename_seat(self, seat: int, name: str) -> None:
        """Give ``seat`` a new display name (a bot takes it over)."""
        self.seats[seat].name = name

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: spectators), built by whitelist (G31)."""
        return view.build(self, seat)

    def views(self, viewers: list[int | None]) -> dict[int | None, dict[str, Any]]:
        """``{viewer: self.view(viewer)}``, the public part built once (shared: read-only)."""
        base = view.public(self)
        return {v: {**base, "you": view.you(self, v)} for v in viewers}

    def must_act(self, seat: int) -> bool:
        """Whether the game waits for ``seat`` (preparation not declared, or its harvest turn)."""
        if self.phase == "prep":
            return not self.seats[seat].done
        return self.phase == "harvest" and seat == self.active

    # ------------------------------------------------------------------ actions
    def apply(self, seat: int, action: object) -> list[Event]:
        """Apply ``action`` for ``seat``; returns the events. Raises ``RuleError``."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise RuleError("not_seated", "that seat does not play in this game")
        if self.phase == "over":
            raise RuleError("game_over", "the game is over", "F3")
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise RuleError("parse_error", f"unknown action {action!r}")
        events: list[Event] = []
        self._events = events
        handler(self, seat, action)
        self._advance()
        return events

    def expire_preparation(self) -> list[Event]:
        """The preparation time limit ran out (G19; the server keeps the clock): every seat
        that has not declared takes the remaining turn-order cards in seat order and is done.
        Raises ``RuleError("wrong_phase")`` outside the preparation phase."""
        if self.phase != "prep":
            raise RuleError("wrong_phase", "no preparation phase is running", "G19")
        events: list[Event] = []
        self._events = events
        for i, s in enumerate(self.seats):
            if not s.done:
                prep.declare(self, i, forced=True)
        self._advance()
        return events

    def emit(self, kind: str, seat: int | None = None, data: dict[str, Any] | None = None,
             secret: dict[str, Any] | None = None) -> None:
        self._events.append(Event(kind, seat, data, secret))

    def _done(self, seat: int) -> None:
        if self.phase == "prep":
            prep.check_prep(self, seat)
            prep.declare(self, seat)
        else:
            harvest.adjust(self, seat, Adjust(()))

    # ------------------------------------------------------------------ automatic steps
    def _advance(self) -> None:
        if self.phase == "prep":
            n = len(self.seats)
            if sum(1 for s in self.seats if s.done) >= n - 1:
                for i, s in enumerate(self.seats):   # F22: the last player is done at once
                    if not s.done:
                        prep.declare(self, i, forced=True)
                self._begin_harvest()

    def _start_cycle(self) -> None:
        self.schedule = contest.new_schedule(self)
        self.emit("schedule", None, {"cycle": self.cycle,
                                     "level": self.rules.contest_level(self.cycle),
                                     "contests": [dict(c) for c in self.schedule]})

    def _start_prep(self) -> None:
        rules = self.rules
        self.phase = "prep"
        self.emit("turn", None, {"cycle": self.cycle, "turn": self.turn,
                                 "turn_number": self.turn_number})
        for i, s in enumerate(self.seats):
            s.done = False
            s.order_card = None
            s.step = 0
            s.rescue = 0
            if rules.rescue_count > 0 and not s.hand and not s.bases():
                s.rescue = rules.rescue_count
                self.emit("rescue", i, {"count": s.rescue})

    def _begin_harvest(self) -> None:
        order = sorted(range(len(self.seats)),
                       key=lambda i: -(self.seats[i].order_card or 0))   # F23
        self.harvest_order = order
        self.phase = "harvest"
        self.active = order[0]
        self.emit("harvest", None, {"order": order[:]})

    def end_harvest_turn(self) -> None:
        """The active seat adjusted its hand (F32): the next seat harvests, or the turn ends."""
        assert self.active is not None
        k = self.harvest_order.index(self.active)
        if k + 1 < len(self.harvest_order):
            self.active = self.harvest_order[k + 1]
            return
        self._end_turn()

    def _end_turn(self) -> None:
        contest.run(self)                                 # F33-F40 (none in turn 1, G21)
        rules = self.rules
        if not rules.field_persist:                       # G13 variant, docs/farm.md D11
            for i, s in enumerate(self.seats):
                gone = [c for _, b in s.bases() if not b.entered for c in b.cards()]
                if gone:
                    for slot, b in s.bases():
                        if not b.entered:
                            s.field[slot - 1] = None
                    from . import piles
                    piles.discard(self, gone)
                    self.emit("discard_field", i, {"cards": gone})
        self.history.append({
            "turn": self.turn_number,
            "grades": [[s.grades[k] for k in FACILITIES] for s in self.seats],
            "vp": [s.vp for s in self.seats],
            "cost": [s.cost for s in self.seats],
            "earned": [s.earned for s in self.seats],
        })
        n = len(self.seats)
        self.order_stack = list(range(1, n + 1))          # G17: back on the stack, 1 on top
        for s in self.seats:
            s.order_card = None
        self.harvest_order = []
        self.active = None
        if self.turn_number >= rules.turns_total:
            self._finish()
            return
        self.turn += 1
        if self.turn > rules.turns_per_cycle:
            self.turn = 1
            self.cycle += 1
            self._start_cycle()
        self._start_prep()

    def _finish(self) -> None:
        """Most VP wins (F3); ties by the end tie-break list (G30). The result carries the
        final table in the rules' order (``standings``, docs/farm.md D21)."""
        scores = [s.vp for s in self.seats]
        tied, used = final.winners(self.rules, self.seats)
        self.phase = "over"
        # the result says which numbers were played (issue 17: name and hash of the set)
        self.result = {"scores": scores, "winners": tied, "cost": [s.cost for s in self.seats],
                       "tiebreak": used, "standings": final.standings(self.rules, self.seats),
                       "params_name": self.params_name, "params_hash": self.params_hash}
        self.emit("game_over", None, {"winners": tied[:], "scores": scores[:],
                                      "best": max(scores),
                                      "tiebreak": used, "params_name": self.params_name,
                                      "params_hash": self.params_hash})


_HANDLERS: dict[type, Any] = {
    Transform: prep.transform,
    Plant: prep.plant,
    Synth: prep.synth,
    Draw: prep.draw,
    Done: lambda g, seat, a: g._done(seat),
    Ship: harvest.ship,
    Upgrade: harvest.upgrade,
    Enter: harvest.enter,
    Adjust: harvest.adjust,
}
