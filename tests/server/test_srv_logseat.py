"""A change's log lines phrased per seat (issue 14, server CPU): when some entry differs by
seat (a seat sees the cards it drew), ``logbook.log_texts`` serialises each line the same
for everyone once and splices it into every seat's list; each seat's text must be byte for
byte ``frames.dumps`` of the lines it reads (``entry_for``), falsy ones left out (as before;
when every line is the same for everyone, all of them, as made)."""

from __future__ import annotations

import random
from typing import Any

from bohnanza.server import frames
from bohnanza.server.room.logbook import entry_for, log_texts


def _line(rng: random.Random) -> Any:
    return rng.choice([
        {"kind": "draw", "seat": rng.randrange(4), "cards": ["soy", "red"][:rng.randrange(3)]},
        {"kind": "room", "text": rng.choice(["Zoë joined", 'a "quoted" line', "plain"])},
        {"kind": "turn", "seat": rng.randrange(4), "n": rng.random()},
        {}, None])


def _entry(rng: random.Random) -> dict[str, Any]:
    if rng.random() < 0.6:
        return {"all": _line(rng)}
    keys = rng.sample(["-1", "0", "1", "2", "3"], rng.randrange(0, 5))
    return {"per": {k: _line(rng) for k in keys}}


def test_the_lines_read_per_seat_are_each_seats_lines_serialised() -> None:
    rng = random.Random(34)
    mixed = 0
    for _ in range(3000):
        entries = [_entry(rng) for _ in range(rng.randrange(1, 6))]
        viewers: list[Any] = [(s, "en") for s in (None, 0, 1, 2, 3) if rng.random() < 0.8]
        if not viewers:
            continue
        got = log_texts(viewers, entries, ["A", "B", "C", "D"])
        alike = all("all" in x for x in entries)  # (then every line, as made: one text)
        for seat, lang in viewers:
            want = frames.dumps([x["all"] for x in entries] if alike else
                                [e for e in (entry_for(x, seat) for x in entries) if e])
            assert got[(seat, lang)] == want, (entries, seat)
        mixed += not alike
    assert mixed > 1000
