"""The seat list of a running game, as a spectator sees it on a phone (a new user's report,
4 Dec 2026: a bot's "waits for offers: about 10 s left" note cut "Bot 3" to "Bo…"): a seat's
name is shown whole, its marks wrap under it when the line is short."""

from __future__ import annotations

import time
from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def test_a_waiting_bots_name_is_whole_on_a_phone(browser: Any, server: str) -> None:
    g = P.game(seats=[{"hand": ["chili"]}, {"hand": ["red"]}, {"hand": ["soy"]}])
    msg = P.state(g, None)   # a spectator: the running game's seat list shows
    for s in msg["room"]["seats"][1:]:
        s.update(name=f"Bot {s['seat'] + 1}", bot=True, policy="greedy")
    waiting = msg["room"]["seats"][2]
    waiting.update(doing="waiting", waits_until=time.time() + 25)
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, msg)
        name = pg.locator('.seat-list li[data-seat="2"] .seat-name')
        name.wait_for(timeout=5000)
        assert name.inner_text().startswith("Bot 3")
        # the name is not cut: its text fits its box
        assert pg.evaluate("""() => { const e = document.querySelector(
            '.seat-list li[data-seat="2"] .seat-name'); return e.scrollWidth <= e.clientWidth; }""")
        assert_clean(pg, errors)
