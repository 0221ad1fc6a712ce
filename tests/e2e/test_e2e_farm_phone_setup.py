"""The farm room's set-up fits a phone (390 x 844, docs/farm.md: "Usable at 390x844"). Its bot
picker names each farm policy with what it does ("sensible (enters contests, ships the rest)"),
and that select pushed the page to 448 px: the whole room scrolled sideways before the start
and under the final table (seen at the end of a short game, 5 Dec 2026)."""

from __future__ import annotations

from typing import Any

import pytest

from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000


def test_the_farm_setup_fits_a_phone(browser: Any, server: str) -> None:
    with watched_page(browser, viewport={"width": 390, "height": 844}) as (pg, errors):
        pg.add_init_script("localStorage.setItem('bohnanza.lang', 'en');"
                           "localStorage.setItem('bohnanza.name', 'Ann')")
        pg.goto(f"{server}/r/e2e-farm-phone-setup")
        pg.click("#btn-join")
        pg.wait_for_function("window.__bohnanza.S.roomInfo.start_seats === 1", timeout=TIMEOUT)
        for text in ["/option game farm", "/addbot Bo sensible"]:
            reply = pg.evaluate(f"window.__bohnanza.net.say({text!r})")
            assert reply["ok"], (text, reply)
        pg.wait_for_function("window.__bohnanza.S.roomInfo.seats.length === 2", timeout=TIMEOUT)
        pick = pg.locator("#addbot-policy")
        assert pick.count() == 1
        assert "contests" in pick.inner_text()          # the farm's policies, with their words
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390
        box = pick.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, box
        assert_clean(pg, errors)
