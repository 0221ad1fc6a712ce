"""The market's hints counted once per build (issue 14, server CPU): what the market and the
hints work out from the holdings counted once (``market.Holdings``) must be what the market's
own per-offer checks say,
and an offer's entry of the shared ``offers`` that ``view.MarketMemo`` gives again must be
what the offer is now, even when the offer was changed in place.

Expected values come from the rules: R28 (every deal is between the active player and one
other seat; an offer aimed at one seat is that seat's), R29 (a seat gives cards it holds: its
hand, and the face-up cards for the active player), C12 (an offer with a ``?`` side is not
accepted), and the market's own per-offer ``acceptable`` (design.md §4), which counts the
hand per offer (``holds``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.engine import Game, hints, market
from bohnanza.engine import view as views

from .test_hints import game, say
from .test_invariants import SETUPS, play_checked


class _Accepts:
    """After every accepted command: each seat's ``market.acceptable_ids`` with one
    ``Holdings`` shared by all seats (as the views build them) and without one (as the bots
    and the search call it) is the offers for which ``market.acceptable`` holds, in market
    order; counts the seats that had an offer to accept."""

    def __init__(self) -> None:
        self.some = 0

    def __call__(self, g: Game, before: Any, events: Any, total: Any) -> None:
        held = market.Holdings(g)
        for seat in range(len(g.seats)):
            want = [o.id for o in g.offers if market.acceptable(g, seat, o)]
            assert market.acceptable_ids(g, seat, held) == want, (seat, g.phase)
            assert market.acceptable_ids(g, seat) == want, (seat, g.phase)
            self.some += bool(want)


@pytest.mark.parametrize("setup", [*SETUPS, ("rio-grande", 2)], ids=lambda s: f"{s[0]}-{s[1]}")
def test_acceptable_ids_from_counted_holdings_are_the_markets_R28_R29(
        setup: tuple[str, int]) -> None:
    preset, n = setup
    check = _Accepts()
    play_checked(preset, n, random.Random(f"acc:{preset}:{n}"), False, max_steps=1500,
                 check=check)
    if n > 2:  # the duel has no market
        assert check.some > 0


def test_acceptable_ids_is_worked_out_in_one_place() -> None:
    """The views' ``can_accept`` and the bots' accepts come from ``market.acceptable_ids``
    alone: ``hints`` keeps no copy of it (there were two, kept equal by a test), and the
    view's ``can_accept`` is what it says for the seat (R28, R29)."""
    assert not hasattr(hints, "acceptable_ids")
    assert hints.Holdings is market.Holdings
    g = game(phase="trade", active=0, face_up=[], seats=[
        {"hand": ["soy", "red"]}, {"hand": ["red", "red"]}, {"hand": ["soy"]}])
    say(g, 1, "/offer 1 red for 1 soy")
    say(g, 2, "/offer 1 soy for 2 red")  # seat 0 holds one red (R29)
    view = views.build(g, 0)
    assert view["you"]["can_accept"] == market.acceptable_ids(g, 0) == [g.offers[0].id]


def test_an_offer_changed_in_place_gets_its_entry_anew() -> None:
    """The memo compares each offer with copies made when its entry was built: an offer
    whose sides are changed in place (the same dicts) is not given its old entry (whose
    text the room keeps by the entry's identity, ``delta.EntryList``)."""
    g = game(phase="trade", active=0, face_up=[], seats=[
        {"hand": ["soy", "soy"]}, {"hand": ["red"]}, {"hand": []}])
    say(g, 0, "/offer 1 soy for 1 red")
    memo = views.MarketMemo()
    first = memo.offers(g)
    assert memo.offers(g)[0] is first[0]  # nothing moved: the very entry again
    o = g.offers[0]
    assert isinstance(o.give, dict)
    o.give["soy"] = 2  # changed in place: the same dict object
    again = memo.offers(g)
    assert again[0] is not first[0]
    assert again[0]["give"] == {"soy": 2}
    assert again == views.public(g)["offers"]  # what a view built whole says
    o.traded = (*o.traded, 1)  # the story replaced, as the market does (C13)
    assert memo.offers(g)[0]["traded"] == [1]
