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
