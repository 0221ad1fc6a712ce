"""The board for everyone (board18): buttons a screen reader can tell apart (each offer's
Accept, Withdraw, Answer and Offer again; each bot's Remove), the trading phase's status line
in words for every input (a mouse's click, a touch screen's tap, a keyboard's Enter, a drag),
and a finished game's room in the lobby.

The states are built by the real engine (tests/e2e/positions.py) and shown on the sample
board, which renders a view exactly as it renders the server's. What is expected is what a
screen reader or keyboard player needs (WCAG 2.4.6 and 2.5.3: a control's name says what it
does, and holds the word it shows); the rules' ids are rules.md's.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from . import positions as P
from .e2e_board import ARTIFACTS, assert_clean, status, watched_page

pytestmark = pytest.mark.browser

# a button's line in Playwright's ARIA snapshot (YAML: quoted whole when its name holds a "#")
BUTTON = re.compile("^\\s*- '?button \"((?:[^\"\\\\]|\\\\.)*)\"", re.M)


@pytest.fixture(scope="module")
def board(browser: Any) -> Any:
    with watched_page(browser, viewport={"width": 1400, "height": 900}, locale="en-US") as b:
        yield b


def button_names(page: Any, selector: str) -> list[str]:
    """The accessible names of the buttons under ``selector``, as the browser computes them
    (its accessibility tree: aria-label, else the text; a title is only a description)."""
    return BUTTON.findall(page.locator(selector).aria_snapshot())


def market() -> Any:
    """Phase 2, Ann active with face-up Blue and Red (R29): Ann's offers #1 and #2; Bob's #3
    and Cleo's #4 to Ann, each asking for Blue (Ann may accept both: she holds face-up Blue);
    the prompts #5 (Bob) and #6 (Cleo), each asking Ann to pick a card ("?")."""
    g = P.game(phase="trade", face_up=["blue", "red"],
               seats=[{"hand": ["soy", "chili"]}, {"hand": ["green", "chili"]}, {"hand": ["stink"]}])
    for seat, text in [(0, "/offer red for chili"), (0, "/offer soy for green"),
                       (1, "/offer green for blue"), (2, "/offer stink for blue"),
                       (1, "/offer chili for ?"), (2, "/offer stink for ?")]:
        P.say(g, seat, text)
    return g


# ------------------------------------------------------------------ 1. the market's buttons


def test_each_offers_buttons_have_names_of_their_own(page: Any, server: str) -> None:
    """Every offer's Accept (and Withdraw, Answer, Offer again) was named by its word alone:
    a screen reader's list of buttons read "Accept, Accept, Withdraw, Withdraw", the offer
    only in a tooltip. Each name says which offer, whose, and what the one pressing it gives
    and gets (the offer's rows as that player reads them), and holds the word shown."""
    g = market()
    you = g.view(0)["you"]
    assert you["can_accept"] == [3, 4] and you["can_withdraw"] == [1, 2]   # the engine's hints
    P.show(page, server, P.state(g, 0))
    names = button_names(page, "#market")
    assert len(names) == len(set(names)), names
    for name in [
        # Ann gives face-up Blue for Bob's Green (R29: the active player's face-up cards)
        "Accept offer #3 from Bob (you give 1 Blue; you get 1 Green)",
        "Accept offer #4 from Cleo (you give 1 Blue; you get 1 Stink)",
        "Withdraw offer #1 (you give 1 Red; you get 1 Chili)",
        "Withdraw offer #2 (you give 1 Soy; you get 1 Green)",
        "Offer #1 again (you give 1 Red; you get 1 Chili)",
        "Offer #2 again (you give 1 Soy; you get 1 Green)",
        # a prompt: Ann picks the card ("?", C12)
        "Answer offer #5 from Bob (you give any card (?); you get 1 Chili)",
        "Answer offer #6 from Cleo (you give any card (?); you get 1 Stink)",
    ]:
        assert name in names, (name, names)
    # Bob, not active, says yes to Ann's #1 (his side of it: he gives Chili, gets Red)
    P.show(page, server, P.state(g, 1))
    names = button_names(page, "#market")
    assert "Accept offer #1 from Ann (you give 1 Chili; you get 1 Red)" in names, names
    assert len(names) == len(set(names)), names
    # in Japanese too, each with the word the button shows (受ける, 撤回)
    P.show(page, server, P.state(g, 0), lang="ja")
    names = button_names(page, "#market")
    assert len(names) == len(set(names)), names
    assert "オファー#3（Bob）を受ける（出す: 青豆1枚／もらう: いんげん豆1枚）" in names, names
    assert "オファー#1を撤回（出す: 赤豆1枚／もらう: 紅花インゲン1枚）" in names, names


