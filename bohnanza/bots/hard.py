"""``hard``: determinized Monte Carlo search (PIMC) over abstract actions (issue 15).

It reads only its seat's view, like every policy (R41, R42): each sample is a game built by
:func:`bohnanza.engine.search.determinize` from the view and a draw of the hidden cards, so
two positions that differ only in what this seat may not see give the same decisions for the
same generator state (tests/bots/test_bots_hard.py).

**Planting decisions** (phase 1, phase 3, the duel's steps; R9-R26, R33): the candidates are
the engine's abstract actions (``legal_actions``: a plant per fitting field, each harvest,
the third field, ending phase 1 or a step). When there are two or more, every candidate is
played in the same samples (common random numbers), each followed by a rollout to the end of
the game with the fast rollout policy (:mod:`.rollout`, which trades at realistic rates).

**Deals** (phase 2, R28-R32): ``normal``'s way proposes (accept an offer, post one, pass,
end trading), with the offers below first; in the last pass an accept or an offer is sent
only when, in the same samples, the game with the deal done is worth at least as much as
without it. Every acceptable offer is weighed the same
way and the best one that gains is taken. So a hard bot never offers or accepts what its
search says loses.

**Offers the partners take** (``TRADE_MODEL``, in every pass; R28-R31): the other seats'
levels are public and greedy's rule for taking an offer is public code, so before
``normal``'s own offers it weighs a wider set of its own: as the active player, each face-up
or hand card (or two of a kind) for nothing or for a bean it gains by; as another seat, each
payment from its hand (one card, two of a kind) for a face-up or hand card of the active
player it gains by. Each candidate is tried in ``ODDS_SAMPLES`` draws of the hidden cards
(:func:`determinize`, from its own view only: the other hands by count, what their open
offers give), where greedy's own model (``greedy.Model``) of the partner in the draw says
whether it takes the deal (its gain over ``MARGIN``; the active player takes the offer it
gains most by, so a rival offer for the same card that it prefers wins). An offer's worth is
this seat's gain minus its weighted worth to the partner who takes it (the first seat asked,
R28), averaged over the draws with 0 where nobody takes it; the best one worth at least
``POST_GAIN`` is posted. Against three greedy seats this lifted it from 35.5% to 57% of the
games at 4 players (docs/bots.md).

**Its own deal weights** (``partner_weight``, ``leader_weight``): where it plays as ``normal``
it deals more freely than ``normal``: a deal must gain it more than a quarter of what it
gives the partner (half for the leader in coins), not a half (all). Against three greedy
seats it won 43 games of 100 against 34 on the tuning seeds, but not on the benchmark's seeds
(docs/bots.md: within the noise); dealing less freely lost (30 of 100).

**Why the search decides little** (``bench/hard_search.py``): it runs a dozen times a game,
in the last pass, where the candidates differ by little; its samples there agree with each
other (a standard error of about 0.1 at 24 samples). Earlier, where the decisions matter,
the rollouts are long and rough and lost to ``normal``'s own estimate.

**When it searches**: in the last pass through the draw pile (``SEARCH_PASSES``), where a
rollout to the end is short enough to be trusted; before that it plays as ``normal`` (in
our measurements, searching earlier through the rough rollout policy lost games against
``normal``'s own estimate: docs/bots.md). Trial settings (``PLANT_PASSES``,
``DEAL_PASSES``, ``CONFIDENCE``, ``EARLY_ROUNDS``; off) search earlier and overrule
``normal`` only where the samples say so clearly, or roll out a few rounds only before the
last pass: within the noise in our runs (docs/bots.md).

**Worth of a finished sample**: ``WIN`` for a win (shared on a tie) plus this seat's coins
minus the best other seat's (R39, R40). Samples: ``samples`` per decision, cut short by the
time budget ``budget`` (seconds): the best action found so far is played.
"""

from __future__ import annotations

import random
import time
from typing import Any

