"""Board faults of the new-user trial at 390x844 (touch, Japanese), 1366x768 and 1400x900
(English): label tabs over bean names, a market row that scrolled sideways, a to-plant highlight
that named another card than the status line, and harvest news over the controls.

The states are built by the real engine (tests/e2e/positions.py) and shown on the sample board,
which renders a view exactly as it renders the server's; the expectations come from the trial's
words (badges never over a name; every offer and its Accept in view; the highlight and the
status line name the same card, the engine's plant_traded_fields; nothing clickable under the
news).
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.commands import parse
from bohnanza.commands.logtext import log_line

from . import positions as P
from .e2e_board import ARTIFACTS, assert_clean, status, watched_page

pytestmark = pytest.mark.browser

SIZES = {"390": (390, 844), "1366": (1366, 768), "1400": (1400, 900)}


def context(size: str, lang: str) -> dict[str, Any]:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)          # the looked-at screenshots
    w, h = SIZES[size]
    return {"viewport": {"width": w, "height": h}, "locale": "ja-JP" if lang == "ja" else "en-US",
            "has_touch": w < 500}


# ------------------------------------------------------------------ 1. badges over names


@pytest.mark.parametrize("size", ["390", "1366"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_label_tab_covers_a_bean_name(server: str, browser: Any, size: str, lang: str) -> None:
    """The trial: at 390x844 in Japanese the face-up tabs ("表向き1/2") hid 大豆 and ささげ, and
    the "next" tab hid the first character of ゴガツササゲ (read "コガツ…"). A tab's box and
    its card's name box never intersect."""
    g = P.game(phase="trade", face_up=["soy", "blackeyed"],
               seats=[{"hand": ["garden", "red"]}, {"hand": ["blue"]}, {"hand": ["stink"]}])
    with watched_page(browser, **context(size, lang)) as (pg, errors):
        P.show(pg, server, P.state(g, 0), lang=lang)
        pg.wait_for_selector("#faceup .card .label")
        got = pg.eval_on_selector_all(".card:has(> .label):has(> .bean-name)", """cs => cs.map(c => {
            const a = c.querySelector(':scope > .label').getBoundingClientRect();
            const b = c.querySelector(':scope > .bean-name').getBoundingClientRect();
            const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
            const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
            return [c.dataset.bean, c.querySelector('.label').textContent, w > 0 && h > 0]; })""")
        pg.screenshot(path=str(ARTIFACTS / f"trial-board-tabs-{size}-{lang}.png"))
        beans = sorted(b for b, _, _ in got)
        assert beans == ["blackeyed", "garden", "soy"], got       # two face-up, the front card
        for bean, label, overlap in got:
            assert not overlap, (bean, label)
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 2. the market wraps


def test_every_offer_and_its_accept_in_view_on_a_phone(server: str, browser: Any) -> None:
    """The trial: at 390x844 the market row scrolled sideways (435 px of offers in 362 px) and
    an offer Cleo could accept, with its 受ける button, was cut at the right edge. The offers
    wrap: each one and its Accept inside the viewport's width, nothing scrolled away."""
    g = P.trading()
    P.say(g, 0, "/offer blue for stink")            # Ann's #4: Cleo holds Stink, she can accept
    assert len(g.view(2)["offers"]) == 4
    with watched_page(browser, **context("390", "ja")) as (pg, errors):
        P.show(pg, server, P.state(g, 2), lang="ja")
        pg.wait_for_selector("#market .offer")
        offers = pg.eval_on_selector_all("#market .offer", """os => os.map(o => {
            const r = o.getBoundingClientRect();
            const b = o.querySelector('.accept-btn');
            const q = b && b.getBoundingClientRect();
            return [r.left, r.right, q ? [q.left, q.right] : null]; })""")
        pg.screenshot(path=str(ARTIFACTS / "trial-board-market-390.png"), full_page=True)
        assert len(offers) == 4
        assert any(acc for _, _, acc in offers), "Cleo can accept an offer: an Accept button"
        for left, right, acc in offers:
            assert 0 <= left and right <= 390, offers
            if acc:
                assert 0 <= acc[0] and acc[1] <= 390, offers
        assert pg.evaluate("(() => { const e = document.querySelector('#market .offers'); "
                           "return e.scrollWidth <= e.clientWidth + 1; })()")
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 3. phase 3: one card named


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_phase_3_highlight_and_status_name_the_same_card(server: str, browser: Any,
                                                         lang: str) -> None:
    """The trial: phase 3 said "Plant Green first" while the highlighted card to plant was
    Garden. R33/R15: Bob plants Garden and Green; the engine's plant_traded_fields say Green
    fits field 1 and no field fits Garden. The highlighted card is Green, as the line says."""
    g = P.game(phase="plant_traded", seats=[
        {}, {"to_plant": ["garden", "green"], "fields": [["green", 2], ["chili", 3]]}, {}])
    fits = g.view(1)["you"]["plant_traded_fields"]
    assert fits == {"garden": [], "green": [1]}
    first = {"en": "Plant Green first", "ja": "まず"}[lang]
    with watched_page(browser, **context("1366", lang)) as (pg, errors):
        P.show(pg, server, P.state(g, 1), lang=lang)
        line = status(pg)
        assert line.startswith(first), line
        sel = pg.eval_on_selector_all("#to-plant .card.selected", "cs => cs.map(c => c.dataset.bean)")
        assert sel == ["green"], (sel, line)
        if lang == "ja":
            name = pg.eval_on_selector("#to-plant .card.selected .bean-name", "e => e.textContent")
            assert name in line, (name, line)
        # the Plant here buttons are for the highlighted card: on field 1, the one that fits
        assert pg.eval_on_selector_all(
            "#fields .field:has(.plant-here)", "fs => fs.map(f => f.dataset.field)") == ["1"]
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 4. the news covers nothing


