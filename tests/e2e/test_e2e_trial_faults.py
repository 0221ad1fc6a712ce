"""Faults of the issue 10 new-user trial, each in real Chromium against the real server: the
idle mark only on seats the server says are idle or away, tooltips in the viewer's language,
Japanese bean names that never break mid-word, the chat kept across a reload and a restart,
every seat on a phone, one error pop-up at a time, the server's line limit on the chat input,
a refused line kept, the bot picker's order from the server."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from bohnanza.server.settings import Settings

from .e2e_board import Player, sync

pytestmark = pytest.mark.browser

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def enter(browser: Any, base: str, room: str, name: str, locale: str = "en-US",
          size: tuple[int, int] = (1366, 768), join: bool = True) -> Player:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale,
                              has_touch=size[0] < 500)
    page = ctx.new_page()
    page.goto(base + "/")
    page.fill("#lobby-name", name)
    page.fill("#lobby-room", room)
    page.click("#lobby-open")
    page.wait_for_selector("#btn-join")
    p = Player(page, name)
    if join:
        p.act(lambda: p.click("#btn-join"))
    return p


def table(browser: Any, base: str, room: str, names: list[str], locale: str = "en-US",
          size: tuple[int, int] = (1366, 768)) -> list[Player]:
    players = [enter(browser, base, room, n, locale, size) for n in names]
    players[0].act(lambda: players[0].click("#btn-start"))
    players[0].wait("window.__bohnanza.state.view !== null")
    sync(players)
    return players


def close(players: list[Player]) -> None:
    for p in players:
        assert not p.errors, p.errors
        p.page.context.close()


def facts(base: str) -> dict[str, Any]:
    with urllib.request.urlopen(base + "/api/facts") as r:
        return dict(json.load(r))


# -------------------------------------------------------------------------------- 1. Zz


def idle_marks(p: Player) -> list[int]:
    return [int(x) for x in p.page.eval_on_selector_all(
        "#players .panel:has(.mark-idle.on)", "ps => ps.map(e => e.dataset.seat)")]


def test_idle_mark_only_on_seats_the_server_calls_idle_or_away(private_server: Any,
                                                                browser: Any) -> None:
    """The trial saw "Zz" on every connected player, the active one too: the server called a
    person idle after 10 s without input. At the server's own defaults a person who reads
    the board for longer is not marked; a person whose page is gone is, at once."""
    srv = private_server(idle_seconds=None, away_seconds=None)     # the defaults
    players = table(browser, srv.base, "zz", ["Ann", "Bob", "Cy"])
    ann, bob, cy = players
    room = ann.state()["room"]
    assert room["idle_seconds"] == Settings().idle_seconds
    # past the old 10 s threshold, nobody touching the page: no seat is idle, no Zz
    ann.page.wait_for_timeout(12_000)
    for p in players:
        assert not any(s["idle"] for s in p.state()["room"]["seats"])
        assert idle_marks(p) == [], p.name
    # Cy's page goes: her seat is away, Zz on her panel only, on the other screens
    cy_seat = cy.you()["seat"]
    cy.page.context.close()
    for p in (ann, bob):
        p.wait(f"window.__bohnanza.state.room.seats[{cy_seat}].connected === false")
        p.wait(f"document.querySelector('#players .panel[data-seat=\"{cy_seat}\"] .mark-idle.on')")
        assert idle_marks(p) == [cy_seat]
        title = p.page.locator(f'#players .panel[data-seat="{cy_seat}"] .mark-idle').get_attribute("title")
        assert title and "not connected" in title
    close([ann, bob])


def test_idle_mark_says_the_servers_threshold(server: str, browser: Any) -> None:
    """The test server marks a person idle after 2 s (conftest): the mark comes from the
    server's flag and its title names the server's threshold."""
    players = table(browser, server, "zz-title", ["Ann", "Bob", "Cy"])
    ann, bob = players[0], players[1]
    bob_seat = bob.you()["seat"]
    ann.wait(f"window.__bohnanza.state.room.seats[{bob_seat}].idle === true")
    ann.wait(f"document.querySelector('#players .panel[data-seat=\"{bob_seat}\"] .mark-idle.on')")
    title = ann.page.locator(f'#players .panel[data-seat="{bob_seat}"] .mark-idle').get_attribute("title")
    assert title == "Idle: no input for over 2 s"
    # the marks follow the server's flags exactly, on the other seats' panels: never on
    # one's own (trial 5 item 9: "Bob (you) · idle" read as away)
    ann_seat = ann.you()["seat"]
    # the flags and the marks of one state, read at once (Cy's and Ann's own idle flags come
    # in later states, any moment now: read apart, a state could come between the two)
    seats, marks = ann.page.evaluate(
        "[window.__bohnanza.state.room.seats, [...document.querySelectorAll("
        "'#players .panel:has(.mark-idle.on)')].map(e => Number(e.dataset.seat))]")
    assert sorted(marks) == sorted(
        s["seat"] for s in seats
        if not s["bot"] and (s["idle"] or not s["connected"]) and s["seat"] != ann_seat)
    # Bob's own page: the server calls him idle, his own panel does not say so
    bob.wait(f"window.__bohnanza.state.room.seats[{bob_seat}].idle === true")
    bob.wait(f"document.querySelector('#players .panel[data-seat=\"{bob_seat}\"]') !== null")
    assert bob_seat not in idle_marks(bob)
    close(players)


# -------------------------------------------------------------------------------- 2, 3


def test_tooltips_in_the_viewers_language(server: str, browser: Any, artifacts: Path) -> None:
    names = {b["slug"]: b["names"] for b in facts(server)["beans"]}
    en = enter(browser, server, "tips", "Ann", "en-US")
    ja = enter(browser, server, "tips", "Hana", "ja-JP")
    en.act(lambda: en.click("#btn-addbot"))
    en.act(lambda: en.click("#btn-start"))
    sync([en, ja])
    for p, lang in ((en, "en"), (ja, "ja")):
        p.wait("document.querySelectorAll('#catalogue-box .card').length > 0")
        titles = p.page.eval_on_selector_all(
            "[title], [aria-label]",
            "es => es.map(e => [e.getAttribute('title') || '', e.getAttribute('aria-label') || ''].join(' '))")
        other = "en" if lang == "ja" else "ja"
        for n in names.values():
            wrong = n[other].removesuffix(" Bean")
            assert not any(wrong in t for t in titles), (lang, wrong)
        cards = p.page.eval_on_selector_all(
            "#hand .card[data-bean]", "es => es.map(e => [e.dataset.bean, e.title])")
        assert cards
        for slug, title in cards:
            assert title == names[slug][lang].removesuffix(" Bean"), (lang, slug, title)
    close([en, ja])


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=["1366x768", "390x844"])
def test_japanese_bean_names_never_break_mid_word(server: str, browser: Any, artifacts: Path,
                                                  size: tuple[int, int]) -> None:
    room = f"ja-names-{size[0]}"
    players = table(browser, server, room, ["花子", "太郎", "次郎"], "ja-JP", size)
    p = players[0]
    p.wait("document.querySelectorAll('#catalogue-box .bean-name').length > 0")
    # every bean's name, in the catalogue and the hand: one line, all of it inside its card
    got = p.page.eval_on_selector_all(".card .bean-name", """es => es.map(e => {
        const lh = parseFloat(getComputedStyle(e).lineHeight) || parseFloat(getComputedStyle(e).fontSize) * 1.1;
        const r = document.createRange(); r.selectNodeContents(e);
        return [e.textContent, r.getClientRects().length, e.scrollWidth <= e.clientWidth + 1,
                e.getBoundingClientRect().height <= lh * 1.5 + 3]; })""")
    assert len(got) >= 11
    for text, lines, fits, one in got:
        if JAPANESE.search(text):
            assert lines == 1 and fits and one, (text, lines, fits, one)
    p.page.screenshot(path=str(artifacts / f"ja-names-{size[0]}x{size[1]}.png"), full_page=False)
    close(players)


# -------------------------------------------------------------------------------- 5. chat


#: the chat's lines of people (not the page's own: a reply such as "You sit in seat 2.")
SAID = "#chat .chat-line:not(.system):not(.error)"


def chat_lines(p: Player) -> list[str]:
    return [x.strip() for x in p.page.locator(SAID).all_inner_texts()]


def test_chat_kept_across_a_reload_and_a_restart(private_server: Any, browser: Any) -> None:
    srv = private_server()
    ann = enter(browser, srv.base, "chat-keep", "Ann")
    bob = enter(browser, srv.base, "chat-keep", "Bob")
    said = [f"line {i} from Ann" for i in range(3)]
    box = ann.page.locator("#chat-input")
    for line in said:
        box.fill(line)
        ann.act(lambda: box.press("Enter"))
    # Ann's lines, not any line: Bob's chat holds his /join reply too, so "3 lines" was true
    # with two of Ann's, and the third (sent to Bob as Ann's reply goes to her) could be late
    bob.wait(f"document.querySelectorAll('{SAID}').length >= {len(said)}")
    expected = [f"Ann: {x}" for x in said]
    assert chat_lines(bob)[-3:] == expected
    bob.page.reload()
    bob.wait("window.__bohnanza.S.roomInfo && document.querySelectorAll('#chat .chat-line').length >= 3")
    assert chat_lines(bob) == expected
    # the server restarts (the chat is stored with the room): a reload still shows it
    srv.stop()
    srv.start()
    bob.page.reload()
    bob.wait("window.__bohnanza.S.roomInfo && document.querySelectorAll('#chat .chat-line').length >= 3")
    assert chat_lines(bob) == expected
    # bounded: the server sends its chat_history newest lines, no more
    assert Settings().chat_history == 50
    close([ann, bob])


def test_chat_history_is_bounded(private_server: Any, browser: Any) -> None:
    srv = private_server(chat_history="5", room_chat_burst="50")
    ann = enter(browser, srv.base, "chat-bound", "Ann")
    box = ann.page.locator("#chat-input")
    for i in range(8):
        box.fill(f"n{i}")
        ann.act(lambda: box.press("Enter"))
    # a page that showed none of them (Bob comes in; Ann's reload keeps what her tab showed:
    # test_e2e_chat_kept.py) gets the server's chat_history newest lines
    bob = enter(browser, srv.base, "chat-bound", "Bob", join=False)
    bob.wait("window.__bohnanza.S.roomInfo && document.querySelectorAll('#chat .chat-line').length >= 5")
    # a negative check: a server that sent more than chat_history lines would send them in
    # the same burst, so a moment more shows them (a wait for a condition cannot)
    bob.page.wait_for_timeout(300)
    assert chat_lines(bob) == [f"Ann: n{i}" for i in range(3, 8)]
    close([ann, bob])


# -------------------------------------------------------------------------------- 6. phone


@pytest.mark.parametrize("n", [3, 5])
def test_every_seat_in_view_on_a_phone(server: str, browser: Any, artifacts: Path, n: int) -> None:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:n]
    players = table(browser, server, f"phone-{n}", names, "en-US", (390, 844))
    for p in players[:2]:
        # measured once laid out, in the same call that saw them laid out (a render between
        # two frames once measured every panel at 0 wide; a wait and a measure in two calls
        # let a redraw come between them: CI of 97c4e3d measured [0, 0, 0] five times)
        boxes = p.page.wait_for_function("""() => {
            const b = [...document.querySelectorAll('#players .panel')].map((e) => {
              const r = e.getBoundingClientRect(); return [r.left, r.right, r.width]; });
            return b.length && b.every((x) => x[2] > 0) ? b : null; }""",
            timeout=30_000).json_value()
        assert len(boxes) == n
        for left, right, width in boxes:
            assert left >= 0 and right <= 390 and width > 80, boxes
        # the strip itself scrolls nothing away
        assert p.page.evaluate("(() => { const e = document.querySelector('#players'); "
                               "return e.scrollWidth <= e.clientWidth + 1; })()")
    players[0].page.screenshot(path=str(artifacts / f"phone-seats-{n}.png"))
    close(players)


# -------------------------------------------------------------------------------- 7, 8, 9


def test_one_error_popup_at_a_time(server: str, browser: Any) -> None:
    players = table(browser, server, "errors", ["Ann", "Bob", "Cy"])
    active = next(p for p in players if p.you()["seat"] == p.view()["active"])
    other = next(p for p in players if p is not active)
    box = other.page.locator("#chat-input")
    box.fill("/plant")
    first = other.act(lambda: box.press("Enter"), ok=False)
    box.fill("/harvest 3")
    second = other.act(lambda: box.press("Enter"), ok=False)
    assert not first["ok"] and not second["ok"]
    bubbles = other.page.locator(".error-bubble")
    assert bubbles.count() == 1
    assert bubbles.first.inner_text() == second["message"]
    close(players)


def test_a_later_accepted_command_takes_a_refusals_message_away(server: str,
                                                               browser: Any) -> None:
    """A new user's report: a refused command's message stayed about 5 s (its own time) after
    the next command had gone through. It goes when a later command is accepted."""
    p = enter(browser, server, "errors-clear", "Ann")
    box = p.page.locator("#chat-input")
    box.fill("/plnat 2")
    assert not p.act(lambda: box.press("Enter"), ok=False)["ok"]
    assert p.page.locator(".error-bubble").count() == 1
    box.fill("hello")
    assert p.act(lambda: box.press("Enter"))["ok"]
    # well before the bubble's own end (4.8 s after it showed)
    p.page.wait_for_function("document.querySelectorAll('.error-bubble').length === 0",
                             timeout=1000)
    close([p])


def test_chat_input_takes_the_servers_limit_and_keeps_a_refused_line(
        private_server: Any, browser: Any) -> None:
    srv = private_server(chat_max_len="123")
    p = enter(browser, srv.base, "limits", "Ann")
    box = p.page.locator("#chat-input")
    assert box.get_attribute("maxlength") == "123"
    box.fill("x" * 500)
    assert len(box.input_value()) == 123
    # a refused command stays in the line, to mend
    box.fill("/plnat 2")
    reply = p.act(lambda: box.press("Enter"), ok=False)
    assert not reply["ok"]
    p.page.wait_for_timeout(200)   # a negative check: nothing empties the line after the reply
    assert box.input_value() == "/plnat 2"
    # a line the server takes is cleared
    box.fill("hello")
    p.act(lambda: box.press("Enter"))
    p.wait("document.querySelector('#chat-input').value === ''")
    close([p])


def test_a_line_cut_at_the_limit_says_so(private_server: Any, browser: Any) -> None:
    """The command line holds the server's limit (123 here): a keystroke past it, or a pasted
    line that does not fit, is left out by the browser, and the line says so (a new user's
    report: a pasted line was cut silently); a line that fits says nothing."""
    srv = private_server(chat_max_len="123")
    p = enter(browser, srv.base, "limits-cut", "Ann")
    box = p.page.locator("#chat-input")
    box.fill("x" * 100)
    paste = ("text => { const dt = new DataTransfer(); dt.setData('text/plain', text); "
             "document.querySelector('#chat-input').dispatchEvent(new ClipboardEvent('paste', "
             "{ clipboardData: dt, bubbles: true, cancelable: true })); }")
    p.page.evaluate(paste, "y" * 23)   # 100 + 23: fits
    p.page.wait_for_timeout(200)       # a negative check: no bubble comes for it
    assert p.page.locator(".error-bubble").count() == 0
    p.page.evaluate(paste, "y" * 24)   # 100 + 24: one too many
    bubble = p.page.locator(".error-bubble")
    bubble.wait_for(timeout=5000)
    assert bubble.inner_text() == "A line holds at most 123 characters: the rest was left out."
    p.page.evaluate("document.querySelectorAll('.error-bubble').forEach(b => b.remove())")
    box.fill("x" * 123)
    box.press("End")
    box.press("z")   # typed past the limit
    bubble.wait_for(timeout=5000)
    assert "123" in bubble.inner_text()
    assert box.input_value() == "x" * 123
    close([p])


def test_chat_input_limit_at_the_default(server: str, browser: Any) -> None:
    p = enter(browser, server, "limits-default", "Ann", join=False)
    box = p.page.locator("#chat-input")
    p.wait("document.querySelector('#chat-input').maxLength > 0")
    assert box.get_attribute("maxlength") == "400" == str(Settings().chat_max_len)
    close([p])


def test_name_and_room_inputs_take_the_servers_limits(private_server: Any, browser: Any) -> None:
    """The lobby's name and room inputs and the room page's name gate hold no more characters
    than the server accepts (settings name_max_len, room_name_max_len), read from its facts."""
    srv = private_server(name_max_len="7", room_name_max_len="9")
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.goto(srv.base + "/")
    page.wait_for_function("document.querySelector('#lobby-name').maxLength === 7")
    assert page.eval_on_selector("#lobby-room", "e => e.maxLength") == 9
    page.fill("#lobby-name", "")
    page.locator("#lobby-name").press_sequentially("Annabelle Smith")
    assert page.input_value("#lobby-name") == "Annabel"
    page.goto(srv.base + "/r/limits")      # no name kept in this context: the name gate asks
    page.wait_for_selector("#name-input", state="visible")
    page.wait_for_function("document.querySelector('#name-input').maxLength === 7")
    ctx.close()


# -------------------------------------------------------------------------------- 10. bots


def test_bot_picker_lists_the_levels_first_from_the_server(server: str, browser: Any) -> None:
    p = enter(browser, server, "picker", "Ann")
    values = p.page.eval_on_selector_all("#addbot-policy option", "os => os.map(o => o.value)")
    assert values == ["easy", "normal", "hard", "greedy", "random"]
    assert p.page.locator("#addbot-policy").input_value() == "easy"
    assert p.state()["room"]["bot_picker"] == values
    p.act(lambda: p.click("#btn-addbot"))
    p.wait("window.__bohnanza.state.room.seats.length === 2")
    assert p.state()["room"]["seats"][1]["policy"] == "easy"
    close([p])
