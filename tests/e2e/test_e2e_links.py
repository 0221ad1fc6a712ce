"""Links are anyone's to craft, and the board is framed by no one (an attacker review; a real
``bohnanza serve``, Chromium).

* ``/r/ROOM?game=farm`` made the page of a player seated in ROOM send ``/option game farm``:
  a crafted link switched the victim's own table (and any bots-only table a visitor opened).
  The link's game now only picks the game of an empty room (farm/board.js
  ``chooseGameFromLink``); otherwise the chat says what the room plays.
* ``/r/ROOM?name=Mallory`` silently replaced the name the player had stored (the one the next
  room they open takes). It is kept only by a person with no name yet and no seat there.
* the board under its Content-Security-Policy (secheaders.py) loads and plays with no
  violation and no console error, and another page cannot frame it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from websockets.sync.client import connect

from .e2e_board import watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 15_000

#: every Content-Security-Policy violation the page meets, kept where the test can read it
WATCH_CSP = ("window.__csp = []; document.addEventListener('securitypolicyviolation', "
             "(e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));")


@contextmanager
def person(browser: Any, name: str | None) -> Iterator[tuple[Any, list[str]]]:
    """A page of its own whose stored name is ``name`` (as the lobby leaves it), in English;
    its page errors and console errors in the list."""
    # not bypass_csp (conftest.py: the suite's pages bypass it for Playwright's string
    # predicates): this page meets the policy as a player's browser does
    with watched_page(browser, viewport={"width": 1366, "height": 900},
                      bypass_csp=False) as (pg, errors):
        pg.on("console", lambda m: errors.append("console: " + m.text)
              if m.type == "error" else None)
        pg.add_init_script("localStorage.setItem('bohnanza.lang', 'en');"
                           + (f"localStorage.setItem('bohnanza.name', {json.dumps(name)});"
                              if name else "") + WATCH_CSP)
        yield pg, errors


def say(pg: Any, text: str) -> dict[str, Any]:
    """Type ``text`` in the command line; the server's reply."""
    n = pg.evaluate("() => window.__bohnanza.replies.length")
    pg.fill("#chat-input", text)
    pg.press("#chat-input", "Enter")
    pg.wait_for_function(f"() => window.__bohnanza.replies.length > {n}", timeout=TIMEOUT)
    reply: dict[str, Any] = pg.evaluate(f"() => window.__bohnanza.replies[{n}]")
    return reply


def seated(pg: Any, server: str, room: str) -> None:
    """Open ``room`` and take a seat under the stored name."""
    pg.goto(f"{server}/r/{room}")
    pg.wait_for_selector("#btn-join:visible", timeout=TIMEOUT)
    pg.click("#btn-join")
    pg.wait_for_function("() => window.__bohnanza && window.__bohnanza.state.you && window.__bohnanza.state.you.seat === 0",
                         timeout=TIMEOUT)


def game_of(pg: Any) -> str:
    return str(pg.evaluate("() => (window.__bohnanza.state.room.game || {}).game || 'bohnanza'"))


def sends_no_option(pg: Any) -> None:
    assert not [s for s in pg.evaluate("() => window.__bohnanza.sent.slice()")
                if s.startswith("/option")]


def link_answered(pg: Any) -> None:
    """Wait until the page has acted on the link's ?game=farm (the room switched to it) or
    said it was not set; then the room still plays Bohnanza, nothing was asked, and the chat
    says what the room plays."""
    line = ("[...document.querySelectorAll('#chat .chat-line')].some((e) => "
            "e.textContent.includes('This room plays Bohnanza'))")
    pg.wait_for_function(f"() => {line} || "
                         "((window.__bohnanza.state.room || {}).game || {}).game === 'farm'",
                         timeout=TIMEOUT)  # (room: null until the room's first info comes)
    assert game_of(pg) == "bohnanza"
    sends_no_option(pg)
    assert pg.evaluate(f"() => {line}")


def test_a_link_does_not_switch_the_game_of_the_room_one_sits_in(browser: Any, server: str
                                                                 ) -> None:
    with person(browser, "Ann") as (pg, errors):
        seated(pg, server, "link-own")
        pg.goto(f"{server}/r/link-own?game=farm")    # the attacker's link, opened by Ann
        pg.wait_for_function("() => window.__bohnanza && window.__bohnanza.state.you && window.__bohnanza.state.you.seat === 0",
                             timeout=TIMEOUT)
        link_answered(pg)
        assert "game=" not in pg.url               # a reload or a copied address carries none
        pg.reload()
        pg.wait_for_function("() => window.__bohnanza && window.__bohnanza.state.you && window.__bohnanza.state.you.seat === 0",
                             timeout=TIMEOUT)
        assert game_of(pg) == "bohnanza"
        assert not errors, errors


