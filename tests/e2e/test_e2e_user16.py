"""User16's trial of the farm game (a new player with only the README: three people, one on a
390x844 phone, a watcher, a whole game to its end). Expected values from farm-rules.md (ids
in each test) and what a player expects, never from what the page printed.

- a Plant the server refused (three cards picked with a grade-1 synthesis pot: F19 allows
  one synthesis card) left the three cards marked 1, 2, 3 on the board while the board had
  forgotten them: un-picking the third to plant the other two picked the third alone, and
  Plant then planted it as a base without the card meant as the base;
- a watcher of a table whose every seat was taken before the start read "Press Take a seat to
  play (4 seated; 2-4 players)" beside a green Take a seat, which the server refused (All 4
  seats are taken; you can watch).
- one card over the hand limit (F31) read "pick 1 cards over the hand limit";
- the preparation's hint said "Pick a base, then its synthesis cards" with the field full
  (a base kept from an earlier turn, G13), where no base can be planted, and never said how
  many synthesis cards the pot takes (F19): Plant with three cards picked was refused;
- with four seats on a laptop the seat panels cut the facility names to "Trans…", "Synt…",
  "Stora…" (F7's four facilities);
- at a table of two people, Eve was still choosing her base when Dan declared, and "Eve is
  done at once" (F22: all but one declared): her line had only said "transform and plant,
  then declare the end";
- a watcher's line read only "You are watching." through the whole game, where the README
  promises the line under the top bar says whom the table waits for.
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.farm.engine import FarmGame
from bohnanza.farm.engine.actions import Done
from bohnanza.farm.scenario import prepare

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1366, "height": 768}, "locale": "en-US"}
HAND = ["L1 root shape+1", "L1 leaf texture+1", "L1 fruit shape+2"]


def _prep() -> FarmGame:
    """Turn 1's preparation: Ann holds three level-1 cards; every facility at grade 1."""
    return FarmGame.from_position(prepare({
        "piles": "rest", "cycle": 1, "turn": 1, "params": {},
        "seats": [{"name": "Ann", "hand": HAND}, {"name": "Bob"}]}))


def _picked(pg: Any) -> list[str]:
    return pg.evaluate("""() => [...document.querySelectorAll('#farm .farm-hand .farm-card')]
        .map((e) => e.getAttribute('aria-pressed'))""")


def test_the_picks_a_refused_plant_leaves_are_the_ones_the_board_keeps(browser: Any,
                                                                     server: str) -> None:
    """F19: a grade-1 synthesis pot takes 1 synthesis card. Ann picks a base and two cards to
    lay on it; the server refuses (synth_limit); she un-picks the last card and presses Plant:
    the base she picked first goes in with the one card she kept on it."""
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(_prep(), 0))
        pg.wait_for_selector("#farm .farm-hand .farm-card")
        pg.evaluate("""() => { window.__bohnanza.answer = () => ({ ok: false, code: 'synth_limit',
            message: 'your synthesis pot (grade 1) allows 1 synthesis card here' }); }""")
        for i in (0, 2, 1):
            pg.click(f'#farm .farm-hand .farm-card[data-index="{i}"]')
        pg.click("#farm-plant")
        pg.wait_for_function("window.__bohnanza.sent.length === 1")
        assert pg.evaluate("window.__bohnanza.sent[0]").endswith("/plant h1 h3 h2")
        # refused: the hand still shows the three picks, and they are what the board holds
        assert _picked(pg) == ["true", "true", "true"]
        pg.evaluate("() => { window.__bohnanza.answer = null; }")
        pg.click('#farm .farm-hand .farm-card[data-index="1"]')   # take the third pick back
        assert _picked(pg) == ["true", "false", "true"]
        assert pg.locator("#farm-plant").inner_text() == "Plant (2)"
        pg.click("#farm-plant")
        pg.wait_for_function("window.__bohnanza.sent.length === 2")
        assert pg.evaluate("window.__bohnanza.sent[1]").endswith("/plant h1 h3")
        assert_clean(pg, errors)


def _before_start(names: list[str]) -> dict[str, Any]:
    """The room before the start as a watcher gets it: ``names`` seated (classic, 3-5)."""
    msg = P.before_start(None)
    msg["room"] = P.room(None, running=False, names=names)
    msg["room"]["start_seats"] = len(names)
    return msg