from bohnanza.commands import format_action
from bohnanza.engine.actions import Accept, Done, PostOffer
from bohnanza.engine.search import QuietGame, determinize, legal_actions, quiet_clone

from . import common as c
from .greedy import HORIZON, MARGIN, MAX_OWN_OFFERS, Model, field_worth
from .normal import NormalPolicy
from .rollout import play_out

#: Worth of a win against one coin of margin.
WIN = 4.0
#: Default samples per decision and time budget (seconds) per decision.
SAMPLES = 24
BUDGET = 0.5
#: The clock of the time budget: ``"wall"`` (``time.perf_counter``: the server answers
#: within the room's bot delay) or ``"cpu"`` (``time.process_time``: the benchmarks, whose
#: figures should not depend on the machine's load).
CLOCK = "wall"
#: Rounds a rollout plays before the sample is estimated (0: to the end of the game).
ROUNDS = 0
#: The same for the searches before the last pass (``PLANT_PASSES``, ``DEAL_PASSES``; a
#: trial setting, 0: to the end).
EARLY_ROUNDS = 0
#: The search runs once this few passes through the draw pile are left (R37): earlier, its
#: rollouts are too long and too rough to beat ``normal``'s own estimate (docs/bots.md figures).
SEARCH_PASSES = 1
#: A search result replaces ``normal``'s choice only when worth this much more.
OVERRIDE = 0.5
#: Trial settings (off: 1, 1 and 0; docs/bots.md, for what they did when on):
#: planting decisions are searched once ``PLANT_PASSES`` passes are left, before the last
#: pass only a forced harvest with a choice of fields and the optional second card (R15,
#: R26); ``normal``'s deals are checked once ``DEAL_PASSES`` are left, before the last pass
#: with ``EARLY_SAMPLES`` samples, and dropped only when no deal clearly beats the deal; a
#: search overrules ``normal`` only when its mean gain is also at least ``CONFIDENCE``
#: standard errors of the per-sample differences.
PLANT_PASSES = 1
DEAL_PASSES = 1
EARLY_SAMPLES = 12
CONFIDENCE = 0.0
#: Offers chosen by the partners' own acceptance rule (``TRADE_MODEL``; docs/bots.md):
#: ``ODDS_SAMPLES`` draws of the hidden hands per decision, at most ``CANDIDATES``
#: offers weighed (the best for this seat first), an offer posted only when its expected
#: gain (the chance it is taken times what it gains) is at least ``POST_GAIN``.
TRADE_MODEL = True
ODDS_SAMPLES = 6
CANDIDATES = 12
POST_GAIN = 0.3
#: Trial settings: ``normal``'s own offers after the modelled ones (``FALLBACK``: 1 on,
#: 0 off); as the active player, both face-up cards together and two of a wanted bean
#: among the candidates (``WIDE``: 1 on).
FALLBACK = 1
WIDE = 0
#: A deal is dropped when the search says it loses more than this: 0, a hard bot never offers
#: or accepts what its samples say loses (issue 15).
LOSS = 0.0


def worth(scores: list[int], me: int) -> float:
    """A finished sample's worth for seat ``me`` (module docstring)."""
    mine = scores[me]
    best_other = max(s for i, s in enumerate(scores) if i != me)
    top = max(scores)
    win = WIN / scores.count(top) if mine == top else 0.0
    return win + mine - best_other


def estimate(g: QuietGame, me: int) -> float:
    """Worth of an unfinished sample for ``me``: per seat its coins plus the greedy worth
    ``V`` of its fields (:func:`.greedy.field_worth`, the expected further beans read from
    the sample's draw pile), this seat's minus the best other seat's."""
    deck = g.deck[-int(HORIZON):]
    n = len(g.seats)
    share = 1.4 / n
    counts: dict[str, int] = {}
    for b in deck:
        counts[b] = counts.get(b, 0) + 1
    vals = []
    for s in g.seats:
        v = float(len(s.coins))
        for f in s.fields:
            if f is not None:
                b = str(f[0])
                v += field_worth(b, int(f[1]), round(counts.get(b, 0) * share * 20))  # type: ignore[call-overload]
        vals.append(v)
    return vals[me] - max(x for i, x in enumerate(vals) if i != me)


