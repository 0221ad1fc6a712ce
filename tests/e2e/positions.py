"""Board states built by the real engine, shown on the sample board (``/r/x?sample=NAME``).

Each function sets up a game position where a person must decide, applies commands through the
command language, and returns the ``state`` message the server would send to one seat (the
engine's view with its hints, and a room part). The page never decides what is legal: these
views carry the same hints the server's do.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from playwright.sync_api import Page

from bohnanza.bots import get_policy
from bohnanza.commands import GameCommand, parse
from bohnanza.commands.logtext import log_line
from bohnanza.engine import Game
from bohnanza.farm.engine import FarmGame
from bohnanza.farm.scenario import prepare

NAMES = ["Ann", "Bob", "Cleo"]


def room(seat: int | None, running: bool = True, over: bool = False,
         names: list[str] | None = None, preset: str = "classic") -> dict[str, Any]:
    names = names or NAMES
    lo, hi = (2, 7) if preset == "rio-grande" else (3, 5)        # rules.md §4a
    return {
        "name": "sample", "seats": [
            {"seat": i, "name": n, "connected": True, "idle": False, "vacant": False,
             "bot": False, "policy": None, "away_since": None, "can_hand_over": False}
            for i, n in enumerate(names)],
        "options": {"hidden_money": False, "preset": preset}, "running": running,
        "over": over, "game_no": 1, "spectators": 0, "min_players": lo, "max_players": hi,
        "you": {"name": None if seat is None else names[seat], "seat": seat, "token": None},
        "away_seconds": 60.0, "bot_policies": ["greedy", "random"],
    }


def say(g: Game, seat: int, text: str) -> None:
    cmd = parse(text)
    assert isinstance(cmd, GameCommand), text
    g.apply(seat, cmd.action)


def game(**pos: Any) -> Game:
    base: dict[str, Any] = {"preset": "classic", "deck": ["soy"] * 30, "names": NAMES,
                            "seats": [{"name": n} for n in NAMES]}
    seats = pos.pop("seats", None)
    base.update(pos)
    if seats is not None:
        base["seats"] = [{"name": n, **s} for n, s in zip(NAMES, seats, strict=True)]
    return Game.from_position(base)


def state(g: Game, seat: int | None) -> dict[str, Any]:
    return {"type": "state", "version": 1, "view": g.view(seat),
            "room": room(seat, running=not g.over, over=g.over, names=list(g.names),
                         preset=g.preset)}


def farm_state(g: Any, seat: int | None) -> dict[str, Any]:
    """The ``state`` message a farm game's ``seat`` gets (the engine's view, a room part)."""
    room_part = room(seat, running=not g.over, over=g.over, names=list(g.names))
    room_part["game"] = {"game": "farm", "params_name": g.params_name,
                         "params_hash": g.params_hash}
    return {"type": "state", "version": 1, "view": g.view(seat), "room": room_part}


def farm_over_the_limit(extra: int, turn: int = 2) -> FarmGame:
    """A farm game (FarmGame): Ann's harvest turn ``turn`` with ``extra`` cards over her
    storage box's limit of 5 (F31; a grade-1 box), Bob done; the contests of turns 2-4 set
    (turn 1 has none, F2)."""
    hand = [f"L1 {c} {a}+1" for c in ("root", "leaf") for a in ("shape", "color", "size", "weight")]
    return FarmGame.from_position(prepare({
        "piles": "rest", "cycle": 1, "turn": turn, "params": {}, "phase": "harvest",
        "order_stack": [], "harvest_order": [0, 1], "active": 0, "schedule": [
            {"turn": 2, "category": "leaf", "evaluation": "overall"},
            {"turn": 3, "category": "root", "evaluation": "appearance"},
            {"turn": 4, "category": "fruit", "evaluation": "taste"}],
        "seats": [{"name": "Ann", "hand": hand[:5 + extra], "order_card": 2, "done": True},
                  {"name": "Bob", "order_card": 1, "done": True}]}))


def before_start(seat: int | None = 0) -> dict[str, Any]:
    """The room before the start: three seated, the setup box (no game view)."""
    return {"type": "state", "version": 1, "view": None, "room": room(seat, running=False)}


def before_start_bots(seat: int | None = 0) -> dict[str, Any]:
    """The room before the start: Ann and two bots seated (the setup box, Remove buttons)."""
    msg = before_start(seat)
    for s, name in zip(msg["room"]["seats"][1:], ["Bot 1", "Bot 2"], strict=True):
        s.update(name=name, bot=True, policy="greedy", connected=False)  # (no bot connects)
    return msg


def show(page: Page, base: str, msg: dict[str, Any], lang: str = "en") -> None:
    """Show ``msg`` on the sample board in ``lang``: the first time by loading the page with
    it, then through the sample board's ``show`` (a fresh page's local state, no reload)."""
    if page.url.startswith(base + "/r/x?sample=sample-e2e") and page.evaluate(
            "!!(window.__bohnanza && window.__bohnanza.show)"):
        page.evaluate("([m, l]) => window.__bohnanza.show(m, l)", [msg, lang])
        return
    body = json.dumps(msg)
    page.route("**/dev/sample-e2e.json", lambda r: r.fulfill(body=body,
                                                              content_type="application/json"))
    page.add_init_script(f"localStorage.setItem('bohnanza.lang', '{lang}')")
    page.goto(base + "/r/x?sample=sample-e2e")
    page.wait_for_function("window.__bohnanza && window.__bohnanza.state.room !== null")
    page.unroute("**/dev/sample-e2e.json")


# ------------------------------------------------------------------ positions


def plant_first() -> Game:
    """Phase 1, Ann active, Chili in front; field 2 is empty: it fits."""
    return game(seats=[{"hand": ["chili", "red"], "fields": [["blue", 2], None]}, {}, {}])


def plant_no_fit(coins: int) -> Game:
    """Phase 1, Ann active, Chili in front, both fields full (R15); ``coins`` coins."""
    return game(seats=[{"hand": ["chili", "red"], "fields": [["blue", 3], ["soy", 2]],
                        "coins": ["red"] * coins}, {}, {}])


def plant_second() -> Game:
    """Phase 1 after one card: the second is optional (R26)."""
    g = game(seats=[{"hand": ["blue", "red", "soy"], "fields": [["blue", 2], None]}, {}, {}])
    say(g, 0, "/plant 1")
    return g


def trading() -> Game:
    """Phase 2: Ann active with two face-up cards; Ann's offer #1, Bob's #2 to Ann, Cleo's
    prompt #3; Bob can copy #1 (he holds Chili), Cleo cannot."""
    g = game(phase="trade", face_up=["red", "blue"],
             seats=[{"hand": ["soy"]}, {"hand": ["chili", "green"]}, {"hand": ["stink"]}])
    say(g, 0, "/offer red for chili")
    say(g, 1, "/offer green for blue")
    say(g, 2, "/offer stink for ?")
    return g