def test_a_watcher_of_a_full_table_is_not_asked_to_take_a_seat(browser: Any,
                                                               server: str) -> None:
    """Classic seats 3-5 (rules.md, R1): with 5 seated the server refuses a join before the
    start (room_full), so the watcher reads that every seat is taken and Take a seat is not
    the button the page points to; with 4 seated it still asks."""
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, _before_start(["Ann", "Bob", "Cleo", "Dan", "Eve"]))
        pg.wait_for_selector("#btn-join")
        line = pg.locator("#status").inner_text()
        assert line.startswith("Every seat is taken (5 of 5): you are watching."), line
        assert "Press Take a seat" not in line
        assert "primary" not in (pg.get_attribute("#btn-join", "class") or "")
        P.show(pg, server, _before_start(["Ann", "Bob", "Cleo", "Dan"]))
        pg.wait_for_function("document.querySelector('#status').innerText.includes('4 seated')")
        assert pg.locator("#status").inner_text().startswith("Press Take a seat to play")
        assert "primary" in (pg.get_attribute("#btn-join", "class") or "")
        assert_clean(pg, errors)


@pytest.mark.parametrize("turn", [1, 2])   # turn 1 has no contest (F2), turn 2 one
def test_one_card_over_the_hand_limit_is_one_card(browser: Any, server: str, turn: int) -> None:
    """F31: 6 cards with a grade-1 storage box (limit 5): the line asks for one card."""
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(P.farm_over_the_limit(1, turn), 0))
        pg.wait_for_selector("#farm-adjust")
        line = pg.locator("#status").inner_text()
        assert "pick 1 card over the hand limit" in line, line
        assert ("enter" in line) == (turn == 2), line     # entering only in a contest turn
        P.show(pg, server, P.farm_state(P.farm_over_the_limit(2, turn), 0))
        pg.wait_for_function("document.querySelector('#status').innerText.includes('pick 2 cards over')")
        assert_clean(pg, errors)


def _prep_hint(field: list[Any], grades: dict[str, int] | None = None) -> FarmGame:
    """Turn 2's preparation: Ann holds three cards; ``field``: her field's slots."""
    return FarmGame.from_position(prepare({
        "piles": "rest", "cycle": 1, "turn": 2, "params": {},
        "seats": [{"name": "Ann", "hand": HAND, "field": field, "grades": grades or {}},
                  {"name": "Bob"}]}))


def test_the_preparation_hint_says_what_the_field_and_pot_allow(browser: Any,
                                                               server: str) -> None:
    kept = {"base": "L1 root size+2", "synth": [], "planted": 1}    # from turn 1 (G13)
    new = {"base": "L1 root size+2", "synth": [], "planted": 2}     # planted in this phase
    with watched_page(browser, **LAPTOP) as (pg, errors):
        hint = "#farm .farm-mine > .hint-text"
        # a free slot, synthesis pot grade 1 (F19: 1 card), then grade 3 (3 cards)
        P.show(pg, server, P.farm_state(_prep_hint([None]), 0))
        pg.wait_for_selector(hint)
        assert pg.locator(hint).inner_text() == ("Pick a base, then up to 1 synthesis card to lay "
                                                 "on it; or pick 2 cards of your hand to "
                                                 "transform them")   # F14 (newuser19)
        P.show(pg, server, P.farm_state(_prep_hint([None], {"synth_pot": 3}), 0))
        pg.wait_for_function(f"document.querySelector({hint!r}).innerText.includes('3 synthesis cards')")
        # the field full with a base from turn 1: nothing can be planted (F18) or laid on it (G11)
        P.show(pg, server, P.farm_state(_prep_hint([kept]), 0))
        pg.wait_for_function(f"document.querySelector({hint!r}).innerText.includes('field is full')")
        text = pg.locator(hint).inner_text()
        assert "Pick a base" not in text and "transform" in text, text
        # full with this phase's base and room on it: cards may still go onto it (F19, G11)
        P.show(pg, server, P.farm_state(_prep_hint([new]), 0))
        pg.wait_for_function(f"document.querySelector({hint!r}).innerText.includes('new base')")
        assert_clean(pg, errors)


