"""The bean duel (rules.md §3a) on the board and the turn clock on a phone, as helper duel17
played them.

1. On a 390 px wide screen the top bar's phase button ("End planting", "End turn (the rest
   to your opponent)") spilled out of its grid cell over the Sound, Read and language
   switches when the turn clock shared its cell (and, without touch, even without the
   clock): a tap there pressed the phase button, and the switches could not be reached.
2. While the opponent has planted two cards in step 2 and may still discard one hand card,
   the other player's line said "Ann may plant a second card" (a third card cannot be
   planted, R26, §3a step 2).
3. The last step 3 (after the final exhaustion, R38) said the rest went to the opponent.
4. Off turn, a lone bean's Harvest said bean protection held it (R19) where the duel's
   timing did (R16).
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import status, watched_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
NARROW = {"viewport": {"width": 390, "height": 844}}    # a narrow window, no touch

# the switches the phase button covers, and whether a tap on each switch's middle reaches it
COVERED = """() => { const box = (s) => document.querySelector(s).getBoundingClientRect();
  const b = box('#phase-btn'); const out = [];
  for (const s of ['#sound', '#speaker', '#lang', '#topbar .brand']) {
    const r = box(s);
    if (b.left < r.right - 1 && r.left < b.right - 1 && b.top < r.bottom - 1 && r.top < b.bottom - 1) out.push(s);
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!document.querySelector(s).contains(hit)) out.push(s + ' not tappable');
  }
  if (b.right > innerWidth || b.left < 0) out.push('off screen');
  return out; }"""


def duel_planted(n: int) -> P.Game:
    """The duel in step 2 (Ann's turn) after ``n`` Blue cards planted from the front of her
    hand into field 1."""
    g = P.Game.from_position({
        "preset": "rio-grande", "names": ["Ann", "Bob"], "deck": ["soy"] * 30,
        "discard": ["red"], "phase": "plant", "active": 0, "seats": [
            {"name": "Ann", "hand": ["blue", "blue", "red", "wax"], "fields": [["blue", 1], None]},
            {"name": "Bob", "hand": ["chili"] * 4, "fields": [["chili", 2], None]}]})
    assert g.rules.duel
    for _ in range(n):
        P.say(g, 0, "/plant 1")
    assert g.phase == "plant" and g.view(0)["planted"] == n
    return g


def active_state(g: P.Game, clock: bool) -> dict[str, Any]:
    msg = P.state(g, g.active)
    return P.with_clock(msg) if clock else msg


BOARDS = [
    ("duel-plant-1", lambda: duel_planted(1)),
    ("duel-revealed", lambda: P.duel("plant_revealed")),
    ("classic-second", P.plant_second),
]


@pytest.mark.parametrize("ctx", [PHONE, NARROW], ids=["phone", "narrow"])
@pytest.mark.parametrize("clock", [False, True], ids=["no-clock", "clock"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_phase_button_leaves_the_switches_free(browser: Any, server: str, ctx: dict[str, Any],
                                               clock: bool, lang: str) -> None:
    with watched_page(browser, **ctx, locale="en-US") as (pg, _errors):
        for name, make in BOARDS:
            P.show(pg, server, active_state(make(), clock), lang=lang)
            assert pg.locator("#phase-btn").is_visible(), name
            assert pg.evaluate(COVERED) == [], (name, pg.locator("#phase").inner_text())


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_other_player_is_told_about_the_optional_discard(browser: Any, server: str,
                                                             lang: str) -> None:
    """§3a step 2: after two plants only the discard of one hand card (or the end of the
    step) is left; after one, a second plant or the discard."""
    with watched_page(browser, viewport={"width": 1366, "height": 768}, locale="en-US") as (pg, _e):
        g = duel_planted(2)
        who = g.names[g.active]
        P.show(pg, server, P.state(g, 1 - g.active), lang=lang)
        line = status(pg)
        assert who in line and "second card" not in line and "2枚目" not in line, line
        if lang == "en":
            assert line == f"{who} may discard one hand card, or end planting.", line
        g = duel_planted(1)
        P.show(pg, server, P.state(g, 1 - g.active), lang=lang)
        if lang == "en":
            assert status(pg) == (f"{who} may plant a second card, discard one hand card, "
                                  "or end planting."), status(pg)
        P.show(pg, server, P.state(g, None), lang=lang)    # a spectator
        if lang == "en":
            assert status(pg).endswith(f"{who} may plant a second card, discard one hand "
                                       "card, or end planting."), status(pg)


def duel_last_reveal() -> P.Game:
    """Ann's step 3 after the first exhaustion (the reveal took the last 2 cards): the duel's
    last step (R37, R38)."""
    g = P.Game.from_position({
        "preset": "rio-grande", "names": ["Ann", "Bob"], "deck": ["blue", "red"],
        "discard": ["soy", "red"], "phase": "plant", "active": 0, "seats": [
            {"name": "Ann", "hand": ["blue", "wax"], "fields": [["blue", 1], None]},
            {"name": "Bob", "hand": ["chili"] * 4, "fields": [["chili", 2], None]}]})
    P.say(g, 0, "/plant 1")
    P.say(g, 0, "/done")
    assert g.phase == "plant_revealed" and g.view(0)["exhaustions"] == 1
    return g


def test_the_last_step_says_the_game_ends(browser: Any, server: str) -> None:
    """R38 duel: after the final exhaustion step 3 is finished and the game is scored; the
    button, the line and the duel box said the rest went to the opponent."""
    with watched_page(browser, viewport={"width": 1366, "height": 768}, locale="en-US") as (pg, _e):
        g = duel_last_reveal()
        P.show(pg, server, P.state(g, 0))
        assert pg.locator("#phase-btn").inner_text() == "End the game (final scoring)"
        assert status(pg) == ("The draw pile has run out: plant the revealed cards you want, "
                              "then end the game."), status(pg)
        box = pg.locator("#duel").inner_text()
        assert "goes to nobody" in box and "goes to Bob" not in box, box
        P.show(pg, server, P.state(g, 1))
        assert status(pg) == ("Ann plants the revealed cards; then the game is scored (the "
                              "draw pile has run out)."), status(pg)
        assert "comes to you" not in status(pg)
        pg.locator("#phase-btn").wait_for(state="detached")
        P.show(pg, server, P.state(g, 0), lang="ja")
        assert pg.locator("#phase-btn").inner_text() == "ゲーム終了（最終得点計算）"


def test_a_lone_bean_off_turn_says_why_it_waits(browser: Any, server: str) -> None:
    """R16 duel: Bob's lone Chili cannot be harvested on Ann's turn because it is not his
    turn; his other field is empty, so bean protection (R19) does not hold it. The board
    said "A single Chili cannot be harvested while another field holds two or more beans"."""
    g = P.Game.from_position({
        "preset": "rio-grande", "names": ["Ann", "Bob"], "deck": ["soy"] * 30,
        "phase": "plant", "active": 0, "seats": [
            {"name": "Ann", "hand": ["blue", "wax"], "fields": [["blue", 1], None]},
            {"name": "Bob", "hand": ["chili"] * 4, "fields": [["chili", 1], None]}]})
    assert g.view(1)["you"]["harvestable"] == []
    with watched_page(browser, viewport={"width": 1366, "height": 768}, locale="en-US") as (pg, _e):
        P.show(pg, server, P.state(g, 1))
        b = pg.locator('#fields .field[data-field="1"] button.harvest')
        assert b.is_disabled()
        assert pg.locator("#harvest-why-1").inner_text() == "You can harvest only on your own turn."
        P.show(pg, server, P.state(g, 0))      # Ann's own lone Blue on her turn: harvestable
        assert pg.locator('#fields .field[data-field="1"] button.harvest').is_enabled()
