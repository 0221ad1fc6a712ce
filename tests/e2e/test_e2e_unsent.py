"""A chat line typed while the page connects (a tester's report: a line typed right after the
name gate's Take a seat seemed lost before it reached the server).

The standard for what a person sends: it reaches the server once and shows, or the page says
clearly that it was not sent and the chat's line keeps the text to send again (net.js say).
"""

from __future__ import annotations

from typing import Any

import pytest

from .e2e_board import assert_clean, slow_frames, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 10_000
LAPTOP = {"viewport": {"width": 1366, "height": 768}}

# the room's WebSocket opens only when the test lets it (window.__letOpen()): a slow network
# or a loaded server, where the socket takes a while to open after the gate's join
HELD_OPEN = """(() => {
  const Real = window.WebSocket;
  const held = [];
  window.__letOpen = () => { for (const go of held.splice(0)) go(); };
  class Held extends Real {
    constructor(...a) { super(...a); this._held = true; held.push(() => { this._held = false; this._go?.(); }); }
    get readyState() { return this._held ? Real.CONNECTING : super.readyState; }
    set onopen(fn) { super.onopen = (ev) => { if (this._held) this._go = () => fn(ev); else fn(ev); }; }
  }
  window.WebSocket = Held;
})();"""

CHAT_LINES = "[...document.querySelectorAll('#chat .chat-line')].map(l => l.textContent)"


def test_a_line_typed_while_the_gates_join_connects_is_sent_once_connected(
        browser: Any, server: str) -> None:
    """Ann types her name at the gate, presses Take a seat, and says hello before the socket is
    open. Before: the line was refused at once ("Disconnected, reconnecting…"), and the answer
    of the page's own /join took that bubble away a moment later: the line never reached the
    server and nothing said so. Now it waits for the socket and goes right after the hello:
    it shows in the chat once, and the chat's line empties."""
    with watched_page(browser, **LAPTOP) as (ann, errors):
        ann.context.add_init_script(HELD_OPEN)
        ann.goto(f"{server}/r/unsent1")
        ann.fill("#name-input", "Ann")
        ann.press("#name-input", "Enter")
        ann.fill("#chat-input", "hello all")
        ann.press("#chat-input", "Enter")
        ann.wait_for_function("window.__bohnanza.sent.includes('hello all')", timeout=TIMEOUT)
        ann.evaluate("window.__letOpen()")
        ann.wait_for_function(f"{CHAT_LINES}.includes('Ann: hello all')", timeout=TIMEOUT)
        ann.wait_for_function("window.__bohnanza.S.you && window.__bohnanza.S.you.seat === 0 "
                              "&& window.__bohnanza.net.pending.size === 0", timeout=TIMEOUT)
        assert ann.evaluate(CHAT_LINES).count("Ann: hello all") == 1
        assert ann.input_value("#chat-input") == ""
        assert all(r["ok"] for r in ann.evaluate("window.__bohnanza.replies"))
        assert ann.locator(".error-bubble").count() == 0
        assert_clean(ann, errors)


def _seated_then_cut_off(ann: Any, srv: Any) -> None:
    """Ann takes the first seat through the name gate, then the server stops (a restart):
    until the page knows it is disconnected."""
    ann.fill("#name-input", "Ann")
    ann.press("#name-input", "Enter")
    ann.wait_for_function("window.__bohnanza.S.you && window.__bohnanza.S.you.seat === 0",
                          timeout=TIMEOUT)
    srv.stop()
    ann.wait_for_function("!window.__bohnanza.S.connected", timeout=TIMEOUT)


def test_a_line_the_page_could_not_send_says_so_and_stays_in_the_line(
        browser: Any, private_server: Any) -> None:
    """The server is gone (restarting) and Ann says a line: it is not sent, and the page says
    that in so many words ("Disconnected, reconnecting…" said nothing of the line); the line
    keeps the text, and sent again once the server is back it shows once."""
    srv = private_server()
    with watched_page(browser, **LAPTOP) as (ann, errors):
        ann.goto(f"{srv.base}/r/unsent2")
        _seated_then_cut_off(ann, srv)
        ann.fill("#chat-input", "are you there")
        ann.press("#chat-input", "Enter")
        bubble = ann.locator(".error-bubble")
        bubble.wait_for(timeout=TIMEOUT)
        assert bubble.inner_text().startswith("Not sent:")
        assert ann.input_value("#chat-input") == "are you there"
        srv.start()
        ann.wait_for_function("window.__bohnanza.S.connected && window.__bohnanza.S.you "
                              "&& window.__bohnanza.S.you.seat === 0", timeout=30_000)
        ann.press("#chat-input", "Enter")
        ann.wait_for_function(f"{CHAT_LINES}.includes('Ann: are you there')", timeout=TIMEOUT)
        ann.wait_for_function("document.querySelector('#chat-input').value === ''", timeout=TIMEOUT)
        assert ann.evaluate(CHAT_LINES).count("Ann: are you there") == 1
        assert_clean(ann, errors)


# once window.__slow is set, every frame from the server reaches the page's code late (a slow
# network), in order
SLOW = slow_frames(2500, switch="__slow")


