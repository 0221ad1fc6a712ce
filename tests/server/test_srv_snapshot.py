"""The room's copy of its delta connections' state takes shortcuts (issue 14, server CPU);
each must give exactly what the long way gives.

- ``delta.EntryList`` keeps the shared ``offers`` entry by entry, an entry's text by the
  entry's identity: its operations are byte for byte those of ``delta.diff_texts`` over the
  list kept as one text, whatever happens to the list (entries kept, rebuilt, added at the
  end or anywhere, removed, moved).
- ``RoomPart`` takes what the hosted game says of the table's options and game from the
  room's ``RoomMemo`` while they are the same: its key is the key read afresh after any
  change of the table, the connections or the settings (design.md: the room part shows the
  seats, the options, the start button's facts: ``setup.start_seats``), and the key read
  last when nothing it is read from moved: a seat's write that changes what the part shows
  counts in ``Seat.shown`` (every field of a seat written, one by one).
- ``Snapshot.update`` says which seats' operations set the room's clock alone.
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


def _seated_room(n: int) -> tuple[Table, Presence, Any, RoomMemo]:
    """A table of ``n`` seats, one connection at each, the settings and a fresh memo."""
    table = Table()
    table.seats = [Seat(f"P{i + 1}", "x" * 64) for i in range(n)]
    presence = Presence(_Settings())  # type: ignore[arg-type]
    presence.conns = [_Conn(i) for i in range(n)]  # type: ignore[misc]
    return table, presence, _Settings(), RoomMemo()


def test_the_room_part_read_with_the_memo_is_the_room_part_read_afresh() -> None:
    """Random changes of everything the room part shows (seats' marks, bots, vacant seats,
    the options, a game dealt and ended, the farm game and its parameters, connections, the
    settings): after each the key read with the room's memo is the key read afresh, its
    start facts are ``setup.start_seats``' and its bots' doing ``bots_doing``'s."""
    rng = random.Random(14)
    table, presence, conf, memo = _seated_room(4)
    described = set()
    for step in range(600):
        s = table.seats[rng.randrange(len(table.seats))]
        what = rng.choice(["idle", "away", "bot", "vacant", "owed", "preset", "hidden", "deal",
                           "end", "farm", "param", "conn", "settings", "seat", "clock",
                           "marks", "deadline", "timeouts", "name", "nothing"])
        if what == "idle":
            s.idle = not s.idle
        elif what == "marks":
            s.long_away, s.stalling = rng.choice([False, True]), rng.choice([False, True])
        elif what == "deadline":
            s.deadline = rng.choice([None, 1.5e9, 1.6e9])
        elif what == "timeouts":
            s.timeouts = rng.randrange(3)
        elif what == "name":
            s.name = rng.choice(["P1", "Ann", "Bo"])
        elif what == "nothing":  # what the part does not show, or a value written again
            s.last_input, s.idle = step * 1.0, s.idle
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
        wait = rng.choice([7.5, 9.0])  # until when a waiting bot waits: not in the memo
        fresh = RoomPart("r", table, presence, conf, wait)  # type: ignore[arg-type]
        kept = RoomPart("r", table, presence, conf, wait)  # type: ignore[arg-type]
        key = kept.key_with(memo)
        assert key == fresh.key, (step, what)
        assert (key[13], key[14]) == start_seats(table)
        doing = bots_doing(table, presence)
        assert [row[11] for row in key[1]] == [doing.get(i) for i in range(len(table.seats))]
        part = kept.part()
        want = room_part("r", table, presence, conf, wait)  # type: ignore[arg-type]
        assert {**part, "now": 0} == {**want, "now": 0}
        described.add(repr(part["game"]))
    assert len(described) > 2  # the game's description moved (farm parameters, games)


# two values of each field of a seat (the second unlike the first)
_VALUES: dict[str, tuple[Any, Any]] = {
    "name": ("P1", "Ann"), "token_hash": ("x" * 64, None), "vacant": (False, True),
    "bot": (None, "greedy"), "last_input": (1.0, 2.0), "idle": (False, True),
    "away_since": (None, 1.5e9), "away_mono": (None, 3.0), "long_away": (False, True),
    "policy": (None, None), "rng": (None, random.Random(1)), "since": (0, 4),
    "owed": (None, "1:2:trade"), "owed_since": (None, 1.5e9), "owed_mono": (None, 5.0),
    "deadline": (None, 1.6e9), "timeouts": (0, 2), "timeout_turn": (None, 3),
    "stalling": (False, True),
    "held": (None, "1:2:prep"),
}


def test_every_write_of_a_seat_reads_the_room_parts_key_when_it_shows() -> None:
    """Each field of a seat (all of them: a new field must be listed here) written with
    another value, then with its first value, then with that value again: after each write
    the key read with the room's memo is the key read afresh (a writer whose change the
    memo missed would leave the old key), and a write that changes nothing the part shows
    gives the memo's very key (not read again). ``owed`` shows as owed or not only: another
    decision's key is not read again."""
    from dataclasses import fields

    assert {f.name for f in fields(Seat)} == set(_VALUES)
    table, presence, conf, memo = _seated_room(3)

    def read() -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        kept = RoomPart("r", table, presence, conf).key_with(memo)  # type: ignore[arg-type]
        fresh = RoomPart("r", table, presence, conf).key  # type: ignore[arg-type]
        assert kept == fresh
        return kept, fresh

    s = table.seats[1]
    for name, (first, other) in _VALUES.items():
        setattr(s, name, first)
        before, _ = read()
        for value in (other, first, first):
            setattr(s, name, value)
            kept, fresh = read()
            if fresh == before:
                assert kept is before, (name, value)  # nothing shown moved: not read again
            before = kept
    s.owed = "1:2:trade"
    before, _ = read()
    s.owed = "1:3:plant"  # another decision: still owed
    assert read()[0] is before
    table.seats.append(Seat("P4", None))  # a seat more
    assert read()[0][1][3][0] == "P4"


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


def test_a_bots_doing_is_read_at_every_change() -> None:
    """What a bot seat does moves with the game, not with the seats' writes (``bots_doing``):
    the active bot in phase 2 waits (until the moment given) while a person may answer, and
    thinks once a deal is pending (issue 15). With a bot seat the key is read at every
    change: the memo's key is the key read afresh after each of these."""
    from types import SimpleNamespace

    from bohnanza.server.room.clock import mark_owed

    table = Table()
    table.seats = [Seat(f"P{i + 1}", "x" * 64) for i in range(3)]
    table.game = table.hosted.new(table.game_options(), [s.name for s in table.seats], 3)
    table.game_no = 1
    table.seats[0].bot = "greedy"
    presence = Presence(_Settings())  # type: ignore[arg-type]
    presence.conns = [_Conn(1), _Conn(2)]  # type: ignore[misc]
    conf = _Settings()
    memo = RoomMemo()
    g: Any = table.game
    g.phase = "trade"  # the bot (seat 0) is the active player
    mark_owed(table)
    seen = []
    for wait, deal in ((7.5, False), (9.0, False), (9.0, True)):
        if deal:
            g.deal = SimpleNamespace(provided={})  # a deal pending (its presence is read)
        kept = RoomPart("r", table, presence, conf, wait).key_with(memo)  # type: ignore[arg-type]
        fresh = RoomPart("r", table, presence, conf, wait).key  # type: ignore[arg-type]
        assert kept == fresh, (wait, deal)
        seen.append(fresh[1][0][11:])
    assert seen == [("waiting", 7.5), ("waiting", 9.0), ("thinking", None)]
