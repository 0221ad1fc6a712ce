"""Bots answer the supply and demand markers people set (seed 000: ``/want BEAN``, ``/have
BEAN``; bohnanza/bots/markers.py): a bot that is not active sees the active player's markers
and asks for the bean marked as had, or pays with the bean marked as wanted, when its own
evaluation says the deal gains it (R28-R30). Without markers it plays as before."""

from __future__ import annotations

import random

import pytest

from bohnanza.bots import get_policy
from bohnanza.commands import GameCommand, parse
from bohnanza.engine import Game
from bohnanza.engine.actions import PostOffer

NAMES = ["Ann", "Bob", "Cleo"]


def _say(g: Game, seat: int, text: str) -> None:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand), text
    g.apply(seat, cmd.action)


def _trading(face_up: list[str], ann: list[str], active: int = 0) -> Game:
    """Phase 2 of a classic game, seat ``active`` (Ann, a person, by default) active with
    ``face_up``; Ann holds ``ann``. Bob (seat 1, the bot) grows Red x3 and Blue x3 and holds Stink, Green, Garden
    and Black-eyed, none of which fits his fields."""
    deck = ["soy"] * 10 + ["chili"] * 10 + ["green"] * 10
    return Game.from_position({
        "preset": "classic", "deck": deck, "names": NAMES, "phase": "trade", "active": active,
        "face_up": face_up,
        "seats": [
            {"name": "Ann", "hand": ann, "fields": [["chili", 2], ["soy", 1]]},
            {"name": "Bob", "hand": ["stink", "green", "garden", "blackeyed"],
             "fields": [["red", 3], ["blue", 3]]},
            {"name": "Cleo", "hand": ["stink"], "fields": [["green", 2], None]},
        ]})


def _offers(g: Game, level: str, n: int = 4) -> list[PostOffer]:
    """The offers Bob's first ``n`` commands post (each applied: the engine takes them)."""
    policy = get_policy(level)
    rng = random.Random(1)
    out = []
    for _ in range(n):
        text = policy.decide(g.view(1), rng)
        if text is None:
            continue
        cmd = parse(text)
        assert isinstance(cmd, GameCommand), text
        if isinstance(cmd.action, PostOffer):
            out.append(cmd.action)
        g.apply(1, cmd.action)
    return out


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_asks_the_active_person_for_the_bean_they_mark_as_had(level: str) -> None:
    # No face-up card is left; Ann holds a Blue, which Bob's Blue x3 wants (R18, R30)
    g = _trading([], ["blue", "chili", "soy"])
    assert not any(o.want == {"blue": 1} for o in _offers(g, level)), "no marker: no ask"
    g = _trading([], ["blue", "chili", "soy"])
    _say(g, 0, "/have blue")
    first = _offers(g, level, 1)
    assert len(first) == 1 and first[0].want == {"blue": 1}, first
    assert first[0].give and "blue" not in first[0].give   # a card he does not grow, R29


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_pays_with_the_bean_the_active_person_marks_as_wanted(level: str) -> None:
    # Blue lies face up (Bob wants it); Ann marks Garden as wanted, and Bob holds one
    g = _trading(["blue", "chili"], ["chili", "soy"])
    assert not any("garden" in o.give for o in _offers(g, level)), "no marker: other pay"
    g = _trading(["blue", "chili"], ["chili", "soy"])
    _say(g, 0, "/want garden")
    first = _offers(g, level, 1)
    assert len(first) == 1 and first[0].give == {"garden": 1}, first
    assert first[0].want == {"blue": 1}


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_an_active_bot_offers_the_bean_a_person_marks_as_wanted(level: str) -> None:
    # Bob is active with Garden and Chili face up; the active player sees the others'
    # markers (seed 000): Ann's /want garden names the bean he may hand over (R29)
    g = _trading(["garden", "chili"], ["blue", "soy", "chili"], active=1)
    assert not any("garden" in o.give for o in _offers(g, level)), "no marker: no Garden"
    g = _trading(["garden", "chili"], ["blue", "soy", "chili"], active=1)
    _say(g, 0, "/want garden")
    first = _offers(g, level, 1)
    assert len(first) == 1 and first[0].give == {"garden": 1}, first
