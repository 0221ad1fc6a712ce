"""The supply and demand markers (seed 000; ``/want BEAN``, ``/have BEAN``) a bot answers.

A person marks what they look for and what they would hand over; the bots read none of it
(a person who marked ``/have blue`` on their turn was never asked for that Blue by the bot
growing Blue, and one who marked ``/want garden`` was paid with other beans). What a seat sees (``view["signals"]``,
``engine/view.py``): a seat that is not active sees the active player's markers, the active
player sees the others' markers summed, without names. Only the active player trades with
the others (R28, R29), so each side's markers name what its partners look for and offer.

:func:`marker_deals` lists the ``(give, want)`` of the offers that answer them, the closest
first: the bean they want for the bean they have, the bean they want for the bean this seat
wants most, a card of this seat for the bean they have (the active player: also a face-up card),
and the bean they want for nothing. The policy posts the first one its own evaluation says
gains it (``GreedyPolicy._post``: the deal gains more than its margin; ``normal`` adds its
checks), so a marker never makes a bot give what it would not give otherwise: it says which
of the deals the bot would make the partner looks for.
"""

from __future__ import annotations

from typing import Any

from .fastview import game_of

Side = dict[str, int]


def seen_markers(view: dict[str, Any]) -> tuple[list[str], list[str]]:
    """``(want, have)``: the beans of the markers this seat sees (sorted), empty when none
    (a bot game in the engine, where nobody marks, looks at the seats' lists only)."""
    g = game_of(view)
    if g is not None and not any(s.want or s.have for s in g.seats):
        return [], []
    sig = view["signals"]
    if not sig:
        return [], []
    return sorted(sig.get("want") or {}), sorted(sig.get("have") or {})


def marker_deals(want: list[str], have: list[str], mine: tuple[str, ...],
                 wanted: list[str], gift_requests: bool) -> list[tuple[Side, Side]]:
    """The offers answering the partners' markers (module docstring), closest first.
    ``mine``: the beans this seat may hand over (its hand; the active player's face-up cards
    too); ``wanted``: beans this seat gains by getting, best first; ``gift_requests``: an
    offer may ask for something for nothing (C12)."""
    held = sorted(set(mine))
    out: list[tuple[Side, Side]] = []

    def add(give: Side, get: Side) -> None:
        if (give, get) not in out and not (give.keys() & get.keys()):
            out.append((give, get))

    gives = [w for w in want if w in held]
    for w in gives:
        for h in have:
            add({w: 1}, {h: 1})
    for w in gives:
        for b in wanted[:1]:
            add({w: 1}, {b: 1})
    for h in have:
        for b in held:
            add({b: 1}, {h: 1})
        if gift_requests:
            add({}, {h: 1})
    for w in gives:
        add({w: 1}, {})
    return out
