"""The list ``Game.apply`` returns builds its ``Event`` objects when first read (issue 14;
docs/engine-api.md, Event): every way of reading it gives ``Event`` objects, and one that is
never read holds plain records only."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from bohnanza.engine import Event, Game, RuleError
from bohnanza.engine.actions import Done, Plant

# Phase 1 ends after the second plant (R26): the plant, then the 2 cards turned up from the
# top of the draw pile (R27; a position lists the top first)
_KINDS = ["plant", "reveal"]


def _events() -> list[Event]:
    g = Game.from_position({"seats": [{"hand": ["red", "red", "soy"]}, {}, {}],
                            "deck": ["blue", "chili", "wax"]})
    g.apply(0, Plant(1))
    return g.apply(0, Plant(1))


READS: dict[str, Callable[[list[Event]], list[Any]]] = {
    "iter": lambda ev: list(ev),
    "for": lambda ev: [e for e in ev],
    "index": lambda ev: [ev[i] for i in range(len(ev))],
    "negative index": lambda ev: [ev[-2], ev[-1]],
    "slice": lambda ev: ev[:],
    "reversed": lambda ev: list(reversed(ev))[::-1],
    "pop": lambda ev: [ev.pop(0) for _ in range(2)],
    "copy": lambda ev: ev.copy(),
    "add": lambda ev: ev + [],
    "radd": lambda ev: [] + ev,
    "mul": lambda ev: ev * 1,
    "sort": lambda ev: (ev.sort(key=lambda e: 0), list.copy(ev))[1],
    "unpack": lambda ev: [*ev],
    "copy.copy": lambda ev: list.copy(copy.copy(ev)),
    "deepcopy": lambda ev: list.copy(copy.deepcopy(ev)),
    "pickle": lambda ev: list.copy(pickle.loads(pickle.dumps(ev))),
}


@pytest.mark.parametrize("how", list(READS))
def test_every_read_gives_events(how: str) -> None:
    got = READS[how](_events())
    assert [type(e) for e in got] == [Event] * 2
    assert [e.kind for e in got] == _KINDS
    assert got[0].data == {"bean": "red", "field": 1}
    assert got[1].data == {"cards": ["blue", "chili"]}


def test_unread_events_are_plain_records_equal_to_their_events() -> None:
    ev = _events()
    assert [type(r) for r in list.copy(ev)] == [tuple] * 2   # nothing built yet
    records = list.copy(ev)
    assert ev == records and records[0] in ev                # an Event equals its record
    assert repr(ev).startswith("[Event('plant', 0, {'bean': 'red', 'field': 1})")
    assert [type(r) for r in list.copy(ev)] == [Event] * 2   # built in place, once


def test_the_list_stays_the_actions_own_after_later_actions() -> None:
    g = Game.from_position({"seats": [{"hand": ["red", "soy"]}, {}, {}],
                            "deck": ["blue", "chili", "wax"]})
    first = g.apply(0, Plant(1))
    with pytest.raises(RuleError):
        g.apply(1, Plant(1))            # not_your_turn (R26): refused, nothing logged
    g.apply(0, Done())                  # ends phase 1: plant is not among these (R26, R27)
    assert [(e.kind, e.data) for e in first] == [("plant", {"bean": "red", "field": 1})]
