"""Bots on the board: one person seats two bots through the board and plays a whole game
against them; a seat of a person who went away is handed to a bot and taken back.

Every control sends the command text the chat would (checked in ``window.__bohnanza.sent``);
the server decides, the board only shows what the room info flags.
"""

from __future__ import annotations

import time
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .e2e_board import TIMEOUT, Player
from .test_e2e_game import open_room

pytestmark = pytest.mark.browser


def sent(p: Player) -> list[str]:
    return list(p.page.evaluate("window.__bohnanza.sent"))


def seats(p: Player) -> list[dict[str, Any]]:
    return list(p.state()["room"]["seats"])


class Solo:
    """Plays one person's seat through the board while bots play the others.

    The table moves on its own (the bots answer within milliseconds), so a control read a
    moment ago may be gone: an action whose control does not appear in time is skipped and
    the next step reads the table again; a refusal is kept in ``refused``.
    """

    def __init__(self, p: Player, art: Path) -> None:
        self.p = p
        self.art = art
        self.n = 0
        self.seen: set[str] = set()
        self.refused: list[dict[str, Any]] = []
        self.gift_turns: set[int] = set()
        self.accept_turns: set[int] = set()
        self.gift_at = 0.0
        self.accepted = 0
        self.shots: set[str] = set()
        self.waited: dict[str, float] = {}   # seconds spent waiting for the bots, by phase
        self.acting = 0.0                     # seconds spent in actions
        self.skipped = 0                      # actions whose control was gone
        self.trail: deque[str] = deque(maxlen=12)   # the last actions, for a failure message
        self.last_drag: tuple[str, str] | None = None
        self.skip_run = 0   # actions in a row that sent nothing

    # ------------------------------------------------------------------ acting
    def act(self, action: Any) -> dict[str, Any] | None:
        """Run a UI action that sends one command; its reply, or None when the control was
        gone or the click sent nothing (the board was redrawn under the pointer)."""
        page = self.p.page
        self.last_drag = None
        n, sent_before = page.evaluate(
            "[window.__bohnanza.replies.length, window.__bohnanza.sent.length]")
        t = time.monotonic()
        try:
            action()
            try:
                page.wait_for_function(f"window.__bohnanza.replies.length > {n}",
                                       timeout=2000 * self.patience())
            except PlaywrightTimeout:
                # a command the page sent is answered: its reply waited for (read as a skip,
                # the next step read a table without it and sent a second command the server
                # refused, field_mismatch, on a loaded machine)
                if page.evaluate("window.__bohnanza.sent.length") == sent_before:
                    raise
                page.wait_for_function(f"window.__bohnanza.replies.length > {n}",
                                       timeout=TIMEOUT)
        except PlaywrightError as e:   # a timeout, or the control went away during the click
            self.skipped += 1
            self.acting += time.monotonic() - t
            self.trail.append(f"skipped: {str(e).splitlines()[0][:120]} | {self.where()}")
            if self.last_drag:   # what the pointer met, for a failure message
                self.trail.append("drag " + " ; ".join(self.under(x) for x in self.last_drag))
            self.last_drag = None
            self.skip_run += 1
            assert self.skip_run < 10, "the board sends nothing:\n" + "\n".join(self.trail)
            return None
        self.skip_run = 0
        self.acting += time.monotonic() - t
        # one call: each waits for the page's main thread, which redraws the board many
        # times a second here (about 50 ms a call on a loaded machine)
        reply, text, version = page.evaluate(
            f"[window.__bohnanza.replies[{n}], window.__bohnanza.sent[{sent_before}],"
            " window.__bohnanza.S.version]")
        # the table itself is read for the trail only when something goes wrong (skipped)
        self.trail.append(f"{text!r} -> {reply.get('ok')} {reply.get('code') or ''} "
                          f"(version {version})")
        self.n += 1
        if not reply["ok"]:
            self.refused.append({**reply, "text": text})
        return reply

    def where(self) -> str:
        v = self.p.state()["view"]
        if v is None:
            return "no game"
        y = v["you"]
        return (f"turn {v['turn']} {v['phase']} active {v['active']} deal {v['deal']} "
                f"waiting_for {y['waiting_for']} to_plant {y['to_plant']} passed "
                f"{[s['passed'] for s in v['seats']]} fields {v['seats'][y['seat']]['fields']}")

    def patience(self) -> int:
        """How many times the usual waits an action may take: one more with each action in a
        row that sent nothing. A control gone under the pointer costs a short wait, while a
        loaded machine (two Chromiums on two busy cores) that missed a short wait for a
        control still there gets a longer one next, not ten short ones in a row."""
        return 1 + self.skip_run

    # The bots change the table many times a second here (bot_delay 0.02 s) and every change
    # redraws the board: a click does not wait for the control to hold still (force).
    def click(self, sel: str, timeout: float | None = None) -> None:
        self.p.page.locator(sel).first.click(timeout=timeout or 800 * self.patience(), force=True)

    def harvest(self, field: int) -> None:
        """Harvest; a harvest for 0 coins asks first (trial 3): yes."""
        self.click(f'#fields .field[data-field="{field}"] button.harvest')
        yes = self.p.page.locator("#confirm-yes")
        if yes.count():
            yes.click(timeout=800 * self.patience())

    def tap(self, sel: str) -> bool:
        """A click that sends nothing (picks a card, fills the offer window); False when the
        control went away meanwhile."""
        try:
            self.click(sel)
        except PlaywrightError:
            return False
        return True

    def drag(self, src: str, dst: str) -> None:
        page = self.p.page
        page.locator(src).first.drag_to(page.locator(dst).first, timeout=800 * self.patience(),
                                        force=True)
        self.last_drag = (src, dst)

    def under(self, sel: str) -> str:
        """What the pointer meets at the centre of ``sel`` (debugging a drag that sent nothing)."""
        return str(self.p.page.evaluate("""(sel) => {
            const el = document.querySelector(sel);
            if (!el) return 'missing';
            const r = el.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            const u = document.elementFromPoint(x, y);
            const d = (e) => e ? e.tagName + '.' + e.className + (e.id ? '#' + e.id : '') : 'none';
            return `${sel} at ${Math.round(x)},${Math.round(y)} (view ${innerWidth}x${innerHeight}, scroll ${scrollY}) -> ${d(u)}`;
        }""", sel))

    def wait_change(self, version: int, timeout: float = 3000) -> None:
        t = time.monotonic()
        try:
            self.p.page.wait_for_function(
                f"window.__bohnanza.S.version > {version}", timeout=timeout
            )
        except PlaywrightTimeout:
            pass
        v = self.p.state()["view"]
        key = "none" if v is None else v["phase"] + ("-me" if v["active"] == v["you"]["seat"] else "-bot")
        self.waited[key] = self.waited.get(key, 0.0) + time.monotonic() - t
        if time.monotonic() - t > 2.5:
            self.trail.append(f"no change for {time.monotonic() - t:.1f}s | {self.where()}")

    # ------------------------------------------------------------------ planting
    @staticmethod
    def best_field(fields: list[int], seat: dict[str, Any], bean: str) -> int:
        same = [f for f in fields if seat["fields"][f - 1] and seat["fields"][f - 1][0] == bean]
        return (same or fields)[0]

    def make_room(self, you: dict[str, Any], seat: dict[str, Any]) -> None:
        if you["can_buy"] and not seat["third_field"] and len(seat["fields"]) < 3:
            if self.act(lambda: self.click("#buy-field")):
                self.seen.add("buy")
            return
        info = seat["field_info"]
        best = max(you["harvestable"], key=lambda f: (info[f - 1] or {}).get("harvest_now", 0))
        if self.act(lambda: self.harvest(best)):
            self.seen.add("harvest")

    def plant_front(self, you: dict[str, Any], seat: dict[str, Any]) -> None:
        field = self.best_field(you["plant_fields"], seat, you["hand"][0])
        if self.n % 2 == 0:
            self.act(lambda: self.drag('#hand .card[data-ref="h1"]',
                                       f'#fields .field[data-field="{field}"]'))
        else:
            self.act(lambda: self.click(f'#fields .field[data-field="{field}"] .plant-here'))
        self.seen.add("plant")

    def plant_traded(self, you: dict[str, Any], seat: dict[str, Any]) -> None:
        bean = you["to_plant"][0]
        fields = you["plant_traded_fields"].get(bean, [])
        if not fields:
            self.make_room(you, seat)
            return
        field = self.best_field(fields, seat, bean)
        self.act(lambda: self.drag('#to-plant .card[data-toplant="0"]',
                                   f'#fields .field[data-field="{field}"]'))
        self.seen.add("plant-traded")

    # ------------------------------------------------------------------ trading
    def provide(self, v: dict[str, Any]) -> None:
        """Pick the owed cards in the deal window (those not picked yet), then hand them over."""
        you = v["you"]
        if you.get("deal_auto_cards") is not None:
            return   # the board hands them over itself (which ones changes nothing, trial 3)
        owes = dict(you["deal_owes"] or {})
        picked = {(c["zone"], c["index"]) for c in self.p.page.evaluate("window.__bohnanza.S.dealSel")}
        cards = [("u", k + 1, b) for k, b in enumerate(v["face_up"])] if v["active"] == you["seat"] else []
        cards += [("h", k + 1, b) for k, b in enumerate(you["hand"])]
        for zone, idx, bean in cards:
            if owes.get(bean):
                owes[bean] -= 1
                where = "#faceup" if zone == "u" else "#hand"
                if (zone, idx) not in picked and not self.tap(f'{where} .card[data-ref="{zone}{idx}"]'):
                    return   # the table moved: read it again
        r = self.act(lambda: self.click("#deal-provide"))
        if r and r["ok"]:
            self.seen.add("provide")

    def trade_active(self, v: dict[str, Any]) -> None:
        turn, me = v["turn"], v["you"]["seat"]
        if v["deal"] is not None:   # the bot still owes its cards
            self.wait_change(self.p.version(), 1000)
            return
        # accept a bot's offer: an answer to my gift, or one of the bots' own offers
        ours = [o for o in v["offers"] if o["id"] in v["you"]["can_accept"] and o["owner"] != me]
        ours.sort(key=lambda o: o["give"] != {})   # an answer to my gift first
        if ours and turn not in self.accept_turns and self.accepted < 4:
            self.accept_turns.add(turn)
            o = ours[0]
            r = self.act(lambda: self.click(f'#market .offer[data-offer="{o["id"]}"]'))
            if r and r["ok"]:
                self.accepted += 1
                self.seen.add("accept-gift-answer" if o["give"] == {} else "accept-bot-offer")
                self.shot("bots-deal")
            return
        # a gift: the first face-up card for nothing; a bot answers with an offer of its own
        if turn not in self.gift_turns and v["face_up"] and len(self.gift_turns) < 3:
            self.gift_turns.add(turn)
            self.p.clear_offer()
            if not self.tap('#faceup .card[data-ref="u1"]'):
                return                                            # face-up: left = give
            if self.act(lambda: self.click("#offer-send")):
                self.gift_at = time.monotonic()
                self.seen.add("gift")
                if "bots-board" not in self.shots:
                    self.p.page.wait_for_timeout(300)            # let the bots answer on screen
                    self.shot("bots-board")
            return
        # time for an answer: until a bot's offer is mine to accept or every bot passed (a
        # bot on a loaded machine takes longer than the one second once given); 15 s at most
        if (turn in self.gift_turns and v["face_up"] and not self.answered(v)
                and time.monotonic() - self.gift_at < 15):
            self.wait_change(self.p.version(), 1000)
            return
        self.act(lambda: self.click('#phase-btn[data-label="end_trading"]'))

    @staticmethod
    def answered(v: dict[str, Any]) -> bool:
        """The bots answered my gift: an offer of theirs I may accept, or all of them passed."""
        me = v["you"]["seat"]
        if any(o["id"] in v["you"]["can_accept"] and o["owner"] != me for o in v["offers"]):
            return True
        return all(s["passed"] for i, s in enumerate(v["seats"]) if i != me)

    def shot(self, name: str) -> None:
        if name not in self.shots:
            self.shots.add(name)
            self.p.shot(self.art / f"{name}.png")

    # ------------------------------------------------------------------ the loop
    def step(self) -> bool:
        st = self.p.state()
        v = st["view"]
        if v is None:
            self.wait_change(st["version"])
            return True
        if v["phase"] == "over":
            return False
        you = v["you"]
        me = you["seat"]
        seat = v["seats"][me]
        if you["waiting_for"] == "provide":
            self.provide(v)
            return True
        if you["can_buy"] and not seat["third_field"] and "buy" not in self.seen:
            self.make_room(you, seat)
            return True
        if v["phase"] == "plant" and v["active"] == me and you["must_act"]:
            if v["planted"] >= 1:
                front = you["hand"][0] if you["hand"] else None
                fits = [f for f in you["plant_fields"]
                        if seat["fields"][f - 1] is None or seat["fields"][f - 1][0] == front]
                if fits and self.n % 3:
                    self.plant_front(you, seat)
                else:
                    self.act(lambda: self.click('#phase-btn[data-label="end_planting"]'))
            elif you["plant_fields"]:
                self.plant_front(you, seat)
            else:
                self.make_room(you, seat)
            return True
        if v["phase"] == "trade":
            if v["active"] == me:
                self.trade_active(v)
                return True
            if not seat["passed"]:   # a bot trades: not interested
                if self.act(lambda: self.click('#phase-btn[data-label="not_interested"]')):
                    self.seen.add("pass")
                return True
        if v["phase"] == "plant_traded" and you["to_plant"]:
            self.plant_traded(you, seat)
            return True
        self.wait_change(st["version"])   # the bots' move
        return True


