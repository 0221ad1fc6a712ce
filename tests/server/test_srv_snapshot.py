"""The room's copy of its delta connections' state takes shortcuts (issue 14, server CPU);
each must give exactly what the long way gives.

- ``delta.EntryList`` keeps the shared ``offers`` entry by entry, an entry's text by the
  entry's identity: its operations are byte for byte those of ``delta.diff_texts`` over the
  list kept as one text, whatever happens to the list (entries kept, rebuilt, added at the
  end or anywhere, removed, moved).
- ``RoomPart`` takes what the hosted game says of the table's options and game from the
  room's ``RoomMemo`` while they are the same: its key is the key read afresh after any
  change of the table, the connections or the settings (design.md: the room part shows the
  seats, the options, the start button's facts: ``setup.start_seats``).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bohnanza.server import delta
from bohnanza.server.room.bots import bots_doing
from bohnanza.server.room.presence import Presence
from bohnanza.server.room.roompart import RoomMemo, RoomPart, room_part
from bohnanza.server.room.setup import start_seats
from bohnanza.server.room.table import Seat, Table

_ENTRY = st.fixed_dictionaries({"id": st.integers(0, 9), "give": st.sampled_from(
    ["?", {"soy": 1}, {"red": 2, "soy": 1}]), "traded": st.lists(st.integers(0, 4), max_size=2)})


def _long_way(old: list[Any], new: list[Any]) -> list[str]:
    kept = delta.texts_of({"offers": old})
    out: list[str] = []
    delta.diff_texts(kept, {"offers": new}, "/view", out)
    return out


@settings(max_examples=300, deadline=None)
@given(old=st.lists(_ENTRY, max_size=6), plan=st.lists(st.tuples(
    st.sampled_from(["keep", "copy", "new", "drop"]), _ENTRY), max_size=8),
    tail=st.lists(_ENTRY, max_size=3), shuffle=st.booleans())
def test_an_entry_list_writes_the_operations_of_the_list_kept_whole(
        old: list[Any], plan: list[tuple[str, Any]], tail: list[Any], shuffle: bool) -> None:
    entries = delta.EntryList("offers", old)
    new: list[Any] = []
    for (what, fresh), was in zip(plan, old, strict=False):
        if what == "keep":
            new.append(was)  # the very object (the memo gave it again)
        elif what == "copy":
            new.append(dict(was))  # an equal entry built anew
        elif what == "new":
            new.append(fresh)
    new += tail
    if shuffle:
        random.Random(len(new)).shuffle(new)
    got: list[str] = []
    entries.diff(new, "/view/offers", got)
    assert got == _long_way(old, new)
    # and the next change starts from what it kept
    later = [*new[1:], {"id": 99, "give": "?", "traded": []}]
    again: list[str] = []
    entries.diff(later, "/view/offers", again)
    assert again == _long_way(new, later)


class _Settings:
    away_seconds = 120.0
    idle_seconds = 60.0


class _Conn:
    def __init__(self, seat: int | None) -> None:
        self.seat = seat


def test_the_room_part_read_with_the_memo_is_the_room_part_read_afresh() -> None:
    """Random changes of everything the room part shows (seats' marks, bots, vacant seats,
    the options, a game dealt and ended, the farm game and its parameters, connections, the
    settings): after each the key read with the room's memo is the key read afresh, its
    start facts are ``setup.start_seats``' and its bots' doing ``bots_doing``'s."""
    rng = random.Random(14)
    table = Table()
    table.seats = [Seat(f"P{i + 1}", "x" * 64) for i in range(4)]
    presence = Presence(_Settings())  # type: ignore[arg-type]
    presence.conns = [_Conn(i) for i in range(4)]  # type: ignore[misc]
    conf = _Settings()
    memo = RoomMemo()
    described = set()
    for step in range(600):
        s = table.seats[rng.randrange(len(table.seats))]
        what = rng.choice(["idle", "away", "bot", "vacant", "owed", "preset", "hidden", "deal",
                           "end", "farm", "param", "conn", "settings", "seat", "clock"])
        if what == "idle":
            s.idle = not s.idle
        elif what == "away":
            s.away_since = None if s.away_since else 1.5e9 + step
        elif what == "bot":
            s.bot = None if s.bot else rng.choice(["greedy", "random"])
        elif what == "vacant":
            s.vacant = not s.vacant
        elif what == "owed":
            s.owed = None if s.owed else f"1:{step}:trade"
        elif what == "preset" and table.game_name == "bohnanza":
            table.preset = rng.choice(["classic", "amigo", "rio-grande"])
        elif what == "hidden":
            table.hidden_money = not table.hidden_money
        elif what == "deal" and len(table.seats) >= 3:
            opts = table.game_options()
            if table.game_name == "bohnanza":
                opts["preset"] = "classic"
                table.preset = "classic"
            if table.game_name == "farm" and rng.random() < 0.5:  # a game of its own
                opts, _ = table.hosted.set_option(  # parameters (as one loaded from its
                    opts, "param", "game.players.max 6")  # position), not the table's
            lo, hi = table.hosted.player_range(opts)
            if lo <= len(table.seats) <= hi:
                table.game = table.hosted.new(opts, [x.name for x in table.seats], step)
                table.game_no += 1
        elif what == "end":
            table.game = None
        elif what == "farm" and table.game is None:
            table.game_name = "bohnanza" if table.game_name == "farm" else "farm"
            table.params = None
        elif what == "param" and table.game_name == "farm" and table.game is None:
            opts, _ = table.hosted.set_option(table.game_options(), "param",
                                              f"game.players.max {rng.randrange(4, 7)}")
            table.set_game_options(opts)
        elif what == "conn":
            presence.conns = [_Conn(rng.choice([None, *range(len(table.seats))]))  # type: ignore[misc]
                              for _ in range(rng.randrange(1, 6))]
        elif what == "settings":
            conf.idle_seconds = rng.choice([30.0, 60.0])
        elif what == "seat" and table.game is None:
            if len(table.seats) < 5 and rng.random() < 0.5:
                table.seats.append(Seat(f"N{step}", None))
            elif len(table.seats) > 2:
                table.seats.pop()
        elif what == "clock":
            table.clock = None if table.clock else 60.0
        fresh = RoomPart("r", table, presence, conf, 7.5)  # type: ignore[arg-type]
        kept = RoomPart("r", table, presence, conf, 7.5)  # type: ignore[arg-type]
        key = kept.key_with(memo)
        assert key == fresh.key, (step, what)
        assert (key[13], key[14]) == start_seats(table)
        doing = bots_doing(table, presence)
        assert [row[11] for row in key[1]] == [doing.get(i) for i in range(len(table.seats))]
        part = kept.part()
        want = room_part("r", table, presence, conf, 7.5)  # type: ignore[arg-type]
        assert {**part, "now": 0} == {**want, "now": 0}
        described.add(repr(part["game"]))
    assert len(described) > 2  # the game's description moved (farm parameters, games)


