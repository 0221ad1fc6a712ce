"""The board explains itself (issue 10): the status line for every phase and role, the market
that reads itself, the hand in view during a deal, payouts without hover, card faces and icons
without emoji, Japanese, keyboard use, an accessibility scan, and the smaller faults of point 7.

Expected texts come from the issue and rules.md (the payout numbers of §1), not from what the
page printed. The states are built by the real engine (tests/e2e/positions.py) and shown on the
sample board, which renders a view exactly as it renders the server's.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from . import positions as P
from .e2e_board import status, watched_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# emoji (Unicode Extended_Pictographic): they show as empty boxes without an emoji font
PICTOGRAPHS = "t => [...t.matchAll(/\\p{Extended_Pictographic}/gu)].map(m => m[0])"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def board(browser: Any) -> Any:
    """One sample-board page for the module (states change without reloads)."""
    with watched_page(browser, viewport={"width": 1400, "height": 900}, locale="en-US") as b:
        yield b


# ------------------------------------------------------------------ 1. the status line

STATUS_EN = [
    # (position, seat, the beginning the status line must have: the words)
    (P.plant_first, 0, "Your turn: plant Chili (drag it to a field"),
    (P.plant_first, 1, "Ann is planting"),
    # the field whose harvest loses least (trial 3): Soy×2 pays 1 and throws 1 away, Blue×3
    # pays 0 and throws 3 (§1c, R18); field 3 for sale with 3 coins (R22)
    (lambda: P.plant_no_fit(3), 0, "No field fits Chili: harvest field 2 (2 Soy for 1 coin, 1 thrown away: it loses least), or buy field 3"),
    (lambda: P.plant_no_fit(0), 0, "No field fits Chili: harvest field 2 (2 Soy for 1 coin"),   # cannot buy (R22)
    (P.plant_second, 0, "You may plant Red too (optional)"),                  # R26
    (P.plant_second, 2, "Ann may plant a second card"),
    (P.trading, 0, "Trading: accept an offer marked Accept"),
    (P.trading, 2, "Ann is trading: pick cards to build an offer"),         # nothing to take
    (P.copied, 1, "Your offers #4, #2 wait for Ann"),
    (P.passed, 2, "You are not interested; Ann is trading"),
    (P.dealing, 1, "Hand over 1 Chili for the deal with Ann"),                 # two apart: a choice (T18)
    (P.dealing, 0, "Waiting for Bob to hand over 1 Chili"),
    (P.dealing, 2, "Ann and Bob are making a deal"),
    (P.planting_traded, 1, "Plant the 2 cards in your to-plant area"),          # R33
    (P.planting_traded, 0, "Waiting for Bob to plant the cards in their to-plant area."),
    # Chili×2 and Blue×2 each throw 2 away (§1c, R18): a tie; Chili lacks 1 card to its first
    # coin (3), Blue 2 (4): the Blue goes, the field nearest a coin stays (hints.plant_advice)
    (P.traded_no_fit, 1, "No field fits Red: harvest field 2 first (2 Blue for 0 coins"),
    # two cards of one bean wait: the line names their number (they were "then plant Red")
    (P.traded_no_fit_two, 1, "No field fits Red: harvest field 2 first (2 Blue for 0 coins, 2 thrown away: it loses least), then plant 2 Red."),
    (P.over, 1, "Game over: Ann won with 3 coins"),
    (P.trading, None, "You are watching. Ann is trading"),
]


@pytest.mark.parametrize(("make", "seat", "start"), STATUS_EN)
def test_status_line_says_what_to_do(page: Any, server: str, make: Any, seat: int | None,
                                     start: str) -> None:
    P.show(page, server, P.state(make(), seat))
    assert status(page).startswith(start), status(page)


def test_plant_button_waits_while_no_field_fits(page: Any, server: str) -> None:
    """R15: the front card must be planted, but no field takes Chili; the engine's
    plant_fields is empty, so the Plant button is disabled and says why."""
    P.show(page, server, P.state(P.plant_no_fit(3), 0))
    btn = page.locator("#plant-front")
    assert btn.is_disabled() and "Chili" in (btn.get_attribute("title") or "")
    # pitfall B9: no field is offered for the Chili (Blue x3, Soy x2): none marked plantable,
    # no "Plant here" on either, while both may be harvested to make room (R15, R19)
    assert page.locator("#fields .field.can-plant").count() == 0
    assert page.locator("#fields .plant-here").count() == 0
    assert page.locator("#fields button.harvest:enabled").count() == 2
    P.show(page, server, P.state(P.plant_first(), 0))
    assert page.locator("#plant-front").is_enabled()
    assert page.locator("#fields .field.can-plant").count() == 1   # the empty field 2


def test_status_line_when_others_may_take_an_offer(page: Any, server: str) -> None:
    g = P.game(phase="trade", face_up=["red"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {}])
    P.say(g, 0, "/offer red for chili")
    P.show(page, server, P.state(g, 1))
    assert status(page) == ("Ann is trading: press Accept on an offer you want, "
                            "or Not interested.")
    page.locator('#market .offer[data-offer="1"] .accept-btn').click()
    assert sent(page) == ["/accept 1"]
    P.say(g, 1, "/accept 1")                   # what the server does with it
    P.show(page, server, P.state(g, 1))
    assert status(page).startswith("You said yes to Ann’s offer #1 (your answer #2). Ann now chooses whom to deal with.")


def test_status_line_in_japanese_and_the_title_on_my_turn(page: Any, server: str) -> None:
    P.show(page, server, P.state(P.plant_first(), 0), lang="ja")
    text = status(page)
    assert "紅花インゲン" in text and "植えて" in text, text       # seed 000's bean name
    assert "あなたの番" in page.title()
    P.show(page, server, P.state(P.dealing(), 1), lang="ja")
    assert "紅花インゲン" in status(page) and "渡して" in status(page)
    P.show(page, server, P.state(P.plant_first(), 1))
    assert "Your turn" not in page.title()


def test_turn_sound_is_off_by_default_and_plays_when_on(page: Any, server: str) -> None:
    P.show(page, server, P.state(P.plant_first(), 1))
    assert page.locator("#sound").get_attribute("aria-pressed") == "false"
    P.show(page, server, P.state(P.plant_first(), 0))            # my turn, sound off: silent
    assert not page.evaluate("window.__bohnanza.beeps || 0")
    page.locator("#sound").click()
    P.show(page, server, P.state(P.plant_first(), 1))
    P.show(page, server, P.state(P.plant_first(), 0))            # my turn again: one sound
    assert page.evaluate("window.__bohnanza.beeps") == 1
    page.locator("#sound").click()


def _scroll_down(page: Any) -> None:
    """The mouse wheel down over the board, then wait until the page's scroll has come to
    rest (the same for three polls 100 ms apart; a fixed 200 ms wait could measure in the
    middle of a smooth scroll). At 1366 x 768 the board fits the window today (it does not
    scroll at all); the line must be on screen whichever way the layout goes."""
    page.mouse.move(600, 400)
    page.mouse.wheel(0, 2000)
    page.wait_for_function("() => { const y = window.scrollY; window.__ys = [...(window.__ys || [])"
                           ".slice(-2), y]; return window.__ys.length === 3"
                           " && window.__ys.every((v) => v === y); }", polling=100)
    page.evaluate("delete window.__ys")


def test_status_line_stays_on_screen_with_five_players(browser: Any, server: str) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    g = P.Game.new("classic", ["Ann", "Bob", "Cleo", "Dan", "Eve"], 3)
    msg = P.state(g, 2)
    msg["room"]["seats"] = [{**msg["room"]["seats"][0], "seat": i, "name": n}
                            for i, n in enumerate(g.names)]
    P.show(page, server, msg)
    _scroll_down(page)
    box = page.locator("#status").bounding_box()
    assert box and 0 <= box["y"] and box["y"] + box["height"] <= 768, box
    # the active player, after the first plant: the phase button beside the line, on screen
    P.say(g, g.active, "/plant")
    P.show(page, server, P.state(g, g.active))
    _scroll_down(page)
    for sel in ("#status", "#phase-btn"):
        box = page.locator(sel).bounding_box()
        assert box and 0 <= box["y"] and box["y"] + box["height"] <= 768, (sel, box)
    assert page.locator("#phase-btn").inner_text() == "End planting"
    ctx.close()


# ------------------------------------------------------------------ 2. the market


def offer(page: Any, n: int) -> Any:
    return page.locator(f'#market .offer[data-offer="{n}"]')


def test_offer_rows_are_labelled_and_coloured_for_the_viewer(page: Any, server: str) -> None:
    P.show(page, server, P.state(P.trading(), 1))       # Bob sees Ann's "red for chili"
    o = offer(page, 1)
    give, get = o.locator(".offer-row.give"), o.locator(".offer-row.get")
    assert give.locator(".row-label").inner_text() == "you give"
    assert get.locator(".row-label").inner_text() == "you get"
    # flipped for the viewer: Bob gives the Chili Ann asks for and gets her Red
    assert give.locator(".card").get_attribute("data-bean") == "chili"
    assert get.locator(".card").get_attribute("data-bean") == "red"
    # the same colours as the offer window's rows
    colour = "el => getComputedStyle(el).backgroundColor"
    page.locator("#offer-open").click()
    assert give.evaluate(colour) == page.locator('#offer-window .offer-row.give').evaluate(colour)
    assert get.evaluate(colour) == page.locator('#offer-window .offer-row.get').evaluate(colour)
    assert give.evaluate(colour) != get.evaluate(colour)


def test_a_third_party_reads_an_offer_as_its_owners(page: Any, server: str) -> None:
    """R28: a trade is the active player's with one other. Cleo cannot be a party to Bob's
    offer to Ann, so its rows say what Bob gives and gets, not "you give"; Bob, a party to
    Ann's offer, still reads it flipped for himself."""
    g = P.copied()
    msg = P.state(g, 2)
    P.show(page, server, msg)
    bobs = next(o for o in msg["view"]["offers"] if o["id"] == 2)
    assert bobs["owner"] == 1 and msg["view"]["active"] == 0     # Bob's offer, Ann's turn
    o = offer(page, 2)
    give, get = o.locator(".offer-row.give"), o.locator(".offer-row.get")
    assert give.locator(".row-label").inner_text() == "Bob gives"
    assert get.locator(".row-label").inner_text() == "Bob gets"
    beans = "els => els.map(e => e.dataset.bean)"
    assert give.locator(".card").evaluate_all(beans) == [c for c in bobs["give"]]
    assert get.locator(".card").evaluate_all(beans) == [c for c in bobs["want"]]
    assert "for Ann" in o.inner_text()
    P.show(page, server, P.state(g, 1))
    assert offer(page, 1).locator(".offer-row.give .row-label").inner_text() == "you give"


