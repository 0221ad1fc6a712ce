"""``random``: a uniform choice among the commands that are legal and sensible right now.

The baseline opponent. From the hints of its view it lists the commands it could send and
picks one uniformly (``rng.choice``):

* its duty first: in a pending deal where it still owes cards, one ``/provide`` per way of
  choosing the owed cards from hand (and face-up cards when active), or ``/cancel`` (R31);
* phase 1, active: ``/plant F`` on every hinted field (R9, R26), ``/done`` after the first
  card (R26);
* phase 3, with cards to plant: ``/plant BEAN F`` for every hinted pair (R33);
* any time: ``/harvest F`` of each hinted field (R16-R19), ``/buy`` when allowed (R21-R25),
  ``/withdraw`` of its own offers, and in phase 2 ``/accept`` of offers hinted ``you.can_accept``
  (R28-R30) and ``/done`` (end trading when active, the pass mark otherwise, R32);
* one small offer (R29, R30): one of its own cards for one bean of the game or for nothing,
  counted as a single choice and only while it has fewer than ``MAX_OWN_OFFERS`` open offers,
  so the market stays small;
* the bean duel (rules.md §3a; no market there): in steps 1 and 3 ``/plant uI F`` on every
  hinted field of every face-up card, in step 1 ``/discard uI``, in step 2 after planting
  ``/discard hI`` and ``/done``, in step 3 ``/done`` (the rest become the opponent's offer);
* a seat that need not act may also wait (``None`` is one more choice).

Only what is legal is listed, so the engine accepts every command (tests/bots). Bot games in
the engine (:mod:`.simulate`) call :meth:`RandomPolicy.decide_game`, which lists the same
choices from the game itself (the hints as the view builds them) with the same draws. The game
always ends: the active player keeps choosing among a finite set that includes the moves that
advance the game (planting, ``/done``), and a seat that must act never waits.
"""

from __future__ import annotations

import itertools
import random as _random
from collections.abc import Callable
from typing import Any

from bohnanza.engine import duel, market, planting
from bohnanza.engine.actions import CardRef
from bohnanza.engine.state import GameState
from bohnanza.engine.view import _field_info

from . import common as c
from .base import Policy
from .fastview import _waiting

MAX_OWN_OFFERS = 2
MAX_PROVIDE_WAYS = 12


Choice = tuple[Callable[..., str], tuple[Any, ...]] | None
"""One listed command, not yet written as text: a builder of :mod:`.common` and its
arguments (``None`` = wait). Only the chosen one is written (``_text``)."""


def _provide_ways(owes: dict[str, int], refs_of: Callable[[str], list[CardRef]]
                  ) -> list[Choice]:
    """One ``/provide`` per way of choosing the owed cards (``refs_of(bean)``: the cards of
    ``bean`` the seat may hand over, R31), at most ``MAX_PROVIDE_WAYS``."""
    per_bean = []
    for bean, n in sorted(owes.items()):
        per_bean.append(list(itertools.combinations(refs_of(bean), n)))
    out: list[Choice] = []
    for combo in itertools.product(*per_bean):
        out.append((c.provide, ([r for part in combo for r in part],)))
        if len(out) >= MAX_PROVIDE_WAYS:
            break
    return out


def _small_offer(view: dict[str, Any], rng: _random.Random) -> Choice:
    held = set(view["you"]["hand"])     # the beans of c.holdings(view)
    if c.is_active(view):
        held.update(view["face_up"])
    have = sorted(held)
    if not have:
        return None
    give = {rng.choice(have): 1}
    beans = c.types_of(view)
    k = rng.randrange(len(beans) + 1)
    want = {} if k == len(beans) else {beans[k]: 1}
    return (c.offer, (give, want))


def _provide_ways_game(g: GameState, seat: int, owes: dict[str, int]) -> list[Choice]:
    """:func:`_provide_ways` read from the game (``c.card_refs``: hand, then face-up when
    active)."""
    hand = g.seats[seat].hand
    face = g.face_up if g.active == seat else ()

    def refs_of(bean: str) -> list[CardRef]:
        refs = [CardRef("h", i + 1) for i, b in enumerate(hand) if b == bean]
        return refs + [CardRef("u", i + 1) for i, b in enumerate(face) if b == bean]

    return _provide_ways(owes, refs_of)


