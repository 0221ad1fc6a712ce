"""The bot interface: what a seat may see goes in, one command text comes out.

A policy decides for one seat from ``view``, which is exactly ``Game.view(seat)`` (design.md
section 2; docs/engine-api.md), never from the full game: hidden hands and the draw pile stay
hidden from bots as from people (R41, R42). It answers with the command text a person would
type (design.md section 4), so the server treats a bot like any other seat::

    policy = get_policy("greedy")
    text = policy.decide(game.view(seat), rng)          # "/plant 2", "/accept 7", None ...

``decide`` returns ``None`` when the seat has nothing to do right now (for instance a seat
waiting for another player's answer). The caller asks again after the next change. A seat that
*must* act (``view["you"]["must_act"]``) always gets an answer when ``hurry=True``: the caller
passes it once it has waited long enough (the server on a timer; ``simulate`` after idle
rounds), and the bot then stops waiting for others, e.g. ends phase 2 with ``/done`` (R32).

A policy object serves one seat (``get_policy`` makes a fresh one each time). Its decisions
depend on the view, the generator and at most a small memory of its own earlier commands
(``greedy`` remembers which deals it started this turn), so bot games replay exactly from a
seed.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any


class Policy(ABC):
    """One way of playing. Subclasses set ``name`` and implement :meth:`decide`."""

    name: str = "?"
    level: str | None = None
    """The level (one of :data:`LEVELS`) this policy plays at, what a bot seat shows
    (issue 15); ``None`` for a policy that is no level (``random``)."""
    borrows_view: bool = False
    """``True``: :meth:`decide` only reads the view, never changes it or keeps any part of it
    after it returns, so bot games in the engine may lend it one that shares the game's own
    lists (:mod:`.simulate`)."""
    reads_game: bool = False
    """``True``: the policy has ``decide_game(game, seat, rng, hurry=...)``, the command
    :meth:`decide` gives for that seat's view, read from the game itself (bot games in the
    engine only, :mod:`.simulate`; never the server's way)."""

    @abstractmethod
    def decide(self, view: dict[str, Any], rng: random.Random, *,
               hurry: bool = False) -> str | None:
        """The command text this seat sends now, or ``None`` to wait.

        ``view`` is ``Game.view(seat)`` (a ``you`` part is required); ``rng`` is the only
        source of randomness. Every text returned is meant to be accepted by the engine.
        """

    def __repr__(self) -> str:
        return f"<policy {self.name}>"


POLICIES: dict[str, Callable[[], Policy]] = {}
"""Policy name -> factory (filled by :mod:`bohnanza.bots`)."""

DEFAULT_POLICY = "easy"
"""The policy of a bot nobody chose one for (``/addbot NAME``): the level the board's Add bot
starts on (:func:`picker_order`: the easiest; the issue 10 trial), so that ``/addbot`` typed
seats the bot the button seats (it seated ``greedy``, which plays as ``easy`` does but is not
the picker's pick)."""

TAKEOVER_POLICY = "normal"
"""The policy of a bot that takes over a person's seat during a game (a ``/leave``, a
``/handover``, the third timeout of the turn clock): it plays for someone, so at the
``normal`` level, not ``greedy``'s ``easy`` (bots18: a takeover in the duel sold one-card
fields for 0 coins and planted nothing; ``normal`` also wins the duel against ``greedy``)."""


def policy_names() -> list[str]:
    """The names of the registered policies, sorted."""
    return sorted(POLICIES)


LEVELS = ("easy", "normal", "hard")
"""The bot levels, easiest first (issue 15)."""


def level_of(name: str) -> str | None:
    """The level (:data:`LEVELS`) the registered policy ``name`` plays at (``greedy`` is the
    ``easy`` level), or ``None`` (``random``, an unknown name)."""
    return getattr(POLICIES.get(name), "level", None)


def picker_order(names: list[str], default: str | None = None) -> list[str]:
    """``names`` (policy names) in the order a picker lists them: the :data:`LEVELS` among
    them, easiest first, then the others sorted; the first is the one a picker starts on
    (issue 10 trial: a newcomer meets ``easy`` first). A game with no levels (the farm's
    ``random``, ``sensible``, ``shipper``) starts on its ``default`` policy, not on the first
    name in alphabetical order (trial user9: the farm's picker started on ``random``)."""
    levels = [n for n in LEVELS if n in names]
    rest = sorted(n for n in names if n not in LEVELS)
    if not levels and default in rest:
        rest.remove(default)
        rest.insert(0, default)
    return levels + rest


def ask_order(active: int, n: int) -> list[int]:
    """The seats in the order a bot driver asks them for a command: from the seat after the
    active player round the table, the active player last (the others answer its offers
    before it moves on). The server's bot driver and ``simulate`` both ask in this order."""
    return [(active + 1 + k) % n for k in range(n)]


def register(name: str, factory: Callable[[], Policy]) -> None:
    """Add a policy under ``name`` (lower case)."""
    POLICIES[name.lower()] = factory


def get_policy(name: str) -> Policy:
    """A fresh policy for ``name`` (case-insensitive). Raises ``KeyError`` naming the choices."""
    key = name.strip().lower()
    if key not in POLICIES:
        raise KeyError(f"unknown bot policy {name!r}; choose one of "
                       + ", ".join(sorted(POLICIES)))
    return POLICIES[key]()