def test_the_seat_panels_write_each_facility_whole(browser: Any, server: str) -> None:
    """F7: every seat has the four facilities; four seats side by side at 1366x768 name each
    in full view (the /upgrade words: pot, field, synth, box), the whole name in its title."""
    g = FarmGame.from_position(prepare({
        "piles": "rest", "cycle": 1, "turn": 1, "params": {},
        "seats": [{"name": n} for n in ("Ann", "Bob", "Cat", "Dan")]}))
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0))
        pg.wait_for_selector("#farm .farm-seat .fac-name")
        cells = pg.evaluate("""() => [...document.querySelectorAll('#farm .farm-seat .fac')]
            .map((c) => { const n = c.querySelector('.fac-name');
                          return [n.textContent, n.scrollWidth <= n.clientWidth, c.title]; })""")
        assert len(cells) == 16, cells
        assert [c[0] for c in cells[:4]] == ["Pot", "Field", "Synth", "Box"], cells
        assert all(c[1] for c in cells), [c for c in cells if not c[1]]
        assert cells[0][2] == "Transformation pot grade 1", cells
        # one's own facilities keep their whole names (room enough there)
        own = pg.locator("#farm .farm-mine .fac-name").all_inner_texts()
        assert own == ["Transformation pot", "Field", "Synthesis pot", "Storage box"], own
        assert_clean(pg, errors)


def _prep_declared(names: list[str], declared: list[int]) -> FarmGame:
    g = FarmGame.from_position(prepare({
        "piles": "rest", "cycle": 1, "turn": 1, "params": {},
        "seats": [{"name": n, "hand": [f"L1 {c} shape+1" for c in ("root", "leaf", "fruit")[i:i + 1]]}
                  for i, n in enumerate(names)]}))
    for seat in declared:
        g.apply(seat, Done())
    return g


def test_the_line_warns_when_the_next_declaration_ends_the_preparation(browser: Any,
                                                                       server: str) -> None:
    """F22: when every player but one has declared, the last is done at once. Ann has not
    declared and one other person has not either: if that person declares first, Ann's
    preparation ends, and her line says so; a bot holds its declaration while a person
    prepares (trial user8), so with a bot there is nothing to warn of."""
    warn = "If Bob declares first, your preparation ends at once"
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(_prep_declared(["Ann", "Bob"], []), 0))
        pg.wait_for_selector("#farm .farm-hand .farm-card")
        assert warn in pg.locator("#status").inner_text()
        # three seats, Cat declared: Bob's declaration would end it (G17, F22)
        three = P.farm_state(_prep_declared(["Ann", "Bob", "Cat"], [2]), 0)
        P.show(pg, server, three)
        pg.wait_for_function("document.querySelector('#status').innerText.includes('Bob declares')")
        # three seats, nobody declared: one declaration does not end Ann's phase
        P.show(pg, server, P.farm_state(_prep_declared(["Ann", "Bob", "Cat"], []), 0))
        pg.wait_for_function("!document.querySelector('#status').innerText.includes('declares first')")
        assert pg.locator("#status").inner_text().startswith("Preparation: transform and plant")
        # Bob a bot: it waits for Ann (no warning)
        bot = P.farm_state(_prep_declared(["Ann", "Bob"], []), 0)
        bot["room"]["seats"][1].update(bot=True, policy="sensible")
        P.show(pg, server, bot)
        pg.wait_for_function("document.querySelector('#farm-declare') !== null")
        assert "declares first" not in pg.locator("#status").inner_text()
        assert_clean(pg, errors)


def test_a_watchers_line_says_whom_the_table_waits_for(browser: Any, server: str) -> None:
    """README ("the line ... says ... whom the table waits for"), as a Bohnanza watcher's
    line does: in the preparation (F12, all at once) the seats still to declare (F20); in the
    harvest (F23, one at a time) the seat harvesting."""
    prep = _prep_declared(["Ann", "Bob", "Cat"], [1])
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(prep, None))
        pg.wait_for_selector("#farm .farm-seat")
        assert pg.locator("#status").inner_text() == (
            "You are watching. Preparation: waiting for Ann, Cat to declare the end.")
        harvest = P.farm_over_the_limit(0, 1)
        P.show(pg, server, P.farm_state(harvest, None))
        pg.wait_for_function("document.querySelector('#status').innerText.includes('harvests')")
        assert pg.locator("#status").inner_text() == "You are watching. Ann harvests."
        assert_clean(pg, errors)
