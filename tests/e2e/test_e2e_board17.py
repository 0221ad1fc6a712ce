"""The board by keyboard and screen reader (board17): a Plant pressed twice by a bounced key,
the supply and demand hint's words for a keyboard, the news's "+6 more" to a screen reader,
a seat's cards to plant, and the answers to one's commands in every tab of the seat and in
the language switched to.

A press sends a command; the sample board takes the state the server would send next
(``window.__bohnanza.push``: the page keeps its focus and local state). What is expected is
what a keyboard or screen reader player expects; the rules' ids are rules.md's.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from . import positions as P
from .e2e_board import FOCUSED, TIMEOUT, press, push, watched_page

pytestmark = pytest.mark.browser

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
@pytest.fixture(scope="module")
def board(browser: Any) -> Any:
    with watched_page(browser, viewport={"width": 1400, "height": 900}, locale="en-US") as b:
        yield b


def sent(page: Any) -> list[str]:
    return list(page.evaluate("window.__bohnanza.sent"))


# ------------------------------------------------------------------ 1. a second Enter on Plant


def test_a_second_enter_after_plant_plants_no_second_card(page: Any, server: str) -> None:
    """R26: after the first card the second is optional. The Plant button was drawn anew in
    its place, the focus kept on it, and a second Enter (or a key that bounced) planted Red
    unasked. The focus leaves it (on the hand, nothing pressed); one Tab reaches the second
    card's own button, named for it, and its Enter plants it (a deliberate press)."""
    g = P.game(seats=[{"hand": ["blue", "red", "soy"], "fields": [["blue", 2], None]}, {}, {}])
    P.show(page, server, P.state(g, 0))
    press(page, "#plant-front")
    assert sent(page) == ["/plant"]
    P.say(g, 0, "/plant")
    assert push(page, P.state(g, 0)) != "#plant-front"
    page.keyboard.press("Enter")                                   # the bounced key
    assert sent(page) == ["/plant"]
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "#plant-front"
    assert page.locator("#plant-front").inner_text().strip() == "Plant Red too"
    page.keyboard.press("Enter")
    assert sent(page) == ["/plant", "/plant"]


@pytest.mark.parametrize(("pos", "seat", "command"), [
    # phase 1: Blue, Blue in front; field 1 holds Blue: both plants go there (R26)
    (lambda: P.game(seats=[{"hand": ["blue", "blue", "soy"], "fields": [["blue", 2], None]},
                           {}, {}]), 0, "/plant 1"),
    # phase 3: two Chili to plant, field 1 holds Chili (R33)
    (lambda: P.game(phase="plant_traded", seats=[
        {}, {"to_plant": ["chili", "chili"], "fields": [["chili", 1], None]}, {}]),
     1, "/plant chili 1"),
], ids=["phase-1", "phase-3"])
def test_a_second_enter_on_plant_here_plants_nothing(page: Any, server: str, pos: Any,
                                                     seat: int, command: str) -> None:
    """Plant here on field 1 is drawn anew for the next card: the focus stayed on it and a
    second Enter planted the next card there too. The focus goes to the fields' box."""
    g = pos()
    P.show(page, server, P.state(g, seat))
    press(page, '#fields .field[data-field="1"] .plant-here')
    assert sent(page) == [command]
    P.say(g, seat, command)
    assert push(page, P.state(g, seat)) == "#fields"
    assert page.locator('#fields .field[data-field="1"] .plant-here').count() == 1   # still legal
    page.keyboard.press("Enter")
    assert sent(page) == [command]


# ------------------------------------------------------------------ 3. the marker's hint


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_marker_hint_speaks_of_keys_to_a_keyboard(page: Any, server: str, lang: str) -> None:
    """An arrow of Supply & demand pressed by Enter: the hint said "Now click a card", which
    no key does; it says how the keys get there (Tab, the arrows along a row) and Enter. The
    same arrow pressed with the mouse still speaks of a click."""
    P.show(page, server, P.state(P.trading(), 1), lang=lang)
    press(page, ".signal-token.have")
    hint = page.locator("#signals .armed-hint").inner_text()
    assert "Enter" in hint and "Tab" in hint, hint
    assert "click" not in hint.lower() and "クリック" not in hint, hint
    page.keyboard.press("Enter")                                    # the arrow again: off
    assert page.locator("#signals .armed-hint").count() == 0
    page.locator(".signal-token.have").click()
    hint = page.locator("#signals .armed-hint").inner_text()
    assert ("クリック" if lang == "ja" else "click") in hint, hint


# ------------------------------------------------------------------ 4. the news's "+N more"


def _harvests(n: int) -> list[dict[str, Any]]:
    """``n`` harvest lines as the server sends them (the game's end sells every field, R39)."""
    names = P.NAMES
    return [{"kind": "harvest", "seat": i % 3, "field": 1 + i // 3, "coins": 1,
             "text": f"{names[i % 3]} harvested field {1 + i // 3} for 1 coin (line {i + 1})"}
            for i in range(n)]


def test_a_screen_reader_reads_every_news_line(page: Any, server: str) -> None:
    """Eight lines of news: two on the bar and "+6 more". A screen reader heard the two and
    "plus 6 more", the six in display: none; it now reads all eight, and the count's button
    is named for what it does."""
    P.show(page, server, P.state(P.over(), 1))
    lines = _harvests(8)
    page.evaluate("es => window.__bohnanza.log({type: 'log', entries: es})", lines)
    page.wait_for_selector("#news:not([hidden])")
    tree = page.locator("#news").aria_snapshot()
    for e in lines:
        assert e["text"] in tree, tree
    assert page.get_by_role("button", name="+6 more", exact=True).count() == 0
    more = page.get_by_role("button", name="Show all 8 lines")
    assert more.count() == 1 and more.get_attribute("aria-expanded") == "false"
    assert page.locator("#news .news-more").inner_text().strip() == "+6 more"   # on the screen
    more.focus()
    page.keyboard.press("Enter")
    assert page.locator("#news-lines").get_attribute("aria-expanded") == "true"
    assert page.locator("#news .news-line").nth(7).is_visible()