def close(players: list[Player]) -> None:
    """Close the tabs: a person gone stops a half-played bot game from running on (it waits
    for their seat) and slowing the tests after this one."""
    for p in players:
        p.page.context.close()


def test_game_against_bots(server: str, browser: Any, artifacts: Path) -> None:
    players = open_room(browser, server, "e2e-bots", ["Ivy"])
    try:
        game_against_bots(players[0], artifacts)
    finally:
        close(players)


def game_against_bots(ivy: Player, artifacts: Path) -> None:
    t0 = time.monotonic()
    page = ivy.page
    # two bots through the board: easy (the picker's first level), then random; a third one
    # comes and goes
    assert page.locator("#addbot-policy").input_value() == "easy"
    ivy.act(lambda: ivy.click("#btn-addbot"))
    page.select_option("#addbot-policy", "random")
    ivy.act(lambda: ivy.click("#btn-addbot"))
    ivy.wait("window.__bohnanza.state.room.seats.length === 3")
    assert page.locator("#addbot-policy").input_value() == "random"   # kept across renders
    page.select_option("#addbot-policy", "greedy")
    ivy.act(lambda: ivy.click("#btn-addbot"))
    ivy.wait("window.__bohnanza.state.room.seats.length === 4")
    ivy.act(lambda: ivy.click('#setup .seat-list li[data-seat="3"] .remove-bot'))
    ivy.wait("window.__bohnanza.state.room.seats.length === 3")
    # easy is the server's default_policy (/addbot alone seats it, as the button does)
    assert sent(ivy) == ["/join Ivy", "/addbot", "/addbot random", "/addbot greedy",
                         "/removebot Bot 3"]
    s = seats(ivy)
    assert [(x["name"], x["bot"], x["policy"]) for x in s] == [
        ("Ivy", False, None), ("Bot 1", True, "easy"), ("Bot 2", True, "random")]
    # the seat list marks the bots with their policy; only bots have a remove button
    items = page.locator("#setup .seat-list li")
    assert "easy" in items.nth(1).inner_text() and "random" in items.nth(2).inner_text()
    assert page.locator("#setup .seat-list .bot-mark").count() == 2
    assert page.locator("#setup .seat-list li").nth(0).locator(".remove-bot").count() == 0
    ivy.shot(artifacts / "bots-before-start.png")
    # the Japanese marks
    ivy.click("#lang")
    ivy.wait("document.documentElement.lang === 'ja'")
    assert "かんたん" in items.nth(1).inner_text() and "ランダム" in items.nth(2).inner_text()
    assert "ボット追加" in page.locator("#btn-addbot").inner_text()
    ivy.click("#lang")
    ivy.wait("document.documentElement.lang === 'en'")

    ivy.act(lambda: ivy.click("#btn-start"))
    ivy.wait("window.__bohnanza.state.view !== null")
    # on the player panels: the bot marks with the policy, no idle mark for a bot
    for i, policy in ((1, "easy"), (2, "random")):
        panel = page.locator(f'#players .panel[data-seat="{i}"]')
        assert panel.locator(".bot-mark").inner_text().endswith(policy)
        assert panel.locator(".mark-idle.on").count() == 0
    assert page.locator('#players .panel[data-seat="0"] .bot-mark').count() == 0
    assert page.locator("#players .handover-btn").count() == 0

    solo = Solo(ivy, artifacts)
    while solo.step():
        assert solo.n < 1500, "the game does not end:\n" + "\n".join(solo.trail)
        # a guard against a hang, not a timing (the pace is bench/pace.py's): 240 s was
        # exceeded by a whole game on a loaded machine
        assert time.monotonic() - t0 < 900, "the game does not end:\n" + "\n".join(solo.trail)
    ivy.wait("document.querySelector('#gameover') && !document.querySelector('#gameover').hidden")
    rows = page.locator("#gameover .scores tr")
    assert rows.count() == 4      # the head and three players
    text = page.locator("#gameover .scores").inner_text()
    assert "Ivy" in text and "Bot 1" in text and "Bot 2" in text
    assert page.locator("#gameover svg.chart polyline").count() == 3
    assert page.locator("#players .bot-mark").count() == 2
    ivy.shot(artifacts / "bots-game-over.png")
    result = ivy.view()["result"]
    assert result and len(result["scores"]) == 3
    for what in ("plant", "pass", "gift"):
        assert what in solo.seen, (what, solo.seen)
    assert solo.accepted >= 1, "no bot ever answered"
    assert len(solo.refused) <= 5, solo.refused
    assert not ivy.errors, ivy.errors
    print(f"game against bots: version {ivy.version()}, {solo.n} actions, seen {sorted(solo.seen)}, "
          f"refused {len(solo.refused)}, skipped {solo.skipped}, acting {solo.acting:.1f}s, "
          f"{time.monotonic() - t0:.1f}s; waited "
          f"{ {k: round(w, 1) for k, w in solo.waited.items()} }")


