"""The bean market: offers, deals, exact provision, markers (design.md §4; R28-R32, C12, C13).

Offers reserve nothing. Holdings are checked when an offer is posted, when a deal starts and
when it executes; an offer whose owner no longer holds what it gives leaves the market.
Only the active player turns an offer into a deal, and only in phase 2; every deal is between
the active player and one other player (R28).
"""

from __future__ import annotations

from collections import _count_elements  # type: ignore[attr-defined]
from typing import Any

from .actions import Accept, CardRef, PostOffer, Provide, Withdraw
from .beans import BEANS
from .errors import RuleError
from .state import Deal, GameState, Offer, Side


def holdings(g: GameState, seat: int) -> dict[str, int]:
    """Cards ``seat`` may give now: its hand, plus the face-up cards if active (R29)."""
    counts: dict[str, int] = {}
    # ``counts[b] = counts.get(b, 0) + 1`` for each card, in C (``Counter``'s own helper:
    # the same dict, its beans in the order first met)
    _count_elements(counts, g.seats[seat].hand)
    if seat == g.active:
        _count_elements(counts, g.face_up)
    return counts


def holds(g: GameState, seat: int, side: Side) -> bool:
    """Whether ``seat`` can give ``side`` now (a ``?`` side is never checked)."""
    if side == "?" or not side:
        return True
    hand = g.seats[seat].hand
    if seat == g.active:
        face_up = g.face_up
        for b, n in side.items():
            if hand.count(b) + face_up.count(b) < n:
                return False
        return True
    for b, n in side.items():
        if hand.count(b) < n:
            return False
    return True


def _check_side(g: GameState, side: Any, what: str) -> Side:
    if side == "?":
        return "?"
    if not isinstance(side, dict):
        raise RuleError("parse_error", f"{what} must be a map of bean to count or '?'")
    out: dict[str, int] = {}
    types = g.rules.types
    for b, n in side.items():
        if b not in BEANS:
            raise RuleError("parse_error", f"unknown bean {b!r}")
        if b not in types:
            raise RuleError("no_such_card", f"there are no {b} beans in this game", "R3")
        if not isinstance(n, int) or n < 0:
            raise RuleError("parse_error", f"a count must be a positive number, not {n!r}")
        if n:
            out[b] = out.get(b, 0) + n
    return out


def _side_text(side: Side) -> str:
    if side == "?":
        return "?"
    if not side:
        return "nothing"
    return ", ".join(f"{n} {b}" for b, n in side.items())


MAX_OPEN_OFFERS = 8
"""Open offers one seat may have in the market at once [house]: a bound so that one player
cannot flood the market (design.md §7, bounds)."""


def _open_offers(g: GameState, seat: int) -> int:
    """How many offers ``seat`` has in the market."""
    n = 0
    for o in g.offers:
        if o.owner == seat:
            n += 1
    return n


def _add(g: GameState, seat: int, give: Side, want: Side, to: int | None = None) -> Offer:
    if _open_offers(g, seat) >= MAX_OPEN_OFFERS:
        raise RuleError("too_many_offers", f"you already have {MAX_OPEN_OFFERS} offers in the "
                        "market; /withdraw one first")
    o = Offer(g.next_offer, seat, give, want, to, g.turn,
              _face_up_part(g, seat, give) if seat == g.active else None)
    g.next_offer += 1
    g.offers.append(o)
    g.passed.discard(seat)
    g.events.append(("offer", seat, (o.id, give, want, seat != g.active, to), None))
    return o


def _face_up_part(g: GameState, seat: int, give: Side) -> dict[str, int]:
    """Bean -> how many of the cards ``give`` names are face-up cards: the active player's
    offer in phase 2 gives the face-up cards of a bean first, as the offer window tags them
    while it is built (R27, R29); ``{}`` for anyone else, another phase (an offer made before
    the reveal gives hand cards: trial 5 read it as "face-up 2" once a card of its bean was
    revealed) or a side that is no map."""
    if seat != g.active or g.phase != "trade" or not g.face_up or not isinstance(give, dict):
        return {}
    out: dict[str, int] = {}
    for b, n in give.items():
        k = min(n, g.face_up.count(b))
        if k:
            out[b] = k
    return out


