"""Hints that let the board explain itself (issue 10): whom the table waits for and why, and
what each offer in the market means for one viewer. Built from the same checks as the moves,
so the board never has to guess what is legal (design.md §1).

Shapes (all JSON-ready):

- :func:`table_waits` -> ``[{"seat": 0, "for": "plant", "optional": false}, ...]``; ``for`` is
  ``plant`` (the active player in phase 1; ``optional`` once one card is planted, R26),
  ``trade`` (the active player in phase 2, no deal pending), ``provide`` (a party of the
  pending deal that has not provided yet, R31), ``plant_traded`` (a seat with cards in its
  to-plant area in phase 3, with ``count``, R33), and in the 2-player bean duel (rules.md
  §3a) ``plant_offer`` and ``plant_revealed`` (the active player, steps 1 and 3). Public: it
  names no hidden card.
- :func:`offer_notes` -> ``[{"id": 3, "note": "waiting"}, ...]`` in market order, for one
  seat, in phase 2 only (offers are accepted only then, R28): ``waiting`` (the seat's own
  offer to the active player, who may accept it as far as this seat can know: whether the
  active player's hand holds what it asks is hidden, R41, so its lack is told only when the
  face-up cards and the hand's size rule it out), ``answered`` with ``copy`` (the active
  player's offer this seat already answered: its offer ``copy`` waits, or with
  ``in_deal: true`` is the offer of the pending deal; a second copy is refused,
  ``already_answered``) or ``refused`` with ``code`` (the error
  code the accept would get now: for the seat's own offers, the active player's accept) and,
  for ``cannot_provide``, ``seat`` (who lacks cards) and ``missing`` (bean -> count); for
  ``not_for_you``, ``seat`` (the one seat the offer is addressed to). No note
  where the view already says it: an offer the seat may accept (``can_accept``), the offer of
  the pending deal (``deal.offer``), a prompt (a ``?`` side), the active player's own offers
  (open to the others), and another player's offer to the active player (``to_active``: not
  for this seat).
- :func:`answers` -> the id of the active player's offer a non-active player's offer mirrors
  (a copy made by ``/accept``, or the same offer typed), or ``None``.
- :func:`turn_active` -> the seat that was the active player in the turn an offer was posted
  in (``None`` when that turn is not known), so the market can say "made on Bot 2's turn"
  (C13: an offer outlives its turn).
- :func:`partners` -> the seats that may be the other party of a deal on an offer with this
  turn's active player, in seat order (R28, R30, C13; rules.md T28): for the active player's
  offer every other seat (or the one seat it is aimed at); for another seat's offer the active
  player, or nobody (``[]``) while it is aimed at a seat whose turn it is not.
- :func:`face_up_given` -> the face-up cards (1-based) an offer of the active player gives
  (R29), for the market's "face-up 1" labels.
- :func:`face_up_wanted` -> the face-up cards (1-based) that could fill what another
  player's offer asks of the active player (R29, R41), for the same labels on its want side.
- :func:`deal_auto_cards` -> the cards a party of the pending deal hands over when which
  ones changes nothing, or ``None`` when the choice matters (R11, R29, R31).
- :func:`deal_order` -> when a party of the pending deal may give the first of its hand cards
  of a bean owed or a later one: where its next card of that bean then stands (R9, R11).
- :func:`plant_advice` -> the least costly way to plant cards that need a harvest first
  (phase 1's front card, phase 3's to-plant cards; R15, R18, R19, R26, R33), or ``None``.
- :func:`kept_face_up` -> for the active player in phase 2, what the face-up cards nobody
  takes cost to plant in phase 3 (R32, R33; the same search), or ``None``.
"""

from __future__ import annotations

import functools
from typing import Any

from .beans import coins_for, next_coin_at
from .market import MAX_OPEN_OFFERS, answered, for_seat
from .market import Holdings as Holdings  # counted once per build (the bots read it here)
from .state import GameState, Offer, Side


def table_waits(g: GameState) -> list[dict[str, Any]]:
    """Whom the table waits for now, and for what (module docstring)."""
    phase = g.phase
    if phase == "plant":
        return [{"seat": g.active, "for": "plant", "optional": g.planted >= 1}]
    if phase == "trade":
        d = g.deal
        if d is None:
            return [{"seat": g.active, "for": "trade"}]
        return [{"seat": s, "for": "provide"} for s in (d.active, d.other)
                if d.provided.get(s) is None]
    if phase == "plant_traded":
        return [{"seat": i, "for": "plant_traded", "count": len(s.to_plant)}
                for i, s in enumerate(g.seats) if s.to_plant]
    if phase in ("plant_offer", "plant_revealed"):  # the duel's steps 1 and 3
        return [{"seat": g.active, "for": phase}]
    return []


def _missing(have: dict[str, int], side: Side) -> dict[str, int]:
    """What a seat holding ``have`` lacks to give ``side`` (R29): bean -> count, in the
    side's order; ``{}`` when nothing (a dict made only when something lacks)."""
    if side == "?" or not side:
        return {}
    lack: dict[str, int] | None = None
    for b, n in side.items():
        h = have.get(b, 0)
        if h < n:
            if lack is None:
                lack = {}
            lack[b] = n - h
    return {} if lack is None else lack