@pytest.mark.parametrize(("make", "seat"), [
    (P.trading, 0), (P.trading, 1), (P.trading, 2), (P.copied, 0), (P.copied, 1),
    (P.dealing, 0), (P.dealing, 1), (P.passed, 2), (P.plant_first, 0)])
def test_accept_mark_exactly_on_the_offers_the_view_allows(page: Any, server: str, make: Any,
                                                           seat: int) -> None:
    msg = P.state(make(), seat)
    P.show(page, server, msg)
    allowed = set(msg["view"]["you"]["can_accept"])
    for o in msg["view"]["offers"]:
        mark = offer(page, o["id"]).locator(".accept-btn")
        assert (mark.count() == 1) == (o["id"] in allowed), o
        if o["id"] in allowed:
            assert mark.is_visible()      # at all times, not only on hover


def test_waiting_refused_and_copies(page: Any, server: str) -> None:
    g = P.copied()
    P.show(page, server, P.state(g, 1))
    assert "waits for Ann" in offer(page, 4).inner_text()            # Bob's copy
    assert "you said yes (#4): Ann chooses" in offer(page, 1).inner_text()   # ... named on Ann's too
    P.show(page, server, P.state(g, 2))
    # Cleo holds no Chili: Ann's offer is refused for her, naming what she lacks
    assert "you lack 1 Chili" in offer(page, 1).inner_text()
    assert "for Ann" in offer(page, 2).inner_text()                  # Bob's, to Ann (R28)
    P.show(page, server, P.state(g, 0))
    # the active player sees which copies answer which offer
    assert "Bob said yes to your #1" in offer(page, 4).inner_text()
    assert "#4 Bob" in offer(page, 1).inner_text()
    # gone: Ann gives her Red to Bob; the copy #4 left the market with the deal
    P.say(g, 0, "/accept 4")
    v = g.view(0)
    assert v["deal"] is None and all(o["id"] != 4 for o in v["offers"])


