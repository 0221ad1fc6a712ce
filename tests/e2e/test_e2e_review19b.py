"""review19b: the setup box states what the chosen rules set for the seats the next game deals
for (newuser19's line, /api/facts by_players). Two players of Rio Grande play the bean duel in
the room's version (rules.md §3a, C10; the room's ``duel_base``): (a) ``standard``, 2 fields
and a third for 3 coins; (b) ``3fields``, 3 fields from the start and none to buy; both end at
the first exhaustion. The box read the standard duel's line for a room set to 3fields."""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

# rules.md §3a, C10 (the tie-break of every Rio Grande game, C1: most cards in hand)
DUEL = {
    "standard": "With 2 players: 2 fields, a third for 3 coins, 1 deck pass; "
                "ties: most cards in hand.",
    "3fields": "With 2 players: 3 fields, no third field to buy, 1 deck pass; "
               "ties: most cards in hand.",
}


def test_the_setup_box_states_the_duel_the_room_plays(browser: Any, server: str) -> None:
    msg: dict[str, Any] = {"type": "state", "version": 1, "view": None,
                           "room": P.room(0, running=False, names=["Ann", "Bob"],
                                          preset="rio-grande")}
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, errors):
        for base in ("3fields", "standard", "3fields"):
            msg["room"]["options"]["duel_base"] = base
            P.show(pg, server, msg)
            pg.wait_for_function("b => document.querySelector('#opt-duel')?.value === b", arg=base)
            assert pg.locator("#preset-rules").inner_text() == DUEL[base], base
        assert_clean(pg, errors)
