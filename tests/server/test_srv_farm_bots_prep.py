"""A person who declares at once at a farm table with two bots (farm18's session, 5 Dec 2026):
the bot asked first planted and declared before the other was asked once, so the other was
"done at once" (F22) with nothing planted in every preparation phase of the game, although
all players play the preparation phase at the same time (F12). A bot now holds its
declaration while another bot still prepares, as it does for a person (trial user8)."""

from __future__ import annotations

import json
from typing import Any

from .harness import Client


def _prep_lines(c: Client) -> list[dict[str, Any]]:
    """The farm log lines ``c`` received up to the first harvest phase."""
    out: list[dict[str, Any]] = []
    for raw in c.frames:
        m = json.loads(raw)
        for e in (m.get("log") if m.get("type") == "state" else None) or []:
            if e.get("game") != "farm":
                continue
            if e.get("kind") == "harvest":
                return out
            out.append(e)
    return out


async def test_each_bot_prepares_before_the_preparation_ends(server_factory: Any) -> None:
    srv = server_factory(game_seed=5)      # bot_delay 0: the bots act at once
    ann = Client(srv.ws_url("twobots"), "Ann")
    await ann.connect()
    try:
        await ann.ok("/join")
        await ann.ok("/option game farm")
        await ann.ok("/addbot Robo sensible")
        await ann.ok("/addbot Rita sensible")
        await ann.ok("/start")
        await ann.ok("/done")                # Ann declares at once: card 1 (F20)
        await ann.wait(lambda: ann.view["phase"] == "harvest")
        lines = _prep_lines(ann)
        for seat in (1, 2):                  # each bot planted its first base (F12, F18)
            assert any(e["kind"] == "plant" and e["seat"] == seat for e in lines), (seat, lines)
        declared = {e["seat"]: e for e in lines if e["kind"] == "declare"}
        assert declared[0]["card"] == 1 and not declared[0]["forced"]
        assert sorted(e["card"] for e in declared.values()) == [1, 2, 3]   # F20-F22
    finally:
        await ann.close()
