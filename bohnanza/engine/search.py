"""Engine support for search bots (issue 15; docs/engine-api.md, "Search support").

* :class:`QuietGame` / :func:`quiet_clone`: a cheap copy of a game whose actions log no
  events (its event list keeps nothing); ``apply`` keeps every rule check (RuleError, nothing
  changed).
* :func:`determinize`: a ``QuietGame`` built from one seat's view (``Game.view(seat)``) plus
  a random sample of the cards that view hides (other hands, the draw pile, the discard
  pile below its top card, coins and removed cards), consistent with every public fact:
  counts per zone, the catalogue, the cards other seats offer in their open offers (R29,
  C13) or owe in the pending deal (R31). It reads only the view (R41, R42).
* :func:`legal_actions`: the abstract actions a seat may take now, each one the engine
  accepts: plants, harvests, the third field, ``Done``, accepting each acceptable offer,
  providing the cards of the pending deal (the fitting cards, hand first), and a small set of
  generated offers (one-for-one swaps for a bean the seat grows, pairs, gifts).
"""

from __future__ import annotations

import random
from typing import Any

from . import duel, flow, market, phases, planting
from .actions import (
    Accept,
    Buy,
    Cancel,
    CardRef,
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
from .events import EventLog
from .game import Game
from .presets import rules_for
from .state import Deal, Offer, Seat


class NoLog(EventLog):
    """An event list that keeps nothing: ``append`` drops the record (``QuietGame``)."""

    __slots__ = ()

    def append(self, record: Any) -> None:
        return None


class QuietGame(Game):
    """A ``Game`` that logs no events: the fast path for rollouts and search."""

    __slots__ = ()

    log_type = NoLog


class SimGame(QuietGame):
    """A ``QuietGame`` for whole bot games from ``Game.new`` (``bohnanza simulate``):
    ``apply`` looks for stale offers (C13, T28) only after an action that may move a card
    out of a hand or the face-up cards, not after ``PostOffer`` (its own side was checked),
    ``Withdraw``, ``Harvest``, ``Buy``, the markers (``Game.holdings_kept``) or a ``Plant``
    of phase 3 (from a to-plant area, :meth:`apply`). Exact only
    for a game that changes through ``apply`` alone, as it has no stale offer after any
    action; a game whose cards are moved by hand or built from a view (``determinize``)
    needs ``QuietGame``.

    ``off_market`` counts the actions ``apply`` has taken (or tried) other than ``PostOffer``,
    ``Withdraw`` and a ``Plant`` of phase 3: while it stands still in one phase of one turn,
    only the open offers and the pass marks can have changed, and cards planted from a
    to-plant area into the same seat's fields (R33): no card has left or joined the public
    cards of a bean, which a bot may rely on to repeat a decision instead of deciding again
    (``GreedyPolicy``)."""

    __slots__ = ("off_market",)

    holdings_kept = frozenset({PostOffer, Withdraw, Harvest, Buy, Signal, ClearSignals})

    def __init__(self) -> None:
        super().__init__()
        self.off_market = 0

    def apply(self, seat: int, action: object) -> list[Any]:
        """``Game.apply``, counting ``off_market``. Short paths with the same checks and
        moves, while no view keeps ``changed`` (outside the bean duel):

        * ``PostOffer`` and ``Withdraw`` in phases 1, 2 and 3 (``market.post``,
          ``market.withdraw``; R28-R30) and the pass mark (``Done`` of a seat that is not
          active) in phase 2 (``phases.done``, R32): they move no card, so they make no
          stale offer, and the flow would not move: phase 2 has no automatic step, phase 1
          rests while the active player holds cards and has planted fewer than two (R26),
          phase 3 while a to-plant area holds cards (R33), and none of them changes that;
        * a ``Plant`` of phase 3 (``planting.plant``, R33), then the flow's step of phase 3:
          it moves a card from a to-plant area into the same seat's field, and the face-up
          cards are gone in phase 3 (R32), so no hand or face-up card has moved and no
          offer can have gone stale (the look for stale offers, C13, would find none in a
          game changed through ``apply`` alone, which leaves none after any action)."""
        kind = type(action)
        if kind is PostOffer or kind is Withdraw:
            if self.phase in _RESTING and self.changed is None and type(seat) is int \
                    and 0 <= seat < len(self.seats) and not self.rules.duel:
                self.events = events = _NO_EVENTS
                if kind is PostOffer:
                    market.post(self, seat, action)  # type: ignore[arg-type]
                else:
                    market.withdraw(self, seat, action)  # type: ignore[arg-type]
                return events
        elif kind is Done:
            self.off_market += 1
            if self.phase == "trade" and self.changed is None and type(seat) is int \
                    and 0 <= seat < len(self.seats) and seat != self.active:
                # the pass mark (R32): no card moves, no new phase
                self.events = events = _NO_EVENTS
                phases.done(self, seat, action)
                return events
        elif kind is not Plant or self.phase != "plant_traded":
            self.off_market += 1
        elif self.changed is None and type(seat) is int and 0 <= seat < len(self.seats) \
                and not self.rules.duel:
            self.events = events = _NO_EVENTS
            planting.plant(self, seat, action)  # type: ignore[arg-type]
            for s in self.seats:            # Game.apply's step of phase 3
                if s.to_plant:
                    return events
            flow.advance(self)
            return events
        return Game.apply(self, seat, action)


_RESTING = ("trade", "plant", "plant_traded")
"""The phases in which posting or withdrawing an offer leaves the flow where it is
(``SimGame.apply``)."""


_NO_EVENTS = NoLog()
"""The events ``SimGame.apply``'s short path returns: always empty (``NoLog`` keeps
nothing), so one list serves every action."""


def quiet_clone(g: Game) -> QuietGame:
    """An independent copy of ``g`` (no event log, history shared row by row: rows are never
    changed once written) whose ``apply`` logs nothing."""
    q = QuietGame()
    q.preset, q.rules, q.start_seat, q.active = g.preset, g.rules, g.start_seat, g.active
    q.phase, q.planted, q.exhaustions = g.phase, g.planted, g.exhaustions
    q.next_offer, q.rng, q.turn, q.result = g.next_offer, g.rng, g.turn, g.result
    q.options = dict(g.options)
    q.deck = g.deck[:]
    q.discard = g.discard[:]
    q.face_up = g.face_up[:]
    q.revealed = g.revealed[:]
    q.removed = g.removed[:]
    q.seats = [s.copy() for s in g.seats]
    q.offers = [o.copy() for o in g.offers]
    q.deal = g.deal.copy() if g.deal else None
    q.passed = set(g.passed)
    q.history = g.history[:]
    q.events = NoLog()
    return q


def _take(pool: list[str], bean: str) -> bool:
    try:
        pool.remove(bean)
    except ValueError:
        return False
    return True


def unseen_cards(view: dict[str, Any]) -> list[str]:
    """The cards whose place the view does not show: the catalogue minus every field,
    to-plant area, face-up card, the viewer's hand and the top of the discard pile."""
    left = {c["bean"]: int(c["count"]) for c in view["catalogue"]}

    def see(b: str, k: int = 1) -> None:
        left[b] = left.get(b, 0) - k

    for s in view["seats"]:
        for f in s["fields"]:
            if f is not None:
                see(f[0], int(f[1]))
        for b in s["to_plant"]:
            see(b)
    for b in view["face_up"]:
        see(b)
    you = view.get("you")
    if you is not None:
        for b in you["hand"]:
            see(b)
    if view.get("discard_top"):
        see(view["discard_top"])
    return [b for b, k in sorted(left.items()) for _ in range(max(0, k))]


def determinize(view: dict[str, Any], rng: random.Random) -> QuietGame:
    """A game consistent with ``view`` (a seat's view), its hidden cards drawn with ``rng``
    (module docstring). Deterministic in ``view`` and the state of ``rng``."""
    me = int(view["you"]["seat"])
    pool = unseen_cards(view)
    rng.shuffle(pool)
    n = len(view["seats"])
    # cards other seats must hold: their open offers' give sides and what they owe a deal
    need: list[dict[str, int]] = [{} for _ in range(n)]
    for o in view["offers"]:
        give = o["give"]
        if give == "?" or o["owner"] == me:
            continue
        req = need[o["owner"]]
        for b, k in give.items():
            req[b] = max(req.get(b, 0), int(k))
    deal = view.get("deal")
    if deal is not None:
        for k, owes in deal["owes"].items():
            seat = int(k)
            if seat == me:
                continue
            for b, c in owes.items():
                need[seat][b] = max(need[seat].get(b, 0), int(c))
    hands: list[list[str]] = [[] for _ in range(n)]
    for i, s in enumerate(view["seats"]):
        if i == me:
            hands[i] = list(view["you"]["hand"])
            continue
        count = int(s["hand_count"])
        for b, k in need[i].items():
            face = view["face_up"].count(b) if i == view["active"] else 0
            for _ in range(max(0, k - face)):
                if len(hands[i]) < count and _take(pool, b):
                    hands[i].append(b)
        while len(hands[i]) < count and pool:
            hands[i].append(pool.pop())
        rng.shuffle(hands[i])
    deck = [pool.pop() for _ in range(min(int(view["deck_count"]), len(pool)))]
    below = max(0, int(view["discard_count"]) - (1 if view.get("discard_top") else 0))
    discard = [pool.pop() for _ in range(min(below, len(pool)))]
    if view.get("discard_top"):
        discard.append(view["discard_top"])
    removed = [pool.pop() for _ in range(min(int(view.get("removed_count") or 0), len(pool)))]
    coins: list[list[str]] = [[] for _ in range(n)]
    known = [s["coins"] for s in view["seats"]]
    for i in range(n):
        if known[i] is not None:
            coins[i] = [pool.pop() for _ in range(min(int(known[i]), len(pool)))]
    k = 0
    while pool:  # hidden money: the coins no view shows, spread round the table
        coins[k % n].append(pool.pop())
        k += 1
    g = QuietGame()
    g.preset = view["preset"]
    options: dict[str, Any] = {"hidden_money": bool(view["options"].get("hidden_money"))}
    r = view["rules"]
    if r.get("duel_base"):
        options["duel_base"] = r["duel_base"]
    options.update(protection_rule=r["protection_rule"],
                   allow_gift_requests=r["allow_gift_requests"],
                   allow_duplicate_variety=r["allow_duplicate_variety"],
                   # the config keys of rules.md §4 the view shows (presets.rules_for)
                   tiebreak=r["tiebreak"], field_payment_to=r["field_payment_to"],
                   passes_limit=view["passes_limit"],
                   third_field_cost=view["third_field_cost"])
    g.options = options
    g.rules = rules_for(g.preset, n, options)
    g.start_seat, g.active, g.phase = view["start_seat"], view["active"], view["phase"]
    g.planted, g.exhaustions, g.turn = view["planted"], view["exhaustions"], view["turn"]
    g.deck, g.discard, g.removed = deck, discard, removed
    g.face_up = list(view["face_up"])
    g.seats = []
    for i, s in enumerate(view["seats"]):
        g.seats.append(Seat(s["name"], hands[i], [None if f is None else [f[0], int(f[1])]
                                                  for f in s["fields"]], coins[i],
                            list(s["to_plant"])))
    g.offers = [Offer(o["id"], o["owner"], o["give"] if o["give"] == "?" else dict(o["give"]),
                      o["want"] if o["want"] == "?" else dict(o["want"]), o.get("to"),
                      o.get("turn", 0)) for o in view["offers"]]
    g.next_offer = max((o.id for o in g.offers), default=0) + 1
    g.passed = {i for i, s in enumerate(view["seats"]) if s["passed"]}
    g.history = [list(h) for h in view.get("history") or []]
    g.rng = rng.getrandbits(64)
    g.deal = None
    if deal is not None:
        d = Deal(deal["offer"], deal["active"], deal["other"],
                 {int(k): dict(v) for k, v in deal["owes"].items()},
                 {int(k): None for k in deal["owes"]})
        g.deal = d
        for k, done in deal["provided"].items():
            if done:
                d.provided[int(k)] = fitting_cards(g, int(k), d.owes[int(k)])
    g.events = NoLog()
    return g


def fitting_cards(g: Game, seat: int, owes: dict[str, int]) -> tuple[CardRef, ...] | None:
    """The first cards of ``seat`` that make up ``owes`` (hand first, then face-up cards when
    active, R29), or ``None`` when it does not hold them."""
    out: list[CardRef] = []
    hand = g.seats[seat].hand
    for b, k in owes.items():
        refs = [CardRef("h", i + 1) for i, x in enumerate(hand) if x == b]
        if seat == g.active:
            refs += [CardRef("u", i + 1) for i, x in enumerate(g.face_up) if x == b]
        if len(refs) < k:
            return None
        out += refs[:k]
    return tuple(out)


def _offers(g: Game, seat: int) -> list[PostOffer]:
    """Generated offers: for each bean the seat may give (hand, and face-up cards when
    active), a one-for-one swap for each bean it grows, the pair when it holds two, and the
    gift (R29, R30)."""
    held = market.holdings(g, seat)
    grown = [f[0] for f in g.seats[seat].fields if f is not None]
    out: list[PostOffer] = []
    for b in sorted(held):
        for w in grown:
            if w != b:
                out.append(PostOffer({b: 1}, {str(w): 1}))
        if held[b] >= 2:
            out.append(PostOffer({b: 2}, {}))
        out.append(PostOffer({b: 1}, {}))
    return out


def legal_actions(g: Game, seat: int, trades: bool = True) -> list[object]:
    """The abstract actions ``seat`` may take now (module docstring); ``[]`` when it owes
    nothing and may do nothing useful. ``trades=False`` leaves offers out."""
    if g.phase == "over":
        return []
    s = g.seats[seat]
    out: list[object] = []
    active = seat == g.active
    phase = g.phase
    harvest = [Harvest(f) for f in planting.harvestable_now(g, seat)]
    buy = [Buy()] if planting.can_buy(g, seat) else []
    if phase == "plant" and active and s.hand:
        if g.planted < 2:
            out += [Plant(f) for f in planting.fields_for(g, s, s.hand[0])]
        if g.planted >= 1:
            out.append(Done())
        out += _discards(g, seat)
        return out + harvest + buy
    if phase in duel.FACE_UP_PHASES:
        if not active:
            return []
        for i, fields in enumerate(duel.face_up_fields(g, seat)):
            out += [Plant(f, card=CardRef("u", i + 1)) for f in fields]
        out += _discards(g, seat)
        if phase == "plant_revealed":
            out.append(Done())
        return out + harvest + buy
    if phase == "plant_traded":
        for b in dict.fromkeys(s.to_plant):
            out += [Plant(f, b) for f in planting.fields_for(g, s, b)]
        return out + harvest + buy if s.to_plant else []
    if phase == "trade":
        d = g.deal
        if d is not None and seat in (d.active, d.other) and d.provided[seat] is None:
            refs = fitting_cards(g, seat, d.owes[seat])
            return ([Provide(refs)] if refs is not None else []) + [Cancel()]
        out += [Accept(i) for i in market.acceptable_ids(g, seat)]
        if trades:
            out += _offers(g, seat)
        if (active and d is None) or (not active and seat not in g.passed):
            out.append(Done())
        return out
    return []



def _discards(g: Game, seat: int) -> list[object]:
    """The duel's discards open now (rules.md §3a)."""
    return [Discard(CardRef("u" if r[0] == "u" else "h", int(r[1:])))
            for r in duel.discardable(g, seat)]
