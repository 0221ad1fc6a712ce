"""Events recorded as values, their fields built when read (issue 14; docs/engine-api.md,
Event; R18, R42 for what a harvest tells)."""

from __future__ import annotations

import copy
import pickle

from bohnanza.engine import Event, Game
from bohnanza.engine.actions import Harvest


def _harvest(options: dict[str, bool]) -> Event:
    # blue x6 pays 2 coins (rules.md §1c: blue 4/6/8/10)
    g = Game.from_position({"options": options, "seats": [
        {"hand": ["red"], "fields": [["blue", 6], None]}, {}, {}]})
    events = g.apply(0, Harvest(1))
    assert [e.kind for e in events] == ["harvest"]
    return events[0]


def test_harvest_fields_in_order_with_the_coins_R18() -> None:
    ev = _harvest({})
    assert ev.seat == 0 and ev.secret is None
    assert list(ev.data.items()) == [("bean", "blue"), ("count", 6), ("field", 1), ("coins", 2)]
    entry = ev.for_viewer(None, ["Ann", "Bo", "Cy"])
    assert entry["coins"] == 2 and entry["text"].startswith("Ann harvested 6 blue")


def test_hidden_money_harvest_leaves_the_coins_out_R42() -> None:
    ev = _harvest({"hidden_money": True})
    assert ev.data == {"bean": "blue", "count": 6, "field": 1}
    assert "coin" not in ev.for_viewer(0)["text"]


def test_data_is_a_new_dict_on_each_read() -> None:
    ev = _harvest({})
    ev.data["coins"] = 99
    assert ev.data["coins"] == 2


def test_event_survives_copy_and_pickle() -> None:
    ev = _harvest({})
    for twin in (copy.deepcopy(ev), pickle.loads(pickle.dumps(ev))):
        assert type(twin) is Event
        assert (twin.kind, twin.seat, twin.data, twin.secret) == (
            ev.kind, ev.seat, ev.data, ev.secret)
        assert twin.for_viewer(1) == ev.for_viewer(1)


def test_event_built_from_a_dict() -> None:
    ev = Event("draw", 2, {"count": 3}, {"cards": ["red", "soy", "blue"]})
    assert ev.for_viewer(2)["cards"] == ["red", "soy", "blue"]
    assert "cards" not in ev.for_viewer(1) and ev.for_viewer(1)["count"] == 3