def accept_refusal(g: GameState, seat: int, o: Offer,
                   held: Holdings | None = None) -> dict[str, Any] | None:
    """Why ``/accept o.id`` by ``seat`` would be refused now, or ``None`` when it would be
    accepted: ``{"code"}`` plus ``seat`` and ``missing`` for ``cannot_provide``. The same
    checks, in the same order, as ``market.accept`` and ``market.post`` (R28-R31, C12)."""
    held = held or Holdings(g)
    if g.phase != "trade":
        return {"code": "wrong_phase"}
    if o.owner == seat:
        return {"code": "own_offer"}
    if not o.complete:
        return {"code": "offer_incomplete"}
    active = g.active
    if seat != active:
        if o.owner != active:
            return {"code": "not_active_party"}
        if not for_seat(o, seat):
            return {"code": "not_for_you", "seat": o.to}
        if o.to == seat:    # aimed at this seat: the deal starts at once (market.accept)
            if g.deal is not None:
                return {"code": "deal_in_progress"}
            lack = _missing(held.of(active), o.give)
            if lack:
                return {"code": "cannot_provide", "seat": active, "missing": lack}
            lack = _missing(held.of(seat), o.want)
            if lack:
                return {"code": "cannot_provide", "seat": seat, "missing": lack}
            return None
        lack = _missing(held.of(seat), o.want)
        if lack:
            return {"code": "cannot_provide", "seat": seat, "missing": lack}
        copy = answered(g, seat, o)
        if copy is not None:
            return {"code": "already_answered", "copy": copy}
        if held.open_offers(seat) >= MAX_OPEN_OFFERS:
            return {"code": "too_many_offers"}
        return None
    if not for_seat(o, seat):
        return {"code": "not_for_you", "seat": o.to}
    if g.deal is not None:
        return {"code": "deal_in_progress"}
    lack = _missing(held.of(o.owner), o.give)
    if lack:
        return {"code": "cannot_provide", "seat": o.owner, "missing": lack}
    lack = _missing(held.of(seat), o.want)
    if lack:
        return {"code": "cannot_provide", "seat": seat, "missing": lack}
    return None


def _key(give: Side, want: Side) -> tuple[Any, Any]:
    return (tuple(sorted(give.items())) if isinstance(give, dict) else give,
            tuple(sorted(want.items())) if isinstance(want, dict) else want)


def answers_all(g: GameState) -> list[int | None]:
    """For each offer in market order, :func:`answers` (the active player's offers looked up
    once)."""
    active = g.active
    first: dict[tuple[Any, Any], int] = {}
    for a in g.offers:
        if a.owner == active and a.complete:
            first.setdefault(_key(a.give, a.want), a.id)
    if not first:
        return [None] * len(g.offers)
    return [first.get(_key(o.want, o.give)) if o.owner != active and o.complete else None
            for o in g.offers]


def face_up_given(g: GameState, o: Offer) -> list[int]:
    """The 1-based face-up cards that make up what ``o`` gives, when ``o`` is the active
    player's (only the active player gives face-up cards, R29) and was made with them (its
    ``face_up``: posted in this turn's phase 2 while they lay face up): for each bean, the
    first face-up cards of that bean, up to the number it gave of them when posted. ``[]``
    for anyone else's offer, a prompt, an offer made from the hand (trial 5: one posted in
    phase 1 read "face-up 2" once a card of its bean was revealed) or of an earlier turn (other
    cards lay face up then), or whose beans are no longer face up. Public: the face-up cards
    are (R41); the deal may still take a hand card of the same bean (R11, the giver picks)."""
    if (o.owner != g.active or not o.face_up or not g.face_up
            or (o.turn and o.turn != g.turn)):
        return []
    out: list[int] = []
    for bean, n in o.face_up.items():
        at = [i + 1 for i, b in enumerate(g.face_up) if b == bean]
        out += at[:n]
    return sorted(out)


def _face_up_match(g: GameState) -> list[int] | None:
    """The place of each face-up card among the cards turned up in this phase 2
    (``g.revealed``): the face-up cards only leave, so they are those cards, in order, some
    gone; ``None`` when they are not (a position without ``revealed``)."""
    shown = g.revealed
    out: list[int] = []
    j = 0
    for b in g.face_up:
        while j < len(shown) and shown[j] != b:
            j += 1
        if j == len(shown):
            return None
        j += 1
        out.append(j)
    return out


def face_up_places(g: GameState) -> list[int] | None:
    """The place (1-based, in the order turned up, R27) of each face-up card in phase 2, or
    ``None`` outside it or in the duel. A card keeps its place while others leave in deals
    (trial 5: face-up 2 became face-up 1 when face-up 1 was traded, and the offers naming it
    changed with it); the ``u1``, ``u2`` of ``/provide`` still count the cards lying now
    (design.md §4). Two cards of one bean are alike: the first keeps the lower place."""
    if g.phase != "trade" or g.rules.duel or not g.face_up:
        return None
    places = _face_up_match(g)
    return places if places is not None else list(range(1, len(g.face_up) + 1))


