"""Issue 10's fifth trial, the phone and board items left (docs/trial.md, "A fifth trial",
"Still left"). Cleo on a 390x844 touch screen (Japanese), Ann at 1366x768 (English). Expected
values from the trial's list, the issue and rules.md (R ids in each test), never from what the
page printed.

- another player's trading brings the face-up cards and the market into view on a phone, once;
- the phone header's news reads in two lines, the progress labels and status line stay;
- the hand-over says which of two hand cards of the bean keeps it sooner to plant (R9, R11);
- the phone says why End planting waits before the first plant (R19, R26), as the laptop does;
- a bot seat shows its level (issue 15: greedy is the easy level), as the server names it;
- the coins chart's dots of seats with the same coins stand apart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import positions as P
from .e2e_board import ARTIFACTS, assert_clean, drawn, status, watched_page
from .test_e2e_bots import close
from .test_e2e_game import open_room

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}

# the part of a selector's box under the sticky top bar and above the screen's foot
IN_VIEW = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  const bar = document.querySelector('#topbar').getBoundingClientRect().bottom;
  return r.top >= bar - 1 && r.bottom <= window.innerHeight + 1; }"""


def push(pg: Any, msg: dict[str, Any]) -> None:
    """A state as the server pushes one: the page keeps its scroll and local state."""
    pg.evaluate("m => window.__bohnanza.push(m)", msg)
    drawn(pg)   # drawn at once; what goes in an animation frame too


# ------------------------------------------------------------------ the phone's scroll


