"""The game's public facade (design.md section 2; docs/engine-api.md): ``Game``.

``Game`` is the :class:`GameState` the rule modules work on, plus the API: dealing
(``Game.new``), positions, views and hints, and :meth:`Game.apply`, which hands each action to
its move (planting.py, phases.py, market.py) and then runs the turn flow (flow.py). An action
either applies completely or raises ``RuleError`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import duel, flow, market, phases, planting, position, view
from .actions import (
    Accept,
    Buy,
    Cancel,
    ClearSignals,
    Discard,
    Done,
    Harvest,
    Plant,
    PostOffer,
    Provide,
    Signal,
    Withdraw,
)
from .beans import BEANS
from .errors import RuleError
from .events import Event, EventLog
from .presets import check_player_count, rules_for
from .rng import below, shuffle
from .state import GameState, Seat
from .view import Changes, MarketMemo

_TRADING = (PostOffer, Accept, Provide, Withdraw, Cancel, Signal, ClearSignals)
"""The market's actions: refused in the bean duel (rules.md §3a: no trading, no gifts)."""


class Game(GameState):
    """A Bohnanza game. Create with ``Game.new`` or ``Game.from_position``."""

    __slots__ = ()

    log_type: type[EventLog] = EventLog
    """The list ``apply`` logs the action's events into and returns (``QuietGame``: one that
    keeps none)."""

    holdings_kept: frozenset[type] = frozenset()
    """Action types after which ``apply`` does not look for stale offers (C13, T28): none
    here. A game that only ever changes through ``apply`` from ``Game.new`` has no stale
    offer after any action, and an action that moves no card out of a hand or the face-up
    cards (``PostOffer``, ``Withdraw``, ``Harvest``, ``Buy``, the markers) cannot make one:
    ``SimGame`` (bot games in the engine) leaves the look out after those."""

    changes_alone: bool = False
    """Whether this game changes through ``apply`` alone, its cards never moved by hand (the
    game a server room hosts: ``games.bohnanza.RoomGame``). Then an ``apply`` leaves no stale
    offer behind (C13, T28: it looks after every action that may move a card out of a hand or
    the face-up cards, and the turn flow moves none out of a hand), so once an ``apply`` has
    run (``swept``) the next one leaves the look out after an action that moves no card
    (:data:`_MOVES_NO_CARD`). A game loaded from a position looks after its first action."""

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
            deck.extend([bean] * BEANS[bean][0])
        g.rng = shuffle(deck, g.rng)
        g.deck = deck  # top at the end
        if start_seat is None:
            g.rng, start_seat = below(n, g.rng)
        elif not 0 <= start_seat < n:
            raise RuleError("bad_seat", f"start seat must be 0-{n - 1}", "R2")
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
        flow.advance(g)
        g.events = []
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
        g.revealed = self.revealed[:]
        g.removed = self.removed[:]
        g.seats = [s.copy() for s in self.seats]
        g.offers = [o.copy() for o in self.offers]
        g.deal = self.deal.copy() if self.deal else None
        g.passed = set(self.passed)
        g.history = [h[:] for h in self.history]
        return g

    def rename_seat(self, seat: int, name: str) -> None:
        """Give ``seat`` a new display name (a bot takes it over)."""
        self.seats[seat].name = name
        if self.changed is not None:
            self.changed = None

    # ------------------------------------------------------------------ views and hints
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: spectators), built by whitelist (R41, R42)."""
        return view.build(self, seat)

    def views(self, viewers: list[int | None]) -> dict[int | None, dict[str, Any]]:
        """``{viewer: self.view(viewer)}`` for several viewers, sharing the public part
        (the returned views share unchanged sub-objects: treat them as read-only)."""
        return view.build_many(self, viewers)

    def view_parts(
        self, viewers: list[int | None], changes: Changes | None = None,
        memo: MarketMemo | None = None,
    ) -> tuple[dict[str, Any], dict[int | None, dict[str, Any]]]:
        """The views of ``viewers`` as ``(base, own)``: the view of ``v`` is
        ``{**base, **own[v]}`` (``own[v]`` holds ``signals`` and ``you``). For serialising
        many views at once, before the next command: both hold the game's own lists (not
        copies), so treat them as read-only and do not keep them. ``changes``: only what may
        have changed since the views were last built (``view.build_parts``); ``memo``: the
        seats' market parts as last built for this game (``view.MarketMemo``, held by the
        caller, one per game), taken again where what they are built from is the same."""
        return view.build_parts(self, viewers, changes=changes, memo=memo)

    def view_changes(self) -> Changes | None:
        """What may differ in the views since this was last asked (``take_changes`` read by
        ``view.changes_of``; ``None``: anything, as the first time)."""
        return view.changes_of(self, self.take_changes())

    plant_fields = planting.plant_fields
    """``game.plant_fields(seat, bean) -> list[int]``: 1-based fields of ``seat`` that can
    take ``bean`` now (R13, R14); the function itself, one call for a hint asked often."""

    harvestable = planting.harvestable_now
    """``game.harvestable(seat) -> list[int]``: 1-based fields ``seat`` may harvest now (R16
    timing in the duel, R17, R19); the function itself, one call for a hint asked often."""

    def face_up_fields(self, seat: int) -> list[list[int]]:
        """Duel steps 1 and 3: per face-up card (``u1`` first), the fields of ``seat`` that can
        take it now (rules.md §3a); ``[]`` otherwise."""
        return duel.face_up_fields(self, seat)

    def discardable(self, seat: int) -> list[str]:
        """Duel: the cards ``seat`` may ``/discard`` now (``"u1"``..., ``"h1"``...)."""
        return duel.discardable(self, seat)

    def can_buy(self, seat: int) -> bool:
        """Whether ``seat`` may buy the third field now (R21-R24)."""
        return planting.can_buy(self, seat)

    def buy_hint(self, seat: int) -> bool:
        """The board's buy hint (ignores the coins under ``hidden_money``, R42)."""
        return planting.buy_hint(self, seat)

    # ------------------------------------------------------------------ actions
    def apply(self, seat: int, action: object) -> list[Event]:
        """Apply ``action`` for ``seat``, then the turn flow; returns the events.
        Raises ``RuleError`` and changes nothing."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise RuleError("not_seated", "that seat does not play in this game")
        if self.phase == "over":
            raise RuleError("game_over", "the game is over", "R39")
        events = self.log_type()   # Event objects built only when read
        self.events = events
        moves = _DUEL_MOVES if self.rules.duel else _MOVES
        changed = self.changed
        if changed is not None:   # kept for the views (take_changes): what it was before
            was = (self.phase, self.active, self.turn, self.offers, len(self.offers),
                   len(self.passed), self.exhaustions, self.discard)
            parties = () if type(action) in _NO_PARTIES else _parties(self, seat, action)
        # one look-up instead of a chain of isinstance tests
        (moves.get(type(action)) or _move_of(action, moves))(self, seat, action)
        if self.offers:
            kind = type(action)
            if kind not in self.holdings_kept and not (self.swept and kind in _MOVES_NO_CARD):
                market.sweep_stale(self)
        phase = self.phase
        if phase == "plant":
            # flow.advance's test for phase 1, without the call: it rests while the active
            # player holds cards and may plant another (R26)
            if not self.seats[self.active].hand or (self.planted >= 2 and not self.rules.duel):
                flow.advance(self)
        elif phase == "plant_traded":
            # flow.advance's test for phase 3, without the call: it rests while a to-plant
            # area holds cards (R33)
            for s in self.seats:
                if s.to_plant:
                    break
            else:
                flow.advance(self)
        elif phase != "trade":   # phase 2 has no automatic step: a person always decides
            flow.advance(self)
        if changed is not None:
            touched = _TOUCHES.get(type(action))
            if touched is None or self.rules.duel:
                self.changed = None   # the duel (or an action not told): anything
            else:
                changed.update(touched)
                for i in parties:
                    changed.add(("seat", i))
                if type(action) is Signal or type(action) is ClearSignals:
                    changed.add(("marks", seat))
                if self.offers is not was[3] or len(self.offers) != was[4]:
                    changed.add("market")   # posted, withdrawn, taken or swept (C13)
                if len(self.passed) != was[5]:
                    changed.add("passed")   # a pass mark set, or cleared by a post: the
                    changed.add(("pass", seat))   # seat's own (every seat's: _new_phase)
                if self.phase != was[0] or self.turn != was[2]:  # (the active player
                    _new_phase(self, changed, was)               # moves with the turn)
        if self.changes_alone:
            self.swept = True
        return events

    def take_changes(self) -> set[Any] | None:
        """What the actions changed since the last call, for building only those parts of
        the views (``view.changes_of``; docs/engine-api.md "What changed"): a set of
        ``("seat", i)`` (seat ``i``'s hand, fields, coins or to-plant area), ``("marks", i)``
        (its markers), ``"market"`` (offers, the deal), ``"planted"``, ``"passed"`` (pass
        marks, R31, with ``("pass", i)`` for each seat whose mark moved), ``"discard"`` (the
        discard pile, the cards out of the game), ``"phase"`` (a new phase: what the flow
        moves, :func:`_new_phase`), ``"turn"`` (a new turn), ``"history"`` (it grew);
        ``None``: anything (the first call, a renamed seat, the duel, the draw pile run out
        or the game ended). Starts the next count: until the first call nothing is kept (no
        cost for bots' copies)."""
        out = self.changed
        self.changed = set()
        return out


def _new_phase(g: Game, changed: set[Any], was: tuple[Any, ...]) -> None:
    """What a new phase or turn moved (outside the duel), added to ``changed``; anything
    (``None``) when the draw pile ran out (R35-R38: a reshuffle or an exhaustion) or the game
    ended. The flow (flow.py) then moved no more than: the phase; the active player's hand
    (the phase-4 draw, R34) and to-plant area (the face-up cards left, R32): ``("seat",
    active)`` as it was; the face-up cards (turned up, R27) and the draw pile's count; the
    pass marks (cleared as phase 2 begins: ``"passed"``) and the offers' ``declined``; the
    planting count; and with a new turn the turn, the active player and the history (shown
    unless the coins are hidden, R42). ``"phase"`` says so (``view.changes_of``), ``"turn"``
    and ``"history"`` for a new turn; the seats whose to-plant area holds cards as phase 3
    begins now plant (R33: ``("seat", i)``); the pass marks cleared are ``"passed"``
    (``apply`` adds it) and ``("pass", i)`` for every seat."""
    if g.phase == "over" or g.exhaustions != was[6] or g.discard is not was[7]:
        g.changed = None
        return
    changed.add("phase")
    changed.add(("seat", was[1]))
    if g.turn != was[2]:
        changed.add("turn")
        if not g.options.get("hidden_money"):
            changed.add("history")
    elif g.phase == "plant_traded":
        for i, s in enumerate(g.seats):
            if s.to_plant:
                changed.add(("seat", i))
    if len(g.passed) != was[5]:  # a new phase 2 cleared the pass marks: any seat's
        for i in range(len(g.seats)):
            changed.add(("pass", i))
    if len(g.passed) != was[5]:
        changed.add("passed")


# ---------------------------------------------------------------------- the moves, by action
def _unknown(g: GameState, seat: int, a: object) -> None:
    raise RuleError("parse_error", f"unknown action {a!r}")


Move = Callable[[GameState, int, Any], None]

_MOVES: dict[type, Move] = {
    Plant: planting.plant,
    Discard: lambda g, seat, a: duel.discard(g, seat, a.card),
    Done: phases.done,
    Harvest: planting.harvest,
    Buy: lambda g, seat, a: planting.buy(g, seat),
    PostOffer: market.post,
    Accept: market.accept,
    Provide: market.provide,
    Withdraw: market.withdraw,
    Cancel: lambda g, seat, a: market.cancel(g, seat),
    Signal: market.signal_move,
    ClearSignals: market.clear_signals,
}
"""Each action type's move (the rule modules), ``(game, seat, action)``. ``Game.apply`` looks
the exact type up."""


_MOVES_NO_CARD: frozenset[type] = frozenset(
    {PostOffer, Withdraw, Harvest, Buy, Signal, ClearSignals})
"""Actions that move no card out of a hand or the face-up cards (a post's own side is checked
by ``market.post``; a harvest moves a field's cards): none can make an offer stale."""


_TOUCHES: dict[type, frozenset[str]] = {
    Signal: frozenset(), ClearSignals: frozenset(),           # ("marks", seat): see apply
    PostOffer: frozenset({"market"}),                          # R29, R30 (and "passed": apply)
    Withdraw: frozenset({"market"}), Cancel: frozenset({"market"}),
    Accept: frozenset({"market", "table"}),                    # R31: a deal may execute at once
    Provide: frozenset({"market", "table"}),                   # (face-up cards leave)
    Plant: frozenset({"planted"}),                             # R13, R14, R26, R33
    Harvest: frozenset({"discard"}), Buy: frozenset({"discard"}),   # R16-R24
    Done: frozenset({"passed"}),     # the pass mark, the offers it declines; else a new phase
}
"""What each action may change besides the seats :func:`_parties` names, while the phase and
the turn stay (``Game.take_changes``); an action not here: anything."""


_NO_PARTIES: frozenset[type] = frozenset({Signal, ClearSignals, Withdraw, Cancel, PostOffer, Done})
"""The actions whose parties (:func:`_parties`) are none."""


def _parties(g: GameState, seat: int, action: object) -> tuple[int, ...]:
    """The seats whose cards ``action`` by ``seat`` may move (before it is applied): its own,
    and for a deal the active player, the offer's owner and the deal's parties."""
    t = type(action)
    if t is Signal or t is ClearSignals or t is Withdraw or t is Cancel or t is PostOffer \
            or t is Done:
        return ()
    if t is Accept or t is Provide:
        out = {seat, g.active}
        for o in g.offers:
            if o.id == getattr(action, "offer", None):
                out.add(o.owner)
                if o.to is not None:
                    out.add(o.to)
        d = g.deal
        if d is not None:
            out.add(d.active)
            out.add(d.other)
        return tuple(out)
    return (seat,)


def _no_trading(g: GameState, seat: int, a: object) -> None:
    raise RuleError("no_trading", "there is no trading and no gift in the 2-player bean duel",
                    "§3a")


_DUEL_MOVES: dict[type, Move] = {
    **_MOVES, **{cls: _no_trading for cls in _TRADING}, Done: duel.done,
}
"""The bean duel's moves: its own ``/done``; the market's actions refused (rules.md §3a)."""


def _move_of(action: object, moves: dict[type, Move]) -> Move:
    """The move of an instance of a subclass of an action type; ``_unknown`` for anything
    else (``parse_error``)."""
    for cls, move in moves.items():
        if isinstance(action, cls):
            return move
    return _unknown