def face_up_gone(g: GameState) -> list[dict[str, Any]]:
    """The face-up cards turned up in this phase 2 that left in deals, each ``{"place": N,
    "bean": B}`` (N as in :func:`face_up_places`), so that the face-up row says which card
    left; ``[]`` outside phase 2, in the duel, or for a position without the turned-up cards.
    Public (R41: face-up cards and deals are)."""
    if g.phase != "trade" or g.rules.duel or not g.revealed:
        return []
    places = _face_up_match(g)
    if places is None:
        return []
    kept = set(places)
    return [{"place": i + 1, "bean": b} for i, b in enumerate(g.revealed) if i + 1 not in kept]


def can_offer(g: GameState) -> bool:
    """Whether a seat may post an offer now (``/offer``, design.md §4: at any moment of a
    running game; deals are made only in phase 2, R28): not once the game is over (R39), not
    in the duel (rules.md §3a: no trading)."""
    return g.phase != "over" and not g.rules.duel


def face_up_wanted(g: GameState, o: Offer) -> list[int]:
    """The 1-based face-up cards that could fill what ``o`` asks of the active player, when
    ``o`` is another player's offer to the active player (the active player gives face-up
    cards in a deal, R29): for each bean asked, the first face-up cards of that bean, up to the
    number asked. ``[]`` for the active player's own offer, a prompt, or an offer whose beans
    are not face up. Public (R41); the deal may still take a hand card of the same bean (R11,
    the giver picks). Trial 4: "you give Blue ×2" read as unfillable with no Blue in hand."""
    if o.owner == g.active or not isinstance(o.want, dict) or not g.face_up:
        return []
    out: list[int] = []
    for bean, n in o.want.items():
        at = [i + 1 for i, b in enumerate(g.face_up) if b == bean]
        out += at[:n]
    return sorted(out)


def deal_cards(g: GameState, seat: int) -> list[str] | None:
    """The cards (``"h2"``, ``"u1"``: the ``/provide`` names) ``seat`` may hand over in the
    pending deal: each card of a bean it owes in its hand (R11: any position) and, for the
    active player only, among the face-up cards (R29: they are the active player's to give;
    the partner's board ringed them and a click picked what the server refuses). ``None``: no
    deal, or not a party."""
    d = g.deal
    if d is None or seat not in (d.active, d.other):
        return None
    owed = d.owes[seat]
    out = [f"h{i + 1}" for i, b in enumerate(g.seats[seat].hand) if b in owed]
    if seat == g.active:
        out += [f"u{i + 1}" for i, b in enumerate(g.face_up) if b in owed]
    return out


def deal_auto_cards(g: GameState, seat: int) -> list[str] | None:
    """The cards (``"h2"``, ``"u1"``: the ``/provide`` names) ``seat`` hands over in the
    pending deal when the choice changes nothing, or ``None`` (no deal, not a party, or the
    choice matters). It changes nothing when, for each bean owed, the seat holds exactly that
    many (the engine's one way: provided at once, ``market._one_way``), or all the cards it
    could give are in one place (hand or face-up cards, R29) and next to each other there, so
    that any of them leaves the same cards in the same order (R11; T18: ``[Blue, Soy, Blue]``
    is a choice). A face-up card against a hand card is a choice (the face-up one is planted
    in phase 3 if kept, R32)."""
    d = g.deal
    if d is None or seat not in (d.active, d.other):
        return None
    hand = g.seats[seat].hand
    face_up = g.face_up if seat == g.active else []
    out: list[str] = []
    for bean, n in d.owes[seat].items():
        in_hand = [i for i, b in enumerate(hand) if b == bean]
        up = [i for i, b in enumerate(face_up) if b == bean]
        if len(in_hand) + len(up) < n:
            return None           # cannot provide: the engine's refusal says so (R31)
        if len(in_hand) + len(up) > n:
            if in_hand and up:
                return None
            at = in_hand or up
            if at[-1] - at[0] + 1 != len(at):
                return None
            in_hand, up = in_hand[:n], up[:n]
        out += [f"h{i + 1}" for i in in_hand] + [f"u{i + 1}" for i in up]
    return out


def answers(g: GameState, o: Offer) -> int | None:
    """The id of the active player's complete offer that ``o`` mirrors (``o`` gives what it
    asks for and asks for what it gives), or ``None`` (also for the active player's own)."""
    if o.owner == g.active or not o.complete:
        return None
    for a in g.offers:
        if a.owner == g.active and a.complete and a.give == o.want and a.want == o.give:
            return a.id
    return None


def turn_active(g: GameState, o: Offer) -> int | None:
    """The seat that was the active player in turn ``o.turn`` (module docstring): turns pass
    to the next seat one by one (R1, R34), so it lies ``g.turn - o.turn`` seats back from
    the active player. ``None`` for an offer whose turn is not known (0)."""
    if o.turn <= 0 or o.turn > g.turn:
        return None
    return (g.active - (g.turn - o.turn)) % len(g.seats)


def partners(g: GameState, o: Offer) -> list[int]:
    """The seats that may be the other party of a deal on ``o`` with this turn's active
    player (module docstring; :func:`market.party` for every seat but the owner). Says
    nothing of phase or holdings: T28, an offer left from an earlier turn is for the active
    player of the turn it is seen in."""
    active = g.active
    owner = o.owner
    if owner == active:
        if o.to is not None:
            return [o.to]
        return [i for i in range(len(g.seats)) if i != owner]
    return [active] if o.to is None or o.to == active else []


