"""Per-seat views, built by whitelist (design.md §2, §6; R41, R42).

Every value placed in a view is chosen here; nothing is deleted from a full dump. Hidden:
other seats' hands (counts only), the draw pile (count only), the generator state, and with
``hidden_money`` every coin total (the viewer's own too). Hints for the board and bots come
with the ``you`` part.
"""

from __future__ import annotations

import functools
from typing import Any, NamedTuple

from . import duel, hints, market, planting
from .beans import BEANS, coins_for, next_coin_at
from .state import GameState


def _side(side: Any) -> Any:
    return side if side == "?" else dict(side)


@functools.lru_cache(maxsize=1024)
def _meter(bean: str, n: int) -> tuple[int, int | None]:
    return coins_for(bean, n), next_coin_at(bean, n)


def _field_info(f: list[object] | None) -> dict[str, Any] | None:
    if f is None:
        return None
    now, at = _meter(f[0], f[1])
    return {"harvest_now": now, "next_coin_at": at}


def _signals_for(g: GameState, seat: int | None) -> dict[str, Any]:
    """Seed 000: the active player sees others' markers summed, without names; everybody
    else sees the active player's markers only. ``{"want": {bean: n}, "have": {bean: n},
    "of": seat | None}``: ``of`` is whose markers they are (the active player's), ``None``
    for the others' summed ones (seed 000 hides whose they are)."""
    want: dict[str, int] = {}
    have: dict[str, int] = {}
    of: int | None = None
    if seat is not None and seat == g.active:
        sources = [s for i, s in enumerate(g.seats) if i != seat]
    else:
        sources = [g.seats[g.active]]
        of = g.active
    for s in sources:
        for b in s.want:
            want[b] = want.get(b, 0) + 1
        for b in s.have:
            have[b] = have.get(b, 0) + 1
    return {"want": want, "have": have, "of": of}


SKIPPED: Any = object()
"""A part :func:`build_parts` was told had not changed, left unbuilt (never serialised)."""


_CATALOGUES: dict[tuple[str, ...], list[dict[str, Any]]] = {}


def _catalogue(types: tuple[str, ...], copy: bool = True) -> list[dict[str, Any]]:
    cat = _CATALOGUES.get(types)
    if cat is None:
        cat = [{"bean": b, "count": BEANS[b][0], "meter": list(BEANS[b][1])} for b in types]
        _CATALOGUES[types] = cat
    return [dict(c, meter=c["meter"][:]) for c in cat] if copy else cat


def _declined(o: Any, passed: set[int]) -> list[int]:
    """The seats that passed leaving ``o`` untaken and still have the pass mark (it clears
    as the seat posts or accepts an offer, and with every phase 2: design.md §4)."""
    return [s for s in o.declined if s in passed] if o.declined else []


def _offer_entry(g: GameState, o: Any, a: int | None, passed: set[int],
                 copy: bool = False) -> dict[str, Any]:
    """One offer's entry of the shared ``offers``: its facts and the hints every viewer
    shares (``hints.py``); ``give`` and ``want`` the engine's own unless ``copy``."""
    give, want = (_side(o.give), _side(o.want)) if copy else (o.give, o.want)
    return {"id": o.id, "owner": o.owner, "give": give, "want": want,
            "to_active": o.owner != g.active, "answers": a, "to": o.to, "turn": o.turn,
            "turn_active": hints.turn_active(g, o), "partners": hints.partners(g, o),
            "face_up": hints.face_up_given(g, o),
            "face_up_wanted": hints.face_up_wanted(g, o),
            "traded": list(o.traded), "declined": _declined(o, passed)}


def _seat_entry(s: Any, passed: bool, hide_coins: bool, copy: bool) -> dict[str, Any]:
    """One seat's entry of the shared ``seats`` (R41, R42: its hand counted, its coins
    counted unless hidden)."""
    return {
        "name": s.name,
        "hand_count": len(s.hand),
        "fields": [None if f is None else [f[0], f[1]] for f in s.fields] if copy
        else s.fields,
        "field_info": [_field_info(f) for f in s.fields],
        "coins": None if hide_coins else len(s.coins),
        "to_plant": s.to_plant[:] if copy else s.to_plant,
        "passed": passed,
        "third_field": len(s.fields) >= 3,
    }