def _traded_through(g: GameState, answers: int | None, other: int) -> None:
    """A deal on a copy of the active player's offer ``answers`` was made with ``other``:
    the offer stays while its owner holds what it gives (C13) and says it traded once."""
    if answers is None:
        return
    for a in g.offers:
        if a.id == answers:
            a.traded = (*a.traded, other)
            return


def addressee(g: GameState, seat: int, to: int | str | None) -> int | None:
    """The seat an offer of ``seat`` is addressed to: ``to`` as a seat index or a seat's name
    (case-insensitive), ``None`` for none. Raises ``no_such_seat`` for an unknown seat and
    ``own_offer`` for ``seat`` itself (R28: a deal needs two players)."""
    if to is None:
        return None
    if isinstance(to, str):
        want = " ".join(to.split()).casefold()
        found = [i for i, s in enumerate(g.seats) if s.name.casefold() == want]
        if not found:
            names = ", ".join(s.name for s in g.seats)
            raise RuleError("no_such_seat", f"nobody at this table is called {to} "
                            f"(players: {names})")
        to = found[0]
    if not 0 <= to < len(g.seats):
        raise RuleError("no_such_seat", f"there is no seat {to + 1} at this table")
    if to == seat:
        raise RuleError("own_offer", "an offer to yourself is no deal", "R28")
    return to


def for_seat(o: Offer, seat: int) -> bool:
    """Whether ``seat`` may be the other party of a deal on ``o``: it is addressed to
    nobody in particular or to ``seat`` (R28)."""
    return o.to is None or o.to == seat


def answered(g: GameState, seat: int, o: Offer) -> int | None:
    """The id of ``seat``'s own open offer that answers ``o`` (gives what ``o`` asks for and
    asks for what it gives: a copy made by ``/accept``, or the same offer typed), or
    ``None``. A second copy of ``o`` by the same seat is refused (``already_answered``)."""
    give, want = o.want, o.give
    for x in g.offers:
        if x.owner == seat and x.give == give and x.want == want and x is not o:
            return x.id
    return None


def post(g: GameState, seat: int, action: PostOffer) -> None:
    """``/offer GIVE for WANT`` (design.md §4; R29, R30, C12)."""
    give = _check_side(g, action.give, "what you give")
    want = _check_side(g, action.want, "what you want")
    if give == "?" and want == "?":
        raise RuleError("empty_offer", "name at least one side of the offer", "R30")
    if give == {} and want == {}:
        raise RuleError("empty_offer", "an offer of nothing for nothing is no deal", "R30")
    if give == {} and not g.rules.allow_gift_requests:
        raise RuleError("gift_request_forbidden",
                        "you may give a gift, but not ask for one: offer something in return",
                        "C12")
    to = action.to
    if to is not None:
        to = addressee(g, seat, to)
    if not holds(g, seat, give):
        raise RuleError("cannot_provide",
                        f"you do not hold {_side_text(give)} to give"
                        + (" (hand or face-up cards)" if seat == g.active else " (hand cards)"),
                        "R29")
    _add(g, seat, give, want, to)


def find(g: GameState, offer_id: int) -> Offer:
    for o in g.offers:
        if o.id == offer_id:
            return o
    raise RuleError("no_such_offer", f"there is no offer {offer_id} in the market")


