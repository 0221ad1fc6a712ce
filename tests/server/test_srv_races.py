"""Races: commands that arrive together are applied one at a time, in order; each gets exactly
one outcome and the rules hold (one writer per room, pitfalls 1.6)."""

from __future__ import annotations

import asyncio
import secrets
from collections import Counter
from pathlib import Path
from typing import Any

from bohnanza.engine import BEANS, Game, rules_for
from bohnanza.server.room.journal import load_room
from bohnanza.server.room.table import hash_token
from bohnanza.server.sqlite import SQLiteStore as Store

from .harness import Client, ServerProc, server_store, wait_on

ROUNDS = 4

BASE: dict[str, Any] = {
    "preset": "classic",
    "active": 0,
    "phase": "trade",
    "deck": ["blue"] * 10 + ["garden"] * 4,
    "discard": ["stink"],
    "face_up": ["chili", "green"],
    "seats": [
        {"name": "Ann", "hand": ["blue", "soy"], "fields": [["blue", 2], None],
         "coins": ["soy", "soy", "soy"]},
        {"name": "Bob", "hand": ["red", "red", "soy"], "fields": [["soy", 3], None]},
        {"name": "Cy", "hand": ["red", "stink"], "fields": [["stink", 2], None]},
    ],
    "offers": [
        {"id": 1, "owner": 1, "give": {"red": 1}, "want": {"chili": 1}},
        {"id": 2, "owner": 2, "give": {"red": 1}, "want": {"green": 1}},
    ],
    "next_offer": 3,
}


def _cards(pos: dict[str, Any]) -> Counter[str]:
    c: Counter[str] = Counter()
    for key in ("deck", "discard", "face_up"):
        c.update(pos[key])
    for s in pos["seats"]:
        c.update(s["hand"])
        c.update(s["coins"])
        c.update(s["to_plant"])
        for f in s["fields"]:
            if f is not None:
                c[f[0]] += f[1]
    return c


def _whole_deck(pos: dict[str, Any]) -> dict[str, Any]:
    """``pos`` with the cards a 3-player classic deck lacks under the draw pile (rules.md §1d):
    a stored room holds a whole deck, or it is not loaded (T52, issue 11 item 13)."""
    rules = rules_for("classic", 3)
    missing = Counter({b: BEANS[b][0] for b in rules.types}) - _cards(pos)
    pos["deck"] += sorted(missing.elements())
    return pos


def _craft(db: Path, rooms: list[str]) -> dict[str, list[str]]:
    """Store rooms holding BASE, with known seat tokens (as a running server would)."""
    store = Store(db)
    tokens: dict[str, list[str]] = {}
    try:
        for name in rooms:
            pos = _whole_deck(Game.from_position(BASE).to_position())
            toks = [secrets.token_urlsafe(32) for _ in pos["seats"]]
            store.save(
                name=name, version=1, game_no=1,
                options={"hidden_money": False, "preset": "classic"},
                seats=[{"name": s["name"], "token_hash": hash_token(t), "vacant": False}
                       for s, t in zip(pos["seats"], toks, strict=True)],
                game=pos, last_result=None,
            )
            tokens[name] = toks
    finally:
        store.close()
    return tokens


def _stored(srv: ServerProc, room: str) -> dict[str, Any]:
    store = server_store(srv.db)  # its command file folded in (cmdfile.py)
    try:
        stored = load_room(store, room)
        assert stored is not None and stored.game is not None
        return stored.game
    finally:
        store.close()


async def _together(*pairs: tuple[Client, str]) -> list[dict[str, Any]]:
    futs = [await c.say_nowait(t) for c, t in pairs]
    return list(await asyncio.wait_for(asyncio.gather(*futs), 10))


async def test_races(tmp_path: Path) -> None:
    db = tmp_path / "races.db"
    kinds = ["accepts", "accept_withdraw", "harvest_deal", "tabs"]
    rooms = [f"{k}{i}" for k in kinds for i in range(ROUNDS)]
    tokens = _craft(db, rooms)
    start_cards = _cards(_whole_deck(Game.from_position(BASE).to_position()))
    srv = ServerProc(db, commands_per_second=1000, commands_burst=1000)  # (a port it picks)
    srv.start()
    opened: list[Client] = []
    try:
        async def seat(room: str, s: int) -> Client:
            c = await Client(srv.ws_url(room)).connect(token=tokens[room][s])
            assert c.seat == s
            opened.append(c)
            return c

        for i in range(ROUNDS):
            # two accepts at once (the active player, from two tabs, on two offers)
            room = f"accepts{i}"
            a1, a2 = await seat(room, 0), await seat(room, 0)
            r = await _together((a1, "/accept 1"), (a2, "/accept 2"))
            assert sorted(x["ok"] for x in r) == [False, True], r
            assert [x["code"] for x in r if not x["ok"]] == ["deal_in_progress"]
            pos = _stored(srv, room)
            assert pos["deal"] is not None and pos["deal"]["offer"] in (1, 2)

            # an accept against a withdraw of the same offer
            room = f"accept_withdraw{i}"
            a, b = await seat(room, 0), await seat(room, 1)
            pairs = [(a, "/accept 1"), (b, "/withdraw 1")]
            if i % 2:
                pairs.reverse()
            r = await _together(*pairs)
            assert sorted(x["ok"] for x in r) == [False, True], r
            pos = _stored(srv, room)
            ids = [o["id"] for o in pos["offers"]]
            if r[[c for c, _ in pairs].index(a)]["ok"]:
                assert pos["deal"]["offer"] == 1 and 1 in ids
            else:
                assert pos["deal"] is None and 1 not in ids

            # a harvest during a deal: Bob owes one of two reds, so he must provide
            room = f"harvest_deal{i}"
            a, b, b2, c = await seat(room, 0), await seat(room, 1), await seat(room, 1), \
                await seat(room, 2)
            assert (await a.say("/accept 1"))["ok"]
            r = await _together((b, "/provide h2"), (b2, "/harvest 1"), (c, "/harvest 1"))
            assert [x["ok"] for x in r] == [True, True, True], r
            pos = _stored(srv, room)
            assert pos["deal"] is None and [o["id"] for o in pos["offers"]] == [2]
            bob = pos["seats"][1]
            assert bob["hand"] == ["red", "soy"] and bob["fields"][0] is None
            assert pos["seats"][0]["to_plant"] == ["red"]
            assert pos["seats"][1]["to_plant"] == ["chili"]
            assert len(bob["coins"]) == 1 and pos["seats"][2]["fields"][0] is None
            assert _cards(pos) == start_cards

            # two tabs of one seat buy the third field at once: one field, 3 coins paid
            room = f"tabs{i}"
            t1, t2 = await seat(room, 0), await seat(room, 0)
            r = await _together((t1, "/buy"), (t2, "/buy"))
            assert sorted(x["ok"] for x in r) == [False, True], r
            assert [x["code"] for x in r if not x["ok"]] == ["third_field_owned"]
            pos = _stored(srv, room)
            assert len(pos["seats"][0]["fields"]) == 3 and pos["seats"][0]["coins"] == []
            assert _cards(pos) == start_cards
            # both tabs hold the same seat and see the same state
            await wait_on([t2, t1], lambda t1=t1, t2=t2: t2.version == t1.version)
            assert t1.view == t2.view and t1.view["seats"][0]["third_field"]
    finally:
        for cl in opened:
            await cl.close()
        srv.stop()