CONTROLS = """(() => {
  const news = document.querySelector('#news');
  const nr = news.getBoundingClientRect();
  const sel = 'button, a[href], select, input, textarea, .card, .panel, [role=button], [tabindex="0"]';
  const out = [];
  for (const c of document.querySelectorAll(sel)) {
    if (news.contains(c)) continue;
    const r = c.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    const inBox = x >= nr.left && x <= nr.right && y >= nr.top && y <= nr.bottom;
    if ((hit && news.contains(hit)) || inBox) {
      out.push((c.id ? '#' + c.id : c.className) + ' ' + (c.textContent || '').trim().slice(0, 20));
    }
  }
  return out;
})()"""


@pytest.mark.parametrize("size", ["390", "1366", "1400"])
def test_the_harvest_news_covers_no_control(server: str, browser: Any, size: str) -> None:
    """The trial: the harvest news covered the catalogue's heading and its "?" button (1366,
    1400), the seat panels and the hand (390). While it shows, no control (button, card,
    link, input) has its centre under it."""
    g = P.game(seats=[{"hand": ["chili", "red"], "fields": [["blue", 4], None]}, {}, {}])
    events = g.apply(0, parse("/harvest 1").action)     # type: ignore[union-attr]
    names = list(g.names)
    entries = [{**e.for_viewer(0, names), "text": log_line(e.for_viewer(0, names), "en", names, 0)}
               for e in events]
    with watched_page(browser, **context(size, "en")) as (pg, errors):
        P.show(pg, server, P.state(g, 0))
        pg.wait_for_selector("#catalogue-box .card")
        pg.evaluate("(e) => window.__bohnanza.log({type: 'log', entries: e})", entries)
        news = pg.locator("#news")
        assert news.is_visible()
        assert news.inner_text().startswith("+1 coin")
        pg.screenshot(path=str(ARTIFACTS / f"trial-board-news-{size}.png"))
        assert pg.evaluate(CONTROLS) == []
        # dismissible: its close button hides it
        pg.locator("#news .news-close").click()
        assert not news.is_visible()
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 5. Want +1 answers near the tap


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_want_one_in_the_tap_panel_says_what_the_offer_holds(server: str, browser: Any,
                                                             lang: str) -> None:
    """The trial: at 390x844, tapping 欲しい +1 in the catalogue changed the offer builder, off
    screen, with nothing to see. The tap panel says, beside the button, what the offer now
    asks for: 1 Blue, then 2."""
    words = {"en": ("You get", "Blue"), "ja": ("もらう", "青豆")}[lang]
    with watched_page(browser, **context("390", lang)) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 1), lang=lang)
        pg.locator('#catalogue-box .card[data-bean="blue"]').tap()
        panel = pg.locator("#tap-panel")
        assert panel.is_visible()
        note = panel.locator(".tap-note")
        assert note.count() == 0 or note.inner_text().strip() == ""      # nothing asked yet
        for n in (1, 2):
            panel.locator(".tap-want").tap()
            assert pg.evaluate("window.__bohnanza.S.draft.want.blue") == n
            text = note.inner_text()
            assert words[0] in text and words[1] in text and str(n) in text, text
            # in view, next to the button just tapped
            b, w = note.bounding_box(), panel.locator(".tap-want").bounding_box()
            assert b and w and 0 <= b["y"] and b["y"] + b["height"] <= 844
            assert abs(b["y"] - w["y"]) < 120, (b, w)
        pg.screenshot(path=str(ARTIFACTS / f"trial-board-tap-want-{lang}.png"))
        assert_clean(pg, errors)
