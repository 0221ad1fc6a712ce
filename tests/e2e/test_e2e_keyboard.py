"""A player without a mouse (a keyboard player's trial): the focus across the board's redraws,
its ring on every card, the hand row kept in place, the name gate and the harvest question.

A press sends a command; the server's next state redraws the part it was in. The sample board
takes that state as the server pushes it (``window.__bohnanza.push``: the page keeps its focus
and local state), so each test presses a control by keyboard and pushes what the server would
send after that command. What is expected is what a keyboard player expects: the focus on the
same control when it is still there, never on another control (the next Enter would do what
nobody asked), never on the page's body (the next Tab starts again at the top).
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import FOCUSED, drawn, press, push, watched_page

pytestmark = pytest.mark.browser

@pytest.fixture(scope="module")
def board(browser: Any) -> Any:
    with watched_page(browser, viewport={"width": 1400, "height": 900}, locale="en-US") as b:
        yield b


def test_add_bot_keeps_the_focus_on_add_bot(page: Any, server: str) -> None:
    """A seat's Remove button comes before Add bot: the focus stayed at its place in the box,
    on Leave seat, and a second Enter for a second bot left the table."""
    P.show(page, server, P.before_start(0))
    press(page, "#btn-addbot")
    # the picker starts on easy, the server's default_policy: /addbot alone seats it
    assert page.evaluate("window.__bohnanza.sent") == ["/addbot"]
    assert push(page, P.before_start_bots(0)) == "#btn-addbot"


def test_withdraw_never_leaves_the_focus_on_another_offers_accept(page: Any, server: str) -> None:
    g = P.trading()                    # Ann's #1 (Withdraw), Bob's #2 (Accept), Cleo's #3
    P.show(page, server, P.state(g, 0))
    press(page, '#market .offer[data-offer="1"] .withdraw-btn')
    assert page.evaluate("window.__bohnanza.sent") == ["/withdraw 1"]
    P.say(g, 0, "/withdraw 1")
    assert push(page, P.state(g, 0)) == "#market"         # the box it was in, nothing pressed
    page.keyboard.press("Tab")                               # and Tab goes on inside it
    assert page.evaluate("document.activeElement.closest('#market') !== null")


def test_accept_keeps_the_focus_on_the_same_offers_button(page: Any, server: str) -> None:
    """An offer's button drawn anew is the same control: the focus stays on it."""
    g = P.trading()
    P.show(page, server, P.state(g, 1))                      # Bob may accept #1
    press(page, '#market .offer[data-offer="1"] .accept-btn')
    P.say(g, 2, "/offer stink for red")                       # another state, #1 still open
    push(page, P.state(g, 1))
    assert page.evaluate("document.activeElement.matches("
                         "'#market .offer[data-offer=\"1\"] .accept-btn')")


@pytest.mark.parametrize(("before", "control", "after"), [
    (lambda: P.before_start(0), "#btn-start", lambda: P.state(P.plant_first(), 0)),
    (lambda: P.state(P.trading(), 0), "#phase-btn",
     lambda: P.state(P.planting_traded(), 0)),                   # End trading: no button then
    (lambda: P.state(P.dealing(), 1), "#deal-cancel", lambda: P.state(P.trading(), 1)),
], ids=["start", "end-trading", "deal-gone"])
def test_a_control_that_goes_leaves_the_focus_on_the_page(page: Any, server: str, before: Any,
                                                          control: str, after: Any) -> None:
    """Start, End trading, a deal's window: the control and its box go with the redraw. The
    focus goes to the status line, which says what to do now, not to the body."""
    P.show(page, server, before())
    press(page, control)
    assert push(page, after()) == "#status"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement !== document.body")


