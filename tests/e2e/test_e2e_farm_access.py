"""The farm board to a screen reader (a screen reader player's trial): every card shown as a
figure has a name it reads, the face-down cards in the other seats' fields too (their label sat on a
plain div, which no screen reader reads: axe-core's aria-prohibited-attr, serious), and the
preparation phase passes axe-core."""

from __future__ import annotations

from typing import Any

import pytest

from .e2e_board import assert_clean, watched_page
from .test_e2e_explains import axe
from .test_e2e_farm_hidden import _seat_ann_and_say

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
# one cycle of two turns, a contest in turn 2 (F1-F3, F8-F10 at their smallest)
SHORT = ("/option params name = \"short\"\n[game]\ncycles = 1\nturns_per_cycle = 2\n"
         "contest_turns = [2]\ncontest_level_by_cycle = [1]\n")


def test_face_down_cards_have_a_name_and_the_board_passes_axe(browser: Any, server: str) -> None:
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        _seat_ann_and_say(pg, server, "e2e-farm-access",
                          ["/option game farm", SHORT, "/addbot Bo shipper", "/start"])
        pg.wait_for_selector("#farm-declare, #farm-end, #farm-adjust", timeout=TIMEOUT)
        # Bo (shipper: a base in every free slot) plants face down (G31: bases hidden until
        # entered); its plant may reach the board after Ann's buttons, so wait for the backs
        # (counting at once failed in CI when the bot's move came a moment later)
        pg.wait_for_selector("#farm div.farm-card.back", timeout=TIMEOUT)
        backs = pg.locator("#farm div.farm-card.back")
        assert backs.count() > 0
        figures = pg.locator("#farm div.farm-card")
        for i in range(figures.count()):
            card = figures.nth(i)
            assert card.get_attribute("role") == "img" and card.get_attribute("aria-label"), \
                card.evaluate("e => e.outerHTML")
        assert axe(pg) == []
        assert_clean(pg, errors)