def test_a_copy_the_active_player_cannot_take_says_why(page: Any, server: str) -> None:
    # Ann's hand is empty (its size is public; which beans a hand holds is not, R41)
    g = P.game(phase="trade", face_up=["red"],
               seats=[{"hand": []}, {"hand": ["chili"]}, {"hand": ["chili"]}])
    P.say(g, 0, "/offer red for chili")
    P.say(g, 1, "/accept 1")
    P.say(g, 2, "/accept 1")
    P.say(g, 0, "/accept 3")          # Cleo gets the Red: Bob's copy can no longer be taken
    P.show(page, server, P.state(g, 1))
    assert "Ann lacks 1 Red" in offer(page, 2).inner_text()


def test_end_trading_disabled_during_a_deal_and_no_pass_for_its_parties(page: Any,
                                                                         server: str) -> None:
    g = P.dealing()
    P.show(page, server, P.state(g, 0))
    btn = page.locator("#phase-btn")
    assert btn.is_disabled() and btn.inner_text() == "End trading"
    assert "Finish or cancel the deal first" in page.locator("#phase").inner_text()
    P.show(page, server, P.state(g, 1))            # a party: no "Not interested"
    assert page.locator("#phase-btn").count() == 0
    P.show(page, server, P.state(g, 2))            # the third player still may pass
    assert page.locator("#phase-btn").inner_text() == "Not interested"