def test_end_planting_never_leaves_the_focus_on_end_trading(page: Any, server: str) -> None:
    """A keyboard player's trial (a whole game by keys): End planting is drawn anew as End
    trading, the same place and id; the focus stayed on it, and a second Enter (or a key that
    bounced) ended the trade before any offer (R32). The focus goes to the status line, which
    says what the trade asks (not to the button's frame, read as the button): nothing pressed,
    and one Tab reaches End trading."""
    g = P.plant_second()                                    # Ann planted one card (R26)
    P.show(page, server, P.state(g, 0))
    press(page, "#phase-btn")
    assert page.evaluate("window.__bohnanza.sent") == ["/done"]
    P.say(g, 0, "/done")                                    # phase 2: End trading
    assert push(page, P.state(g, 0)) == "#status"
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "#phase-btn"
    assert page.locator("#phase-btn").inner_text().strip() == "End trading"
    assert page.evaluate("window.__bohnanza.sent") == ["/done"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_phase_3s_line_names_the_button_that_plants_by_keys(page: Any, server: str,
                                                             lang: str) -> None:
    """A keyboard player's trial: phase 3's status line (what a screen reader says) told to
    "drag each to a field", which no key does; the button that plants by keys went unnamed
    (phase 1's line names its button). Each line of phase 3 on a laptop names Plant here."""
    to_plant = [(["chili", "green"], [["chili", 1], None]),            # both fit
                (["chili"], [["chili", 1], None]),                     # one card
                (["chili", "chili", "green"], [["chili", 1], ["blue", 2]]),  # Green fits none
                (["chili", "green", "green"], [["chili", 1], ["blue", 2]])]
    for cards, fields in to_plant:
        for advice in (True, False):
            msg = P.state(P.game(phase="plant_traded", seats=[
                {}, {"to_plant": cards, "fields": fields}, {}]), 1)
            if not advice:
                msg["view"]["you"]["plant_advice"] = None
            P.show(page, server, msg, lang=lang)
            button = page.locator("#fields .plant-here").first.inner_text().strip()
            line = page.locator("#status").inner_text()
            assert button in line, (cards, advice, button, line)


def _phase_3_with_a_hand() -> Any:
    """Phase 3: Bob plants Chili and Green with two cards in hand."""
    return P.game(phase="plant_traded", seats=[
        {}, {"hand": ["soy", "red"], "to_plant": ["chili", "green"], "fields": [["chili", 1], None]}, {}])


@pytest.mark.parametrize(("make", "seat"), [(P.dealing, 1), (_phase_3_with_a_hand, 1)],
                         ids=["deal", "phase-3"])
def test_tab_goes_through_the_middle_as_it_is_seen(page: Any, server: str, make: Any,
                                                   seat: int) -> None:
    """A keyboard player's trial at 1400 px: the hand stands beside the face-up cards, the deal
    window and the to-plant row below them, but Tab went from the face-up cards down to the deal
    window and the to-plant row, then back up to the hand (Bob picked his Chili in the hand and
    Hand over stood behind him). The boxes of the middle column come in the order they are seen:
    top to bottom, left to right in a row (WCAG 2.4.3)."""
    P.show(page, server, P.state(make(), seat))
    page.locator("#topbar .brand").focus()
    boxes: list[str] = []
    for _ in range(80):
        page.keyboard.press("Tab")
        box = page.evaluate("""() => { const b = document.activeElement.closest(
            '#market, #faceup, #hand, #deal-window, #to-plant, #offer-window, #fields');
            return b ? b.id : (document.activeElement.closest('#right') ? 'right' : ''); }""")
        if box == "right":
            break
        if box and (not boxes or boxes[-1] != box):
            boxes.append(box)
    seen = page.evaluate("""ids => ids.map(i => { const r = document.getElementById(i)
        .getBoundingClientRect(); return [Math.round(r.top), Math.round(r.left), i]; })""", boxes)
    # a row's boxes share their top within a few pixels
    order = sorted(seen, key=lambda s: (round(s[0] / 20), s[1]))
    assert boxes == [s[2] for s in order], seen
    assert "hand" in boxes and ("deal-window" in boxes or "to-plant" in boxes), boxes


@pytest.mark.parametrize(("make", "seat"), [(P.trading, 0), (_phase_3_with_a_hand, 1),
                                             (P.dealing, 1)],
                         ids=["trade", "phase-3", "deal"])
def test_tab_goes_down_a_phone_as_it_is_seen(browser: Any, server: str, make: Any,
                                             seat: int) -> None:
    """A keyboard player's trial at 390 px (one column): Tab went from the seats down past the
    bean catalogue to Supply & demand, then back up to the market. The boxes come in the order
    they are seen, top to bottom (WCAG 2.4.3). During a deal the phone shows the face-up
    cards, the hand and the deal window above the market: the market came first all the same,
    every offer before the cards the deal asks for (board17: it follows the deal window)."""
    with watched_page(browser, viewport={"width": 390, "height": 844}, has_touch=True,
                      is_mobile=True) as (pg, errors):
        P.show(pg, server, P.state(make(), seat))
        pg.locator("#topbar .brand").focus()
        boxes: list[str] = []
        for _ in range(80):
            pg.keyboard.press("Tab")
            box = pg.evaluate("""() => { const e = document.activeElement;
                if (e.closest('#topbar')) return 'top';
                const b = e.closest('#players, #signals, #market, #faceup, #hand, #deal-window, '
                  + '#to-plant, #offer-window, #fields, #catalogue-box, .chat-box, .log-box');
                return b ? (b.id || b.className.split(' ')[1]) : ''; }""")
            if box == "top" and boxes:
                break
            if box and box != "top" and (not boxes or boxes[-1] != box):
                boxes.append(box)
        tops = pg.evaluate("""bs => bs.map(b => Math.round((document.getElementById(b)
            || document.querySelector('.' + b)).getBoundingClientRect().top + scrollY))""", boxes)
        assert tops == sorted(tops), list(zip(boxes, tops, strict=True))
        assert "signals" in boxes and "hand" in boxes, boxes
        assert not errors


def test_a_marker_says_the_keys_way_and_takes_it(page: Any, server: str) -> None:
    """A keyboard player's trial: the have/want markers were named "I have (drag onto a card)",
    a way no key has; the keys' way (the marker, then a card) works and is now in its name."""
    P.show(page, server, P.state(P.trading(), 1))
    _tab_into(page, ".signal-token.have")
    name = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert name.startswith("I have: press it, then a card"), name
    page.keyboard.press("Enter")
    _tab_into(page, "#catalogue-box .card.cat")
    page.keyboard.press("Enter")
    assert page.evaluate("window.__bohnanza.sent") == ["/have blue"]


@pytest.mark.parametrize(("seat", "lang"), [(0, "en"), (1, "en"), (1, "ja")])
def test_the_offer_help_names_the_right_buttons_key(page: Any, server: str, seat: int,
                                                    lang: str) -> None:
    """A keyboard player's trial: the offer window's help said "right-click: the other way"
    and nothing of the key that does it (Shift+Enter on a card), so a keyboard player never
    learnt how to ask for a bean they hold, nor to give "any card"."""
    P.show(page, server, P.state(P.trading(), seat), lang=lang)
    _tab_into(page, "#offer-open")
    page.keyboard.press("Enter")
    page.wait_for_selector("#offer-help")
    assert "Shift+Enter" in page.locator("#offer-help").inner_text()
    assert "Shift+Enter" in page.locator("#catalogue-ask-hint").inner_text()
    _tab_into(page, '#hand .card[data-ref="h1"]')
    page.keyboard.press("Shift+Enter")                         # the help's key: "You get"
    assert page.evaluate("JSON.stringify(window.__bohnanza.S.draft.want)") == \
        ('{"soy":1}' if seat == 0 else '{"chili":1}')


def test_plant_here_never_leaves_the_focus_on_harvest(page: Any, server: str) -> None:
    """Phase 3: planting Chili on field 1 takes its Plant here away; the focus stayed at its
    place, on the Harvest button beside it."""
    g = P.planting_traded()            # Bob: Chili and Green to plant, Chili×1 in field 1
    P.show(page, server, P.state(g, 1))
    press(page, '#fields .field[data-field="1"] .plant-here')
    assert page.evaluate("window.__bohnanza.sent") == ["/plant chili 1"]
    P.say(g, 1, "/plant chili 1")
    assert push(page, P.state(g, 1)) == "#fields"


def test_the_focused_card_stays_in_view_in_a_long_hand(page: Any, server: str) -> None:
    """Hand 15 given by Enter: the row was drawn anew scrolled back to its first card, the
    focused card out of view behind the "+3" cue."""
    hand = ["chili", "red", "blue", "soy", "green", "stink", "wax", "coffee", "garden", "cocoa",
            "blackeyed", "chili", "red", "blue", "soy", "green"]
    P.show(page, server, P.state(P.game(phase="trade", seats=[
        {"hand": hand, "fields": [["blue", 2], None]}, {}, {}]), 0))
    card = '#hand .card[data-ref="h15"]'
    press(page, card)
    drawn(page)
    assert page.evaluate(f"document.activeElement.matches({card!r})")
    row = page.locator("#hand .hand").bounding_box()
    box = page.locator(card).bounding_box()
    assert row and box and box["x"] >= row["x"] and box["x"] + box["width"] <= row["x"] + row["width"]


@pytest.mark.parametrize("card", ['#hand .card.front', '#to-plant .card.selected'])
def test_the_focus_ring_shows_on_a_card_with_a_ring_of_its_own(page: Any, server: str,
                                                               card: str) -> None:
    """The front card's yellow ring and a chosen card's blue one took the focus ring's place
    (the same outline): the focus on them could not be seen."""
    P.show(page, server, P.state(P.planting_traded(), 1) if "to-plant" in card
           else P.state(P.plant_first(), 0))
    page.locator("#status").focus()
    for _ in range(60):                                 # by Tab: the ring shows for keys only
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({card!r})"):
            break
    ring = page.evaluate("""c => { const e = document.querySelector(c);
        const on = getComputedStyle(e).outlineColor; e.blur();
        return [on, getComputedStyle(e).outlineColor]; }""", card)
    assert ring[0] == "rgb(21, 101, 192)" and ring[0] != ring[1], ring


def test_harvest_question_gives_the_focus_back(page: Any, server: str) -> None:
    """A harvest for 0 coins asks first (a modal dialog: its buttons hold the focus); No gives
    the focus back to Harvest."""
    P.show(page, server, P.state(P.plant_first(), 0))            # Blue×2 in field 1: 0 coins
    press(page, '#fields .field[data-field="1"] button.harvest')
    page.wait_for_selector("#confirm[open]")
    assert page.evaluate(FOCUSED) == "#confirm-yes"
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == "#confirm-no"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED) == "#confirm-yes"
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm", state="detached")
    assert page.evaluate("document.activeElement.matches("
                         "'#fields .field[data-field=\"1\"] button.harvest')")
    assert page.evaluate("window.__bohnanza.sent") == []


