"""Issue 11, item 11: under ``hiddenmoney`` no coin figure reaches anyone before the game ends
(R42: every total hidden, even one's own). Whole games are played over real WebSockets with
every kind of listener (the seated players, an English and a Japanese spectator, a player who
reloads mid-game and gets the replay, a spectator who switches language and gets the log again)
and every frame each of them received before the end is scanned: state, log, replies (with
/who and /option), chat, replay."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from .harness import Client, ServerProc, seat_players

# "for 3 coins", "2 coin", "3ターラー": a coin figure in a line of text
COIN_TEXT = re.compile(r"\d+\s*coins?\b|\d+\s*ターラー", re.IGNORECASE)
# a number under a key that names coins or scores (a view's "coins" is null while hidden)
COIN_KEYS = {"coins", "scores", "best", "history", "earned"}


def _scan(frames: list[str], who: str) -> tuple[int, int]:
    """(frames scanned before the end, harvest lines seen) of one listener; asserts none
    holds a coin figure."""
    scanned = harvests = 0
    for raw in frames:
        m = json.loads(raw)
        if m["type"] == "state" and m["view"] is not None and m["view"]["phase"] == "over":
            break
        entries = (m.get("entries") or []) if m["type"] == "log" else (m.get("log") or [])
        if any(e.get("kind") == "game_over" for e in entries):
            break
        scanned += 1
        harvests += sum(1 for e in entries if e.get("kind") == "harvest")
        stack: list[tuple[str, Any]] = [("", m)]
        while stack:
            key, value = stack.pop()
            if isinstance(value, dict):
                stack.extend(value.items())
            elif isinstance(value, list):
                stack.extend((key, v) for v in value)
            elif isinstance(value, str):
                found = COIN_TEXT.search(value)
                # the third field's price is a rule (R22), not anyone's money
                if found and "third" not in value and "3つ目" not in value:
                    raise AssertionError((who, "coin figure in text", value))
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                assert key not in COIN_KEYS, (who, "coin figure under", key, raw[:300])
    return scanned, harvests


@pytest.mark.parametrize(("names", "options"), [
    (["Ann", "Bob", "Cy"], ["/option hiddenmoney on"]),
    (["Ann", "Bob", "Cy", "Dee"], ["/option rules amigo", "/option hiddenmoney on"]),
])
async def test_no_coin_figure_in_any_frame_before_the_end(
    server_factory: Any, names: list[str], options: list[str]
) -> None:
    srv: ServerProc = server_factory(game_seed=11)
    url = srv.ws_url("secret")
    watch_en = await Client(url, "Watcher").connect()
    watch_ja = Client(url, "見物")
    await watch_ja.connect(hello=False)
    await watch_ja.send({"type": "hello", "name": "見物", "lang": "ja"})
    await watch_ja.wait(lambda: watch_ja.state is not None)
    table = await seat_players(url, names, options)
    listeners: dict[str, list[str]] = {}
    steps = 0
    reloaded = late = False
    while await table.step():
        steps += 1
        if steps % 40 == 0:  # the chat system lines: /who, /option, /help answers
            for c in table.clients:
                for text in ("/who", "/option", "/help harvest"):
                    assert (await c.say(text))["ok"]
        if steps == 60 and not reloaded:  # a reload mid-game: the replay of the log
            first = table.clients[0]
            listeners["Ann before reload"] = first.frames[:]
            await first.close()
            first.frames.clear()
            await first.connect()
            reloaded = True
        if steps == 90 and not late:  # a late spectator, and a switch of language
            late_c = await Client(url, "Late").connect()
            await watch_en.send({"type": "lang", "lang": "ja"})
            late = True
    await table.sync()
    assert table.clients[0].view["phase"] == "over"
    listeners.update({f"seat {i}": c.frames for i, c in enumerate(table.clients)})
    listeners.update({"spectator en": watch_en.frames, "spectator ja": watch_ja.frames,
                      "late spectator": late_c.frames})
    total_harvests = 0
    for who, frames in listeners.items():
        scanned, harvests = _scan(frames, who)
        assert scanned > 0, who
        total_harvests += harvests
    assert total_harvests > 0  # the harvests were seen (public), only without their coins
    # after the end the totals are shown (the final view)
    final = table.clients[0].view
    assert all(isinstance(s["coins"], int) for s in final["seats"])
    for c in (*table.clients, watch_en, watch_ja, late_c):
        await c.close()


async def test_no_coin_figure_while_bots_play_the_duel(server_factory: Any) -> None:
    """The 2-player bean duel (its third field's coins leave the game, C11), played by bots
    and watched in English and Japanese, with a late spectator's replay."""
    srv: ServerProc = server_factory(game_seed=5, bot_delay=0)
    url = srv.ws_url("duel")
    en = await Client(url, "Watcher").connect()
    ja = Client(url, "見物")
    await ja.connect(hello=False)
    await ja.send({"type": "hello", "name": "見物", "lang": "ja"})
    await ja.wait(lambda: ja.state is not None)
    for text in ("/option rules rio-grande", "/option hiddenmoney on", "/addbot", "/addbot",
                 "/start"):
        assert (await en.say(text))["ok"], text
    await en.wait(lambda: en.state is not None and en.state["view"] is not None
                  and en.state["view"]["turn"] >= 6, timeout=60)
    late = await Client(url, "Late").connect()
    await en.wait(lambda: en.state["view"]["phase"] == "over", timeout=120)  # type: ignore[index]
    await late.wait(lambda: late.state["view"]["phase"] == "over")  # type: ignore[index]
    harvests = 0
    for who, c in (("en", en), ("ja", ja), ("late", late)):
        scanned, seen = _scan(c.frames, who)
        assert scanned > 0
        harvests += seen
    assert harvests > 0
    for c in (en, ja, late):
        await c.close()
