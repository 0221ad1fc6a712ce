"""Small board texts a player reads (watch18): a bot's level in Japanese as the server says it
("かんたんボット", no brackets nested in brackets); a watcher of a finished game told that a
seat of the next game is free; the hand's cards named apart by place and role, as the
browser computes their accessible names.

Expected texts come from the server's wording (commands/texts.py who.bot: "{policy}ボット"),
rules.md and the brief, never from what the page printed. The states are built by the real
engine (tests/e2e/positions.py).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, status, watched_page

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def laptop(browser: Any) -> Any:
    with watched_page(browser, viewport={"width": 1366, "height": 900}, locale="en-US") as b:
        yield b


@pytest.fixture()
def page(laptop: Any) -> Any:
    pg, errors = laptop
    yield pg
    assert_clean(pg, errors)


def _with_bots(msg: dict[str, Any]) -> dict[str, Any]:
    """Bob's seat handed to a normal bot while he is away, Cleo's seat a bot's own (easy)."""
    seats = msg["room"]["seats"]
    seats[1].update(bot=True, policy="normal", level="normal", away_since=time.time() - 30)
    seats[2].update(bot=True, policy="greedy", level="easy")
    return msg


def test_a_bots_level_reads_as_the_server_says_it_in_japanese(page: Any, server: str) -> None:
    """The Japanese tooltip read "離席中。戻るまでボット（ふつう）が代わりにプレイ", a bracket in a
    sentence the away mark's brackets sit beside; the server says a level "{p}ボット"
    (commands/texts.py who.bot, who.bot_for: "ふつうボット", "かんたんボット")."""
    P.show(page, server, _with_bots(P.state(P.trading(), 0)), lang="ja")
    bob = page.locator('#players .panel[data-seat="1"] .bot-mark')
    cleo = page.locator('#players .panel[data-seat="2"] .bot-mark')
    assert bob.get_attribute("title") == "離席中。戻るまでふつうボットが代わりにプレイ"
    assert bob.inner_text().strip() == "ふつうボットが代理"
    assert cleo.get_attribute("title") == "かんたんボットがこの席をプレイ中"
    assert cleo.inner_text().strip() == "かんたん"          # the badge's word alone, as before
    marks = page.locator(".bot-mark").evaluate_all(
        "es => es.map(e => e.title + ' ' + e.textContent)")
    assert marks and not any("（" in m or "(" in m for m in marks), marks
    P.show(page, server, _with_bots(P.state(P.trading(), 0)), lang="en")   # English unchanged
    assert bob.get_attribute("title") == "Away; a bot (normal) plays until they are back"
    assert cleo.get_attribute("title") == "A bot plays this seat (easy)"


OVER_EN = "Game over: Ann won with 3 coins."
OVER_JA = "ゲーム終了: Annの勝ち（3ターラー）。"


@pytest.mark.parametrize(("lang", "over", "hint"), [
    ("en", OVER_EN, " A seat is free for the next game: Take a seat to play it."),
    ("ja", OVER_JA, "次のゲームの席が空いています。「参加する」で着席できます。")])
def test_a_watcher_of_a_finished_game_learns_a_seat_is_free(page: Any, server: str, lang: str,
                                                             over: str, hint: str) -> None:
    """Three of five seats (classic: 3-5 players, rules.md §4a) after the game: the server
    seats a /join for the next game (room/commands.py join); the watcher read only "Game over:
    Ann won…". With every seat taken, or for a seated player, the line stays as it was."""
    P.show(page, server, P.state(P.over(), None), lang=lang)
    assert status(page) == over + hint
    assert page.locator("#btn-join").is_visible()          # the button the line names
    full = P.state(P.over(), None)
    full["room"]["start_seats"] = full["room"]["max_players"]
    P.show(page, server, full, lang=lang)
    assert status(page) == over
    P.show(page, server, P.state(P.over(), 0), lang=lang)
    assert status(page) == over


def _ax_names(page: Any, selector: str) -> list[str]:
    """The accessible names Chromium computes (its accessibility tree) for ``selector``."""
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        ids = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": selector})["nodeIds"]
        names = []
        for node in ids:
            ax = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})
            names.append(ax["nodes"][0]["name"]["value"])
        return names
    finally:
        cdp.detach()


@pytest.mark.parametrize(("lang", "want"), [
    ("en", ["Chili, card 1 of 4, next to plant", "Soy, card 2 of 4", "Chili, card 3 of 4",
            "Chili, card 4 of 4"]),
    ("ja", ["紅花インゲン、手札4枚中1枚目、次に植える", "大豆、手札4枚中2枚目",
            "紅花インゲン、手札4枚中3枚目", "紅花インゲン、手札4枚中4枚目"])])
def test_the_hands_cards_are_named_apart(page: Any, server: str, lang: str,
                                         want: list[str]) -> None:
    """Three Chili in a hand were three buttons named "Chili" (the front one "Chili, next"): a
    screen reader could not tell which is planted next (R9: the front card first) nor which one
    a press picks."""
    g = P.game(phase="trade", face_up=["red", "blue"], seats=[
        {"hand": ["chili", "soy", "chili", "chili"], "fields": [["blue", 2], ["garden", 1]]}, {}, {}])
    P.show(page, server, P.state(g, 0), lang=lang)
    names = _ax_names(page, "#hand .card")
    assert names == want
    assert len(set(names)) == len(names)
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document,
        { resultTypes: ['violations'] })).violations.filter(v => ['serious', 'critical']
        .includes(v.impact)).map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')))""")
    assert found == []