def test_the_name_gate_keeps_tab_inside_it(browser: Any, server: str) -> None:
    """A room's link without a name: Tab went on from the gate to the chat and the log under
    its shade, out of sight; the top bar stays in reach (its status line says what to do)."""
    with watched_page(browser, viewport={"width": 1400, "height": 900}) as (pg, errors):
        pg.goto(server + "/r/e2e-gate-keys")
        pg.wait_for_selector("#name-input:focus")
        seen = []
        for _ in range(12):
            pg.keyboard.press("Tab")
            seen.append(pg.evaluate("document.activeElement.closest('#name-gate, #topbar')"
                                    " ? 'ok' : document.activeElement.id"
                                    " || document.activeElement.tagName"))
        # (past the last control the browser's own bar has the focus: the page says body)
        assert set(seen) <= {"ok", "BODY"} and seen.count("ok") >= 8, seen
        pg.fill("#name-input", "Gil")
        pg.keyboard.press("Enter")
        pg.wait_for_selector("#name-gate", state="hidden")
        pg.wait_for_selector("#chat-input")
        pg.locator("#chat-input").focus()                 # the board is in reach again
        assert pg.evaluate("document.activeElement.id") == "chat-input"
        assert not errors


def test_the_harvest_question_gives_the_focus_back_after_a_redraw(page: Any, server: str) -> None:
    """A state came while the question was open (another player's move): the Harvest button
    that asked was drawn anew, and No left the focus on the body."""
    g = P.plant_first()
    P.show(page, server, P.state(g, 0))
    press(page, '#fields .field[data-field="1"] button.harvest')
    page.wait_for_selector("#confirm[open]")
    later = P.state(g, 0)
    later["view"]["deck_count"] -= 1          # (a card drawn elsewhere: the board drawn anew)
    page.evaluate("m => window.__bohnanza.push(m)", later)
    drawn(page)
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm", state="detached")
    drawn(page)
    assert page.evaluate("document.activeElement.matches("
                         "'#fields .field[data-field=\"1\"] button.harvest')"), \
        page.evaluate(FOCUSED)


