"""What a screen reader says by itself (a screen reader player's trial): the status line (whose
turn, what to do), the news at the top (a harvest's coins, the cards drawn) and one line of
its own for an offer this person may newly accept and a deal done; not every line of the game
log (every bot's plant, offer and withdrawal was read out, each harvest twice), not a bot's
wait counted down each second.

The states are the real engine's (tests/e2e/positions.py) on the sample board; the log lines
are the server's own, in its words (positions.log_entries).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from . import positions as P
from .e2e_board import drawn, watched_page

pytestmark = pytest.mark.browser

# the text of every live region: what assistive technology reads when it changes (role log
# and status are live by themselves; aria-live="off" takes that away)
SPOKEN = """() => [...document.querySelectorAll('[aria-live], [role=status], [role=log], [role=alert]')]
  .filter(e => e.getAttribute('aria-live') !== 'off' && !e.parentElement.closest('[aria-live], [role=status], [role=log], [role=alert]'))
  .map(e => e.textContent).join('\\n')"""


@pytest.fixture(scope="module")
def board(browser: Any) -> Any:
    with watched_page(browser, viewport={"width": 1400, "height": 900}, locale="en-US") as b:
        yield b


def said(page: Any) -> list[str]:
    return list(page.evaluate("[...document.querySelectorAll('#said > *')].map(e => e.textContent)"))


def feed(page: Any, entries: list[dict[str, Any]]) -> None:
    page.evaluate("es => window.__bohnanza.log({type: 'log', entries: es})", entries)
    drawn(page)


def test_an_offer_to_take_is_said_once(page: Any, server: str) -> None:
    g = P.game(phase="trade", face_up=["red"], seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["stink"]}])
    P.show(page, server, P.state(g, 1))                       # Bob, no offers yet
    assert said(page) == []
    P.say(g, 0, "/offer red for chili")                       # Ann's face-up Red for a Chili
    page.evaluate("m => window.__bohnanza.push(m)", P.state(g, 1))
    drawn(page)
    assert said(page) == ["Offer #1 from Ann: you give 1 Chili, you get 1 Red. You may accept it."]
    P.say(g, 2, "/offer stink for red")                       # Cleo's, to Ann: not for Bob
    page.evaluate("m => window.__bohnanza.push(m)", P.state(g, 1))
    drawn(page)
    assert len(said(page)) == 1


def test_a_deal_is_said_and_the_log_is_not(page: Any, server: str) -> None:
    g = P.dealing()                    # Ann and Bob: Bob owes a Chili, Ann's Red goes by itself
    P.show(page, server, P.state(g, 2))                        # Cleo watches the deal
    entries = P.log_entries(g, "/provide h1", 1, 2, "en")
    assert any(e["kind"] == "deal_done" for e in entries)
    feed(page, entries)
    deal = next(e["text"] for e in entries if e["kind"] == "deal_done")
    assert said(page) == [deal]
    # Ann's turn goes on: her plants are in the log, and read by nobody (the status line says
    # what the table waits for)
    P.show(page, server, P.state(P.plant_first(), 2))
    g2 = P.plant_first()
    plant = P.log_entries(g2, "/plant", 0, 2, "en")
    feed(page, plant)
    text = plant[0]["text"]
    assert text in page.locator("#log").inner_text()
    assert text not in page.evaluate(SPOKEN)


def test_a_bots_countdown_is_not_read_out(page: Any, server: str) -> None:
    g = P.trading()
    msg = P.state(g, 1)
    ann = msg["room"]["seats"][0]
    msg["room"]["now"] = time.time()
    ann.update(bot=True, policy="easy", doing="waiting", waits_until=time.time() + 30)
    P.show(page, server, msg)
    page.wait_for_selector(".doing-mark")
    assert page.locator(".doing-mark").inner_text() not in page.evaluate(SPOKEN)
    assert "waits for offers" in page.locator(".doing-mark").inner_text()


def test_the_status_line_is_read(page: Any, server: str) -> None:
    P.show(page, server, P.state(P.plant_first(), 0))
    assert "Your turn: plant Chili" in page.evaluate(SPOKEN)


def test_each_side_column_has_a_name_of_its_own(page: Any, server: str) -> None:
    """The two side columns were two landmarks of one kind without a name (axe-core:
    landmark-unique): a screen reader's list of regions read "complementary" twice."""
    for lang in ("en", "ja"):
        P.show(page, server, P.state(P.trading(), 1), lang=lang)
        names = page.evaluate("[...document.querySelectorAll('aside')].map(a => a.id + ':' + "
                              "(a.getAttribute('aria-label') || document.getElementById("
                              "a.getAttribute('aria-labelledby'))?.textContent || ''))")
        assert len(names) == 2 and all(n.split(":")[1] for n in names), names
        assert len({n.split(":")[1] for n in names}) == 2, names


