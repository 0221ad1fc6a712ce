"""The seventh new-user trial's defects (/work/helper-user7/shots), each with the condition the
rules or the design give (rules.md, design.md), not what the page printed.

The states are built by the real engine (tests/e2e/positions.py) and shown on the sample
board, unless a live server is needed (the name dialog).
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.commands import GameCommand, parse

from . import positions as P
from .e2e_board import ARTIFACTS, assert_clean, watched_page

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1366, "height": 768}, "locale": "en-US"}


def _play(g: Any, texts: list[tuple[int, str]], viewer: int) -> list[dict[str, Any]]:
    """Apply ``texts`` (seat, command) to ``g``; the log entries as the server sends them to
    ``viewer``."""
    entries: list[dict[str, Any]] = []
    for who, text in texts:
        cmd = parse(text)
        assert isinstance(cmd, GameCommand), text
        entries += [e.for_viewer(viewer, list(g.names)) for e in g.apply(who, cmd.action)]
    return entries


def _got_lines(pg: Any) -> list[str]:
    return [s.strip() for s in pg.locator("#market .offer-news .got-news").all_inner_texts()]


# ------------------------------------------------------------------ 1. "plant it in phase 3"


def test_a_got_note_goes_once_nothing_of_it_is_left_to_plant(browser: Any, server: str) -> None:
    """Shot 26: Ann (active) got cards in a deal and a gift, ended trading and planted them
    all; "You got … plant it in phase 3." stayed beside "Waiting for Bob…". The line asks
    for a planting (R33): it stays while some of its cards wait in the to-plant area, and
    goes once none is left; Bob, who has not planted yet, still reads his."""
    g = P.game(phase="trade", face_up=["red"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["green", "stink"]}])
    trade = [(1, "/offer chili for red"), (0, "/accept 1"),             # a deal: Red for Chili
             (2, "/offer green for nothing to Ann"), (0, "/accept 2")]  # a gift from Cleo
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        entries = _play(g, trade, 0)
        pg.evaluate("m => window.__bohnanza.push(m)", P.state(g, 0))
        pg.evaluate("es => window.__bohnanza.log({type: 'log', entries: es})", entries)
        got = ["You got 1 Chili from Bob: plant it in phase 3.",
               "You got 1 Green from Cleo: plant it in phase 3."]
        assert _got_lines(pg) == got
        P.say(g, 0, "/done")                       # phase 3: Ann plants Chili and Green
        assert g.view(0)["seats"][0]["to_plant"] == ["chili", "green"]
        pg.evaluate("m => window.__bohnanza.push(m)", P.state(g, 0))
        assert _got_lines(pg) == got
        P.say(g, 0, "/plant chili 1")
        pg.evaluate("m => window.__bohnanza.push(m)", P.state(g, 0))
        assert _got_lines(pg) == got[1:]           # the Chili is planted, the Green is not
        P.say(g, 0, "/plant green 2")
        v = g.view(0)
        assert v["phase"] == "plant_traded" and v["seats"][1]["to_plant"] == ["red"]
        pg.evaluate("m => window.__bohnanza.push(m)", P.state(g, 0))
        assert _got_lines(pg) == []                # all planted; Bob still plants his Red
        pg.screenshot(path=str(ARTIFACTS / "trial7-got-note-planted.png"))
        assert_clean(pg, errors)
    g2 = P.game(phase="trade", face_up=["red"],
                seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["green", "stink"]}])
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g2, 1))
        entries = _play(g2, trade + [(0, "/done"), (0, "/plant chili 1"), (0, "/plant green 2")], 1)
        pg.evaluate("m => window.__bohnanza.push(m)", P.state(g2, 1))
        pg.evaluate("es => window.__bohnanza.log({type: 'log', entries: es})", entries)
        assert _got_lines(pg) == ["You got 1 Red from Ann: plant it in phase 3."]
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 2. a name already used


SEATED = ("names => window.__bohnanza.S.roomInfo && JSON.stringify(window.__bohnanza.S.roomInfo"
          ".seats.map(s => s.name)) === JSON.stringify(names)")
TAKEN = "Ann is already used in this room: type another name."


def test_the_name_dialog_says_a_name_is_taken_and_keeps_it(browser: Any, server: str) -> None:
    """Shot 08: Ann sits in the room; in a second browser Bob types "Ann" and presses Take a
    seat. Names are unique in a room (protocol.py: hello's name refused, ``name_taken``): the
    dialog that comes back says so itself, keeps what was typed, and takes another name."""
    room = "e2e-trial7-taken"
    with watched_page(browser, **LAPTOP) as (ann, errors):
        ann.goto(f"{server}/r/{room}")
        ann.fill("#name-input", "Ann")
        ann.press("#name-input", "Enter")
        ann.wait_for_function(SEATED, arg=["Ann"], timeout=10_000)
        with watched_page(browser, **LAPTOP) as (bob, bob_errors):
            bob.goto(f"{server}/r/{room}")
            bob.fill("#name-input", "Ann")
            bob.click("#gate-join")
            bob.wait_for_function("window.__bohnanza.S.nameRefused === true && "
                                  "!document.querySelector('#name-gate').hidden", timeout=10_000)
            line = bob.locator("#name-gate #gate-error")
            assert line.is_visible() and line.inner_text().strip() == TAKEN
            assert bob.input_value("#name-input") == "Ann"          # what was typed, kept
            bob.screenshot(path=str(ARTIFACTS / "trial7-name-taken.png"))
            # the same name again, now through /join: the dialog still says why
            bob.click("#gate-join")
            bob.wait_for_function("window.__bohnanza.replies.some(r => !r.ok "
                                  "&& r.code === 'name_taken')", timeout=10_000)
            assert line.is_visible() and line.inner_text().strip() == TAKEN
            assert bob.locator("#name-gate").is_visible()
            bob.fill("#name-input", "Bob")                           # another name: seated
            bob.press("#name-input", "Enter")
            bob.wait_for_function(SEATED, arg=["Ann", "Bob"], timeout=10_000)
            assert bob.locator("#name-gate").is_hidden()
            assert_clean(bob, bob_errors)
        assert_clean(ann, errors)


# ------------------------------------------------------------------ 3. the offer's headings


@pytest.mark.parametrize(("size", "lang"), [((1366, 768), "en"), ((1280, 800), "en"),
                                            ((1366, 768), "ja"), ((390, 844), "ja")],
                         ids=["1366-en", "1280-en", "1366-ja", "390-ja"])
def test_the_offer_headings_stand_clear_of_the_face_up_tag(browser: Any, server: str,
                                                           size: tuple[int, int],
                                                           lang: str) -> None:
    """Shots 19 and 20: Ann (active, phase 2) clicked face-up 2 to give it; its "face-up 2"
    tag sat on the "You give" heading, only "Y" showed. Each row's heading and each card's
    tag in the offer window are both readable: their boxes never intersect."""
    g = P.game(phase="trade", face_up=["garden", "stink"],
               seats=[{"hand": ["blue", "garden", "blackeyed"]}, {"hand": ["green"]},
                      {"hand": ["red"]}])
    ctx = {"viewport": {"width": size[0], "height": size[1]},
           "locale": "ja-JP" if lang == "ja" else "en-US", "has_touch": size[0] < 500}
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 0), lang=lang)
        pg.locator('#faceup .card[data-ref="u2"]').click()         # give face-up 2 (Stink)
        tag = pg.locator("#offer-window .offer-row.give .card .label")
        assert tag.inner_text().strip() == ("face-up 2" if lang == "en" else "表向き2")
        hits = pg.eval_on_selector_all("#offer-window .offer-row", """rows => rows.flatMap(r => {
            const a = r.querySelector(':scope > .row-label').getBoundingClientRect();
            return [...r.querySelectorAll('.card > .label')].map(l => {
                const b = l.getBoundingClientRect();
                const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                return [r.dataset.side, l.textContent, w > 0 && h > 0]; }); })""")
        assert [s for s, _, _ in hits] == ["give"], hits
        assert not any(o for _, _, o in hits), hits
        pg.locator("#offer-window").scroll_into_view_if_needed()
        pg.screenshot(path=str(ARTIFACTS / f"trial7-offer-heading-{size[0]}-{lang}.png"))
        assert_clean(pg, errors)


# ------------------------------------------------------- 5. "2 Blue", one of them face-up 2

def test_an_offers_face_up_card_stands_apart_from_the_same_beans_from_the_hand(
        browser: Any, server: str) -> None:
    # the active player offers 2 Blue: face-up 2 (R29: face-up cards may be traded) and one
    # from the hand. The market showed one Blue card counting 2 under the "face-up 2" tag,
    # read as two cards of face-up 2; now the face-up card and the hand's card stand apart
    g = P.game(phase="trade", face_up=["red", "blue"],
               seats=[{"hand": ["blue", "soy"]}, {"hand": ["chili"]}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer 2 blue for chili")
    msg = P.state(g, 1)
    [offer] = msg["view"]["offers"]
    assert offer["give"] == {"blue": 2} and offer["face_up"] == [2]   # what the view says
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, msg)
        cards = pg.eval_on_selector_all(
            "#market .offer .offer-row.get .card",   # (Bob's view: what he gets)
            """cs => cs.map((c) => ({bean: c.dataset.bean,
                 count: (c.querySelector('.count') || {}).textContent || '',
                 tag: (c.querySelector('.label') || {}).textContent || ''}))""")
        assert cards == [{"bean": "blue", "count": "1", "tag": "face-up 2"},
                         {"bean": "blue", "count": "1", "tag": ""}], cards
        pg.locator("#market").screenshot(path=str(ARTIFACTS / "trial7-face-up-apart.png"))
        assert_clean(pg, errors)
