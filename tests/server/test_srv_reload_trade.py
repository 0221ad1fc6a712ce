"""A reload in the middle of a trade (pitfalls.md §1.6, "Refresh loses the seat" and "Desync
after a dropped connection"; B18, B22): a non-active player with an offer in the market and a
deal waiting for their cards presses F5. Expected there: the same seat, the same hand (in its
order, R8), the same pending offers and the same deal; the state they get back is the room's
current version, the one the others hold; the deal is then finished with the exact card they pick (R11, R31).
"""

from __future__ import annotations

import secrets
from collections import Counter
from pathlib import Path
from typing import Any

from bohnanza.engine import BEANS, Game, rules_for
from bohnanza.server.room.table import hash_token
from bohnanza.server.sqlite import SQLiteStore as Store

from .harness import Client, ServerProc, catch_up, wait_on

POS: dict[str, Any] = {
    "preset": "classic",
    "active": 0,
    "phase": "trade",
    "face_up": ["chili", "green"],
    "seats": [
        {"name": "Ann", "hand": ["blue", "soy"], "fields": [["blue", 2], None]},
        {"name": "Bob", "hand": ["red", "soy", "red"], "fields": [["soy", 3], None]},
        {"name": "Cy", "hand": ["stink", "red"], "fields": [["stink", 2], None]},
    ],
    "offers": [
        {"id": 1, "owner": 1, "give": {"red": 1}, "want": {"chili": 1}},
        {"id": 2, "owner": 1, "give": {"soy": 1}, "want": {"green": 1}},
        {"id": 3, "owner": 2, "give": {"red": 1}, "want": {"green": 1}},
    ],
    "next_offer": 4,
}


def _craft(db: Path, room: str) -> list[str]:
    """Store ``room`` holding POS (the rest of the 3-player classic deck as the draw pile,
    rules.md §1d) with known seat tokens, as a running server would have stored it."""
    pos = Game.from_position(POS).to_position()
    have: Counter[str] = Counter(pos["face_up"])
    for s in pos["seats"]:
        have.update(s["hand"])
        for f in s["fields"]:
            if f is not None:
                have[f[0]] += f[1]
    whole = Counter({b: BEANS[b][0] for b in rules_for("classic", 3).types})
    pos["deck"] = sorted((whole - have).elements())
    tokens = [secrets.token_urlsafe(32) for _ in pos["seats"]]
    store = Store(db)
    try:
        store.save(name=room, version=1, game_no=1,
                   options={"hidden_money": False, "preset": "classic"},
                   seats=[{"name": s["name"], "token_hash": hash_token(t), "vacant": False}
                          for s, t in zip(pos["seats"], tokens, strict=True)],
                   game=pos, last_result=None)
    finally:
        store.close()
    return tokens


def _market(view: dict[str, Any]) -> list[tuple[int, int, Any, Any]]:
    return [(o["id"], o["owner"], o["give"], o["want"]) for o in view["offers"]]


async def test_a_reload_mid_trade_keeps_seat_hand_offers_and_deal(tmp_path: Path) -> None:
    db = tmp_path / "reload.db"
    tokens = _craft(db, "f5")
    srv = ServerProc(db, commands_per_second=1000, commands_burst=1000, bot_delay=600)
    srv.start()
    clients: list[Client] = []
    try:
        url = srv.ws_url("f5")
        ann = await Client(url, deltas=True).connect(token=tokens[0])
        bob = await Client(url, deltas=True).connect(token=tokens[1])
        cy = await Client(url, deltas=True).connect(token=tokens[2])
        clients += [ann, bob, cy]
        assert (ann.seat, bob.seat, cy.seat) == (0, 1, 2)
        # Ann takes Bob's offer 1 (a red for the face-up chili): Bob holds two reds, so the
        # deal waits for Bob to pick one (R11, R31)
        assert (await ann.say("/accept 1"))["ok"]
        await catch_up(clients)
        before = bob.view
        assert before["deal"] is not None and before["deal"]["offer"] == 1
        assert before["you"]["hand"] == ["red", "soy", "red"]
        market = _market(before)
        assert [m[0] for m in market] == [1, 2, 3]

        # Bob presses F5: the page closes and opens again with the seat token it kept
        await bob.close()
        await ann.wait(lambda: not ann.state["room"]["seats"][1]["connected"])
        # the room moves on while Bob is away: a deal is pending, so Ann cannot take Cy's
        # offer 3 (R31), and Cy withdraws it
        assert (await ann.say("/accept 3"))["code"] == "deal_in_progress"
        assert (await cy.say("/withdraw 3"))["ok"]
        await catch_up([ann, cy])
        # nobody takes the seat by its name while Bob is away (B22)
        imp = await Client(url, "Bob").connect()
        clients.append(imp)
        assert imp.seat is None and imp.view["you"] is None
        assert (await imp.say("/provide h1"))["code"] == "not_seated"

        again = await Client(url, deltas=True).connect(token=tokens[1])
        clients.append(again)
        await wait_on([ann, again], lambda: ann.state["room"]["seats"][1]["connected"]
                      and again.version == ann.version)
        v = again.view
        assert again.seat == 1 and again.welcomes[-1]["you"]["token"] == tokens[1]
        assert v["you"]["hand"] == ["red", "soy", "red"]          # same cards, same order
        assert _market(v) == [m for m in market if m[0] != 3]    # its offers still there
        assert v["deal"] is not None and v["deal"]["offer"] == 1
        assert v["deal"]["owes"] == before["deal"]["owes"]
        assert v["seats"] == ann.view["seats"] and _market(v) == _market(ann.view)

        # Bob finishes the deal with the red he picks, the last one (R11): his soy and the
        # other red keep their order
        assert (await again.say("/provide h3"))["ok"]
        await catch_up([ann, cy, again])
        assert again.view["deal"] is None
        assert again.view["you"]["hand"] == ["red", "soy"]
        assert again.view["seats"][1]["to_plant"] == ["chili"]
        assert ann.view["seats"][0]["to_plant"] == ["red"]
        assert ann.view["face_up"] == ["green"]
        assert [o["id"] for o in again.view["offers"]] == [2]
    finally:
        for c in clients:
            await c.close()
        srv.stop()