# ------------------------------------------------------------------ 3. the hand in view


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hand_next_to_the_deal_at_1366x768(browser: Any, server: str, lang: str) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    P.show(page, server, P.state(P.dealing(), 1), lang=lang)
    assert page.evaluate("window.scrollY") == 0
    for sel in ("#deal-window", "#hand .card[data-ref='h1']", "#hand .card[data-ref='h3']"):
        box = page.locator(sel).bounding_box()
        assert box and box["y"] + box["height"] <= 768, (sel, box)
    # phase 3: the to-plant row and the fields in view
    P.show(page, server, P.state(P.planting_traded(), 1), lang=lang)
    for sel in ("#to-plant .card", "#fields .field[data-field='2']"):
        box = page.locator(sel).first.bounding_box()
        assert box and box["y"] + box["height"] <= 768, (sel, box)
    ctx.close()


def test_empty_offer_window_folds_away(page: Any, server: str) -> None:
    P.show(page, server, P.state(P.trading(), 1))
    ow = page.locator("#offer-window")
    folded = ow.bounding_box()
    assert folded and folded["height"] < 60, folded
    page.locator('#hand .card[data-ref="h1"]').click()              # a card: the window opens
    assert page.locator("#offer-send").is_visible()
    page.locator("#offer-clear").click()
    assert ow.bounding_box()["height"] < 60


# ------------------------------------------------------------------ 4. payouts without hover

METERS = {"blue": ["4", "6", "8", "10"], "red": ["2", "3", "4", "5"],
          "garden": ["—", "2", "3", "—"]}       # rules.md §1a


def strip(locator: Any) -> list[str]:
    return [x.strip() for x in locator.locator(".tier b").all_inner_texts()]


def test_payouts_visible_on_catalogue_and_fields(page: Any, server: str) -> None:
    P.show(page, server, P.state(P.plant_no_fit(3), 0))
    for bean, meter in METERS.items():
        s = page.locator(f'#catalogue-box .cat-entry[data-bean="{bean}"] > .meter-strip')
        assert s.is_visible() and strip(s) == meter, bean
    f1 = page.locator('#fields .field[data-field="1"]')           # blue×3
    assert strip(f1.locator(".meter-strip")) == METERS["blue"]
    assert "harvest now = 0 coins" in f1.inner_text() and "next coin at 4" in f1.inner_text()