def public(g: GameState, copy: bool = True, skip: frozenset[str] = frozenset(),
           only: frozenset[int] | None = None, memo: MarketMemo | None = None
           ) -> dict[str, Any]:
    """The part of every view that is the same for all viewers (offers without hints).

    ``copy=False``: engine lists and dicts go in as they are, not copied (for a view that is
    serialised before the game changes again, as :func:`build_parts` builds them).
    ``skip``: keys left unbuilt (``seats``, ``offers``, ``deal``, ``waiting``, ``history``,
    ``face_up``, ``face_up_places``, ``face_up_gone``, ``rules``, ``catalogue``:
    :data:`SKIPPED` instead; the others, plain values, are built anyway). ``only``: the seats whose entry
    of ``seats`` is built: ``seats`` is then ``{seat: entry}`` for those (the others are the
    same as before: :class:`Changes` ``seats``). ``memo`` (with ``copy=False``): each
    offer's entry taken from it when what it is built from is the same
    (:meth:`MarketMemo.offer`)."""
    hidden = bool(g.options.get("hidden_money"))
    over = g.phase == "over"
    passed = g.passed
    seats: Any
    if "seats" in skip:
        seats = SKIPPED
    elif only is not None:
        all_ = g.seats
        seats = {i: _seat_entry(all_[i], i in passed, hidden and not over, copy)
                 for i in sorted(only)}
    else:
        seats = [_seat_entry(s, i in passed, hidden and not over, copy)
                 for i, s in enumerate(g.seats)]
    active = g.active
    offers: Any
    if "offers" in skip:
        offers = SKIPPED
    elif memo is not None and not copy:
        offers = memo.offers(g)
    else:  # the seat's own hints are in ``you``
        offers = [_offer_entry(g, o, a, passed, copy) for o, a in
                  zip(g.offers, hints.answers_all(g), strict=True)]
    deal: Any = None
    if "deal" in skip:
        deal = SKIPPED
    else:
        deal = deal_entry(g)
    rules = g.rules
    view: dict[str, Any] = {
        "preset": g.preset,
        "options": {"hidden_money": hidden},
        "phase": g.phase,
        "active": active,
        "start_seat": g.start_seat,
        "planted": g.planted,
        "exhaustions": g.exhaustions,
        "passes_limit": rules.passes_limit,
        "turn": g.turn,
        "deck_count": len(g.deck),
        "discard_count": len(g.discard),
        "discard_top": g.discard[-1] if g.discard else None,
        "face_up": SKIPPED if "face_up" in skip else g.face_up[:] if copy else g.face_up,
        # trial 5: the face-up cards keep their numbers as others leave (hints.py)
        "face_up_places": SKIPPED if "face_up_places" in skip else hints.face_up_places(g),
        "face_up_gone": SKIPPED if "face_up_gone" in skip else hints.face_up_gone(g),
        "removed_count": len(g.removed),
        "offers": offers,
        "deal": deal,
        "waiting": SKIPPED if "waiting" in skip else hints.table_waits(g),
        "seats": seats,
        "third_field_cost": rules.third_field_cost,
        "rules": SKIPPED if "rules" in skip else {
                  "allow_gift_requests": rules.allow_gift_requests,
                  "protection_rule": rules.protection_rule,
                  "allow_duplicate_variety": rules.allow_duplicate_variety,
                  "tiebreak": rules.tiebreak, "phase4_draw": rules.phase4_draw,
                  "duel": rules.duel, "duel_base": rules.duel_base,
                  "harvest_timing": rules.harvest_timing,
                  "field_payment_to": rules.field_payment_to},
        "catalogue": SKIPPED if "catalogue" in skip else _catalogue(rules.types, copy),
        "result": None if g.result is None else {
            k: (v[:] if isinstance(v, list) else v) for k, v in g.result.items()},
    }
    if not hidden or over:
        view["history"] = (SKIPPED if "history" in skip
                           else [h[:] for h in g.history] if copy else g.history)
    return view


def public_keys(g: GameState, keys: tuple[str, ...], copy: bool = False,
                only: frozenset[int] | None = None, memo: MarketMemo | None = None
                ) -> dict[str, Any]:
    """The keys ``keys`` of :func:`public` alone, each with the value :func:`public` gives it
    (``copy``, ``only``, ``memo`` as there): those :func:`changes_of` may name in
    ``Changes.keys`` (:data:`_SOME_KEYS`), the others (that never change within a phase)
    left unbuilt."""
    return {k: _SOME_KEYS[k](g, copy, only, memo) for k in keys}


def _some_seats(g: GameState, copy: bool, only: frozenset[int] | None,
                memo: MarketMemo | None) -> Any:
    hide = bool(g.options.get("hidden_money")) and g.phase != "over"
    passed = g.passed
    if only is not None:
        all_ = g.seats
        return {i: _seat_entry(all_[i], i in passed, hide, copy) for i in sorted(only)}
    return [_seat_entry(s, i in passed, hide, copy) for i, s in enumerate(g.seats)]


def _some_offers(g: GameState, copy: bool, only: frozenset[int] | None,
                 memo: MarketMemo | None) -> Any:
    if memo is not None and not copy:
        return memo.offers(g)
    passed = g.passed
    return [_offer_entry(g, o, a, passed, copy) for o, a in
            zip(g.offers, hints.answers_all(g), strict=True)]


def deal_entry(g: GameState) -> dict[str, Any] | None:
    """The shared ``deal``: ``None`` when no deal is open, else ``{"offer": id, "active":
    seat, "other": seat, "owes": {seat: {bean: n}}, "provided": {seat: bool}}`` (seats as
    strings; R30, R31, design.md §4)."""
    d = g.deal
    if d is None:
        return None
    return {"offer": d.offer, "active": d.active, "other": d.other,
            "owes": {str(k): dict(v) for k, v in d.owes.items()},
            "provided": {str(k): v is not None for k, v in d.provided.items()}}