def test_a_card_says_its_count_and_its_tab(page: Any, server: str) -> None:
    """A card that is a control was named by its bean alone: a field's "2" (how many beans
    grow there), the front card's "next" and a face-up card's place went unsaid."""
    g = P.game(phase="trade", face_up=["red", "blue"], seats=[
        {"hand": ["chili", "soy"], "fields": [["blue", 2], ["garden", 1]]}, {}, {}])
    P.show(page, server, P.state(g, 0))
    for name, where in [("2 × Blue", '#fields .field[data-field="1"]'),
                        ("1 × Garden", '#fields .field[data-field="2"]'),
                        # a hand card: its place and role too (watch18: two Chili in a hand
                        # were both "Chili")
                        ("Chili, card 1 of 2, next to plant", "#hand"), ("Soy, card 2 of 2", "#hand"),
                        ("Red, face-up 1", "#faceup"), ("Blue, face-up 2", "#faceup")]:
        assert page.locator(where).get_by_role("button", name=name, exact=True).count() == 1, name
    P.show(page, server, P.state(P.dealing(), 1))          # Bob picks one of his two Chili
    page.locator('#hand .card[data-ref="h3"]').click()
    pressed = page.evaluate("[...document.querySelectorAll('#hand .card')]"
                            ".map(c => c.getAttribute('aria-pressed'))")
    assert pressed == ["false", "false", "true"]          # hand 3 is picked, and says so


def test_a_chat_line_is_said_and_the_old_ones_are_not(page: Any, server: str) -> None:
    """A connection gets the room's last chat lines again (replay): the chat was a live
    region, so every reconnection read out up to 50 old lines."""
    P.show(page, server, P.state(P.trading(), 1))
    old = [{"type": "chat", "name": "Cleo", "seat": 2, "text": f"old line {i}", "replay": True}
           for i in range(5)]
    for m in old + [{"type": "chat", "name": "Ann", "seat": 0, "text": "Chili anyone?"}]:
        page.evaluate("m => window.__bohnanza.chat(m)", m)
    drawn(page)
    assert "old line 4" in page.locator("#chat").inner_text()
    assert "old line" not in page.evaluate(SPOKEN)
    assert said(page) == ["Ann: Chili anyone?"]


# what the live regions receive (a MutationObserver on the page): after each change, the whole
# text of every live region something was added to, as a screen reader reads it
HEAR = """() => { window.__heard = []; const live = '[aria-live], [role=status], [role=log], [role=alert]';
  if (window.__ear) window.__ear.disconnect();
  window.__ear = new MutationObserver((ms) => { const hit = new Set();
    for (const m of ms) for (const n of m.addedNodes) {
      const el = n.nodeType === 1 ? n : n.parentElement; const r = el && el.closest(live);
      if (r && !r.closest('[aria-live=off]')) hit.add(r); }
    for (const r of hit) if (r.textContent.trim()) window.__heard.push(r.textContent.trim()); });
  window.__ear.observe(document.body, { subtree: true, childList: true, characterData: true }); }"""

# push the states one by one, 50 ms apart (a fast bot's pace), each in a task of its own;
# window.__shown: the status line after each
PUSH = """ms => new Promise((done) => { window.__shown = []; const next = (i) => {
  if (i === ms.length) { done(); return; }
  window.__bohnanza.push(ms[i]); window.__shown.push(document.getElementById('status').textContent);
  setTimeout(() => next(i + 1), 50); }; next(0); })"""


def test_a_bots_turn_is_one_status_line_not_five(page: Any, server: str) -> None:
    """A bot's turn seen by Bob (a screen reader player's trial): the status line changed with
    each of the bot's moves and was read each time, 4-5 lines in a second ("Ann is planting.",
    "Ann may plant a second card.", "Ann is trading...", the offer, phase 3), so nobody heard
    their own turn come. Now a line about another seat's play is said once it stands; the
    lines the table passed through at once are not said; the line that asks Bob to act is said
    at once, and once."""
    g = P.game(seats=[{"hand": ["red", "chili", "soy"], "fields": [["soy", 1], ["red", 1]]},
                      {"hand": ["blue", "green"]}, {"hand": ["stink"]}], deck=["soy"] * 30)
    P.show(page, server, P.state(g, 1))
    states: list[dict[str, Any]] = []
    while g.active == 0:                   # Ann's whole turn, move by move, as a bot plays it
        you = g.view(0)["you"]
        if you["waiting_for"] == "plant":
            P.say(g, 0, "/plant" if not states else "/done")      # one card, then End planting
        elif you["waiting_for"] == "plant_traded":
            bean = you["to_plant"][0]
            P.say(g, 0, f"/plant {bean} {you['plant_traded_fields'][bean][0]}")
        else:
            P.say(g, 0, "/done")                                   # End trading
        states.append(P.state(g, 1))
    page.evaluate(HEAR)
    # the bot's moves come one after the other, each a message of its own (a task apart: a
    # screen reader hears what the page shows between two tasks)
    page.evaluate(PUSH, states)
    shown = page.evaluate("window.__shown")
    assert shown[-1].startswith("Your turn: plant Blue"), shown
    assert len(set(shown)) >= 4, shown                    # the table went through 4 lines or more
    page.wait_for_function("window.__heard.some(t => t.startsWith('Your turn'))")
    drawn(page)
    heard = [t for t in page.evaluate("window.__heard") if t in shown]
    assert heard == [shown[-1]], heard
    # the same state again (a redraw, an idle mark): nothing said again
    page.evaluate("m => window.__bohnanza.push(m)", states[-1])
    drawn(page)
    assert [t for t in page.evaluate("window.__heard") if t in shown] == [shown[-1]]


