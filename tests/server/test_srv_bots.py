"""Bots at the table over the real server: a room of bots plays a whole game, people play with
bots (bots answer their offers), /leave hands a seat to a bot, an away player's seat is handed
to a bot and taken back with the token, and the bots play on after a kill -9 restart."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

from bohnanza.bots import get_policy
from bohnanza.server.room.journal import history

from .harness import Client, ServerProc, server_store


def _room(c: Client) -> dict[str, Any]:
    assert c.state is not None
    room: dict[str, Any] = c.state["room"]
    return room


def _over(c: Client) -> bool:
    return c.state is not None and c.state["view"] is not None and c.view["phase"] == "over"


def _stored(srv: ServerProc, room: str) -> list[dict[str, Any]]:
    store = server_store(srv.db)  # its command file folded in (cmdfile.py)
    try:
        return history(store, room)
    finally:
        store.close()


async def drive(c: Client, stop: Callable[[], bool] = lambda: False, seed: int = 0,
                policy: str = "greedy",
                hook: Callable[[], Awaitable[bool]] | None = None) -> list[tuple[int, str, bool]]:
    """A person at a keyboard: decides from its own view with a bot policy and sends the
    command through the protocol; hurries itself when it must act and nothing happens.
    ``hook()`` may play a move of its own first (True: it did). Returns (version seen, text,
    accepted) for every command ``drive`` sent."""
    pol = get_policy(policy)
    rng = random.Random(seed)
    sent: list[tuple[int, str, bool]] = []
    await c.wait(lambda: c.state is not None and c.state["view"] is not None)
    while not _over(c) and not stop():
        if hook is not None and await hook():
            continue
        seen = c.version
        view = c.view
        text = pol.decide(view, rng, hurry=False)
        if text is None:
            try:
                await c.wait(lambda seen=seen: c.version > seen, timeout=0.1)
                continue
            except TimeoutError:
                if not view["you"]["must_act"]:
                    continue
                text = pol.decide(view, rng, hurry=True)
                if text is None:
                    continue
        r = await c.say(text)
        sent.append((seen, text, bool(r["ok"])))
        if not r["ok"]:  # the table moved on meanwhile: look again after the next change
            try:
                await c.wait(lambda seen=seen: c.version > seen, timeout=0.3)
            except TimeoutError:
                pass
    return sent


async def test_a_room_of_bots_plays_a_whole_game(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=3)
    url = srv.ws_url("bots")
    host = await Client(url, "Host").connect()
    # who may do what before the start; errors say what to do
    r = await host.say("/addbot Rob chess")
    assert r["code"] == "unknown_policy" and "easy, greedy, hard, normal, random" in r["message"]
    await host.ok("/addbot")
    await host.ok("/addbot random")  # a policy alone: the next free name
    # greedy's level is easy (README's level table: "`easy`: today's `greedy`"): the reply and
    # the log say the seat badge's word, not the policy's name
    assert (await host.ok("/addbot Robo greedy"))["message"] == "Robo (easy bot) sits in seat 3."
    assert (await host.say("/addbot robo"))["code"] == "name_taken"
    await host.ok("/addbot Rita random")
    await host.ok("/addbot Extra")
    assert (await host.say("/addbot"))["code"] == "room_full"
    assert (await host.say("/removebot Nobody"))["code"] == "no_such_seat"
    await host.ok("/removebot extra")
    room = _room(host)
    assert [(s["name"], s["bot"], s["policy"]) for s in room["seats"]] == [
        ("Bot 1", True, "easy"), ("Bot 2", True, "random"),  # /addbot: the default, easy
        ("Robo", True, "greedy"), ("Rita", True, "random"),
    ]
    assert room["bot_policies"] == ["easy", "greedy", "hard", "normal", "random"]  # issue 15 levels
    assert "/removebot" in (await host.ok("/help"))["message"]
    assert "easy, greedy, hard, normal, random" in (await host.ok("/help addbot"))["message"]
    assert "away" in (await host.ok("/help handover"))["message"]
    who = (await host.ok("/who"))["message"]
    assert "1. Bot 1 (bot, easy)" in who and "3. Robo (bot, easy)" in who, who
    assert "2. Bot 2 (bot, random)" in who and "greedy" not in who, who
    assert any(e["text"].endswith("seats a bot (easy), Robo, in seat 3.") for e in host.logs)
    assert not any("(greedy)" in e["text"] for e in host.logs)
    assert (await host.say("/handover Robo"))["code"] == "not_seated"
    # no person sits at the table: the watcher sets the options and starts the bots' game
    await host.ok("/option rules classic")
    await host.ok("/start")
    assert (await host.say("/addbot Late"))["code"] == "game_running"
    assert (await host.say("/removebot Robo"))["code"] == "game_running"
    # a timeout, not a timing: the bots' pace is measured by bench/pace.py (issue 15)
    await host.wait(lambda: _over(host), timeout=240)
    res = host.view["result"]
    assert len(res["scores"]) == 4 and res["winners"]
    assert any(e["kind"] == "game_over" for e in host.logs)
    stored = _stored(srv, "bots")
    game = [c for c in stored if c["game_no"] == 1 and c["seat"] is not None]
    assert len(game) > 200, len(game)  # every bot command stored, with its seat
    assert {c["seat"] for c in game} == {0, 1, 2, 3}
    assert stored[-1]["position"]["phase"] == "over"
    assert any(c["text"].startswith(("/offer", "/accept")) for c in game)  # they trade
    await host.close()


async def test_a_person_with_bots_and_a_leaver(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=21)
    url = srv.ws_url("mixed")
    ann = await Client(url, "Ann").connect()
    bob = await Client(url, "Bob").connect()
    await ann.ok("/join")
    await bob.ok("/join")
    await ann.ok("/addbot Cy")
    await bob.ok("/addbot Dee random")
    spectator = await Client(url, "Eve").connect()
    assert (await spectator.say("/addbot"))["code"] == "not_seated"  # people sit here
    assert (await spectator.say("/start"))["code"] == "not_seated"
    await ann.ok("/start")
    await ann.wait(lambda: ann.state["view"] is not None)
    # Ann, when active in phase 2, gives a face-up card away; a bot answers the offer
    answered: list[dict[str, Any]] = []
    tried: set[int] = set()

    async def gift() -> bool:
        v = ann.view
        if answered or v["phase"] != "trade" or v["active"] != 0 or v["deal"] is not None \
                or not v["face_up"] or v["turn"] in tried:
            return False
        tried.add(v["turn"])
        bean = v["face_up"][0]
        if not (await ann.say(f"/offer {bean} for nothing"))["ok"]:
            return True
        mine = max(o["id"] for o in ann.view["offers"] if o["owner"] == 0)

        def copy() -> dict[str, Any] | None:
            for o in ann.view["offers"]:
                if o["owner"] in (2, 3) and o["id"] > mine and o["want"] == {bean: 1}:
                    return dict(o)
            return None

        try:
            await ann.wait(lambda: copy() is not None, timeout=0.5)
        except TimeoutError:
            return True
        o = copy()
        assert o is not None
        if (await ann.say(f"/accept {o['id']}"))["ok"]:
            answered.append(o)
            deal = ann.view["deal"]
            if deal is not None and not deal["provided"]["0"]:  # several ways: the face-up one
                await ann.ok(f"/provide u{ann.view['face_up'].index(bean) + 1}")
            await ann.wait(lambda: ann.view["deal"] is None, timeout=5)
        return True

    await asyncio.wait_for(asyncio.gather(
        drive(ann, stop=lambda: bool(answered) and ann.view["turn"] >= 12, seed=1, hook=gift),
        drive(bob, stop=lambda: bool(answered) and ann.view["turn"] >= 12, seed=2),
    ), 60)
    assert answered, "no bot answered Ann's gift"
    assert any(e["kind"] == "deal_done" and e["other"] == answered[0]["owner"]
               and e["seat"] == 0 for e in ann.logs)
    # then Bob leaves and a bot takes his seat at once
    old_token = bob.token
    await bob.ok("/leave")
    assert bob.seat is None
    await ann.wait(lambda: _room(ann)["seats"][1]["bot"])
    seat = _room(ann)["seats"][1]
    # the takeover plays at the normal level, not greedy's easy one (bots18)
    assert seat["name"] == "Bob (bot)" and seat["vacant"] and seat["policy"] == "normal"
    assert ann.view["seats"][1]["name"] == "Bob (bot)"
    ghost = await Client(url).connect(token=old_token)
    assert ghost.seat is None and ghost.errors[0]["code"] == "bad_token"
    sent = await asyncio.wait_for(drive(ann, seed=3), 60)
    assert _over(ann)
    assert sum(ok for _, _, ok in sent) > 0.8 * len(sent), sent
    res = ann.view["result"]
    assert len(res["scores"]) == 4
    await bob.wait(lambda: _over(bob))
    assert bob.view["result"] == res
    # after the game, the leaver's bot is gone: the next game has the three others
    await ann.ok("/start")
    await ann.wait(lambda: [s["name"] for s in _room(ann)["seats"]] == ["Ann", "Cy", "Dee"])
    for c in (ann, bob, spectator, ghost):
        await c.close()


async def test_newcomer_takes_over_a_leavers_bot(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=5, bot_delay=30)  # the bot waits: Dan is first
    url = srv.ws_url("swap2")
    cs = [await Client(url, n).connect() for n in ("Ann", "Bob", "Cy")]
    for c in cs:
        await c.ok("/join")
    await cs[0].ok("/start")
    await cs[1].ok("/leave")
    await cs[0].wait(lambda: _room(cs[0])["seats"][1]["bot"])
    assert "Bob (bot)" in (await cs[0].ok("/who"))["message"]
    dan = await Client(url, "Dan").connect()
    await dan.ok("/join")
    assert dan.seat == 1 and dan.view["you"]["hand"]
    await cs[0].wait(lambda: not _room(cs[0])["seats"][1]["bot"])
    assert _room(cs[0])["seats"][1]["name"] == "Dan"
    for c in (*cs, dan):
        await c.close()


async def test_away_player_handed_to_a_bot_and_taken_back(server_factory: Any) -> None:
    # away 3 s, not 1: the refusals below must reach the server before Bob has been away
    # that long (a loaded machine can take a second between his leaving and Ann's command)
    srv: ServerProc = server_factory(game_seed=9, away_seconds=3, idle_check_interval=0.1)
    url = srv.ws_url("away")
    ann = await Client(url, "Ann").connect()
    bob = await Client(url, "Bob").connect()
    await ann.ok("/join")
    await bob.ok("/join")
    await ann.ok("/addbot Cy")
    await ann.ok("/start")
    await bob.wait(lambda: bob.state["view"] is not None)
    token = bob.token
    await bob.close()
    await ann.wait(lambda: not _room(ann)["seats"][1]["connected"])
    assert _room(ann)["seats"][1]["away_since"] is not None
    r = await ann.say("/handover Bob")
    assert r["code"] == "not_away" and "after 3 s" in r["message"]
    assert (await ann.say("/handover Cy"))["code"] == "not_away"  # a bot already
    assert (await ann.say("/handover Ann"))["code"] == "not_away"
    await ann.wait(lambda: _room(ann)["seats"][1]["can_hand_over"], timeout=15)
    await ann.ok("/handover bob")
    await ann.wait(lambda: _room(ann)["seats"][1]["bot"])
    assert _room(ann)["seats"][1]["name"] == "Bob" and not _room(ann)["seats"][1]["vacant"]
    # the bot plays Bob's turn while Ann plays hers
    played: list[int] = []

    def bob_turn_played() -> bool:
        if ann.view["active"] == 1 and not played:
            played.append(ann.view["turn"])
        return bool(played) and ann.view["turn"] > played[0]

    await asyncio.wait_for(drive(ann, stop=bob_turn_played), 60)
    # Bob comes back with his token: the seat is his again, the bot stops
    back = await Client(url, "Bob").connect(token=token)
    assert back.seat == 1
    await ann.wait(lambda: not _room(ann)["seats"][1]["bot"])
    assert any("is back" in e.get("text", "") for e in ann.logs)
    assert _room(back)["seats"][1]["connected"] and _room(back)["seats"][1]["away_since"] is None
    since = back.version
    turn = back.view["turn"]
    mine: list[tuple[int, str, bool]] = []

    def bob_played_again() -> bool:
        return back.view["turn"] > turn and back.view["active"] != 1 and any(
            ok for _, _, ok in mine)

    async def bob_plays() -> None:
        mine.extend(await drive(back, stop=bob_played_again, seed=7))

    await asyncio.wait_for(asyncio.gather(
        drive(ann, stop=bob_played_again, seed=8), bob_plays()), 60)
    # after the take-back, every command of seat 2 was Bob's own
    after = [c["text"] for c in _stored(srv, "away") if c["seat"] == 1 and c["version"] > since]
    assert after and after == [t for _, t, ok in mine if ok]
    for c in (ann, back):
        await c.close()


async def test_bots_play_on_after_kill9(server_factory: Any) -> None:
    srv: ServerProc = server_factory(game_seed=4, bot_delay=0.005)
    url = srv.ws_url("crashbots")
    w = await Client(url, "Watcher").connect()
    for _ in range(3):
        await w.ok("/addbot")
    await w.ok("/start")
    await w.wait(lambda: w.version > 80, timeout=20)
    assert not _over(w)
    seen = w.version
    srv.kill9()
    await w.close()
    srv.start()
    await w.connect()
    assert [s["bot"] for s in _room(w)["seats"]] == [True, True, True]
    await w.wait(lambda: _over(w), timeout=60)
    assert w.version > seen + 20
    stored = _stored(srv, "crashbots")
    assert stored[-1]["position"]["phase"] == "over"
    states = [json.loads(f) for f in w.frames if f.startswith('{"type":"state"')]
    assert states[-1]["view"]["result"] == w.view["result"]
    await w.close()


async def test_a_person_with_two_tabs_who_left_joins_again(server_factory: Any) -> None:
    """README: /join takes over a leaver's bot. Bea with two tabs open leaves in a game: both
    tabs watch, both named Bea; /join from either used to be refused (name_taken: each tab
    held the name against the other; a session breaking the server, 4 Dec 2026). Now the
    tabs that left together sit down together, and a stranger still cannot take her name."""
    srv: ServerProc = server_factory(game_seed=5, bot_delay=30)
    url = srv.ws_url("twotabs")
    bea = await Client(url, "Bea").connect()
    for text in ("/join", "/addbot B1", "/addbot B2", "/start"):
        await bea.ok(text)
    tab2 = await Client(url, "Bea").connect(token=bea.token)
    assert tab2.seat == 0
    await bea.ok("/leave")
    await tab2.wait(lambda: tab2.seat is None)
    assert bea.seat is None and (bea.name, tab2.name) == ("Bea", "Bea")
    await bea.wait(lambda: _room(bea)["seats"][0]["bot"])
    stranger = await Client(url, "Cy").connect()
    assert (await stranger.say("/join Bea"))["code"] == "name_taken"   # hers still
    await tab2.ok("/join")                                             # from the other tab
    assert tab2.seat == 0
    await bea.wait(lambda: bea.seat == 0)                              # both tabs seated
    assert bea.token == tab2.token and bea.view["you"]["hand"] == tab2.view["you"]["hand"]
    await bea.wait(lambda: not _room(bea)["seats"][0]["bot"])
    assert _room(bea)["seats"][0]["name"] == "Bea"
    who = (await stranger.ok("/who"))["message"]
    assert who.count("Bea") == 1, who                                  # seated once, no watcher
    for c in (bea, tab2, stranger):
        await c.close()
