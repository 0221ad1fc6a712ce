"""The game a room hosts (``games.bohnanza.RoomGame``, ``Game.changes_alone``): ``apply``
leaves the look for stale offers (C13, T28) out after an action that moves no card, once an
``apply`` has run. It is the same game as ``Game``, event for event, refusal for refusal; a
position loaded with a stale offer loses it at its first action, as ``Game`` does."""

from __future__ import annotations

import random
from typing import Any

from bohnanza.engine import Game, RuleError
from bohnanza.engine.actions import Signal
from bohnanza.games.bohnanza import BOHNANZA, RoomGame

from .randplay import sensible_action


def _outcome(g: Game, seat: int, action: Any) -> Any:
    try:
        return [tuple(e) for e in g.apply(seat, action)]
    except RuleError as e:
        return ("refused", e.code)


def test_the_room_game_is_the_same_game_event_for_event() -> None:
    """Random whole games (``sensible_action``: deals, gifts, markers, withdrawals, stale
    offers) played by a ``Game`` and a ``RoomGame`` dealt alike: the same outcome of every
    action and the same position after it; the views' changes kept by both."""
    rnd = random.Random(11)
    stale_seen = 0
    skipped = 0
    for k, (preset, n) in enumerate([("classic", 4), ("classic", 5), ("rio-grande", 3),
                                     ("amigo", 4), ("classic", 3)] * 2):
        names = ["Ann", "Bob", "Cleo", "Dan", "Eve"][:n]
        plain, room = Game.new(preset, names, 40 + k), RoomGame.new(preset, names, 40 + k)
        plain.take_changes()
        room.take_changes()
        for _ in range(2500):
            if plain.over:
                break
            seat, action = sensible_action(plain, rnd)
            skipped += bool(room.offers) and room.swept and type(action).__name__ in (
                "Signal", "ClearSignals", "PostOffer", "Withdraw", "Harvest", "Buy")
            got = _outcome(room, seat, action)
            assert got == _outcome(plain, seat, action), (k, seat, action)
            stale_seen += isinstance(got, list) and any(e[0] == "offer_stale" for e in got)
            assert room.to_position() == plain.to_position()
            assert room.take_changes() == plain.take_changes()
        assert room.over and plain.over
    assert stale_seen > 0  # offers went stale, and were swept alike
    assert skipped > 100  # the short path was taken


def test_a_loaded_stale_offer_leaves_at_the_first_action() -> None:
    """A position whose open offer gives what its owner no longer holds (loaded: nothing
    swept yet): the first action, a marker that moves no card, sweeps it, as ``Game`` does."""
    position = {
        "preset": "classic", "active": 0, "phase": "trade",
        "deck": ["blue"] * 10, "face_up": ["chili", "green"],
        "seats": [
            {"name": "Ann", "hand": ["blue"], "fields": [["blue", 2], None]},
            {"name": "Bob", "hand": ["soy"], "fields": [["soy", 3], None]},
            {"name": "Cy", "hand": ["stink"], "fields": [["stink", 2], None]},
        ],
        # Bob gives a red he does not hold
        "offers": [{"id": 1, "owner": 1, "give": {"red": 1}, "want": {"chili": 1}}],
        "next_offer": 2,
    }
    for cls in (Game, RoomGame):
        g = cls.from_position(position)
        assert not g.swept
        events = g.apply(2, Signal("want", "blue"))
        assert [(e.kind, e.seat, e.data) for e in events] == [("offer_stale", 1, {"id": 1})]
        assert g.offers == []
    room = RoomGame.from_position(position)
    room.apply(2, Signal("want", "blue"))
    assert room.swept  # from now on the markers skip the look: nothing can be stale


def test_the_hosted_game_is_a_room_game() -> None:
    """The server's games (``BohnanzaHost.new`` and ``load``) take the short path; a copy for
    bots (``clone``) does not."""
    g = BOHNANZA.new({"preset": "classic"}, ["Ann", "Bob", "Cy"], 3)
    assert type(g) is RoomGame and g.changes_alone
    assert type(BOHNANZA.load(g.to_position())) is RoomGame
    assert not g.clone().changes_alone