def ann_plants() -> Any:
    """Phase 1, Ann active after her first plant (R26: the second is optional); Bob, Cleo
    hold cards. Ann's /done turns up two face-up cards and starts her trading (R27)."""
    g = P.game(seats=[{"hand": ["blue", "red", "soy"], "fields": [["blue", 2], None]},
                      {"hand": ["chili", "green", "wax"], "fields": [["chili", 2], ["green", 1]]},
                      {"hand": ["stink"]}])
    P.say(g, 0, "/plant 1")
    return g


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_another_players_trading_comes_into_view_on_a_phone(browser: Any, server: str,
                                                            lang: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        g = ann_plants()
        P.show(pg, server, P.state(g, 1), lang=lang)
        # Bob reads his fields at the foot of the page while Ann plants
        pg.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert not pg.evaluate(IN_VIEW, "#faceup")
        P.say(g, 0, "/done")                       # Ann's phase 2 (R27): two face-up cards
        assert g.view(1)["phase"] == "trade" and len(g.view(1)["face_up"]) == 2
        push(pg, P.state(g, 1))
        # the face-up cards the status line names are on screen, the market above them
        assert pg.evaluate(IN_VIEW, "#faceup"), status(pg)
        assert pg.evaluate(IN_VIEW, "#market"), status(pg)
        pg.screenshot(path=str(ARTIFACTS / f"board10b-trading-390-{lang}.png"))
        # once: Bob scrolls down again, an offer not for him comes (Cleo's to Ann): what he
        # looks at stays where he put it (the market grows above it)
        pg.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        fields = "document.querySelector('#fields').getBoundingClientRect().top"
        y = pg.evaluate(fields)
        P.say(g, 2, "/offer stink for soy")
        assert not g.view(1)["you"]["can_accept"]
        push(pg, P.state(g, 1))
        assert pg.evaluate(fields) == y
        assert not pg.evaluate(IN_VIEW, "#faceup")
        assert_clean(pg, errors)


def test_a_page_opened_during_trading_and_a_laptop_stay_put(browser: Any, server: str) -> None:
    # only the start of another player's trading moves a phone's page; a laptop shows the
    # market beside the hand and is left alone
    with watched_page(browser, **LAPTOP) as (pg, errors):
        g = ann_plants()
        P.show(pg, server, P.state(g, 1))
        pg.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        fields = "document.querySelector('#fields').getBoundingClientRect().top"
        y = pg.evaluate(fields)
        P.say(g, 0, "/done")
        push(pg, P.state(g, 1))
        assert pg.evaluate(fields) == y
        assert_clean(pg, errors)


# ------------------------------------------------------------------ the phone's news


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_phones_news_reads_in_two_lines(browser: Any, server: str, lang: str) -> None:
    # trial 5: the news was cut to "+0タ…" for a whole turn; the issue (point 7): the phone
    # keeps the progress labels and the status line
    with watched_page(browser, **PHONE) as (pg, errors):
        g = P.game(seats=[{"hand": ["chili", "red"], "fields": [["blue", 4], None]}, {}, {}])
        P.show(pg, server, P.state(g, 0), lang=lang)
        bar = pg.locator("#topbar").bounding_box()
        P.show_with_log(pg, server, g, 0, [(0, "/harvest 1")], lang=lang)   # 4 Blue: 1 coin
        news = pg.locator("#news")
        assert news.is_visible()
        lines = pg.locator("#news .news-lines")
        height = lines.evaluate("e => e.getBoundingClientRect().height")
        line_h = lines.evaluate("e => parseFloat(getComputedStyle(e).lineHeight)")
        assert round(height / line_h) == 2, (height, line_h)
        # two lines of a third of the screen's width at least, not a word
        box = news.bounding_box()
        assert box and box["width"] >= 390 / 3, box
        # the header keeps its height; the labels and the status line stay, uncovered
        assert pg.locator("#topbar").bounding_box() == bar
        for sel in ("#prog-pass small", "#prog-deck small", "#prog-discard small", "#status",
                    "#phase-btn"):
            assert pg.locator(sel).is_visible(), sel
            r = pg.locator(sel).bounding_box()
            assert r and (r["y"] >= box["y"] + box["height"] - 1
                          or r["x"] >= box["x"] + box["width"] - 1), (sel, r, box)
        pg.screenshot(path=str(ARTIFACTS / f"board10b-news-390-{lang}.png"))
        # a tap shows it whole, as before
        lines.tap()
        assert "open" in (news.get_attribute("class") or "")
        assert_clean(pg, errors)


# ------------------------------------------------------------------ the planting order


def dealing_apart() -> Any:
    """Phase 2, Ann active; Bob offers one Chili for the face-up Blue, Ann accepts: Bob owes
    1 Chili and holds it at hand 3 and hand 5, Wax between (R11: from any position). The
    hand is planted from the front (R9): hand 3 is his next Chili; giving it, the Chili now
    at hand 5 comes next, at hand 4 once the hand closes up."""
    g = P.game(phase="trade", face_up=["blue", "stink"], seats=[
        {"hand": ["soy"]}, {"hand": ["soy", "green", "chili", "wax", "chili"]}, {}])
    P.say(g, 1, "/offer chili for blue")
    P.say(g, 0, "/accept 1")
    return g


@pytest.mark.parametrize(("lang", "ctx", "words"), [
    ("en", LAPTOP, ["planted from the front", "give hand 3", "Chili moves back to hand 4",
                    "give hand 5", "stays at hand 3"]),
    ("ja", PHONE, ["前から順に植えます", "手札3を渡すと", "紅花インゲンは手札4に下がります",
                   "手札5を渡せば手札3のまま"]),
])
def test_the_hand_over_says_which_card_keeps_the_bean_sooner(
        browser: Any, server: str, lang: str, ctx: dict[str, Any], words: list[str]) -> None:
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(dealing_apart(), 1), lang=lang)
        assert pg.locator("#deal-sources .source-chip").count() == 2      # hand 3, hand 5
        note = pg.locator("#deal-order-note")
        assert note.is_visible()
        text = note.inner_text()
        for w in words:
            assert w in text, (w, text)
        assert pg.locator("#deal-front-note").count() == 0                # hand 1 is Soy
        pg.screenshot(path=str(ARTIFACTS / f"board10b-order-{lang}.png"))
        assert_clean(pg, errors)


def test_no_order_note_where_the_choice_changes_nothing(browser: Any, server: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        # Chili at hand 2 and hand 3, side by side: either leaves the same hand (R11)
        g = P.game(phase="trade", face_up=["blue", "stink"], seats=[
            {"hand": ["soy"]}, {"hand": ["soy", "chili", "chili", "wax"]}, {}])
        P.say(g, 1, "/offer chili for blue")
        P.say(g, 0, "/accept 1")
        P.show(pg, server, P.state(g, 1))
        assert pg.locator("#deal-order-note").count() == 0
        # Cleo, no party, picks nothing
        P.show(pg, server, P.state(dealing_apart(), 2))
        assert pg.locator("#deal-order-note").count() == 0
        assert_clean(pg, errors)


# ------------------------------------------------------------------ End planting waits: why


@pytest.mark.parametrize(("lang", "ctx", "sel", "why"), [
    ("en", LAPTOP, "#phase-why", "Plant the front card first"),
    ("en", PHONE, "#phase-why-short", "plant first"),
    ("ja", PHONE, "#phase-why-short", "先に1枚植える"),
])
def test_end_planting_says_why_it_waits(browser: Any, server: str, lang: str,
                                        ctx: dict[str, Any], sel: str, why: str) -> None:
    # R19, R26: the front card must be planted before phase 1 may end
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(P.plant_first(), 0), lang=lang)
        b = pg.locator("#phase-btn")
        assert b.is_visible() and b.is_disabled()
        assert pg.locator(sel).is_visible()
        assert pg.locator(sel).inner_text().strip() == why
        # the button's description is the whole reason, on either screen
        assert b.get_attribute("aria-describedby") == "phase-why"
        # within the header, over nothing else
        bar = pg.locator("#topbar").bounding_box()
        r = pg.locator(sel).bounding_box()
        assert bar and r and r["y"] + r["height"] <= bar["y"] + bar["height"], (r, bar)
        for other in ("#sound", "#speaker", "#lang", "#status"):
            q = pg.locator(other).bounding_box()
            assert q and not (r["x"] < q["x"] + q["width"] - 1 and q["x"] < r["x"] + r["width"] - 1
                              and r["y"] < q["y"] + q["height"] - 1
                              and q["y"] < r["y"] + r["height"] - 1), (other, r, q)
        pg.screenshot(path=str(ARTIFACTS / f"board10b-why-{'390' if ctx is PHONE else '1366'}-{lang}.png"))
        # after the first plant it ends planting, with no reason
        P.show(pg, server, P.state(P.plant_second(), 0), lang=lang)
        assert pg.locator("#phase-btn").is_enabled()
        assert pg.locator("#phase-why, #phase-why-short").count() == 0
        assert_clean(pg, errors)