# ------------------------------------------------------------------ 6. a seat's cards to plant


def test_a_seats_cards_to_plant_are_named_without_a_pointer(page: Any, server: str) -> None:
    """Bob's panel said "2 to plant" and named the cards in its title only (user13's trial):
    a pointer's hover, nothing a screen reader or a keyboard reaches. The cards (public: they
    lie face up, R12, R41) are named in the panel's own text."""
    P.show(page, server, P.state(P.planting_traded(), 0))
    panel = page.locator('#players .panel[data-seat="1"]')
    tree = panel.aria_snapshot()
    assert "Chili" in tree and "Green" in tree, tree


# ------------------------------------------------------------------ 5. the answers, every tab


def _say(pg: Any, text: str) -> None:
    """``text`` typed in the chat's command line and sent; its reply waited for."""
    n = pg.evaluate("window.__bohnanza.replies.length")
    pg.locator("#chat-input").fill(text)
    pg.locator("#chat-input").press("Enter")
    pg.wait_for_function(f"window.__bohnanza.replies.length > {n}", timeout=TIMEOUT)


def _answers(pg: Any) -> list[str]:
    return list(pg.evaluate(
        "[...document.querySelectorAll('#chat .chat-line.answer')].map(n => n.textContent)"))


def test_the_answers_show_in_every_tab_of_the_seat_and_in_the_page_language(
        browser: Any, server: str) -> None:
    """The answer to /help (one's own, kept for the tab) was missing from a second tab of the
    same seat, and after a switch to Japanese the kept answers stayed English. Every tab of
    the seat shows them (one opened later, and one open as they come), each in its page's
    language, the one switched to too (the reply's texts: tests/server/test_srv_reply_texts)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    try:
        ctx.add_init_script("localStorage.setItem('bohnanza.name', 'Ann')")
        a = ctx.new_page()
        a.goto(server + "/r/e2e-b17-answers")
        a.wait_for_function("window.__bohnanza && window.__bohnanza.state.room !== null")
        _say(a, "/join")
        _say(a, "/help")
        assert len(_answers(a)) == 2 and "You sit in seat 1." in _answers(a)
        b = ctx.new_page()                                      # the same seat's second tab
        b.goto(server + "/r/e2e-b17-answers")
        b.wait_for_function("window.__bohnanza && window.__bohnanza.state.you"
                            " && window.__bohnanza.state.you.seat === 0")
        b.wait_for_function("document.querySelectorAll('#chat .chat-line.answer').length === 2")
        assert _answers(b) == _answers(a)
        _say(a, "/who")                                         # one comes while b is open
        b.wait_for_function("document.querySelectorAll('#chat .chat-line.answer').length === 3")
        assert _answers(b) == _answers(a)
        b.locator("#lang").click()                              # b switches to Japanese
        b.wait_for_function("document.documentElement.lang === 'ja'")
        for text in _answers(b):
            assert JAPANESE.search(text), text
        assert "1番" in _answers(b)[0], _answers(b)
        for text in _answers(a):                                # a stays English
            assert not JAPANESE.search(text), text
        b.reload()                                              # kept for the tab, in Japanese
        b.wait_for_function("document.querySelectorAll('#chat .chat-line.answer').length === 3")
        assert all(JAPANESE.search(x) for x in _answers(b)), _answers(b)
    finally:
        ctx.close()


def test_answers_of_another_day_are_not_shown(browser: Any, server: str) -> None:
    """The answers are kept for the room in the browser: a page opened hours later (another
    day's game in the same room) starts without the old ones, the recent ones kept."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 900}, locale="en-US")
    try:
        ctx.add_init_script("""(() => { if (sessionStorage.getItem('b17')) return;
          sessionStorage.setItem('b17', '1');
          const now = Date.now() / 1000;
          localStorage.setItem('bohnanza.name', 'Ann');
          localStorage.setItem('bohnanza.answers.e2e-b17-old', JSON.stringify([
            { id: 'old', ts: now - 7 * 3600, text: 'an answer of 7 hours ago', lang: 'en', texts: null },
            { id: 'new', ts: now - 60, text: 'an answer of a minute ago', lang: 'en', texts: null }]));
        })()""")
        pg = ctx.new_page()
        pg.goto(server + "/r/e2e-b17-old")
        pg.wait_for_function("window.__bohnanza && window.__bohnanza.state.room !== null")
        assert _answers(pg) == ["an answer of a minute ago"]
    finally:
        ctx.close()


# ------------------------------------------------------------------ the status line by keys


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_deals_line_names_no_mouse_alone(page: Any, server: str, lang: str) -> None:
    """The line under the top bar says what to do now: in a deal it said "click the card(s),
    then Hand over", a mouse's way alone; a keyboard picks a card by Enter on it or by its
    place's button in the deal window. It says pick, and the button to press."""
    P.show(page, server, P.state(P.dealing(), 1), lang=lang)
    line = page.locator("#status").inner_text()
    assert "click" not in line.lower() and "クリック" not in line, line
    assert ("「渡す」" if lang == "ja" else "press Hand over") in line, line
    assert page.locator("#deal-provide").inner_text().strip() == ("渡す" if lang == "ja" else "Hand over")
