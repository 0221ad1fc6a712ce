"""The rules audit of branch rules18: clauses no earlier test exercised in a unit test (the
scenario files are tests/scenarios/AS.json).

R42 with R39: ``hidden_money`` hides every coin total, a player's own too, until the game is
over; the final scoring then tells every total, every final harvest's coins, the winners and
the history, in the views and in the log, to every reader.
"""

from __future__ import annotations

import re

from bohnanza.commands import apply_text
from bohnanza.commands.logtext import log_line
from bohnanza.engine import Game

NAMES = ["Ann", "Bob", "Cy"]


def _last_turn() -> Game:
    """classic with hidden money: X=2, one card left, the active player Ann (coin: 1) plants
    her last received Blue in phase 3; the phase-4 draw then takes the last card (R38)."""
    return Game.from_position({
        "preset": "classic", "options": {"hidden_money": True}, "phase": "plant_traded",
        "exhaustions": 2, "deck": ["soy"],
        "seats": [
            {"name": "Ann", "to_plant": ["blue"], "fields": [["blue", 3], ["red", 2]],
             "coins": ["red"]},
            {"name": "Bob", "hand": ["soy"], "fields": [["stink", 5], None],
             "coins": ["red", "red"]},
            {"name": "Cy", "fields": [["soy", 1], None]}]})


def test_hidden_money_hides_the_totals_until_the_end_then_the_scoring_tells_them_R42_R39(
        ) -> None:
    g = _last_turn()
    for viewer in (None, 0, 1, 2):
        v = g.view(viewer)
        assert [s["coins"] for s in v["seats"]] == [None, None, None]   # one's own too
        assert "history" not in v and v["result"] is None
    # a harvest during play: the cards are public (R41), what it earned is not (R42)
    harvest = apply_text(g, 1, "/harvest 1")[0].for_viewer(0, text=False)
    assert "coins" not in harvest
    assert not re.search(r"coin|ターラー", log_line(harvest, "en", NAMES, 0)
                         + log_line(harvest, "ja", NAMES, 0))
    # Bob: Stink x5 pays 2 (§1c: 3/5/7/8) -> 4 coins, hidden still
    assert g.view(1)["seats"][1]["coins"] is None
    events = apply_text(g, 0, "/plant")       # Blue x4; the draw takes the last card: X=3
    assert g.phase == "over"
    # §1c: Ann's Blue x4 pays 1 and Red x2 pays 1 (1 + 2 = 3); Bob 4; Cy's single Soy pays 0
    scores = [3, 4, 0]
    finals = [e.for_viewer(2, text=False) for e in events if e.kind == "harvest"]
    assert [(d["seat"], d["bean"], d["count"], d["coins"]) for d in finals] == [
        (0, "blue", 4, 1), (0, "red", 2, 1), (2, "soy", 1, 0)]
    assert "for 1 coin" in log_line(finals[0], "en", NAMES, 2)
    assert "1ターラー" in log_line(finals[0], "ja", NAMES, 2)
    over = next(e for e in events if e.kind == "game_over").for_viewer(None, text=False)
    assert over["scores"] == scores and over["winners"] == [1]
    assert log_line(over, "en", NAMES, None) == "Game over: Bob won with 4 coins"
    for viewer in (None, 0, 1, 2):
        v = g.view(viewer)
        assert [s["coins"] for s in v["seats"]] == scores
        assert v["result"]["scores"] == scores and v["result"]["winners"] == [1]
        assert v["history"][-1] == scores