def offer_notes(g: GameState, seat: int, held: Holdings | None = None) -> list[dict[str, Any]]:
    """The notes of the offers in the market that ``seat`` could take (or that are its own
    to the active player) but that are not ``accept`` (``can_accept`` lists those): ``waiting``
    and ``refused`` (module docstring). None outside phase 2 (R28), none for the offer of the
    pending deal (``deal.offer``), a prompt (a ``?`` side) or the active player's own offers.
    The checks of :func:`accept_refusal`, with what every offer shares worked out once."""
    out: list[dict[str, Any]] = []
    if g.phase != "trade":
        return out
    held = held or Holdings(g)
    deal = g.deal
    deal_offer = deal.offer if deal is not None else None
    active = g.active
    if seat == active:
        mine = held.of(seat)
        for o in g.offers:
            if o.owner == seat or o.id == deal_offer or o.give == "?" or o.want == "?":
                continue
            if not for_seat(o, seat):
                out.append({"id": o.id, "note": "refused", "code": "not_for_you", "seat": o.to})
            elif deal is not None:
                out.append({"id": o.id, "note": "refused", "code": "deal_in_progress"})
            else:
                note = _either(o, held.of(o.owner), o.owner, mine, seat)
                if note is not None:
                    out.append(note)
        return out
    full = held.open_offers(seat) >= MAX_OPEN_OFFERS
    mine = held.of(seat)
    for o in g.offers:
        owner = o.owner
        if owner != seat and owner != active:
            continue   # another player's offer to the active player: not for this seat (R28)
        if o.id == deal_offer or o.give == "?" or o.want == "?":
            continue
        if owner == seat:   # mine, to the active player: could they take it now?
            if not for_seat(o, active):     # addressed to someone else: on their turn (C13)
                out.append({"id": o.id, "note": "refused", "code": "not_for_you",
                            "seat": o.to})
            elif deal is not None:
                out.append({"id": o.id, "note": "refused", "code": "deal_in_progress"})
            else:
                lack = _missing(mine, o.give)
                if lack:
                    out.append({"id": o.id, "note": "refused", "code": "cannot_provide",
                                "seat": seat, "missing": lack})
                    continue
                lack = _public_lack(g, active, o.want, held)
                out.append({"id": o.id, "note": "refused", "code": "cannot_provide",
                            "seat": active, "missing": lack} if lack
                           else {"id": o.id, "note": "waiting"})
        else:                 # the active player's: may I copy it?
            if not for_seat(o, seat):
                out.append({"id": o.id, "note": "refused", "code": "not_for_you",
                            "seat": o.to})
                continue
            if o.to == seat:   # aimed at me: my accept starts the deal (market.accept)
                if deal is not None:
                    out.append({"id": o.id, "note": "refused", "code": "deal_in_progress"})
                else:
                    note = _either(o, held.of(active), active, mine, seat)
                    if note is not None:
                        out.append(note)
                continue
            lack = _missing(mine, o.want)
            copy = None if lack else answered(g, seat, o)
            if lack:
                out.append({"id": o.id, "note": "refused", "code": "cannot_provide",
                            "seat": seat, "missing": lack})
            elif copy is not None and copy == deal_offer:   # my copy is in the deal now
                out.append({"id": o.id, "note": "answered", "copy": copy, "in_deal": True})
            elif copy is not None:   # my copy waits for the active player: not a second one
                out.append({"id": o.id, "note": "answered", "copy": copy})
            elif full:
                out.append({"id": o.id, "note": "refused", "code": "too_many_offers"})
    return out


def _public_lack(g: GameState, active: int, want: Side,
                 held: Holdings | None = None) -> dict[str, int]:
    """What the active player surely lacks to give ``want``, from public facts alone: its
    face-up cards and the number of cards in its hand (R41: which beans the hand holds is
    hidden). ``{}`` unless the cards the face-up ones do not cover outnumber the hand; then
    those cards (bean -> count). ``held``: the face-up cards counted once."""
    if want == "?" or not want:
        return {}
    beyond = _missing((held or Holdings(g)).face_up(), want)
    if sum(beyond.values()) > len(g.seats[active].hand):
        return beyond
    return {}


def _either(o: Offer, giver: dict[str, int], giver_seat: int, taker: dict[str, int],
            taker_seat: int) -> dict[str, Any] | None:
    """What blocks a deal on ``o`` between its owner (who gives ``o.give``) and the active
    player (who gives ``o.want``): the first of them that lacks cards (R29, R31), or None."""
    lack = _missing(giver, o.give)
    if lack:
        return {"id": o.id, "note": "refused", "code": "cannot_provide", "seat": giver_seat,
                "missing": lack}
    lack = _missing(taker, o.want)
    if lack:
        return {"id": o.id, "note": "refused", "code": "cannot_provide", "seat": taker_seat,
                "missing": lack}
    return None


# --- planting advice (trial 3: "plant Chili" led to selling a 2-bean field for nothing) ---

_Fields = tuple[tuple[str, int] | None, ...]
#: (beans thrown away, harvests, -coins, harvested fields of the bean the hand plants next,
#: -cards the harvested fields lacked to their next coin): less is better; the last two only
#: break ties (keep the field the hand's next card goes to, then the fields nearest a coin)
_Cost = tuple[int, int, int, int, int]
_NO_WAY: _Cost = (1 << 30, 0, 0, 0, 0)