def test_another_seats_line_is_said_once_it_stands(page: Any, server: str) -> None:
    """The line about another seat's play that stays (the bot waits for offers) is said,
    once, after the ones it passed through, and the same line drawn again is not said again."""
    g = P.plant_first()
    P.show(page, server, P.state(g, 1))
    page.evaluate(HEAR)
    states: list[dict[str, Any]] = []
    for text in ["/plant", "/done"]:
        P.say(g, 0, text)
        states.append(P.state(g, 1))
    page.evaluate(PUSH, states)
    trade = page.locator("#status").inner_text().strip()
    assert trade.startswith("Ann is trading"), trade
    page.wait_for_function("t => window.__heard.includes(t)", arg=trade)
    for _ in range(3):
        page.evaluate("m => window.__bohnanza.push(m)", states[-1])
    drawn(page)
    heard = page.evaluate("window.__heard")
    assert heard.count(trade) == 1 and not any(t.startswith("Ann may plant") for t in heard), heard


def test_my_turn_coming_back_is_said_though_the_same_words(page: Any, server: str) -> None:
    """Ann heard "Your turn: plant Chili"; the other seats' turns went by faster than a line
    settles (bots at /option botspeed fast), so none of their lines was said; her next turn
    asked the same words (a Chili in front again) and was not said at all, as if it were the
    same line drawn again: she waited for a turn that had come."""
    mine = P.state(P.plant_first(), 0)
    others = P.state(P.game(active=1, seats=[{"hand": ["chili", "red"]}, {"hand": ["blue"]}, {}]), 0)
    P.show(page, server, mine)
    turn = page.locator("#status").inner_text().strip()
    assert turn.startswith("Your turn: plant Chili"), turn
    page.wait_for_function("t => document.getElementById('status-said').textContent === t", arg=turn)
    page.evaluate(HEAR)
    page.evaluate(PUSH, [others, mine])
    shown = page.evaluate("window.__shown")
    assert shown[0] != turn and shown[-1] == turn, shown
    page.wait_for_function("t => window.__heard.includes(t)", arg=turn)
    # drawn again with nothing between: not said again
    page.evaluate("m => window.__bohnanza.push(m)", mine)
    drawn(page)
    assert page.evaluate("window.__heard").count(turn) == 1


def _live(page: Any, selector: str) -> dict[str, Any]:
    """What Chromium tells a screen reader of the live region ``selector`` (its
    accessibility node's live, atomic and relevant properties)."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        backend = cdp.send("DOM.describeNode", {"nodeId": node})["node"]["backendNodeId"]
        ax = cdp.send("Accessibility.getPartialAXTree",
                      {"backendNodeId": backend, "fetchRelatives": False})["nodes"][0]
    finally:
        cdp.detach()
    return {p["name"]: p["value"].get("value") for p in ax.get("properties", [])}


def test_a_new_line_is_said_alone_not_with_the_lines_before(page: Any, server: str) -> None:
    """A keyboard player's trial: the line of its own (#said) keeps the last three lines, and
    a role=status region is atomic by itself: with each new line a screen reader read the whole
    region again, so three offers in a row were six lines heard. The region tells it to read
    what was added."""
    g = P.game(phase="trade", face_up=["red", "blue"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili", "green"]}, {"hand": ["stink"]}])
    P.show(page, server, P.state(g, 1))
    for text in ["/offer red for chili", "/offer blue for green", "/offer red for green"]:
        P.say(g, 0, text)
        page.evaluate("m => window.__bohnanza.push(m)", P.state(g, 1))
        drawn(page)
    assert len(said(page)) == 3
    live = _live(page, "#said")
    assert live.get("live") == "polite" and live.get("atomic") is False, live
    assert "additions" in str(live.get("relevant")), live


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_seats_fields_are_named_as_that_seats(page: Any, server: str, lang: str) -> None:
    """A keyboard player's trial: the fields in Ann's panel were a toolbar named "Ann: Your
    fields" (the own fields box's "Your fields"), read to Bob as if they were his."""
    P.show(page, server, P.state(P.trading(), 1), lang=lang)
    names = page.evaluate("[...document.querySelectorAll('#players [role=toolbar]')]"
                          ".map(e => e.getAttribute('aria-label'))")
    want = {"en": ["Ann: fields", "Bob: fields", "Cleo: fields"],
            "ja": ["Annの畑", "Bobの畑", "Cleoの畑"]}[lang]
    assert names == want, names