def _some_deal(g: GameState, copy: bool, only: frozenset[int] | None,
               memo: MarketMemo | None) -> Any:
    return deal_entry(g)


# what :func:`public_keys` builds each key of :func:`public` with that :func:`changes_of`
# may leave out of ``same`` (``_KEPT`` is always in it), given (game, copy, only, memo)
_SOME_KEYS: dict[str, Any] = {
    "planted": lambda g, copy, only, memo: g.planted,
    "discard_count": lambda g, copy, only, memo: len(g.discard),
    "discard_top": lambda g, copy, only, memo: g.discard[-1] if g.discard else None,
    "face_up": lambda g, copy, only, memo: g.face_up[:] if copy else g.face_up,
    "face_up_places": lambda g, copy, only, memo: hints.face_up_places(g),
    "face_up_gone": lambda g, copy, only, memo: hints.face_up_gone(g),
    "removed_count": lambda g, copy, only, memo: len(g.removed),
    "offers": _some_offers,
    "deal": _some_deal,
    "waiting": lambda g, copy, only, memo: hints.table_waits(g),
    "seats": _some_seats,
    "phase": lambda g, copy, only, memo: g.phase,
    "active": lambda g, copy, only, memo: g.active,
    "turn": lambda g, copy, only, memo: g.turn,
    "deck_count": lambda g, copy, only, memo: len(g.deck),
    "history": lambda g, copy, only, memo: [h[:] for h in g.history] if copy else g.history,
}


def own_part(
    g: GameState,
    seat: int | None,
    signals: dict[str, Any] | None = None,
    copy: bool = True,
    held: market.Holdings | None = None,
    parts: bool = False,
) -> dict[str, Any]:
    """What only ``seat`` sees: ``signals`` (the supply and demand markers it may see; when
    given, already built and shared) and ``you`` (``None`` for spectators; with the offer
    hints ``can_accept`` and ``can_withdraw``). ``copy``: as in :func:`public`; ``held``: the
    seats' holdings, counted once for several viewers; ``parts``: ``you`` as :class:`You`."""
    you = (_you(g, seat, copy, held, parts) if seat is not None and 0 <= seat < len(g.seats)
           else None)
    return {"signals": _signals_for(g, seat) if signals is None else signals, "you": you}


def build(g: GameState, seat: int | None) -> dict[str, Any]:
    """The view for ``seat`` (``None``: spectators). Shape: docs/engine-api.md."""
    return {**public(g), **own_part(g, seat)}


def build_parts(
    g: GameState, viewers: list[int | None], copy: bool = False,
    changes: Changes | None = None, memo: MarketMemo | None = None,
) -> tuple[dict[str, Any], dict[int | None, dict[str, Any]]]:
    """The views of several viewers in two parts: ``(base, own)``, where the view of ``v`` is
    ``{**base, **own[v]}``. ``base`` is built once; the markers of everyone but the active
    player are one object shared by their ``own`` parts (they all see the same ones).

    By default built for serialising at once: the parts hold the engine's own lists
    (``copy=False``, see :func:`public`); they change with the next command.

    Each seat's ``you`` is a :class:`You` (its cards and market parts kept apart too).

    ``changes`` (:func:`changes_of`, since the views were last built): only what may have
    changed is built. ``base`` is ``{}`` when ``changes.base`` is false, holds the keys
    ``changes.keys`` names alone when it names some (:func:`public_keys`), else its keys in
    ``changes.same`` are :data:`SKIPPED` (an object no serialiser takes), as is the ``you``
    of a seat in neither ``changes.you`` nor ``changes.market``, and the ``signals`` of a
    viewer whose markers seen moved not (the active player's when only its own moved,
    everyone else's when the active player's did not); the ``you`` of a seat in
    ``changes.market`` only is its market part alone (:class:`YouMarket`), that of a seat
    in ``changes.marks`` its markers alone (:class:`YouSignals`); with
    ``changes.seats`` its ``seats`` is ``{seat: entry}`` for those seats only.

    ``memo`` (:class:`MarketMemo`, one per game, held by the caller): each seat's market
    part is taken from it when what it is built from is the same as when it was last built
    (the very same :class:`YouMarket` object then: read-only, like the rest), and so is
    each offer's entry of the shared ``offers`` (with ``copy=False``)."""
    if changes is None:
        base = public(g, copy, memo=memo)
    elif changes.keys:  # the keys that may differ alone (the copy diffs those alone)
        base = public_keys(g, changes.keys, copy, changes.seats, memo)
    elif changes.base:
        base = public(g, copy, changes.same, changes.seats, memo)
    else:
        base = {}
    others: dict[str, Any] | None = None
    own: dict[int | None, dict[str, Any]] = {}
    # the seats' holdings (``held``) and what the market parts are built from
    # (``inputs``): made when the first market part is asked (none after a marker)
    held: market.Holdings | None = None
    inputs: _MarketInputs | None = None
    wanted = None if changes is None else changes.you
    dealt = None if changes is None else changes.market
    n = len(g.seats)
    active = g.active
    # the markers each viewer sees that may have moved: the active player sees the others',
    # summed; the others the active player's (seed 000)
    moved = True if changes is None else changes.signals
    by_active = True
    if moved is not True:
        marks = moved or frozenset()
        by_active = any(i != active for i in marks)
        if active not in marks:
            others = SKIPPED
    marked = frozenset() if changes is None else changes.marks
    for v in viewers:
        if v is not None and v == active:
            sig = _signals_for(g, v) if by_active else SKIPPED
        else:
            sig = others
            if sig is None:
                sig = others = _signals_for(g, None)
        if v is not None and wanted is not None and v not in wanted:
            you: Any = SKIPPED
            if (dealt is None or v in dealt) and 0 <= v < n:
                if held is None:
                    held = market.Holdings(g)
                    if memo is not None:
                        inputs = _MarketInputs(g)
                you = (YouMarket(_you_market(g, v, held)) if memo is None
                       else memo.part(g, v, held, inputs))
            own[v] = {"signals": sig, "you": you}
            continue
        if v is None or not 0 <= v < n:
            own[v] = {"signals": sig, "you": None}
            continue
        if v in marked:  # its markers alone moved
            s = g.seats[v]
            own[v] = {"signals": sig, "you": YouSignals(
                signals={"want": s.want[:], "have": s.have[:]} if copy
                else {"want": s.want, "have": s.have})}
            continue
        cards = _you_cards(g, v, copy)
        if held is None:
            held = market.Holdings(g)
            if memo is not None:
                inputs = _MarketInputs(g)
        mine = (_you_market(g, v, held) if memo is None
                else memo.part(g, v, held, inputs))
        whole = You(cards)
        whole.update(mine)
        whole.cards = cards
        whole.market = mine
        own[v] = {"signals": sig, "you": whole}
    return base, own