def _fits(fields: _Fields, bean: str, dup: bool) -> list[int]:
    """0-based fields that take ``bean`` (R13, R14, C9; as ``planting.fields_for``)."""
    out = [i for i, f in enumerate(fields) if f is None or f[0] == bean]
    if not dup and len(out) > 1:
        grown = [i for i in out if fields[i] is not None]
        return grown or out
    return out


def _may_harvest(fields: _Fields, rule: str) -> list[int]:
    """0-based fields that may be harvested (R17, R19, C8; as ``planting.harvestable``)."""
    if rule == "rio_grande_literal":
        protected = any(f is None or f[1] != 1 for f in fields)
    else:
        protected = any(f is not None and f[1] != 1 for f in fields)
    return [i for i, f in enumerate(fields) if f is not None and not (protected and f[1] == 1)]


def _add(a: _Cost, b: _Cost) -> _Cost:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


class _Search:
    """The least cost of planting cards into fields (:meth:`cost`), each state worked out
    once per search."""

    __slots__ = ("dup", "rule", "nxt", "memo")

    #: states worked out before the search gives up for the greedy way (:func:`_greedy`): many
    #: different cards to plant into full fields make the exact search too slow for a view
    LIMIT = 600

    def __init__(self, dup: bool, rule: str, nxt: str | None = None) -> None:
        self.dup = dup
        self.rule = rule
        self.nxt = nxt
        self.memo: dict[tuple[_Fields, tuple[str, ...]], _Cost] = {}

    def plants(self, fields: _Fields, cards: tuple[str, ...]
               ) -> list[tuple[int, str, _Fields, tuple[str, ...]]]:
        """Each plant possible now: ``(0-based field, bean, fields after, cards left)``, the
        beans in ``cards`` order."""
        out = []
        for bean in dict.fromkeys(cards):
            rest = list(cards)
            rest.remove(bean)
            left = tuple(rest)
            for i in _fits(fields, bean, self.dup):
                f = fields[i]
                grown = fields[:i] + ((bean, 1 if f is None else f[1] + 1),) + fields[i + 1:]
                out.append((i, bean, grown, left))
        return out

    def cost(self, fields: _Fields, cards: tuple[str, ...]) -> _Cost:
        """The least cost of planting every card of ``cards`` into ``fields``, with harvests
        in between where needed (R15, R18, R19, R33); ``_NO_WAY`` when impossible. Each step
        plants a card or empties a field, so no state comes back."""
        if not cards:
            return (0, 0, 0, 0, 0)
        # the cost does not depend on the fields' order (R13-R19 look at them all alike)
        key = (tuple(sorted(fields, key=_order)), cards)
        best = self.memo.get(key)
        if best is not None:
            return best
        if len(self.memo) >= self.LIMIT:
            raise _TooBig
        best = _NO_WAY
        for _, _, grown, left in self.plants(fields, cards):
            c = self.cost(grown, left)
            if c < best:
                best = c
        for i in _may_harvest(fields, self.rule):
            c = self.cost(fields[:i] + (None,) + fields[i + 1:], cards)
            if c[0] < _NO_WAY[0]:
                c = _add(_harvest_cost(fields[i], self.nxt), c)
                if c < best:
                    best = c
        self.memo[key] = best
        return best


class _TooBig(Exception):
    """The exact search would take too long (:attr:`_Search.LIMIT`)."""


def _order(f: tuple[str, int] | None) -> tuple[str, int]:
    return ("", 0) if f is None else f


def _greedy(fields: _Fields, cards: tuple[str, ...], dup: bool, rule: str,
            nxt: str | None = None) -> tuple[_Cost, tuple[tuple[str, int, str], ...]]:
    """A way found step by step, for many cards (:attr:`_Search.LIMIT`): plant a card into
    a field of its bean, else into an empty one; when none fits, harvest the field that
    costs least now (:func:`_harvest_cost`). Not always the least costly way."""
    steps: list[tuple[str, int, str]] = []
    total: _Cost = (0, 0, 0, 0, 0)
    while cards:
        move = None
        for bean in dict.fromkeys(cards):
            fits = _fits(fields, bean, dup)
            grown = [i for i in fits if fields[i] is not None]
            if grown or fits:
                move = (bean, (grown or fits)[0])
                break
        if move is not None:
            bean, i = move
            f = fields[i]
            rest = list(cards)
            rest.remove(bean)
            cards = tuple(rest)
            fields = fields[:i] + ((bean, 1 if f is None else f[1] + 1),) + fields[i + 1:]
            steps.append(("plant", i + 1, bean))
            continue
        can = _may_harvest(fields, rule)
        if not can:
            return _NO_WAY, ()
        i = min(can, key=lambda k: _harvest_cost(fields[k], nxt))
        f = fields[i]
        assert f is not None
        total = _add(total, _harvest_cost(f, nxt))
        steps.append(("harvest", i + 1, f[0]))
        fields = fields[:i] + (None,) + fields[i + 1:]
    return total, tuple(steps)


