"""Issue 10's fourth new-user trial (/tmp/trial4/report.md), the board's part of the fifth
round of fixes: the fields, the planting advice, the catalogue, the lobby and setup, small
texts. Ann 1366x768 (mouse), Cleo on a 390x844 touch screen; English and Japanese. Expected
values from the trial's list, the issue and rules.md (R ids in each test), never from what
the page printed.

- item 9: the phase-3 plan is said whole and short (at most three lines on a phone);
- item 15: the hand-over says what giving hand 1 does to the next plant (R9, R11);
- item 18: a second field of a bean one grows is warned of, its own field marked (R14);
- item 16: the phone's name gate under the header, its label above its box; the phone's
  switches have words; the room's words name no control it lacks;
- item 17: the coin ladder is labelled; the hover tip goes after a click; "? any card" says
  what it does;
- item 19: people and bots counted apart; Remove beside the bot's name;
- item 20: aria-labels and titles in the page's language; the Garden's name legible on a
  phone's seat panels; "Black-eyed" over its icon, not on it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from . import positions as P
from .e2e_board import ARTIFACTS, assert_clean, status, watched_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}

# the status line's lines of text (as test_e2e_fourth counts them)
LINES = """(() => { const s = document.querySelector('#status'); const c = getComputedStyle(s);
  const h = s.clientHeight - parseFloat(c.paddingTop) - parseFloat(c.paddingBottom);
  return Math.round(h / parseFloat(c.lineHeight)); })()"""


# ------------------------------------------------------------------ item 9: the whole plan, short


def two_harvests() -> Any:
    """Phase 3: Bob must plant Chili and Stink; his fields hold one Soy and one Blue. Two new
    beans need two fields (R13, R14, R33): two harvests of one card each (R19's exception,
    T6), each paying 0 and throwing 1 away (§1c, R18): 2 thrown away in all. Soy×1 is one card
    from its first coin (§1c: 2 Soy pay 1), Blue×1 three (4 Blue pay 1): the Blue goes first."""
    return P.game(phase="plant_traded", seats=[
        {}, {"to_plant": ["chili", "stink"], "fields": [["soy", 1], ["blue", 1]]}, {}])


def forced_phase_1() -> Any:
    """Phase 1, Ann, Chili in front, fields Blue×3 and Soy×3, no coins (R15, R22)."""
    return P.game(seats=[{"hand": ["chili", "red"], "fields": [["blue", 3], ["soy", 3]]}, {}, {}])


def harvest_first() -> Any:
    """Phase 3 (trial 3): Blue×1 and Chili×1, Chili and Green to plant: harvest the Blue
    first (R19, R33)."""
    return P.game(phase="plant_traded", seats=[
        {}, {"to_plant": ["chili", "green"], "fields": [["blue", 1], ["chili", 1]]}, {}])


def plant_then() -> Any:
    """Phase 3: Chili, Chili fit field 1, Green none: plant Chili, then harvest (R33)."""
    return P.game(phase="plant_traded", seats=[
        {}, {"to_plant": ["chili", "chili", "green"], "fields": [["chili", 1], ["blue", 2]]}, {}])


def plant_then_all() -> Any:
    """Phase 3 (trial 5, Dee): Black-eyed×1 in field 1, field 2 empty, Chili and Soy to plant.
    Each fits the empty field, not both (R13, R14): one harvest of a one-card field (R19's
    exception, T6; 0 coins, 1 thrown away, §1c) before the second card (R33)."""
    return P.game(phase="plant_traded", seats=[
        {}, {"to_plant": ["chili", "soy"], "fields": [["blackeyed", 1], None]}, {}])


ADVICE = [(two_harvests, 1), (forced_phase_1, 0), (harvest_first, 1), (plant_then, 1),
          (plant_then_all, 1)]


@pytest.mark.parametrize(("lang", "ctx", "beans"), [
    ("en", LAPTOP, ("Chili", "Soy")), ("en", PHONE, ("Chili", "Soy")),
    ("ja", PHONE, ("紅花インゲン", "大豆")),
])
def test_the_advice_names_every_card_to_plant(browser: Any, server: str, lang: str,
                                              ctx: dict[str, Any], beans: tuple[str, str]) -> None:
    # trial 5 item 6: "Plant Chili first, then harvest field 2 (...)" left out where Soy goes:
    # R33 wants both planted, so the line names both and the one harvest between them
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(plant_then_all(), 1), lang=lang)
        line = status(pg)
        assert all(b in line for b in beans), line
        first, second = sorted(beans, key=line.index)
        assert re.search(r"(harvest field \d|畑\dを売却)", line.split(second)[0].split(first)[1]), line
        assert_clean(pg, errors)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_planting_advice_fits_a_phone(browser: Any, server: str, lang: str) -> None:
    # trial 4: the two-harvest plan took five lines at 390x844, the Japanese phase-3 advice
    # four; the issue: the status line stays on screen (header under 15%)
    with watched_page(browser, **PHONE) as (pg, errors):
        for make, seat in ADVICE:
            P.show(pg, server, P.state(make(), seat), lang=lang)
            assert pg.evaluate(LINES) <= 3, status(pg)
            bar = pg.locator("#topbar").bounding_box()
            assert bar and bar["height"] <= 0.15 * 844, (status(pg), bar)
            if make is two_harvests:
                pg.screenshot(path=str(ARTIFACTS / f"trial5b-plan-390-{lang}.png"))
        assert_clean(pg, errors)


@pytest.mark.parametrize(("lang", "ctx"), [("en", LAPTOP), ("en", PHONE), ("ja", PHONE)])
def test_two_harvests_are_planned_at_once(browser: Any, server: str, lang: str,
                                          ctx: dict[str, Any]) -> None:
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(two_harvests(), 1), lang=lang)
        line = status(pg)
        if lang == "en":
            # both harvests, both cards, in one line: harvest Blue (field 2) first, plant,
            # harvest again, plant; 0 coins and 2 thrown away in all (§1c, R18)
            assert re.search(r"harvest field 2 → plant (Chili|Stink) there → harvest field \d"
                             r" → plant (Chili|Stink)", line), line
            assert "Chili" in line and "Stink" in line, line
            assert "2 harvests: 0 coins, 2 thrown away" in line, line
        else:
            assert re.search(r"畑2を売却→(紅花インゲン|そらまめ)を植える→畑\dを売却→"
                             r"(紅花インゲン|そらまめ)を", line), line
            assert "売却2回: 0ターラー、2枚捨て札" in line, line
        # the first harvest's field is marked (the engine's plant_advice.harvest)
        assert pg.locator('.field[data-field="2"].advised').count() == 1
        assert_clean(pg, errors)


# ------------------------------------------------------------------ item 15: the front card


def dealing_front() -> Any:
    """Phase 2, Ann active; Bob offers one Chili for the face-up Blue, Ann accepts: Bob owes
    1 Chili and holds it at hand 1 and hand 5 (R11: from any position). Hand 1 is the card he
    plants next (R9); giving it, he plants Green (hand 2) next."""
    g = P.game(phase="trade", face_up=["blue", "stink"], seats=[
        {"hand": ["soy"]}, {"hand": ["chili", "green", "soy", "wax", "chili"]}, {}])
    P.say(g, 1, "/offer chili for blue")
    P.say(g, 0, "/accept 1")
    return g


@pytest.mark.parametrize(("lang", "ctx", "words"), [
    ("en", LAPTOP, ["Hand 1 is the card you plant next", "plant Green next", "hand 5",
                    "keep planting Chili"]),
    ("ja", PHONE, ["手札1は次に植えるカード", "次はいんげん豆を植えます", "手札5",
                   "次も紅花インゲン"]),
])
def test_the_hand_over_says_what_hand_1_changes(browser: Any, server: str, lang: str,
                                                ctx: dict[str, Any], words: list[str]) -> None:
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(dealing_front(), 1), lang=lang)
        # the choice is there (hand 1 / hand 5), and its advice beside it
        assert pg.locator("#deal-sources .source-chip").count() == 2
        note = pg.locator("#deal-front-note")
        assert note.is_visible()
        text = note.inner_text()
        for w in words:
            assert w in text, (w, text)
        pg.screenshot(path=str(ARTIFACTS / f"trial5b-handover-{lang}.png"))
        assert_clean(pg, errors)


def test_the_front_note_only_where_hand_1_may_go(browser: Any, server: str) -> None:
    # P.dealing: Bob holds Chili, Green, Chili and owes one Chili: hand 1 or hand 3 (R11),
    # and hand 1 is his next plant (R9): a note. Cleo, no party, has no cards to pick.
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(P.dealing(), 1))
        assert pg.locator("#deal-front-note").is_visible()
        P.show(pg, server, P.state(P.dealing(), 2))
        assert pg.locator("#deal-front-note").count() == 0
        # Green in front, Chili at hand 2 and hand 4: the choice leaves the front card
        g = P.game(phase="trade", face_up=["blue", "stink"], seats=[
            {"hand": ["soy"]}, {"hand": ["green", "chili", "soy", "chili"]}, {}])
        P.say(g, 1, "/offer chili for blue")
        P.say(g, 0, "/accept 1")
        P.show(pg, server, P.state(g, 1))
        assert pg.locator("#deal-sources .source-chip").count() == 2
        assert pg.locator("#deal-front-note").count() == 0
        assert_clean(pg, errors)


# ------------------------------------------------------------------ item 18: a second field


def second_red(**extra: Any) -> Any:
    """Phase 1, Ann, Red in front; field 1 Red×1, field 2 empty: both take it (R13, R14);
    field 2 would be a second Red field (Red's first coin at 2 cards, §1c)."""
    return P.game(seats=[{"hand": ["red", "blue"], "fields": [["red", 1], None], **extra},
                         {}, {}])


@pytest.mark.parametrize(("lang", "ctx", "warn", "tag"), [
    ("en", LAPTOP, "A second Red field is usually a mistake", "plant here"),
    ("ja", PHONE, "2つ目の赤豆の畑はたいてい損です", "ここへ"),
])
def test_a_second_field_of_a_bean_is_warned_of(browser: Any, server: str, lang: str,
                                                ctx: dict[str, Any], warn: str,
                                                tag: str) -> None:
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(second_red(), 0), lang=lang)
        f1 = pg.locator('.field[data-field="1"]')
        f2 = pg.locator('.field[data-field="2"]')
        # both may take it (R14: allowed, not forbidden)
        assert f1.locator(".plant-here").count() == 1 and f2.locator(".plant-here").count() == 1
        # field 1 is the one to use, field 2 warns
        assert tag in f1.locator(".use-tag").inner_text()
        assert warn in f2.locator(".second-why").inner_text()
        assert "primary" in (f1.locator(".plant-here").get_attribute("class") or "")
        assert "primary" not in (f2.locator(".plant-here").get_attribute("class") or "")
        assert f1.locator(".second-why").count() == 0
        pg.screenshot(path=str(ARTIFACTS / f"trial5b-second-field-{lang}.png"))
        assert_clean(pg, errors)


