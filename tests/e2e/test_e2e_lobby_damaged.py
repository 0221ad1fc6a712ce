"""The lobby shows a damaged room as damaged (a trial: ``/api/rooms`` said ``damaged: true``
for a stored room whose game fails the card audit, and the lobby read "waiting" with a link
that only led to the server's refusal, ``room_damaged``). It reads "damaged: cannot be
opened" (Japanese: 破損: 開けません), with no link; a sound room beside it is listed as before."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bohnanza.engine import Game
from bohnanza.server.sqlite import SQLiteStore as Store

from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
NAMES = ["Ann", "Bob", "Cy"]


def _store_rooms(db: Any) -> None:
    """Two stored rooms with a game on: ``Sound``, and ``Broken`` whose first hand holds three
    cards more than the deck has (107 of 104: the audit refuses it at start-up)."""
    store = Store(db)
    seats = [{"name": n, "token_hash": "h"} for n in NAMES]
    for name, seed, extra in (("Sound", 2, []), ("Broken", 3, ["coffee"] * 3)):
        pos = json.loads(json.dumps(Game.new("classic", NAMES, seed).to_position()))
        pos["seats"][0]["hand"] += extra
        store.save(name=name, version=2, game_no=1, options={}, game=pos, last_result=None,
                   seats=seats, command=(0, "/start"), log=[])
    store.close()


@pytest.mark.parametrize("lang,damaged,playing", [("en-US", "damaged: cannot be opened",
                                                   "playing"),
                                                  ("ja-JP", "破損: 開けません", "プレイ中")])
def test_the_lobby_shows_a_damaged_room_as_damaged(private_server: Any, browser: Any,
                                                    lang: str, damaged: str,
                                                    playing: str) -> None:
    srv = private_server()
    srv.stop()
    _store_rooms(srv.db)
    srv.start()
    with watched_page(browser, locale=lang) as (pg, errors):
        pg.goto(srv.base + "/")
        pg.wait_for_function("document.querySelectorAll('#rooms li[data-room]').length === 2",
                             timeout=TIMEOUT)
        broken = pg.locator("#rooms li[data-room='Broken']")
        sound = pg.locator("#rooms li[data-room='Sound']")
        assert broken.locator(".tag").first.inner_text().strip() == damaged
        assert broken.locator(".tag.waiting, .tag.running").count() == 0
        assert broken.locator("a").count() == 0          # it cannot be opened: no link
        assert "Broken" in broken.inner_text()
        assert sound.locator(".tag.running").inner_text().strip() == playing
        assert sound.locator("a").get_attribute("href") == "/r/Sound"
        assert_clean(pg, errors)
