"""The trading and status area after the new-user trial (docs/trial.md): phase 3's status line
over every card to plant, the status line and the offer's button with one verb, gifts that read
as gifts, and the to-plant area by its name.

Expected texts come from rules.md (R15, R30, R33, C13) and the issue's words, not from what the
page printed. The states are built by the real engine (tests/e2e/positions.py) and shown on the
sample board, which renders a view exactly as it renders the server's.
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.commands import GameCommand, parse

from . import positions as P
from .e2e_board import ARTIFACTS, Player, status, sync, watched_page
from .test_e2e_explains import axe

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def board(browser: Any) -> Any:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)          # the looked-at screenshots
    with watched_page(browser, viewport={"width": 1366, "height": 768}, locale="en-US") as b:
        yield b


# ------------------------------------------------------------------ phase 3 (R33, R15)


def test_phase_3_status_reads_every_card_to_plant(page: Any, server: str) -> None:
    """R33: Bob must plant Green and Blue in any order; Blue fits field 1, no field fits Green
    (R15). The engine's hints say so (plant_traded_fields); the status line must say to plant
    Blue, not "No field fits Green: harvest a field first" as if nothing could be planted."""
    g = P.game(phase="plant_traded", seats=[
        {}, {"to_plant": ["green", "blue"], "fields": [["blue", 2], ["chili", 3]]}, {}])
    fits = g.view(1)["you"]["plant_traded_fields"]
    assert fits == {"green": [], "blue": [1]}        # the engine's hint the board reads
    P.show(page, server, P.state(g, 1))
    line = status(page)
    page.screenshot(path=str(ARTIFACTS / "market-phase3-some-fit.png"))
    assert line.startswith("Plant Blue first"), line
    # then the field that loses least: Chili×3 pays 1, throws 2; Blue×3 pays 0 (§1c, R18)
    assert "No field fits Green yet" in line and "harvest field 2 (3 Chili" in line, line
    P.show(page, server, P.state(g, 1), lang="ja")
    line = status(page)
    assert line.startswith("まず青豆を植えて"), line
    P.say(g, 1, "/plant blue 1")                      # now no card fits: harvest (R15)
    P.show(page, server, P.state(g, 1))
    assert status(page).startswith("No field fits Green: harvest field 2"), status(page)


def test_phase_3_kept_cards_are_not_called_traded(page: Any, server: str) -> None:
    """R32/R33: the active player plants the face-up cards they kept; nobody traded them. The
    status line and the phase name speak of the to-plant area (design.md §9), in both
    languages."""
    g = P.game(phase="trade", face_up=["blue", "red"],
               seats=[{"fields": [["blue", 1], None]}, {}, {}])
    P.say(g, 0, "/done")                              # R32: the kept face-up cards to plant
    assert g.view(0)["you"]["to_plant"] == ["blue", "red"]
    P.show(page, server, P.state(g, 0))
    assert status(page).startswith("Plant the 2 cards in your to-plant area"), status(page)
    body = page.locator("body").inner_text().casefold()
    phase = page.locator("#prog-phase").get_attribute("title") or ""
    assert "traded card" not in body, body
    assert phase == "Phase 3: planting traded and kept cards", phase       # R33's two kinds
    P.show(page, server, P.state(g, 0), lang="ja")
    assert "入手したカード" not in page.locator("body").inner_text()


# ------------------------------------------------------------------ one verb


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_status_line_and_offer_button_use_one_verb(page: Any, server: str, lang: str) -> None:
    """The status line tells a non-active player what to press on an offer: the verb of the
    offer's button, Accept (the issue: "carries a visible Accept mark"), in English and
    Japanese alike."""
    g = P.game(phase="trade", face_up=["red"], seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {}])
    P.say(g, 0, "/offer red for chili")
    P.show(page, server, P.state(g, 1), lang=lang)
    button = page.locator('#market .offer[data-offer="1"] .accept-btn').inner_text().strip()
    line = status(page)
    if lang == "en":
        assert button == "Accept"
        assert "press Accept" in line, line
    else:
        assert f"「{button}」を押す" in line, (button, line)
    assert "click an offer" not in line and "クリックして申し込む" not in line


# ------------------------------------------------------------------ gifts (R30)


def test_a_gift_deal_says_gift_not_nothing_provided(page: Any, server: str) -> None:
    """R30: Ann gives a face-up Green to Cleo for nothing (a gift). Cleo hands over nothing:
    her side of the deal window says it is Ann's gift, and Ann's "You receive" row says it
    is her gift to Cleo, with no "provided" mark beside nothing."""
    g = P.game(phase="trade", face_up=["green", "green"],
               seats=[{"hand": ["soy"]}, {}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer green for nothing")
    P.say(g, 2, "/accept 1")
    P.say(g, 0, "/accept 2")                  # Ann has two Greens: she picks one (a deal)
    assert g.view(0)["deal"] is not None
    P.show(page, server, P.state(g, 0))
    page.screenshot(path=str(ARTIFACTS / "market-gift-deal.png"))
    get = page.locator("#deal-window .deal-row.get").inner_text()
    assert "gift to Cleo" in get and "provided" not in get, get
    P.show(page, server, P.state(g, 2))
    give = page.locator("#deal-window .deal-row.give").inner_text()
    assert "Ann gives you this as a gift" in give and "Hand over" not in give, give
    get = page.locator("#deal-window .deal-row.get").inner_text()
    assert "Green" in get or page.locator('#deal-window .deal-row.get .card[data-bean="green"]').count()


# ------------------------------------------------------------------ one copy per offer


def test_an_answered_offer_offers_no_second_accept(page: Any, server: str) -> None:
    """The trial: Bob accepted Ann's #1 and his copy #4 waits for Ann (the issue: "your copy
    #N waits for Ann"); #1 must not offer Accept to him again. The engine refuses a second
    copy (already_answered) and its hints say so: no Accept mark, the waiting copy named."""
    g = P.copied()
    assert 1 not in g.view(1)["you"]["can_accept"]
    P.show(page, server, P.state(g, 1))
    page.screenshot(path=str(ARTIFACTS / "market-answered.png"))
    offer = page.locator('#market .offer[data-offer="1"]')
    assert offer.locator(".accept-btn").count() == 0
    assert "you said yes (#4): Ann chooses" in offer.inner_text(), offer.inner_text()
    P.show(page, server, P.state(g, 1), lang="ja")
    assert page.locator('#market .offer[data-offer="1"] .accept-btn').count() == 0
    assert "#4" in page.locator('#market .offer[data-offer="1"]').inner_text()


# ------------------------------------------------------------------ C13


def test_an_offer_from_an_earlier_turn_says_why_it_is_still_there(page: Any, server: str) -> None:
    """C13: offers persist while their owner can still give what they give; deals execute
    only in phase 2 with the active player. Bob's #1 from turn 1 is still in the market in
    turn 2: it says so; Ann's #2 of this turn does not."""
    g = P.game(phase="trade", turn=2, face_up=["red"], offer_turns={"1": 1},
               offers=[{"id": 1, "owner": 1, "give": {"chili": 1}, "want": {"red": 1}}],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer red for stink")
    P.show(page, server, P.state(g, 2))
    page.screenshot(path=str(ARTIFACTS / "market-offer-from-turn-1.png"))
    # one short line (trial 3), the whole explanation in its title
    old = page.locator('#market .offer[data-offer="1"] .offer-age').get_attribute("title") or ""
    assert "turn 1" in old and "stays while Bob holds what it gives" in old, old
    assert "phase 2" in old and "active player" in old, old
    assert page.locator('#market .offer[data-offer="2"] .offer-age').count() == 0
    P.show(page, server, P.state(g, 2), lang="ja")
    # (fifth round, trial 4 item 4: on whose turn it was made, turn 1 being Cleo's as turns
    # pass seat by seat, R1; and whom it is for now: Ann, the active player, T28)
    assert page.locator('#market .offer[data-offer="1"] .offer-age').inner_text() == \
        "あなたの手番に出されたオファー。今はAnn宛て"


# ------------------------------------------------------------------ a gift to one person


def _enter(browser: Any, base: str, name: str, room: str) -> Player:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    pg = ctx.new_page()
    pg.goto(base + "/")
    pg.fill("#lobby-name", name)
    pg.fill("#lobby-room", room)
    pg.click("#lobby-open")
    pg.wait_for_selector("#btn-join")
    return Player(pg, name)


def _hand_over(p: Player) -> None:
    """Click each owed card (face-up first, then the hand) and press Hand over; when which
    cards changes nothing, the board hands them over itself (trial 3)."""
    if p.awaits_auto_provide():
        return
    v = p.view()
    owes = dict(p.you()["deal_owes"])
    picks = []
    if v["active"] == p.you()["seat"]:
        for k, bean in enumerate(v["face_up"]):
            if owes.get(bean):
                owes[bean] -= 1
                picks.append(f'#faceup .card[data-ref="u{k + 1}"]')
    for k, bean in enumerate(p.you()["hand"]):
        if owes.get(bean):
            owes[bean] -= 1
            picks.append(f'#hand .card[data-ref="h{k + 1}"]')
    for sel in picks:
        p.click(sel)
    p.act(lambda: p.click("#deal-provide"))


def test_a_gift_for_one_person_only_that_person_can_take(server: str, browser: Any,
                                                          artifacts: Any) -> None:
    """R30: a gift is a deal where one side gives nothing; R28: it is between the active
    player and exactly one other. Three people on the real server: the active player gives
    a face-up card to the third seat only, chosen in the offer window ("To"). The giver's
    offer reads "to Cleo only" at its head and foot, never "open to all". The second seat
    sees no Accept and is refused if it tries; the third accepts and the deal starts at once
    [house: by aiming it the giver chose the partner; no copy for the giver to accept
    again]; the card lands in its to-plant area (R12); the offer reads as traded, not gone
    stale."""
    people = [_enter(browser, server, n, "e2e-market-gift") for n in ("Ann", "Bob", "Cleo")]
    try:
        for p in people:
            p.act(lambda p=p: p.click("#btn-join"))
        sync(people)
        people[0].act(lambda: people[0].click("#btn-start"))
        sync(people)
        v = people[0].view()
        a = people[v["active"]]
        b, c = (people[(v["active"] + k) % 3] for k in (1, 2))
        c_seat = c.you()["seat"]
        # phase 1: the front card, then End planting (or phase 2 already)
        field = a.you()["plant_fields"][0]
        a.act(lambda: a.drag('#hand .card[data-ref="h1"]', f'#fields .field[data-field="{field}"]'))
        if a.view()["phase"] == "plant":
            a.act(lambda: a.click("#phase-btn"))
        sync(people)
        assert a.view()["phase"] == "trade"

        gift = a.view()["face_up"][0]
        a.click('#faceup .card[data-ref="u1"]')               # left: give; "You get" empty
        a.page.wait_for_selector("#offer-to")
        options = a.page.locator("#offer-to option").all_inner_texts()
        assert options == ["everyone", f"{b.name} only", f"{c.name} only"], options
        a.page.select_option("#offer-to", str(c_seat))
        a.page.locator("#offer-window").screenshot(path=str(artifacts / "market-gift-to-one.png"))
        before = {o["id"] for o in a.view()["offers"]}
        a.act(lambda: a.click("#offer-send"))
        assert a.page.evaluate("window.__bohnanza.sent.at(-1)").endswith(f" to {c_seat + 1}")
        gid = ({o["id"] for o in a.view()["offers"]} - before).pop()
        sync(people)
        own = a.page.locator(f'#market .offer[data-offer="{gid}"]')
        assert f"to {c.name} only" in own.locator(".offer-head").inner_text()
        assert f"only {c.name} may accept" in own.locator(".offer-foot").inner_text()
        assert "open to all" not in own.inner_text(), own.inner_text()

        offer_b = b.page.locator(f'#market .offer[data-offer="{gid}"]')
        assert offer_b.locator(".accept-btn").count() == 0
        assert f"for {c.name} only" in offer_b.inner_text(), offer_b.inner_text()
        b.page.screenshot(path=str(artifacts / "market-gift-not-for-you.png"))
        r = b.act(lambda: offer_b.click(), ok=False)         # the server agrees: not for Bob
        assert not r["ok"] and r["code"] == "not_for_you", r
        b.page.keyboard.press("Escape")

        offer_c = c.page.locator(f'#market .offer[data-offer="{gid}"]')
        assert "to you only" in offer_c.inner_text(), offer_c.inner_text()
        title = offer_c.locator(".accept-btn").get_attribute("title") or ""
        assert f"start the deal with {a.name}" in title, title
        before = {o["id"] for o in c.view()["offers"]}
        c.act(lambda: offer_c.locator(".accept-btn").click())
        sync(people)
        # no copy: the deal with the giver started at once (or is done: one way each)
        assert not ({o["id"] for o in c.view()["offers"]} - before)
        if a.view()["deal"] is not None:
            assert a.view()["deal"]["offer"] == gid and a.view()["deal"]["other"] == c_seat
            _hand_over(a)
        sync(people)
        assert gift in c.you()["to_plant"] and not b.you()["to_plant"]
        c.page.screenshot(path=str(artifacts / "market-gift-answered.png"))
        log = " ".join(c.page.locator("#log .log-line").all_inner_texts())
        assert f"as a gift to {c.name}" in log and f"Gift done: {a.name} gave" in log, log
        assert f"{c.name} accepted offer #{gid}: a gift, with {a.name}" in log, log  # R30
        # trial 6: the bystander reads who gave what to whom; the giver, a party, reads
        # what went (no second line on the offer), never "is gone"
        b.wait(f"document.querySelector('#market .offer-news')?.innerText.includes("
               f"{a.name + ' and ' + c.name + ' traded: 1 '!r})")
        news = b.page.locator("#market .offer-news").inner_text()
        assert " for nothing" in news and "is gone" not in news, news
        news = a.page.locator("#market .offer-news").inner_text()
        assert "traded" not in news and "is gone" not in news, news
        for p in people:
            assert p.page.evaluate("[...window.__bohnanza.missing]") == [], p.name
            assert not p.errors, p.errors
    finally:
        for p in people:
            p.page.context.close()


# ------------------------------------------------------------------ the second trial's faults


def _news(page: Any, server: str, g: Any, seat: int, texts: list[tuple[int, str]]) -> None:
    """Apply ``texts`` (seat, command) to ``g``, show the new state to ``seat`` and feed the
    log entries, as the server writes them for ``seat``, to the page's offer news (the path
    of the server's log message)."""
    entries = []
    for who, text in texts:
        cmd = parse(text)
        assert isinstance(cmd, GameCommand), text
        entries += [e.for_viewer(seat, list(g.names)) for e in g.apply(who, cmd.action)]
    P.show(page, server, P.state(g, seat))
    page.evaluate("""async (es) => {
        (await import('/js/render/market.js')).noteOfferNews(es);
        (await import('/js/store.js')).rerender(); }""", entries)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_aimed_offer_reads_as_aimed_at_its_head_and_foot(page: Any, server: str,
                                                             lang: str) -> None:
    """The trial: Ann's gift "to Cleo only" said "to Cleo only" at its head and "open to all"
    at its foot. An offer aimed at one seat (R28, R30) says so at both; Cleo's Accept starts
    the deal [house], its tooltip says so; Bob reads it as not his."""
    g = P.game(phase="trade", face_up=["green", "red"],
               seats=[{"hand": ["soy"]}, {"hand": ["blue"]}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer green for nothing to Cleo")
    P.say(g, 0, "/offer red for blue")                        # open: "open to all"
    P.show(page, server, P.state(g, 0), lang=lang)
    page.locator("#market").screenshot(path=str(ARTIFACTS / f"market-aimed-{lang}.png"))
    aimed = page.locator('#market .offer[data-offer="1"]')
    head, foot = aimed.locator(".offer-head").inner_text(), aimed.locator(".offer-foot").inner_text()
    opened = page.locator('#market .offer[data-offer="2"] .offer-foot').inner_text()
    if lang == "en":
        assert "to Cleo only" in head and "only Cleo may accept" in foot, (head, foot)
        assert "open to all" not in foot and "open to all" in opened, (foot, opened)
    else:
        assert "Cleo宛て" in head and "Cleoだけが受けられます" in foot, (head, foot)
        assert "全員に公開" not in foot and "全員に公開" in opened, (foot, opened)
    P.show(page, server, P.state(g, 2), lang="en")
    title = page.locator('#market .offer[data-offer="1"] .accept-btn').get_attribute("title")
    assert title == "Accept offer #1: start the deal with Ann", title
    title = page.locator('#market .offer[data-offer="2"] .accept-btn').count()
    assert title == 0                                          # Cleo lacks Blue (R29)


def test_a_traded_offer_and_the_offer_it_answered_read_traded(page: Any, server: str) -> None:
    """The trial: after a deal, the offer it answered read "is gone: its owner no longer holds
    the cards". Ann's #1 (Green for Blue), Bob's copy #2, Ann accepts #2: both sides have one
    way to provide, the deal executes; Ann's #1 leaves because she gave her Green: it was
    traded (the log's deal_done names the offer it answered). Trial 6: Ann, a party, reads
    what she got, and no line on either offer; Cleo reads who traded what with whom, once."""
    g = P.game(phase="trade", face_up=["green"], seats=[{}, {"hand": ["blue"]}, {}])
    P.say(g, 0, "/offer green for blue")
    P.say(g, 1, "/accept 1")
    _news(page, server, g, 0, [(0, "/accept 2")])
    assert g.view(0)["offers"] == []                         # #1 left as stale, #2 traded
    lines = [x.strip() for x in page.locator("#market .offer-news div").all_inner_texts()]
    assert lines == ["You got 1 Blue from Bob: plant it in phase 3."], lines
    g = P.game(phase="trade", face_up=["green"], seats=[{}, {"hand": ["blue"]}, {}])
    P.say(g, 0, "/offer green for blue")
    P.say(g, 1, "/accept 1")
    _news(page, server, g, 2, [(0, "/accept 2")])
    lines = [x.strip() for x in page.locator("#market .offer-news div").all_inner_texts()]
    assert lines == ["Ann and Bob traded: 1 Green for 1 Blue"], lines


def test_a_gift_takers_answer_that_outlived_the_gift_says_why_it_went(page: Any,
                                                                      server: str) -> None:
    """C12 with C13 (classic): Bob's /accept of Ann's gift of the face-up Green posts #2,
    'nothing for Green'; Ann withdraws the gift, so #2 would ask for a gift, which classic
    does not allow: it leaves the market, and Bob reads why (not "its owner no longer holds
    the cards": he never gave anything)."""
    g = P.game(phase="trade", face_up=["green"], seats=[{}, {"hand": ["blue"]}, {}])
    P.say(g, 0, "/offer green for nothing")
    P.say(g, 1, "/accept 1")
    P.show(page, server, P.state(g, 1))                  # Bob's board has shown his #2
    page.wait_for_selector('#market .offer[data-offer="2"]')
    cmd = parse("/withdraw 1")
    assert isinstance(cmd, GameCommand)
    entries = [e.for_viewer(1, list(g.names)) for e in g.apply(0, cmd.action)]
    assert g.view(1)["offers"] == []
    page.evaluate("""async (es) => {
        (await import('/js/render/market.js')).noteOfferNews(es); }""", entries)
    page.evaluate("m => window.__bohnanza.push(m)", P.state(g, 1))
    news = page.locator("#market .offer-news").inner_text()
    assert "Offer #2 is gone: the gift it answered is gone" in news, news
    assert "no longer holds" not in news, news


def test_a_copy_in_the_deal_is_not_said_to_wait(page: Any, server: str) -> None:
    """The trial: during the deal on Bob's copy #2, Ann's #1 still said "your copy #2 waits".
    The engine's note says the copy is in the deal; nothing says it waits."""
    g = P.dealing()
    assert g.view(1)["deal"]["offer"] == 2
    P.show(page, server, P.state(g, 1))
    page.locator("#market").screenshot(path=str(ARTIFACTS / "market-copy-in-deal.png"))
    text = page.locator('#market .offer[data-offer="1"]').inner_text()
    assert "you said yes (#2): in the deal with Ann" in text, text
    assert "waits" not in text, text
    P.show(page, server, P.state(g, 1), lang="ja")
    text = page.locator('#market .offer[data-offer="1"]').inner_text()
    assert "トレード中" in text and "受諾待ち" not in text, text


def test_markers_name_their_seat_and_mine_are_under_mine(page: Any, server: str) -> None:
    """The trial: the active player's markers showed in Bob's panel under "I have / I want".
    Seed 000: the others see the active player's markers (named here: they are Ann's); the
    active player sees the others' summed, without names; each seat's own markers are under
    its own arrows only."""
    g = P.game(phase="trade", seats=[{}, {}, {}])
    P.say(g, 0, "/have blue")
    P.say(g, 1, "/want red")
    P.say(g, 2, "/want red")
    P.show(page, server, P.state(g, 1))
    page.locator("#signals").screenshot(path=str(ARTIFACTS / "market-markers-bob.png"))
    have = page.locator("#signals .signal-line.have")
    assert have.get_attribute("aria-label") == "Ann has", have.get_attribute("aria-label")
    assert "Ann has" in have.inner_text() and have.locator('.card[data-bean="blue"]').count() == 1
    panel = page.locator("#signals").inner_text()
    assert "I have" not in panel and "I want" not in panel, panel
    mine = page.locator("#signals .signal-own")
    assert mine.get_attribute("aria-label") == "Mine"
    assert mine.locator('.card[data-bean="red"]').count() == 1
    assert page.locator('#signals .signal-line .card[data-bean="red"]').count() == 0
    P.show(page, server, P.state(g, 0))
    page.locator("#signals").screenshot(path=str(ARTIFACTS / "market-markers-ann.png"))
    want = page.locator("#signals .signal-line.want")
    assert "who is not shown" in (want.get_attribute("aria-label") or "")
    assert want.locator('.card[data-bean="red"]').count() == 1
    P.show(page, server, P.state(g, 1), lang="ja")
    assert "Annが提供したい" in page.locator("#signals .signal-line.have").inner_text()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_any_card_button_says_what_it_adds(page: Any, server: str, lang: str) -> None:
    """The catalogue's "?" adds a side for the other player to name (C12): its accessible
    name says so ("any card (?)"), its tooltip how it works; the offer window's "?" alike."""
    P.show(page, server, P.state(P.trading(), 1), lang=lang)
    name = "any card (?)" if lang == "en" else "どの豆でも（?）"
    button = page.locator("#catalogue-ask")
    assert button.get_attribute("aria-label") == name
    assert page.get_by_role("button", name=name, exact=True).count() == 1
    tip = button.get_attribute("title") or ""
    assert name in tip and len(tip) > len(name) + 10, tip
    button.click()                                           # left: "you get" any card
    page.wait_for_selector("#offer-window .card.ask")
    assert page.locator("#offer-window .card.ask").get_attribute("aria-label") == name
    page.locator("#offer-clear").click()


def test_no_not_interested_beside_ones_own_waiting_offer(page: Any, server: str) -> None:
    """Issue 10, point 2: a party to a deal is not offered "Not interested"; nor is a seat
    whose own offer waits for the active player (Bob's copy #4 of Ann's #1). Cleo, with no
    offer waiting, is."""
    g = P.copied()
    P.show(page, server, P.state(g, 1))
    assert "#4" in status(page) and "wait" in status(page), status(page)
    assert page.locator("#phase-btn").count() == 0
    assert "Not interested" not in page.locator("#topbar").inner_text()
    P.show(page, server, P.state(g, 2))
    assert page.locator("#phase-btn").inner_text().strip() == "Not interested"
    P.show(page, server, P.state(P.dealing(), 1))
    assert page.locator("#phase-btn").count() == 0


def test_phase_3_waits_for_one_person_in_the_singular(page: Any, server: str) -> None:
    """R33: the table waits for the seats with cards to plant. For one person it says "their
    to-plant area", for several "their to-plant areas"."""
    g = P.game(phase="plant_traded", seats=[{}, {"to_plant": ["green"]}, {}])
    P.show(page, server, P.state(g, 0))
    assert status(page) == "Waiting for Bob to plant the cards in their to-plant area.", status(page)
    g = P.game(phase="plant_traded", seats=[{}, {"to_plant": ["green"]}, {"to_plant": ["red"]}])
    P.show(page, server, P.state(g, 0))
    assert status(page) == "Waiting for Bob, Cleo to plant the cards in their to-plant areas.", \
        status(page)


def test_the_board_reads_who_is_a_party_from_the_view(page: Any, server: str) -> None:
    """Who can be a party to an offer (R28, R30) is the engine's (``you.party_offers``): the
    board reads each offer's rows as "you give / you get" exactly for those offers, as the
    view says, and never works it out itself. A view that says otherwise is followed."""
    g = P.trading()
    msg = P.state(g, 1)
    assert msg["view"]["you"]["party_offers"] == [1, 2]   # Ann's #1, Bob's own #2; not #3
    P.show(page, server, msg)
    label = lambda n: page.locator(  # noqa: E731
        f'#market .offer[data-offer="{n}"] .offer-row.give .row-label').inner_text()
    assert label(1) == "you give" and label(3) == "Cleo gives", (label(1), label(3))
    msg["view"]["you"]["party_offers"] = [2, 3]          # doctored: the board follows it
    P.show(page, server, msg)
    assert label(1) == "Ann gives" and label(3) == "you give", (label(1), label(3))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_axe_on_the_changed_market_states(page: Any, server: str, lang: str) -> None:
    """axe-core (issue 10's checks): no serious or critical violation with the offer window
    open and its To choice, an answered offer, an offer from an earlier turn, a gift's deal
    window."""
    g = P.game(phase="trade", turn=2, face_up=["red"], offer_turns={"1": 1},
               offers=[{"id": 1, "owner": 1, "give": {"chili": 1}, "want": {"red": 1}}],
               seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["stink"]}])
    P.show(page, server, P.state(g, 2), lang=lang)
    page.locator('#hand .card[data-ref="h1"]').click()        # opens the offer window
    page.wait_for_selector("#offer-to")
    page.screenshot(path=str(ARTIFACTS / f"market-offer-window-{lang}.png"))
    assert axe(page) == []
    page.locator("#offer-clear").click()
    P.show(page, server, P.state(P.copied(), 1), lang=lang)
    assert axe(page) == []
    g = P.game(phase="trade", face_up=["green", "green"],
               seats=[{"hand": ["soy"]}, {}, {"hand": ["stink"]}])
    P.say(g, 0, "/offer green for nothing")
    P.say(g, 2, "/accept 1")
    P.say(g, 0, "/accept 2")
    P.show(page, server, P.state(g, 2), lang=lang)
    assert axe(page) == []
