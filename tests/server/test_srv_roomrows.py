"""The room part's seats diffed row by row (issue 14, server CPU): when a change of the room
part moves some seats' rows of its key alone (a seat's turn clock, idle or away mark, name,
bot...), the room's copy (``Snapshot._diff_room``) walks those seats' entries alone, made
from the rows of both keys, and leaves its texts as they were until a change needs them. Its
operations must be byte for byte those of the long way: the room part as plain data, its
JSON compared and diffed key by key (``delta.diff_texts``)."""

from __future__ import annotations

import json
import random
from typing import Any

from bohnanza.server import delta
from bohnanza.server.room.presence import Presence
from bohnanza.server.room.roompart import RoomPart
from bohnanza.server.room.states import Snapshot
from bohnanza.server.room.table import Seat, Table

from .test_srv_snapshot import _Conn, _Settings


def test_the_rows_diffed_alone_give_the_operations_of_the_whole_part() -> None:
    rng = random.Random(20)
    table = Table()
    table.seats = [Seat(f"P{i + 1}", "x" * 64) for i in range(4)]
    presence = Presence(_Settings())  # type: ignore[arg-type]
    presence.conns = [_Conn(i) for i in range(4)]  # type: ignore[misc]
    conf = _Settings()
    short, long = Snapshot(), Snapshot()  # fed a RoomPart, and its part as plain data
    doc: dict[str, Any] = {}
    rows = 0  # changes that moved rows alone
    for version in range(1, 800):
        for _ in range(rng.choice([1, 1, 2, 3])):  # (several at once: their order)
            s = table.seats[rng.randrange(len(table.seats))]
            what = rng.choice(["idle", "deadline", "deadline", "timeouts", "name", "away", "owed",
                               "marks", "bot", "clock", "hidden", "conn", "move", "move",
                               "nothing"])
            if what == "idle":
                s.idle = not s.idle
            elif what == "deadline":
                s.deadline = rng.choice([None, 1.5e9, 1.6e9 + version, 1.7e9 + version / 8])
            elif what == "timeouts":
                s.timeouts = rng.randrange(3)
            elif what == "name":
                s.name = rng.choice(["P1", "Ann", "Bo", "Zoë"])
            elif what == "away":
                s.away_since = None if s.away_since else 1.5e9 + version
            elif what == "owed":
                s.owed = None if s.owed else f"1:{version}:trade"
            elif what == "marks":
                s.long_away, s.stalling = rng.choice([False, True]), rng.choice([False, True])
            elif what == "bot":
                s.bot = None if s.bot else rng.choice(["greedy", "random"])
            elif what == "clock":
                table.clock = None if table.clock else 60.0
            elif what == "hidden":
                table.hidden_money = not table.hidden_money
            elif what == "move":  # a connection to another seat: its rows alone
                c = rng.choice(presence.conns)
                if c.seat is not None:
                    c.seat = rng.randrange(len(table.seats))
            elif what == "conn":
                presence.conns = [_Conn(rng.choice([None, *range(len(table.seats))]))  # type: ignore[misc]
                                  for _ in range(rng.randrange(1, 6))]
        room = RoomPart("r", table, presence, conf, 7.5)  # type: ignore[arg-type]
        was = short.room_key
        got = short.update(version, None, {None: None}, room, [None])
        want = long.update(version, None, {None: None}, room.part(), [None])
        assert got == want, version
        if was is not None and was != room.key and was[2:] == room.key[2:]:
            rows += 1
        ops = want[None][0] if want.get(None) else ""
        if version == 1:  # the first state, whole
            doc = {"room": json.loads(json.dumps(room.part()))}
        elif ops:
            doc = delta.apply(doc, json.loads(f"[{ops}]"))
        assert doc == {"room": room.part()}, version
    assert rows > 200
