"""The order the rules rank in, carried by the engine so the board only shows it: the final
table (F3: most VP; G30: then most cost left, then the win is shared) and each contest's
entries (F39: the highest score first; G29: ties share the place, 1, 1, 3; docs/farm.md D15:
``tie = "order_card_low"``, the lower turn-order card first). The board sorted both itself
(web/js/farm/board.js ``gameOver``, ``results``); expected orders here come from
farm-rules.md FT9 and FT12."""

from __future__ import annotations

from typing import Any

from bohnanza.farm.engine import FarmGame
from bohnanza.farm.engine.actions import Done
from bohnanza.farm.scenario import prepare


def _last_harvest(seats: list[dict[str, Any]], **params: Any) -> FarmGame:
    """Turn 12's last harvest turns (FT12's position): every seat still to end its turn."""
    n = len(seats)
    pos = prepare({"cycle": 3, "turn": 4, "phase": "harvest", "piles": "rest",
                   "harvest_order": list(range(n)), "active": 0, "params": params,
                   "seats": [{**s, "order_card": n - i} for i, s in enumerate(seats)]})
    g = FarmGame.from_position(pos)
    for seat in range(n):
        g.apply(seat, Done())
    assert g.over
    return g


def _rows(g: FarmGame) -> list[tuple[int, int]]:
    """(seat, place) of the final table as the view gives it."""
    return [(r["seat"], r["place"]) for r in g.view(None)["result"]["standings"]]


def test_a_tie_on_vp_goes_to_the_most_cost_left() -> None:
    # FT12: P0 and P1 20 VP each, P0 holds 3 cost, P1 5 -> P1 wins; P2 (12 VP) is last
    g = _last_harvest([{"vp": 20, "cost": 3}, {"vp": 20, "cost": 5}, {"vp": 12, "cost": 9}])
    assert g.result is not None and g.result["winners"] == [1]
    assert _rows(g) == [(1, 1), (0, 2), (2, 3)]
    first = g.view(0)["result"]["standings"][0]
    assert first == {"seat": 1, "place": 1, "vp": 20, "cost": 5, "winner": True}


def test_a_shared_win_shares_first_place() -> None:
    # G30: equal VP and equal cost -> the win is shared; the next seat is 3rd (1, 1, 3), and
    # the seat with 20 VP but less cost stands below both winners
    g = _last_harvest([{"vp": 12, "cost": 9}, {"vp": 20, "cost": 5}, {"vp": 20, "cost": 2},
                       {"vp": 20, "cost": 5}])
    assert g.result is not None and g.result["winners"] == [1, 3]
    assert g.result["tiebreak"] == "shared"
    assert _rows(g) == [(1, 1), (3, 1), (2, 3), (0, 4)]
    assert [r["winner"] for r in g.result["standings"]] == [True, True, False, False]


def test_without_the_cost_tiebreak_equal_vp_shares_the_place() -> None:
    # game.end_tiebreak = ["shared"]: cost decides nothing, so P0 (3 cost) and P1 (5) share
    # the win and stand in seat order
    g = _last_harvest([{"vp": 20, "cost": 3}, {"vp": 20, "cost": 5}, {"vp": 12, "cost": 9}],
                      game={"end_tiebreak": ["shared"]})
    assert g.result is not None and g.result["winners"] == [0, 1]
    assert _rows(g) == [(0, 1), (1, 1), (2, 3)]


def test_places_below_the_win_follow_the_tiebreak_the_parameters_name() -> None:
    # game.end_tiebreak = ["earned", "shared"] (D19): P1 and P2 tie on 20 VP below P0; P2
    # earned more cost over the game (though it holds less now), so P2 stands 2nd
    g = _last_harvest([{"vp": 30, "cost": 1, "earned": 5}, {"vp": 20, "cost": 9, "earned": 10},
                       {"vp": 20, "cost": 3, "earned": 30}],
                      game={"end_tiebreak": ["earned", "shared"]})
    assert _rows(g) == [(0, 1), (2, 2), (1, 3)]


def test_a_stored_result_without_standings_gets_them_in_the_view() -> None:
    # a game that ended before the result carried its standings still shows them ranked
    g = _last_harvest([{"vp": 20, "cost": 3}, {"vp": 20, "cost": 5}, {"vp": 12, "cost": 9}])
    pos = g.to_position()
    del pos["result"]["standings"]
    assert _rows(FarmGame.from_position(pos)) == [(1, 1), (0, 2), (2, 3)]


# FT9a's four vegetables (cycle 2, overall): scores 12, 9, 9 and 5
VEG = {
    12: {"base": "L2 fruit color+3", "synth": ["L3 root color+4", "L2 leaf weight+3"]},
    9: {"base": "L2 fruit texture+3", "synth": ["L2 root aroma+2", "L1 leaf flavor+2"]},
    "9b": {"base": "L3 fruit nutrition+4", "synth": ["L1 root aroma+2"]},
    5: {"base": "L2 fruit shape+2", "synth": ["L1 leaf shape+1"]},
}


def _contest(order: list[Any], **params: Any) -> list[dict[str, Any]]:
    """FT9a with the vegetables entered in ``order`` (seat 0 first): the contest's entries as
    the view gives them."""
    seats = [{"order_card": 4 - i, "field": [{**VEG[k], "planted": 1, "entered": True}]}
             for i, k in enumerate(order)]
    pos = prepare({"cycle": 2, "turn": 2, "phase": "harvest", "piles": "rest", "params": params,
                   "harvest_order": [0, 1, 2, 3], "active": 3, "seats": seats,
                   "schedule": [{"turn": 2, "category": "fruit", "evaluation": "overall"}]})
    g = FarmGame.from_position(pos)
    events = g.apply(3, Done())
    (c,) = g.view(None)["contests"]
    # the stored result and the log line (events.py) list them in the same order
    assert g.to_position()["contests"][0]["entries"] == c["entries"]
    (line,) = [e.for_viewer(None, g.names)["text"] for e in events if e.kind == "contest"]
    said = [line.index(f"P{e['seat']}'s {e['card']}") for e in c["entries"]]
    assert said == sorted(said), line
    return c["entries"]


def test_contest_entries_come_in_placed_order() -> None:
    # entered lowest first: 5, 9, 12, 9 -> 12 (1st, +8), the two 9s (2nd each, +4, G29), 5
    rows = _contest([5, 9, 12, "9b"])
    assert [(e["seat"], e["score"], e["place"], e["vp"]) for e in rows] == [
        (2, 12, 1, 8), (1, 9, 2, 4), (3, 9, 2, 4), (0, 5, None, 0)]


def test_contest_ties_by_the_lower_turn_order_card() -> None:
    # tie = "order_card_low" (D15): seat 3 holds card 1, seat 1 card 3, so seat 3 takes 2nd
    # and seat 1 is 3rd, no place, yet above the 5
    rows = _contest([5, 9, 12, "9b"], contest={"tie": "order_card_low"})
    assert [(e["seat"], e["score"], e["place"]) for e in rows] == [
        (2, 12, 1), (3, 9, 2), (1, 9, None), (0, 5, None)]
