"""The farm board shows what the view says and decides no rule itself (docs/farm.md, "The
view"). Each test shows the real engine's view on the sample board with a parameter set the
board used to get wrong."""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.farm.engine import FarmGame
from bohnanza.farm.scenario import prepare

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
NAMES = ["Ann", "Bob"]


def _game(params: dict[str, Any], **pos: Any) -> FarmGame:
    base: dict[str, Any] = {"piles": "rest", "cycle": 1, "turn": 1, "params": params,
                            "seats": [{"name": n} for n in NAMES]}
    return FarmGame.from_position(prepare({**base, **pos}))


def test_the_schedule_names_the_turns_without_a_contest(browser: Any, server: str) -> None:
    # game.contest_turns = [1, 2, 3] (G6, G21): turn 1 has a contest and turn 4 has none; the
    # board always wrote "turn 1: no contest" above the schedule
    g = _game({"game": {"contest_turns": [1, 2, 3]}}, schedule=[
        {"turn": 1, "category": "leaf", "evaluation": "overall"},
        {"turn": 2, "category": "root", "evaluation": "appearance"},
        {"turn": 3, "category": "fruit", "evaluation": "taste"}])
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0))
        pg.wait_for_selector("#farm .contest-list li")
        rows = pg.locator("#farm .contest-list li").all_inner_texts()
        assert len(rows) == 4, rows
        assert "no contest" not in rows[0] and "leaf" in rows[0], rows
        assert rows[3] == "turn 4: no contest", rows
        # this turn (1) is the one highlighted, and it is leaf / overall
        now = pg.locator("#farm .contest-list li.now").all_inner_texts()
        assert len(now) == 1 and "leaf" in now[0], now
        assert_clean(pg, errors)


def test_the_schedule_asks_no_level_when_the_rules_ask_none(browser: Any, server: str) -> None:
    # contest.eligibility = "base_category" (D19): any level of the category enters; the board
    # wrote "L2+" beside every contest of cycle 2 all the same
    g = _game({"contest": {"eligibility": "base_category"}}, cycle=2, schedule=[
        {"turn": 2, "category": "leaf", "evaluation": "overall"},
        {"turn": 3, "category": "root", "evaluation": "appearance"},
        {"turn": 4, "category": "fruit", "evaluation": "taste"}])
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0))
        pg.wait_for_selector("#farm .contest-list li.contest-slot")
        rows = pg.locator("#farm .contest-list li.contest-slot").all_inner_texts()
        assert len(rows) == 3 and not any("L2+" in r for r in rows), rows
        # the default rules ask a level-2 base in cycle 2 (F30), and the board says so
        g = _game({}, cycle=2, schedule=g.schedule)
        P.show(pg, server, P.farm_state(g, 0))
        pg.wait_for_function("document.querySelectorAll('#farm .contest-slot .lvl').length === 3")
        assert pg.locator("#farm .contest-slot .lvl").all_inner_texts() == ["L2+"] * 3
        assert_clean(pg, errors)


def _pick(pg: Any, *index: int) -> None:
    for i in index:
        pg.click(f'#farm .farm-hand .farm-card[data-index="{i}"]')


def test_transform_offers_what_the_pot_makes_of_the_cards_picked(browser: Any,
                                                                 server: str) -> None:
    # a designer's pot (transform_pot.exchanges, G14): 3 cards of one level for 1 of it. The
    # board offered a transform for any 2 cards picked and named 2 piles for 3 cards (F17's
    # count), and every pile of every level
    ex = [{"from_grade": 1, "give": 3, "give_rule": "same_level", "get": 1,
           "get_rule": "same_level"}]
    hand = ["L1 root shape+1", "L1 leaf aroma+2", "L1 fruit size+1", "L2 leaf size+2"]
    g = _game({"facilities": {"transform_pot": {"exchanges": ex}}},
              seats=[{"name": "Ann", "hand": hand}, {"name": "Bob", "hand": ["L1 root color+1"]}])
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0))
        pg.wait_for_selector("#farm .farm-hand .farm-card")
        _pick(pg, 0, 1)
        assert pg.locator("#farm-transform").count() == 0       # 2 cards make nothing here
        _pick(pg, 2)
        pg.wait_for_selector("#farm-transform")
        assert pg.locator("#farm .transform select").count() == 1  # 1 card taken, 1 pile named
        options = pg.eval_on_selector_all("#farm-pile option", "os => os.map(o => o.value)")
        assert options == ["L1 root", "L1 leaf", "L1 fruit"]    # that level only (same_level)
        _pick(pg, 3)
        assert pg.locator("#farm-transform").count() == 0       # 4 cards: no exchange
        assert_clean(pg, errors)


