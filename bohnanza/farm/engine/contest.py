"""The contest schedule and the contest phase (F8-F10, F33-F40; G6, G21, G24-G29).

:func:`score` is the score of one vegetable; :func:`places` ranks the entries; :func:`run`
is the automatic contest phase after the last harvest turn of a contest turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import piles
from .rules import Card, Rules

if TYPE_CHECKING:
    from .game import FarmGame


def new_schedule(g: FarmGame) -> list[dict[str, Any]]:
    """Shuffle the category cards and the evaluation cards and pair them, left to right, with
    the contest turns of the cycle (F8-F10, G6)."""
    from bohnanza.engine.rng import shuffle

    rules = g.rules
    cats = list(rules.categories)
    evals = list(rules.evaluations)
    g.rng = shuffle(cats, g.rng)
    g.rng = shuffle(evals, g.rng)
    return [{"turn": t, "category": cats[i], "evaluation": evals[i]}
            for i, t in enumerate(rules.contest_turns)]


def counted(rules: Rules, evaluation: str, attribute: str) -> bool:
    """Whether ``attribute``'s bonus counts in ``evaluation`` (F34-F36)."""
    group = rules.counts[evaluation]
    return group == "all" or rules.group_of[attribute] == group


def matches(rules: Rules, evaluation: str, base: Card) -> bool:
    """Whether the base's attribute matches the evaluation (F38, G27, G28)."""
    group = rules.counts[evaluation]
    if group == "all":
        return rules.overall_doubling
    return rules.group_of[base.attribute] == group


def score(rules: Rules, evaluation: str, base: Card, synth: list[Card]) -> int:
    """Base level plus the counted bonuses of the base and its synthesis cards (F34-F37); when
    the base's attribute matches, that attribute's bonuses count twice (F38): every such
    bonus (``doubling = "attribute"``, G27) or the base's own only (``"base_only"``)."""
    double = matches(rules, evaluation, base)
    total = base.level
    for i, c in enumerate([base, *synth]):
        if not counted(rules, evaluation, c.attribute):
            continue
        b = c.bonus
        if double and c.attribute == base.attribute and (i == 0 or rules.doubling == "attribute"):
            b *= 2
        total += b
    return total


def places(rules: Rules, scores: list[int], order_cards: list[int]) -> list[int | None]:
    """The place of each entry (F39, G29): standard competition ranking (``tie = "share"``:
    1, 1, 3) or ties broken by the lower turn-order card (``"order_card_low"``, docs/farm.md
    D15; the same owner's entries by their order). ``None`` for
    no place; places run 1..len(vp list) (F40)."""
    n = len(scores)
    out: list[int | None] = []
    for i in range(n):
        if rules.tie == "share":
            better = sum(1 for j in range(n) if scores[j] > scores[i])
        else:
            better = sum(1 for j in range(n) if (scores[j], -order_cards[j], -j)
                         > (scores[i], -order_cards[i], -i))
        out.append(better + 1)
    return out


def current(g: FarmGame) -> dict[str, Any] | None:
    """This turn's contest, or ``None`` in a turn without one (G21)."""
    for c in g.schedule:
        if c["turn"] == g.turn:
            return c
    return None


def run(g: FarmGame) -> None:
    """The contest phase (F33-F40, G26, G29): reveal, score, place, pay VP, then discard
    every entered card (or return the vegetables face down, ``after = "return"``,
    docs/farm.md D13). Vegetables are ranked, not players (D14); the result lists them in
    placed order."""
    rules = g.rules
    c = current(g)
    if c is None:
        return
    level = rules.contest_level(g.cycle)
    ev = c["evaluation"]
    vp_table = rules.vp[ev]
    rows: list[dict[str, Any]] = []
    for seat, slot in g.entries:
        b = g.seats[seat].field[slot - 1]
        assert b is not None
        sc = score(rules, ev, rules.card(b.card), [rules.card(x) for x in b.synth])
        rows.append({"seat": seat, "slot": slot, "card": b.card, "synth": b.synth[:],
                     "score": sc})
    order = [g.seats[r["seat"]].order_card or 0 for r in rows]
    pl = places(rules, [r["score"] for r in rows], order)
    for r, p in zip(rows, pl, strict=True):
        vp = vp_table[p - 1] * level if p is not None and p <= len(vp_table) else 0
        r["place"] = p if p is not None and p <= len(vp_table) else None
        r["vp"] = vp
        g.seats[r["seat"]].vp += vp
    # the result lists the entries in placed order (F39): the best first, those sharing a
    # place (G29) in the order they were entered; the board and the log show this order
    ranked = sorted(range(len(rows)), key=lambda i: (pl[i] or len(rows) + 1, i))
    rows = [rows[i] for i in ranked]
    result = {"cycle": g.cycle, "turn": g.turn, "category": c["category"], "evaluation": ev,
              "level": level, "entries": rows}
    g.contests.append(result)
    g.emit("contest", None, {k: (v if k != "entries" else [dict(e) for e in v])
                             for k, v in result.items()})
    for seat, slot in g.entries:
        s = g.seats[seat]
        b = s.field[slot - 1]
        assert b is not None
        if rules.after == "return":
            b.entered = False
        else:
            s.field[slot - 1] = None
            piles.discard(g, b.cards())
    g.entries = []