def _harvest_cost(f: tuple[str, int] | None, keep: str | None = None) -> _Cost:
    """R18: the cards that are not coins are discarded. The tie-breaks: of two harvests
    that lose as much, a field of ``keep``, the bean the hand plants next (R9: the front
    card; newuser19's game: with Blue at the front of her hand Ann was told to plant the
    received Blue and harvest it again, keeping a lone Chili, so her next turn's Blue found
    no field), stays; then the field that lacks more cards to its next coin (§1c) goes, the
    one nearest a coin stays (trial 4: Blue×1 needs 3 more, Soy×1 one more: harvest the
    Blue)."""
    assert f is not None
    coins = coins_for(f[0], f[1])
    nxt = next_coin_at(f[0], f[1])
    return (f[1] - coins, 1, -coins, 1 if f[0] == keep else 0,
            -(nxt - f[1]) if nxt is not None else 0)


@functools.lru_cache(maxsize=1024)
def _plan(fields: _Fields, cards: tuple[str, ...], dup: bool, rule: str,
          nxt: str | None = None) -> tuple[_Cost, tuple[tuple[str, int, str], ...]]:
    """A least costly way (:meth:`_Search.cost`) and its steps: ``("plant", field, bean)``
    and ``("harvest", field, bean)`` (1-based fields); no steps when there is none. Among
    equally cheap ways a plant comes before a harvest (nothing is harvested sooner than
    needed), the cards in ``cards`` order."""
    search = _Search(dup, rule, nxt)
    try:
        total = search.cost(fields, cards)
    except _TooBig:
        return _greedy(fields, cards, dup, rule, nxt)
    steps: list[tuple[str, int, str]] = []
    if total[0] >= _NO_WAY[0]:
        return total, ()
    while cards:
        target = search.cost(fields, cards)
        for i, bean, grown, left in search.plants(fields, cards):
            if search.cost(grown, left) == target:
                steps.append(("plant", i + 1, bean))
                fields, cards = grown, left
                break
        else:
            for i in _may_harvest(fields, rule):
                after = fields[:i] + (None,) + fields[i + 1:]
                if _add(_harvest_cost(fields[i], nxt), search.cost(after, cards)) == target:
                    f = fields[i]
                    assert f is not None
                    steps.append(("harvest", i + 1, f[0]))
                    fields = after
                    break
            else:       # pragma: no cover - cost() found a way, so one step matches it
                return total, ()
    return total, tuple(steps)


def plant_advice(g: GameState, seat: int) -> dict[str, Any] | None:
    """The least costly way for ``seat`` to plant the cards it must plant now, when that
    needs a harvest (R15): in phase 1 the active player's front card before any plant (R26),
    in phase 3 every card of its to-plant area, in any order (R33). ``None`` when no harvest
    is needed (or nothing must be planted).

    The cost of a way is the beans its harvests throw away (R18: a harvest of ``n`` cards
    paying ``c`` coins discards ``n - c``), then the number of harvests, then the coins they
    pay now (more is better), then, to break a tie, a field of the bean the hand plants
    next stays (phase 1: the second card, R26; phase 3: the front card, planted first next
    turn, R9), then the harvested fields lack the most cards to their next coin (§1c: the
    fields nearest a coin stay); bean protection (R19, C8) and the fields a card fits (R13,
    R14, C9) are the moves' own. Buying the third field (R21-R25) is not weighed: the
    view's ``can_buy`` says whether it is there as well. With many different cards to plant
    into full fields the exact search stops after :attr:`_Search.LIMIT` states and a way
    found step by step is advised instead (:func:`_greedy`); each way is worked out once per
    position (cached).

    Shape: ``{"step": "harvest" | "plant", "bean": B | None, "field": F | None,
    "harvest": {"field": F, "bean": B, "count": n, "harvest_now": c, "thrown": n - c},
    "thrown": T, "harvests": k, "steps": [STEP, ...]}``: ``step`` is what to do first
    (``bean`` and ``field``: the card to plant first and where, for ``plant``); ``harvest``
    is the plan's first harvest as the fields stand when it is due (the field the board
    highlights); ``thrown`` and ``harvests`` count the whole plan; ``steps`` is the whole plan
    in order (issue 10 trial 4: a status line naming only the first of two harvests promised
    a plan it did not state), each ``{"step": "plant", "field": F, "bean": B}`` (one card) or
    ``{"step": "harvest", "field": F, "bean": B, "count": n, "harvest_now": c, "thrown":
    n - c}`` (the field as it stands when that harvest is due; 1-based fields, the
    planting steps of the cards that fit in the order chosen here; any other order of the
    same plants is as good). ``harvest_now`` is named as in the view's
    ``field_info``: what that harvest pays by the beanometer (R18), never a coin total, so it
    stays under ``hidden_money`` (R42), like ``field_info``."""
    s = g.seats[seat]
    if g.phase == "plant":
        if seat != g.active or not s.hand or g.planted != 0:
            return None
        cards: tuple[str, ...] = (s.hand[0],)
        nxt = s.hand[1] if len(s.hand) > 1 else None     # the optional second plant (R26)
    elif g.phase == "plant_traded":
        if not s.to_plant:
            return None
        cards = tuple(s.to_plant)
        nxt = s.hand[0] if s.hand else None              # the next turn's first plant (R9)
    else:
        return None
    rules = g.rules
    dup = rules.allow_duplicate_variety
    fields: _Fields = tuple(None if f is None else (str(f[0]), int(f[1]))  # type: ignore[call-overload]
                            for f in s.fields)
    # no harvest needed when each bean has a field of its own, growing it or empty (R13, R14)
    new = [b for b in dict.fromkeys(cards)
           if not any(f is not None and f[0] == b for f in fields)]
    if len(new) <= sum(1 for f in fields if f is None):
        return None
    order = {b: i for i, b in reversed(list(enumerate(cards)))}
    total, steps = _plan(fields, tuple(sorted(cards, key=order.__getitem__)), dup,
                         rules.protection_rule, nxt)
    if all(st[0] == "plant" for st in steps):
        return None
    first_h = None
    plan: list[dict[str, Any]] = []
    now = fields
    for kind, field, bean in steps:
        i = field - 1
        f = now[i]
        if kind == "harvest":
            assert f is not None
            coins = coins_for(f[0], f[1])
            h = {"field": field, "bean": f[0], "count": f[1], "harvest_now": coins,
                 "thrown": f[1] - coins}
            first_h = first_h or h
            plan.append({"step": "harvest", **h})
            now = now[:i] + (None,) + now[i + 1:]
        else:
            plan.append({"step": "plant", "field": field, "bean": bean})
            now = now[:i] + ((bean, 1 if f is None else f[1] + 1),) + now[i + 1:]
    kind, field, bean = steps[0]
    return {"step": kind, "bean": bean if kind == "plant" else None,
            "field": field if kind == "plant" else None, "harvest": first_h,
            "thrown": total[0], "harvests": total[1], "steps": plan}