def test_a_tap_shows_the_beanometer_and_keeps_the_draft(browser: Any, server: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True, device_scale_factor=2)
    page = ctx.new_page()
    P.show(page, server, P.state(P.trading(), 1))
    draft = "JSON.stringify(window.__bohnanza.S.draft)"
    before = page.evaluate(draft)
    page.locator('#catalogue-box .card[data-bean="blue"]').tap()
    panel = page.locator("#tap-panel")
    assert panel.is_visible()
    assert strip(panel.locator(".meter-strip")) == METERS["blue"]
    assert page.evaluate(draft) == before                          # the tap changed nothing
    panel.locator(".tap-want").tap()                               # asking is a choice
    assert page.evaluate(draft) == '{"give":{},"want":{"blue":1}}'
    ctx.close()


# ------------------------------------------------------------------ 5. faces and icons


def visible_text(page: Any) -> str:
    """The interface's own text (chat and log hold what people typed)."""
    return page.evaluate("""() => { const w = document.createTreeWalker(document.body,
        NodeFilter.SHOW_TEXT); let out = '';
        while (w.nextNode()) { const n = w.currentNode;
          if (n.parentElement.closest('#chat, #log, script, style')) continue; out += n.data; }
        return out + document.title; }""")


@pytest.mark.parametrize("make", [P.trading, P.dealing, P.over, P.plant_no_fit])
def test_no_emoji_in_the_interface(page: Any, server: str, make: Any) -> None:
    g = make(3) if make is P.plant_no_fit else make()
    msg = P.state(g, 0)
    msg["view"]["seats"][2]["passed"] = True
    msg["room"]["seats"][1].update(bot=True, policy="greedy")
    P.show(page, server, msg)
    found = page.evaluate(PICTOGRAPHS, visible_text(page))
    assert found == [], found
    # coins, pass, speaker (and the winner at the end) are drawn as SVG
    assert page.locator("#players svg.icon-coin").count() == 3
    assert page.locator("#speaker svg.icon").count() == 1
    assert page.locator("#sound svg.icon").count() == 1
    assert page.locator("#players svg.icon-bot").count() >= 1                  # Bob is a bot
    if g.phase == "trade":
        assert page.locator("#players .mark-pass.on svg.icon-pass").count() == 1   # Cleo
    if g.over:
        assert page.locator("#gameover svg.icon-trophy").count() >= 1
    # every bean card shows its drawn face, and each face file is an SVG with its own symbol
    arts = page.locator(".card .bean-art")
    assert arts.count() > 5
    page.wait_for_function("[...document.querySelectorAll('.card .bean-art')].every("
                           "i => i.complete && i.naturalWidth > 0)", timeout=5000)


def test_card_faces_are_svg_with_a_symbol_each() -> None:
    """A shape of its own on each bean's face, so colour is never the only cue."""
    faces = ROOT / "web" / "img" / "beans"
    shapes = set()
    for slug in ("coffee", "wax", "blue", "chili", "stink", "green", "soy", "blackeyed", "red",
                 "garden", "cocoa"):
        svg = (faces / f"{slug}.svg").read_text()
        assert svg.lstrip().startswith("<svg") and f"<title>{slug}</title>" in svg
        m = re.search(r'class="symbol" data-shape="([a-z]+)"', svg)
        assert m, slug
        shapes.add(m.group(1))
    assert len(shapes) == 11        # no two beans share a symbol


def test_every_text_key_has_english_and_japanese() -> None:
    """Each key the scripts name literally (t('key')) has both texts in i18n.js; keys built
    at run time are caught by the page fixture's ``missing`` check."""
    web = ROOT / "web" / "js"
    table = (web / "i18n.js").read_text()
    keys = {m.group(1) for f in web.rglob("*.js")
            for m in re.finditer(r"\bt\('([a-z0-9_]+)'[,)]", f.read_text())}
    assert len(keys) > 100
    for key in sorted(keys):
        m = re.search(rf"^\s*{key}: \[('[^']*'|\"[^\"]*\"),\s*('[^']*'|\"[^\"]*\")\]",
                      table, re.M)
        assert m, key
        ja = re.sub(r"\{[a-z]+\}", "", m.group(2))           # placeholders are not words
        assert JAPANESE.search(ja) or not re.search(r"[a-z]{3}", ja), key


