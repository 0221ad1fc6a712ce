"""The side columns on a wide screen: they stay under the top bar and scroll by themselves, so
typing in the chat or reading the seats never scrolls the market, the hand and the fields
away (at 1280x800 focusing the chat scrolled the page down until the market was gone: a
session's look at the board, 4 Dec 2026). A phone keeps its one column."""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, drawn, watched_page

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}

# the box of ``sel``: its top and bottom, the sticky top bar's bottom, the window's height,
# and the page's scroll
PLACE = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  const bar = document.querySelector('#topbar').getBoundingClientRect().bottom;
  return {top: r.top, bottom: r.bottom, bar, height: innerHeight, scroll: scrollY}; }"""


def in_view(pg: Any, sel: str) -> bool:
    """The whole box of ``sel`` under the top bar and above the window's foot."""
    p = pg.evaluate(PLACE, sel)
    return bool(p["top"] >= p["bar"] - 1 and p["bottom"] <= p["height"] + 1)


def test_typing_in_the_chat_keeps_the_market_and_the_fields_on_a_laptop(
        browser: Any, server: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 1))      # Bob, while Ann trades: 3 offers
        assert pg.locator("#market .offer").count() == 3
        assert pg.evaluate("document.querySelector('#right').scrollHeight") > 800  # taller
        for sel in ("#market", "#hand", "#fields", "#chat-input"):
            assert in_view(pg, sel), sel                  # the chat at the column's foot
        pg.click("#chat-input")
        pg.keyboard.type("/offer 1 green for 1 red")
        for sel in ("#market", "#hand", "#fields", "#chat-input"):
            assert in_view(pg, sel), sel
        assert pg.evaluate("scrollY") == 0                # the page stood still,
        assert pg.evaluate("document.querySelector('#right').scrollTop") == 0  # the column too
        assert_clean(pg, errors)


# the box of the chat at the right column's foot, and of the column
CHAT = """() => { const c = document.querySelector('#right > .chat-box').getBoundingClientRect();
  const r = document.querySelector('#right').getBoundingClientRect();
  return {top: c.top, bottom: c.bottom, colBottom: r.bottom, height: innerHeight}; }"""


@pytest.mark.parametrize("size", [(1280, 800), (1366, 768), (1024, 700)])
def test_the_chat_and_its_command_line_stay_in_view_on_a_laptop(
        browser: Any, server: str, size: tuple[int, int]) -> None:
    # a new player's look (4 Dec 2026): at 1280x800 in a game the chat's input stood below
    # the right column's edge, the box showed lines and no place to type; the chat now stays
    # at the column's foot, the catalogue scrolls under it, the game log comes from below
    w, h = size
    with watched_page(browser, viewport={"width": w, "height": h}) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 1))
        assert pg.evaluate("document.querySelector('#right').scrollHeight") > h  # taller
        for sel in ("#chat-input", "#right > .chat-box"):
            assert in_view(pg, sel), sel                  # whole, at rest, nothing scrolled
        assert pg.evaluate("[scrollY, document.querySelector('#right').scrollTop]") == [0, 0]
        # a catalogue card under the chat, focused from the keyboard, comes above it
        last = pg.eval_on_selector_all("#catalogue-box .cat-entry .card.cat",
                                       "es => es.length") - 1
        pg.evaluate("(i) => document.querySelectorAll('#catalogue-box .cat-entry .card.cat')[i]"
                    ".focus()", last)
        drawn(pg)
        card = pg.evaluate(PLACE, f"#catalogue-box .cat-entry:nth-child({last + 1}) .card.cat")
        chat = pg.evaluate(CHAT)
        assert card["bottom"] <= chat["top"] + 1 and card["top"] >= card["bar"] - 1, (card, chat)
        # the column's end: the game log whole below the chat
        pg.evaluate("document.querySelector('#right').scrollTop = 1e6")
        drawn(pg)
        assert in_view(pg, "#right > .log-box")
        chat = pg.evaluate(CHAT)
        log = pg.evaluate(PLACE, "#right > .log-box")
        assert log["top"] >= chat["bottom"], (log, chat)  # under the chat, not behind it
        assert_clean(pg, errors)


def test_the_side_columns_stay_under_the_bar_when_the_page_scrolls(
        browser: Any, server: str) -> None:
    with watched_page(browser, viewport={"width": 1280, "height": 600}) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 1))
        pg.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert pg.evaluate("scrollY") > 0                 # the middle column is the longer
        for sel in ("#left", "#right"):
            assert in_view(pg, sel), sel                  # both still whole on the screen
        pg.click("#chat-input")                           # and the chat one click away
        assert in_view(pg, "#chat-input")
        assert_clean(pg, errors)