# --- a second field of a bean, the hand-over's front card (issue 10 trial 4, items 18, 15) ---


def second_fields(g: GameState, seat: int) -> dict[str, dict[str, list[int]]]:
    """For each bean ``seat`` must plant now (phase 1's front card before its second plant,
    R26; phase 3's to-plant cards, R33), the empty fields it may go into that would start a
    second field of that bean while one of its fields still grows towards a coin (R14 allows
    it, C9; it is usually a mistake: the cards split over two fields pay less, §1c), and the
    fields of that bean to use instead. No entry when the bean's fields pay no more coins
    (their top tier, §1c: a second field is then the better place), or when no field holds
    it. Shape: ``{"red": {"second": [2], "use": [1]}}``, 1-based fields."""
    s = g.seats[seat]
    if g.phase == "plant":
        if seat != g.active or not s.hand or g.planted >= 2:
            return {}
        beans: list[str] = [s.hand[0]]
    elif g.phase == "plant_traded":
        beans = list(dict.fromkeys(s.to_plant))
    else:
        return {}
    if not g.rules.allow_duplicate_variety:
        return {}        # C9: an empty field is never offered beside a field of the bean
    out: dict[str, dict[str, list[int]]] = {}
    for bean in beans:
        use = [i + 1 for i, f in enumerate(s.fields)
               if f is not None and f[0] == bean
               and next_coin_at(bean, int(f[1])) is not None]  # type: ignore[call-overload]
        second = [i + 1 for i, f in enumerate(s.fields) if f is None]
        if use and second:
            out[bean] = {"second": second, "use": use}
    return out


def deal_front(g: GameState, seat: int) -> dict[str, Any] | None:
    """When ``seat`` must still hand over cards in the pending deal and may give its front
    card (hand 1, the card it plants next, R9) or another card of the same bean (R11, R29):
    ``{"bean": B, "next": N | None, "keep": ["h5", "u1"]}``: ``next`` is the bean it would
    plant next after giving hand 1 (hand 2's; ``None``: the hand would be empty), ``keep``
    the other cards of that bean that leave its next plant as it is. ``None`` when the choice
    does not touch the front card (no deal, not a party, provided, the front card's bean not
    owed, no other card of it, or hand 2 holds the same bean: the next plant stays)."""
    d = g.deal
    if d is None or seat not in (d.active, d.other) or d.provided.get(seat) is not None:
        return None
    hand = g.seats[seat].hand
    if not hand:
        return None
    bean = hand[0]
    owed = d.owes[seat].get(bean, 0)
    if not owed:
        return None
    nxt = hand[1] if len(hand) > 1 else None
    if nxt == bean:
        return None
    keep = [f"h{i + 1}" for i, b in enumerate(hand) if i > 0 and b == bean]
    if seat == g.active:
        keep = [f"u{i + 1}" for i, b in enumerate(g.face_up) if b == bean] + keep
    if len(keep) < owed:
        return None      # hand 1 must go (or the seat cannot provide: R31 says so)
    return {"bean": bean, "next": nxt, "keep": keep}