def copied() -> Game:
    """Bob accepted Ann's #1: his copy #4 waits for Ann."""
    g = trading()
    say(g, 1, "/accept 1")
    return g


def dealing() -> Game:
    """Ann accepted Bob's copy: Bob owes 1 Chili (two in hand, apart: he must pick, R11 and
    T18), Ann's Red goes automatically (one way)."""
    g = game(phase="trade", face_up=["red", "blue"],
             seats=[{"hand": ["soy"]}, {"hand": ["chili", "green", "chili"]}, {"hand": ["stink"]}])
    say(g, 0, "/offer red for chili")
    say(g, 1, "/accept 1")
    say(g, 0, "/accept 2")
    return g


def passed() -> Game:
    g = trading()
    say(g, 2, "/done")
    return g


def planting_traded() -> Game:
    """Phase 3: Bob has two traded cards (Chili, Green), Cleo none."""
    return game(phase="plant_traded",
                seats=[{"hand": ["soy"]}, {"to_plant": ["chili", "green"],
                                           "fields": [["chili", 1], None]}, {}])


def two_harvests() -> Game:
    """Phase 3: Bob must plant Chili and Stink into Soy×1 and Blue×1: two harvests (R33)."""
    return game(phase="plant_traded", seats=[
        {}, {"to_plant": ["chili", "stink"], "fields": [["soy", 1], ["blue", 1]]}, {}])


def traded_no_fit() -> Game:
    return game(phase="plant_traded",
                seats=[{}, {"to_plant": ["red"], "fields": [["chili", 2], ["blue", 2]]}, {}])


def traded_no_fit_two() -> Game:
    """As :func:`traded_no_fit` with two Red to plant: both go in field 2 once it is harvested."""
    return game(phase="plant_traded",
                seats=[{}, {"to_plant": ["red", "red"], "fields": [["chili", 2], ["blue", 2]]}, {}])


def over() -> Game:
    g = game(phase="plant_traded", exhaustions=3, seats=[
        {"to_plant": ["red"], "fields": [["red", 3], None]},
        {"fields": [["blue", 4], None]}, {"fields": [["soy", 2], None]}])
    say(g, 0, "/plant red 1")     # phase 3 ends; the final exhaustion: the game is over
    assert g.over
    return g


def duel(phase: str, turn: int = 2) -> Game:
    """The bean duel (rules.md §3a) played by the greedy bot from a new game until ``phase``
    in turn ``turn`` or later (step 1, ``plant_offer``, comes from the second turn on)."""
    g = Game.new("rio-grande", ["Ann", "Bob"], 4)
    bot = get_policy("greedy")
    rng = random.Random(1)
    for _ in range(500):
        v = g.view(g.active)
        if v["phase"] == phase and v["turn"] >= turn:
            return g
        text = bot.decide(v, rng, hurry=True)
        assert text is not None, v["you"]
        say(g, g.active, text)
    raise AssertionError(f"no {phase} in the duel")


def log_entries(g: Game, text: str, seat: int, viewer: int, lang: str) -> list[dict[str, Any]]:
    """Apply ``text`` said by ``seat`` to ``g``; its log entries as the server sends them to
    ``viewer`` (each with its ``text`` in ``lang``)."""
    cmd = parse(text)
    assert isinstance(cmd, GameCommand), text
    names = list(g.names)
    return [{**e.for_viewer(viewer, names),
             "text": log_line(e.for_viewer(viewer, names), lang, names, viewer)}
            for e in g.apply(seat, cmd.action)]


def show_with_log(page: Page, base: str, g: Game, seat: int, texts: list[tuple[int, str]],
                  lang: str = "en") -> None:
    """Apply ``texts`` (seat, command) to ``g``, show the new state to ``seat`` and feed the
    log entries, as the server writes them for ``seat``, through the page's log path."""
    entries = []
    for who, text in texts:
        cmd = parse(text)
        assert isinstance(cmd, GameCommand), text
        entries += [e.for_viewer(seat, list(g.names)) for e in g.apply(who, cmd.action)]
    show(page, base, state(g, seat), lang=lang)
    page.evaluate("es => window.__bohnanza.log({type: 'log', entries: es})", entries)


def with_clock(msg: dict[str, Any]) -> dict[str, Any]:
    """``msg`` with the turn clock running for every seat (45 s left)."""
    now = time.time()
    msg["room"]["now"] = now
    for s in msg["room"]["seats"]:
        s["deadline"] = now + 45
    return msg