# ------------------------------------------------------------------ 6. Japanese on the board


def test_board_in_japanese(page: Any, server: str) -> None:
    # Bob may still take #1 here (after P.copied() he has answered it: no Accept, by design)
    P.show(page, server, P.state(P.trading(), 1), lang="ja")
    body = page.locator("#board").inner_text()
    for word in ("豆取引市場", "あなたが出す", "あなたがもらう", "受ける", "豆カタログ", "手札"):
        assert word in body, word
    assert "you give" not in body and "Accept" not in body
    assert JAPANESE.search(status(page))


# ------------------------------------------------------------------ keyboard


def tab_to(page: Any, selector: str, limit: int = 200) -> None:
    """Tab to ``selector``; a card in a row of cards (a toolbar: one stop of Tab, dom.js
    roving) by Tab to the row, then Home and the right arrow along it."""
    here = f"document.activeElement && document.activeElement.matches({selector!r})"
    in_row = (f"(() => {{ const t = document.activeElement.closest('[role=toolbar]');"
              f" return !!t && !!t.querySelector({selector!r}); }})()")
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(here):
            return
        if page.evaluate(in_row):
            page.keyboard.press("Home")
            for _ in range(40):
                if page.evaluate(here):
                    return
                page.keyboard.press("ArrowRight")
    raise AssertionError(f"Tab never reaches {selector}")


def sent(page: Any) -> list[str]:
    return list(page.evaluate("window.__bohnanza.sent"))


def test_every_control_by_keyboard(page: Any, server: str) -> None:
    P.show(page, server, P.state(P.plant_first(), 0))
    tab_to(page, "#plant-front")
    page.keyboard.press("Enter")
    assert sent(page)[-1] == "/plant"
    # offers are built in phase 2 (trial 3: the offer window waits outside it)
    P.show(page, server, P.state(P.game(phase="trade", seats=[
        {"hand": ["chili", "red"], "fields": [["blue", 2], None]}, {}, {}]), 0))
    tab_to(page, '#hand .card[data-ref="h2"]')
    page.keyboard.press("Enter")                                  # left: give
    page.keyboard.press("Shift+Enter")                            # right: want
    assert page.evaluate("JSON.stringify(window.__bohnanza.S.draft)") == \
        '{"give":{"red":1},"want":{"red":1}}'
    tab_to(page, '#catalogue-box .card[data-bean="soy"]')
    page.keyboard.press("Enter")                                  # catalogue left: want
    tab_to(page, "#offer-send")
    page.keyboard.press("Enter")
    assert sent(page)[-1] == "/offer red for soy, red"      # catalogue order, as typed
    P.show(page, server, P.state(P.plant_first(), 0))
    tab_to(page, '#fields .field[data-field="2"] .plant-here')
    page.keyboard.press("Enter")
    assert sent(page)[-1] == "/plant 2"
    tab_to(page, '#fields .field[data-field="1"] button.harvest')
    page.keyboard.press("Enter")              # Blue×2 pays 0 coins (§1c): it asks first
    page.keyboard.press("Enter")              # yes (trial 3)
    page.wait_for_function("window.__bohnanza.sent.slice(-1)[0] === '/harvest 1'")
    assert sent(page)[-1] == "/harvest 1"
    tab_to(page, ".signal-token.want")                             # a marker by keyboard
    page.keyboard.press("Enter")
    tab_to(page, '#catalogue-box .card[data-bean="garden"]')
    page.keyboard.press("Enter")
    assert sent(page)[-1] == "/want garden"
    # phase 2: accept an offer and end trading by keyboard
    P.show(page, server, P.state(P.trading(), 0))
    tab_to(page, '#market .offer[data-offer="2"] .accept-btn')
    page.keyboard.press("Enter")
    assert sent(page)[-1] == "/accept 2"
    tab_to(page, "#phase-btn")
    page.keyboard.press("Enter")
    assert sent(page)[-1] == "/done"
    tab_to(page, "#chat-input")


