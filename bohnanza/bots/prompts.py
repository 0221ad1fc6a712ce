"""The prompts a bot answers: offers with ``?`` on one side (design.md §4: "an offer with ``?``
is a prompt: the other side answers it with an offer of its own"; ``/accept`` on one is
refused, ``offer_incomplete``). No level answered one: a person who offered "Blue for any
card (?)" to the active bot, or as the active player asked "any card (?) for Red", never got
an answer from a bot.

:func:`prompt_answers` lists, for each prompt of a partner (the active player's when this seat
is not active, R29; any other seat's when it is), the offers that answer it: for "``G`` for
?" each bean this seat may hand over for ``G``; for "? for ``W``" (when this seat holds
``W``) ``W`` for each bean it wants that the partner is seen to hold (the active player's
face-up cards) and ``W`` for nothing. The policy posts the one its own evaluation gains most
by (``GreedyPolicy._post``: more than its margin; ``normal`` adds its checks), so a prompt
never makes a bot give what it would not give otherwise.
"""

from __future__ import annotations

from typing import Any

from .fastview import game_of

Side = dict[str, int]


def has_prompts(view: dict[str, Any]) -> bool:
    """Whether an offer of ``view``'s market has ``?`` on a side (a bot game in the engine,
    where no bot posts one, looks at the game's offers only)."""
    g = game_of(view)
    offers = g.offers if g is not None else None
    if offers is not None:
        return any(o.give == "?" or o.want == "?" for o in offers)
    return any(o["give"] == "?" or o["want"] == "?" for o in view["offers"])


def prompt_answers(view: dict[str, Any], me: int, mine: tuple[str, ...],
                   wanted: list[str]) -> list[list[tuple[Side, Side]]]:
    """For each prompt this seat may answer (module docstring), in market order, the
    ``(give, want)`` of the offers answering it. ``mine``: the beans this seat may hand
    over (its hand; the active player's face-up cards too); ``wanted``: the beans it gains
    by getting from the partner."""
    active = int(view["active"])
    out: list[list[tuple[Side, Side]]] = []
    held: dict[str, int] = {}
    for b in mine:
        held[b] = held.get(b, 0) + 1
    for o in view["offers"]:
        owner, give, want, to = int(o["owner"]), o["give"], o["want"], o.get("to")
        if owner == me or (me != active and owner != active) or to not in (None, me):
            continue
        if (give == "?") == (want == "?"):
            continue            # a complete offer (accepted or not elsewhere), or "? for ?"
        answers: list[tuple[Side, Side]] = []
        if want == "?":
            got = {k: int(v) for k, v in give.items()}
            for b in sorted(held):
                if b not in got:
                    answers.append(({b: 1}, got))
        else:
            pay = {k: int(v) for k, v in want.items()}
            if pay and all(held.get(b, 0) >= k for b, k in pay.items()):
                for b in wanted:
                    if b not in pay:
                        answers.append((pay, {b: 1}))
                answers.append((pay, {}))
        if answers:
            out.append(answers)
    return out
