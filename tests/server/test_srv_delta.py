"""State deltas (issue 14): a connection that says ``hello`` with ``deltas: true`` gets a full
``state``, then a ``patch`` (RFC 6902) per change.

* the patches are standard JSON Patch: the ``jsonpatch`` library applies every one the server's
  diff writes, to the same result as our small reader, for any two JSON documents;
* whole bot games in every preset (classic, rio-grande's 154 cards, amigo, the 2-player duel)
  and with hidden money: at every version, a seat's delta connection holds exactly the state
  its full-state connection (the same seat, the same token) holds, and a delta spectator
  exactly what a full-state spectator holds; the delta people decide on their patched views;
* a missed version: the client's ``resync`` brings a full state, and patches go on after it;
* a client that says nothing about deltas gets full states only;
* what the patches cost: far fewer bytes than the full states of the same changes.

The leak scan over patch frames is in ``test_srv_games.py`` (the 5-player hidden money game
is played by delta connections)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import jsonpatch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bohnanza.server import delta
from bohnanza.server.protocol import server_adapter

from .harness import (
    Client,
    ServerProc,
    canonical,
    catch_up,
    leak_scan,
    positions_by_version,
    wait_on,
)
from .test_srv_bots import drive

# ------------------------------------------------------------------ the patch format

# numbers that Python does not take for true or false (delta.py: values compare as in Python)
_leaf = st.none() | st.booleans() | st.integers(2, 5) | st.sampled_from([-1.5, 2.5]) \
    | st.sampled_from(["a", "b", "~", "/x", ""])
_json = st.recursive(
    _leaf,
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(["a", "b", "c", "a/b", "m~n", "", 'q"t', "b\\s", "c\x01",
                                       "é"]), inner, max_size=4),  # (escaped in JSON pointers)
    max_leaves=25,
)


@settings(max_examples=400, deadline=None)
@given(old=_json, new=_json)
def test_a_patch_turns_the_old_document_into_the_new_one(old: Any, new: Any) -> None:
    ops: list[str] = []
    kept = delta.diff_into(delta.snapshot(old), new, "/d", ops)
    def text(x: Any) -> str:
        return json.dumps(x, sort_keys=True)

    assert text(kept) == text(new)  # the server's copy follows (types too)
    patch = [json.loads(o) for o in ops]
    assert {o["op"] for o in patch} <= {"add", "remove", "replace"}
    doc = {"d": json.loads(json.dumps(old))}
    assert text(jsonpatch.apply_patch(doc, patch)) == text({"d": new})
    assert text(delta.apply(doc, patch)) == text({"d": new})
    if text(old) == text(new):
        assert ops == []


_objects = st.dictionaries(st.sampled_from(["a", "b", "c/d", "h", 'q"t']), _json, max_size=4)


@settings(max_examples=400, deadline=None)
@given(old=_objects, new=_objects,
       grow=st.lists(_json, max_size=3))
def test_a_patch_from_the_texts_kept_turns_the_old_object_into_the_new_one(
        old: dict[str, Any], new: dict[str, Any], grow: list[Any]) -> None:
    """What the server keeps per room (each key's JSON text): the same operations' result."""
    if isinstance(old.get("h"), list):  # a list that grows at its end, as the history does
        new = {**new, "h": old["h"] + grow}
    kept = delta.texts_of(old)
    ops: list[str] = []
    delta.diff_texts(kept, new, "/d", ops)
    assert kept == delta.texts_of(new)
    patch = [json.loads(o) for o in ops]
    doc = {"d": json.loads(json.dumps(old))}
    assert json.dumps(jsonpatch.apply_patch(doc, patch), sort_keys=True) == \
        json.dumps({"d": new}, sort_keys=True)
    assert json.dumps(delta.apply(doc, patch), sort_keys=True) == \
        json.dumps({"d": new}, sort_keys=True)


def test_a_growing_list_is_appended_and_nothing_else_is_sent() -> None:
    old = {"history": [[1, 2]], "seats": [{"hand_count": 5, "name": "Ann"}], "x": "same"}
    new = {"history": [[1, 2], [3, 4], [5]], "seats": [{"hand_count": 4, "name": "Ann"}],
           "x": "same"}
    want = [
        {"op": "add", "path": "/view/history/-", "value": [3, 4]},
        {"op": "add", "path": "/view/history/-", "value": [5]},
        {"op": "replace", "path": "/view/seats/0/hand_count", "value": 4},
    ]
    ops: list[str] = []
    delta.diff_into(delta.snapshot(old), new, "/view", ops)
    assert [json.loads(o) for o in ops] == want
    ops = []
    delta.diff_texts(delta.texts_of(old), new, "/view", ops)
    assert [json.loads(o) for o in ops] == want


def test_the_reader_refuses_what_it_cannot_apply() -> None:
    for ops in ([{"op": "move", "from": "/a", "path": "/b"}],
                [{"op": "replace", "path": "/nope", "value": 1}],
                [{"op": "remove", "path": "/a/9"}]):
        try:
            delta.apply({"a": [1]}, ops)
        except ValueError:
            continue
        raise AssertionError(f"applied {ops}")


# ------------------------------------------------------------------ whole games


async def _seat(url: str, name: str) -> tuple[Client, Client]:
    """A person's delta connection (seated with /join) and a full-state one of the same seat
    (the same token), both recording every state they hold."""
    person = await Client(url, name, deltas=True, record=True).connect()
    await person.ok("/join")
    mirror = Client(url, name, record=True)
    mirror.token = person.token
    await mirror.connect()
    assert mirror.seat == person.seat is not None
    return person, mirror


def _same_states(a: Client, b: Client, names: tuple[str, str] | None = None) -> tuple[int, int]:
    """``a`` (deltas) held at every version ``b`` (full states) got after ``a``'s first state
    exactly the same state (but ``room.now``): that version's, when it was sent a frame for
    it; else the one of the last version it was sent (a version in which it saw nothing new
    sends it nothing: ``server/room/stateframes.py``). Returns (versions compared, versions
    ``a`` was sent nothing for). ``names``: two spectators, whose ``room.you`` names differ
    (else it is the same seat)."""
    first = min(a.docs)
    versions = [v for v in b.docs if v >= first]
    extra = [v for v in a.docs if v not in b.docs and v >= min(b.docs)]
    assert not extra, ("versions the full-state client never held", extra[:10])
    got = sorted(a.docs)
    held, i, skipped = first, 0, 0
    for v in versions:
        while i < len(got) and got[i] <= v:
            held, i = got[i], i + 1
        skipped += held != v
        mine = a.docs[held] if names is None else a.docs[held].replace(json.dumps(names[0]),
                                                                      json.dumps(names[1]))
        assert mine == b.docs[v], ("states differ at version", v, "held since", held)
    assert a.state is not None and b.state is not None
    assert a.version <= b.version and max(versions) == b.version
    if a.version == b.version:
        assert a.state["room"]["now"] == b.state["room"]["now"]  # the same broadcast
    return len(versions), skipped


def _markers(c: Client, rng: random.Random) -> Any:
    """A ``drive`` hook: now and then a supply or demand marker set or cleared (seed 000's
    markers, design.md section 4: at any time), as a person does on the board."""
    async def hook() -> bool:
        if rng.random() > 0.3 or c.view["phase"] == "over":
            return False
        beans = [x["bean"] for x in c.view["catalogue"]]
        await c.say(rng.choice(["/signals clear", f"/want {rng.choice(beans)}",
                                f"/have {rng.choice(beans)}"]))
        return True
    return hook


async def _bot_game(srv: ServerProc, room: str, options: list[str], bots: int,
                    people: int = 2) -> None:
    url = srv.ws_url(room)
    seats = [await _seat(url, f"P{i + 1}") for i in range(people)]
    host = seats[0][0]
    for o in options:
        await host.ok(o)
    for i in range(bots):
        await host.ok(f"/addbot B{i + 1} greedy")
    watch_d = await Client(url, "WatchD", deltas=True, record=True).connect()
    watch_f = await Client(url, "WatchF", record=True).connect()
    await host.ok("/start")
    players = [p for p, _ in seats]
    await asyncio.wait_for(asyncio.gather(*(
        drive(p, seed=i, hook=_markers(p, random.Random(i))) for i, p in enumerate(players))),
        240)
    everyone = [c for pair in seats for c in pair] + [watch_d, watch_f]
    await catch_up(everyone)
    assert host.view["phase"] == "over" and host.view["result"]["winners"]
    alike = [_same_states(p, m) for p, m in seats]
    watched = _same_states(watch_d, watch_f, ("WatchD", "WatchF"))
    compared = sum(n for n, _ in alike) + watched[0]
    assert compared > 300, compared
    # a seat that is not the active player's sees no other seat's markers (seed 000), nor
    # does a spectator: after such a seat's marker command they were sent nothing (the
    # 2-player bean duel has no trading, rules.md §3a: no markers)
    assert watched[1] > 10 if people + bots > 2 else watched[1] == 0, watched
    for c in players:
        # every say answered exactly once: most in the patch of their change
        frames_ = [json.loads(f) for f in c.frames]
        ids = [m["id"] for m in frames_ if m["type"] == "reply"] + \
              [m["reply"]["id"] for m in frames_ if m.get("reply")]
        assert sorted(ids) == list(range(1, c.next_id)), c.name
        assert c.rides > 50, (c.name, c.rides)
    for c in [*players, watch_d]:
        assert c.patches > 100 and c.resyncs == 0, (c.name, c.patches, c.resyncs)
        kinds = {json.loads(f)["type"] for f in c.frames}
        assert "patch" in kinds
        # after the game's first state, only patches (the catalogue, the rules: sent once)
        states = [f for f in c.frames if f.startswith('{"type":"state"')]
        assert len(states) <= 3, (c.name, len(states))
    for c in [watch_f, *(m for _, m in seats)]:
        assert all(not f.startswith('{"type":"patch"') for f in c.frames)
    # every frame is a message of the published protocol
    for f in host.frames[-50:]:
        server_adapter.validate_json(f)
    # no other seat's hand, no draw pile, in the patches either
    history = positions_by_version(srv.db, room)
    hidden = any("hiddenmoney on" in o for o in options)
    for c in [*players, watch_d]:
        leak_scan(c, history, hidden_money=hidden)
    for c in everyone:
        await c.close()


async def test_delta_clients_hold_the_full_state_classic_hidden_money(
        server_factory: Any) -> None:
    srv = server_factory(game_seed=5, checkpoint_every=1)
    await _bot_game(srv, "classic", ["/option rules classic", "/option hiddenmoney on"], 2)


async def test_delta_clients_hold_the_full_state_rio_grande(server_factory: Any) -> None:
    srv = server_factory(game_seed=6, checkpoint_every=1)
    await _bot_game(srv, "rio", ["/option rules rio-grande"], 1)


async def test_delta_clients_hold_the_full_state_amigo(server_factory: Any) -> None:
    srv = server_factory(game_seed=8, checkpoint_every=1)
    await _bot_game(srv, "amigo", ["/option rules amigo"], 1)


async def test_delta_clients_hold_the_full_state_duel(server_factory: Any) -> None:
    srv = server_factory(game_seed=9, checkpoint_every=1)
    await _bot_game(srv, "duel", ["/option rules rio-grande"], 0)


# ------------------------------------------------------------------ recovery, opting out


async def test_a_missed_version_is_recovered_with_a_full_state(server: ServerProc) -> None:
    url = server.ws_url("miss")
    ann, ann_full = await _seat(url, "Ann")
    bob, _ = await _seat(url, "Bob")
    plain = await Client(url, "Old").connect()  # an older board: no deltas in its hello
    await ann.ok("/addbot Cy")
    await ann.ok("/start")
    await ann.ok("/want blue")
    assert ann.patches >= 1
    ann.drop_next_patch = True  # the next patch is lost
    await bob.ok("/have red")
    await ann.wait(lambda: ann.drop_next_patch is False)
    await bob.ok("/want red")  # its base is the version Ann missed: she asks for a full state
    await wait_on([ann, bob], lambda: ann.resyncs == 1 and ann.version == bob.version)
    full_after = [json.loads(f) for f in ann.frames if f.startswith('{"type":"state"')][-1]
    assert full_after["version"] == bob.version
    before = ann.patches
    await bob.ok("/signals clear")
    await ann.wait(lambda: ann.patches > before)  # patches again after the full state
    await wait_on([ann_full, ann], lambda: ann_full.version == ann.version)
    assert ann.docs[ann.version] == ann_full.docs[ann.version]
    assert plain.frames and not any(f.startswith('{"type":"patch"') for f in plain.frames)
    await wait_on([plain, ann], lambda: plain.version == ann.version)
    # a resync from a client that holds the newest state gets it once more, whole
    await ann.send({"type": "resync"})
    n = len(ann.frames)
    await ann.wait(lambda: len(ann.frames) > n)
    assert json.loads(ann.frames[-1])["type"] == "state"
    for c in (ann, ann_full, bob, plain):
        await c.close()


async def test_a_marker_of_a_seat_not_active_goes_to_the_active_player_only(
        server: ServerProc) -> None:
    """Seed 000: the active player sees the other seats' markers summed, everyone else the
    active player's only. So after a seat that is not active says ``/want``, the active
    player's delta connection gets a patch that shows it, the other seat that is not active
    and a delta spectator get no frame at all (they see nothing new), a full-state spectator
    (an older board) still gets its state; the next patch each of them gets says ``base`` =
    the version it holds (no resync), and leaves it with exactly the full state."""
    url = server.ws_url("marks")
    people = [await Client(url, n, deltas=True).connect() for n in ("Ann", "Bob", "Cy")]
    for p in people:
        await p.ok("/join")
    watch = await Client(url, "WatchD", deltas=True).connect()
    old = await Client(url, "WatchF").connect()  # says nothing of deltas
    everyone = [*people, watch, old]
    await people[0].ok("/start")
    await catch_up(everyone)
    active = people[0].view["active"]
    act = next(p for p in people if p.seat == active)
    first, second = (p for p in people if p.seat != active)
    bean = first.view["catalogue"][0]["bean"]
    start = {c.name: len(c.frames) for c in everyone}
    held = second.version
    await first.ok(f"/want {bean}")  # its reply rides in its own patch
    assert first.view["you"]["signals"] == {"want": [bean], "have": []}
    await act.wait(lambda: act.view["signals"]["want"] == {bean: 1})
    assert act.view["signals"]["of"] is None  # summed: whose is not shown
    await wait_on([old, first], lambda: old.version == first.version)
    for c in (second, watch):
        await c.ok("/who")  # its frames come in order: all of the marker's are in
        kinds = [json.loads(f)["type"] for f in c.frames[start[c.name]:]]
        assert kinds == ["reply"], (c.name, kinds)  # no patch: nothing new to see
        assert c.version == held < first.version
        assert c.view["signals"] == {"want": {}, "have": {}, "of": active}
    assert [json.loads(f)["type"] for f in act.frames[start[act.name]:]] == ["patch"]
    assert [json.loads(f)["type"] for f in old.frames[start[old.name]:]] == ["state"]
    # the active player's marker is seen by everyone: the next patch, from the version held
    await act.ok(f"/have {bean}")
    await catch_up(everyone)
    for c in (second, watch):
        patch = next(m for m in map(json.loads, reversed(c.frames)) if m["type"] == "patch")
        assert patch["base"] == held and patch["version"] == act.version, (c.name, patch)
        assert c.resyncs == 0 and c.version == act.version
        assert c.view["signals"] == {"want": {}, "have": {bean: 1}, "of": active}
    assert canonical(watch.state).replace('"WatchD"', '"WatchF"') == canonical(old.state)
    for c in everyone:
        await c.close()


async def test_patches_are_a_fraction_of_the_full_states(server: ServerProc) -> None:
    """The same changes, measured on both kinds of connection of one seat: the patches are
    under a third of the full states (issue 14's goal for the bytes per command). A seat's
    own part that changed goes whole (``states._OWN``), so in this room of 3 they are about
    a quarter; in the bench's room of 5 about 14 % (``bench/frames.py``)."""
    url = server.ws_url("bytes")
    ann, ann_full = await _seat(url, "Ann")
    bob, _ = await _seat(url, "Bob")
    await ann.ok("/addbot Cy")
    await ann.ok("/start")
    await ann_full.wait(lambda: ann_full.state["view"] is not None)
    start = ann.version
    await asyncio.wait_for(asyncio.gather(drive(ann, seed=1, stop=lambda: ann.version > start
                                                + 150),
                                          drive(bob, seed=2, stop=lambda: bob.version > start
                                                + 150)), 120)
    await wait_on([ann_full, ann], lambda: ann_full.version == ann.version)

    def sent(c: Client, kind: str) -> int:
        return sum(len(f) for f in c.frames
                   if f.startswith(kind) and json.loads(f)["version"] > start)

    patches, states = sent(ann, '{"type":"patch"'), sent(ann_full, '{"type":"state"')
    assert patches * 3 < states, (patches, states)
    for c in (ann, ann_full, bob):
        await c.close()


# ------------------------------------------------------------------ only delta connections
# (the room then builds only the parts the game says may have changed (``view_changes``): with a
# full-state connection in the room every part is built, so the games above do not cover it)


class _Conn:
    def __init__(self, seat: int | None, name: str, deltas: bool) -> None:
        self.seat, self.name, self.lang, self.deltas = seat, name, "en", deltas
        self.held: Any = None
        self.seen = -1
        self.you = ""


class _Settings:
    away_seconds = 120.0
    idle_seconds = 60.0


def _doc(frame: str) -> dict[str, Any]:
    m = json.loads(frame)
    return {"view": m["view"], "room": m["room"]}


@pytest.mark.parametrize(("preset", "players", "hidden"), [
    ("classic", 5, True), ("classic", 3, False), ("rio-grande", 6, False),
    ("amigo", 4, False), ("rio-grande", 2, False)])
def test_delta_connections_alone_hold_the_full_states(preset: str, players: int,
                                                      hidden: bool) -> None:
    """A room of delta connections only (each seat and two spectators) over a whole greedy
    game with markers set and cleared between moves, and now and then a mark of the room
    part changed (a seat idle or away, its clock, the room's clock option: the room part is
    kept by its inputs, ``RoomPart.key``): after every change each connection's document is
    exactly the state a full-state connection of its seat is sent."""
    from bohnanza.bots import get_policy
    from bohnanza.bots.base import ask_order
    from bohnanza.commands import parse
    from bohnanza.engine import Refusal
    from bohnanza.server.room.logbook import game_entries
    from bohnanza.server.room.presence import Presence
    from bohnanza.server.room.states import RoomPart, Snapshot, room_part, state_frames
    from bohnanza.server.room.table import Seat, Table

    table = Table()
    table.preset, table.hidden_money = preset, hidden
    table.seats = [Seat(f"P{i + 1}", "x" * 64) for i in range(players)]
    table.game = game = table.hosted.new(table.game_options(), [s.name for s in table.seats], 4)
    table.game_no = 1
    presence = Presence(_Settings())  # type: ignore[arg-type]
    conns: list[Any] = [_Conn(i, f"P{i + 1}", True) for i in range(players)]
    conns += [_Conn(None, "W1", True), _Conn(None, "W2", True)]
    presence.conns = conns
    twins: list[Any] = [_Conn(c.seat, c.name, False) for c in conns]
    snap = Snapshot()
    version = 1
    first = state_frames(version, room_part("r", table, presence, _Settings()),  # type: ignore[arg-type]
                         table, conns, None, snap)
    docs = [_doc(f) for f in first]  # type: ignore[arg-type]
    seen = [version] * len(conns)  # the version of the last frame each one got
    pols = [get_policy("greedy") for _ in range(players)]
    rng = random.Random(players)
    patched = steps = sent_nothing = 0
    while not game.over and steps < 4000:
        for seat in ask_order(game.view(None)["active"], players):
            steps += 1
            view = game.view(seat)
            text = pols[seat].decide(view, rng, hurry=steps % 3 == 0)
            if text is None:  # a marker set or cleared: a change of the markers only
                beans = [c["bean"] for c in view["catalogue"]]
                text = rng.choice(["/signals clear", f"/want {rng.choice(beans)}",
                                   f"/have {rng.choice(beans)}"])
            try:
                events = game.apply(seat, parse(text).action)  # type: ignore[attr-defined]
            except Refusal:
                continue
            version += 1
            if steps % 5 == 0:  # the room part's own marks move now and then
                s = table.seats[rng.randrange(players)]
                mark = rng.choice(["idle", "away", "timeouts", "deadline", "clock"])
                if mark == "idle":
                    s.idle = not s.idle
                elif mark == "away":
                    s.away_since = None if s.away_since else 1.5e9 + steps
                elif mark == "timeouts":
                    s.timeouts += 1
                elif mark == "deadline":
                    s.deadline = 1.6e9 + steps
                else:
                    table.clock = None if table.clock else 60.0
            room = RoomPart("r", table, presence, _Settings())  # type: ignore[arg-type]
            out = state_frames(version, room, table, conns, game_entries(table, events), snap)
            full = state_frames(version, room, table, twins)
            markers = text.startswith(("/want", "/have", "/signals"))
            active = game.view(None)["active"]
            moved = markers and game.view(seat)["you"]["signals"] != view["you"]["signals"]
            for i, (frame, want) in enumerate(zip(out, full, strict=True)):
                assert want is not None
                wanted = _doc(want)
                if frame is None:  # nothing new for it: it holds the new state but "now"
                    sent_nothing += 1
                    # only a seat that is not the active player's marker command leaves
                    # others unchanged here (seed 000: the active player sees the others'
                    # markers, everyone else the active player's; the room part's marks
                    # move nobody's view but each one's room part)
                    assert markers, (text, seat, conns[i].seat)
                    assert {**docs[i]["room"], "now": 0} == {**wanted["room"], "now": 0}
                    docs[i]["room"]["now"] = wanted["room"]["now"]
                else:
                    m = json.loads(frame)
                    if m["type"] == "patch":
                        patched += 1
                        # its base is the version of the last frame it got (a client that
                        # holds another one asks for a full state: test_a_missed_version...)
                        assert m["base"] == seen[i], (m["base"], seen[i], version)
                        docs[i] = delta.apply(docs[i], m["ops"])
                    else:
                        docs[i] = _doc(frame)
                    seen[i] = version
                assert docs[i] == wanted, (preset, version, conns[i].seat)
            if moved and seat != active and steps % 5:  # (no mark of the room part moved)
                # the seats that are not active and the watchers were sent nothing
                assert [conns[i].seat for i, f in enumerate(out) if f is None] == \
                    [c.seat for c in conns if c.seat not in (seat, active)], (text, seat)
            if game.over:
                break
    assert game.over
    # every change went out as patches, but to those that saw nothing new
    assert patched + sent_nothing == (version - 1) * len(conns)
    # (the 2-player bean duel has no trading, rules.md §3a: no markers, nothing left out)
    assert sent_nothing > version // 10 if players > 2 else sent_nothing == 0, sent_nothing
