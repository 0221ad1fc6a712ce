"""Rules audit of branch rules17: the cases where two rules of rules.md meet, each test citing
the ids it checks; the expected values come from the rule text (rules.md), not from the code.
"""

from __future__ import annotations

from bohnanza.commands import parse
from bohnanza.commands.logtext import log_line
from bohnanza.engine import Game, RuleError, market

NAMES = ["Ann", "Bob", "Cy"]


def _say(g: Game, seat: int, text: str) -> list[dict]:
    cmd = parse(text)
    return [e.for_viewer(seat, NAMES) for e in g.apply(seat, cmd.action)]  # type: ignore[union-attr]


def test_a_gift_takers_answer_leaves_with_the_gift_and_the_log_says_why() -> None:
    """C12 with C13 (classic): Bob's /accept of Ann's gift posts 'nothing for Garden', an
    answer. Ann withdraws the gift: the answer alone would ask for a gift, which classic does
    not allow (C12), so it leaves the market at once, and the log says it left as such."""
    g = Game.from_position({"preset": "classic", "phase": "trade", "names": NAMES,
                            "face_up": ["garden", "chili"], "deck": ["soy"] * 6,
                            "seats": [{"hand": ["blue"]}, {"hand": ["soy"]},
                                      {"hand": ["garden"]}]})
    _say(g, 0, "/offer garden for nothing")
    _say(g, 1, "/accept 1")
    assert [o["id"] for o in g.to_position()["offers"]] == [1, 2]
    events = _say(g, 0, "/withdraw 1")
    assert g.to_position()["offers"] == []
    gone = [e for e in events if e["kind"] == "offer_stale"]
    assert gone == [{"kind": "offer_stale", "seat": 1, "id": 2, "why": "gift_request",
                     "text": gone[0]["text"]}]
    en = log_line(gone[0], "en", NAMES)
    assert en.startswith("Offer #2 left the market") and "gift" in en and "Bob" in en
    assert "贈り物" in log_line(gone[0], "ja", NAMES)
    # an offer left because its owner lost its cards reads as before (no "why")
    plain = {"kind": "offer_stale", "seat": 1, "id": 5}
    assert log_line(plain, "en", NAMES) == ("Offer #5 left the market: Bob no longer holds "
                                            "what it gives")


def test_a_gift_request_in_a_loaded_position_cannot_be_taken_under_classic() -> None:
    """C12: a stored game (or one stored before this rule was kept) may hold an offer that
    asks for a gift and answers nothing; under classic nobody can make a deal on it, and no
    hint says they can (the bots and the board read acceptable_ids)."""
    g = Game.from_position({"preset": "classic", "phase": "trade", "names": NAMES,
                            "face_up": ["garden", "chili"], "deck": ["soy"] * 6,
                            "seats": [{"hand": ["blue"]}, {"hand": ["garden"]}, {}],
                            "offers": [{"id": 1, "owner": 1, "give": {}, "want": {"blue": 1}},
                                       {"id": 2, "owner": 0, "give": {}, "want": {"garden": 1}}]})
    for seat in (0, 1):
        assert market.acceptable_ids(g, seat) == []
        assert market.acceptable_ids(g, seat, market.Holdings(g)) == []
        assert g.view(seat)["you"]["can_accept"] == []
    for seat, offer in ((0, 1), (1, 2)):
        try:
            g.apply(seat, parse(f"/accept {offer}").action)  # type: ignore[union-attr]
        except Exception as e:  # noqa: BLE001
            assert getattr(e, "code", None) == "gift_request_forbidden", e
        else:
            raise AssertionError(f"seat {seat} took gift request {offer}")


def _code(fn: object) -> str | None:
    try:
        fn()  # type: ignore[operator]
    except RuleError as e:
        return e.code
    return None


def test_no_player_ever_has_more_than_three_fields() -> None:
    """R5: every player starts with 2 fields (3 under some presets) and the most anyone can
    ever have is 3; R24: no fourth field. A position with 4 fields (or 1) is no game the rules
    could make and does not load; starting with 3 fields (C2's option) leaves nothing to buy
    even where a third field has a price."""
    seat = {"hand": ["soy"], "coins": ["red"] * 5}
    for n in (1, 4):
        p = {"preset": "classic", "seats": [dict(seat, fields=[None] * n), {}, {}]}
        assert _code(lambda p=p: Game.from_position(p)) == "bad_position"
    g = Game.new("classic", ["A", "B", "C", "D"], 3,
                 {"start_fields": 3, "third_field_cost": 3})
    assert all(len(s["fields"]) == 3 for s in g.to_position()["seats"])
    g.seats[1].coins[:] = ["red"] * 5
    assert _code(lambda: g.apply(1, parse("/buy").action)) == "third_field_owned"  # type: ignore[union-attr]


