"""Payouts generated from the table in rules.md §1c (R18; pitfalls B15, B16, B25, B29)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bohnanza.engine import coins_for
from bohnanza.engine.beans import BEANS

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules.md"
NAMES = {"Coffee": "coffee", "Wax": "wax", "Blue": "blue", "Chili": "chili", "Stink": "stink",
         "Green": "green", "Soy": "soy", "Black-eyed": "blackeyed", "Red": "red",
         "Garden": "garden", "Cocoa": "cocoa"}


def _table() -> list[tuple[str, int, int]]:
    text = RULES.read_text(encoding="utf-8")
    section = text.split("### 1c.")[1].split("###")[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0] in NAMES:
            for n, cell in enumerate(cells[1:], start=1):
                if re.fullmatch(r"\d+", cell):
                    rows.append((NAMES[cells[0]], n, int(cell)))
    return rows


TABLE = _table()


def test_table_was_read() -> None:
    assert len({b for b, _, _ in TABLE}) == 11
    assert len(TABLE) > 100


@pytest.mark.parametrize(("bean", "n", "coins"), TABLE)
def test_payout_matches_rules_table(bean: str, n: int, coins: int) -> None:
    assert coins_for(bean, n) == coins


def test_top_tier_has_no_upper_limit() -> None:
    # B16: 24 coffee pay 4, never 0.
    assert coins_for("coffee", 24) == 4
    assert coins_for("blue", 40) == 4


def test_deck_counts() -> None:
    # rules.md §1a, §1b: 104 cards of 8 types, 154 of 11.
    base = ["blue", "chili", "stink", "green", "soy", "blackeyed", "red", "garden"]
    assert sum(BEANS[b][0] for b in base) == 104
    assert sum(c for c, _ in BEANS.values()) == 154