def withdraw(g: GameState, seat: int, action: Withdraw) -> None:
    """``/withdraw N``: the owner takes its offer off the market."""
    offer_id = action.offer
    o = find(g, offer_id)
    if o.owner != seat:
        raise RuleError("not_your_offer", f"offer {offer_id} is not yours")
    if g.deal is not None and g.deal.offer == offer_id:
        raise RuleError("deal_in_progress",
                        f"offer {offer_id} is in a deal; /cancel the deal first", "R31")
    g.offers.remove(o)
    g.events.append(("withdraw", seat, (offer_id,), None))
    if o.want == {} and not g.rules.allow_gift_requests:
        drop_gift_requests(g)   # C12: the takers' answers to a withdrawn gift ask for one now


def direct(g: GameState, seat: int, o: Offer) -> bool:
    """Whether ``/accept o.id`` by ``seat`` starts the deal at once rather than posting a
    copy: ``seat`` is the active player (any other seat's offer), or ``o`` is the active
    player's offer aimed at ``seat`` alone (``/offer ... to NAME``) [house]: by aiming it the
    active player chose the partner, so the addressee's accept counts as both acceptances
    (R28: one partner; R30: the deal's form). Says nothing of holdings (see
    :func:`acceptable`)."""
    active = g.active
    if seat == active:
        return o.owner != active
    return o.owner == active and o.to == seat


def party(g: GameState, seat: int, o: Offer) -> bool:
    """Whether ``seat`` could be a party of a deal on ``o`` (R28: every deal is between the
    active player and one other; R30: an offer to one seat only that seat's): its owner, or
    the active player for another seat's offer, or another seat for the active player's
    offer, in both cases if the offer is not aimed at someone else. Two non-active seats are
    never parties of one deal. Says nothing of phase or holdings."""
    if o.owner == seat:
        return True
    if not for_seat(o, seat):
        return False
    active = g.active
    return (o.owner == active) != (seat == active)


def acceptable(g: GameState, seat: int, o: Offer) -> bool:
    """Hint: ``/accept o.id`` by ``seat`` would be accepted now."""
    if g.phase != "trade" or o.owner == seat or not o.complete:
        return False
    if not for_seat(o, seat) or (o.give == {} and asks_gift(g, o)):
        return False
    if seat == g.active:
        return (g.deal is None and o.owner != g.active and holds(g, o.owner, o.give)
                and holds(g, seat, o.want))
    if o.owner == g.active and o.to == seat:     # aimed at this seat: the deal starts
        return g.deal is None and holds(g, o.owner, o.give) and holds(g, seat, o.want)
    return (o.owner == g.active and holds(g, seat, o.want)
            and _open_offers(g, seat) < MAX_OPEN_OFFERS and answered(g, seat, o) is None)


class Holdings:
    """Each seat's :func:`holdings` and number of open offers, counted once (when first
    read) for every offer and viewer of one position: what :func:`acceptable_ids` and the
    hints (``hints.offer_notes``, the views) read instead of counting the hand per offer.
    Read-only: a new one for each position."""

    __slots__ = ("counts", "g", "offers", "shown")

    def __init__(self, g: GameState) -> None:
        self.g = g
        self.counts: dict[int, dict[str, int]] = {}
        self.offers: dict[int, int] | None = None
        self.shown: dict[str, int] | None = None

    def face_up(self) -> dict[str, int]:
        """The face-up cards counted by bean."""
        if self.shown is None:
            self.shown = {}
            for b in self.g.face_up:
                if b is not None:
                    self.shown[b] = self.shown.get(b, 0) + 1
        return self.shown

    def of(self, seat: int) -> dict[str, int]:
        """:func:`holdings` of ``seat``: bean -> count."""
        c = self.counts.get(seat)
        if c is None:
            c = self.counts[seat] = holdings(self.g, seat)
        return c

    def open_offers(self, seat: int) -> int:
        """How many offers ``seat`` has in the market."""
        if self.offers is None:
            self.offers = {}
            for o in self.g.offers:
                self.offers[o.owner] = self.offers.get(o.owner, 0) + 1
        return self.offers.get(seat, 0)