def test_a_card_reached_by_key_is_not_under_the_hand_cue(page: Any, server: str) -> None:
    """Phase 2 at 1400 px: the hand stands beside the face-up cards, its last card in part
    out of the row; the key that reached it (then Tab, now the arrow) focused it under the
    "+1" cue, which hid it."""
    P.show(page, server, P.state(P.game(phase="trade", face_up=["red", "blue"], seats=[
        {"hand": ["chili", "red", "blue", "soy", "green", "stink", "wax"],
         "fields": [["blue", 2], None]}, {}, {}]), 0))
    page.locator('#hand .card[data-ref="h6"]').focus()
    page.keyboard.press("ArrowRight")
    drawn(page)
    assert page.evaluate("""() => { const e = document.activeElement, r = e.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return e.dataset.ref === 'h7' && e.contains(top); }""")


def _tab_stops(page: Any) -> list[str]:
    """What Tab focuses from the top of the page round to it again: each a card's place
    (h3: hand 3; u1: face-up 1; f2: my field 2; c:wax: the bean list's Wax) or a control."""
    page.locator("#topbar .brand").focus()
    seen: list[str] = []
    for _ in range(120):
        page.keyboard.press("Tab")
        at = page.evaluate("""() => { const e = document.activeElement;
            if (e.matches('#hand .card')) return e.dataset.ref;
            if (e.matches('#faceup .card')) return e.dataset.ref;
            if (e.matches('#fields .card')) return 'f' + e.closest('[data-field]').dataset.field;
            if (e.matches('#catalogue-box .card')) return 'c:' + e.closest('[data-bean]').dataset.bean;
            if (e.matches('#players .card')) return e.getAttribute('aria-label').split(':')[0] + ': f' + e.dataset.field;
            return e.id || e.className; }""")
        if at == "brand":
            break
        seen.append(at)
    return seen


