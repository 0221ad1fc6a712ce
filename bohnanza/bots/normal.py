"""``normal``: ``greedy`` with its plain mistakes fixed (issue 15), from its own view only.

What changes against :mod:`.greedy` (which stays as the ``easy`` level):

* **Plans planting with the hand.** When a card to plant forces a harvest (R15), each
  harvestable field is tried and the one whose plan, with the rest of the hand planted after
  it (R9, R26), is worth most is sold: with chili x6 and stink x3 in the fields and chilis
  next in hand, the stink field is the one sold.
* **No optional second card into an empty field with no future** (R26): a second card goes
  into an empty field only when its type can still be expected to reach its first coin and
  the next hand card does not need that field.
* **Looks at the opponents' fields.** What a deal gives the partner is estimated with the
  same field worth as one's own (a bean joining its field, a fresh field, or nothing when it
  would break a field); a deal must gain this seat more than ``PARTNER`` times what it gives
  the partner (``LEADER`` times for the seat that leads in coins).
* **Few gifts, none to the leader.** Cards for nothing are offered only when losing them
  saves a field (a gain of at least ``GIFT_GAIN``), and never go to the seat with the most
  coins (hidden money: nobody is known to lead).
* **Pays with what the partner needs.** Asking the active player for a face-up card, it pays
  with the card the active player gains most by, among those it can spare.
* **Offers pairs.** Two unwanted cards of one type (face-up or in the front of the hand) are
  offered together, for a bean it grows or as a gift.
* **The bean duel (rules.md §3a).** A harvest in step 1 or 3 made to plant a face-up card is
  followed by planting that card there (``greedy`` decides afresh after the harvest and, with
  the field now empty, often plants nothing: a one-card field sold for 0 coins, and the card
  left to the opponent or discarded). The optional second card of step 2 follows ``greedy``'s
  rule (it fits a field without a harvest), not the phase 1 rule above: in the duel, where the
  hand is the only card source besides the offer, keeping the field empty lost (400 duels,
  seeds 1000-1399, against ``greedy``: 7.7 coins to 8.5 with the phase 1 rule, 8.3 to 8.3
  without; with the planting after a harvest too, 9.0 to 8.0).
"""

from __future__ import annotations

from typing import Any

from . import common as c
from .greedy import MARGIN, Cards, Fields, GreedyPolicy, Model, field_worth, passed

#: A gift (cards for nothing) is offered only when giving the card gains at least this.
GIFT_GAIN = 1.0
#: A deal must gain this seat more than these times what it gives the partner.
PARTNER = 0.5
LEADER = 1.0


class NormalModel(Model):
    """The greedy model, plus what a deal is worth to another seat."""

    def gain_for(self, fields: Fields, beans: Cards) -> float:
        """What ``beans`` joining ``fields`` (another seat's) are worth to that seat, at
        least 0 (it may pass them on)."""
        total = 0.0
        fl = list(fields)
        for b in beans:
            i = next((k for k, f in enumerate(fl) if f is not None and f[0] == b), -1)
            if i < 0:
                i = next((k for k, f in enumerate(fl) if f is None), -1)
                if i < 0:
                    continue
                fl[i] = (b, 0)
            f = fl[i]
            assert f is not None
            n = f[1]
            mu20 = round(self.mu.get(b, 0.0) * 20)
            before = field_worth(b, n, mu20) if n else 0.0
            after = field_worth(b, n + 1, mu20)
            total += max(0.0, after - before)
            fl[i] = (b, n + 1)
        return total


def _coins(view: dict[str, Any]) -> list[int] | None:
    coins = [s["coins"] for s in view["seats"]]
    return None if any(x is None for x in coins) else [int(x) for x in coins]


def leader(view: dict[str, Any]) -> int | None:
    """The seat with strictly the most coins, ``None`` on a tie or under hidden money."""
    coins = _coins(view)
    if not coins:
        return None
    best = max(coins)
    top = [i for i, x in enumerate(coins) if x == best]
    return top[0] if len(top) == 1 and best > 0 else None