def test_deal_phase3_buy_setup_and_lobby_by_keyboard(page: Any, server: str) -> None:
    """The rest of the board's controls by Tab and Enter: a deal's cards and Hand over, phase
    3's to-plant cards and fields, buying field 3, the setup box, the lobby's form."""
    P.show(page, server, P.state(P.dealing(), 1))          # Bob owes 1 Chili, holds two
    tab_to(page, '#hand .card[data-ref="h3"]')
    page.keyboard.press("Enter")                           # picks that Chili for the deal
    tab_to(page, "#deal-provide")
    page.keyboard.press("Enter")
    assert sent(page)[-1].startswith("/provide") and "h3" in sent(page)[-1], sent(page)
    P.show(page, server, P.state(P.planting_traded(), 1))  # Chili and Green to plant
    tab_to(page, '#fields .field[data-field="1"] .plant-here')
    page.keyboard.press("Enter")
    assert sent(page)[-1] == "/plant chili 1"
    tab_to(page, '#to-plant .card[data-toplant="1"]')
    page.keyboard.press("Enter")                           # choose the Green
    tab_to(page, '#fields .field[data-field="2"] .plant-here')
    page.keyboard.press("Enter")
    assert sent(page)[-1] == "/plant green 2"
    P.show(page, server, P.state(P.plant_no_fit(3), 0))    # 3 coins: field 3 for sale (R22)
    tab_to(page, "#buy-field")
    page.keyboard.press("Enter")
    assert sent(page)[-1] == "/buy"
    P.show(page, server, P.before_start(0))
    tab_to(page, "#btn-addbot")
    page.keyboard.press("Enter")
    tab_to(page, "#btn-start")
    page.keyboard.press("Enter")
    # the picker starts on easy (the server's bot_picker), the server's default: /addbot alone
    assert sent(page)[-2:] == ["/addbot", "/start"]
    page.goto(server + "/")
    page.wait_for_selector("#rooms li")
    tab_to(page, "#lobby-name")
    page.keyboard.type("Kay")
    tab_to(page, "#lobby-room")
    page.keyboard.type("e2e-keys")
    page.keyboard.press("Enter")
    page.wait_for_url("**/r/e2e-keys")
    page.wait_for_selector("#btn-join")


# ------------------------------------------------------------------ accessibility (axe-core)


