"""A room nobody uses is forgotten (``Hub.drop_unused``), but not while its people are only
reconnecting. A new user's trial (5 Dec 2026): Ann watched a game her bots finished (she had
left her seat: a bot took it); the server was restarted; the connections the stop closed made
the room "unused" and it was deleted from the database as the server stopped (and a stored
room of bots with a finished game was deleted again at the next start), so her page came back
to a new, empty room of the same name. Now an unused room waits a few seconds
(``hub.DROP_GRACE``; a stop cancels the wait) and a stored finished game is loaded: a restart
or a reload keeps the game and its result. A real server, real sockets, the real file."""

from __future__ import annotations

from typing import Any

import pytest

from .harness import Client


async def _finished_bots_game(srv: Any, room: str) -> Client:
    """Ann seats two bots, starts, leaves (a bot plays her seat) and watches the bots end
    the game (rules.md §4a: classic seats 3-5)."""
    ann = await Client(srv.ws_url(room), "Ann").connect()
    await ann.ok("/join")
    await ann.ok("/addbot")
    await ann.ok("/addbot")
    await ann.ok("/start")
    await ann.ok("/leave")
    await ann.wait(lambda: ann.state["room"]["over"], timeout=120)
    assert not any(s["vacant"] is False and s["bot"] is None for s in ann.state["room"]["seats"])
    return ann


@pytest.mark.timeout(300)
async def test_a_finished_bots_game_watched_through_a_restart_is_kept(
        server_factory: Any) -> None:
    srv = server_factory(game_seed=4)
    ann = await _finished_bots_game(srv, "watched")
    result = ann.state["view"]["result"]
    assert result is not None
    srv.stop()  # Ann's socket is closed by the stop
    await ann.closed()
    srv.start()
    again = await Client(srv.ws_url("watched"), "Ann").connect()
    room = again.state["room"]
    assert room["over"] and len(room["seats"]) == 3, room
    assert again.state["view"]["result"] == result
    await again.close()


@pytest.mark.timeout(300)
async def test_a_reload_of_the_only_watcher_finds_the_finished_game(server_factory: Any) -> None:
    srv = server_factory(game_seed=5)
    ann = await _finished_bots_game(srv, "reload")
    result = ann.state["view"]["result"]
    await ann.close()  # a reload: the page's socket closes, the new one opens at once
    again = await Client(srv.ws_url("reload"), "Ann").connect()
    assert again.state["room"]["over"] and again.state["view"]["result"] == result
    await again.close()