def test_a_link_does_not_switch_a_table_others_set_up(browser: Any, server: str) -> None:
    """Bots only at the table (anyone may arrange it): a visitor's link asked for the farm
    game there and got it."""
    with connect(server.replace("http", "ws") + "/ws/link-bots") as ws:
        ws.send(json.dumps({"type": "hello", "name": "Host"}))
        for i, text in enumerate(["/addbot", "/addbot", "/addbot"], 1):
            ws.send(json.dumps({"type": "say", "id": i, "text": text}))
        got = 0
        while got < 3:
            msg = json.loads(ws.recv(timeout=10))
            got += msg.get("type") == "reply" and msg.get("ok") is True
        with person(browser, "Eve") as (pg, errors):
            pg.goto(f"{server}/r/link-bots?game=farm")
            pg.wait_for_function("() => window.__bohnanza && window.__bohnanza.state.room !== null", timeout=TIMEOUT)
            link_answered(pg)
            assert not errors, errors


def test_the_lobby_link_still_picks_the_game_of_a_new_room(browser: Any, server: str) -> None:
    with person(browser, "Ann") as (pg, errors):
        pg.goto(f"{server}/r/link-new?game=farm")
        pg.wait_for_function("() => window.__bohnanza && window.__bohnanza.state.room && "
                             "(window.__bohnanza.state.room.game || {}).game === 'farm'",
                             timeout=TIMEOUT)
        assert "game=" not in pg.url
        assert not errors, errors
    # a game's id is one word: a link's more words never reach the command line
    with person(browser, "Ann") as (pg, errors):
        pg.goto(f"{server}/r/link-new2?game=farm%20x")
        pg.wait_for_function("() => window.__bohnanza && window.__bohnanza.state.room !== null", timeout=TIMEOUT)
        sends_no_option(pg)
        assert not errors, errors


def test_a_link_does_not_change_the_name_a_player_has(browser: Any, server: str) -> None:
    with person(browser, "Ann") as (pg, errors):
        seated(pg, server, "link-name")
        pg.goto(f"{server}/r/link-name?name=Mallory")
        pg.wait_for_function("() => window.__bohnanza && window.__bohnanza.state.you && window.__bohnanza.state.you.seat === 0",
                             timeout=TIMEOUT)
        assert pg.evaluate("() => localStorage.getItem('bohnanza.name')") == "Ann"
        assert pg.evaluate("() => window.__bohnanza.state.room.seats[0].name") == "Ann"
        assert "name=" not in pg.url
        # a page of a room where Ann has no seat: the stored name stays too
        pg.goto(f"{server}/r/link-name2?name=Mallory")
        pg.wait_for_function("() => window.__bohnanza && window.__bohnanza.state.room !== null", timeout=TIMEOUT)
        assert pg.evaluate("() => localStorage.getItem('bohnanza.name')") == "Ann"
        assert not errors, errors
    # someone with no name yet (the lobby's form before its script ran) keeps it
    with person(browser, None) as (pg, errors):
        pg.goto(f"{server}/open?room=link-name3&name=Zoe")
        pg.wait_for_function("() => window.__bohnanza && window.__bohnanza.state.room !== null", timeout=TIMEOUT)
        assert pg.evaluate("() => localStorage.getItem('bohnanza.name')") == "Zoe"
        assert not errors, errors


def test_the_board_plays_under_its_security_policy_and_is_framed_by_no_one(
        browser: Any, server: str) -> None:
    with person(browser, "Ann") as (pg, errors):
        pg.goto(server + "/")
        pg.wait_for_selector("#lobby-room", timeout=TIMEOUT)
        seated(pg, server, "link-csp")
        assert say(pg, "/addbot")["ok"] and say(pg, "/addbot")["ok"]
        pg.click("#btn-start")
        pg.wait_for_function("() => window.__bohnanza && window.__bohnanza.state.room && window.__bohnanza.state.room.running", timeout=TIMEOUT)
        pg.wait_for_selector("#hand .card, #hand [data-bean]", timeout=TIMEOUT)
        assert say(pg, "hello table")["ok"]
        pg.click("#lang")                           # the page again, in Japanese
        pg.wait_for_function("() => document.documentElement.lang === 'ja'", timeout=TIMEOUT)
        assert pg.evaluate("() => window.__csp") == []
        assert not errors, errors
        # another site's page framing the board: Chromium refuses to show it
        pg.goto(server + "/api/facts")
        pg.set_content(f'<iframe id="f" src="{server}/r/link-csp"></iframe>')
        frame = pg.wait_for_selector("#f").content_frame()
        assert frame is not None
        frame.wait_for_load_state()
        # refused: Chromium shows its error page in the frame, never the board
        assert frame.url.startswith("chrome-error:"), frame.url