def build_many(g: GameState, viewers: list[int | None]) -> dict[int | None, dict[str, Any]]:
    """Views for several viewers at once (copies of the engine's lists); they share the
    public part and the markers."""
    base, own = build_parts(g, viewers, copy=True)
    return {v: {**base, **own[v]} for v in viewers}


class Changes(NamedTuple):
    """What may differ in the views since they were last built (:func:`changes_of`).

    ``base``: the part every viewer shares may differ; ``same``: keys of that part that do
    not (not even compared); ``signals``: the seats whose markers may differ (falsy: none;
    ``True``: any); ``you``:
    the seats whose whole ``you`` may differ (``None``: any seat); ``seats``: when the
    shared ``seats`` may differ, the seats whose entry may (``None``: any); ``market``: the
    seats but those of ``you`` whose ``you`` may differ in its market part only (the offer
    and deal hints, :class:`YouMarket`; ``None``: every seat); ``marks``: the seats of
    ``you`` whose ``you`` may differ in its markers (its ``signals``) only
    (:class:`YouSignals`); ``keys``: with ``base``, the keys of the shared part not in
    ``same`` (those that may differ), in the order :func:`public` builds them; ``seen``:
    the seats whose views alone may differ, when the shared part may not (the others', and
    the spectators', are the same: not built; ``None``: any viewer's may): one seat's
    markers are seen by that seat (its ``you``) and, seed 000, by the active player
    (the others' summed) when it is another seat's, else by everyone."""

    base: bool
    same: frozenset[str]
    signals: frozenset[int] | bool
    you: frozenset[int] | None
    seats: frozenset[int] | None = None
    market: frozenset[int] | None = frozenset()
    marks: frozenset[int] = frozenset()
    keys: tuple[str, ...] = ()
    seen: frozenset[int] | None = None


_NO_CHANGE = Changes(False, frozenset(), False, frozenset())
# (seat, active player) -> what the seat's markers alone moving may change
_MARKS: dict[Any, Changes] = {}
_TOLD: dict[tuple[Any, ...], Changes] = {}  # (changed, active, in phase 2, seats): the answer


# the keys of the shared part that change only with a new phase, turn or game (anything:
# ``None``), or never in a game: the history grows at a turn's end, cards are drawn as a
# phase ends; the rest of :func:`changes_of`'s ``same`` follows what the actions changed
_KEPT = frozenset({"history", "preset", "options", "passes_limit", "third_field_cost", "rules",
                   "catalogue", "start_seat", "phase", "active", "turn", "deck_count",
                   "exhaustions", "result"})
_TABLE = frozenset({"face_up", "face_up_places", "face_up_gone"})
_DISCARD = frozenset({"discard_count", "discard_top", "removed_count"})
# a new phase (``"phase"``): what it moves beyond a plant, the market and the table, and the
# keys of ``_KEPT`` it moves; a new turn (``"turn"``) those too
_PHASE = frozenset({"planted", "market", "table"})
_PHASE_KEYS = frozenset({"phase", "deck_count"})
_TURN_KEYS = frozenset({"active", "turn"})