def deal_order(g: GameState, seat: int) -> list[dict[str, Any]] | None:
    """When ``seat`` must still hand over a bean in the pending deal and holds more cards of
    it in the hand than it owes, behind the front card (R11: from any position), with other
    beans between the first of them and the next: which card it gives decides when it plants
    that bean next, the hand being planted from the front (R9, R19-R21). Per such bean, in the
    order owed: ``{"bean": B, "first": "h3", "then": "h4", "keep": ["h5"]}``: ``first`` the
    bean's first card in the hand (its next plant of B), ``then`` where the next card of B
    stands once ``first`` is given (the hand closes up), ``keep`` the other cards of B
    (hand, and the face-up cards for the active player, R29) that leave ``first`` where it
    is. ``None`` when there is no such choice (no deal, not a party, provided, the front
    card's bean: :func:`deal_front`; cards of B side by side: any leaves the same hand)
    (trial 5: "Pick Chili from: hand 3 / hand 5" with no word on the planting order)."""
    d = g.deal
    if d is None or seat not in (d.active, d.other) or d.provided.get(seat) is not None:
        return None
    hand = g.seats[seat].hand
    out = []
    for bean, owed in d.owes[seat].items():
        at = [i for i, b in enumerate(hand) if b == bean]
        if len(at) < 2 or at[0] == 0 or at[1] == at[0] + 1:
            continue
        keep = [f"h{i + 1}" for i in at[1:]]
        if seat == g.active:
            keep = [f"u{i + 1}" for i, b in enumerate(g.face_up) if b == bean] + keep
        if len(keep) < owed:
            continue          # the first must go too
        out.append({"bean": bean, "first": f"h{at[0] + 1}", "then": f"h{at[1]}", "keep": keep})
    return out or None


def deal_face_up(g: GameState, seat: int) -> list[dict[str, Any]] | None:
    """When the active player must still hand over a bean in the pending deal and may give
    it from the face-up cards or from the hand (R29): ``[{"bean": B, "face_up": ["u2"],
    "hand": ["h2"]}, ...]`` per such bean, in the order owed. A face-up card kept goes to the
    to-plant area at the end of phase 2 and is planted this turn (R32, R33); a hand card
    stays in the hand (trial 5: "Pick Chili from: face-up 2 / hand 2" with no word why).
    ``None`` when there is no such choice (no deal, not the active party, provided)."""
    d = g.deal
    if d is None or seat != g.active or seat not in (d.active, d.other) \
            or d.provided.get(seat) is not None:
        return None
    hand = g.seats[seat].hand
    out = []
    for bean in d.owes[seat]:
        up = [f"u{i + 1}" for i, b in enumerate(g.face_up) if b == bean]
        mine = [f"h{i + 1}" for i, b in enumerate(hand) if b == bean]
        if up and mine:
            out.append({"bean": bean, "face_up": up, "hand": mine})
    return out or None


# --- the face-up cards nobody takes (issue 10 trial 6, item 1) ---


def kept_face_up(g: GameState, seat: int) -> dict[str, Any] | None:
    """For the active player in phase 2 with face-up cards left: what ending trading now
    leaves to plant. The face-up cards nobody takes go to the active player's to-plant area
    at the end of phase 2 (R32) and are planted in phase 3 with the cards received (R33);
    the cost is that of the least costly way to plant them all (:func:`plant_advice`'s
    search: R13-R19, R18's beans thrown away). Trial 6: three newcomers pressed End trading
    and only then read that keeping the face-up cards cost them fields.

    Shape: ``{"face_up": [B, ...], "no_field": [B, ...], "harvests": k, "thrown": T,
    "harvest_now": c}``: ``face_up`` the beans left face up, in order; ``no_field`` those of
    them with no field of their bean and no empty field left for them once the cards to
    plant that have one are planted (``[]``: each fits a field); ``harvests``, ``thrown``
    and ``harvest_now`` (coins the harvests pay by the beanometer, never a coin total, so it
    stays under ``hidden_money``, R42) count the whole plan, received cards included; all
    0 when no harvest is needed. ``None`` outside phase 2, for any other seat, while a
    deal is pending (its cards may still move), or with no face-up card left."""
    if g.phase != "trade" or seat != g.active or g.deal is not None or not g.face_up:
        return None
    s = g.seats[seat]
    cards = tuple(s.to_plant) + tuple(g.face_up)
    fields: _Fields = tuple(None if f is None else (str(f[0]), int(f[1]))  # type: ignore[call-overload]
                            for f in s.fields)
    grown = {f[0] for f in fields if f is not None}
    empty = sum(1 for f in fields if f is None)
    new = [b for b in dict.fromkeys(cards) if b not in grown]
    up_new = [b for b in dict.fromkeys(g.face_up) if b not in grown]
    if len(new) <= empty:
        return {"face_up": list(g.face_up), "no_field": [], "harvests": 0, "thrown": 0,
                "harvest_now": 0}
    # the beans that find an empty field: the received cards' first (they are planted
    # anyway), then the face-up cards' in order; the rest have no field
    free = max(0, empty - sum(1 for b in new if b not in up_new))
    no_field = up_new[free:]
    order = {b: i for i, b in reversed(list(enumerate(cards)))}
    rules = g.rules
    total, steps = _plan(fields, tuple(sorted(cards, key=order.__getitem__)),
                         rules.allow_duplicate_variety, rules.protection_rule,
                         s.hand[0] if s.hand else None)
    if not steps:       # no way to plant them all (the search found none)
        return {"face_up": list(g.face_up), "no_field": no_field, "harvests": 0,
                "thrown": 0, "harvest_now": 0}
    return {"face_up": list(g.face_up), "no_field": no_field, "harvests": total[1],
            "thrown": total[0], "harvest_now": -total[2]}