class NormalPolicy(GreedyPolicy):
    """``greedy`` with the faults of issue 15 fixed (module docstring)."""

    name = "normal"
    level = "normal"
    model_class = NormalModel
    partner_weight = PARTNER
    """A deal must gain this seat more than this times what it gives the partner."""
    leader_weight = LEADER
    """The same for the seat that leads in coins."""
    pay_weight = 0.5
    """Asking the active player for a card: weight of what the payment is worth to it."""

    # ------------------------------------------------------------ what the partner gets
    def _worth_giving(self, view: dict[str, Any], m: Model, partner: int,
                      gives: dict[str, int]) -> float:
        """Own weight times what ``gives`` is worth to ``partner`` (module docstring)."""
        if not isinstance(m, NormalModel) or partner == m.me:
            return 0.0
        beans = tuple(b for b, k in gives.items() for _ in range(k))
        gain = m.gain_for(tuple(c.fields_of(view, partner)), beans)
        return gain * (self.leader_weight if leader(view) == partner else self.partner_weight)

    def _best_accept(self, view: dict[str, Any], m: Model) -> str | None:
        mine = self._open_gives(view)
        best: tuple[float, int] | None = None
        turn = view["turn"]
        acceptable = set(view["you"]["can_accept"])
        lead = leader(view)
        for o in view["offers"]:
            if o["id"] not in acceptable or (turn, o["id"]) in self._started:
                continue
            give, want = o["give"], o["want"]
            if give == "?" or want == "?":
                continue
            give = {k: int(v) for k, v in give.items()}
            want = {k: int(v) for k, v in want.items()}
            if not m.active and (want, give) in mine:
                continue
            partner = int(o["owner"]) if m.active else int(view["active"])
            if want and not give and partner == lead:
                continue            # a gift to the leader
            gain = m.deal(want, give)[0] - self._worth_giving(view, m, partner, want)
            if gain > MARGIN and (best is None or gain > best[0]):
                best = (gain, o["id"])
        if best is None:
            return None
        if m.active:
            self._started = {k for k in self._started if k[0] == turn}
            self._started.add((turn, best[1]))
        return c.accept(best[1])

    def _post(self, view: dict[str, Any], m: Model,
              candidates: list[tuple[dict[str, int], dict[str, int]]]) -> str | None:
        lead = leader(view)
        active = int(view["active"])
        keep = []
        for give, want in candidates:
            if give and not want:
                if m.deal(give, want)[0] < GIFT_GAIN:
                    continue        # a gift that saves no field
                if not m.active and active == lead:
                    continue        # a gift to the leader
                if m.active and lead is not None and self._grows(view, lead, give):
                    continue        # the leader would take it
            if not m.active and self._worth_giving(view, m, active, give) >= \
                    m.deal(give, want)[0]:
                continue
            keep.append((give, want))
        return super()._post(view, m, keep)

    @staticmethod
    def _grows(view: dict[str, Any], seat: int, beans: dict[str, int]) -> bool:
        grown = {f[0] for f in c.fields_of(view, seat) if f is not None}
        return any(b in grown for b in beans)

    # ------------------------------------------------------------ planting
    def _plant_cards(self, view: dict[str, Any], m: Model, cards: Cards,
                     traded: bool) -> str | None:
        text = super()._plant_cards(view, m, cards, traded)
        if text is None or not text.startswith("/harvest"):
            return text
        hinted = view["you"]["harvestable"]
        rest = m.hand if traded else m.hand[1:]
        plan_cards = tuple(sorted(cards))
        best: tuple[float, int] | None = None
        for f in hinted:
            fld = m.fields[f - 1]
            if fld is None:
                continue
            nf = m.fields[:f - 1] + (None,) + m.fields[f:]
            p = m.plan(nf, plan_cards)
            value = m.coins(fld[0], fld[1]) + p[0] + m.hand_value(rest, p[2])
            if best is None or value > best[0]:
                best = (value, f)
        return text if best is None else c.harvest(best[1])

    def _phase1(self, view: dict[str, Any], m: Model) -> str | None:
        front = m.hand[0]
        if view["planted"] == 0:
            return self._plant_cards(view, m, (front,), traded=False)
        for i, f in enumerate(m.fields):
            if f is not None and f[0] == front:
                return c.plant(i + 1)
        if None in m.fields and m.fields.count(None) == 1 and len(m.hand) > 1:
            nxt = m.hand[1]
            if nxt != front and not any(f is not None and f[0] == nxt for f in m.fields):
                return c.done()     # the next card needs that empty field
        if None in m.fields and m.V(front, 1) >= 0.5 and m.single(m.fields, front) >= 0.2:
            return c.plant(m.fields.index(None) + 1)
        return c.done()

    # ------------------------------------------------------------ the bean duel (§3a)
    def _duel(self, view: dict[str, Any], m: Model) -> str | None:
        if view["phase"] == "plant" and view["planted"] == 1:
            second = GreedyPolicy._phase1(self, view, m)    # (module docstring)
            if second != c.done():
                return second
            return self._duel_discard(m) or c.done()
        return super()._duel(view, m)

    def _duel_face_up(self, view: dict[str, Any], m: Model, revealed: bool) -> str:
        """Steps 1 and 3: after a harvest that made room for a face-up card (``_duel_aim``,
        this step of this turn), that card goes into the emptied field; else as ``greedy``."""
        aim, self._duel_aim = self._duel_aim, None
        if aim is not None and aim[:2] == (view["turn"], view["phase"]):
            bean, f = aim[2], aim[3]
            takes = view["you"]["face_up_fields"]
            for i, b in enumerate(view["face_up"]):
                if b == bean and f in takes[i] and m.fields[f - 1] is None:
                    return c.plant_card(i + 1, f)
        return super()._duel_face_up(view, m, revealed)

    # ------------------------------------------------------------ trading
    def _trade_active(self, view: dict[str, Any], m: Model, hurry: bool) -> str | None:
        if view["deal"] is None and not hurry:
            pair = self._pair_offer(view, m)
            if pair is not None:
                return pair
        return super()._trade_active(view, m, hurry)

    def _pair_offer(self, view: dict[str, Any], m: Model) -> str | None:
        held: dict[str, int] = {}
        for b in m.face_up + m.hand[:2]:
            held[b] = held.get(b, 0) + 1
        wanted = self._wanted(m, [f[0] for f in m.fields if f is not None])
        cands: list[tuple[dict[str, int], dict[str, int]]] = []
        for b, k in sorted(held.items()):
            if k < 2 or any(f is not None and f[0] == b for f in m.fields):
                continue
            for _, w in wanted[:1]:
                if w != b:
                    cands.append(({b: 2}, {w: 1}))
            cands.append(({b: 2}, {}))
        return self._post(view, m, cands) if cands else None

    def _trade_other(self, view: dict[str, Any], m: Model) -> str | None:
        acc = self._best_accept(view, m)
        if acc is not None:
            return acc
        active = int(view["active"])
        am = NormalModel(view)
        afields = tuple(c.fields_of(view, active))
        cands: list[tuple[dict[str, int], dict[str, int]]] = []
        for _, w in self._wanted(m, list(view["face_up"])):
            best: tuple[float, dict[str, int]] | None = None
            pays: list[dict[str, int]] = [{b: 1} for b in sorted(set(m.hand)) if b != w]
            if m.gift_requests:
                pays.append({})
            for g in pays:
                own = m.deal(g, {w: 1})[0]
                if own <= MARGIN:
                    continue
                score = own + self.pay_weight * am.gain_for(afields, tuple(g))
                if best is None or score > best[0]:
                    best = (score, g)
            if best is not None:
                cands.append((best[1], {w: 1}))
        lead = leader(view)
        if active != lead:
            for _, j in self._junk(m):
                cands.append(({j: 1}, {}))
        post = self._post(view, m, cands)
        if post is not None:
            return post
        if not passed(view, m.me):
            return c.done()
        return None

