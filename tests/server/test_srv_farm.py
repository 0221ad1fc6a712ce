"""The farm game hosted by the table (issue 17, hub part), over the wire: a real uvicorn
server, real WebSocket clients, the real SQLite file.

* a room chosen for the farm game (``/option game farm``), a parameter changed
  (``/option param``) and a whole parameter file loaded (``/option params``); the room shows
  the set's name and hash and the stored game and its result keep them;
* 3 people and a bot play a whole game (F3: 3 cycles of 4 turns) to the end;
* kill -9 in the middle of a preparation phase: every seat's hidden choices (hand, bases and
  synthesis cards planted face down, F18-F19) come back exactly;
* a leak scan of every frame each person and a spectator received: no other seat's hand card
  or face-down base or synthesis card (G31), no pile order.

The people decide with the farm's ``sensible`` bot code on their own views only.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from bohnanza.farm.bots import get_policy
from bohnanza.farm.engine import FarmGame
from bohnanza.farm.params import default_params, params_hash
from bohnanza.games import TableGame
from bohnanza.server.room.journal import load_room, load_rooms
from bohnanza.server.sqlite import SQLiteStore

from .harness import (
    Client,
    ServerProc,
    catch_up,
    position_at,
    positions_by_version,
    server_store,
    wait_on,
)

NAMES = ["Ann", "Bob", "Cy"]
RETRY = {"wrong_phase", "already_declared", "not_your_turn", "no_rescue"}


async def _farm_room(srv: ServerProc, room: str, names: list[str], bot: bool,
                     options: list[str] = ()) -> list[Client]:  # type: ignore[assignment]
    people = [Client(srv.ws_url(room), n, deltas=n == "Cy") for n in names]
    for c in people:
        await c.connect()
        await c.ok("/join")
    await people[0].ok("/option game farm")
    for o in options:
        await people[0].ok(o)
    if bot:
        await people[0].ok("/addbot Robo sensible")
    await people[0].ok("/start")
    return people


async def _sync(people: list[Client]) -> None:
    await catch_up(people)  # (a delta client may be sent nothing for the newest versions)


async def _step(people: list[Client], rng: random.Random, skip_done: bool = False) -> bool:
    """One person's command (the first whose view says it must act); False when none must."""
    await _sync(people)
    policy = get_policy("sensible")
    for c in people:
        view = c.view
        you = view["you"]
        if view["phase"] == "over" or not you["must_act"]:
            continue
        text = policy.decide(view, rng)
        assert text is not None, ("a seat that must act has no command", view)
        if skip_done and text.startswith("/done"):
            continue
        before = c.version
        r = await c.say(text)
        if not r["ok"]:  # the bot's change came in between (the phase ended, F22)
            assert r["code"] in RETRY, (c.seat, text, r)
            await c.wait(lambda c=c, before=before: c.version > before)
        return True
    return False


def _hidden(pos: dict[str, Any], me: int | None) -> set[str]:
    """The cards ``me`` may not see at ``pos`` (G31): other seats' hands, their bases face
    down and every synthesis card not yet revealed."""
    if pos["phase"] == "over":
        return set()
    out: set[str] = set()
    for i, s in enumerate(pos["seats"]):
        if i == me:
            continue
        out.update(s["hand"])
        for b in s["field"]:
            if b is not None:
                if not b["entered"]:
                    out.add(b["base"])
                out.update(b["synth"])
    return out


#: log lines that turn cards face up (F25, F29, F33) or discard them face up (F13, F31, G5)
REVEALING = {"ship", "enter", "contest", "adjust", "transform", "discard_field"}


def _revealed(log: list[dict[str, Any]]) -> set[str]:
    """Cards a change's own log lines show face up: a shipped card may be back in a hand at
    once (its pile's discards reshuffled, G5), so the line that showed it is no leak."""
    out: set[str] = set()
    for e in log:
        if e.get("kind") in REVEALING:
            out.update(_strings({k: v for k, v in e.items() if k != "text"}, []))
    return out