def test_no_second_field_warning_where_there_is_none(browser: Any, server: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        # Garden×3 pays Garden's top, 3 coins (§1c): a second Garden field is no mistake
        g = P.game(seats=[{"hand": ["garden"], "fields": [["garden", 3], None]}, {}, {}])
        P.show(pg, server, P.state(g, 0))
        assert pg.locator(".second-why, .use-tag").count() == 0
        # phase 3: Chili to plant beside Chili×2 and an empty field (R33)
        g = P.game(phase="plant_traded", seats=[
            {}, {"to_plant": ["chili"], "fields": [None, ["chili", 2]]}, {}])
        P.show(pg, server, P.state(g, 1))
        assert pg.locator('.field[data-field="1"] .second-why').count() == 1
        assert pg.locator('.field[data-field="2"] .use-tag').count() == 1
        # another seat's turn: nothing to plant, nothing said
        P.show(pg, server, P.state(second_red(), 1))
        assert pg.locator(".second-why, .use-tag").count() == 0
        assert_clean(pg, errors)


# ------------------------------------------------------------------ item 16: gate, switches, words


def test_on_a_phone_the_name_gate_sits_under_the_header(browser: Any, server: str) -> None:
    with watched_page(browser, **PHONE, locale="ja-JP") as (pg, errors):
        pg.add_init_script("localStorage.setItem('bohnanza.lang', 'ja')")
        pg.goto(f"{server}/r/e2e-trial5b-gate")
        pg.wait_for_selector("#gate-seated:not([hidden])", timeout=10_000)
        form = pg.locator("#name-form").bounding_box()
        bar = pg.locator("#topbar").bounding_box()
        label = pg.locator("#name-form label > span").bounding_box()
        box = pg.locator("#name-input").bounding_box()
        assert form and bar and label and box
        # just under the header, in the top third (trial 4: over the game log, 2/3 down)
        assert bar["y"] + bar["height"] <= form["y"] <= 844 / 3, (bar, form)
        # the label above its box, apart from it
        assert box["y"] >= label["y"] + label["height"], (label, box)
        pg.screenshot(path=str(ARTIFACTS / "trial5b-gate-390-ja.png"))
        assert_clean(pg, errors)


def test_on_a_laptop_the_name_stands_apart_from_its_box(browser: Any, server: str) -> None:
    # trial 5: "Your name" touched its box (the box's focus ring, 3 px, met the label)
    with watched_page(browser, **LAPTOP) as (pg, errors):
        pg.goto(f"{server}/r/e2e-trial5b-gate-laptop")
        pg.wait_for_selector("#gate-seated:not([hidden])", timeout=10_000)
        label = pg.locator("#name-form label > span").bounding_box()
        box = pg.locator("#name-input").bounding_box()
        assert label and box
        assert box["x"] - (label["x"] + label["width"]) >= 8, (label, box)
        assert_clean(pg, errors)


@pytest.mark.parametrize(("lang", "sound", "speaker"), [("en", "Sound", "Read"),
                                                        ("ja", "音", "読上げ")])
def test_the_phones_switches_have_words(browser: Any, server: str, lang: str, sound: str,
                                        speaker: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 1), lang=lang)
        for sel, word in (("#sound", sound), ("#speaker", speaker)):
            text = pg.locator(f"{sel} .btn-text-tiny")
            assert text.is_visible() and text.inner_text() == word, sel
            # the word within its button, the button within the screen
            b = pg.locator(sel).bounding_box()
            assert b and b["x"] >= 0 and b["x"] + b["width"] <= 390
        bar = pg.locator("#topbar").bounding_box()
        assert bar and bar["height"] <= 0.15 * 844
        assert_clean(pg, errors)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_room_before_seating_names_no_missing_control(browser: Any, server: str,
                                                           lang: str) -> None:
    # trial 4: "..., or just watch." with no Just watch control in the room
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.before_start(None), lang=lang)
        line = status(pg)
        watch = pg.locator("#setup button", has_text=re.compile("just watch|観戦する", re.I))
        if "just watch" in line.lower() or "観戦する" in line:
            assert watch.count() and watch.first.is_visible(), line
        assert pg.locator("#btn-join").is_visible()
        assert_clean(pg, errors)