def test_transform_names_one_pile_per_card_it_takes(browser: Any, server: str) -> None:
    # F17, grade 4: 3 level-3 cards for 2 level-3 cards, both named, sent as the chat would
    hand = ["L3 root shape+3", "L3 leaf color+4", "L3 fruit size+3"]
    g = _game({}, seats=[{"name": "Ann", "hand": hand, "grades": {"transform_pot": 4}},
                         {"name": "Bob", "hand": ["L1 root color+1"]}])
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0))
        pg.wait_for_selector("#farm .farm-hand .farm-card")
        _pick(pg, 0, 1, 2)
        pg.wait_for_selector("#farm-transform")
        assert pg.locator("#farm .transform select").count() == 2
        options = pg.eval_on_selector_all("#farm-pile2 option", "os => os.map(o => o.value)")
        assert options == ["L3 root", "L3 leaf", "L3 fruit"]
        pg.select_option("#farm-pile2", "L3 fruit")
        sent = pg.evaluate("window.__bohnanza.sent.length")
        pg.click("#farm-transform")
        said = pg.evaluate(f"window.__bohnanza.sent.slice({sent})")
        assert said == ["/transform h1 h2 h3 for L3 root, L3 fruit"], said
        assert_clean(pg, errors)


def test_transform_names_piles_that_can_supply_both_cards(browser: Any, server: str) -> None:
    # F17 with the first level-3 pile down to one card (G5): the board named it for both
    # cards and Transform was refused (empty_pile); the view's default takes the second card
    # from the next pile
    hand = ["L3 root shape+3", "L3 leaf color+4", "L3 fruit size+3"]
    g = _game({}, seats=[{"name": "Ann", "hand": hand, "grades": {"transform_pot": 4}},
                         {"name": "Bob", "hand": ["L1 root color+1"]}])
    g.piles["L3 root"] = g.piles["L3 root"][:1]
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0))
        pg.wait_for_selector("#farm .farm-hand .farm-card")
        _pick(pg, 0, 1, 2)
        pg.wait_for_selector("#farm-transform")
        sent = pg.evaluate("window.__bohnanza.sent.length")
        pg.click("#farm-transform")
        said = pg.evaluate(f"window.__bohnanza.sent.slice({sent})")
        assert said == ["/transform h1 h2 h3 for L3 root, L3 leaf"], said
        assert_clean(pg, errors)


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [390, 1366])
def test_a_cards_words_stay_inside_the_card(browser: Any, server: str, lang: str,
                                            width: int) -> None:
    """A hand card's category and attribute ("fruit · nutrition", "根菜 · 大きさ") never
    wrapped (board.css's .nm is a player's name, kept on one line) and ran past the card's
    edge into the next one, cut off on a phone (trial user12)."""
    hand = ["L1 fruit nutrition+1", "L1 root size+1", "L1 leaf texture+1", "L1 root weight+1",
            "L1 leaf flavor+1", "L1 fruit aroma+1"]
    g = _game({}, seats=[{"name": "Ann", "hand": hand}, {"name": "Bob"}])
    with watched_page(browser, viewport={"width": width, "height": 844}) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0), lang=lang)
        pg.wait_for_selector("#farm .farm-hand .farm-card .nm")
        out = pg.evaluate("""() => [...document.querySelectorAll('#farm .farm-hand .farm-card')]
          .map((c) => { const box = c.getBoundingClientRect(), r = document.createRange();
            r.selectNodeContents(c.querySelector('.nm')); const t = r.getBoundingClientRect();
            return [c.querySelector('.nm').textContent, t.left >= box.left && t.right <= box.right]; })""")
        assert len(out) == 6 and all(inside for _, inside in out), out
        assert_clean(pg, errors)


@pytest.mark.parametrize(("turn", "lang", "says", "not_says"), [
    (1, "en", "no contest this turn", "enter"), (1, "ja", "コンテストなし", "出品"),
    (2, "en", "enter", "no contest")])