def axe(page: Any) -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds on the page."""
    if not AXE.exists():
        pytest.fail("axe-core is missing: make browser installs it (npm ci)")
    # a card still fading in (the duel's reveal) has no colours to judge yet
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')",
                           timeout=5000)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => (await axe.run(document,
        { resultTypes: ['violations'] })).violations.map(v => ({ id: v.id, impact: v.impact,
          nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ')) }))""")
    return [v for v in result if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize(("make", "seat"), [
    (P.plant_first, 0), (lambda: P.plant_no_fit(3), 1), (P.trading, 1), (P.dealing, 1),
    (P.planting_traded, 1), (P.over, 0), (P.trading, None)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_axe_board_in_each_phase(page: Any, server: str, make: Any, seat: int | None,
                                 lang: str) -> None:
    P.show(page, server, P.state(make(), seat), lang=lang)
    assert axe(page) == []


def test_axe_lobby_and_room_before_the_start(page: Any, server: str) -> None:
    page.goto(server + "/")
    page.wait_for_selector("#rooms li")
    assert axe(page) == []
    page.evaluate("localStorage.setItem('bohnanza.name', 'Axel')")
    page.goto(server + "/r/e2e-axe")
    page.wait_for_selector("#btn-join")
    assert axe(page) == []


# ------------------------------------------------------------------ 7. smaller faults


def test_count_badges_never_cover_bean_names(page: Any, server: str) -> None:
    for lang in ("en", "ja"):
        P.show(page, server, P.state(P.trading(), 1), lang=lang)
        overlaps = page.evaluate("""() => [...document.querySelectorAll('.card')].filter(c => {
            const n = c.querySelector('.bean-name'), k = c.querySelector('.count');
            if (!n || !k) return false;
            const a = n.getBoundingClientRect(), b = k.getBoundingClientRect();
            return a.right > b.left && b.right > a.left && a.bottom > b.top && b.bottom > a.top;
          }).map(c => c.dataset.bean)""")
        assert overlaps == [], (lang, overlaps)


def test_the_board_does_not_jump_when_the_first_discard_appears(page: Any, server: str) -> None:
    g = P.plant_no_fit(0)
    P.show(page, server, P.state(g, 0))
    before = page.locator("#board").bounding_box()
    P.say(g, 0, "/harvest 1")                     # blue×3: 0 coins, three cards discarded
    assert g.view(0)["discard_top"] == "blue"
    P.show(page, server, P.state(g, 0))
    assert page.locator("#prog-discard").inner_text().endswith("3")
    assert page.locator("#board").bounding_box()["y"] == before["y"]


def test_game_over_names_the_winner(page: Any, server: str) -> None:
    P.show(page, server, P.state(P.over(), 2))
    assert "Ann won with 3 coins" in page.locator("#winner-line").inner_text()
    assert "Game over: Ann won" in status(page)
    # the coins chart of a one-turn game: a dot per player (a line needs two turns)
    dots = page.locator("#gameover svg.chart circle.series-end")
    assert dots.count() == 3 and all(d.is_visible() for d in dots.all())
    P.show(page, server, P.state(P.over(), 2), lang="ja")
    assert "Annの勝ち" in page.locator("#winner-line").inner_text()


def test_phone_keeps_the_progress_labels_and_the_status_line(browser: Any, server: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    page = ctx.new_page()
    P.show(page, server, P.state(P.trading(), 1))
    for sel in ("#prog-pass small", "#prog-deck small", "#prog-discard small", "#status"):
        assert page.locator(sel).is_visible(), sel
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.mouse.wheel(0, 1500)
    box = page.locator("#status").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844
    ctx.close()


# ------------------------------------------------------------------ screenshots


SHOTS = [("setup", lambda: P.before_start(0)),
         ("plant", lambda: P.state(P.plant_no_fit(3), 0)),
         ("trading", lambda: P.state(P.trading(), 1)),
         ("deal", lambda: P.state(P.dealing(), 1)),
         ("plant-traded", lambda: P.state(P.planting_traded(), 1)),
         ("plan", lambda: P.state(P.two_harvests(), 1)),
         ("setup-bots", lambda: P.before_start_bots(0)),
         ("over", lambda: P.state(P.over(), 0)),
         ("duel-step1", lambda: P.state(g := P.duel("plant_offer"), g.active)),
         ("duel-step3", lambda: P.state(g := P.duel("plant_revealed"), g.active))]


@pytest.mark.parametrize(("w", "h"), [(1400, 900), (1366, 768), (390, 844)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_screenshots(browser: Any, server: str, artifacts: Path, w: int, h: int,
                     lang: str) -> None:
    """What a person sees at each screen size in each language (tests/e2e/artifacts/; a
    looked-at set is kept in docs/screens/)."""
    ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=w < 500,
                              is_mobile=w < 500, locale="ja-JP" if lang == "ja" else "en-US")
    page = ctx.new_page()
    for name, make in SHOTS:
        P.show(page, server, make(), lang=lang)
        page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')"
                               " && [...document.images].every(i => i.complete)")
        page.screenshot(path=str(artifacts / f"{name}-{w}x{h}-{lang}.png"))
    assert page.evaluate("[...window.__bohnanza.missing]") == []
    page.goto(server + "/")
    page.wait_for_selector("#rooms li")
    page.screenshot(path=str(artifacts / f"lobby-{w}x{h}-{lang}.png"))
    page.evaluate("localStorage.removeItem('bohnanza.name')")
    page.goto(server + "/r/e2e-shots")                     # a room link, no name yet
    page.wait_for_selector("#name-input")
    page.screenshot(path=str(artifacts / f"name-{w}x{h}-{lang}.png"))
    ctx.close()