def _strings(obj: Any, out: list[str]) -> list[str]:
    if isinstance(obj, str):
        out.append(obj)
    elif isinstance(obj, dict):
        for v in obj.values():
            _strings(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _strings(v, out)
    return out


def farm_leak_scan(client: Client, history: list[tuple[int, dict[str, Any]]]) -> int:
    """Every ``state`` frame ``client`` received: no string in it (view, room part, the
    change's log lines) names a card hidden from its seat at that version, but the record of
    past contests (cards revealed then). Returns the number of frames checked."""
    checked = 0
    for raw in client.frames:
        m = json.loads(raw)
        if m["type"] != "state" or m["view"] is None:
            continue
        pos = position_at(history, m["version"])
        if pos is None or pos.get("game") != "farm":
            continue
        hidden = _hidden(pos, client.seat) - _revealed(m.get("log") or [])
        you = (m["view"].get("you") or {})
        assert you.get("seat", client.seat) == client.seat
        # (``contests``: past results, cards revealed then, F33, that may be back in a pile)
        for text in _strings({k: v for k, v in m.items() if k != "view"}, []) + _strings(
                {k: v for k, v in m["view"].items() if k not in ("you", "contests")}, []):
            leaked = [card for card in hidden if card in text]
            assert not leaked, ("a hidden card on the wire", client.seat, leaked, text[:200])
        for key in ("rng", "deck"):
            assert key not in m["view"], key
        for pile in m["view"]["piles"]:  # a pile shows its count, never its cards (G3 top)
            assert set(pile) <= {"pile", "count", "discards", "discard_count"}, pile
        checked += 1
    return checked


def farm_frame_scan(client: Client, history: list[tuple[int, dict[str, Any]]]
                    ) -> Counter[str]:
    """Every frame ``client`` received, of every type (``welcome``, ``state``, ``log`` with
    the backlog sent again on connect, ``reply``, ``chat``, ``error``): no string in it names
    a card hidden from its seat (G31) at the frame's version (the last version seen for the
    frames that carry none). A log line may name the cards it turns face up itself (F25, F29,
    F33, face-up discards); the record of past contests may name cards revealed then. Returns
    the number of frames checked per type (those before the first deal have nothing to hide)."""
    checked: Counter[str] = Counter()
    version = -1
    for raw in client.frames:
        m = json.loads(raw)
        if isinstance(m.get("version"), int):
            version = max(version, m["version"]) if m["type"] == "log" else m["version"]
        pos = position_at(history, version) if version >= 0 else None
        if pos is None or pos.get("game") != "farm":
            continue
        hidden = _hidden(pos, client.seat)
        lines = (m.get("entries") if m["type"] == "log" else m.get("log")) or []
        for e in lines:   # each log line: only the cards it reveals itself may be hidden now
            own = hidden - _revealed([e])
            for text in _strings(e, []):
                leaked = [card for card in own if card in text]
                assert not leaked, ("a hidden card in a log line", client.seat, leaked, e)
        rest = {k: v for k, v in m.items() if k not in ("entries", "log", "view")}
        view = m.get("view") or {}
        rest["view"] = {k: v for k, v in view.items() if k not in ("you", "contests")}
        if view.get("you") is not None:
            assert view["you"].get("seat") == client.seat, ("another seat's part", view["you"])
        others = hidden - _revealed(lines)
        for text in _strings(rest, []):
            leaked = [card for card in others if card in text]
            assert not leaked, ("a hidden card on the wire", client.seat, m["type"], leaked,
                                text[:200])
        checked[m["type"]] += 1
    return checked


#: log lines whose cards only their own seat reads (face down, or taken unseen): the fields
#: that hold those cards (bohnanza/farm/engine/events.py: ``secret``)
SECRET_FIELDS = {"draw": ("cards",), "transform": ("cards",), "plant": ("card", "synth"),
                 "synth": ("cards",), "rescue": ("cards",)}


def farm_log_scan(client: Client) -> int:
    """Every log line ``client`` received, in ``state`` frames and in the backlog sent again
    on connect (``log``): another seat's plant, synthesis, transform or draw names none of
    the cards it put face down or took. Returns the number of lines checked."""
    n = 0
    for raw in client.frames:
        m = json.loads(raw)
        lines = m.get("entries") if m["type"] == "log" else m.get("log") if m["type"] == "state" \
            else None
        for e in lines or []:
            if e.get("game") != "farm":
                continue
            n += 1
            if e.get("seat") is not None and e.get("seat") != client.seat:
                hidden = [k for k in SECRET_FIELDS.get(e.get("kind", ""), ()) if k in e]
                assert not hidden, ("another seat's face-down cards in the log", client.seat, e)
    return n


async def test_a_farm_room_of_three_people_and_a_bot_plays_to_the_end(
        server_factory: Any) -> None:
    srv = server_factory(game_seed=5)
    # Bob and the watcher take state deltas, as the board does (patch frames, scanned too)
    watcher = Client(srv.ws_url("farm"), "Watcher", deltas=True)
    people = [Client(srv.ws_url("farm"), n, deltas=n == "Bob") for n in NAMES]
    for c in people:
        await c.connect()
        await c.ok("/join")
    await watcher.connect()
    r = await people[0].say("/option param facilities.field.price [5, 10]")
    assert not r["ok"] and "param" in r["message"], r  # a farm key before the game is chosen
    await people[0].ok("/option game farm")
    room = people[0].state["room"]
    assert room["game"] == {"game": "farm", "params_name": "default",
                            "params_hash": params_hash(default_params())}
    assert set(room["bot_policies"]) == {"random", "sensible", "shipper"}
    r = await people[0].say("/option param facilities.field.price [5, 10]")
    assert not r["ok"] and r["code"] == "bad_params"
    assert "facilities.field.price" in r["message"], r  # the error names the key
    await people[0].ok("/option param facilities.field.price [5, 10, 15]")
    await people[0].wait(lambda: people[0].state["room"]["game"]["params_name"] == "default*")
    changed = people[0].state["room"]["game"]["params_hash"]
    assert changed != params_hash(default_params())
    await people[0].ok("/addbot Robo sensible")
    await people[0].ok("/start")
    rng = random.Random(3)
    for _ in range(3000):
        if people[0].state["view"]["phase"] == "over":
            break
        if not await _step(people, rng):
            await _wait_change(people)
    await _sync(people)
    final = people[0].view
    assert final["phase"] == "over" and final["turn_number"] == final["turns_total"] == 12
    assert final["result"] is not None and len(final["result"]["scores"]) == 4
    assert final["params_hash"] == changed
    # the result and the game-over line say which numbers were played
    assert final["result"]["params_hash"] == changed
    assert final["result"]["params_name"] == "default*"
    over = [e for e in people[0].logs if e.get("kind") == "game_over"]
    assert len(over) == 1 and f"parameters default* {changed}" in over[0]["text"], over
    assert people[0].state["room"]["seats"][3]["bot"] is True
    # the stored record says which numbers were used
    store = server_store(srv.db)  # its command file folded in (cmdfile.py)
    try:
        stored = load_room(store, "farm")
        assert stored is not None and stored.game is not None
        assert stored.game["game"] == "farm" and stored.game["params_hash"] == changed
        assert stored.game["params"]["facilities"]["field"]["price"] == [5, 10, 15]
        assert stored.last_result is not None
        assert stored.last_result["params_hash"] == changed
        assert stored.last_result["params_name"] == "default*"
    finally:
        store.close()
    history = positions_by_version(srv.db, "farm")
    assert history and history[-1][1]["phase"] == "over"
    # the replay of the stored commands (journal.history) says the same numbers at every step
    assert {p["params_hash"] for _, p in history} == {changed}
    assert all(p["params"]["facilities"]["field"]["price"] == [5, 10, 15] for _, p in history)
    # every stored position passes the farm's audit (G5)
    assert all(TableGame.get("farm").audit(p) == [] for _, p in history)
    await _sync([*people, watcher])
    checked = sum(farm_leak_scan(c, history) for c in [*people, watcher])
    assert checked > 200, checked
    assert sum(farm_log_scan(c) for c in [*people, watcher]) > 500
    every = sum((farm_frame_scan(c, history) for c in [*people, watcher]), Counter())
    assert every["state"] > 200 and every["reply"] > 100 and every["patch"] > 200, every
    assert people[1].patches > 100 and watcher.patches > 100
    for c in [*people, watcher]:
        await c.close()


async def _wait_change(people: list[Client]) -> None:
    """Wait for the next state any person gets (the bot's command). Returns at once when the
    game is over: the last change may have come while the caller synced, and none follows."""
    if any(c.view["phase"] == "over" for c in people):
        return
    before = [c.version for c in people]
    await wait_on(people, lambda: any(c.version > v for c, v in zip(people, before, strict=True)))


async def test_a_restart_in_the_middle_of_preparation_keeps_every_hidden_choice(
        server_factory: Any) -> None:
    srv = server_factory(game_seed=9)
    people = await _farm_room(srv, "prep", NAMES, bot=False,
                              options=["/option param facilities.synth_pot.price [4, 8, 12]"])
    about = people[0].state["room"]["game"]
    assert about["params_name"] == "default*" and about["params_hash"] != params_hash(
        default_params())
    rng = random.Random(8)
    # turn 1: everyone plays (plants a base with synthesis cards, transforms) but nobody
    # declares the end (F20), so the preparation phase is still open for all
    for _ in range(60):
        if not await _step(people, rng, skip_done=True):
            break
    await _sync(people)
    views = [c.view for c in people]
    assert all(v["phase"] == "prep" and not v["you"]["done"] for v in views)
    planted = [[b for b in v["you"]["field"] if b is not None] for v in views]
    assert any(planted), "somebody planted a base face down"
    assert any(b["synth"] for p in planted for b in p), "and laid synthesis cards on it"
    # what others see of those bases: backs only
    for v in views:
        for i, seat in enumerate(v["seats"]):
            if i != v["you"]["seat"]:
                for b in seat["field"]:
                    if b is not None:
                        assert b["base"] == "?" and all(x == "?" for x in b["synth"])
    srv.kill9()
    for c in people:
        await c.close()
    srv.start()
    for seat, c in enumerate(people):
        await c.connect(token=c.token)
        assert c.seat == seat
    await _sync(people)
    assert [c.view for c in people] == views  # every hand, base and synthesis card as it was
    assert all(c.state["room"]["game"] == about for c in people)  # and the same numbers
    # the log sent again on reconnecting holds each seat's own plants, nobody else's
    own_plants = [e for e in people[0].logs if e.get("kind") == "plant" and e["seat"] == 0]
    assert own_plants and all("card" in e for e in own_plants)
    assert sum(farm_log_scan(c) for c in people) > 0
    # and the game goes on from there: everyone declares, the harvest begins (F22, F23)
    for c in people:
        r = await c.say("/done")
        assert r["ok"] or r["code"] == "already_declared", r
    await _sync(people)
    assert people[0].view["phase"] == "harvest"
    # every frame before and after the restart (the welcome, the log sent again, the states)
    history = positions_by_version(srv.db, "prep")
    for c in people:
        seen = farm_frame_scan(c, history)
        assert seen["welcome"] >= 1 and seen["log"] >= 1, seen
        assert seen["state"] + seen["patch"] > 5, seen   # Cy takes deltas: patch frames
    assert people[2].patches > 0
    for c in people:
        await c.close()


def test_the_leak_scan_sees_a_leak() -> None:
    """The scan above fails on a frame that names another seat's hand card (its own check)."""
    game = FarmGame.new(default_params(), NAMES, 4)
    pos = game.to_position()
    card = pos["seats"][1]["hand"][0]
    frame = {"type": "state", "version": 5, "view": game.view(0), "room": {},
             "log": [{"kind": "draw", "seat": 1, "text": f"Bob took {card}"}]}
    client = Client("ws://unused", "Ann")
    client.seat = 0
    client.frames = [json.dumps(frame)]
    try:
        farm_leak_scan(client, [(5, pos)])
    except AssertionError as e:
        assert card in str(e)
    else:
        raise AssertionError("the leak went unseen")
    frame["log"] = []
    client.frames = [json.dumps(frame)]
    assert farm_leak_scan(client, [(5, pos)]) == 1
    # the every-frame scan: a reply or a log line sent again on connect naming that card
    base = pos["seats"][2]["hand"][1]
    for bad in ({"type": "reply", "id": 3, "ok": False, "message": f"Cy holds {base}"},
                {"type": "log", "version": 5, "replay": True,
                 "entries": [{"kind": "plant", "seat": 2, "text": f"Cy planted {base}"}]},
                {"type": "patch", "version": 5, "base": 4,
                 "ops": [{"op": "replace", "path": "/view/seats/2/field/0/base", "value": base}]}):
        client.frames = [json.dumps(frame), json.dumps(bad)]
        try:
            farm_frame_scan(client, [(5, pos)])
        except AssertionError as e:
            assert base in str(e)
        else:
            raise AssertionError(("the leak went unseen", bad["type"]))
    # but a line that ships a card names it face up (F25), and the scan lets it by
    ship = {"type": "log", "version": 5, "entries": [
        {"kind": "ship", "seat": 2, "cards": [base], "text": f"Cy shipped {base}"}]}
    client.frames = [json.dumps(frame), json.dumps(ship)]
    assert farm_frame_scan(client, [(5, pos)]) == Counter({"state": 1, "log": 1})


async def test_the_preparation_time_limit_runs_on_the_room_clock(server_factory: Any) -> None:
    """G19: with ``turn.prep_time_limit_s`` set, the preparation phase has that limit (no
    ``/option clock`` needed); when it runs out the seats that have not declared take the
    remaining turn-order cards in seat order and are done (F22), and the harvest begins in
    turn-order-card order (F23). Other seats' decisions have no clock."""
    srv = server_factory(game_seed=6, idle_check_interval=0.1)
    people = await _farm_room(srv, "g19", NAMES, bot=False,
                              options=["/option param turn.prep_time_limit_s 4"])
    await _sync(people)
    room = people[0].state["room"]
    assert room["options"]["clock"] is None
    deadlines = [s["deadline"] for s in room["seats"]]
    assert all(d is not None for d in deadlines), deadlines
    assert max(deadlines) - room["now"] <= 4.5
    await people[2].ok("/done")   # Cy declares: turn-order card 1 (F20)
    await _sync(people)
    assert people[0].view["phase"] == "prep"
    assert people[0].state["room"]["seats"][2]["deadline"] is None  # Cy owes nothing now
    await people[0].wait(lambda: people[0].view["phase"] == "harvest", timeout=30)
    await _sync(people)
    v = people[0].view
    # Ann (seat 1) ran out first in seat order: card 2; Bob is then the last one: card 3
    assert [s["order_card"] for s in v["seats"]] == [2, 3, 1]
    assert v["harvest_order"] == [1, 0, 2] and v["active"] == 1  # highest card first (F23)
    # one timeout, Ann's, logged as such; Bob, the last one, was done at once (F22)
    assert [e["seat"] for e in people[0].logs if e.get("event") == "timeout"] == [0]
    # the harvest has no time limit without /option clock
    assert people[0].state["room"]["seats"][1]["deadline"] is None
    for c in people:
        await c.close()


def test_a_stored_farm_position_that_lost_a_card_is_not_loaded(tmp_path: Any) -> None:
    """The room's loading path runs the game's own audit (bohnanza.games: farm's is G5's
    "no card ever leaves the game", G8, G16): a stored farm room whose position lost a card is
    left out with a warning instead of being played on; a sound one loads."""

    game = FarmGame.new(default_params(), NAMES, 2)
    sound = game.to_position()
    assert TableGame.get("farm").audit(sound) == []
    broken = game.to_position()
    lost = broken["seats"][0]["hand"].pop()
    problems = TableGame.get("farm").audit(broken)
    assert problems and lost in problems[0] and "G5" in problems[0], problems
    store = SQLiteStore(tmp_path / "a.db")
    try:
        for name, pos in (("sound", sound), ("broken", broken)):
            store.save(name=name, version=1, game_no=1,
                       options={"game": "farm", "hidden_money": False, "preset": "classic"},
                       seats=[{"name": n, "token_hash": None} for n in NAMES], game=pos,
                       last_result=None, command=(None, "/start"), log="[]")
        assert [r.name for r in load_rooms(store)] == ["sound"]
    finally:
        store.close()


async def test_a_farm_room_answers_help_lists_its_game_and_a_bot_takes_a_left_seat(
        server_factory: Any) -> None:
    """The room's other paths through the game interface: ``/help`` answers with the farm
    commands (and the room's own for room commands), the lobby lists the room's game, ``/who``
    and ``/option`` speak of the farm game and its set, and a person leaving in the middle of
    the game leaves the seat to the farm's default bot, which plays on (``/join`` takes it
    back)."""
    import httpx

    srv = server_factory(game_seed=12)
    people = await _farm_room(srv, "misc", NAMES, bot=False)
    ann, bob, cy = people
    r = await ann.ok("/help ship")
    assert "F25" in r["message"], r          # the farm's /ship (F25-F27)
    r = await ann.ok("/help join")
    assert "/join" in r["message"] and "farm command" not in r["message"], r
    r = await ann.ok("/option")
    assert "farm" in r["message"] and params_hash(default_params()) in r["message"], r
    listing = httpx.get(srv.base + "/api/rooms").json()
    assert [x["game"] for x in listing if x["room"] == "misc"] == ["farm"]
    r = await ann.say("/plant b1")
    assert not r["ok"] and r["code"] == "parse_error", r   # a farm command's own error
    await cy.ok("/leave")
    await _sync([ann, bob])
    seat = ann.state["room"]["seats"][2]
    assert seat["bot"] and seat["policy"] == "sensible" and seat["vacant"], seat
    rng = random.Random(2)
    start = ann.view["turn_number"]
    for _ in range(300):   # Ann and Bob play; the bot plays Cy's seat
        if ann.view["turn_number"] >= start + 2:
            break
        if not await _step([ann, bob], rng):
            await _wait_change([ann, bob])
    assert ann.view["turn_number"] >= start + 2
    newcomer = Client(srv.ws_url("misc"), "Dee")
    await newcomer.connect()
    await newcomer.ok("/join")
    assert newcomer.seat == 2
    await newcomer.wait(lambda: newcomer.state is not None and newcomer.state["view"] is not None
                        and newcomer.view["you"] is not None
                        and newcomer.view["seats"][2]["name"] == "Dee")
    for c in [ann, bob, newcomer]:
        await c.close()


async def test_a_bot_of_the_other_games_policy_plays_and_reads_as_this_games_default(
        server_factory: Any) -> None:
    """A bot seated with a Bohnanza policy (``/addbot Robo greedy``), then ``/option game
    farm``: it played the farm's default, but the seats and ``/who`` still said "greedy" (a
    policy the farm has not got; found by a session breaking the server, 5 Dec 2026). The
    switch gives such a bot the game's default policy, and back; a policy both games have
    (``random``) stays."""
    srv = server_factory()
    ann = await Client(srv.ws_url("botswitch"), "Ann").connect()
    await ann.ok("/join")
    await ann.ok("/addbot Robo greedy")
    await ann.ok("/addbot Rand random")
    await ann.ok("/option game farm")
    await ann.wait(lambda: ann.state["room"]["game"]["game"] == "farm")
    seats = ann.state["room"]["seats"]
    assert [(s["name"], s["policy"]) for s in seats[1:]] == [("Robo", "sensible"),
                                                             ("Rand", "random")], seats
    who = (await ann.ok("/who"))["message"]
    assert "greedy" not in who and "sensible" in who, who
    await ann.ok("/option game bohnanza")
    await ann.wait(lambda: ann.state["room"]["game"] is None
                   or ann.state["room"]["game"]["game"] == "bohnanza")
    seats = ann.state["room"]["seats"]
    assert [(s["name"], s["policy"]) for s in seats[1:]] == [("Robo", TableGame.get(
        "bohnanza").default_policy), ("Rand", "random")], seats
    await ann.close()
