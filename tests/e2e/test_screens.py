"""Hidden money, the language switch, commands typed in the chat, a phone-sized screen."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from e2e_board import Player, sync
from test_game import open_room

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

    # the Japanese switch changes the text
    phase_en = ann.page.locator(".phase-label").inner_text()
    ann.click("#lang")
    ann.wait("document.documentElement.lang === 'ja'")
    phase_ja = ann.page.locator(".phase-label").inner_text()
    assert phase_ja != phase_en and "フェーズ" in phase_ja
    assert "豆カタログ" in ann.page.locator("#catalogue-box").inner_text()
    assert ann.page.locator("#catalogue-box .card").first.inner_text() != "Blue"
    ann.shot(artifacts / "japanese.png")
    ann.click("#lang")
    ann.wait("document.documentElement.lang === 'en'")

    # the speaker toggle
    ann.click("#speaker")
    assert ann.page.evaluate("window.__bohnanza.S.speaker") is True
    ann.click("#speaker")

    # a phone-sized screen: the board fits the width
    phone = players[1].page
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.wait_for_timeout(200)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, width
    players[1].shot(artifacts / "phone.png")
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


def test_reload_before_start_keeps_seat(server: str, browser: Any) -> None:
    players = open_room(browser, server, "e2e-reload", ["Gus", "Hal"])
    p = players[1]
    p.page.reload()
    p.wait("window.__bohnanza.state.you && window.__bohnanza.state.you.seat === 1")
    assert isinstance(p, Player)