def changes_of(g: GameState, changed: set[Any] | None) -> Changes | None:
    """What may differ in the views of ``g`` given what its actions ``changed`` since they
    were last built (``Game.take_changes``; ``None``: anything, and so is the result).

    The shared part: ``seats`` is built when a seat's cards or a pass mark changed (the
    entries of the seats whose cards or pass mark did),
    ``offers`` (with their hints) when the market, the face-up cards or a pass mark did,
    ``deal`` when the market did, ``waiting`` when a plant or the market did, ``planted``
    when a plant did, the face-up cards (``face_up``, ``face_up_places``, ``face_up_gone``)
    when a deal moved them (``"table"``), ``discard_count``, ``discard_top`` and
    ``removed_count`` after a harvest or a buy (``"discard"``); the phase, the active player,
    the turn, the draw pile and the result never, nor the history (it grows at a turn's
    end), nor what no game changes (``preset``, ``options``, ``rules``, ``catalogue``...),
    but at a new phase (``"phase"``: the phase, the draw pile's count, and as after a plant,
    a change of the market and of the face-up cards; with a new turn, ``"turn"``, the active
    player, the turn, everyone's markers and, ``"history"``, the history). The markers (``signals``) when a seat's markers did. A seat's whole
    ``you`` when its cards or markers changed, the active player's when it planted (R26);
    the market part of the others' (``market``): in phase 2 the active player's when any
    hand changed, and everyone's when the active player's did (the offer hints count those
    hands); everyone's when the market or the table (face-up cards) changed."""
    if changed is None:
        return None
    if not changed:
        return _NO_CHANGE
    if len(changed) == 1:  # one seat's markers alone (most commands): made once per seat
        # and active player (who sees them: ``seen``)
        for k in changed:
            if type(k) is tuple and k[0] == "marks":
                active = g.active
                told = _MARKS.get((k[1], active))
                if told is None:
                    m = frozenset((k[1],))
                    told = _MARKS[k[1], active] = Changes(
                        False, frozenset(), m, m, None, frozenset(), m, (),
                        None if k[1] == active else frozenset((k[1], active)))
                return told
    # the answer reads ``changed``, the active player, whether in phase 2 and the number of
    # seats alone: kept for those (a few hundred in a game), made once each
    key = (frozenset(changed), g.active, g.phase == "trade", len(g.seats))
    told = _TOLD.get(key)
    if told is None:
        if len(_TOLD) >= 4096:
            _TOLD.clear()
        told = _TOLD[key] = _changes(g, changed)
    return told


def _changes(g: GameState, changed: set[Any]) -> Changes:
    """:func:`changes_of` of changes other than one seat's markers alone."""
    seats: set[int] = set()
    marks: set[int] = set()
    keys: set[str] = set()
    passes: set[int] = set()  # the seats whose pass mark moved
    for k in changed:
        if type(k) is tuple:
            (seats if k[0] == "seat" else passes if k[0] == "pass" else marks).add(k[1])
        else:
            keys.add(k)
    if "phase" in keys:  # a new phase or turn (``Game.apply``): the active player plants
        keys |= _PHASE  # or trades anew, the face-up cards move, every offer hint may
    mine = seats | marks
    if "planted" in keys:
        mine.add(g.active)
    you = frozenset(mine)
    dealt: frozenset[int] | None
    only: frozenset[int] = frozenset()  # the seats whose markers alone moved
    if "market" in keys or "table" in keys:
        dealt = None
    elif seats and g.phase == "trade":
        dealt = (frozenset(range(len(g.seats))) if g.active in seats
                 else frozenset({g.active}))
        only = frozenset(marks - seats - dealt)
        dealt = dealt - you
    else:
        dealt = frozenset()
        only = frozenset(marks - seats)
    if "planted" in keys:
        only = only - {g.active}
    if not keys and not seats:
        return Changes(False, frozenset(), frozenset(marks), you, None, dealt, only)
    same = set(_KEPT)
    if "phase" in keys:
        same -= _PHASE_KEYS
        if "turn" in keys:  # a new active player: the markers everyone sees move (seed 000)
            same -= _TURN_KEYS
            if "history" in keys:  # (none under hidden money, R42)
                same.discard("history")
    if "table" not in keys:  # no deal moved the face-up cards (they are dealt as phase 2
        same.update(_TABLE)  # begins, a new phase)
    if "discard" not in keys:  # no harvest nor buy
        same.update(_DISCARD)
    if "planted" not in keys:
        same.add("planted")
        if "market" not in keys:  # whom the table waits for: no plant, no deal
            same.add("waiting")
    if "market" not in keys:
        same.add("deal")
        if "table" not in keys and "passed" not in keys:  # the offers' hints read the
            same.add("offers")  # active player, the turn, the face-up cards, the market and
            # the pass marks (``declined``) only (hints.py)
    if "passed" in keys and not passes:  # (whose mark moved not told: every entry)
        entries = None
    elif seats or passes:
        entries = frozenset(seats | passes)
    else:
        same.add("seats")
        entries = frozenset()
    kept = frozenset(same)
    order = _ORDERS.get(kept)
    if order is None:
        order = _ORDERS[kept] = tuple(k for k in _PUBLIC_KEYS if k not in kept)
    signals = True if "turn" in keys else frozenset(marks)
    return Changes(True, kept, signals, you, entries, dealt, only, order)


