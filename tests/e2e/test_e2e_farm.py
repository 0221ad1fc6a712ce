"""Three people play one cycle of the farm game (seed 002, issue 17) through its board in
Chromium: the room is made for the farm game in the lobby, a parameter is changed and a
parameter file loaded through the board (the room shows the set's name and hash), then every
command of the cycle is a click on the board: hand cards picked, Plant, Synthesize,
Transform with its pile, Declare the end, Ship, Enter, Upgrade, the hand adjustment. What to
play comes from the farm's ``sensible`` bot reading the page's own view; the test only finds
the buttons. One person plays on a phone-sized screen (390x844). Screenshots go to
tests/e2e/artifacts/farm-*.png."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bohnanza.farm.bots import get_policy

from .conftest import ROOT
from .e2e_board import Player, sync
from .test_e2e_explains import PICTOGRAPHS, axe, visible_text

pytestmark = pytest.mark.browser

SHOTS = {("Ann", "prep", 1), ("Ann", "harvest", 3), ("Cy", "prep", 2), ("Cy", "harvest", 4)}
FACILITY = {"field": "field", "pot": "transform_pot", "synth": "synth_pot", "box": "storage_box"}


def _open(browser: Any, base: str, room: str, name: str, phone: bool = False) -> Player:
    size = {"width": 390, "height": 844} if phone else {"width": 1400, "height": 1000}
    context = browser.new_context(viewport=size, locale="en-US", is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.goto(base + "/")
    page.wait_for_function("document.querySelector('#rooms').children.length > 0")  # lobby.js ran
    page.fill("#lobby-name", name)
    page.fill("#lobby-room", room)
    page.select_option("#lobby-game", "farm")
    page.click("#lobby-open")
    page.wait_for_url("**/r/**", timeout=60_000)
    p = Player(page, name)
    p.wait("window.__bohnanza && window.__bohnanza.state.room && window.__bohnanza.state.room.game.game === 'farm'")
    page.wait_for_selector("#btn-join")
    p.act(lambda: p.click("#btn-join"))
    p.wait("window.__bohnanza.state.you && window.__bohnanza.state.you.seat !== null")
    return p


def _pick(p: Player, refs: list[str]) -> None:
    """Pick hand cards in this order (h1 = the first card)."""
    for ref in refs:
        i = int(ref.strip(",")[1:]) - 1
        p.click(f'#farm .farm-hand .farm-card[data-index="{i}"]')
        p.page.wait_for_selector(f'#farm .farm-hand .farm-card[data-index="{i}"][aria-pressed="true"]')


class Cycle:
    def __init__(self, players: list[Player], art: Path) -> None:
        self.players = players
        self.art = art
        self.policy = get_policy("sensible")
        self.rng = random.Random(4)
        self.seen: set[str] = set()
        self.shots: set[str] = set()
        self.turn = 0

    def shot(self, p: Player, name: str) -> None:
        if name not in self.shots:
            self.shots.add(name)
            p.shot(self.art / f"farm-{name}.png")

    def do(self, p: Player, text: str) -> None:
        """Send ``text``'s move the board's way."""
        w = text.replace(",", " ").split()
        head = w[0]
        if head == "/plant":
            _pick(p, w[1:])
            p.act(lambda: p.click("#farm-plant"))
        elif head == "/synth":
            _pick(p, w[2:])
            p.act(lambda: p.click(f"#farm-synth-{w[1][1:]}"))
        elif head == "/transform":
            cut = w.index("for")
            _pick(p, w[1:cut])
            piles = [f"{w[k]} {w[k + 1]}" for k in range(cut + 1, len(w), 2)]
            p.page.select_option("#farm-pile", piles[0])
            if len(piles) > 1:
                p.page.select_option("#farm-pile2", piles[1])
            p.act(lambda: p.click("#farm-transform"))
        elif head == "/draw":
            p.act(lambda: p.click("#farm-draw"))
        elif head in ("/done", "/adjust") and len(w) == 1:
            sel = "#farm-declare" if p.view()["phase"] == "prep" else "#farm-end"
            p.act(lambda: p.click(sel))
        elif head == "/adjust":
            _pick(p, w[1:])
            p.act(lambda: p.click("#farm-adjust"))
        elif head == "/ship":
            p.act(lambda: p.click(f"#farm-ship-{w[1][1:]}"))
        elif head == "/enter":
            p.act(lambda: p.click(f"#farm-enter-{w[1][1:]}"))
        elif head == "/upgrade":
            p.act(lambda: p.click(f"#farm-upgrade-{FACILITY[w[1]]}"))
        else:
            raise AssertionError(f"no board action for {text}")
        self.seen.add(head)

    def step(self) -> bool:
        """One move: the players are asked in turn (each a move at a time, so the phone's
        person plays the preparation phase too)."""
        sync(self.players)
        self.turn += 1
        n = len(self.players)
        for p in [self.players[(self.turn + k) % n] for k in range(n)]:
            v = p.view()
            if v["phase"] == "over" or not v["you"]["must_act"]:
                continue
            text = self.policy.decide(v, self.rng)
            assert text is not None, v["you"]
            phase = v["phase"]
            if (p.name, phase, v["turn"]) in SHOTS:
                self.shot(p, f"{p.name}-{phase}-t{v['turn']}")
            self.do(p, text)
            return True
        return False


def test_three_people_play_one_cycle_through_the_board(browser: Any, server: str,
                                                       artifacts: Path, tmp_path: Path) -> None:
    room = "farmcycle"
    ann = _open(browser, server, room, "Ann")
    bob = _open(browser, server, room, "Bob")
    cy = _open(browser, server, room, "Cy", phone=True)
    players = [ann, bob, cy]
    sync(players)
    # a parameter through the board: the room shows the new set's name and hash
    before = ann.state()["room"]["game"]["params_hash"]
    ann.page.fill("#param-key", "facilities.field.price")
    ann.page.fill("#param-value", "[5, 10, 15]")
    ann.act(lambda: ann.click("#param-set"))
    ann.wait("window.__bohnanza.state.room.game.params_name === 'default*'")
    assert ann.state()["room"]["game"]["params_hash"] != before
    # a whole copy of the shipped farm.toml (5 KB with its comments) goes through the board as
    # one message: the board leaves the comments out
    shipped = (ROOT / "bohnanza" / "farm" / "farm.toml").read_text(encoding="utf-8")
    assert len(shipped.encode()) > 4096
    whole = tmp_path / "whole.toml"
    whole.write_text(shipped.replace("hand_limit = [5, 6, 7, 8]", "hand_limit = [6, 7, 8, 9]"),
                     encoding="utf-8")
    ann.act(lambda: ann.page.set_input_files("#param-file", str(whole)))
    ann.wait("window.__bohnanza.state.room.game.params_name === 'default'"
             f" && window.__bohnanza.state.room.game.params_hash !== '{before}'")
    assert ann.state()["room"]["game"]["params_hash"] != before
    # a designer's file with only what it changes (named after the file)
    mine = tmp_path / "cheap-pots.toml"
    mine.write_text("[facilities.transform_pot]\nprice = [4, 8, 12]\n", encoding="utf-8")
    ann.act(lambda: ann.page.set_input_files("#param-file", str(mine)))
    ann.wait("window.__bohnanza.state.room.game.params_name === 'cheap-pots'")
    shown = ann.page.text_content("#params-id") or ""
    hash_ = ann.state()["room"]["game"]["params_hash"]
    assert "cheap-pots" in shown and hash_ in shown, shown
    sync(players)
    cy.page.wait_for_selector("#params-id")
    assert hash_ in (cy.page.text_content("#params-id") or "")
    # the status line before the deal: the table's own (seats, Start game), as for Bohnanza
    for p in (ann, cy):
        p.page.wait_for_function("document.querySelector('#status').textContent.length > 0")
        assert "3 players seated" in (p.page.text_content("#status") or ""), p.name
    ann.shot(artifacts / "farm-setup.png")
    cy.shot(artifacts / "farm-setup-phone.png")
    assert axe(ann.page) == []   # the setup with the game and parameter controls
    ann.act(lambda: ann.click("#btn-start"))
    sync(players)
    v = ann.view()
    assert v["game"] == "farm" and v["params_name"] == "cheap-pots" and v["params_hash"] == hash_
    assert v["params"]["facilities"]["transform_pot"]["price"] == [4, 8, 12]
    # the cycle's contest schedule is on the board (F8-F10): turns 2, 3, 4
    assert ann.page.locator("#farm .contest-slot").count() == 3
    # the phone: the hand's cards are big enough to press (and nothing is wider than 390)
    box = cy.page.locator("#farm .farm-hand .farm-card").first.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
    game = Cycle(players, artifacts)
    for _ in range(400):
        if ann.view()["turn_number"] > 4 or not game.step():
            break
    sync(players)
    v = ann.view()
    assert v["cycle"] == 2 and v["turn"] == 1, (v["cycle"], v["turn"])
    assert len(v["contests"]) == 3   # turns 2-4 had their contests (F2)
    assert {"/plant", "/ship", "/done", "/enter", "/upgrade", "/transform",
            "/adjust"} <= game.seen, game.seen
    # an empty hand says so (no blank row); a full one shows its cards
    for p in players:
        empty = not p.view()["you"]["hand"]
        assert p.page.locator("#farm .farm-hand .empty-hand").count() == int(empty), p.name
    # G23 on the board: a seat with no hand and no bases at the start of the preparation
    # takes its rescue cards with one press (this deal: Cy, who entered her last base)
    rescued = [p for p in players if p.view()["you"]["rescue"]]
    assert [p.name for p in rescued] == ["Cy"], [p.view()["you"] for p in players]
    assert cy.page.locator("#farm .farm-hand .empty-hand").count() == 1
    cy.shot(artifacts / "farm-rescue-phone.png")
    count = cy.view()["you"]["rescue"]
    cy.act(lambda: cy.click("#farm-draw"))
    cy.wait(f"window.__bohnanza.state.view.you.hand.length === {count}")
    assert cy.page.locator("#farm .farm-hand .farm-card").count() == count
    assert cy.page.locator("#farm .farm-hand .empty-hand").count() == 0
    assert all(c.startswith("L1 ") for c in cy.view()["you"]["hand"])   # level-1 cards (G23)
    sync(players)
    # the results are on every board, the phone's too
    for p in players:
        p.page.wait_for_selector("#farm .farm-results .result")
        assert p.page.locator("#farm .farm-results .result").count() == 3
    ann.shot(artifacts / "farm-cycle2.png")
    cy.shot(artifacts / "farm-cycle2-phone.png")
    assert axe(ann.page) == [] and axe(cy.page) == []   # the board, the phone's too
    # the board in Japanese: the glossary's words (farm-rules.md §5)
    cy.click("#lang")
    cy.page.wait_for_selector("#farm .farm-schedule h2")
    assert cy.page.text_content("#farm .farm-schedule h2") == "このサイクルのコンテスト"
    assert "準備" in (cy.page.text_content("#farm .farm-head") or "")
    # and the game log in Japanese too (bohnanza.farm.commands.logtext), her own draw with
    # its cards (G23), the glossary's words
    cy.page.wait_for_function(
        "document.querySelector('#log').textContent.includes('あなたはL1 根菜')")
    log = cy.page.text_content("#log") or ""
    assert "サイクル2・ターン1: 準備フェイズ" in log and "took" not in log, log[-400:]
    cy.shot(artifacts / "farm-cycle2-phone-ja.png")
    # nobody sees another seat's hand: each page holds its own hand only (G31)
    for i, p in enumerate(players):
        view = p.view()
        assert view["you"]["seat"] == i
        for s in view["seats"]:
            assert "hand" not in s
    # the phone: nothing wider than the screen, the hand's buttons big enough to press
    width = cy.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    for p in players:
        assert not p.errors, p.errors
        text = visible_text(p.page)   # no emoji (no emoji font here): symbols are SVG
        assert p.page.evaluate(PICTOGRAPHS, text) == [], text
