"""Hidden money, the language switch, commands typed in the chat, a phone-sized screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .e2e_board import Player, drawn, sync
from .test_e2e_game import open_room

pytestmark = pytest.mark.browser


def test_hiddenmoney_language_chat(server: str, browser: Any, artifacts: Path) -> None:
    players = open_room(browser, server, "e2e-hidden", ["Dora", "Emil", "Fay"])
    ann = players[0]
    ann.act(lambda: ann.page.locator("#opt-hiddenmoney").check())
    sync(players)
    assert ann.state()["room"]["options"]["hidden_money"] is True
    ann.act(lambda: ann.click("#btn-start"))
    sync(players)
    v = ann.view()
    active = players[v["active"]]

    # play a little by typing commands in the chat (the same text the board sends)
    line = active.page.locator("#chat-input")
    line.fill("/plant")
    active.act(lambda: line.press("Enter"))
    line.fill("/plant 9")
    reply = active.act(lambda: line.press("Enter"), ok=False)
    assert not reply["ok"]
    active.page.wait_for_selector(".error-bubble")          # the rejection shows where one acted
    active.shot(artifacts / "rejection-message.png")
    # a drag out of turn is refused, with the server's reason where the card was dropped
    other = players[(v["active"] + 1) % 3]
    reply = other.act(lambda: other.drag('#hand .card[data-ref="h1"]', '#fields .field[data-field="2"]'), ok=False)
    assert reply["code"] == "not_your_turn", reply
    other.page.wait_for_selector(".error-bubble")
    line.fill("hello <b>table</b>")
    active.act(lambda: line.press("Enter"))
    sync(players)
    for p in players:
        p.wait("[...document.querySelectorAll('#chat .chat-line')].some(e => e.textContent.includes('<b>table</b>'))")
        assert p.page.locator("#chat b:text('table')").count() == 0   # text, never HTML
    # the command history on the arrow keys
    line.press("ArrowUp")
    assert line.input_value() == "hello <b>table</b>"
    line.press("ArrowUp")
    assert line.input_value() == "/plant 9"
    line.press("ArrowDown")
    line.press("ArrowDown")
    assert line.input_value() == ""

    # hidden money: no coin total anywhere, one's own included
    for p in players:
        for s in p.view()["seats"]:
            assert s["coins"] is None
        coins = p.page.locator("#players .coins").all_inner_texts()
        assert coins and all(not re.search(r"\d", c) for c in coins), coins
        assert "history" not in p.view() or not p.view()["history"]
    ann.shot(artifacts / "hiddenmoney.png")

    # the offer window's buttons (seed 000's table), read from the page's draft
    draft = "JSON.stringify(window.__bohnanza.S.draft)"
    b0 = ann.you()["hand"][0]
    ann.click('#hand .card[data-ref="h1"]')                              # hand left: give
    ann.click('#hand .card[data-ref="h1"]', button="right")              # hand right: want
    ann.click(f'#offer-window .offer-row[data-side="give"] .card[data-bean="{b0}"]', button="right")   # +1
    assert ann.page.evaluate(draft) == f'{{"give":{{"{b0}":2}},"want":{{"{b0}":1}}}}'
    ann.click(f'#offer-window .offer-row[data-side="give"] .card[data-bean="{b0}"]')  # -1
    ann.click(f'#offer-window .offer-row[data-side="want"] .card[data-bean="{b0}"]')  # -1: gone
    ann.click('#catalogue-box .card[data-bean="red"]', button="right")   # catalogue right: give
    ann.click("#catalogue-ask")                                           # '?' left: want '?'
    assert ann.page.evaluate(draft) == f'{{"give":{{"{b0}":1,"red":1}},"want":"?"}}'
    f1 = ann.view()["seats"][ann.you()["seat"]]["fields"][0][0]
    ann.clear_offer()
    ann.click(f'#fields .field[data-field="1"] .card[data-bean="{f1}"]')  # own field left: want
    assert ann.page.evaluate(draft) == f'{{"give":{{}},"want":{{"{f1}":1}}}}'
    ann.clear_offer()

    # the beanometer on hover
    ann.page.hover('#catalogue-box .card[data-bean="blue"]')
    assert ann.page.locator('#catalogue-box .card[data-bean="blue"] .meter').is_visible()
    assert "4" in ann.page.locator('#catalogue-box .card[data-bean="blue"] .meter').inner_text()
    ann.shot(artifacts / "beanometer.png")

    # supply and demand: drag the red arrow onto a hand card
    bean = ann.you()["hand"][1]
    ann.act(lambda: ann.drag(".signal-token.have", '#hand .card[data-ref="h2"]'))
    assert bean in ann.you()["signals"]["have"]
    ann.act(lambda: ann.drag(".signal-token.want", '#catalogue-box .card[data-bean="garden"]'))
    assert "garden" in ann.you()["signals"]["want"]
    sync(players)
    ann.shot(artifacts / "signals.png")
    players[1].shot(artifacts / "signals-seen-by-other.png")

    # the speaker: a new offer is read aloud on the other screens (speech synthesis stubbed)
    emil = players[1]
    emil.page.evaluate("""() => {
        window.__spoken = [];
        const stub = { speak: (u) => window.__spoken.push(u.text), cancel: () => {} };
        Object.defineProperty(window, 'speechSynthesis', { value: stub, configurable: true });
        if (!window.SpeechSynthesisUtterance) window.SpeechSynthesisUtterance = function (text) { this.text = text; };
    }""")
    emil.click("#speaker")
    assert emil.page.evaluate("window.__bohnanza.S.speaker") is True
    ann.click('#hand .card[data-ref="h1"]')                          # a gift from the active player
    ann.act(lambda: ann.click("#offer-send"))
    emil.wait("window.__spoken.length > 0")
    assert "Dora" in emil.page.evaluate("window.__spoken[0]")
    emil.click("#speaker")

    # the Japanese switch changes the text
    phase_en = ann.page.locator("#status").inner_text()
    ann.click("#lang")
    # the page switches at once; the log comes again from the server in Japanese (a replay:
    # S.relog is false once it is in), a round trip later
    ann.wait("document.documentElement.lang === 'ja' && window.__bohnanza.S.relog === false")
    phase_ja = ann.page.locator("#status").inner_text()
    assert phase_ja != phase_en and "フェーズ" in ann.page.locator("#prog-phase").inner_text()
    assert "豆カタログ" in ann.page.locator("#catalogue-box").inner_text()
    assert ann.page.locator("#catalogue-box .card").first.inner_text() != "Blue"
    assert "植えた" in ann.page.locator("#log").inner_text()
    ann.shot(artifacts / "japanese.png")
    ann.click("#lang")
    ann.wait("document.documentElement.lang === 'en'")

    # the idle mark: a person who does nothing for a while is marked on every screen
    fay = players[2]
    fay_seat = fay.you()["seat"]
    ann.wait(f"document.querySelector('#players .panel[data-seat=\"{fay_seat}\"] .mark-idle.on') !== null")
    # activity clears it: every drawing of Ann's panels is looked at (2 s later the server
    # marks Fay idle again, and a wait that polls may look only before and after that)
    ann.page.evaluate("""(seat) => {
      window.__idleOff = false;
      const panel = `#players .panel[data-seat="${seat}"]`;
      new MutationObserver(() => {
        if (document.querySelector(panel) && !document.querySelector(panel + ' .mark-idle.on')) {
          window.__idleOff = true;
        }
      }).observe(document.querySelector('#players'), { childList: true, subtree: true, attributes: true });
    }""", fay_seat)
    fay.page.mouse.move(10, 10)
    fay.page.mouse.move(200, 300)
    ann.wait("window.__idleOff")

    # a spectator sees the board without a hand and without seats' secrets
    ctx = ann.page.context.browser.new_context(viewport={"width": 1200, "height": 900})
    page = ctx.new_page()
    page.goto(server + "/")
    page.fill("#lobby-name", "Watcher")
    page.fill("#lobby-room", "e2e-hidden")
    page.click("#lobby-open")
    page.wait_for_function("window.__bohnanza && window.__bohnanza.state.view !== null")
    spectator = Player(page, "Watcher")
    assert spectator.view()["you"] is None
    assert page.locator("#hand").is_hidden() and page.locator("#market").is_visible()
    page.screenshot(path=str(artifacts / "spectator.png"), full_page=True)
    assert not spectator.errors, spectator.errors
    ctx.close()

    # a phone-sized screen: the board fits the width
    phone = players[1].page
    phone.set_viewport_size({"width": 390, "height": 844})
    drawn(phone)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, width
    players[1].shot(artifacts / "phone.png")
    # no right button on a phone: the swap switch makes a tap act as one
    emil = players[1]
    emil.clear_offer()
    emil.click("#swap-buttons")
    b1 = emil.you()["hand"][0]
    emil.click('#hand .card[data-ref="h1"]')
    assert emil.page.evaluate("JSON.stringify(window.__bohnanza.S.draft)") == f'{{"give":{{}},"want":{{"{b1}":1}}}}'
    emil.click("#swap-buttons")
    emil.clear_offer()
    for p in players:
        assert not p.errors, p.errors


def test_lobby_lists_rooms(server: str, browser: Any, artifacts: Path) -> None:
    ctx = browser.new_context(viewport={"width": 900, "height": 700})
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#rooms li a")
    assert page.locator("#rooms li a").count() >= 1
    page.screenshot(path=str(artifacts / "lobby.png"), full_page=True)
    ctx.close()
    # the language follows the browser by default
    ctx = browser.new_context(viewport={"width": 900, "height": 700}, locale="ja-JP")
    page = ctx.new_page()
    page.goto(server + "/")
    page.wait_for_selector("#rooms li a")
    assert "ルーム一覧" in page.inner_text("body")
    ctx.close()


def test_reload_before_start_keeps_seat(server: str, browser: Any) -> None:
    players = open_room(browser, server, "e2e-reload", ["Gus", "Hal"])
    p = players[1]
    p.page.reload()
    p.wait("window.__bohnanza.state.you && window.__bohnanza.state.you.seat === 1")
    assert isinstance(p, Player)
