"""A connection the network leaves, from the browser's side (break11): a page whose network
is gone keeps its WebSocket "open" (nothing arrives, nothing closes it), so the board must
notice by itself, say so, and come back to the server's state once the network returns,
without a command applied twice and without calling a command lost that the server took."""

from __future__ import annotations

from typing import Any

import pytest

from .e2e_board import Player, slow_frames, sync, watched_page
from .test_e2e_farm_hidden import _seat_ann_and_say
from .test_e2e_trial_faults import close, table

pytestmark = pytest.mark.browser

# the watchdog's times, short for the test (the page's own: net.js quietMs, deadMs)
QUICK = "(() => { const n = window.__bohnanza.net; n.quietMs = 1000; n.deadMs = 1500; })()"
CONN = "document.querySelector('#conn').textContent"


def say(p: Player, text: str) -> None:
    p.page.fill("#chat-input", text)
    p.page.press("#chat-input", "Enter")


def common(view: dict[str, Any]) -> dict[str, Any]:
    """What every seat sees alike."""
    return {k: view[k] for k in ("phase", "active", "planted", "face_up", "offers")} | {
        "seats": [{k: s[k] for k in ("name", "hand_count", "fields", "coins")}
                  for s in view["seats"]]}


def test_an_offline_page_says_so_and_comes_back_to_the_servers_state(
        server: str, browser: Any) -> None:
    """Before: the page went on saying nothing (the socket stayed open), showed Ann still
    planting after she had planted, and once the network was back it never caught up."""
    players = table(browser, server, "gone1", ["Ann", "Bob", "Cy"])
    ann, bob, cy = players
    assert ann.you()["seat"] == ann.view()["active"]
    bob.page.evaluate(QUICK)
    bob.page.context.set_offline(True)
    bob.wait(f"{CONN} !== ''")                      # the page says it is not connected
    # and its status line gives no advice on a state that may be gone ("Ann is planting.")
    assert "Connection lost" in bob.page.locator("#status").inner_text()
    v = ann.version()
    ann.act(lambda: say(ann, "/plant"))             # the table plays on meanwhile
    assert ann.version() > v
    bob.page.context.set_offline(False)
    bob.wait(f"window.__bohnanza.S.connected && {CONN} === ''")
    sync(players)
    assert common(bob.view()) == common(ann.view())
    assert bob.view()["planted"] == 1
    assert "Connection lost" not in bob.page.locator("#status").inner_text()
    close(players)


def test_a_command_sent_into_a_gone_network_is_applied_once_and_said_truly(
        server: str, browser: Any) -> None:
    """Ann plants while her network is gone. Before: no reply ever came (the page stayed dead
    until a reload). Now: the page gives the connection up, says it cannot tell whether the
    command was taken, and shows the server's state: one card planted, never two."""
    players = table(browser, server, "gone2", ["Ann", "Bob", "Cy"])
    ann, bob, cy = players
    ann.page.evaluate(QUICK)
    ann.page.context.set_offline(True)
    reply = ann.page.evaluate(   # its answer, at last (before: none, ever; bounded here)
        "Promise.race([window.__bohnanza.net.say('/plant'),"
        " new Promise((r) => setTimeout(() => r({code: 'no answer'}), 20000))])")
    assert reply["code"] == "disconnected"
    ann.page.context.set_offline(False)
    ann.wait(f"window.__bohnanza.S.connected && {CONN} === ''")
    sync(players)
    planted = bob.view()["planted"]
    assert planted in (0, 1)                        # taken or not: once at most
    assert ann.view()["planted"] == planted
    assert common(ann.view()) == common(bob.view())
    # what the page says of a command lost so: not "Disconnected" (before: it said that of a
    # plant the server had made), but that it cannot tell
    ann.page.context.set_offline(True)
    say(ann, "/want blue")
    bubble = ann.page.locator(".error-bubble")
    bubble.wait_for()
    assert "may or may not" in bubble.inner_text(), bubble.inner_text()
    ann.page.context.set_offline(False)
    ann.wait(f"window.__bohnanza.S.connected && {CONN} === ''")
    sync(players)
    assert common(ann.view()) == common(bob.view())
    close(players)


# every frame from the server reaches the page's code late (a slow network), in order
SLOW = slow_frames(1200)


def test_a_press_repeated_before_the_answer_is_not_sent_again(server: str,
                                                              browser: Any) -> None:
    """On a slow network Ann presses Plant, nothing seems to happen, she presses again.
    Before: both were sent; the second planted her next card too (the optional second plant)
    and ended her planting. Now the repeat of a command still waiting for its answer is not
    sent; one pressed after the answer is drawn is, as always."""
    players = table(browser, server, "slow1", ["Ann", "Bob", "Cy"])
    ann, bob, cy = players
    ann.page.context.add_init_script(SLOW)
    ann.page.reload()
    ann.wait("window.__bohnanza.S.connected && window.__bohnanza.state.view")
    sync(players)
    hand = ann.you()["hand"]
    plant = ann.page.locator("button.btn.primary", has_text="Plant").first
    n = ann.page.evaluate("window.__bohnanza.replies.length")
    plant.click()
    plant.click()
    ann.wait(f"window.__bohnanza.replies.length > {n} && window.__bohnanza.net.pending.size === 0")
    sync(players)
    assert ann.page.evaluate("window.__bohnanza.sent.slice(-2)").count("/plant") == 1
    view = bob.view()
    assert (view["phase"], view["planted"]) == ("plant", 1)
    assert ann.you()["hand"] == hand[1:]
    # after the answer, the same press is sent (the second plant is the person's to make)
    ann.act(lambda: plant.click())
    sync(players)
    assert bob.view()["phase"] == "trade"
    close(players)


def test_the_farm_board_says_it_is_offline_too(server: str, browser: Any) -> None:
    """The farm game's status line (farm/board.js farmStatus) went on saying "Preparation:
    transform and plant…" with the network gone, where Bohnanza's says the connection is lost
    (the lead's review of break11, 5 Dec 2026)."""
    with watched_page(browser) as (pg, errors):
        _seat_ann_and_say(pg, server, "gone-farm", [
            "/option game farm", "/addbot", "/addbot", "/start"])
        pg.wait_for_function("window.__bohnanza.S.view && window.__bohnanza.S.view.game === 'farm'")
        status = pg.locator("#status")
        assert "Connection lost" not in status.inner_text()
        pg.evaluate(QUICK)
        pg.context.set_offline(True)
        pg.wait_for_function(f"{CONN} !== ''")
        pg.wait_for_function(
            "document.querySelector('#status').textContent.includes('Connection lost')")
        pg.context.set_offline(False)
        pg.wait_for_function(f"window.__bohnanza.S.connected && {CONN} === ''")
        pg.wait_for_function(
            "!document.querySelector('#status').textContent.includes('Connection lost')")
        assert "Preparation" in status.inner_text(), status.inner_text()
        assert not errors, errors