def _tab_into(page: Any, selector: str) -> None:
    """From the top of the page, Tab until the focus is on ``selector`` (a row's stop)."""
    page.locator("#topbar .brand").focus()
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reaches {selector}")


def test_arrow_keys_move_along_the_hand_and_tab_leaves_it(page: Any, server: str) -> None:
    """A keyboard player's trial: the way past a 7-card hand was seven Tabs, to the catalogue's
    Wax eleven. A row of cards is one stop of Tab; the arrows move along it, Home and End to its
    ends; the row keeps the card last focused across a redraw; Enter still presses it."""
    hand = ["chili", "red", "blue", "soy", "green", "stink", "wax"]
    g = P.game(phase="trade", face_up=["red", "blue"], seats=[
        {"hand": hand, "fields": [["blue", 2], ["soy", 1]]}, {"fields": [["soy", 2], ["red", 1]]}, {}])
    P.show(page, server, P.state(g, 0))
    stops = _tab_stops(page)
    # Bob's two fields in his seat's panel: one stop, the arrow to the next
    assert [s for s in stops if s.startswith("Bob")] == ["Bob: f1"], stops
    _tab_into(page, '#players .mini-fields .card[aria-label^="Bob: Field 1"]')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')").startswith("Bob: Field 2")
    assert [s for s in stops if s[:1] == "h" and s[1:].isdigit()] == ["h1"], stops
    assert [s for s in stops if s.startswith("u")] == ["u1"], stops
    assert [s for s in stops if s in ("f1", "f2")] == ["f1"], stops
    assert len([s for s in stops if s.startswith("c:")]) == 1, stops
    _tab_into(page, '#hand .card[data-ref="h1"]')
    for key, ref in [("ArrowRight", "h2"), ("ArrowRight", "h3"), ("ArrowLeft", "h2"), ("End", "h7"),
                     ("ArrowRight", "h7"), ("Home", "h1"), ("ArrowDown", "h2")]:
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.dataset.ref") == ref, key
    page.keyboard.press("Enter")                              # hand 2, Red, into the offer
    assert page.evaluate("document.activeElement.dataset.ref") == "h2"
    assert "Red" in page.locator("#offer-window").inner_text()
    # a redraw (the next state) keeps the row's stop on the card last focused
    page.evaluate("m => window.__bohnanza.push(m)", P.state(g, 0))
    drawn(page)
    stops = _tab_stops(page)
    assert [s for s in stops if s[:1] == "h" and s[1:].isdigit()] == ["h2"], stops
    # the fields: the arrow goes from field 1's card to field 2's
    _tab_into(page, '#fields .field[data-field="1"] .card')
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.closest('[data-field]').dataset.field") == "2"
    # the bean list: End reaches its last bean
    _tab_into(page, "#catalogue-box .card.cat")
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.closest('[data-bean]').dataset.bean") == \
        page.evaluate("[...document.querySelectorAll('#catalogue-box [data-bean]')].pop().dataset.bean")