def _exchange(g: QuietGame, me: int, partner: int, give: dict[str, int],
              receive: dict[str, int]) -> bool:
    """Do a deal in a sample as R12 does: ``me`` hands over ``give`` (face-up cards first
    when active, then hand cards from the back), ``partner`` ``receive`` (its hand); both go
    to the to-plant areas. False when a side is not held in this sample."""
    need = [(me, give), (partner, receive)]
    for seat, side in need:
        held = g.seats[seat].hand + (g.face_up if seat == g.active else [])
        for b, k in side.items():
            if held.count(b) < k:
                return False
    for seat, side in need:
        other = partner if seat == me else me
        for b, k in side.items():
            for _ in range(k):
                if seat == g.active and b in g.face_up:
                    g.face_up.remove(b)
                else:
                    hand = g.seats[seat].hand
                    idx = len(hand) - 1 - hand[::-1].index(b)
                    del hand[idx]
                g.seats[other].to_plant.append(b)
    g.offers = []
    g.deal = None
    return True


class HardPolicy(NormalPolicy):
    """Search (module docstring). ``samples`` and ``budget`` bound each decision."""

    name = "hard"
    level = "hard"
    partner_weight = 0.25
    leader_weight = 0.5
    thinks = True
    """The server asks it in its worker pool (server/room/botpool.py), off the event loop."""

    def __init__(self, samples: int | None = None, budget: float | None = None) -> None:
        super().__init__()
        self.samples = SAMPLES if samples is None else samples
        self.budget = BUDGET if budget is None else budget
        self._rng = random.Random(0)
        self._quiet = False
        self._draws: tuple[Any, list[QuietGame], dict[Any, Any]] | None = None
        """The draws of the hidden cards of the last trading position weighed
        (:meth:`_partner_model`): its key, the games, greedy's models of their seats."""

    # ------------------------------------------------------------ the search
    def _search(self, view: dict[str, Any], rng: random.Random,
                candidates: list[Any], me: int) -> list[float]:
        """Mean worth of each candidate: ``candidates[k](sample) -> bool`` changes the sample
        (False: not possible there, counted as the sample's plain rollout)."""
        seed = rng.getrandbits(32)
        totals = [0.0] * len(candidates)
        self.last_samples: list[list[float]] = []
        done = 0
        clock = time.process_time if CLOCK == "cpu" else time.perf_counter
        start = clock()
        sample_rng = random.Random(seed)
        early = view["passes_limit"] - view["exhaustions"] > SEARCH_PASSES
        rounds = EARLY_ROUNDS if early else ROUNDS
        for s in range(self.samples):
            if s >= 2 and clock() - start > self.budget:
                break
            base = determinize(view, sample_rng)
            roll_seed = sample_rng.getrandbits(32)
            row: list[float] = []
            self.last_samples.append(row)
            for k, make in enumerate(candidates):
                g = quiet_clone(base)
                try:
                    make(g)
                except Exception:  # a move the sample does not allow: plain rollout
                    g = quiet_clone(base)
                until = g.turn + rounds * len(g.seats) if rounds else None
                scores = play_out(g, random.Random(roll_seed), until_turn=until, me=me)
                row.append(estimate(g, me) if scores is None else worth(scores, me))
                totals[k] += row[-1]
            done += 1
        return [t / max(1, done) for t in totals]

    def _choose_plant(self, view: dict[str, Any], rng: random.Random,
                      plain: str | None) -> str | None:
        """``plain`` (``normal``'s choice) unless the search finds a candidate worth more
        than ``OVERRIDE`` over it."""
        me = int(view["you"]["seat"])
        probe = determinize(view, random.Random(0))
        actions = legal_actions(probe, me, trades=False)
        by_text = {format_action(a): a for a in actions}  # type: ignore[arg-type]
        if plain not in by_text:
            return plain            # not a planting step (a withdrawal, a harvest at the top)
        # a harvest is forced only when no plant and no /done is open (R15): at the optional
        # second card (R26) a front card that fits nowhere is simply not planted
        forced = not any(t.startswith("/plant") or t == "/done" for t in by_text)
        texts = [t for t in by_text
                 if t == plain or not t.startswith("/harvest") or forced]
        if view["passes_limit"] - view["exhaustions"] > SEARCH_PASSES:
            # earlier: only a forced harvest's field and the optional second card
            second = view["phase"] == "plant" and view["planted"] == 1
            if not (forced and len(texts) > 1) and not second:
                return plain
        if len(texts) < 2:
            return plain
        texts.remove(plain)
        texts.insert(0, plain)

        def cand(text: str) -> Any:
            action = by_text[text]
            return lambda g: g.apply(me, action)

        values = self._search(view, rng, [cand(t) for t in texts], me)
        best = max(range(len(texts)), key=lambda k: values[k])
        return texts[best] if self._clear(best, values) else plain

    def _clear(self, best: int, values: list[float]) -> bool:
        """Whether candidate ``best`` beats candidate 0 (``normal``'s choice) clearly: by more
        than ``OVERRIDE`` on average and by ``CONFIDENCE`` standard errors of the paired
        per-sample differences (``last_samples``)."""
        gain = values[best] - values[0]
        if best == 0 or gain <= OVERRIDE:
            return False
        if CONFIDENCE <= 0:
            return True
        diffs = [row[best] - row[0] for row in self.last_samples]
        n = len(diffs)
        if n < 2:
            return False
        var = sum((d - gain) ** 2 for d in diffs) / (n - 1)
        return bool(gain > CONFIDENCE * (var / n) ** 0.5)

    # ------------------------------------------------------------ deals
    def _deal_of(self, view: dict[str, Any], text: str) -> tuple[int, dict[str, int],
                                                                   dict[str, int]] | None:
        """``(partner, give, receive)`` of an ``/accept`` or ``/offer`` text from this seat."""
        from bohnanza.commands import GameCommand, parse

        cmd = parse(text)
        if not isinstance(cmd, GameCommand):
            return None
        action = cmd.action
        me = int(view["you"]["seat"])
        active = int(view["active"])
        if isinstance(action, Accept):
            o = next((x for x in view["offers"] if x["id"] == action.offer), None)
            if o is None or o["give"] == "?" or o["want"] == "?":
                return None
            partner = int(o["owner"]) if me == active else active
            return partner, dict(o["want"]), dict(o["give"])
        if isinstance(action, PostOffer) and action.give != "?" and action.want != "?":
            if me != active:
                return active, dict(action.give), dict(action.want)
            # the active player's offer: the seat most likely to take it grows what it gives
            for i, s in enumerate(view["seats"]):
                if i != me and any(f is not None and f[0] in action.give for f in s["fields"]):
                    return i, dict(action.give), dict(action.want)
            return (me + 1) % len(view["seats"]), dict(action.give), dict(action.want)
        return None

    def _acceptable(self, view: dict[str, Any]) -> list[int]:
        """The offers this seat may accept and has not dealt with yet this turn: not one it
        started a deal for as the active player (``_started``), not one it has answered
        already (its own copy is open), none with a ``?`` side."""
        turn = view["turn"]
        mine = self._open_gives(view)
        active = c.is_active(view)
        out = []
        for o in view["offers"]:
            if o["id"] not in view["you"]["can_accept"] or (turn, o["id"]) in self._started:
                continue
            if o["give"] == "?" or o["want"] == "?":
                continue
            if not active and (dict(o["want"]), dict(o["give"])) in mine:
                continue
            out.append(int(o["id"]))
        return out

    def _veto(self, view: dict[str, Any], rng: random.Random, text: str) -> bool:
        """Whether ``normal``'s deal ``text`` clearly loses against no deal (``DEAL_PASSES``)."""
        d = self._deal_of(view, text)
        if d is None:
            return False
        me = int(view["you"]["seat"])
        partner, give, receive = d

        def make(g: QuietGame) -> None:
            if not _exchange(g, me, partner, give, receive):
                raise ValueError("not held in this sample")

        full, self.samples = self.samples, min(self.samples, EARLY_SAMPLES)
        try:
            values = self._search(view, rng, [make, lambda g: None], me)
        finally:
            self.samples = full
        return self._clear(1, values)

    def _weigh_deals(self, view: dict[str, Any], rng: random.Random,
                     texts: list[str]) -> str | None:
        """The deal text among ``texts`` that gains most over no deal in the samples, or
        ``None`` when none gains."""
        me = int(view["you"]["seat"])
        deals: list[tuple[str, tuple[int, dict[str, int], dict[str, int]]]] = []
        for t in texts:
            d = self._deal_of(view, t)
            if d is not None:
                deals.append((t, d))
        if not deals:
            return None

        def cand(d: tuple[int, dict[str, int], dict[str, int]]) -> Any:
            partner, give, receive = d

            def make(g: QuietGame) -> None:
                if not _exchange(g, me, partner, give, receive):
                    raise ValueError("not held in this sample")
            return make

        values = self._search(view, rng, [lambda g: None] + [cand(d) for _, d in deals], me)
        best = max(range(1, len(values)), key=lambda k: values[k])
        if deals[0][0] == texts[0] and values[1] >= values[best] - OVERRIDE:
            best = 1                # normal's own choice unless another is clearly better
        return deals[best - 1][0] if values[best] >= values[0] - LOSS else None

    # ------------------------------------------------------------ offers the partners take
    def _draws_key(self, view: dict[str, Any]) -> tuple[Any, ...]:
        """What the draws of :meth:`_partner_model` depend on: the public position, this
        seat's hand and the other seats' offers (which bind what they hold)."""
        me = int(view["you"]["seat"])
        seats = tuple((s["hand_count"], tuple(map(tuple, (f or () for f in s["fields"]))),
                       tuple(s["to_plant"]), s["coins"]) for s in view["seats"])
        offers = tuple(o["id"] for o in view["offers"] if o["owner"] != me)
        return (view["turn"], view["phase"], tuple(view["face_up"]), view["deal"] is None,
                tuple(view["you"]["hand"]), seats, offers, view["deck_count"],
                view["discard_count"])

    def _partner_model(self, view: dict[str, Any], k: int, seat: int) -> Model:
        """``greedy``'s model of ``seat`` in the ``k``-th draw of the hidden cards
        (:func:`determinize`, from this seat's view only, R41): the view that seat would
        have if the draw were the game, read by greedy's own model (``Model``), so that
        ``model.gain(give, receive) > MARGIN`` is greedy's own rule for taking an offer."""
        key = self._draws_key(view)
        memo = self._draws
        if memo is None or memo[0] != key:
            rng = random.Random(self._rng.getrandbits(32))
            memo = self._draws = (key, [determinize(view, rng) for _ in range(ODDS_SAMPLES)],
                                  {})
        models: dict[tuple[int, int], Model] = memo[2]
        got = models.get((k, seat))
        if got is None:
            got = models[(k, seat)] = Model(memo[1][k].view(seat))
        return got

    def _takes(self, view: dict[str, Any], k: int, seat: int, gets: dict[str, int],
               gives: dict[str, int]) -> float:
        """``seat``'s own gain (greedy's model, draw ``k``) from receiving ``gets`` for
        ``gives``; ``-inf`` when it does not hold ``gives`` in that draw."""
        return self._partner_model(view, k, seat).gain(gives, gets)

    def _post_best(self, view: dict[str, Any], m: Model,
                   scored: list[tuple[float, dict[str, int], dict[str, int]]]) -> str | None:
        mine = self._open_gives(view)
        if len(mine) >= MAX_OWN_OFFERS:
            return None
        scored.sort(key=lambda x: -x[0])
        for score, give, want in scored:
            if score < POST_GAIN:
                break
            if (give, want) not in mine:
                return c.offer(give, want)
        return None

    def _gives(self, beans: tuple[str, ...]) -> list[dict[str, int]]:
        """One card of each bean of ``beans``, two of a bean held twice."""
        out: list[dict[str, int]] = []
        for b in sorted(set(beans)):
            out.append({b: 1})
            if beans.count(b) >= 2:
                out.append({b: 2})
        return out

    def _model_offer(self, view: dict[str, Any], m: Model) -> str | None:
        """The active player's offer (R29, R30) with the best expected gain: each candidate
        (a face-up or hand card, or two of a kind, for nothing or for a bean this seat gains
        by) is weighed in every draw by the first other seat (in the order they are asked)
        that takes it by greedy's rule, at this seat's gain minus its weighted worth to that
        seat (``partner_weight``, ``leader_weight``); a draw where nobody takes it counts 0."""
        me = m.me
        n = len(view["seats"])
        wants: list[dict[str, int]] = [{}]
        for e in view["catalogue"]:
            b = e["bean"]
            if m.gain({}, {b: 1}) > 2 * MARGIN:
                wants.append({b: 1})
        gives = self._gives(m.face_up + m.hand)
        if WIDE:
            if len(m.face_up) == 2 and m.face_up[0] != m.face_up[1]:
                gives.append({m.face_up[0]: 1, m.face_up[1]: 1})
            wants += [{b: 2} for w in list(wants) for b in w]
        cands: list[tuple[float, dict[str, int], dict[str, int]]] = []
        for give in gives:
            for want in wants:
                if set(give) & set(want):
                    continue
                own = m.gain(give, want)
                if own > MARGIN:
                    cands.append((own, give, want))
        cands.sort(key=lambda x: -x[0])
        order = [(me + 1 + j) % n for j in range(n - 1)]
        scored = []
        for own, give, want in cands[:CANDIDATES]:
            worth = {s: own - self._worth_giving(view, m, s, give) for s in order}
            total = 0.0
            for k in range(ODDS_SAMPLES):
                for s in order:
                    if self._takes(view, k, s, give, want) > MARGIN:
                        total += worth[s]
                        break
            scored.append((total / ODDS_SAMPLES, give, want))
        return self._post_best(view, m, scored)

    def _model_ask(self, view: dict[str, Any], m: Model) -> str | None:
        """A non-active seat's offer to the active player (R28-R30) with the best expected
        gain: for a face-up card or a card of its hand this seat gains by, each payment from
        the hand (one card, two of a kind; nothing where gift requests are allowed, C12) is
        weighed in every draw by whether the active player takes it by greedy's rule before
        the other seats' open offers for the same beans (it takes the one it gains most by),
        at this seat's gain minus its weighted worth to the active player."""
        active = int(view["active"])
        me = m.me
        rivals = []
        for o in view["offers"]:
            if o["owner"] in (me, active) or o["give"] == "?" or o["want"] == "?":
                continue
            rivals.append(({k: int(v) for k, v in o["give"].items()},
                           {k: int(v) for k, v in o["want"].items()}))
        wants: list[dict[str, int]] = []
        for e in view["catalogue"]:
            b = e["bean"]
            if m.gain({}, {b: 1}) > 2 * MARGIN:
                wants.append({b: 1})
                if list(view["face_up"]).count(b) >= 2:
                    wants.append({b: 2})
        gives = self._gives(m.hand)
        if m.gift_requests:
            gives.append({})
        cands: list[tuple[float, dict[str, int], dict[str, int]]] = []
        for want in wants:
            for give in gives:
                if set(give) & set(want):
                    continue
                own = m.gain(give, want) - self._worth_giving(view, m, active, give)
                if own > MARGIN:
                    cands.append((own, give, want))
        cands.sort(key=lambda x: -x[0])
        scored = []
        for own, give, want in cands[:CANDIDATES]:
            taken = 0
            for k in range(ODDS_SAMPLES):
                mine = self._takes(view, k, active, give, want)
                if mine <= MARGIN:
                    continue
                if any(set(rw) & set(want) and self._takes(view, k, active, rg, rw) > mine
                       for rg, rw in rivals):
                    continue
                taken += 1
            scored.append((own * taken / ODDS_SAMPLES, give, want))
        return self._post_best(view, m, scored)

    def _trade_active(self, view: dict[str, Any], m: Model, hurry: bool) -> str | None:
        if TRADE_MODEL and view["deal"] is None and not hurry:
            acc = self._best_accept(view, m)
            if acc is not None:
                return acc
            post = self._model_offer(view, m)
            if post is not None:
                return post
        return self._normal(lambda: super(HardPolicy, self)._trade_active(view, m, hurry))

    def _normal(self, decide: Any) -> str | None:
        """``decide()`` (``normal``'s trading), without its own offers unless ``FALLBACK``."""
        self._quiet = TRADE_MODEL and not FALLBACK
        try:
            return decide()  # type: ignore[no-any-return]
        finally:
            self._quiet = False

    def _post(self, view: dict[str, Any], m: Model,
              candidates: list[tuple[dict[str, int], dict[str, int]]]) -> str | None:
        return None if self._quiet else super()._post(view, m, candidates)

    def _trade_other(self, view: dict[str, Any], m: Model) -> str | None:
        if TRADE_MODEL:
            acc = self._best_accept(view, m)
            if acc is not None:
                return acc
            post = self._model_ask(view, m)
            if post is not None:
                return post
        return self._normal(lambda: super(HardPolicy, self)._trade_other(view, m))

    # ------------------------------------------------------------ deciding
    def _decide(self, view: dict[str, Any], rng: random.Random, *,
                hurry: bool = False) -> str | None:
        you = view.get("you")
        if you is None or view["phase"] == "over":
            return None
        self._rng = rng
        left = view["passes_limit"] - view["exhaustions"]
        if left > max(SEARCH_PASSES, PLANT_PASSES, DEAL_PASSES):
            return super()._decide(view, rng, hurry=hurry)
        phase = view["phase"]
        waiting = you["waiting_for"]
        text = super()._decide(view, rng, hurry=hurry)
        if waiting in ("plant", "plant_traded", "plant_offer", "plant_revealed"):
            if left > max(SEARCH_PASSES, PLANT_PASSES):
                return text
            return self._choose_plant(view, rng, text)
        if phase != "trade" or text is None:
            return text
        if not (text.startswith("/accept") or text.startswith("/offer")):
            return text
        if left > SEARCH_PASSES:
            if left > DEAL_PASSES or not self._veto(view, rng, text):
                return text
            chosen = None
        else:
            options = [text] + [c.accept(i) for i in self._acceptable(view)
                                if c.accept(i) != text]
            chosen = self._weigh_deals(view, rng, options)
        if chosen is not None:
            if chosen.startswith("/accept") and c.is_active(view):
                # a deal started as the active player is not started again this turn, even
                # when the other party (or this seat's own check, R31) calls it off: no loop
                turn = view["turn"]
                self._started = {k for k in self._started if k[0] == turn}
                self._started.add((turn, int(chosen.split()[1])))
            return chosen
        if c.is_active(view):
            others = [s for i, s in enumerate(view["seats"]) if i != you["seat"]]
            if hurry or all(s["passed"] for s in others):
                return format_action(Done()) if view["deal"] is None else None
            return None
        return None if view["seats"][you["seat"]]["passed"] else format_action(Done())
