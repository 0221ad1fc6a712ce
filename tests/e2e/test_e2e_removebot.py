"""Remove on a seat a bot plays for its person (found beside leftalone19's item 1, the board
offering what the server refuses): after a duel whose turn clock gave Ann's seat to a bot
(three timeouts in a row; the README's turn clock), the set-up box offered "Remove" beside
Ann, connected, and /removebot Ann is refused (``not_a_bot``: setup.py ``remove_bot``, a
seat held by a person). Only a bot's own seat has Remove; the server sends a bot's seat as
not connected (nobody connects for it: roompart.py)."""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser


def test_a_persons_seat_a_bot_plays_has_no_remove(browser: Any, server: str) -> None:
    msg = P.before_start_bots(0)
    seats = msg["room"]["seats"]
    # Ann (this page) and Bob: people whose seats a bot plays, connected; Bot 2 a bot's own
    seats[0].update(bot=True, policy="normal", level="normal", timeouts=3)
    seats[1].update(name="Bob", bot=True, policy="normal", level="normal", connected=True)
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        P.show(pg, server, msg)
        pg.wait_for_selector("#setup .seat-list li")
        items = pg.locator("#setup .seat-list li")
        assert [items.nth(i).locator(".remove-bot").count() for i in range(3)] == [0, 0, 1]
        # away, the person's seat has none either (as before)
        seats[1].update(connected=False, away_since=1.0)
        P.show(pg, server, msg)
        pg.wait_for_function("() => document.querySelectorAll('#setup .remove-bot').length === 1")
        assert pg.locator('#setup .seat-list li[data-seat="2"] .remove-bot').count() == 1
        assert_clean(pg, errors)