def test_shift_tab_never_hides_the_focus_under_the_top_bar_at_200_percent(
        browser: Any, server: str) -> None:
    """At 200% zoom (a 1400 x 900 window shows 700 x 450 CSS px) Shift+Tab up the hand
    scrolled each card to the window's top edge, under the sticky top bar."""
    with watched_page(browser, viewport={"width": 700, "height": 450},
                      device_scale_factor=2) as (pg, errors):
        P.show(pg, server, P.state(P.game(phase="trade", face_up=["red"], seats=[
            {"hand": ["chili", "red", "blue", "soy", "green"], "fields": [["blue", 2], None]},
            {}, {}]), 0))
        pg.locator("#offer-open").focus()
        hidden = []
        # up to the hand (one stop of Tab), then along it by the arrow (test_e2e_keyboard's
        # roving rows); the top bar's own controls stand in it, never under it
        for _ in range(8):
            mine = pg.evaluate("!!document.activeElement.closest('#hand')")
            pg.keyboard.press("ArrowLeft" if mine else "Shift+Tab")
            if pg.evaluate("!!document.activeElement.closest('#topbar')"):
                break
            at = pg.evaluate("""() => { const e = document.activeElement;
                const bar = document.getElementById('topbar').getBoundingClientRect().bottom;
                return [e.dataset.ref || e.id || e.className, e.getBoundingClientRect().top - bar]; }""")
            if at[1] < 0:
                hidden.append(at)
        assert hidden == []
        assert not errors


def _luminance(rgb: str) -> float:
    parts = [int(x) / 255 for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


@pytest.mark.parametrize("control", ["#phase-btn", "#lang", "#sound"])
def test_the_focus_ring_stands_out_in_the_top_bar(page: Any, server: str, control: str) -> None:
    """WCAG 1.4.11: a focus ring at least 3:1 against what surrounds it; the blue ring stood
    2.4:1 against the dark top bar."""
    P.show(page, server, P.state(P.trading(), 0))
    page.locator("#topbar .brand").focus()
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({control!r})"):
            break
    assert page.evaluate(f"document.activeElement.matches({control!r} + ':focus-visible')")
    ring, bar = page.evaluate("""c => [getComputedStyle(document.querySelector(c)).outlineColor,
        getComputedStyle(document.getElementById('topbar')).backgroundColor]""", control)
    a, b = sorted([_luminance(ring), _luminance(bar)], reverse=True)
    assert (a + 0.05) / (b + 0.05) >= 3, (ring, bar)


def test_own_offer_again_and_withdraw_by_keyboard_after_a_reload(page: Any, server: str) -> None:
    """A keyboard player's trial: after a reload the offer window is empty, and the only way
    to bring one's own offer back into it (to send it again, changed or not) was a click on
    the offer. Its Offer again button does it, and the focus goes on to Send; Withdraw too."""
    from .test_e2e_explains import tab_to
    P.show(page, server, P.state(P.trading(), 0))       # a page opened anew: no draft
    page.locator("#topbar .brand").focus()
    tab_to(page, '#market .offer[data-offer="1"] .reoffer-btn')
    assert page.locator('#market .offer[data-offer="1"] .reoffer-btn').get_attribute("title") == \
        "Offer #1 into the offer window: change it there and send it as a new offer"
    page.keyboard.press("Enter")
    drawn(page)
    assert page.evaluate(FOCUSED) == "#offer-send"
    assert page.evaluate("JSON.stringify(window.__bohnanza.S.draft)") == \
        '{"give":{"red":1},"want":{"chili":1},"to":null}'
    page.keyboard.press("Enter")
    assert page.evaluate("window.__bohnanza.sent") == ["/offer red for chili"]
    page.locator("#topbar .brand").focus()
    tab_to(page, '#market .offer[data-offer="1"] .withdraw-btn')
    page.keyboard.press("Enter")
    assert page.evaluate("window.__bohnanza.sent")[-1] == "/withdraw 1"
    # another's offer has none (Bob's #2: Accept), nor a watcher's view
    assert page.locator('#market .offer[data-offer="2"] .reoffer-btn').count() == 0
    P.show(page, server, P.state(P.trading(), None))
    assert page.locator("#market .reoffer-btn").count() == 0