def test_the_harvest_line_asks_for_an_entry_only_in_a_contest_turn(
        browser: Any, server: str, turn: int, lang: str, says: str, not_says: str) -> None:
    """Turn 1 of a cycle has no contest (F2, G21) and an entry is refused there, yet the status
    line of one's harvest turn read "ship, upgrade, enter; then end it" (trial user12)."""
    g = _game({}, turn=turn, phase="harvest", order_stack=[], harvest_order=[1, 0], active=0,
              schedule=[{"turn": 2, "category": "leaf", "evaluation": "overall"},
                        {"turn": 3, "category": "root", "evaluation": "appearance"},
                        {"turn": 4, "category": "fruit", "evaluation": "taste"}],
              seats=[{"name": "Ann", "hand": ["L1 root size+1"], "order_card": 2, "done": True},
                     {"name": "Bob", "order_card": 1, "done": True}])
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0), lang=lang)
        pg.wait_for_selector("#farm-end")
        line = pg.inner_text("#status")
        assert says in line and not_says not in line, line
        assert_clean(pg, errors)


@pytest.mark.parametrize(("turn", "lang", "says"), [
    (2, "en", ["ship", "enter", "last", "discard"]), (2, "ja", ["出荷", "出品", "最後に", "捨て"]),
    (1, "en", ["ship", "last", "discard", "no contest"])])
def test_over_the_hand_limit_the_harvest_line_names_the_discard_last(
        browser: Any, server: str, turn: int, lang: str, says: list[str]) -> None:
    """Seven cards at a limit of 5 at the start of one's harvest turn: the status line read
    only "Hand limit: pick 2 cards to discard", though the discard ends the turn (G20, F32)
    and shipping, upgrading and entering come first (trial user12)."""
    hand = ["L1 fruit nutrition+1", "L1 root size+1", "L1 leaf texture+1", "L1 root weight+1",
            "L1 leaf flavor+1", "L1 fruit aroma+1", "L1 fruit shape+1"]
    g = _game({}, turn=turn, phase="harvest", order_stack=[], harvest_order=[1, 0], active=0,
              schedule=[{"turn": 2, "category": "leaf", "evaluation": "overall"},
                        {"turn": 3, "category": "root", "evaluation": "appearance"},
                        {"turn": 4, "category": "fruit", "evaluation": "taste"}],
              seats=[{"name": "Ann", "hand": hand, "order_card": 2, "done": True},
                     {"name": "Bob", "order_card": 1, "done": True}])
    assert g.view(0)["you"]["must_discard"] == 2
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0), lang=lang)
        pg.wait_for_selector("#farm-adjust")
        line = pg.inner_text("#status")
        assert all(w in line for w in says) and "2" in line, line
        assert_clean(pg, errors)


@pytest.mark.parametrize("width", [390, 1366])
def test_a_picked_cards_number_hides_none_of_its_words(browser: Any, server: str,
                                                       width: int) -> None:
    """The number of a picked hand card (1 = the base) sat on the card's bottom-left corner,
    over the start of its words: "oot · size" (trial user12)."""
    hand = ["L1 root size+1", "L1 leaf texture+1", "L1 fruit shape+1"]
    g = _game({}, seats=[{"name": "Ann", "hand": hand}, {"name": "Bob"}])
    with watched_page(browser, viewport={"width": width, "height": 844}) as (pg, errors):
        P.show(pg, server, P.farm_state(g, 0))
        for i in (0, 1):
            _pick(pg, i)
        pg.wait_for_selector('#farm .farm-hand .farm-card[data-index="1"] .sel-no')
        hits = pg.evaluate("""() => [...document.querySelectorAll('#farm .farm-hand .sel-no')]
          .map((b) => { const n = b.parentElement, r = document.createRange();
            r.selectNodeContents(n.querySelector('.nm'));
            const a = b.getBoundingClientRect();
            return [...n.querySelectorAll('.lvl, .bonus'), r].some((e) => {
              const t = e.getBoundingClientRect();
              return a.left < t.right && t.left < a.right && a.top < t.bottom && t.top < a.bottom; }); })""")
        assert hits == [False, False], hits
        assert_clean(pg, errors)
