"""Issue 10's third new-user trial, the faults still open after it (docs/trial.md, "A fourth
round of fixes"): the layout and the words. Ann 1366x768 EN, Bob 1400x900 EN, Cleo on a
390x844 touch screen JA, the README only. One test each, as a Board Game Arena player would
expect; the expected values come from the trial's list and rules.md, not from the page.

1. the phone's sticky header stays as compact when the page scrolls;
2. README and pages name the same buttons; a room's link seats in one step;
3. the idle and not-interested marks say what they mean in words (plain Japanese);
4. the '?' buttons read as "any card", not as help;
5. each clear button says what it clears;
6. on a touch screen the status line and the hints speak of taps, not clicks;
7. at 1366x768 Ann's fields stay in view when the market holds several offers;
8. no seed ids in player-facing text;
9. the status line's words agree in number with the cards to plant;
10. no label breaks inside itself at 390 px.
(11, the bots' default names, is a server test: tests/server/test_srv_lang.py.)
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, drawn, status, watched_page
from .test_e2e_explains import axe

pytestmark = pytest.mark.browser

TIMEOUT = 10_000
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}


def some_fit(can_buy: bool = False) -> Any:
    """Phase 3: Bob must plant Chili, Chili and Green; field 1 holds Chili (both Chili fit
    it, R15), field 2 Blue: Green fits no field yet (R33). ``can_buy``: 3 coins for field 3."""
    return P.game(phase="plant_traded", seats=[
        {}, {"to_plant": ["chili", "chili", "green"], "fields": [["chili", 1], ["blue", 2]],
             "coins": ["red"] * (3 if can_buy else 0)}, {}])


def one_fit() -> Any:
    """Phase 3: Bob must plant Chili (fits field 1) and Green, Green (no field yet)."""
    return P.game(phase="plant_traded", seats=[
        {}, {"to_plant": ["chili", "green", "green"], "fields": [["chili", 1], ["blue", 2]]}, {}])


def many_offers() -> Any:
    """Phase 2, Ann active: seven offers in the market, some from an earlier turn (C13)."""
    g = P.game(phase="trade", face_up=["red", "blue"], seats=[
        {"hand": ["soy", "stink", "green"], "fields": [["blue", 2], ["chili", 3]]},
        {"hand": ["chili", "green", "garden", "blackeyed"], "fields": [["soy", 2], None]},
        {"hand": ["stink", "red", "soy"]}])
    for seat, text in [(0, "/offer red for chili"), (1, "/offer green for blue"),
                       (2, "/offer stink for ?"), (1, "/offer garden for red"),
                       (2, "/offer red for blue"), (0, "/offer soy for garden"),
                       (1, "/offer blackeyed for blue")]:
        P.say(g, seat, text)
    return g


# ------------------------------------------------------------------ 1. the phone's header


# the status line's lines of text
LINES = """(() => { const s = document.querySelector('#status'); const c = getComputedStyle(s);
  const h = s.clientHeight - parseFloat(c.paddingTop) - parseFloat(c.paddingBottom);
  return Math.round(h / parseFloat(c.lineHeight)); })()"""
# (position, seat, most lines): one sentence in two lines at most (the trial's header: three
# lines); the two sentences of phase 3's "plant this first, then harvest for that" in three
HEADER_CASES = [(P.trading, 0, 2), (P.trading, 2, 2), (P.copied, 1, 2), (P.dealing, 1, 2),
                (P.dealing, 0, 2), (P.planting_traded, 1, 2), (P.plant_first, 0, 2),
                (P.plant_second, 0, 2), (P.passed, 2, 2), (lambda: some_fit(True), 1, 3),
                (one_fit, 1, 3)]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_phone_header_stays_compact_when_the_page_scrolls(browser: Any, server: str,
                                                              lang: str) -> None:
    """Under 15% of 844 px with the whole status line, at the top and scrolled down alike."""
    with watched_page(browser, **PHONE) as (pg, errors):
        for make, seat, most in HEADER_CASES:
            P.show(pg, server, P.state(make(), seat), lang=lang)
            heights = []
            for y in (0, 600, 100_000):
                pg.evaluate(f"window.scrollTo(0, {y})")
                drawn(pg)
                bar = pg.locator("#topbar").bounding_box()
                assert bar and bar["y"] == 0 and bar["height"] <= 0.15 * 844, (status(pg), bar)
                assert pg.evaluate("(s => s.scrollHeight <= s.clientHeight + 1)"
                                   "(document.querySelector('#status'))"), status(pg)
                assert pg.evaluate(LINES) <= most, status(pg)
                heights.append(bar["height"])
            assert max(heights) - min(heights) < 1, (status(pg), heights)
            pg.evaluate("window.scrollTo(0, 0)")
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 2. README and the link


def test_a_room_link_seats_in_one_step(browser: Any, server: str) -> None:
    room = "e2e-fourth-link"
    with watched_page(browser, **LAPTOP) as (ann, errors):
        ann.goto(f"{server}/r/{room}")
        ann.wait_for_selector("#name-input", timeout=TIMEOUT)
        # the gate's buttons are the words the README uses
        assert ann.locator("#gate-join").inner_text() == "Take a seat"
        assert ann.locator("#gate-watch").inner_text() == "Just watch"
        assert "Take a seat" in status(ann)
        ann.fill("#name-input", "Ann")
        ann.press("#name-input", "Enter")                  # Enter is Take a seat
        ann.wait_for_function("window.__bohnanza.S.roomInfo && window.__bohnanza.S.roomInfo"
                              ".seats.some(s => s.name === 'Ann')", timeout=TIMEOUT)
        assert ann.evaluate("window.__bohnanza.S.you.seat") == 0
        assert_clean(ann, errors)
    with watched_page(browser, **PHONE, locale="ja-JP") as (bob, errors):
        bob.add_init_script("localStorage.setItem('bohnanza.lang', 'ja')")
        bob.goto(f"{server}/r/{room}")
        bob.wait_for_selector("#name-input", timeout=TIMEOUT)
        assert bob.locator("#gate-join").inner_text() == "参加する"
        bob.fill("#name-input", "Bob")
        bob.click("#gate-watch")
        bob.wait_for_selector("#btn-join", timeout=TIMEOUT)
        # watching, with an obvious Take a seat
        assert bob.evaluate("window.__bohnanza.S.you.seat") is None
        assert bob.locator("#btn-join").inner_text() == "参加する"
        assert "primary" in (bob.locator("#btn-join").get_attribute("class") or "")
        assert axe(bob) == []
        assert_clean(bob, errors)


# ------------------------------------------------------------------ 3. the marks in words


def with_idle(msg: dict[str, Any], seat: int) -> dict[str, Any]:
    msg["room"]["seats"][seat]["idle"] = True
    msg["room"]["idle_seconds"] = 60
    return msg


@pytest.mark.parametrize(("lang", "idle", "passed"), [("en", "idle", "not interested"),
                                                      ("ja", "操作なし", "興味なし")])
@pytest.mark.parametrize("ctx", [LAPTOP, PHONE], ids=["1366", "390"])
def test_the_seat_marks_say_what_they_mean(browser: Any, server: str, lang: str, idle: str,
                                           passed: str, ctx: dict[str, Any]) -> None:
    """Cleo passed (R28: Not interested), Bob is idle: each panel says so in words, on screen
    without a hover; the Japanese is plain (not 非活性)."""
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, with_idle(P.state(P.passed(), 0), 1), lang=lang)
        bob = pg.locator('#players .panel[data-seat="1"] .mark-idle')
        cleo = pg.locator('#players .panel[data-seat="2"] .mark-pass')
        assert bob.is_visible() and bob.inner_text().strip() == idle
        assert cleo.is_visible() and cleo.inner_text().strip() == passed
        for el in (bob, cleo):
            b = el.bounding_box()
            assert b and b["x"] >= 0 and b["x"] + b["width"] <= ctx["viewport"]["width"]
        assert "非活性" not in pg.locator("body").inner_text()
        assert axe(pg) == []
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 4, 5. the buttons' words


@pytest.mark.parametrize(("lang", "word"), [("en", "any card"), ("ja", "どれでも")])
def test_the_question_mark_buttons_read_as_any_card(browser: Any, server: str, lang: str,
                                                    word: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 0), lang=lang)
        pg.click("#offer-open")
        buttons = pg.locator("#catalogue-ask, #offer-window .ask-btn")
        assert buttons.count() == 3
        for i in range(3):
            text = " ".join(buttons.nth(i).inner_text().split())
            assert text != "?" and word in text and "?" in text, text
        # Cleo's offer #3 asks for any card: its '?' card says so too
        ask = pg.locator('#market .offer[data-offer="3"] .card.ask')
        assert word in ask.inner_text(), ask.inner_text()
        assert_clean(pg, errors)


@pytest.mark.parametrize(("lang", "verb"), [("en", "clear"), ("ja", "消")])
def test_each_clear_button_says_what_it_clears(browser: Any, server: str, lang: str,
                                               verb: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 0), lang=lang)
        pg.click("#offer-open")
        texts = [" ".join(t.split()) for t in pg.locator("button:visible").all_inner_texts()]
        clears = [t for t in texts if verb in t.lower()]
        assert len(clears) == 2 and len(set(clears)) == 2, clears
        offer = pg.locator("#offer-clear").inner_text()
        markers = pg.locator("#signals .signal-own button.small").inner_text()
        assert ("offer" if lang == "en" else "オファー") in offer.lower(), offer
        assert ("marker" if lang == "en" else "マーカー") in markers.lower(), markers
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 6. taps on a touch screen


TOUCH_CASES = [(P.plant_first, 0), (P.trading, 0), (P.trading, 2), (P.dealing, 1),
               (P.planting_traded, 1), (some_fit, 1), (one_fit, 1), (P.copied, 1)]
# a status line that names a gesture (the trading line names none since board18: a card is
# picked for the offer by a tap, a click or a key alike, test_e2e_board18)
TAP_LINES = [(P.plant_first, 0), (P.dealing, 1), (P.planting_traded, 1), (some_fit, 1)]
HINTS = "#status, #news, .hint-text, #offer-help, .row-label, .offer-note, .armed-hint"


@pytest.mark.parametrize(("lang", "tap", "click"), [("ja", "タップ", "クリック"),
                                                    ("en", "tap", "click")])
def test_on_a_touch_screen_the_words_are_taps(browser: Any, server: str, lang: str, tap: str,
                                             click: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        for make, seat in TOUCH_CASES:
            P.show(pg, server, P.state(make(), seat), lang=lang)
            if pg.locator("#offer-open:enabled").count():
                pg.click("#offer-open")
            pg.locator(".signal-token.have").click()            # the marker's hint
            line = status(pg)
            texts = pg.locator(HINTS).all_inner_texts()
            said = [t for t in texts if click in t.lower() or "ドラッグ" in t or "drag" in t]
            assert said == [], said
            if (make, seat) in TAP_LINES:           # a status line that names a gesture
                assert tap in line.lower(), line
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 7. the fields in view


def test_the_fields_stay_in_view_with_a_full_market(browser: Any, server: str) -> None:
    """Ann at 1366x768 in phase 2 with seven offers: her fields (each field's card and its
    Harvest button) are on screen without scrolling."""
    with watched_page(browser, **LAPTOP) as (pg, errors):
        for seat in (0, 1):
            msg = P.state(many_offers(), seat)
            msg["view"]["turn"] = 3                    # every offer from an earlier turn
            for o in msg["view"]["offers"]:
                o["turn"] = 2
            P.show(pg, server, msg)
            for sel in ("#fields .field .card", "#fields .field .harvest", "#hand .card"):
                boxes = [pg.locator(sel).nth(i).bounding_box()
                         for i in range(pg.locator(sel).count())]
                assert boxes, sel
                for b in boxes:
                    assert b and b["y"] >= 0 and b["y"] + b["height"] <= 768, (sel, b)
            # every offer can still be reached: the market scrolls inside its own area
            last = pg.locator("#market .offer").last
            last.scroll_into_view_if_needed()
            b = last.bounding_box()
            assert b and b["x"] + b["width"] <= 1366 and b["y"] + b["height"] <= 768
        assert axe(pg) == []
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 8. no seed ids


SEED_ID = re.compile(r"seed\s*\d|シード\s*\d|（seed", re.I)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_seed_ids_in_player_facing_text(browser: Any, server: str, lang: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        pg.add_init_script(f"localStorage.setItem('bohnanza.lang', '{lang}');"
                           "localStorage.setItem('bohnanza.name', 'Ann')")
        pg.goto(server + "/")
        pg.wait_for_selector("#lobby-game option[value=farm]", state="attached")
        texts = pg.locator("#lobby-game option").all_inner_texts()
        assert not [x for x in texts if SEED_ID.search(x)], texts
        pg.goto(f"{server}/r/e2e-fourth-seed-{lang}")
        pg.wait_for_selector("#btn-join", timeout=TIMEOUT)
        texts = pg.locator("#setup option").all_inner_texts() + [pg.locator("body").inner_text()]
        assert not [x for x in texts if SEED_ID.search(x)], texts
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 9. words in number


@pytest.mark.parametrize(("make", "lang", "first", "not_said"), [
    (some_fit, "en", "Plant Chili first (2 cards: drag them to a field or press Plant here for each)",
     "drag it"),
    (one_fit, "en", "Plant Chili first (drag it to a field or press Plant here)", "drag them"),
    (some_fit, "ja", "（2枚: それぞれ畑へドラッグするか「ここに植える」）", "（畑へドラッグ"),
    (one_fit, "ja", "（畑へドラッグするか「ここに植える」）", "それぞれ"),
])
@pytest.mark.parametrize("advice", [True, False], ids=["advice", "no-advice"])
def test_the_status_line_agrees_in_number(browser: Any, server: str, make: Any, lang: str,
                                          first: str, not_said: str, advice: bool) -> None:
    """R33/R15: two Chili fit field 1 and Green fits none, or one Chili fits and two Green
    do not: the sentence says "them" for two cards, "it" for one, with the engine's planting
    advice (which field to harvest then) and without it."""
    msg = P.state(make(), 1)
    if not advice:
        msg["view"]["you"]["plant_advice"] = None
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, msg, lang=lang)
        line = status(pg)
        assert first in line and not_said not in line, line
        if not advice and make is one_fit:       # two Green: "for them"
            assert ("(2 cards) yet: then harvest a field for them." if lang == "en"
                    else "いんげん豆（2枚）") in line, line
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 10. whole labels


WRAPPED = """(sel) => [...document.querySelectorAll(sel)]
  .filter(e => e.offsetParent !== null && e.innerText.trim())
  .filter(e => {
    const rects = [];
    const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      if (!walk.currentNode.textContent.trim()) continue;
      const r = document.createRange();
      r.selectNodeContents(walk.currentNode);
      rects.push(...[...r.getClientRects()].filter(x => x.width > 0));
    }
    const lines = rects.some(a => rects.some(b => b.top >= a.bottom - 1));
    return lines || e.scrollWidth > e.clientWidth + 1;
  })
  .map(e => e.innerText.replace(/\\s+/g, ' '))"""
LABELS = "button, .seat-badge, .prog, .counts > span, .offer-note, .offer-to-tag"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_no_label_breaks_inside_itself_on_a_phone(browser: Any, server: str,
                                                  lang: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        cases = [P.state(P.planting_traded(), 1), P.state(P.plant_first(), 0),
                 P.state(P.trading(), 0), P.state(P.dealing(), 1), P.state(P.passed(), 0),
                 P.state(some_fit(True), 1), P.before_start(0)]
        for msg in cases:
            P.show(pg, server, msg, lang=lang)
            if pg.locator("#offer-open:enabled").count():
                pg.click("#offer-open")
            assert pg.evaluate(WRAPPED, LABELS) == []
            assert pg.evaluate("document.documentElement.scrollWidth") <= 390
        assert_clean(pg, errors)