def counted_holds(have: dict[str, int], side: Side) -> bool:
    """Whether a seat holding ``have`` (bean -> count, :func:`holdings`) can give ``side``
    (:func:`holds` from counts; a ``?`` side is never checked)."""
    if side == "?" or not side:
        return True
    for b, n in side.items():
        if have.get(b, 0) < n:
            return False
    return True


def acceptable_ids(g: GameState, seat: int, held: Holdings | None = None) -> list[int]:
    """Ids of the offers for which :func:`acceptable` holds, in market order (one pass):
    the offers ``seat`` may ``/accept`` now (R28-R31, C12). ``held``: the holdings and open
    offers of this position counted once (a :class:`Holdings` shared by the views of every
    seat); when ``None``, the hands are read for just the cards the offers name
    (:func:`holds`: cheaper for one question about one position, as the bots ask it). The
    one place this is worked out: the bots, the search and the views' ``can_accept`` all
    call it."""
    if g.phase != "trade":
        return []
    active = g.active
    # without ``held`` (a bot asking once for one position) only the cards the offers name
    # are counted, in the hands themselves (holds); with it, from its counts: the same ids
    if seat == active:
        if g.deal is not None:
            return []
        found = []      # a loop, o.complete written out: no call for either (Python 3.11)
        for o in g.offers:
            if (o.owner != active and o.give != "?" and o.want != "?"
                    and (o.to is None or o.to == seat)
                    and (o.give or not asks_gift(g, o))     # C12
                    and (holds(g, o.owner, o.give) and holds(g, seat, o.want) if held is None
                         else counted_holds(held.of(o.owner), o.give)
                         and counted_holds(held.of(seat), o.want))):
                found.append(o.id)
        return found
    free = g.deal is None
    out = []
    for o in g.offers:
        if o.owner != active or o.give == "?" or o.want == "?":    # not o.complete
            continue
        if not o.give and asks_gift(g, o):      # C12: the active player asks for a gift
            continue
        if o.to == seat:            # aimed at this seat: the deal starts at once [house]
            if free and (holds(g, active, o.give) and holds(g, seat, o.want) if held is None
                         else counted_holds(held.of(active), o.give)
                         and counted_holds(held.of(seat), o.want)):
                out.append(o.id)
        elif (o.to is None
              and (_open_offers(g, seat) if held is None else held.open_offers(seat))
              < MAX_OPEN_OFFERS     # else a copy would be refused
              and (holds(g, seat, o.want) if held is None
                   else counted_holds(held.of(seat), o.want))
              and answered(g, seat, o) is None):
            out.append(o.id)
    return out