def test_a_line_on_its_way_is_not_sent_twice_by_a_second_enter(browser: Any, server: str) -> None:
    """On a slow network Ann says "hi": the line keeps its text until the server takes it, so
    nothing seemed to happen and she pressed Enter again. Before: the line went twice (two
    "Ann: hi" in everyone's chat). Now the line looks busy while on its way and the same line
    is not sent again; once answered it empties, and a line after it goes as always."""
    with watched_page(browser, **LAPTOP) as (ann, errors):
        ann.context.add_init_script(SLOW)
        ann.goto(f"{server}/r/unsent3")
        ann.fill("#name-input", "Ann")
        ann.press("#name-input", "Enter")
        ann.wait_for_function("window.__bohnanza.S.you && window.__bohnanza.S.you.seat === 0 "
                              "&& window.__bohnanza.net.pending.size === 0", timeout=TIMEOUT)
        ann.evaluate("window.__slow = true")
        ann.fill("#chat-input", "hi")
        ann.press("#chat-input", "Enter")
        assert ann.evaluate("window.__bohnanza.net.pending.size") == 1   # (its answer is 2.5 s away)
        ann.press("#chat-input", "Enter")
        ann.wait_for_function("document.querySelector('#chat-input').value === ''", timeout=30_000)
        ann.fill("#chat-input", "done")
        ann.press("#chat-input", "Enter")
        ann.wait_for_function(f"{CHAT_LINES}.includes('Ann: done')", timeout=30_000)
        assert ann.evaluate(CHAT_LINES).count("Ann: hi") == 1
        assert ann.evaluate("window.__bohnanza.sent").count("hi") == 1
        assert_clean(ann, errors)


PASTE = """(text) => {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  const input = document.querySelector('#chat-input');
  input.focus();
  input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
}"""


def test_pasted_lines_the_page_could_not_send_are_kept_and_go_on_later(
        browser: Any, private_server: Any) -> None:
    """The server is gone (restarting) and Ann pastes three lines. Before: each was refused
    in turn and all three were gone, the box empty under "Send it again once connected".
    Now the first comes back into the box and the others wait; once the server is back, Enter
    sends it and the two others follow: each shows once, in order."""
    srv = private_server()
    with watched_page(browser, **LAPTOP) as (ann, errors):
        ann.goto(f"{srv.base}/r/unsent4")
        _seated_then_cut_off(ann, srv)
        ann.evaluate(PASTE, "one\ntwo\nthree")
        ann.locator(".error-bubble").wait_for(timeout=TIMEOUT)
        assert ann.locator(".error-bubble").inner_text().startswith("Not sent:")
        ann.wait_for_function("document.querySelector('#chat-input').value === 'one'",
                              timeout=TIMEOUT)
        srv.start()
        ann.wait_for_function("window.__bohnanza.S.connected && window.__bohnanza.S.you "
                              "&& window.__bohnanza.S.you.seat === 0", timeout=30_000)
        ann.press("#chat-input", "Enter")
        ann.wait_for_function(f"{CHAT_LINES}.includes('Ann: three')", timeout=TIMEOUT)
        said = [line for line in ann.evaluate(CHAT_LINES) if line.startswith("Ann: ")]
        assert said == ["Ann: one", "Ann: two", "Ann: three"]
        assert ann.input_value("#chat-input") == ""
        assert_clean(ann, errors)


def test_pasted_lines_past_the_rooms_chat_rate_wait_and_all_go(
        browser: Any, private_server: Any) -> None:
    """The room's chat takes 2 lines at once from one speaker, then one every 2 s (a speaker's
    share is half the room's rate and its burst: room_chat_burst 2, room_chat_per_second 1;
    the page's lines, 150 ms apart, meet the rate even when answers are slow); Ann pastes
    five lines. Before: the three past the burst were refused one after the other
    and lost (only "Ann: one", "Ann: two" ever showed). A refused line was not done (the rate,
    design.md section 6), so it waits and goes again: all five show, once each, in order."""
    srv = private_server(room_chat_burst="2", room_chat_per_second="1")
    with watched_page(browser, **LAPTOP) as (ann, errors):
        ann.goto(f"{srv.base}/r/unsent5")
        ann.fill("#name-input", "Ann")
        ann.press("#name-input", "Enter")
        ann.wait_for_function("window.__bohnanza.S.you && window.__bohnanza.S.you.seat === 0 "
                              "&& window.__bohnanza.net.pending.size === 0", timeout=TIMEOUT)
        ann.evaluate(PASTE, "one\ntwo\nthree\nfour\nfive")
        ann.wait_for_function(f"{CHAT_LINES}.includes('Ann: five')", timeout=30_000)
        said = [line for line in ann.evaluate(CHAT_LINES) if line.startswith("Ann: ")]
        assert said == ["Ann: one", "Ann: two", "Ann: three", "Ann: four", "Ann: five"]
        codes = [r.get("code") for r in ann.evaluate("window.__bohnanza.replies")]
        assert "rate_limited" in codes   # the room's rate did refuse some on the way
        assert_clean(ann, errors)