# the keys of :func:`public`, in the order it builds them, and for each ``same`` of
# :func:`changes_of` the keys not in it (a few sets in a game)
_PUBLIC_KEYS = ("preset", "options", "phase", "active", "start_seat", "planted",
                "exhaustions", "passes_limit", "turn", "deck_count", "discard_count",
                "discard_top", "face_up", "face_up_places", "face_up_gone", "removed_count",
                "offers", "deal", "waiting", "seats", "third_field_cost", "rules",
                "catalogue", "result", "history")
_ORDERS: dict[frozenset[str], tuple[str, ...]] = {}


def _offer_hints(
    g: GameState, seat: int, held: market.Holdings | None = None
) -> tuple[list[int], list[int], list[dict[str, Any]]]:
    """Ids of the offers ``seat`` may ``/accept`` now, of those it may ``/withdraw``, and the
    notes of the others it could take (``hints.offer_notes``)."""
    if not g.offers:
        return [], [], []
    deal_offer = g.deal.offer if g.deal is not None else None
    withdraw = [o.id for o in g.offers if o.owner == seat and o.id != deal_offer]
    held = held or market.Holdings(g)
    return market.acceptable_ids(g, seat, held), withdraw, hints.offer_notes(g, seat, held)


def _handed(d: Any, seat: int) -> list[str] | None:
    refs = d.provided.get(seat) if d is not None else None
    return None if refs is None else [f"{r.zone}{r.index}" for r in refs]


class You(dict):  # type: ignore[type-arg]
    """A seat's ``you`` as :func:`build_parts` builds it: the whole (``{**cards,
    **market}``, a plain dict to anything that reads it) with its two parts kept apart as
    ``cards`` (what the seat's own cards and markers, the phase and the planting decide:
    ``seat`` ... ``second_fields``, :data:`CARDS_KEYS`) and ``market`` (what the offers and
    the deal decide, with the seat's cards: ``must_act`` ... ``kept_face_up``), so that a
    copy of its text can take a new market part alone (:class:`YouMarket`)."""

    __slots__ = ("cards", "market")
    cards: dict[str, Any]
    market: dict[str, Any]


class YouSignals(dict):  # type: ignore[type-arg]
    """The markers of a seat's ``you`` alone (``signals``: ``{"want": [bean...], "have":
    [bean...]}``, :func:`build_parts` for a seat that :class:`Changes` ``marks`` names): its
    one key replaces that of the ``you`` built before; the rest stands."""

    __slots__ = ()


class YouMarket(dict):  # type: ignore[type-arg]
    """The market part of a seat's ``you`` alone (:func:`build_parts` for a seat that
    :class:`Changes` ``market`` names and ``you`` does not): its keys replace those of the
    ``you`` built before (they are the same keys); the cards part stands."""

    __slots__ = ()


def _you(g: GameState, seat: int, copy: bool = True,
         held: market.Holdings | None = None, parts: bool = False) -> dict[str, Any]:
    """A seat's ``you``: its cards part, then its market part (``parts``: as :class:`You`,
    the two kept apart too)."""
    cards = _you_cards(g, seat, copy)
    mine = _you_market(g, seat, held)
    if parts:
        you = You(cards)
        you.update(mine)
        you.cards = cards
        you.market = mine
        return you
    cards.update(mine)
    return cards


def _you_cards(g: GameState, seat: int, copy: bool = True) -> dict[str, Any]:
    """The part of ``you`` that the seat's own cards and markers, the phase, the active
    player and the planting decide (not the offers nor the deal: :func:`_you_market`)."""
    s = g.seats[seat]
    phase = g.phase
    active = seat == g.active
    plant_fields: list[int] = []
    traded: dict[str, list[int]] = {}
    planting_now = False  # ``waiting_for`` is "plant" or "plant_traded" (R26, R33)
    if phase == "plant" and active and s.hand:
        if g.planted < 2:
            plant_fields = planting.fields_for(g, s, s.hand[0])
        planting_now = True
    elif phase == "plant_traded" and s.to_plant:
        for b in dict.fromkeys(s.to_plant):
            traded[b] = planting.fields_for(g, s, b)
        planting_now = True
    return {
        "seat": seat,
        "hand": s.hand[:] if copy else s.hand,
        "to_plant": s.to_plant[:] if copy else s.to_plant,
        "plant_fields": plant_fields,
        "plant_traded_fields": traded,
        "harvestable": planting.harvestable_now(g, seat),
        "can_buy": planting.buy_hint(g, seat),
        "signals": {"want": s.want[:], "have": s.have[:]} if copy
        else {"want": s.want, "have": s.have},
        # issue 10: the board's status line and market read these (hints.py)
        "plant_optional": phase == "plant" and active and g.planted >= 1,
        "face_up_fields": duel.face_up_fields(g, seat),
        "can_discard": duel.discardable(g, seat),
        # trial 3: the least costly way when a card to plant needs a harvest first (R15)
        "plant_advice": hints.plant_advice(g, seat) if planting_now else None,
        # trial 4: a second field of a bean one already grows (R14, usually a mistake)
        "second_fields": hints.second_fields(g, seat) if planting_now else {},
    }


