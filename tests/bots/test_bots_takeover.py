"""The bot that takes over a person's seat mid-game (``TAKEOVER_POLICY``: a ``/leave``, a
``/handover``, the turn clock's third turn) plays the bean duel (rules.md §3a) sensibly
(bots18: a takeover in the duel played ``greedy``, which sold one-card fields for 0 coins and
then planted nothing there).

Each game: seat 0 is a person who idles at first (the turn clock's smallest legal move,
``bohnanza.bots.timeout``) until turn ``TAKEOVER_TURN``, then a bot plays it; seat 1 is a fixed
``greedy`` opponent. The same seeds are played with ``greedy`` and with the takeover policy
taking over, over the wire path (the server's views and command text)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bohnanza.bots import TAKEOVER_POLICY, get_policy, level_of
from bohnanza.bots.base import Policy
from bohnanza.bots.simulate import play_game
from bohnanza.bots.timeout import timeout_move
from bohnanza.games import TableGame

GAMES = 60
SEED = 18000
TAKEOVER_TURN = 4


class Takeover(Policy):
    """A person who lets the clock run out until ``TAKEOVER_TURN``, then the bot ``name``."""

    def __init__(self, name: str) -> None:
        self.bot = get_policy(name)
        self.name = f"takeover-{name}"

    def decide(self, view: dict[str, Any], rng: random.Random, *,
               hurry: bool = False) -> str | None:
        if view["turn"] < TAKEOVER_TURN:
            return timeout_move(view)
        return self.bot.decide(view, rng, hurry=hurry)


def _wasted_harvests() -> tuple[list[Any], Any]:
    """A recorder of seat 0's wasted harvests: a one-card field sold for 0 coins (R18) when
    no rule forced it, and no card planted into it before that step of the turn ended.

    Forced (R15): step 2's front card must be planted (R26) and no field takes it; bean
    protection (R19) then allows only one-card fields when every field holds one card, and a
    one-card field pays 0 in every bean (§1c). A third field (R21-R25) would cost 3 coins that
    leave the game (§3a), no sensible way to keep a one-card field."""
    wasted: list[Any] = []
    aim: dict[str, Any] = {}

    def on(seat: int, view: dict[str, Any], text: str) -> None:
        if seat != 0:
            return
        step = (view["turn"], view["phase"])
        held = aim.pop("field", None)
        if held is not None:
            f, at, what = held
            parts = text.split()
            if at == step and text.startswith("/plant") and parts[-1] == str(f):
                pass                                  # the card it made room for
            elif at == step and text.startswith("/harvest"):
                aim["field"] = held                   # another harvest first: still open
            else:
                wasted.append(what + (text,))
        if not text.startswith("/harvest"):
            return
        f = int(text.split()[1])
        me = view["seats"][0]
        field = me["fields"][f - 1]
        if field is None or field[1] != 1 or int(me["field_info"][f - 1]["harvest_now"]) != 0:
            return
        forced = (view["phase"] == "plant" and view["planted"] == 0
                  and not view["you"]["plant_fields"])
        if not forced:
            aim["field"] = (f, step, (view["turn"], view["phase"], me["fields"],
                                      list(view["face_up"]), text))

    return wasted, on


def _play(name: str) -> tuple[list[int], list[Any]]:
    """Seat 0's coins minus seat 1's, per game, and seat 0's wasted harvests."""
    margins: list[int] = []
    wasted_all: list[Any] = []
    for g in range(GAMES):
        wasted, on = _wasted_harvests()
        out = play_game("rio-grande", [Takeover(name), get_policy("greedy")], SEED + g,
                        on_command=on, wire=True)
        assert out.refusals == [] and not out.stalled, (name, g, out.refusals[:3])
        margins.append(out.scores[0] - out.scores[1])
        wasted_all += wasted
    return margins, wasted_all


def test_the_takeover_policy_is_normal_or_better() -> None:
    assert TAKEOVER_POLICY == "normal"
    assert TableGame.get("bohnanza").takeover_policy == TAKEOVER_POLICY
    assert level_of(TAKEOVER_POLICY) in ("normal", "hard")


@pytest.fixture(scope="module")
def duels() -> dict[str, tuple[list[int], list[Any]]]:
    return {name: _play(name) for name in ("greedy", TAKEOVER_POLICY)}


def test_a_takeover_in_the_duel_scores_at_least_as_greedy(
        duels: dict[str, tuple[list[int], list[Any]]]) -> None:
    """The measure: seat 0's mean coin margin over the same opponent and seeds (R39)."""
    greedy, takeover = duels["greedy"][0], duels[TAKEOVER_POLICY][0]
    assert sum(takeover) / GAMES >= sum(greedy) / GAMES, (sum(takeover), sum(greedy))


def test_a_takeover_in_the_duel_never_sells_a_one_card_field_for_nothing(
        duels: dict[str, tuple[list[int], list[Any]]]) -> None:
    assert duels[TAKEOVER_POLICY][1] == []
    assert duels["greedy"][1], "the recorder finds greedy's wasted harvests (it sees them)"
