"""A parameter file loaded on the farm board is announced in the reader's language: the
Japanese room read "農園ゲームのパラメータ: a parameter file。" (the English words of the
message carried into the Japanese line), and "Shipped set" likewise (trial user9, 5 Dec
2026)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000


def test_parameter_file_and_shipped_set_are_announced_in_japanese(browser: Any, server: str,
                                                                  tmp_path: Path) -> None:
    mine = tmp_path / "cheap-pots.toml"
    mine.write_text("[facilities.transform_pot]\nprice = [4, 8, 12]\n", encoding="utf-8")
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        pg.add_init_script("localStorage.setItem('bohnanza.lang', 'ja');"
                           "localStorage.setItem('bohnanza.name', 'Ken')")
        pg.goto(f"{server}/r/e2e-farm-params-ja?game=farm")
        pg.click("#btn-join")
        pg.wait_for_function("window.__bohnanza.S.roomInfo.game.game === 'farm'"
                             " && window.__bohnanza.S.roomInfo.start_seats === 1", timeout=TIMEOUT)
        pg.set_input_files("#param-file", str(mine))
        pg.wait_for_function("window.__bohnanza.S.roomInfo.game.params_name === 'cheap-pots'",
                             timeout=TIMEOUT)
        pg.click("#param-default")
        pg.wait_for_function("window.__bohnanza.S.roomInfo.game.params_name === 'default'",
                             timeout=TIMEOUT)
        pg.wait_for_function("document.querySelector('#log').textContent.includes('default')",
                             timeout=TIMEOUT)
        log = pg.locator("#log").inner_text()
        lines = [x for x in log.splitlines() if "パラメータ" in x]
        assert len(lines) >= 2, log
        for line in lines:   # Japanese words, no English sentence in the Japanese line
            assert "a parameter file" not in line and "shipped parameter set" not in line, line
        assert any("パラメータファイル" in x for x in lines), lines
        assert any("既定" in x for x in lines), lines
        assert_clean(pg, errors)


def test_the_farm_bots_badges_name_them_in_japanese(browser: Any, server: str) -> None:
    """The seat list's badge of a farm bot read "sensible" / "shipper" on the Japanese board,
    under an Add bot list that calls them 堅実 and 出荷専門 (trial user12)."""
    msg = P.before_start_bots()
    for s, policy in zip(msg["room"]["seats"][1:], ["sensible", "shipper"], strict=True):
        s["policy"] = policy
    with watched_page(browser, viewport={"width": 390, "height": 844}) as (pg, errors):
        P.show(pg, server, msg, lang="ja")
        items = pg.locator("#setup .seat-list li")
        items.nth(2).locator(".bot-mark").wait_for()
        assert [items.nth(i).locator(".bot-mark").inner_text().strip()
                for i in (1, 2)] == ["堅実", "出荷専門"]
        assert_clean(pg, errors)
