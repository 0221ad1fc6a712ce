"""The bot picker of a farm room starts on the farm's default bot, ``sensible`` (docs/farm.md:
``/addbot NAME random|sensible|shipper``, default ``sensible``), and says in a word how each
farm bot plays. It started on ``random`` ("random (for practice)": the only farm policy with a
description, first in alphabetical order), so a newcomer's **Add bot** seated a bot that plays
uniformly at random (trial user9, 5 Dec 2026). Bohnanza's picker keeps its levels, easy
first."""

from __future__ import annotations

from typing import Any

import pytest

from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000


@pytest.mark.parametrize("lang,words", [("en", {"sensible": "sensible", "shipper": "shipper",
                                                "random": "random"}),
                                        ("ja", {"sensible": "堅実", "shipper": "出荷",
                                                "random": "ランダム"})])
def test_farm_picker_starts_on_the_farm_default_bot(browser: Any, server: str, lang: str,
                                                    words: dict[str, str]) -> None:
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        pg.add_init_script(f"localStorage.setItem('bohnanza.lang', '{lang}');"
                           "localStorage.setItem('bohnanza.name', 'Ann')")
        pg.goto(f"{server}/r/e2e-farm-picker-{lang}?game=farm")
        pg.click("#btn-join")
        pg.wait_for_function("window.__bohnanza.S.roomInfo.game.game === 'farm'"
                             " && window.__bohnanza.S.roomInfo.start_seats === 1", timeout=TIMEOUT)
        pg.wait_for_function("document.querySelector('#addbot-policy option').value === 'sensible'",
                             timeout=TIMEOUT)
        values = pg.eval_on_selector_all("#addbot-policy option", "os => os.map(o => o.value)")
        assert values[0] == "sensible" and sorted(values) == ["random", "sensible", "shipper"]
        texts = pg.eval_on_selector_all("#addbot-policy option", "os => os.map(o => o.textContent)")
        # each option says how the bot plays, not only its name
        for value, text in zip(values, texts, strict=True):
            word = words[value]
            assert word in text and len(text) > len(word) + 3, texts
        pg.click("#btn-addbot")
        pg.wait_for_function("window.__bohnanza.S.roomInfo.seats.length === 2", timeout=TIMEOUT)
        seat = pg.evaluate("window.__bohnanza.S.roomInfo.seats[1]")
        assert seat["policy"] == "sensible", seat
        assert_clean(pg, errors)