# ------------------------------------------------------------------ item 17: the catalogue


@pytest.mark.parametrize(("lang", "coins", "cards", "ask"), [
    ("en", "coins", "cards", "the other player picks"),
    ("ja", "ターラー", "枚数", "相手が選ぶ"),
])
def test_the_coin_ladder_and_any_card_are_labelled(browser: Any, server: str, lang: str,
                                                   coins: str, cards: str, ask: str) -> None:
    for ctx in (LAPTOP, PHONE):
        with watched_page(browser, **ctx) as (pg, errors):
            P.show(pg, server, P.state(P.trading(), 0), lang=lang)
            legend = pg.locator("#meter-legend")
            legend.scroll_into_view_if_needed()
            assert legend.is_visible()
            words = legend.inner_text()
            assert coins in words and cards in words, words
            hint = pg.locator("#catalogue-ask-hint")
            assert hint.is_visible() and ask in hint.inner_text(), hint.inner_text()
            assert_clean(pg, errors)


def test_no_any_card_once_the_game_is_over(browser: Any, server: str) -> None:
    # the game is over (R37, R38): no more offers, so neither the "?" nor its hint (board5b's note)
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(P.over(), 0))
        assert pg.locator("#catalogue-box .box-head").count() == 1
        assert pg.locator("#catalogue-ask").count() == 0
        assert pg.locator("#catalogue-ask-hint").count() == 0
        assert "null" not in pg.locator("#catalogue-box").inner_text()
        assert_clean(pg, errors)