def test_a_phone_keeps_one_column(browser: Any, server: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 1))
        # the chat is below the market and the fields in the one column: far down the page
        market = pg.evaluate(PLACE, "#market")
        chat = pg.evaluate(PLACE, "#chat-input")
        assert chat["top"] > market["bottom"] + 844
        pg.click("#chat-input")
        assert pg.evaluate("scrollY") > 844               # the page itself scrolled to it
        assert pg.evaluate("getComputedStyle(document.querySelector('#right')).display") \
            == "contents"
        assert_clean(pg, errors)


# the box of the beanometer tip shown on ``bean``'s catalogue card, and of the right column
TIP = """(bean) => { const c = document.querySelector(`#catalogue-box .card.cat[data-bean="${bean}"]`)
  || document.querySelector(`#catalogue-box .cat-entry[data-bean="${bean}"] .card.cat`);
  const t = c.querySelector('.meter').getBoundingClientRect();
  const col = document.querySelector('#right').getBoundingClientRect();
  const bar = document.querySelector('#topbar').getBoundingClientRect().bottom;
  return {left: t.left, right: t.right, top: t.top, bottom: t.bottom, width: t.width,
          colLeft: col.left, colRight: col.right, bar, height: innerHeight, wide: innerWidth}; }"""


def _hover_tip(pg: Any, bean: str) -> dict[str, float]:
    pg.locator(f'#catalogue-box .cat-entry[data-bean="{bean}"] .card.cat').hover()
    drawn(pg)                                             # placed on the next frame
    tip: dict[str, float] = pg.evaluate(TIP, bean)
    assert tip["width"] > 0, bean                         # shown
    return tip


def test_every_beanometer_tip_stays_inside_the_right_column(browser: Any, server: str) -> None:
    # at 1280 px the tip of the catalogue's last column ran past the screen's right edge
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 1))
        beans = pg.eval_on_selector_all("#catalogue-box .cat-entry",
                                        "es => es.map((e) => e.dataset.bean)")
        assert len(beans) == 8                            # classic: 8 bean types (§1c)
        for bean in beans:
            tip = _hover_tip(pg, bean)
            assert tip["left"] >= tip["colLeft"] and tip["right"] <= tip["colRight"], (bean, tip)
            assert tip["right"] <= tip["wide"], (bean, tip)
        assert_clean(pg, errors)


def test_a_tip_with_no_room_below_its_card_shows_above_it(browser: Any, server: str) -> None:
    with watched_page(browser, viewport={"width": 1280, "height": 600}) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 1))
        last = pg.eval_on_selector_all("#catalogue-box .cat-entry",
                                       "es => es.map((e) => e.dataset.bean)")[-1]
        card = pg.locator(f'#catalogue-box .cat-entry[data-bean="{last}"] .card.cat')
        box = card.bounding_box()
        assert box is not None and box["y"] + box["height"] + 80 > 600  # no room below it
        tip = _hover_tip(pg, last)
        assert tip["bottom"] <= tip["height"] + 1, tip   # whole on the screen: above the card
        assert tip["bottom"] <= box["y"] + 1 and tip["top"] >= tip["bar"] - 1, tip
        assert_clean(pg, errors)


# the top of the first box shown in each column
TOPS = """() => ['#left', '#center', '#right'].map((c) => {
  const e = [...document.querySelector(c).children].find((x) => !x.hidden && x.offsetParent);
  return e ? e.getBoundingClientRect().top : null; })"""


@pytest.mark.parametrize("width", [1280, 1920])
def test_the_columns_stand_in_line_and_stay_when_the_middle_grows(
        browser: Any, server: str, width: int) -> None:
    # a review: the sticky columns sat 2-6 px below the middle one and jumped 4 px when the
    # offer window made the middle taller than them
    with watched_page(browser, viewport={"width": width, "height": 800}) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 1))
        before = pg.evaluate(TOPS)
        assert None not in before
        assert max(before) - min(before) <= 1, before     # one line across the board
        pg.click("#offer-open")                           # the middle grows
        assert pg.locator("#offer-window").is_visible()
        after = pg.evaluate(TOPS)
        assert all(abs(a - b) <= 1 for a, b in zip(before, after, strict=True)), (before, after)
        assert_clean(pg, errors)


def test_the_wheel_over_a_side_column_at_its_end_scrolls_the_page(
        browser: Any, server: str) -> None:
    # a review: over a column with nothing (more) to scroll the wheel did not move the page,
    # so the foot of the middle column was reached only with the pointer over it
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(P.over(), 0))
        assert pg.evaluate("document.documentElement.scrollHeight") > 800 + 50
        for col in ("#left", "#right"):
            pg.evaluate("window.scrollTo(0, 0)")
            box = pg.locator(col).bounding_box()
            assert box is not None
            pg.mouse.move(box["x"] + box["width"] / 2, box["y"] + 40)
            for _ in range(6):                            # past the column's own end, if any
                pg.mouse.wheel(0, 400)
                pg.wait_for_timeout(120)                  # (apart: one wheel, one gesture)
            # a wheel's scroll lands after the wheel returns (Playwright does not wait for it)
            pg.wait_for_function("scrollY > 0", timeout=5000)
        assert_clean(pg, errors)


