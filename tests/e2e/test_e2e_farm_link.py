"""A room opened from the lobby's link for the farm game (``/r/ROOM?game=farm``) asks for the
game only for an empty room (nobody seated: a link is anyone's to craft, test_e2e_links.py)
and when this visitor may arrange the table (the room part's ``arrangers``, room/setup.py
``may_arrange``: a seated person, or anyone while no person sits). The page judged that itself
from the seats and took a person's seat that a bot plays for them (``bot``: a handover) for no
person: a visitor sent ``/option game farm`` and the server refused it (``not_seated``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from . import positions as P
from .e2e_board import watched_page

pytestmark = pytest.mark.browser


def _open(pg: Any, server: str, msg: dict[str, Any]) -> list[str]:
    """Open the sample board with ``msg`` as if from the lobby's farm link; what it sent."""
    body = json.dumps(msg)
    pg.route("**/dev/sample-e2e.json", lambda r: r.fulfill(body=body,
                                                           content_type="application/json"))
    pg.add_init_script("localStorage.setItem('bohnanza.lang', 'en')")
    pg.goto(server + "/r/x?sample=sample-e2e&game=farm")
    pg.wait_for_function("window.__bohnanza && window.__bohnanza.state.room !== null")
    sent: list[str] = pg.evaluate("window.__bohnanza.sent.slice()")
    return sent


@pytest.mark.parametrize(("bots", "arrangers", "asks"), [
    # Ann's seat is played by a bot while she is away (/handover): she still sits (a person's
    # seat), so a visitor may not choose the game
    ([True, False, False], "seated", False),
    # bots only: anyone may arrange, but someone set this table up: a link (anyone's to
    # craft) does not switch it (test_e2e_links.py)
    ([True, True, True], "anyone", False),
    # nobody seated yet: the room this visitor is making takes the link's game
    ([], "anyone", True),
])
def test_the_farm_link_asks_for_the_game_only_when_the_visitor_may(
        browser: Any, server: str, bots: list[bool], arrangers: str, asks: bool) -> None:
    msg = P.before_start(None)
    msg["room"]["seats"] = msg["room"]["seats"][:len(bots)]
    for s, bot in zip(msg["room"]["seats"], bots, strict=True):
        s["bot"] = bot
    msg["room"]["game_no"] = 0
    msg["room"]["arrangers"] = arrangers
    with watched_page(browser, viewport={"width": 1366, "height": 768}) as (pg, _errors):
        sent = _open(pg, server, msg)
        assert sent == (["/option game farm"] if asks else []), sent