class _Delta:
    def __init__(self, seat: int | None, deltas: bool) -> None:
        self.seat, self.name, self.lang, self.deltas = seat, f"C{seat}", "en", deltas
        self.held: Any = None
        self.you = ""


def test_a_farm_game_begins_and_ends_under_delta_connections() -> None:
    """The farm game's views have no ``offers`` (farm-rules.md; a helper once assumed
    Bohnanza's keys): its first state and the next ones go out, each delta connection holding
    exactly the full state a full-state connection of its seat gets."""
    import json

    from bohnanza.server.room.states import Snapshot, state_frames

    table = Table()
    table.game_name = "farm"
    table.seats = [Seat(f"P{i + 1}", "x" * 64) for i in range(3)]
    presence = Presence(_Settings())  # type: ignore[arg-type]
    conns: list[Any] = [_Delta(i, True) for i in range(3)] + [_Delta(None, True)]
    twins: list[Any] = [_Delta(c.seat, False) for c in conns]
    presence.conns = conns
    snap = Snapshot()
    docs: list[Any] = [None] * len(conns)
    for version in range(1, 5):
        if version == 2:
            table.game = table.hosted.new(table.game_options(),
                                          [s.name for s in table.seats], 7)
            table.game_no = 1
        elif version == 4:
            table.game = None
        room = RoomPart("r", table, presence, _Settings())  # type: ignore[arg-type]
        out = state_frames(version, room, table, conns, None, snap)
        full = state_frames(version, room, table, twins)
        for i, (frame, want) in enumerate(zip(out, full, strict=True)):
            w = json.loads(want)
            if frame is None:  # nothing new but the clock: no frame (stateframes.py)
                docs[i]["room"]["now"] = w["room"]["now"]
            elif (m := json.loads(frame))["type"] == "patch":
                docs[i] = delta.apply(docs[i], m["ops"])
            else:
                docs[i] = {"view": m["view"], "room": m["room"]}
            assert docs[i] == {"view": w["view"], "room": w["room"]}, (version, i)


def test_the_copy_says_which_operations_set_the_clock_alone() -> None:
    """``Snapshot.update`` says whether a seat's operations set anything but the room part's
    ``now`` (``news``: a delta connection with no news, no log line and no reply gets no
    frame, stateframes.py) and whether they set ``now`` (``now_set``): a change that moves
    only the clock has no news; a seat's idle mark or a spectator more (the room part) are
    news, with the clock or without it; a clock that stood still is not set."""
    from bohnanza.server.room.states import Snapshot

    table = Table()
    table.seats = [Seat(f"P{i + 1}", "x" * 64) for i in range(3)]
    presence = Presence(_Settings())  # type: ignore[arg-type]
    presence.conns = [_Conn(i) for i in range(3)]  # type: ignore[misc]
    snap = Snapshot()
    seats: list[int | None] = [0, 1, 2, None]

    def update(version: int, now: float) -> dict[int | None, list[str]]:
        room = RoomPart("r", table, presence, _Settings())  # type: ignore[arg-type]
        room.now = now
        return snap.update(version, None, {}, room, seats)  # no game: the room part alone

    assert update(1, 100.0) == {}  # the first state: everyone whole
    ops = update(2, 101.0)  # the clock alone
    assert snap.now_set
    assert ops[0] == ['{"op":"replace","path":"/room/now","value":101.0}']
    assert not any(snap.news(ops[s]) for s in seats)
    ops = update(3, 101.0)  # nothing at all: the clock stood still
    assert not snap.now_set
    assert ops[0] == [] and not snap.news(ops[0])
    table.seats[1].idle = True  # a seat's mark, with the clock
    ops = update(4, 102.0)
    assert snap.now_set and all(snap.news(ops[s]) for s in seats)
    assert ops[0][0].endswith('{"op":"replace","path":"/room/now","value":102.0}')
    table.seats[2].idle = True  # a seat's mark, the clock still
    ops = update(5, 102.0)
    assert not snap.now_set and all(snap.news(ops[s]) for s in seats)
    presence.conns = [*presence.conns, _Conn(None)]  # type: ignore[misc] # a spectator more
    ops = update(6, 103.0)
    assert snap.now_set and all(snap.news(ops[s]) for s in seats)
    assert update(7, 104.0)[None] == ['{"op":"replace","path":"/room/now","value":104.0}']
    assert not snap.news(update(8, 105.0)[1])
