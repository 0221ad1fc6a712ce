"""The server's texts in the page's language (issue 10, point 6), pasted chat lines, room links
and the lobby (point 7), in real Chromium against the real server."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from bohnanza.server.settings import Settings

from .e2e_board import Player, sync

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def enter(browser: Any, base: str, room: str, name: str, locale: str) -> Player:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale=locale)
    page = ctx.new_page()
    page.goto(base + "/")
    page.fill("#lobby-name", name)
    page.fill("#lobby-room", room)
    page.click("#lobby-open")
    page.wait_for_selector("#btn-join")
    p = Player(page, name)
    p.act(lambda: p.click("#btn-join"))
    return p


def log_lines(p: Player) -> list[str]:
    return [x.strip() for x in p.page.locator("#log .log-line").all_inner_texts()]


def test_server_texts_in_japanese(server: str, browser: Any, artifacts: Path) -> None:
    room = "e2e-日本語"
    ja = enter(browser, server, room, "Hana", "ja-JP")
    en = enter(browser, server, room, "Ian", "en-US")
    en.act(lambda: en.click("#btn-addbot"))
    ja.act(lambda: ja.click("#btn-start"))
    sync([ja, en])
    # the log: room lines and game lines as each page reads them
    ja.wait("document.querySelectorAll('#log .log-line').length > 3")
    en.wait("document.querySelectorAll('#log .log-line').length > 3")
    assert all(JAPANESE.search(x) for x in log_lines(ja)), log_lines(ja)
    assert not any(JAPANESE.search(x) for x in log_lines(en) if "日本語" not in x), log_lines(en)
    assert any("席に着きました" in x for x in log_lines(ja))
    # a refusal, typed: in Japanese where it shows
    line = ja.page.locator("#chat-input")
    line.fill("/plnat 2")
    reply = ja.act(lambda: line.press("Enter"), ok=False)
    assert JAPANESE.search(reply["message"]) and "/plant" in reply["message"], reply
    assert JAPANESE.search(ja.page.locator(".error-bubble").first.inner_text())
    # help in Japanese
    line.fill("/help")
    reply = ja.act(lambda: line.press("Enter"))
    assert "コマンド" in reply["message"]
    ja.page.screenshot(path=str(artifacts / "server-texts-ja.png"))
    # the English page switches to Japanese: the log comes again in Japanese
    before = log_lines(en)
    en.click("#lang")
    en.wait("[...document.querySelectorAll('#log .log-line')].every(e => /[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(e.textContent))")
    assert len(log_lines(en)) == len(before)
    line = en.page.locator("#chat-input")
    line.fill("/plnat")
    reply = en.act(lambda: line.press("Enter"), ok=False)
    assert JAPANESE.search(reply["message"])
    for p in (ja, en):
        assert not p.errors, p.errors
        p.page.context.close()


def test_pasted_chat_lines_go_one_by_one(server: str, browser: Any) -> None:
    p = enter(browser, server, "e2e-paste", "Pat", "en-US")
    lines = [f"line {i}" for i in range(20)]     # paced by the page: about 3 s
    t0 = time.monotonic()
    p.page.evaluate("""(text) => { const dt = new DataTransfer(); dt.setData('text/plain', text);
        document.querySelector('#chat-input').dispatchEvent(new ClipboardEvent('paste',
          { clipboardData: dt, bubbles: true, cancelable: true })); }""", "\n".join(lines))
    p.page.wait_for_function(
        "[...document.querySelectorAll('#chat .chat-line')].filter(e => /line \\d+/.test(e.textContent)).length >= 20",
        timeout=30_000)
    took = time.monotonic() - t0
    # the page keeps under the server's default rate (this test server allows more), so a
    # paste is never refused there (a refused line would still be answered on its own)
    default_rate = Settings.model_fields["commands_per_second"].default
    assert (len(lines) - 1) / took < default_rate, took
    got = [t for t in p.page.locator("#chat .chat-line").all_inner_texts() if "line " in t]
    assert [t.split(": ", 1)[1] for t in got] == lines          # all of them, in order
    assert p.page.evaluate("window.__bohnanza.net.ws.readyState") == 1   # still connected
    assert all(r["ok"] for r in p.page.evaluate("window.__bohnanza.replies"))
    p.page.context.close()


def test_a_chat_line_cannot_pass_for_another_speakers(server: str, browser: Any) -> None:
    """Issue 11, item 7: a line padded with spaces so that "Bob: I resign" wraps to the start
    of a line of its own is still Ann's: the wrapped part is indented under her name, and the
    forged "Bob:" is plain text, not a name (a name is the line's bold element)."""
    ann = enter(browser, server, "e2e-forge", "Ann", "en-US")
    cy = enter(browser, server, "e2e-forge", "Cy", "en-US")
    line = ann.page.locator("#chat-input")
    line.fill("ok" + " " * 150 + "Bob: I resign")
    ann.act(lambda: line.press("Enter"))
    cy.wait("[...document.querySelectorAll('#chat .chat-line')]"
            ".some(e => e.textContent.includes('I resign'))")
    got = cy.page.evaluate("""() => {
        const line = [...document.querySelectorAll('#chat .chat-line')]
          .find(e => e.textContent.includes('I resign'));
        const name = line.querySelector('b');
        const span = line.querySelector('span');
        const at = span.textContent.indexOf('Bob:');
        const r = document.createRange();
        r.setStart(span.firstChild, at); r.setEnd(span.firstChild, at + 4);
        const forged = r.getClientRects()[0], own = name.getBoundingClientRect();
        return { names: [...line.querySelectorAll('b')].map(b => b.textContent),
                 lines: document.querySelectorAll('#chat .chat-line').length,
                 wrapped: forged.top > own.bottom - 1, indent: forged.left - own.left };
    }""")
    assert got["names"] == ["Ann: "]             # one speaker, and it is Ann
    assert got["wrapped"]                        # the forged part is on a line of its own ...
    assert got["indent"] >= 8, got               # ... indented: not where a name starts
    for p in (ann, cy):
        assert not p.errors, p.errors
        p.page.context.close()


def test_bad_room_link_and_the_lobby(server: str, browser: Any, artifacts: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.goto(server + "/r/" + quote("bad;name"))
    assert page.locator("#bad-room h1").is_visible()
    page.locator("#bad-room a[href='/']").click()
    page.wait_for_selector("#lobby-name")
    # a room named in Japanese opens from the lobby
    page.fill("#lobby-name", "Yui")
    page.fill("#lobby-room", "豆の部屋")
    page.click("#lobby-open")
    page.wait_for_selector("#btn-join")
    assert page.locator("#room-name").inner_text() == "豆の部屋"
    page.click("#btn-join")
    page.wait_for_function("window.__bohnanza.state.you && window.__bohnanza.state.you.seat === 0")
    other = ctx.browser.new_context().new_page()
    other.goto(server + "/")
    item = other.locator("#rooms li", has_text="豆の部屋")
    item.wait_for()
    text = item.inner_text()
    assert "1 connected" in text and "4 free seats" in text, text   # classic: 3-5 players
    other.screenshot(path=str(artifacts / "lobby-people.png"))
    other.context.close()
    ctx.close()


def test_a_name_typed_while_the_lobby_loads_is_kept(server: str, browser: Any) -> None:
    """On a slow start the lobby's script used to fill the name field after the person had
    typed in it (with the stored name: nothing, for a newcomer), and Open or create then did
    nothing. Held here until the fields are filled: the typed name must stay and open the room."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    page = ctx.new_page()
    script = (ROOT / "web" / "js" / "lobby.js").read_text()
    held = "await new Promise((go) => { window.__lobbyGo = go; });\n" + script
    page.route("**/js/lobby.js", lambda r: r.fulfill(body=held,
                                                     content_type="text/javascript"))
    page.goto(server + "/")
    page.wait_for_function("typeof window.__lobbyGo === 'function'")
    page.fill("#lobby-name", "Quick")
    page.fill("#lobby-room", "e2e-quick")
    page.evaluate("window.__lobbyGo()")
    page.wait_for_selector("#rooms li")                    # the script has run
    assert page.input_value("#lobby-name") == "Quick"
    page.click("#lobby-open")
    page.wait_for_selector("#btn-join")
    assert page.evaluate("localStorage.getItem('bohnanza.name')") == "Quick"
    ctx.close()
