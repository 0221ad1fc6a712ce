"""The game-over table's order (R40): most coins first, and in a tie the winner the tie-break
chose above the players it beat (a new player's look, 4 Dec 2026: Ben 21 coins / 3 cards
stood above the winner Cy, 21 / 5, under "most hand cards")."""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

# each row's name (the text beside its swatch and trophy icon)
NAME_TEXT = """tds => tds.map((td) => [...td.childNodes].filter((n) => n.nodeType === 3)
  .map((n) => n.textContent).join('').trim())"""


@pytest.mark.parametrize(("scores", "winners", "rows"), [
    ([5, 5, 3], [1], ["Bob", "Ann", "Cleo"]),        # Bob won the tie: above Ann
    ([5, 5, 3], [0], ["Ann", "Bob", "Cleo"]),
    ([2, 7, 7], [2], ["Cleo", "Bob", "Ann"]),
    ([4, 4, 4], [0, 2], ["Ann", "Cleo", "Bob"]),     # a shared win: both above the third
])
def test_the_tie_breaks_winner_stands_first(browser: Any, server: str, scores: list[int],
                                              winners: list[int], rows: list[str]) -> None:
    msg = P.state(P.over(), 0)
    names = [s["name"] for s in msg["view"]["seats"]]
    assert names == ["Ann", "Bob", "Cleo"]
    msg["view"]["result"] = {**msg["view"]["result"], "scores": scores, "winners": winners}
    with watched_page(browser, viewport={"width": 1280, "height": 800}) as (pg, errors):
        P.show(pg, server, msg)
        shown = pg.eval_on_selector_all("#gameover table.scores tr td.who",
                                        NAME_TEXT)
        assert shown == rows
        trophies = pg.eval_on_selector_all(
            "#gameover table.scores tr.winner td.who", NAME_TEXT)
        assert trophies == [names[i] for i in rows_index(rows, names) if i in winners]
        assert_clean(pg, errors)


def rows_index(rows: list[str], names: list[str]) -> list[int]:
    return [names.index(n) for n in rows]