def accept(g: GameState, seat: int, action: Accept) -> None:
    """``/accept N`` (design.md §4, seed 000).

    The active player's accept of another seat's offer starts the deal (R28, R31). Another
    seat's accept of the active player's offer posts a copy with the sides swapped, which
    the active player may then accept; except [house] when the offer is aimed at this seat
    alone (``/offer ... to NAME``): the active player chose the partner by aiming it, so
    the addressee's accept starts the deal at once (R28: one partner; R30: the deal's
    form), checked like the active player's accept: no deal pending (``deal_in_progress``,
    R31), both sides hold their cards now (``cannot_provide``, R29). Errors:
    ``wrong_phase``, ``no_such_offer``, ``own_offer``, ``offer_incomplete`` (C12),
    ``not_active_party`` and ``not_for_you`` (R28), ``cannot_provide``,
    ``already_answered``, ``too_many_offers``, ``deal_in_progress``."""
    offer_id = action.offer
    if g.phase != "trade":
        raise RuleError("wrong_phase", "offers are accepted only in phase 2", "R28")
    o = find(g, offer_id)
    if o.owner == seat:
        raise RuleError("own_offer", f"offer {offer_id} is your own", "R28")
    if o.give == "?" or o.want == "?":   # not o.complete
        raise RuleError("offer_incomplete", f"offer {offer_id} has a '?': answer it with an "
                        "offer of your own", "C12")
    if o.give == {} and asks_gift(g, o):
        raise RuleError("gift_request_forbidden", f"offer {offer_id} asks for a gift, which "
                        "these rules do not allow", "C12")
    active = g.active
    if seat != active:
        if o.owner != active:
            raise RuleError("not_active_party", "every deal involves the active player; two "
                            "other players cannot trade with each other", "R28")
        if not for_seat(o, seat):
            raise RuleError("not_for_you", f"offer {offer_id} is for "
                            f"{g.seats[o.to or 0].name} only", "R28")
        if o.to == seat:      # aimed at this seat: the deal starts at once [house]
            _check_deal(g, o, seat, "in your hand")
            assert isinstance(o.give, dict) and isinstance(o.want, dict)
            _start(g, o, seat, o.give, o.want, seat)
            return
        give, want = o.want, o.give
        if not holds(g, seat, give):
            raise RuleError("cannot_provide",
                            f"you do not hold {_side_text(give)} in your hand", "R29")
        copy = answered(g, seat, o)
        if copy is not None:
            raise RuleError("already_answered", f"your offer {copy} already answers offer "
                            f"{offer_id} and waits for {g.seats[active].name}")
        # the copy of an offer addressed to this seat stays between these two (R28)
        _add(g, seat, give, want, None if o.to is None else o.owner)
        return
    if not for_seat(o, seat):
        raise RuleError("not_for_you", f"offer {offer_id} is for {g.seats[o.to or 0].name} "
                        "only", "R28")
    _check_deal(g, o, seat, "(hand or face-up cards)")
    assert isinstance(o.give, dict) and isinstance(o.want, dict)
    _start(g, o, o.owner, o.want, o.give, active)


def _check_deal(g: GameState, o: Offer, seat: int, where: str) -> None:
    """Whether ``seat``'s accept of ``o`` may start a deal now: none pending (R31), the
    owner still holds what ``o`` gives (R31) and ``seat`` what it wants (R29, ``where``
    says where ``seat``'s cards may come from). Raises ``deal_in_progress`` or
    ``cannot_provide``; changes nothing."""
    if g.deal is not None:
        raise RuleError("deal_in_progress", "finish or cancel the current deal first", "R31")
    if not holds(g, o.owner, o.give):
        raise RuleError("cannot_provide", f"{g.seats[o.owner].name} no longer holds "
                        f"{_side_text(o.give)}", "R31")
    if not holds(g, seat, o.want):
        raise RuleError("cannot_provide",
                        f"you do not hold {_side_text(o.want)} {where}", "R29")


def _start(g: GameState, o: Offer, other: int, owes_a: dict[str, int],
           owes_o: dict[str, int], by: int) -> None:
    """Start the deal on ``o`` between the active player, who owes ``owes_a``, and
    ``other``, who owes ``owes_o`` (both checked by the caller); ``by`` accepted it (the log's
    ``deal_start`` names it and its partner). A side with one way to provide provides at
    once; if both have, the deal executes in this call (R31)."""
    active = g.active
    # a gift (R30: one side gives nothing): the log calls it so (trial 3)
    gift = True if o.give == {} or o.want == {} else None
    g.events.append(("deal_start", by, (o.id, other if by == active else active, gift), None))
    one_a = _one_way(g, active, owes_a)
    one_o = _one_way(g, other, owes_o)
    if one_a and one_o:
        # Both sides provide automatically, so the deal executes in this call: the cards are
        # every card of the beans owed (no references to build and look up again, R31).
        answers = _answers(g, o)
        gave_a = _take_every(g, active, owes_a)
        gave_o = _take_every(g, other, owes_o)
        g.seats[other].to_plant.extend(gave_a)    # R12
        g.seats[active].to_plant.extend(gave_o)
        g.offers = [x for x in g.offers if x is not o]
        _traded_through(g, answers, other)
        g.events.append(("deal_done", active, (o.id, other, gave_a, gave_o, answers), None))
        return
    g.deal = Deal(o.id, active, other, {active: dict(owes_a), other: dict(owes_o)},
                  {active: _refs(g, active, owes_a) if one_a else None,
                   other: _refs(g, other, owes_o) if one_o else None})