def test_the_hover_tip_goes_after_a_click(browser: Any, server: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 0))
        card = pg.locator('#catalogue-box .cat-entry[data-bean="green"] .card.cat')
        tip = card.locator(".meter")
        card.hover()
        assert tip.is_visible()                       # the full beanometer on hover
        card.click()
        tip = pg.locator('#catalogue-box .cat-entry[data-bean="green"] .card.cat .meter')
        assert not tip.is_visible()                   # clicked: out of the way
        pg.mouse.move(5, 5)
        pg.locator('#catalogue-box .cat-entry[data-bean="green"] .card.cat').hover()
        assert tip.is_visible()                       # pointed at again: back
        assert_clean(pg, errors)


# ------------------------------------------------------------------ item 19: people and bots


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "1 person and 2 bots seated: press Start game."),
    ("ja", "1人とボット2体が着席しています。「ゲーム開始」を押してください。"),
])
def test_people_and_bots_are_counted_apart(browser: Any, server: str, lang: str,
                                           said: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.before_start_bots(0), lang=lang)
        assert status(pg) == said
        # each Remove beside its bot's name (trial 4: at the far right)
        for seat in (1, 2):
            li = pg.locator(f'#setup .seat-list li[data-seat="{seat}"]')
            name = li.locator(".seat-name").bounding_box()
            btn = li.locator(".remove-bot").bounding_box()
            assert name and btn and 0 <= btn["x"] - (name["x"] + name["width"]) <= 120, (name, btn)
        pg.screenshot(path=str(ARTIFACTS / f"trial5b-bots-setup-{lang}.png"))
        assert_clean(pg, errors)