def _you_market(g: GameState, seat: int,
                held: market.Holdings | None = None) -> dict[str, Any]:
    """The part of ``you`` that the offers and the deal decide, with the seat's cards and
    the phase (what it waits for, the offer and deal hints)."""
    s = g.seats[seat]
    phase = g.phase
    active = seat == g.active
    waiting: str | None = None
    done_label: str | None = None
    d = g.deal
    if phase == "plant" and active and s.hand:
        waiting = "plant"
        if g.planted >= 1:
            done_label = "end_planting"
    elif phase in duel.FACE_UP_PHASES and active:
        waiting = phase
        if phase == "plant_revealed":
            # R38 duel: after the final exhaustion this step is the game's last: /done scores,
            # nothing becomes the opponent's offer
            done_label = "end_game" if g.ending else "end_turn"
    elif phase == "trade":
        party = d is not None and seat in (d.active, d.other)
        if party and d is not None and d.provided[seat] is None:
            waiting = "provide"
        elif active:
            waiting = "trade"
        # a party of the pending deal, or the owner of an offer posted this turn that the
        # active player may take now (note "waiting"), is not offered "not interested"
        # (issue 10, point 2); an offer left from an earlier turn (C13) does not count
        done_label = "end_trading" if active else (None if party else "not_interested")
    elif phase == "plant_traded" and s.to_plant:
        waiting = "plant_traded"
    can_accept, can_withdraw, notes = _offer_hints(g, seat, held)
    if done_label == "not_interested" and notes:
        now = {o.id for o in g.offers if o.turn == g.turn}
        if any(n["note"] == "waiting" and n["id"] in now for n in notes):
            done_label = None
    offers = g.offers
    # market.party and market.direct, written out (no call per offer)
    party_offers = [o.id for o in offers
                    if o.owner == seat or ((o.to is None or o.to == seat)
                                           and (o.owner == g.active) != active)
                    ] if offers else []
    if not can_accept:
        accept_deal: list[int] = []
    elif active:  # every offer the active player may accept is another seat's
        accept_deal = can_accept[:]
    else:  # the active player's offers aimed at this seat (in market order, as can_accept)
        aimed = {o.id for o in offers if o.owner == g.active and o.to == seat}
        accept_deal = [i for i in can_accept if i in aimed]
    return {
        "must_act": waiting is not None,
        "waiting_for": waiting,
        "done_label": done_label,
        "deal_owes": dict(d.owes[seat]) if d is not None and seat in d.owes else None,
        "deal_provided": bool(d is not None and d.provided.get(seat) is not None),
        # trial 6: the cards this seat handed over stay where they are until the deal is
        # done (R31): which ones, so the hand can say so ("h3", "u1")
        "deal_handed": _handed(d, seat),
        # trial 3: no choice to ask for when any of the cards leaves the same (hints.py)
        "deal_auto_cards": hints.deal_auto_cards(g, seat) if d is not None else None,
        # the cards it may hand over (R29: the face-up ones for the active player only)
        "deal_cards": hints.deal_cards(g, seat) if d is not None else None,
        "can_accept": can_accept,
        "accept_deal": accept_deal,
        # trial 5: the phone's tap panel sends an offer wherever one may be posted
        "can_offer": hints.can_offer(g),
        "party_offers": party_offers,
        "can_withdraw": can_withdraw,
        "done_blocked": "deal_in_progress" if phase == "trade" and active and d is not None
        else None,
        "offer_notes": notes,
        # trial 4: the hand-over's front card (R9, R11)
        "deal_front": hints.deal_front(g, seat) if waiting == "provide" else None,
        # trial 5: a face-up card kept is planted this turn, a hand card waits (R32, R33)
        "deal_face_up": hints.deal_face_up(g, seat) if waiting == "provide" else None,
        # trial 5: two hand cards of the bean owed, apart: which one decides when the bean is
        # planted next (R9, R11)
        "deal_order": hints.deal_order(g, seat) if waiting == "provide" else None,
        # trial 6: the face-up cards nobody takes stay with the active player (R32, R33)
        "kept_face_up": hints.kept_face_up(g, seat) if phase == "trade" and active else None,
    }


