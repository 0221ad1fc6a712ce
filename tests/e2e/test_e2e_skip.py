"""A board that is sent nothing for the versions in which it sees nothing new (issue 14,
``server/room/stateframes.py``) keeps a correct view across them: seed 000 shows the active
player the other seats' markers (summed) and everyone else the active player's only, so the
markers of a seat that is not active reach no other seat that is not active. The next patch
that board gets says ``base`` = the version it holds; it applies it without a resync."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .e2e_board import sync
from .test_e2e_game import open_room

pytestmark = pytest.mark.browser


def test_a_board_follows_across_versions_it_was_not_sent(private_server: Any, browser: Any,
                                                          artifacts: Path) -> None:
    # the default idle and away times: no idle mark (which every board sees) comes and goes
    # while the markers are set
    srv = private_server(idle_seconds=None, away_seconds=None)
    players = open_room(browser, srv.base, "e2e-skip", ["Ann", "Bob", "Cleo"])
    players[0].act(lambda: players[0].click("#btn-start"))
    sync(players)
    view = players[0].view()
    active = players[view["active"]]  # seats in the order they joined
    first, second = (p for p in players if p is not active)
    beans = [c["bean"] for c in view["catalogue"]]
    held = second.version()
    patches = second.page.evaluate("window.__bohnanza.patches || 0")

    line = first.page.locator("#chat-input")
    for text in (f"/want {beans[0]}", f"/have {beans[1]}"):  # two versions Bob never sees
        line.fill(text)
        first.act(lambda: line.press("Enter"))
    active.wait(f"window.__bohnanza.state.view.signals.want[{beans[0]!r}] === 1"
                f" && window.__bohnanza.state.view.signals.have[{beans[1]!r}] === 1")
    assert first.you()["signals"] == {"want": [beans[0]], "have": [beans[1]]}
    assert active.version() >= held + 2
    second.page.wait_for_timeout(500)  # nothing comes: it sees nothing new
    assert second.version() == held
    assert second.view()["signals"] == {"want": {}, "have": {}, "of": view["active"]}

    # the active player's marker is everyone's news: the next patch goes from ``held``
    line = active.page.locator("#chat-input")
    line.fill(f"/want {beans[2]}")
    active.act(lambda: line.press("Enter"))
    second.wait(f"window.__bohnanza.S.version === {active.version()}")
    assert second.page.evaluate("[window.__bohnanza.patches || 0, window.__bohnanza.resyncs"
                                " || 0]") == [patches + 1, 0]
    assert second.view()["signals"] == {"want": {beans[2]: 1}, "have": {},
                                        "of": view["active"]}
    # what the board holds is the server's state: a full state asked for now is the same
    mine = second.page.evaluate("JSON.stringify({view: window.__bohnanza.state.view, room:"
                                " {...window.__bohnanza.state.room, now: 0}})")
    second.page.evaluate("window.__held = window.__bohnanza.net.held;"
                         " window.__bohnanza.net.ws.send(JSON.stringify({type: 'resync'}))")
    second.wait("window.__bohnanza.net.held !== window.__held"
                f" && window.__bohnanza.net.held.version === {active.version()}")
    again = second.page.evaluate("JSON.stringify({view: window.__bohnanza.state.view, room:"
                                 " {...window.__bohnanza.state.room, now: 0}})")
    assert json.loads(mine) == json.loads(again)
    for p in players:
        assert not p.errors, (p.name, p.errors)
    second.shot(artifacts / "skipped-versions.png")
