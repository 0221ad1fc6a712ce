"""Bots answer the supply and demand markers people set (seed 000: ``/want BEAN``, ``/have
BEAN``; bohnanza/bots/markers.py): a bot that is not active sees the active player's markers
and asks for the bean marked as had, or pays with the bean marked as wanted, when its own
evaluation says the deal gains it (R28-R30). Without markers it plays as before.

They answer prompts too (design.md §4: an offer with ``?`` on one side is answered with an
offer of one's own; bohnanza/bots/prompts.py): a person's "Blue for any card" gets an offer
for that Blue from the bot that grows Blue, and "any card for Garden" gets the Garden the
bot holds, each only in a deal the bot's own evaluation takes."""

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


def _first(level: str, face_up: list[str], ann: list[str], active: int,
           prompt: str | None) -> list[PostOffer]:
    g = _trading(face_up, ann, active)
    if prompt is not None:
        _say(g, 0, prompt)
    return _offers(g, level, 1 if prompt is not None else 4)


@pytest.mark.parametrize("active", [0, 1])   # Ann (a person) active, or Bob (the bot)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_answers_a_persons_bean_for_any_card(level: str, active: int) -> None:
    # Ann holds a Blue, which Bob's Blue x3 wants (R18); she offers it for any card
    args = (level, ["garden", "chili"] if active else [], ["blue", "chili", "soy"], active)
    if active == 0:   # (hard asks the active Bob's partners for Blue of its own accord)
        assert not any(o.want == {"blue": 1} for o in _first(*args, None)), "no prompt"
    first = _first(*args, "/offer blue for ?")
    assert len(first) == 1 and first[0].want == {"blue": 1}, first
    assert first[0].give and "blue" not in first[0].give     # a card of his for her Blue


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_answers_a_persons_any_card_for_a_bean_it_holds(level: str) -> None:
    # Ann, active, asks for a Garden for any card; Bob holds one and wants her face-up Blue
    assert not any("garden" in o.give for o in _first(level, ["blue", "chili"],
                                                          ["chili", "soy"], 0, None))
    first = _first(level, ["blue", "chili"], ["chili", "soy"], 0, "/offer ? for garden")
    assert len(first) == 1 and first[0].give == {"garden": 1}, first
    assert first[0].want == {"blue": 1}