class _MarketInputs:
    """What the seats' market parts are built from, read once per build at the first part
    asked (a :class:`MarketMemo`'s keys): ``deal`` the pending deal; ``face_up`` the
    face-up cards; ``offers`` each
    offer's owner and facts (``(owner, id, to, turn, give, want)``, in market order);
    ``hands`` every seat's hand (for the active player's key). All copies (tuples of
    values), never the game's own lists."""

    __slots__ = ("deal", "face_up", "hands", "offers")

    def __init__(self, g: GameState) -> None:
        self.offers: list[tuple[Any, ...]] | None = None
        self.hands: tuple[tuple[str, ...], ...] | None = None
        self.deal: Any = None
        self.face_up: tuple[str, ...] = ()

    def read(self, g: GameState) -> list[tuple[Any, ...]]:
        d = g.deal
        self.deal = None if d is None else (
            d.offer, d.active, d.other,
            tuple((k, tuple(v.items())) for k, v in d.owes.items()),
            tuple(d.provided.items()))
        self.face_up = tuple(g.face_up)
        self.offers = [(o.owner, o.id, o.to, o.turn,  # each side copied: "?" or (bean, n)...
                        tuple(o.give.items()) if type(o.give) is dict else o.give,
                        tuple(o.want.items()) if type(o.want) is dict else o.want)
                       for o in g.offers]
        return self.offers

    def key(self, g: GameState, seat: int) -> tuple[Any, ...]:
        """Everything ``seat``'s market part (:func:`_you_market`) reads, as values.

        Outside phase 2 nothing is accepted nor noted (R28) and no deal is made: the phase,
        the active player (the planting count for it), whether the seat's hand and to-plant
        area hold cards (what it waits for), the deal, and the offers it may be a party of
        (its own and the active player's; every offer for the active player: R28). In phase
        2 also the turn, the face-up cards, the seat's hand; for another seat the size of
        the active player's hand (what it surely lacks, R41) and its whole hand when the
        active player aims an offer at the seat (whether it holds what it gives, R29);
        for the active player every seat's hand (the offers' owners, R29), its to-plant
        area and fields (``kept_face_up``)."""
        offers = self.offers if self.offers is not None else self.read(g)
        s = g.seats[seat]
        active = g.active
        phase = g.phase
        if seat != active:
            offers = [k for k in offers if k[0] == seat or k[0] == active]
        if phase != "trade":
            return (phase, active, g.planted if seat == active else -1, not s.hand,
                    not s.to_plant, self.deal, offers)
        if seat != active:
            aimed = any(k[2] == seat and k[0] == active for k in offers)
            hand = g.seats[active].hand
            return (phase, active, g.turn, self.face_up, self.deal,
                    tuple(hand) if aimed else len(hand), tuple(s.hand), offers)
        if self.hands is None:
            self.hands = tuple(tuple(x.hand) for x in g.seats)
        return (phase, active, g.turn, self.face_up, self.deal, self.hands,
                tuple(s.to_plant), tuple(None if f is None else (f[0], f[1]) for f in s.fields),
                offers)


class MarketMemo:
    """Each seat's market part of ``you`` (:class:`YouMarket`) as last built, with what it
    was built from (:class:`_MarketInputs`), for :func:`build_parts`: after a change of the
    market most seats' parts are what they were (an offer between two other seats is not
    theirs to take, R28). One per game: the caller holds it (the server's room, beside its
    copy of the views), never shared between games; it keeps at most one part per seat.
    A part it gives is the one it keeps: read-only."""

    __slots__ = ("common", "entries", "parts")

    def __init__(self) -> None:
        self.parts: dict[int, tuple[tuple[Any, ...], YouMarket]] = {}
        # offer id -> (owner, to, turn, give, want, face_up, traded, declined, answer: copies
        # of what its entry was built from; the entry)
        self.entries: dict[int, tuple[Any, ...]] = {}
        self.common: tuple[Any, ...] | None = None  # (active, turn, face-up cards) of those

    def offers(self, g: GameState) -> list[dict[str, Any]]:
        """The shared ``offers`` of ``g`` now (:func:`public`, ``copy=False``): each
        offer's entry the one kept when what it is built from is the same (the offer's
        facts and story, its answer, the active player, the turn, the face-up cards, the
        pass marks of those who declined it: compared with copies made when it was built,
        so an offer changed in place gets its entry anew), else built and kept; the
        entries of offers gone are dropped."""
        common = (g.active, g.turn, tuple(g.face_up))
        kept = self.entries
        if common != self.common:
            kept = {}
            self.common = common
        passed = g.passed
        out = []
        now = {}
        for o, a in zip(g.offers, hints.answers_all(g), strict=True):
            declined = _declined(o, passed)
            was = kept.get(o.id)
            if (was is not None and was[0] == o.owner and was[1] == o.to
                    and was[2] == o.turn and was[3] == o.give and was[4] == o.want
                    and was[5] == o.face_up and was[6] == o.traded and was[7] == declined
                    and was[8] == a):
                entry = was[9]
                now[o.id] = was
            else:
                entry = _offer_entry(g, o, a, passed)
                now[o.id] = (o.owner, o.to, o.turn, _side(o.give), _side(o.want),
                             dict(o.face_up), tuple(o.traded), declined, a, entry)
            out.append(entry)
        self.entries = now
        return out

    def part(self, g: GameState, seat: int, held: market.Holdings | None = None,
             inputs: _MarketInputs | None = None) -> YouMarket:
        """``seat``'s market part of ``g`` now: the one kept when its inputs are the same,
        else built (:func:`_you_market`) and kept."""
        key = (inputs or _MarketInputs(g)).key(g, seat)
        kept = self.parts.get(seat)
        if kept is not None and kept[0] == key:
            return kept[1]
        part = YouMarket(_you_market(g, seat, held))
        self.parts[seat] = (key, part)
        return part
