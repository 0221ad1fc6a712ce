"""The frames assembled from pieces (server/frames.py) say exactly what the pydantic models of
the protocol say (what /protocol.json describes), for every connection of a room: seated,
watching, a bot's seat, a seat away, hidden money; and the views serialised with their shared
parts once equal the views serialised one by one, over whole bot games."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from pydantic_core import to_json

from bohnanza import commands as cmds
from bohnanza.bots import get_policy, picker_order, policy_names
from bohnanza.engine import Game
from bohnanza.server import frames
from bohnanza.server.conn import Conn
from bohnanza.server.hub import Hub
from bohnanza.server.protocol import (
    Log,
    Reply,
    RoomInfo,
    RoomOptions,
    SeatInfo,
    State,
    You,
    server_adapter,
)
from bohnanza.server.room import Room
from bohnanza.server.room.bots import bots_doing
from bohnanza.server.settings import Settings

from .harness import offline_conn as _conn
from .harness import queued_frames as _sent

_MISSING = object()


def _views_json(views: dict[Any, dict[str, Any] | None]) -> dict[Any, str]:
    """The JSON text of each view of one change. The entries all the views share (the same
    object under the same key, as :meth:`Game.views` builds them: the public part) are
    serialised once, together; any other value once per object. The views must not change
    meanwhile (the server uses ``frames.parts_json``, which needs no comparing)."""
    real = [v for v in views.values() if v is not None]
    if not real:
        return dict.fromkeys(views, "null")
    first = real[0]
    shared = list(first)
    for o in real[1:]:
        shared = [k for k in shared if o.get(k, _MISSING) is first[k]]
    keys = set(shared)
    own = {viewer: (None if v is None else {k: x for k, x in v.items() if k not in keys})
           for viewer, v in views.items()}
    return frames.parts_json({k: first[k] for k in shared}, own)


def _reference_state(room: Room, conn: Conn, now: float | None) -> dict[str, Any]:
    """The state of ``conn`` built with the protocol's models, one connection at a time
    (``now``: the server time the frame under test says it was built at)."""
    lo, hi = room.player_range()
    doing = bots_doing(room.table, room.presence)
    live = sum(1 for s in room.seats if not s.vacant)   # the next game's seats (R-range: §4a)
    info = RoomInfo(
        name=room.name,
        seats=[
            SeatInfo(seat=i, name=s.name, connected=any(c.seat == i for c in room.conns),
                     idle=s.idle, vacant=s.vacant, bot=s.bot is not None, policy=s.bot,
                     away_since=s.away_since, can_hand_over=s.long_away or s.stalling,
                     owes=s.owed is not None, deadline=s.deadline, timeouts=s.timeouts,
                     doing=doing.get(i),
                     waits_until=(room.bots.waits_until() if doing.get(i) == "waiting"
                                  else None))
            for i, s in enumerate(room.seats)
        ],
        options=RoomOptions(hidden_money=room.hidden_money, preset=room.preset,
                            duel_base=room.table.duel_base, clock=room.table.clock,
                            bot_speed=room.table.bot_speed),  # type: ignore[arg-type]
        running=room.running,
        over=room.game is not None and room.game.over,
        game_no=room.game_no,
        spectators=sum(1 for c in room.conns if c.seat is None),
        min_players=lo,
        max_players=hi,
        start_seats=live,
        start_ready=lo <= live <= hi,
        you=You(name=room.seats[conn.seat].name if conn.seat is not None else conn.name,
                seat=conn.seat, token=None),
        away_seconds=room.settings.away_seconds,
        idle_seconds=room.settings.idle_seconds,
        now=now,
        bot_policies=policy_names(),
        bot_picker=picker_order(policy_names()),
        # setup.py may_arrange: a person seated makes it "seated"
        arrangers=("seated" if any(s.token_hash is not None for s in room.seats if not s.vacant)
                   else "anyone"),
    )
    view = room.game.view(conn.seat) if room.game is not None else None
    state = State(version=room.version, view=view, room=info).model_dump(mode="json")
    del state["log"]  # a state without log lines has no "log" key
    del state["reply"]  # nor one without a reply riding in it (a delta connection's)
    return state


def _check(room: Room) -> None:
    texts = room.states(list(room.conns))
    for c, text in zip(room.conns, texts, strict=True):
        now = json.loads(text)["room"]["now"]
        assert json.loads(text) == _reference_state(room, c, now)
        msg = server_adapter.validate_json(text)
        assert isinstance(msg, State)
        again = json.loads(room.state_for(c))
        again["room"]["now"] = now  # built a moment later
        assert json.loads(text) == again
    # with the change's log lines: each connection reads them as its seat may (State.log)
    draw = {"kind": "draw", "seat": 0, "text": "P draws 2 cards"}
    entries = [{"all": {"kind": "room", "text": "Ann joins"}},
               {"per": {"0": {**draw, "cards": ["red", "soy"]}, "-1": draw}}]
    texts = room.states(list(room.conns), entries)
    for c, text in zip(room.conns, texts, strict=True):
        msg = server_adapter.validate_json(text)
        assert isinstance(msg, State) and msg.log is not None
        mine = {**draw, "cards": ["red", "soy"]} if c.seat == 0 else draw
        assert msg.log == [{"kind": "room", "text": "Ann joins"}, mine]
        got = json.loads(text)
        assert got.pop("log") == msg.log and got == _reference_state(room, c, got["room"]["now"])


async def test_state_frames_equal_the_models(tmp_path: Path) -> None:
    hub = Hub(Settings(db=tmp_path / "f.db", bot_delay=0.05, game_seed=2, away_seconds=0.0))
    await hub.start()
    try:
        ann, bob, eve, bob2 = _conn(), _conn(), _conn(), _conn()
        room = await hub.room_for("fr", ann)
        assert room is not None
        await room.attach(ann, "Ann", None)
        _check(room)  # no seat, no game
        for c, name in ((bob, "Bob"), (eve, "Eve")):
            assert await hub.room_for("fr", c) is room
            await room.attach(c, name, None)
        await room.say(ann, 1, "/join")
        await room.say(bob, 2, "/join")
        await room.say(ann, 3, "/addbot Robo random")
        await room.say(ann, 4, "/option hiddenmoney on")
        _check(room)  # seats, a bot, before the game
        await room.say(ann, 5, "/start")
        room.stop_bots()
        bob_token = json.loads([t for t in _sent(bob) if '"welcome"' in t][-1])["you"]["token"]
        await room.detach(bob)  # Bob is away ...
        time.sleep(0.01)
        await room.check_idle(time.monotonic() + 100)  # ... long enough: idle, may be handed
        assert room.seats[1].away_since is not None and room.seats[1].long_away
        _check(room)
        assert await hub.room_for("fr", bob2) is room
        await room.attach(bob2, None, bob_token)  # back in another tab
        room.plan_bots()
        for _ in range(200):  # the game goes on (the bot, the markers of the people)
            if room.version > 12:
                break
            await room.say(ann, 9, random.choice(["/want red", "/have blue", "/signals clear"]))
            await room.say(bob2, 9, random.choice(["/want green", "/signals clear"]))
        room.stop_bots()
        _check(room)
        assert all(json.loads(t)["type"] != "error" for t in _sent(ann))
    finally:
        await hub.stop()


@pytest.mark.parametrize(("preset", "n", "hidden"), [("classic", 5, False), ("amigo", 3, True)])
def test_views_serialised_with_shared_parts(preset: str, n: int, hidden: bool) -> None:
    names = [f"P{i}" for i in range(n)]
    game = Game.new(preset, names, 11, {"hidden_money": hidden})
    rng = random.Random(4)
    policies = [get_policy("random" if i % 2 else "greedy") for i in range(n)]
    viewers: list[int | None] = [None, *range(n)]
    steps = 0
    while not game.over and steps < 3000:
        texts = _views_json(game.views(viewers))
        parts = frames.parts_json(*game.view_parts(viewers))  # what the server sends
        for v in viewers:
            alone = json.loads(to_json(game.view(v)))
            assert json.loads(texts[v]) == alone and json.loads(parts[v]) == alone, (steps, v)
        seat = (game.active + steps) % n
        text = policies[seat].decide(game.view(seat), rng, hurry=steps % 7 == 0)
        if text is not None:
            parsed = cmds.parse(text)
            assert isinstance(parsed, cmds.GameCommand)
            game.apply(seat, parsed.action)
        steps += 1
    assert game.over
    texts = _views_json(game.views(viewers))
    assert all(json.loads(texts[v]) == json.loads(to_json(game.view(v))) for v in viewers)


def test_log_and_reply_frames_equal_the_models() -> None:
    entries = [{"kind": "room", "text": "Ann joins \u201cseat\u201d 1 <b>"}, {"kind": "x", "n": 2}]
    for replay in (False, True):
        text = frames.log(7, entries, replay)
        assert json.loads(text) == Log(version=7, entries=entries, replay=replay).model_dump()
        assert isinstance(server_adapter.validate_json(text), Log)
    for say_id in (None, 0, -5, 2**53 - 1):
        text = frames.ok_reply(say_id)
        assert json.loads(text) == {"type": "reply", "id": say_id, "ok": True}
        assert isinstance(server_adapter.validate_json(text), Reply)
    assert json.loads(frames.you("Zoë \"Z\"", None)) == You(name="Zoë \"Z\"").model_dump()