def _answers(g: GameState, o: Offer) -> int | None:
    """The id of the active player's offer that ``o`` (another seat's) mirrors, a copy made
    by ``/accept`` or the same offer typed, or ``None``: the deal on ``o`` answers it too
    (the log's ``deal_done`` says so)."""
    active = g.active
    if o.owner == active:
        return None
    for a in g.offers:
        if a.owner == active and a.give == o.want and a.want == o.give:
            return a.id
    return None


def _refs_of(g: GameState, seat: int, bean: str) -> list[CardRef]:
    refs = [CardRef("h", i + 1) for i, b in enumerate(g.seats[seat].hand) if b == bean]
    if seat == g.active:
        refs += [CardRef("u", i + 1) for i, b in enumerate(g.face_up) if b == bean]
    return refs


def _one_way(g: GameState, seat: int, owes: dict[str, int]) -> bool:
    """Whether there is exactly one way for ``seat`` to provide ``owes``: it holds exactly the
    cards owed of each bean (hand, plus the face-up cards if active)."""
    hand = g.seats[seat].hand
    if seat == g.active:
        face_up = g.face_up
        for bean, n in owes.items():
            if hand.count(bean) + face_up.count(bean) != n:
                return False
        return True
    for bean, n in owes.items():
        if hand.count(bean) != n:
            return False
    return True


def _refs(g: GameState, seat: int, owes: dict[str, int]) -> tuple[CardRef, ...]:
    """The cards of the only way to provide ``owes`` (:func:`_one_way`), bean by bean, hand
    cards first."""
    out: list[CardRef] = []
    for bean in owes:
        out += _refs_of(g, seat, bean)
    return tuple(out)


def _take_every(g: GameState, seat: int, owes: dict[str, int]) -> list[str]:
    """Remove every card of the beans ``owes`` names from ``seat``'s hand (and the face-up
    cards if active), the rest keeping their order (R11); returns the beans handed over, in the
    order of :func:`_refs`. Only for the only way (:func:`_one_way`): ``seat`` holds exactly
    ``owes``."""
    gave: list[str] = []
    hand = g.seats[seat].hand
    face_up = g.face_up
    for bean, n in owes.items():
        if n == 1:
            gave.append(bean)
            if bean in hand:
                hand.remove(bean)
            else:
                face_up.remove(bean)
        elif n:
            gave += [bean] * n
            hand[:] = [b for b in hand if b != bean]
            if seat == g.active:
                face_up[:] = [b for b in face_up if b != bean]
    return gave


def _card(g: GameState, seat: int, ref: CardRef) -> str | None:
    if ref.zone == "h":
        hand = g.seats[seat].hand
        return hand[ref.index - 1] if 1 <= ref.index <= len(hand) else None
    if ref.zone == "u" and seat == g.active:
        return g.face_up[ref.index - 1] if 1 <= ref.index <= len(g.face_up) else None
    return None


