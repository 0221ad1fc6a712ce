"""The farm board's final table reads in the order the engine ranks it (farm-rules.md F3: most
VP; G30: the end tie-break; docs/farm.md D21: the places below the win follow the same
tie-break, and equal seats share a place). The board ranked the table itself: winners, then VP,
then cost whatever ``game.end_tiebreak`` named, and numbered the rows 1, 2, 3 even when two
seats shared the win. The views here are the real engine's, shown on the sample board."""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.farm.engine import FarmGame
from bohnanza.farm.engine.actions import Done
from bohnanza.farm.scenario import prepare

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Bob", "Cleo", "Dan"]
ROWS = """els => els.map((li) => [li.textContent.split(':')[0], li.value,
  li.classList.contains('winner')])"""


def _over(seats: list[dict[str, Any]], watcher: bool = False, **params: Any) -> dict[str, Any]:
    """The state Ann's page (or a watcher's) gets when turn 12's last harvest turns end
    (FT12's position)."""
    n = len(seats)
    pos = prepare({"cycle": 3, "turn": 4, "phase": "harvest", "piles": "rest",
                   "harvest_order": list(range(n)), "active": 0, "params": params,
                   "seats": [{"name": NAMES[i], **s, "order_card": n - i}
                             for i, s in enumerate(seats)]})
    g = FarmGame.from_position(pos)
    for seat in range(n):
        g.apply(seat, Done())
    assert g.over
    return P.farm_state(g, None if watcher else 0)


@pytest.mark.parametrize(("seats", "params", "rows"), [
    # FT12: a tie on VP goes to the most cost left
    ([{"vp": 20, "cost": 3}, {"vp": 20, "cost": 5}, {"vp": 12, "cost": 9}], {},
     [("Bob", 1, True), ("Ann", 2, False), ("Cleo", 3, False)]),
    # G30: equal VP and cost share the win (1, 1, 3); less cost stands below both
    ([{"vp": 12, "cost": 9}, {"vp": 20, "cost": 5}, {"vp": 20, "cost": 2}, {"vp": 20, "cost": 5}],
     {}, [("Bob", 1, True), ("Dan", 1, True), ("Cleo", 3, False), ("Ann", 4, False)]),
    # D19's earned tie-break: below the winner, Cleo (earned 30, 3 left) above Bob (10, 9 left)
    ([{"vp": 30, "cost": 1, "earned": 5}, {"vp": 20, "cost": 9, "earned": 10},
      {"vp": 20, "cost": 3, "earned": 30}], {"game": {"end_tiebreak": ["earned", "shared"]}},
     [("Ann", 1, True), ("Cleo", 2, False), ("Bob", 3, False)]),
])
def test_the_final_table_reads_in_the_engines_order(browser: Any, server: str,
                                                     seats: list[dict[str, Any]],
                                                     params: dict[str, Any],
                                                     rows: list[tuple[str, int, bool]]) -> None:
    msg = _over(seats, **params)
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        P.show(pg, server, msg)
        pg.wait_for_selector("#gameover.farm-over li")
        shown = pg.eval_on_selector_all("#gameover.farm-over li", ROWS)
        assert [tuple(r) for r in shown] == rows
        head = pg.inner_text("#gameover.farm-over h2")
        # no stray word where no tie-break was needed (the table's box read "null" there)
        assert "null" not in pg.inner_text("#gameover"), pg.inner_text("#gameover")
        assert all((name in head) == won for name, _, won in rows), head
        assert_clean(pg, errors)


def test_the_final_table_comes_first_on_a_phone(browser: Any, server: str) -> None:
    """On a phone (390x844, one column) the final table stood below the whole farm board, after
    every contest result of the game (thousands of pixels down), so a player read "The game is
    over." and no winner (trial user12). It comes first, as on a laptop."""
    msg = _over([{"vp": 20, "cost": 3}, {"vp": 12, "cost": 5}])
    with watched_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True,
                      has_touch=True) as (pg, errors):
        P.show(pg, server, msg)
        pg.wait_for_selector("#gameover.farm-over li")
        over = pg.locator("#gameover").bounding_box()
        farm = pg.locator("#farm").bounding_box()
        assert over is not None and farm is not None
        assert over["y"] < farm["y"] and over["y"] < 844, (over, farm)
        assert_clean(pg, errors)


@pytest.mark.parametrize("seat", [0, None])
def test_every_hand_and_synthesis_card_is_laid_open_at_the_end(browser: Any, server: str,
                                                               seat: int | None) -> None:
    """docs/farm.md D10: once the game is over every hand, base and synthesis card shows (the
    view carries them); the board kept the other seats' hands as "hand 2" and a base's
    synthesis cards as a count, to players and watchers alike."""
    msg = _over([{"vp": 20, "cost": 3, "hand": ["L1 root size+1"]},
                 {"vp": 12, "cost": 5, "hand": ["L1 leaf aroma+2", "L2 fruit color+3"],
                  "field": [{"base": "L1 fruit shape+1", "synth": ["L1 root flavor+2"],
                             "planted": 12}]}], watcher=seat is None)
    assert msg["view"]["seats"][1]["hand"] == ["L1 leaf aroma+2", "L2 fruit color+3"]
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        P.show(pg, server, msg)
        pg.wait_for_selector("#gameover.farm-over li")
        bob = pg.locator('#farm .farm-seat[data-seat="1"]')
        cards = bob.locator(".open-hand .farm-card").evaluate_all(
            "els => els.map((e) => e.dataset.card)")
        assert cards == ["L1 leaf aroma+2", "L2 fruit color+3"]
        synth = bob.locator(".mini-field .slot .farm-card").evaluate_all(
            "els => els.map((e) => e.dataset.card)")
        assert synth == ["L1 fruit shape+1", "L1 root flavor+2"], synth
        ann = pg.locator('#farm .farm-seat[data-seat="0"] .open-hand .farm-card')
        assert ann.count() == (0 if seat == 0 else 1)   # one's own hand is in Your hand
        assert_clean(pg, errors)
