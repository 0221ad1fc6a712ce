"""Property tests over random play in every preset and player count (rules.md T52-T54).

After every command: cards are conserved (T52), a seat whose fields are all occupied can
harvest one (T53), hands change only as R8-R11 allow (T54), a refused command changes nothing
(design.md §2), positions round-trip (design.md §3), and no view holds another seat's hand, the
draw pile or the generator state (R41); with hidden_money no coin total (R42).
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bohnanza.engine import Game, RuleError, hints
from bohnanza.engine.actions import Accept, Done
from bohnanza.engine.market import acceptable, holdings
from bohnanza.scenario import card_count

from .randplay import random_action, sensible_action

SETUPS = [("classic", n) for n in (3, 4, 5)] + [("amigo", n) for n in (3, 4, 5)] + [
    ("rio-grande", n) for n in (3, 4, 5, 6, 7)]


def _is_subsequence(small: list[str], big: list[str]) -> bool:
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


def _check_views(g: Game) -> None:
    pos = g.to_position()
    hidden = g.options.get("hidden_money") and g.phase != "over"
    viewers: list[int | None] = [None, *range(len(g.seats))]
    together = g.views(viewers)
    base, own = g.view_parts(viewers)  # the server's: engine lists uncopied
    for viewer in viewers:
        v = g.view(viewer)
        assert together[viewer] == v  # built together (shared parts) = built alone
        assert {**base, **own[viewer]} == v
        text = json.dumps(v)
        assert '"deck"' not in text and '"rng"' not in text
        for i, s in enumerate(v["seats"]):
            assert "hand" not in s
            if hidden:
                assert s["coins"] is None
            else:
                assert s["coins"] == len(pos["seats"][i]["coins"])
        if viewer is None:
            assert v["you"] is None
        else:
            assert v["you"]["hand"] == pos["seats"][viewer]["hand"]
            # offer hints (R28-R31): the one-pass list agrees with the per-offer rule check
            assert v["you"]["can_accept"] == [
                o.id for o in g.offers if acceptable(g, viewer, o)]
            _check_notes(g, viewer, v)
            deal_offer = g.deal.offer if g.deal is not None else None
            assert v["you"]["can_withdraw"] == [
                o.id for o in g.offers if o.owner == viewer and o.id != deal_offer]
        if hidden:
            assert "history" not in v


def _outcome(g: Game, seat: int, action: Any) -> str | None:
    """The error code ``action`` by ``seat`` gets on a copy of ``g`` (``None``: accepted)."""
    try:
        g.clone().apply(seat, action)
    except RuleError as e:
        return e.code
    return None


def _check_notes(g: Game, viewer: int, v: dict[str, Any]) -> None:
    """Issue 10: the board's hints say what the moves would do (hints.py)."""
    you = v["you"]
    notes = you["offer_notes"]
    assert [o["answers"] for o in v["offers"]] == [hints.answers(g, o) for o in g.offers]
    noted = {n["id"]: n for n in notes}
    assert not set(noted) & set(you["can_accept"])
    for o in g.offers:
        n = noted.get(o.id)
        if g.phase != "trade":
            assert n is None
            continue
        if o.owner != viewer:          # what my /accept would get
            code = _outcome(g, viewer, Accept(o.id))
            deal_offer = g.deal.offer if g.deal else None
            if n is None:              # no note: accept, or the view says why (hints.py)
                if code is None:
                    assert o.id in you["can_accept"]
                else:
                    assert o.id == deal_offer or not o.complete or (
                        viewer != g.active and o.owner != g.active), (o.id, code)
            elif n["note"] == "answered":   # my copy n["copy"] waits: no second copy
                assert code == "already_answered", (n, code)
                mine = next(x for x in g.offers if x.id == n["copy"])
                assert mine.owner == viewer and hints.answers(g, mine) is not None, n
            else:
                assert n["note"] == "refused" and n["code"] == code, (n, code)
        elif viewer != g.active and o.complete and o.id != (g.deal.offer if g.deal else None):
            code = _outcome(g, g.active, Accept(o.id))   # what the active player would get
            mine = holdings(g, viewer)
            if code == "cannot_provide" and all(mine.get(b, 0) >= k for b, k in o.give.items()):
                # the active player lacks what it asks: told only when its face-up cards
                # and the size of its hand rule it out (R41: the hand's beans are hidden)
                want = o.want if isinstance(o.want, dict) else {}
                beyond = sum(max(0, k - g.face_up.count(b)) for b, k in want.items())
                if beyond <= len(g.seats[g.active].hand):
                    code = None
            assert n is not None and n["note"] == ("waiting" if code is None else "refused")
            if code is not None:
                assert n["code"] == code, (n, code)
    if you["done_blocked"]:
        assert _outcome(g, viewer, Done()) == you["done_blocked"]
    if you["plant_optional"]:
        assert _outcome(g, viewer, Done()) is None
    must = {w["seat"] for w in v["waiting"]}
    if viewer in must:
        assert you["must_act"]


def _check_after(g: Game, before: dict[str, Any], events: list[Any], total: int) -> None:
    after = g.to_position()
    assert card_count(after) == total, "T52: cards not conserved"
    assert Game.from_position(after).to_position() == after
    for seat, s in enumerate(after["seats"]):
        if all(f is not None for f in s["fields"]) and g.phase != "over":
            assert g.harvestable(seat), "T53: all fields full and none harvestable"
        drawn = sum(len(e.secret["cards"]) for e in events
                    if e.kind == "draw" and e.seat == seat and e.secret)
        old = before["seats"][seat]["hand"]
        new = s["hand"]
        kept = new[: len(new) - drawn]
        assert _is_subsequence(kept, old), "T54: hand order changed"
        if drawn:
            draws = [e for e in events if e.kind == "draw" and e.seat == seat]
            assert new[len(new) - drawn:] == draws[-1].secret["cards"]


def play_checked(preset: str, n: int, rnd: random.Random, hidden: bool,
                 max_steps: int = 4000, options: dict[str, Any] | None = None,
                 check: Any = None) -> Game:
    """Random play with the checks after every accepted command (``check``: instead of
    :func:`_check_after`, same arguments; ``options``: more game options)."""
    check = _check_after if check is None else check
    g = Game.new(preset, [f"P{i}" for i in range(n)], rnd.randrange(2**32),
                 {"hidden_money": hidden, **(options or {})})
    total = card_count(g.to_position())
    assert total == g.rules.deck_size
    for step in range(max_steps):
        if g.phase == "over":
            break
        if rnd.random() < 0.35:
            seat = rnd.randrange(n)
            action = random_action(g, seat, rnd)
        else:
            seat, action = sensible_action(g, rnd)
        before = g.to_position()
        try:
            events = g.apply(seat, action)
        except RuleError as e:
            assert e.code and e.message
            assert g.to_position() == before, f"refused {action} changed the game"
            continue
        check(g, before, events, total)
        if step % 7 == 0:
            _check_views(g)
    _check_views(g)
    return g


@settings(max_examples=len(SETUPS) * 3, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32), hidden=st.booleans())
def test_random_play_keeps_invariants(setup: tuple[str, int], seed: int,
                                      hidden: bool) -> None:
    preset, n = setup
    g = play_checked(preset, n, random.Random(seed), hidden)
    if g.phase == "over":
        assert g.result is not None
        assert len(g.result["scores"]) == n