def test_a_tablets_bean_panel_opens_whole_in_the_right_column(browser: Any, server: str) -> None:
    # a review: at 1024x768 with touch the panel a tap opens, once Want +1 put the offer's
    # Send in it, stood past the column's edge, out of sight until one scrolled the column
    tablet = {"viewport": {"width": 1024, "height": 768}, "has_touch": True}
    with watched_page(browser, **tablet) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 1))
        last = pg.eval_on_selector_all("#catalogue-box .cat-entry",
                                       "es => es.map((e) => e.dataset.bean)")[-1]
        pg.locator(f'#catalogue-box .cat-entry[data-bean="{last}"] .card.cat').tap()
        pg.locator("#tap-panel").wait_for(state="visible", timeout=5000)
        pg.locator("#tap-panel .tap-want").tap()          # Want +1: the offer's Send below
        pg.locator("#tap-send").wait_for(state="visible", timeout=5000)
        drawn(pg)                                         # brought into the column on a frame
        for sel in ("#tap-panel", "#tap-send"):
            assert in_view(pg, sel), sel                  # whole, under the bar
        col = pg.evaluate(PLACE, "#right")
        panel = pg.evaluate(PLACE, "#tap-panel")
        assert panel["bottom"] <= col["bottom"] + 1, (panel, col)   # inside the column
        chat = pg.evaluate(CHAT)
        assert panel["bottom"] <= chat["top"] + 1, (panel, chat)     # above the chat's foot
        # (the page itself may move: the offer window unfolds in the middle column and is
        # brought into view, offer.js; the panel stays in view beside it)
        assert_clean(pg, errors)


def _five(active: int) -> Any:
    from bohnanza.engine import Game

    names = ["Ann", "Bob", "Cleo", "Dan", "Eve"]
    return Game.from_position({"preset": "classic", "deck": ["soy"] * 30, "names": names,
                               "active": active, "seats": [{"name": n} for n in names]})


def test_the_active_players_panel_comes_into_view_in_the_left_column(
        browser: Any, server: str) -> None:
    # with 5 seats on a laptop the left column is taller than the screen (at 1280x800 with
    # the bots' badges the fifth panel stood below its edge): a new turn brings the active
    # player's panel whole into view there, the page left where it is
    with watched_page(browser, viewport={"width": 1280, "height": 680}) as (pg, errors):
        P.show(pg, server, P.state(_five(0), 0))
        assert not in_view(pg, '#players .panel[data-seat="4"]')           # below the edge
        assert pg.evaluate("document.querySelector('#left').scrollHeight") > \
            pg.evaluate("document.querySelector('#left').clientHeight")   # it scrolls
        for active in (4, 0, 3):
            pg.evaluate("(m) => window.__bohnanza.push(m)", P.state(_five(active), 0))
            drawn(pg)                                     # brought into view on a frame
            sel = f'#players .panel[data-seat="{active}"]'
            assert pg.locator(sel).get_attribute("class").split().count("active") == 1
            assert in_view(pg, sel), active
            col = pg.evaluate(PLACE, "#left")
            panel = pg.evaluate(PLACE, sel)
            assert col["top"] <= panel["top"] and panel["bottom"] <= col["bottom"] + 1, active
            assert pg.evaluate("scrollY") == 0
        assert_clean(pg, errors)


# the chat box's placeholder: its text's width in the box's own font, and the room it has
PLACEHOLDER_FITS = """() => { const el = document.querySelector('#chat-input');
  const cs = getComputedStyle(el); const c = document.createElement('canvas').getContext('2d');
  c.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  return {text: el.placeholder, need: c.measureText(el.placeholder).width, room}; }"""


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [390, 1024, 1280, 1366, 1920])
def test_the_chat_box_says_what_it_takes_in_full(browser: Any, server: str, width: int,
                                                 lang: str) -> None:
    # user8's trial: "Chat or /command (↑↓ history)" read "Chat or /command (↑↓" at every
    # laptop width; the placeholder fits, the history keys are in its title and label
    with watched_page(browser, viewport={"width": width, "height": 800}) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 0), lang=lang)
        fit = pg.evaluate(PLACEHOLDER_FITS)
        assert fit["text"] and fit["need"] <= fit["room"], fit
        box = pg.locator("#chat-input")
        hint = "↑↓"
        assert hint in (box.get_attribute("title") or ""), box.get_attribute("title")
        assert hint in (box.get_attribute("aria-label") or "")
        assert_clean(pg, errors)
