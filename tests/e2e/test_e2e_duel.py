"""Two people play the bean duel (rules.md §3a) to the end through the board: the duel layout
(no market, the offer area, the discard pile, the reveal with cards pulled from the discard
pile), every step by click or drag, and the turn clock's countdown. What to play comes from the
greedy bot reading the page's own view; the test only finds the button or drag for it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bohnanza.bots import get_policy

from .e2e_board import Player, sync
from .test_e2e_explains import PICTOGRAPHS, axe, tab_to, visible_text
from .test_e2e_game import open_room

pytestmark = pytest.mark.browser


class Duel:
    def __init__(self, players: list[Player], art: Path) -> None:
        self.players = players
        self.art = art
        self.n = 0
        self.seen: set[str] = set()
        self.shots: set[str] = set()
        self.policy = get_policy("greedy")
        self.rng = random.Random(5)
        self.scanned: set[str] = set()   # the layouts axe-core has looked at
        self.keyed: set[str] = set()     # the kinds of move made once by keyboard

    def scan(self, p: Player, what: str) -> None:
        """The accessibility scan (issue 10, checks) once per duel step, on both screens."""
        if what not in self.scanned:
            self.scanned.add(what)
            for q in self.players:
                assert axe(q.page) == [], (what, q.name)

    def by_key(self, p: Player, kind: str, selector: str) -> bool:
        """The first move of each kind by keyboard: Tab to the control, Enter."""
        if kind in self.keyed:
            return False
        self.keyed.add(kind)
        tab_to(p.page, selector)
        self.act(p, lambda: p.page.keyboard.press("Enter"), kind)
        return True

    def shot(self, p: Player, name: str) -> None:
        if name not in self.shots:
            self.shots.add(name)
            p.shot(self.art / f"duel-{name}.png")

    def act(self, p: Player, action: Any, what: str) -> None:
        p.act(action)
        self.n += 1
        self.seen.add(what)
        sync(self.players)

    def do(self, p: Player, text: str) -> None:
        """The board's way of sending ``text`` (a click or a drag)."""
        w = text.split()
        page = p.page
        if w[0] == "/plant" and len(w) == 3 and w[1].startswith("u"):
            if self.by_key(p, "plant-u-key", f'#duel [data-plant="{w[1]}-{w[2]}"]'):
                pass
            elif self.n % 3 == 0:   # drag the face-up card onto the field
                self.act(p, lambda: p.drag(f'#duel .card[data-ref="{w[1]}"]',
                                           f'#fields .field[data-field="{w[2]}"]'), "plant-u-drag")
            elif self.n % 3 == 1:  # select it, then the field's button
                p.click(f'#duel .card[data-ref="{w[1]}"]')
                page.wait_for_selector(f'#fields .field[data-field="{w[2]}"] .plant-here')
                self.act(p, lambda: p.click(f'#fields .field[data-field="{w[2]}"] .plant-here'),
                         "plant-u-select")
            else:                  # its own button in the duel area
                self.act(p, lambda: p.click(f'#duel [data-plant="{w[1]}-{w[2]}"]'), "plant-u-button")
        elif w[0] == "/discard" and w[1].startswith("u"):
            if not self.by_key(p, "discard-offer-key", f'#duel [data-discard="{w[1]}"]'):
                self.act(p, lambda: p.click(f'#duel [data-discard="{w[1]}"]'), "discard-offer")
        elif w[0] == "/discard":
            if self.by_key(p, "discard-hand-key", f'#hand [data-discard="{w[1]}"]'):
                pass
            elif self.n % 2 == 0:
                self.act(p, lambda: p.drag(f'#hand .card[data-ref="{w[1]}"]', "#duel-discard"),
                         "discard-hand-drag")
            else:
                self.act(p, lambda: p.click(f'#hand [data-discard="{w[1]}"]'), "discard-hand-click")
        elif w[0] == "/plant" and len(w) == 2:
            if self.n % 2 == 0:
                self.act(p, lambda: p.drag('#hand .card[data-ref="h1"]',
                                           f'#fields .field[data-field="{w[1]}"]'), "plant-drag")
            else:
                self.act(p, lambda: p.click(f'#fields .field[data-field="{w[1]}"] .plant-here'),
                         "plant-click")
        elif w[0] == "/harvest":
            # a harvest for 0 coins asks first (trial 3): Player.harvest answers yes
            self.act(p, lambda: p.harvest(int(w[1])), "harvest")
        elif w[0] == "/buy":
            self.act(p, lambda: p.click("#buy-field"), "buy")
        elif w[0] == "/done":
            phase = p.view()["phase"]
            if not self.by_key(p, "done-key-" + phase, "#phase-btn"):
                self.act(p, lambda: p.click("#phase-btn"), "done-" + phase)
        else:  # pragma: no cover - greedy sends nothing else in the duel
            raise AssertionError(text)

    def step(self) -> bool:
        """One move of the active player (act() has waited until both pages show the last)."""
        v = self.players[0].view()
        if v["phase"] == "over":
            return False
        p = self.players[v["active"]]
        view = v if p is self.players[0] else p.view()
        phase = view["phase"]
        step = phase + ("-discard" if phase == "plant" and view["you"]["can_discard"] else "")
        if step not in self.scanned:                              # once per step of a turn
            assert not p.page.locator("#market").is_visible()   # no market in the duel
            assert not p.page.locator("#offer-window").is_visible()
        self.scan(p, step)
        if phase == "plant_offer":
            self.shot(p, "step1-offer")
            other = self.players[1 - v["active"]]
            self.shot(other, "step1-offer-seen-by-other")
        if phase == "plant_revealed":
            pulled = p.page.locator("#duel .card.pulled").count()
            if pulled and "step3-reveal-with-pull" not in self.shots:
                self.seen.add("pulled")
                self.shot(p, "step3-reveal-coming-in")          # as it happens
                p.page.wait_for_function(                         # the cards have come in
                    "document.getAnimations().every(a => a.playState !== 'running')")
                self.shot(p, "step3-reveal-with-pull")
            self.shot(p, "step3-reveal")
        if phase == "plant" and view["you"]["can_discard"]:
            self.shot(p, "step2-discard")
        text = self.policy.decide(view, self.rng, hurry=True)
        assert text is not None, view["you"]
        self.do(p, text)
        return True


