"""Leftovers of the sixth new-user trial (docs/trial.md, "A sixth trial", the "Left" list), in
English and Japanese: how long an active bot waits for offers (from the server's
``SeatInfo.waits_until``), the lobby's labels in one line, the chat's system lines in the
board's font."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from . import positions as P
from .e2e_board import ARTIFACTS, assert_clean, watched_page
from .test_e2e_bots import close
from .test_e2e_game import open_room

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1366, "height": 768}, "locale": "en-US"}


@pytest.mark.parametrize(("lang", "left", "end"), [
    ("en", r"Bob waits for offers: about (\d+) s left", "Bob is about to end trading"),
    ("ja", r"Bobが交渉を待っています（残り約(\d+)秒）", "Bobがまもなく交渉を終えます")],
    ids=["en", "ja"])
def test_the_board_says_how_long_a_bot_waits_for_offers(
        browser: Any, server: str, lang: str, left: str, end: str) -> None:
    """Trial: a bot (the active player) ended its trading after about 40 s while Dee built an
    offer for its face-up card, with no word on how long it waits. Its seat mark says until
    when it waits, from the server's time (``waits_until`` against ``now``; the board holds no
    copy of the patience), and counts down between states."""
    g = P.game(phase="trade", face_up=["stink", "blackeyed"], active=1,
               seats=[{"hand": ["soy", "green"]}, {"hand": ["chili"]}, {"hand": ["blue"]}])
    msg = P.state(g, 0)
    now = time.time()
    bob = msg["room"]["seats"][1]
    bob.update(bot=True, policy="greedy", owes=True, doing="waiting", waits_until=now + 25.5)
    msg["room"]["now"] = now
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, msg, lang=lang)
        mark = pg.locator('#players .panel[data-seat="1"] .doing-mark')
        m = re.fullmatch(left, mark.inner_text().strip())
        assert m is not None and 20 <= int(m.group(1)) <= 26, mark.inner_text()
        inside = pg.evaluate("""() => { const m = document.querySelector('#players .panel[data-seat="1"] .doing-mark');
          const a = m.getBoundingClientRect(), b = m.closest('.panel').getBoundingClientRect();
          return a.left >= b.left && a.right <= b.right; }""")
        assert inside, "the mark sticks out of Bob's panel"
        pg.screenshot(path=str(ARTIFACTS / f"trial6c-bot-waits-{lang}.png"))
        # the server's clock runs 100 s ahead of the page's: the board counts from the server's
        msg["room"]["now"] = now + 100
        bob["waits_until"] = now + 100 + 3
        # shown and read in one call: 3 s left, counting down (a read in a call of its own
        # may come after the end on a loaded machine: "about to end trading")
        text = pg.evaluate("""([m, l]) => { window.__bohnanza.show(m, l);
          return document.querySelector('#players .panel[data-seat="1"] .doing-mark')
            .textContent.trim(); }""", [msg, lang])
        m = re.fullmatch(left, text)
        assert m is not None and 1 <= int(m.group(1)) <= 3, text
        pg.wait_for_function("([sel, t]) => document.querySelector(sel).textContent.trim() === t",
                             arg=['#players .panel[data-seat="1"] .doing-mark', end],
                             timeout=8000)
        # no time from the server (an older one): the plain words
        bob["waits_until"] = None
        P.show(pg, server, msg, lang=lang)
        assert mark.inner_text().strip() == ("Bob waits for offers…" if lang == "en"
                                             else "Bobが交渉を待っています…")
        assert_clean(pg, errors)


def test_the_lobby_labels_stand_in_one_line(browser: Any, server: str) -> None:
    """Trial: "Game (a new room)" sat lower than "Your name" and "Room"; the three labels and
    their boxes line up."""
    with watched_page(browser, **LAPTOP) as (pg, errors):
        pg.goto(server + "/")
        boxes = pg.evaluate("""() => [...document.querySelectorAll('#open-form label')].map(l => {
          const s = l.querySelector('span').getBoundingClientRect();
          const c = l.querySelector('input, select').getBoundingClientRect();
          return [s.top, c.top, c.bottom]; })""")
        assert len(boxes) == 3
        for top, ctop, cbottom in boxes[1:]:
            assert abs(top - boxes[0][0]) <= 1, boxes
            assert abs(ctop - boxes[0][1]) <= 1 and abs(cbottom - boxes[0][2]) <= 1, boxes
        pg.screenshot(path=str(ARTIFACTS / "trial6c-lobby.png"))
        assert_clean(pg, errors)


def test_chat_system_lines_use_the_boards_font(browser: Any, server: str) -> None:
    """Trial: the chat's system lines (the server's replies) were set in a monospace font."""
    players = open_room(browser, server, "e2e-trial6c-chat", ["Dee"])
    try:
        page = players[0].page
        page.wait_for_selector("#chat .chat-line.system")
        fonts = page.evaluate("""() => [getComputedStyle(document.body).fontFamily,
          getComputedStyle(document.querySelector('#chat .chat-line.system')).fontFamily]""")
        assert fonts[1] == fonts[0] and "monospace" not in fonts[1], fonts
    finally:
        close(players)