def test_each_bots_remove_button_names_its_bot(page: Any, server: str) -> None:
    """Before the start each bot has a Remove button: both were named "Remove" (the bot only
    in the tooltip). Each names its bot, and holds the word shown."""
    P.show(page, server, P.before_start_bots(0))
    names = [n for n in button_names(page, "#setup") if "Bot" in n]
    assert names == ["Remove Bot 1", "Remove Bot 2"], names
    P.show(page, server, P.before_start_bots(0), lang="ja")
    names = [n for n in button_names(page, "#setup") if "Bot" in n]
    assert names == ["Bot 1を外す", "Bot 2を外す"], names


@pytest.mark.parametrize(("lang", "want"), [
    ("en", ["Plant here: Blue into field 1", "Harvest field 1 (2 Blue)",
            "Harvest field 2 (3 Chili)", "Plant here: Blue into field 3"]),
    ("ja", ["ここに植える: 青豆を畑1へ", "畑1を売却（青豆2枚）",
            "畑2を売却（紅花インゲン3枚）", "ここに植える: 青豆を畑3へ"]),
], ids=["en", "ja"])
def test_each_fields_buttons_name_their_field(page: Any, server: str, lang: str,
                                               want: list[str]) -> None:
    """Phase 3 (R33): Bob plants Blue, which field 1 (Blue) and the empty field 3 take (R14);
    fields 1 and 2 may be harvested (R16). Each field's Plant here and Harvest was named by
    its word alone, alike in a screen reader's list of buttons; each names its field and what
    it plants or sells."""
    g = P.game(phase="plant_traded", seats=[
        {}, {"to_plant": ["blue"], "fields": [["blue", 2], ["chili", 3], None]}, {}])
    you = g.view(1)["you"]
    assert you["plant_traded_fields"] == {"blue": [1, 3]} and you["harvestable"] == [1, 2]
    P.show(page, server, P.state(g, 1), lang=lang)
    names = button_names(page, "#fields")
    # the field's card is a button too (into an offer: "2 × Blue"), named for itself
    assert [n for n in names if "×" not in n] == want, names


# ------------------------------------------------------------------ 2. the trading line's words


# a pointer's word or a finger's: the line is read by people who use neither (a keyboard's
# Enter on a card, a screen reader's), and drags are the board's way too
GESTURES = re.compile(r"click|tap|クリック|タップ", re.I)


@pytest.mark.parametrize("touch", [False, True], ids=["pointer", "touch"])
@pytest.mark.parametrize(("lang", "active_line", "other_line"), [
    ("en", "Trading: pick cards to build an offer, wait for offers, or End trading.",
     "Ann is trading: pick cards to build an offer for Ann, or Not interested."),
    ("ja", "交渉: カードを選んでオファーを作るか、オファーを待つか、「交渉終了」。",
     "Annが交渉中: カードを選んでAnnへのオファーを作るか、「興味なし」。"),
], ids=["en", "ja"])
def test_the_trading_line_names_no_one_input(browser: Any, server: str, touch: bool, lang: str,
                                             active_line: str, other_line: str) -> None:
    """Phase 2 (R28): the line under the top bar said "click cards to build an offer" on a
    laptop and "tap cards" on a touch screen, though a card goes into the offer as well by
    Enter or Space on it (its row is a toolbar the arrows walk), and a screen reader's user
    neither clicks nor taps. It says pick: the active player with nothing to accept, and a
    player who may make an offer to her; in every language the board has."""
    active = P.game(phase="trade", face_up=["red", "blue"],
                    seats=[{"hand": ["soy"]}, {"hand": ["chili"]}, {"hand": ["stink"]}])
    assert active.view(0)["you"]["can_accept"] == []          # nothing to accept: build one
    context = {"is_mobile": True, "has_touch": True} if touch else {}
    with watched_page(browser, viewport={"width": 1280, "height": 800}, **context) as (pg, errors):
        P.show(pg, server, P.state(active, 0), lang=lang)
        assert pg.evaluate("matchMedia('(pointer: coarse)').matches") is touch
        assert status(pg) == active_line
        P.show(pg, server, P.state(active, 2), lang=lang)
        assert status(pg) == other_line
        for line in (active_line, other_line):
            assert not GESTURES.search(line), line
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 3. a finished game's room