_HAVE: dict[tuple[str, ...], list[str]] = {}
"""The beans of a hand, sorted (a small offer's choice of what to give), by hand."""

_DONE: Choice = (c.done, ())
_BUY: Choice = (c.buy, ())
_CANCEL: Choice = (c.cancel, ())


def _offer(give: str, want: str | None) -> str:
    """``c.offer`` of one ``give`` for one ``want`` or for nothing (``None``)."""
    return c.offer({give: 1}, {} if want is None else {want: 1})


def _text(choice: Choice) -> str | None:
    return None if choice is None else choice[0](*choice[1])


class RandomPolicy(Policy):
    """Uniform over the listed legal commands (module docstring)."""

    name = "random"
    borrows_view = True
    reads_game = True
    heeds_hurry = False
    """Its answer is the same whatever ``hurry`` says: bot games in the engine
    (:mod:`.simulate`) leave out what only sets ``hurry``."""

    def __init__(self) -> None:
        self.ledger = c.CoinLedger()

    def options(self, view: dict[str, Any], rng: _random.Random) -> list[str | None]:
        """The choices for this view (``None`` = wait); the small offer is drawn here."""
        return [_text(o) for o in self._choices(view, rng)]

    def _choices(self, view: dict[str, Any], rng: _random.Random) -> list[Choice]:
        """:meth:`options` before the texts are written (the same list, the same draws)."""
        you = view.get("you")
        if you is None or view["phase"] == "over":
            return []
        owes = c.my_deal_duty(view)
        if owes is not None:
            return [*_provide_ways(owes, lambda bean: c.card_refs(view, bean)),
                    (c.cancel, ())]
        phase = view["phase"]
        opts: list[Choice] = []
        must = bool(you["must_act"])
        if phase == "plant" and must:
            opts += [(c.plant, (f,)) for f in you["plant_fields"]]
            if view["planted"] >= 1:
                opts.append((c.done, ()))
        elif phase == "plant_traded" and must:
            for bean, fields in sorted(you["plant_traded_fields"].items()):
                opts += [(c.plant, (f, bean)) for f in fields]
        elif phase in ("plant_offer", "plant_revealed") and must:
            for i, fields in enumerate(you["face_up_fields"]):
                opts += [(c.plant_card, (i + 1, f)) for f in fields]
            if phase == "plant_revealed":
                opts.append((c.done, ()))
        elif phase == "trade":
            opts += [(c.accept, (i,)) for i in you["can_accept"]]
            me = you["seat"]
            if c.is_active(view) or not view["seats"][me]["passed"]:
                if view["deal"] is None or not c.is_active(view):
                    opts.append((c.done, ()))
        opts += [(c.discard, (r,)) for r in you.get("can_discard", ())]
        opts += [(c.harvest, (f,)) for f in you["harvestable"]]
        if self.ledger.can_buy(view):
            opts.append((c.buy, ()))
        mine = c.own_offers(view)
        opts += [(c.withdraw, (o["id"],)) for o in mine if o["id"] in you["can_withdraw"]]
        if len(mine) < MAX_OWN_OFFERS and not c.is_duel(view):
            small = _small_offer(view, rng)
            if small is not None:
                opts.append(small)
        if not must:
            opts.append(None)
        return opts

    def decide(self, view: dict[str, Any], rng: _random.Random, *,
               hurry: bool = False) -> str | None:
        opts = self._choices(view, rng)
        if not opts:
            return None
        text = _text(rng.choice(opts))
        self.ledger.note(view, text)
        return text

    def _choices_game(self, g: GameState, seat: int, rng: _random.Random) -> list[Choice]:
        """:meth:`_choices` for ``seat`` read from the game instead of its view: the same
        list, in the same order, with the same draws (each hint as ``engine.view`` and
        :mod:`.fastview` build it; tests/bots/test_bots_fast.py). The draws are
        ``rng._randbelow``, which ``rng.choice`` and ``rng.randrange`` call for them."""
        phase = g.phase
        if phase == "over":
            return []
        s = g.seats[seat]
        active = g.active == seat
        waiting = _waiting(g, seat)
        d = g.deal
        if waiting == "provide" and d is not None and seat in d.owes:
            return [*_provide_ways_game(g, seat, dict(d.owes[seat])), _CANCEL]
        opts: list[Choice] = []
        add = opts.append
        must = waiting is not None
        if not must:
            if phase == "trade":
                if g.offers:
                    for i in market.acceptable_ids(g, seat):
                        add((c.accept, (i,)))
                if seat not in g.passed:
                    add(_DONE)
        elif phase == "plant":
            if waiting == "plant" and g.planted < 2:
                for f in planting.fields_for(g, s, s.hand[0]):
                    add((c.plant, (f,)))
            if g.planted >= 1:
                add(_DONE)
        elif phase == "plant_traded":
            if s.to_plant:
                for bean in sorted(dict.fromkeys(s.to_plant)):
                    for f in planting.fields_for(g, s, bean):
                        add((c.plant, (f, bean)))
        elif phase in ("plant_offer", "plant_revealed"):
            for i, fields in enumerate(duel.face_up_fields(g, seat)):
                for f in fields:
                    add((c.plant_card, (i + 1, f)))
            if phase == "plant_revealed":
                add(_DONE)
        elif phase == "trade":
            if g.offers:
                for i in market.acceptable_ids(g, seat):
                    add((c.accept, (i,)))
            if active or seat not in g.passed:
                if d is None or not active:
                    add(_DONE)
        rules = g.rules
        if rules.duel:
            for r in duel.discardable(g, seat):
                add((c.discard, (r,)))
        for f in planting.harvestable_now(g, seat):
            add((c.harvest, (f,)))
        if g.options.get("hidden_money"):
            if planting.buy_hint(g, seat) and (
                    rules.third_field_cost is not None
                    and self.ledger.coins >= int(rules.third_field_cost)):
                add(_BUY)
        elif planting.can_buy(g, seat):             # buy_hint without hidden money
            add(_BUY)
        mine = 0
        if g.offers:
            deal_offer = d.offer if d is not None else None
            for o in g.offers:
                if o.owner == seat:
                    mine += 1
                    if o.id != deal_offer:
                        add((c.withdraw, (o.id,)))
        if mine < MAX_OWN_OFFERS and not rules.duel:
            hand = tuple(s.hand)
            have = _HAVE.get(hand) if not active else None
            if have is None:
                held = set(hand)
                if active:
                    held.update(g.face_up)
                have = sorted(held)
                if not active:
                    if len(_HAVE) >= 4096:
                        _HAVE.clear()
                    _HAVE[hand] = have
            if have:
                below = rng._randbelow  # type: ignore[attr-defined]
                give = have[below(len(have))]                 # rng.choice(have)
                beans = rules.types
                k = below(len(beans) + 1)                     # rng.randrange(len + 1)
                add((_offer, (give, None if k == len(beans) else beans[k])))
        if not must:
            add(None)
        return opts

    def decide_game(self, g: GameState, seat: int, rng: _random.Random, *,
                    hurry: bool = False) -> str | None:
        """:meth:`decide` for ``seat`` from the game itself (bot games in the engine only,
        :mod:`.simulate`): the same command and the same draws as from the seat's view."""
        opts = self._choices_game(g, seat, rng)
        if not opts:
            return None
        choice = opts[rng._randbelow(len(opts))]  # type: ignore[attr-defined]  # rng.choice
        if choice is None:
            return None
        text = choice[0](*choice[1])
        if text is not None and g.options.get("hidden_money"):
            # self.ledger.note, from the game (the coins are read only under hidden money)
            if text.startswith("/harvest "):
                info = _field_info(g.seats[seat].fields[int(text.split()[1]) - 1])
                if info is not None:
                    self.ledger.coins += int(info["harvest_now"])
            elif text == "/buy":
                self.ledger.coins -= int(g.rules.third_field_cost or 0)
        return text