def test_the_third_field_is_paid_with_the_top_coins_at_once_and_the_log_tells_it() -> None:
    """R25: the top ``cost`` cards of the coin stack, the most recently gained, go onto the
    discard pile bean side up at the purchase (R41: its top card and size are public); R22:
    3 coins in classic; R23: bought off-turn; R42: the coins left are shown unless
    ``hidden_money``, where the log and the view tell no total. The order of the three among
    themselves on the discard pile is not said by R25 (only the duel's reveal reads the pile's
    order, and there the coins leave the game: C11)."""
    for hidden in (False, True):
        # coins listed top first: red was gained last, blue first
        g = Game.from_position({"preset": "classic", "phase": "trade", "names": NAMES,
                                "options": {"hidden_money": hidden},
                                "discard": ["green", "green"], "deck": ["soy"] * 5,
                                "seats": [{"hand": ["soy"]},
                                          {"hand": ["chili"],
                                           "coins": ["red", "soy", "stink", "blue"]}, {}]})
        events = _say(g, 1, "/buy")
        p = g.to_position()
        s = p["seats"][1]
        assert s["coins"] == ["blue"] and s["fields"] == [None, None, None]
        assert p["discard"][3:] == ["green", "green"]               # the pile is not replaced
        assert sorted(p["discard"][:3]) == ["red", "soy", "stink"]   # the 3 most recent coins
        buy = [e for e in events if e["kind"] == "buy"]
        assert len(buy) == 1 and buy[0]["seat"] == 1 and buy[0]["cost"] == 3
        assert log_line(buy[0], "en", NAMES) == "Bob bought a third field"
        v = g.view(2)
        assert v["discard_count"] == 5 and v["discard_top"] in ("red", "soy", "stink")
        assert v["seats"][1]["third_field"] is True
        assert v["seats"][1]["coins"] == (None if hidden else 1)
        assert g.view(1)["seats"][1]["coins"] == (None if hidden else 1)   # R42: own too


def test_the_final_exhaustion_in_the_reveal_finishes_phases_2_and_3_and_skips_4() -> None:
    """C7 (RG, AM23, BSW, S004; R38): the final exhaustion during the phase-2 reveal ends the
    reveal; trading (phase 2) and planting (phase 3) are still played, phase 4 is skipped
    (nobody draws), then the game is scored (R39)."""
    g = Game.from_position({"preset": "classic", "phase": "plant", "planted": 1,
                            "exhaustions": 2, "deck": ["soy", "chili"], "discard": ["blue"],
                            "names": NAMES,
                            "seats": [{"hand": ["red", "blue"], "fields": [["red", 2], None]},
                                      {"hand": ["stink"]}, {"hand": ["green"]}]})
    _say(g, 0, "/done")
    p = g.to_position()
    assert (p["phase"], p["exhaustions"], p["face_up"]) == ("trade", 3, ["soy", "chili"])  # top first
    _say(g, 0, "/offer red for stink")                # phase 2 goes on: a deal is still made
    _say(g, 1, "/accept 1")
    _say(g, 0, "/accept 2")
    p = g.to_position()
    assert p["seats"][0]["to_plant"] == ["stink"] and p["seats"][1]["to_plant"] == ["red"]
    _say(g, 0, "/done")                                # the face-up cards are P0's to plant
    for seat, text in ((1, "/plant red 1"), (0, "/plant stink 2"), (0, "/harvest 1"),
                       (0, "/plant chili 1"), (0, "/harvest 2"), (0, "/plant soy 2")):
        _say(g, seat, text)
    p = g.to_position()
    assert p["phase"] == "over"
    # phase 4 skipped: hands hold what they held after the deal, nothing drawn (R38)
    assert [len(s["hand"]) for s in p["seats"]] == [1, 0, 1]


def test_the_card_data_are_the_consensus_values() -> None:
    """C16: the outliers of §1b are not used: Blue pays 2 coins from 6 cards (TBG says 5),
    there are 4 Cocoa cards (GRV says 5), Garden pays 2 and 3 only; the 154-card deck and the
    104-card deck (§1a, §1b)."""
    from bohnanza.engine.beans import BEANS, coins_for
    assert BEANS["blue"][0] == 20 and coins_for("blue", 5) == 1 and coins_for("blue", 6) == 2
    assert BEANS["cocoa"][0] == 4
    assert [coins_for("garden", n) for n in range(1, 7)] == [0, 2, 3, 3, 3, 3]
    assert [coins_for("green", n) for n in (3, 5, 6, 7)] == [1, 2, 3, 4]      # not 3/5/7/8
    assert [coins_for("blackeyed", n) for n in (2, 4, 5, 6)] == [1, 2, 3, 4]  # not 4/5/6/7
    assert sum(BEANS[b][0] for b in BEANS) == 154