def test_handover_to_bot_and_back(server: str, browser: Any, artifacts: Path) -> None:
    players = open_room(browser, server, "e2e-handover", ["Jo", "Kim"])
    try:
        handover(*players, browser, artifacts)
    finally:
        close(players)


def handover(jo: Player, kim: Player, browser: Any, artifacts: Path) -> None:
    jo.act(lambda: jo.click("#btn-addbot"))
    jo.wait("window.__bohnanza.state.room.seats.length === 3")
    jo.act(lambda: jo.click("#btn-start"))
    jo.wait("window.__bohnanza.state.view !== null")
    kim_panel = '#players .panel[data-seat="1"]'
    # Kim goes away: Jo sees the away mark, then (after away_seconds) the handover button
    kim.page.goto("about:blank")
    jo.wait(f"document.querySelector('{kim_panel} .away-mark') !== null")
    jo.page.wait_for_selector(f"{kim_panel} .handover-btn", timeout=TIMEOUT)
    assert jo.page.locator(f"{kim_panel} .away-mark").inner_text().startswith("away ")
    # a spectator gets the same flag but no button (only seated players may hand over)
    ctx = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-US")
    try:
        spectator_and_back(jo, kim, ctx.new_page(), artifacts)
    finally:
        ctx.close()


def spectator_and_back(jo: Player, kim: Player, spage: Any, artifacts: Path) -> None:
    kim_panel = '#players .panel[data-seat="1"]'
    spage.goto(jo.page.url)
    spage.fill("#name-input", "Lou")
    spage.click("#gate-watch")                  # a spectator: Just watch
    spage.wait_for_function(
        "window.__bohnanza.state.room && window.__bohnanza.state.room.seats[1].can_hand_over",
        timeout=TIMEOUT)
    assert spage.locator(f"{kim_panel} .away-mark").count() == 1
    assert spage.locator(".handover-btn").count() == 0
    jo.shot(artifacts / "bots-away.png")
    jo.act(lambda: jo.click(f"{kim_panel} .handover-btn"))
    assert sent(jo)[-1] == "/handover Kim"
    jo.wait(f"document.querySelector('{kim_panel} .bot-mark.for-person') !== null")
    assert jo.page.locator(f"{kim_panel} .handover-btn").count() == 0
    # the level the server gives (SeatInfo.level): a seat handed over plays the takeover
    # level, normal (bots/base.py TAKEOVER_POLICY, 56b5465; README "Bots")
    assert "bot plays (normal)" in jo.page.locator(f"{kim_panel} .bot-mark").inner_text()
    assert jo.page.locator(f"{kim_panel} .away-mark").count() == 1   # still her seat, away
    spage.wait_for_selector(f"{kim_panel} .bot-mark")
    jo.shot(artifacts / "bots-handed-over.png")
    jo.click("#lang")
    jo.wait("document.documentElement.lang === 'ja'")
    badges = jo.page.locator(f"{kim_panel} .panel-badges").inner_text()
    # the level as the server says it, no brackets (watch18: "ボット代理（ふつう）")
    assert "ふつうボットが代理" in badges and "離席" in badges, badges
    jo.shot(artifacts / "bots-japanese.png")
    jo.click("#lang")
    jo.wait("document.documentElement.lang === 'en'")
    # Kim comes back: the bot hands her seat back
    kim.page.goto(jo.page.url)
    kim.wait("window.__bohnanza.state.you && window.__bohnanza.state.you.seat === 1")
    jo.wait(f"document.querySelector('{kim_panel} .bot-mark') === null")
    jo.wait(f"document.querySelector('{kim_panel} .away-mark') === null")
    assert jo.page.locator('#players .panel[data-seat="2"] .bot-mark').count() == 1
    for p in (jo, kim):
        assert not p.errors, p.errors