def provide(g: GameState, seat: int, action: Provide) -> None:
    """``/provide CARD...``: the exact cards this party hands over (R11, R29, R31)."""
    cards = action.cards
    deal = g.deal
    if deal is None or seat not in (deal.active, deal.other):
        raise RuleError("not_a_party", "you are not a party of a pending deal", "R28")
    if len(cards) > 1 and len(set(cards)) != len(cards):
        raise RuleError("no_such_card", "a card is named twice", "R31")
    got: dict[str, int] = {}
    beans: list[str] = []
    for ref in cards:
        bean = _card(g, seat, ref)
        if bean is None:
            where = "your hand" if ref.zone == "h" else "the face-up cards"
            if ref.zone == "u" and seat != g.active:
                raise RuleError("no_such_card",
                                "only the active player gives face-up cards", "R29")
            raise RuleError("no_such_card", f"{ref.zone}{ref.index} is not in {where}", "R29")
        got[bean] = got.get(bean, 0) + 1
        beans.append(bean)
    owes = deal.owes[seat]
    if got != owes:
        raise RuleError("cannot_provide", f"you owe exactly {_side_text(owes)}; those cards are "
                        f"{_side_text(got)}", "R31")
    refs = tuple(cards)
    before = deal.provided[seat]
    deal.provided[seat] = refs
    g.events.append(("provide", seat, (deal.offer,), None))  # before the deal it may complete
    active = deal.active
    party = deal.other if seat == active else active
    theirs = deal.provided[party]
    if theirs is None:
        return
    # R31: every card is checked at execution: this side's just now, the other side's (given
    # earlier) again here; the beans found are the ones handed over.
    try:
        gave = _given(g, party, theirs, deal.owes[party])
    except RuleError:
        deal.provided[seat] = before
        raise
    if seat == active:
        _execute(g, deal, refs, beans, theirs, gave)
    else:
        _execute(g, deal, theirs, gave, refs, beans)


def _execute(g: GameState, deal: Deal, pa: tuple[CardRef, ...], gave_a: list[str],
             po: tuple[CardRef, ...], gave_o: list[str]) -> None:
    """The deal executes (R31): the active player's cards ``pa`` (the beans ``gave_a``) and the
    other's ``po`` (``gave_o``), both checked, go to the to-plant areas (R12); its offer
    leaves the market."""
    offer = next((o for o in g.offers if o.id == deal.offer), None)
    answers = None if offer is None else _answers(g, offer)
    _remove(g, deal.active, pa)
    _remove(g, deal.other, po)
    g.seats[deal.other].to_plant.extend(gave_a)    # R12
    g.seats[deal.active].to_plant.extend(gave_o)
    g.offers = [o for o in g.offers if o.id != deal.offer]
    g.deal = None
    _traded_through(g, answers, deal.other)
    g.events.append(("deal_done", deal.active,
                     (deal.offer, deal.other, gave_a, gave_o, answers), None))


def _given(g: GameState, seat: int, refs: tuple[CardRef, ...], owes: dict[str, int]
           ) -> list[str]:
    """The beans of the provided ``refs`` of ``seat``, in the order given; raises
    ``RuleError`` ``cannot_provide`` unless they are still there and still make up ``owes``
    (R31)."""
    out: list[str] = []
    got: dict[str, int] = {}
    for ref in refs:
        bean = _card(g, seat, ref)
        if bean is None:
            raise RuleError("cannot_provide", "a provided card is no longer there", "R31")
        out.append(bean)
        got[bean] = got.get(bean, 0) + 1
    if got != owes:
        raise RuleError("cannot_provide", "the provided cards changed", "R31")
    return out


def _remove(g: GameState, seat: int, refs: tuple[CardRef, ...]) -> None:
    """Remove the named cards (checked by :func:`_given`); the rest keep their order (R11)."""
    hand = g.seats[seat].hand
    if len(refs) == 1:
        ref = refs[0]
        del (hand if ref.zone == "h" else g.face_up)[ref.index - 1]
        return
    for i in sorted((r.index - 1 for r in refs if r.zone == "h"), reverse=True):
        del hand[i]
    for i in sorted((r.index - 1 for r in refs if r.zone == "u"), reverse=True):
        del g.face_up[i]


def cancel(g: GameState, seat: int) -> None:
    """``/cancel``: a party calls the deal off; the offer stays in the market."""
    deal = g.deal
    if deal is None or seat not in (deal.active, deal.other):
        raise RuleError("not_a_party", "you are not a party of a pending deal", "R28")
    g.deal = None
    g.events.append(("deal_cancel", seat, (deal.offer,), None))