def test_people_only_keep_the_players_wording(browser: Any, server: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.before_start(0))
        assert status(pg).startswith("3 players seated: press Start game")
        assert_clean(pg, errors)


# ------------------------------------------------------------------ item 20: small texts

# every aria-label and title on the page (the page's own markup and what it builds)
LABELS = """() => [...document.querySelectorAll('[aria-label], [title]')]
  .flatMap(e => [e.getAttribute('aria-label'), e.getAttribute('title')]).filter(Boolean)"""
# words a Japanese page may show in Latin letters: the seats' names, the language switch
ALLOWED = {"Ann", "Bob", "Cleo", "English"}


@pytest.mark.parametrize("make", [P.trading, P.dealing, P.planting_traded, P.plant_first])
def test_a_japanese_page_labels_in_japanese(browser: Any, server: str, make: Any) -> None:
    # trial 4: aria-labels "farm", "market", "duel" on the Japanese page
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(make(), 1), lang="ja")
        english = [s for s in pg.evaluate(LABELS)
                   if set(re.findall(r"[A-Za-z]{2,}", s)) - ALLOWED]
        assert english == [], english
        assert_clean(pg, errors)


# the bean name's text lines and its font size on a small field card of a seat panel
NAME_LINES = """(sel) => { const n = document.querySelector(sel); const r = document.createRange();
  r.selectNodeContents(n); const tops = new Set([...r.getClientRects()].filter(x => x.width > 0)
    .map(x => Math.round(x.top)));
  return {lines: tops.size, size: parseFloat(getComputedStyle(n).fontSize),
          clipped: n.scrollWidth > n.clientWidth + 1}; }"""


def test_garden_is_legible_on_a_phones_seat_panel(browser: Any, server: str) -> None:
    # trial 4: "ゴガツササゲ" read "コガツササゲ" at that size: the name whole, in at most two
    # lines, at 7 px or more
    g = P.game(seats=[{"hand": ["chili"], "fields": [["garden", 2], ["chili", 1]]}, {}, {}])
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(g, 2), lang="ja")
        sel = '.panel[data-seat="0"] .mini-fields .card.bean-garden .bean-name'
        assert pg.locator(sel).inner_text() == "ゴガツササゲ"
        m = pg.evaluate(NAME_LINES, sel)
        assert m["lines"] <= 2 and m["size"] >= 7 and not m["clipped"], m
        pg.locator('.panel[data-seat="0"]').screenshot(
            path=str(ARTIFACTS / "trial5b-garden-panel-390-ja.png"))
        assert_clean(pg, errors)


# on every small card shown: the name's lines, whether a word of it breaks across lines, and
# the drawn face's share of the card's height
SMALL = """() => [...document.querySelectorAll('.card.small')].filter(c => c.offsetParent)
  .map(c => { const n = c.querySelector('.bean-name'); const a = c.querySelector('.bean-art');
    if (!n || !a) return null;
    const tops = (node, from, to) => { const r = document.createRange(); r.setStart(node, from);
      r.setEnd(node, to); return new Set([...r.getClientRects()].filter(x => x.width > 0)
        .map(x => Math.round(x.top))).size; };
    let lines = new Set(); let broken = [];
    const walk = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const node = walk.currentNode; const text = node.textContent;
      const r = document.createRange(); r.selectNodeContents(node);
      [...r.getClientRects()].filter(x => x.width > 0).forEach(x => lines.add(Math.round(x.top)));
      for (const m of text.matchAll(/[A-Za-z]+/g)) {
        if (tops(node, m.index, m.index + m[0].length) > 1) broken.push(m[0]);
      }
    }
    return {bean: c.dataset.bean, text: n.innerText, lines: lines.size, broken,
            art: a.getBoundingClientRect().height / c.getBoundingClientRect().height}; })
  .filter(Boolean)"""


