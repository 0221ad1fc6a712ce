"""The chat a page showed stays after a reconnection and a reload (a trial: a reload, a
dropped connection, a server restart left the chat without the page's own lines, the answer
to the person's /help among them, while the game log came back; players of online tables
expect the room's recent chat to be there).

The server sends its newest stored chat lines on every connection (``replay``:
logbook.backlog_frames, ``CHAT_HISTORY``); the board keeps what it showed (its own command
answers too, for this tab only: sessionStorage) and adds from the replay only the lines it
does not show, in the room's order: no line twice."""

from __future__ import annotations

from typing import Any

import pytest

from .e2e_board import Player
from .test_e2e_trial_faults import close, enter

pytestmark = pytest.mark.browser

#: every line of the chat, people's and the page's own (a command's answer)
ALL = "[...document.querySelectorAll('#chat .chat-line')].map((l) => l.textContent)"
#: the lines of people only
SAID = "[...document.querySelectorAll('#chat .chat-line:not(.system):not(.error)')].map((l) => l.textContent)"
HELP = "Commands (type /help COMMAND for one of them):"


def say(p: Player, text: str) -> None:
    box = p.page.locator("#chat-input")
    box.fill(text)
    p.act(lambda: box.press("Enter"))


def come_back(p: Player, drop: Any) -> None:
    """``drop()`` loses ``p``'s connection (or its page); wait until the page is connected
    again and has drawn the state that follows the replayed lines (arrival.py: welcome,
    log, chat, then the state)."""
    p.page.evaluate("window.__oldws = window.__bohnanza.net.ws; "
                    "window.__oldv = window.__bohnanza.S.version")
    drop()
    p.wait("window.__bohnanza.net.ws !== window.__oldws && window.__bohnanza.S.connected "
           "&& window.__bohnanza.S.roomInfo && window.__bohnanza.S.version > (window.__oldv ?? -1)")


def test_the_chat_stays_once_after_a_reconnection_a_restart_and_a_reload(
        private_server: Any, browser: Any) -> None:
    srv = private_server()
    room = "chat-stays"
    ann = enter(browser, srv.base, room, "Ann")
    bob = enter(browser, srv.base, room, "Bob")
    say(ann, "hi from Ann")
    say(bob, "hi from Bob")
    say(ann, "/help")
    ann.wait(f"{SAID}.length >= 2")
    said = ["Ann: hi from Ann", "Bob: hi from Bob"]
    assert ann.page.evaluate(SAID) == said
    shown = ann.page.evaluate(ALL)
    assert any(x.startswith(HELP) for x in shown)

    # a dropped connection: everything stays, nothing twice
    come_back(ann, lambda: ann.page.evaluate("window.__bohnanza.net.ws.close()"))
    assert ann.page.evaluate(ALL) == shown

    # the server restarts (the chat is stored with the room): still the same, and a line
    # said afterwards comes once, last
    come_back(ann, lambda: (srv.stop(), srv.start()))
    assert ann.page.evaluate(ALL) == shown
    bob.wait("window.__bohnanza.S.connected && window.__bohnanza.S.roomInfo")
    say(bob, "back again")
    ann.wait(f"{SAID}.includes('Bob: back again')")
    said.append("Bob: back again")
    assert ann.page.evaluate(SAID) == said
    shown = ann.page.evaluate(ALL)

    # Ann reloads: her chat as it was (her /help answer too), each line once
    come_back(ann, lambda: ann.page.reload())
    assert ann.page.evaluate(ALL) == shown
    # Bob reloads: the room's chat, once each; Ann's own answers are hers alone
    come_back(bob, lambda: bob.page.reload())
    assert bob.page.evaluate(SAID) == said
    assert not any(x.startswith(HELP) for x in bob.page.evaluate(ALL))
    # a newcomer reads the room's recent chat, in order, and nobody's private answers
    cy = enter(browser, srv.base, room, "Cy", join=False)
    cy.wait(f"{SAID}.length >= 3")
    assert cy.page.evaluate(SAID) == said
    assert not any(x.startswith(HELP) for x in cy.page.evaluate(ALL))
    close([ann, bob, cy])


def test_lines_said_while_a_page_was_away_come_once_in_their_place(
        private_server: Any, browser: Any) -> None:
    """Ann's page stops hearing the room (its reconnection held back while the others talk,
    as on a train); when it connects again the lines said meanwhile come in the room's order
    after the ones she saw, and none of the earlier ones twice."""
    srv = private_server()
    room = "chat-away"
    ann = enter(browser, srv.base, room, "Ann")
    bob = enter(browser, srv.base, room, "Bob")
    say(bob, "one")
    ann.wait(f"{SAID}.includes('Bob: one')")
    # the connection drops and the page's reconnection waits (net.js lost: connect later)
    ann.page.evaluate("""() => { const net = window.__bohnanza.net;
        window.__held = false; net.heldConnect = net.connect;
        net.connect = () => { window.__held = true; };
        window.__oldws = net.ws; window.__oldv = window.__bohnanza.S.version; net.ws.close(); }""")
    ann.wait("window.__held")
    bob.wait("window.__bohnanza.S.roomInfo.seats.some((s) => s.name === 'Ann' && !s.connected)")
    say(bob, "two")
    say(bob, "three")
    ann.page.evaluate("""() => { const net = window.__bohnanza.net;
        net.connect = net.heldConnect; net.connect(); }""")
    ann.wait("window.__bohnanza.net.ws !== window.__oldws && window.__bohnanza.S.connected "
             "&& window.__bohnanza.S.version > window.__oldv")
    assert ann.page.evaluate(SAID) == ["Bob: one", "Bob: two", "Bob: three"]
    close([ann, bob])
