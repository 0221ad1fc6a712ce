"""Bot levels on the board (issue 15): the picker seats an ``easy``, ``normal`` or ``hard`` bot,
every bot seat shows its level, the bot speed is picked before the start, and while the game
waits for a bot its panel says what it does ("Bert is thinking…", "… waits for offers…"),
from the server's ``SeatInfo.doing`` (the board guesses nothing).

Every control sends the command text the chat would (checked in ``window.__bohnanza.sent``).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from .e2e_board import Player
from .test_e2e_bots import Solo, close, sent
from .test_e2e_game import open_room

pytestmark = pytest.mark.browser

# every doing mark the page ever shows, however briefly (the bots act within milliseconds)
WATCH = """() => {
  window.__doing = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (!(n instanceof Element)) continue;
      const marks = n.matches('.doing-mark') ? [n] : [...n.querySelectorAll('.doing-mark')];
      for (const m of marks) {
        const panel = m.closest('.panel');
        window.__doing.push({ seat: panel ? panel.dataset.seat : null, doing: m.dataset.doing,
                              text: m.textContent });
      }
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""


def test_level_picker_speed_and_what_a_bot_does(server: str, browser: Any,
                                                  artifacts: Path) -> None:
    players = open_room(browser, server, "e2e-levels", ["Lea"])
    try:
        levels(players[0], artifacts)
    finally:
        close(players)


def levels(lea: Player, artifacts: Path) -> None:
    page = lea.page
    # the picker offers the levels with a word on each, the levels first, easiest first, then
    # greedy and random, with easy picked (issue 10 trial), in the order the server gives
    options = page.eval_on_selector_all("#addbot-policy option",
                                        "os => os.map(o => [o.value, o.textContent])")
    assert options == [["easy", "easy (greedy, makes mistakes)"],
                       ["normal", "normal (trades with care)"],
                       ["hard", "hard (searches ahead)"],
                       # greedy plays at the easy level, as its badge says (a new user's
                       # report: "plays well" under an "easy" badge)
                       ["greedy", "greedy (same as easy)"],
                       ["random", "random (for practice)"]]
    assert page.locator("#addbot-policy").input_value() == "easy"
    page.select_option("#addbot-policy", "hard")
    lea.act(lambda: lea.click("#btn-addbot"))
    page.select_option("#addbot-policy", "normal")
    lea.act(lambda: lea.click("#btn-addbot"))
    lea.wait("window.__bohnanza.state.room.seats.length === 3")
    # the bot speed, kept by the server in the room options
    assert page.locator("#opt-botspeed").input_value() == "normal"
    lea.act(lambda: page.select_option("#opt-botspeed", "slow"))
    lea.wait("window.__bohnanza.state.room.options.bot_speed === 'slow'")
    assert page.locator("#opt-botspeed").input_value() == "slow"
    assert sent(lea) == ["/join Lea", "/addbot hard", "/addbot normal", "/option botspeed slow"]
    assert [(s["name"], s["bot"], s["policy"]) for s in lea.state()["room"]["seats"]] == [
        ("Lea", False, None), ("Bot 1", True, "hard"), ("Bot 2", True, "normal")]
    items = page.locator("#setup .seat-list li")
    assert items.nth(1).locator(".bot-mark").inner_text().strip() == "hard"
    assert items.nth(2).locator(".bot-mark").inner_text().strip() == "normal"
    lea.shot(artifacts / "levels-before-start.png")
    # in Japanese too
    lea.click("#lang")
    lea.wait("document.documentElement.lang === 'ja'")
    assert items.nth(1).locator(".bot-mark").inner_text().strip() == "むずかしい"
    assert "先読み" in page.locator('#addbot-policy option[value="hard"]').inner_text()
    lea.click("#lang")
    lea.wait("document.documentElement.lang === 'en'")

    page.evaluate(WATCH)
    lea.act(lambda: lea.click("#btn-start"))
    lea.wait("window.__bohnanza.state.view !== null")
    for i, level in ((1, "hard"), (2, "normal")):
        panel = page.locator(f'#players .panel[data-seat="{i}"]')
        assert panel.locator(".bot-mark").inner_text().strip() == level
    # Lea plays her turn through the board; on the bots' turns their panels say what they do
    solo = Solo(lea, artifacts)
    t0 = time.monotonic()
    shot = False
    while True:
        seen = page.evaluate("window.__doing")
        kinds = {(d["seat"], d["doing"]) for d in seen}
        if not shot and page.locator("#players .doing-mark").count():
            lea.shot(artifacts / "levels-bot-doing.png")
            shot = True
        if any(d == "thinking" for _, d in kinds) and any(d == "waiting" for _, d in kinds):
            break
        assert time.monotonic() - t0 < 300, (seen, solo.trail)  # a hang guard, not a timing
        if not solo.step():
            break
    texts = {(d["seat"], d["doing"]): d["text"] for d in seen}
    names = {"1": "Bot 1", "2": "Bot 2"}
    for (seat, doing), text in texts.items():
        assert seat in names, texts          # only bot seats, never Lea's
        # waiting: until the server's SeatInfo.waits_until (trial 6)
        assert (text == f"{names[seat]} is thinking…" if doing == "thinking"
                else re.fullmatch(rf"{names[seat]} (waits for offers: about \d+ s left"
                                  rf"|is about to end trading)", text)), texts
    assert not solo.refused, solo.refused
