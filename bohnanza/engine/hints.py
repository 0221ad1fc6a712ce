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
  offer to the active player, who may accept it now), ``answered`` with ``copy`` (the active
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
"""

from __future__ import annotations

from typing import Any

from .market import MAX_OPEN_OFFERS, answered, for_seat, holdings
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


class Holdings:
    """Each seat's holdings (``market.holdings``) and open offers, counted once per build of
    the hints."""

    __slots__ = ("g", "counts", "offers")

    def __init__(self, g: GameState) -> None:
        self.g = g
        self.counts: dict[int, dict[str, int]] = {}
        self.offers: dict[int, int] | None = None

    def of(self, seat: int) -> dict[str, int]:
        c = self.counts.get(seat)
        if c is None:
            c = self.counts[seat] = holdings(self.g, seat)
        return c

    def open_offers(self, seat: int) -> int:
        if self.offers is None:
            self.offers = {}
            for o in self.g.offers:
                self.offers[o.owner] = self.offers.get(o.owner, 0) + 1
        return self.offers.get(seat, 0)


def _missing(have: dict[str, int], side: Side) -> dict[str, int]:
    """What a seat holding ``have`` lacks to give ``side`` (R29)."""
    if side == "?" or not side:
        return {}
    return {b: n - have.get(b, 0) for b, n in side.items() if have.get(b, 0) < n}


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


def answers(g: GameState, o: Offer) -> int | None:
    """The id of the active player's complete offer that ``o`` mirrors (``o`` gives what it
    asks for and asks for what it gives), or ``None`` (also for the active player's own)."""
    if o.owner == g.active or not o.complete:
        return None
    for a in g.offers:
        if a.owner == g.active and a.complete and a.give == o.want and a.want == o.give:
            return a.id
    return None


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
            if o.owner == seat or o.id == deal_offer or not o.complete:
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
        if o.id == deal_offer or not o.complete:
            continue
        if owner == seat:   # mine, to the active player: could they take it now?
            if not for_seat(o, active):     # addressed to someone else: on their turn (C13)
                out.append({"id": o.id, "note": "refused", "code": "not_for_you",
                            "seat": o.to})
            elif deal is not None:
                out.append({"id": o.id, "note": "refused", "code": "deal_in_progress"})
            else:
                note = _either(o, mine, seat, held.of(active), active)
                out.append(note or {"id": o.id, "note": "waiting"})
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