@pytest.mark.parametrize(("lang", "tag", "free"), [
    ("en", "finished", "3 free seats for the next game"),
    ("ja", "終了", "次のゲームの空席3"),
], ids=["en", "ja"])
def test_a_finished_games_room_reads_finished_in_the_lobby(private_server: Any, browser: Any,
                                                           lang: str, tag: str, free: str) -> None:
    """A game played to its end (R39) leaves its room showing the result and taking seats for
    the next game. The lobby read it "waiting" (募集中), as a room whose game is still to
    begin, and its free seats as if they were in that game. Ann plays with two bots, leaves
    her seat to a bot (in a game a bot takes it over) and the bots play on to the end."""
    srv = private_server(bot_delay="0", park_bots_after="600")
    with watched_page(browser, viewport={"width": 1280, "height": 800}) as (pg, errors):
        pg.add_init_script(f"localStorage.setItem('bohnanza.name', 'Ann'); "
                           f"localStorage.setItem('bohnanza.lang', '{lang}')")
        pg.goto(srv.base + "/r/Ended")
        pg.click("#btn-join")
        pg.wait_for_function("window.__bohnanza.S.you && window.__bohnanza.S.you.seat === 0")
        for line in ("/addbot", "/addbot", "/start", "/leave"):
            reply = pg.evaluate("(t) => window.__bohnanza.net.say(t)", line)
            assert reply["ok"], (line, reply)
        pg.wait_for_function("window.__bohnanza.state.view && window.__bohnanza.state.view.phase === 'over'",
                             timeout=120_000)
        pg.goto(srv.base + "/")
        line = pg.locator('#rooms li[data-room="Ended"]')
        line.wait_for()
        assert line.locator(".tag").first.inner_text() == tag
        # 5 seats (§4a): the bots keep theirs, the seat Ann left goes between games
        assert line.locator(".free").inner_text() == free
        pg.screenshot(path=str(ARTIFACTS / f"board18-lobby-finished-{lang}.png"))
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 4. the walk through a game


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def test_the_phone_panels_sent_word_leaves_with_its_phase(browser: Any, server: str) -> None:
    """A phone's walk through a game (board18): Cleo sent an offer from the catalogue's panel,
    which said "Sent: your offer is in the market, above."; she left the panel open and the
    game went on: turns later it still said so, her offer long gone from the market (C13: an
    offer leaves when its owner no longer holds what it gives). The word stays while the
    phase it was sent in lasts, and goes with it."""
    g = P.trading()
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(g, 2))                           # Cleo, phase 2
        pg.locator('#catalogue-box .card[data-bean="stink"]').tap()
        pg.locator("#tap-panel .tap-give").tap()                    # Give +1 Stink
        pg.locator('#catalogue-box .card[data-bean="red"]').tap()
        pg.locator("#tap-panel .tap-want").tap()                    # Want +1 Red
        pg.locator("#tap-send").tap()
        assert pg.evaluate("window.__bohnanza.sent") == ["/offer stink for red"]
        P.say(g, 2, "/offer stink for red")                         # the server took it: #4
        pg.evaluate("m => window.__bohnanza.push(m)", P.state(g, 2))
        assert pg.locator("#tap-panel #tap-sent").count() == 1      # the same phase 2
        P.say(g, 2, "/withdraw 4")
        P.say(g, 0, "/done")                                         # phase 3, the offer gone
        assert g.view(2)["phase"] == "plant_traded"
        pg.evaluate("m => window.__bohnanza.push(m)", P.state(g, 2))
        assert pg.locator("#tap-panel").count() == 1                # the panel stays open
        assert pg.locator("#tap-sent").count() == 0, pg.locator("#tap-panel").inner_text()
        assert_clean(pg, errors)


# the name of each button that is not a card (a card's name is its bean: two Blue cards in a
# hand are alike), as the accessibility tree has it: the aria-label, else the text
CONTROL_NAMES = """() => [...document.querySelectorAll('button, [role=button]')]
  .filter((b) => !b.closest('.card') && b.getClientRects().length)
  .map((b) => (b.getAttribute('aria-label') || b.innerText).trim().replace(/\\s+/g, ' '))"""


def test_the_news_close_and_the_bean_panels_close_differ(browser: Any, server: str) -> None:
    """On a phone in phase 2, Bob's harvest in the news bar (its ×) and a catalogue bean's
    panel open (its Close): a screen reader's list of buttons read "Close, Close". The news
    bar's × is named for what it closes; no two controls on the board share a name."""
    g = P.game(phase="trade", face_up=["red", "blue"], seats=[
        {"hand": ["soy"]}, {"hand": ["chili"], "fields": [["blue", 4], None]}, {"hand": ["stink"]}])
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(g, 2))
        entries = P.log_entries(g, "/harvest 1", 1, 2, "en")       # Bob sells 4 Blue (R18)
        pg.evaluate("m => window.__bohnanza.push(m)", P.state(g, 2))
        pg.evaluate("es => window.__bohnanza.log({type: 'log', entries: es})", entries)
        pg.locator("#news .news-close").wait_for()
        pg.locator('#catalogue-box .card[data-bean="red"]').tap()
        pg.locator("#tap-panel .tap-close").wait_for()
        names = pg.evaluate(CONTROL_NAMES)
        assert "Close the news" in names and "Close" in names, names
        assert len(names) == len(set(names)), sorted(names)
        assert_clean(pg, errors)