def sweep_stale(g: GameState) -> None:
    """Offers whose owner no longer holds what they give leave the market (C13, T28); so do
    gift requests that answer nothing any more where C12 forbids them
    (:func:`drop_gift_requests`)."""
    deal = g.deal
    deal_offer = deal.offer if deal is not None else None
    stale: list[Offer] = []
    for o in g.offers:      # a loop, not a comprehension: this runs after most actions
        if o.id != deal_offer and not holds(g, o.owner, o.give):
            stale.append(o)
    if stale:
        for o in stale:
            g.events.append(("offer_stale", o.owner, (o.id, None), None))
        g.offers = [o for o in g.offers if o not in stale]
    if not g.rules.allow_gift_requests:
        drop_gift_requests(g)


def asks_gift(g: GameState, o: Offer) -> bool:
    """Whether ``o`` asks for a gift where ``allow_gift_requests`` is false (C12): it gives
    nothing and is no taker's answer to a gift of the active player. ``/accept`` of the
    active player's ``X for nothing`` posts the copy ``nothing for X`` (AU2): that copy says
    "I take it", and stays one only while the active player's gift is in the market. Once the
    gift has left (withdrawn, given to another, its card gone) or the turn has passed (C13
    keeps offers across turns), the copy would be a standing request for a gift, which
    classic (seed 000) does not let anyone make. ``False`` where gift requests are
    allowed."""
    if g.rules.allow_gift_requests or o.give != {}:
        return False
    if g.deal is not None and g.deal.offer == o.id:
        return False    # a deal under way on it is carried out or called off first (R31)
    active = g.active
    if o.owner == active:
        return True
    want = o.want
    for a in g.offers:
        if a.owner == active and a.want == {} and a.give == want and for_seat(a, o.owner):
            return False
    return True


def drop_gift_requests(g: GameState) -> None:
    """Take the offers :func:`asks_gift` finds out of the market (C12 with C13), each logged
    as ``offer_stale`` with ``why: "gift_request"``. A no-op where gift requests are
    allowed."""
    if g.rules.allow_gift_requests or not g.offers:
        return
    gone = [o for o in g.offers if o.give == {} and asks_gift(g, o)]
    if not gone:
        return
    for o in gone:
        g.events.append(("offer_stale", o.owner, (o.id, "gift_request"), None))
    g.offers = [o for o in g.offers if o not in gone]


def clear_signals(g: GameState, seat: int, action: object = None) -> None:
    """``/signals clear``: remove all of this seat's markers (``action``: the
    ``ClearSignals`` when ``Game.apply`` calls it as the action's move)."""
    s = g.seats[seat]
    s.want.clear()
    s.have.clear()


def signal(g: GameState, seat: int, kind: str, bean: str) -> None:
    """Supply and demand markers (seed 000): ``kind`` is ``want`` or ``have``; only for a
    bean of this game's deck (R3, as offers: ``no_such_card``)."""
    if bean not in BEANS:
        raise RuleError("parse_error", f"unknown bean {bean!r}")
    if bean not in g.rules.types:
        raise RuleError("no_such_card", f"there are no {bean} beans in this game", "R3")
    s = g.seats[seat]
    marks = s.want if kind == "want" else s.have
    if bean not in marks:
        marks.append(bean)


def signal_move(g: GameState, seat: int, a: Any) -> None:
    """``Game.apply``'s move of a ``Signal`` action (``/want``, ``/have``): :func:`signal`
    with the action's ``kind`` and ``bean``, without a call between (issue 14)."""
    bean = a.bean
    if bean not in BEANS:
        raise RuleError("parse_error", f"unknown bean {bean!r}")
    if bean not in g.rules.types:   # R3: a marker for a bean of this game's deck only
        raise RuleError("no_such_card", f"there are no {bean} beans in this game", "R3")
    s = g.seats[seat]
    marks = s.want if a.kind == "want" else s.have
    if bean not in marks:
        marks.append(bean)