@pytest.mark.parametrize(("lang", "ctx"), [("en", LAPTOP), ("en", PHONE), ("ja", PHONE)],
                         ids=["en-1366", "en-390", "ja-390"])
def test_small_cards_keep_their_names_whole_and_their_faces(browser: Any, server: str,
                                                            lang: str,
                                                            ctx: dict[str, Any]) -> None:
    # trial 4: "Black-eyed" in two lines covered the top of its icon on small cards (the
    # face shrank under the count); "Gar / den" broke inside the word
    g = P.game(phase="trade", face_up=["blackeyed", "garden"], seats=[
        {"hand": ["soy"], "fields": [["blackeyed", 2], ["garden", 1]]},
        {"hand": ["blackeyed", "green"], "fields": [["blackeyed", 1], ["chili", 1]]},
        {"fields": [["coffee", 1], ["cocoa", 1]]}])
    P.say(g, 1, "/offer blackeyed for garden")
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 1), lang=lang)
        cards = pg.evaluate(SMALL)
        assert {"blackeyed", "garden"} <= {c["bean"] for c in cards}
        bad = [c for c in cards if c["lines"] > 2 or c["broken"] or c["art"] < 0.4]
        assert bad == [], bad
        assert_clean(pg, errors)


# ------------------------------------------------------------------ seen in the screenshots

# the boxes of the phone header's first row that overlap another
OVERLAPS = """() => { const ids = ['#phase .phase-btn', '#sound', '#speaker', '#lang', '.brand'];
  const boxes = ids.map(s => [s, document.querySelector(s)]).filter(([, e]) => e && e.offsetParent)
    .map(([s, e]) => [s, e.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i]; const [b, q] = boxes[j];
    if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1) out.push([a, b]);
  }
  return out; }"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_phones_header_buttons_never_overlap(browser: Any, server: str, lang: str) -> None:
    # the screenshots: the duel's End turn covered the switches on a phone (rules.md §3a,
    # step 3: the active player ends the turn)
    g = P.duel("plant_revealed")
    with watched_page(browser, **PHONE) as (pg, errors):
        for msg in (P.state(g, g.active), P.state(P.plant_no_fit(3), 0), P.state(P.trading(), 0)):
            P.show(pg, server, msg, lang=lang)
            assert pg.locator("#phase .phase-btn").count() == 1
            assert pg.evaluate(OVERLAPS) == [], status(pg)
        assert_clean(pg, errors)


def test_the_loses_least_tag_stays_whole_on_a_phone(browser: Any, server: str) -> None:
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(two_harvests(), 1))
        tag = pg.locator(".field.advised .advised-tag")
        assert tag.count() == 1
        box = tag.bounding_box()
        assert box and box["height"] < 20, box           # one line of 10.5 px text
        assert_clean(pg, errors)


@pytest.mark.parametrize(("lang", "ctx", "said", "unsaid"), [
    ("en", LAPTOP, "drag", None), ("en", PHONE, "tap", "drag"),
    ("ja", PHONE, "タップ", "ドラッグ"),
])
def test_the_duels_step_1_hint_speaks_of_taps_on_a_phone(browser: Any, server: str, lang: str,
                                                         ctx: dict[str, Any], said: str,
                                                         unsaid: str | None) -> None:
    # rules.md §3a step 1: the cards the opponent left are planted or discarded; a touch
    # screen has the ↓ #N buttons and no drag (board5b's note: "かドラッグ" on a phone)
    g = P.duel("plant_offer")
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, g.active), lang=lang)
        hint = pg.locator(".duel-offer-hint").inner_text()
        assert said in hint, hint
        if unsaid:
            assert unsaid not in hint, hint
        assert_clean(pg, errors)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "your offer #1 waits for Cleo"), ("ja", "オファー#1はCleoの返事待ち"),
])
def test_the_active_player_reads_whom_her_aimed_offer_waits_for(browser: Any, server: str,
                                                                lang: str, said: str) -> None:
    # trial 5: Ann's gift to Cleo only (R28, R30) waited with nothing said in Ann's status,
    # while a non-active player's offer says whom it waits for
    g = P.game(phase="trade", face_up=["green", "red"],
               seats=[{"hand": ["soy"]}, {"hand": ["blue"]}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer green for nothing to Cleo")
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, 0), lang=lang)
        assert said in status(pg), status(pg)
        # once Cleo has said Not interested, it no longer waits for her (R28)
        P.say(g, 2, "/done")
        P.show(pg, server, P.state(g, 0), lang=lang)
        assert said not in status(pg), status(pg)
        assert_clean(pg, errors)