def test_two_people_play_a_duel_to_the_end(browser: Any, server: str, artifacts: Path) -> None:
    ann, bob = open_room(browser, server, "duel-e2e", ["Ann", "Bob"])
    ann.act(lambda: ann.page.select_option("#opt-preset", "rio-grande"))
    ann.page.wait_for_selector("#opt-duel")
    ann.act(lambda: ann.page.select_option("#opt-clock", "300"))   # a countdown to look at
    sync([ann, bob])
    ann.shot(artifacts / "duel-setup.png")
    assert ann.state()["room"]["options"]["clock"] == 300
    ann.act(lambda: ann.click("#btn-start"))
    sync([ann, bob])
    v = ann.view()
    assert v["rules"]["duel"] and len(v["seats"]) == 2
    # the waited-for seat's countdown, seen by both
    for p in (ann, bob):
        p.page.wait_for_selector("#players .clock-mark")
        assert p.page.locator("#phase .clock-mark").count() >= 1
        # the countdowns, the steps and the discard buttons draw no emoji (issue 10, point 5)
        found = p.page.evaluate(PICTOGRAPHS, visible_text(p.page))
        assert found == [], found
    # the status line: the active player is told to plant, the other whom the table waits for
    active = (ann, bob)[v["active"]]
    other = (ann, bob)[1 - v["active"]]
    assert active.page.inner_text("#status").startswith("Your turn: plant")
    assert other.page.inner_text("#status") == f"{active.name} is planting."
    duel = Duel([ann, bob], artifacts)
    for _ in range(1500):
        if not duel.step():
            break
    sync([ann, bob])
    assert ann.view()["phase"] == "over" and ann.view()["exhaustions"] == 1
    ann.page.wait_for_selector("#gameover:not([hidden])")
    ann.shot(artifacts / "duel-over.png")
    for want in ("plant-u-drag", "plant-u-select", "plant-u-button", "discard-offer",
                 "discard-hand-drag", "discard-hand-click", "done-plant_revealed", "pulled",
                 "plant-u-key", "discard-offer-key", "discard-hand-key",
                 "done-key-plant_revealed", "done-key-plant"):
        assert want in duel.seen, (want, sorted(duel.seen))
    # every step of the duel layout was scanned, and the game-over screen is too
    assert {"plant_offer", "plant", "plant-discard", "plant_revealed"} <= duel.scanned, duel.scanned
    bob.page.wait_for_selector("#gameover:not([hidden])")
    for p in (ann, bob):
        assert axe(p.page) == [], p.name
    # the next game by keyboard from the game-over screen (Start is not pressed here)
    tab_to(ann.page, "#btn-start")
    tab_to(ann.page, "#chat-input")
    assert not ann.errors and not bob.errors, ann.errors + bob.errors