# ------------------------------------------------------------------ a bot's level


def test_a_bot_seat_shows_its_level(server: str, browser: Any, artifacts: Path) -> None:
    # issue 15: easy, normal, hard; easy (the bot /addbot seats by default, as the board's
    # Add bot does) and greedy are the easy level; random is no level and keeps its name
    players = open_room(browser, server, "e2e-board10b-levels", ["Lea"])
    try:
        page = players[0].page
        for text in ("/addbot Gus", "/addbot Gil greedy", "/addbot Rita random",
                     "/addbot Nora normal"):
            assert page.evaluate("t => window.__bohnanza.net.say(t).then(r => r.ok)", text)
        page.wait_for_function("window.__bohnanza.state.room.seats.length === 5")
        seats = page.evaluate("window.__bohnanza.state.room.seats")
        assert [(s["policy"], s["level"]) for s in seats[1:]] == [
            ("easy", "easy"), ("greedy", "easy"), ("random", None), ("normal", "normal")]
        marks = [page.locator(f'#setup .seat-list li[data-seat="{i}"] .bot-mark').inner_text()
                 .strip() for i in (1, 2, 3, 4)]
        assert marks == ["easy", "easy", "random", "normal"], marks
        page.click("#lang")
        page.wait_for_function("document.documentElement.lang === 'ja'")
        mark = page.locator('#setup .seat-list li[data-seat="1"] .bot-mark')
        assert mark.inner_text().strip() == "かんたん"
        assert "かんたん" in (mark.get_attribute("title") or "")
        page.screenshot(path=str(artifacts / "board10b-levels-ja.png"))
        assert not players[0].errors, players[0].errors
    finally:
        close(players)


# ------------------------------------------------------------------ the coins chart


DOTS = """() => [...document.querySelectorAll('#gameover svg.chart circle.series-end')].map(c => {
  const r = c.getBoundingClientRect();
  return { x: r.x, y: r.y, w: r.width, h: r.height, title: c.querySelector('title')?.textContent };
})"""


@pytest.mark.parametrize(("lang", "ctx"), [("en", LAPTOP), ("ja", PHONE)])
def test_the_chart_dots_of_equal_coins_stand_apart(browser: Any, server: str, lang: str,
                                                   ctx: dict[str, Any]) -> None:
    g = P.over()
    coins = [s["coins"] for s in g.view(2)["seats"]]
    assert len(set(coins)) < len(coins), coins        # two seats end with the same coins
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 2), lang=lang)
        pg.locator("#gameover svg.chart").scroll_into_view_if_needed()
        dots = pg.evaluate(DOTS)
        assert len(dots) == 3
        for i in range(3):
            for j in range(i + 1, 3):
                a, b = dots[i], dots[j]
                apart = (a["x"] + a["w"] <= b["x"] + 0.5 or b["x"] + b["w"] <= a["x"] + 0.5
                         or a["y"] + a["h"] <= b["y"] + 0.5 or b["y"] + b["h"] <= a["y"] + 0.5)
                assert apart, (a, b)
        # each dot names its seat and its coins
        assert [d["title"] for d in dots] == [f"{n}: {c}" for n, c in zip(P.NAMES, coins,
                                                                          strict=True)]
        pg.screenshot(path=str(ARTIFACTS / f"board10b-chart-{lang}.png"))
        assert_clean(pg, errors)
