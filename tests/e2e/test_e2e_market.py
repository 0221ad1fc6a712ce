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

from . import positions as P

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def board(browser: Any) -> Any:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg, errors
    ctx.close()


@pytest.fixture()
def page(board: Any) -> Any:
    pg, errors = board
    pg.keyboard.press("Escape")
    yield pg
    assert not errors, errors
    assert pg.evaluate("window.__bohnanza ? [...window.__bohnanza.missing] : []") == []


def status(page: Any) -> str:
    return page.locator("#status").inner_text().strip()


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
    assert line.startswith("Plant Blue first"), line
    assert "No field fits Green yet" in line and "harvest a field" in line, line
    P.show(page, server, P.state(g, 1), lang="ja")
    line = status(page)
    assert line.startswith("まず青豆を植えて"), line
    P.say(g, 1, "/plant blue 1")                      # now no card fits: harvest (R15)
    P.show(page, server, P.state(g, 1))
    assert status(page).startswith("No field fits Green: harvest a field"), status(page)


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
    get = page.locator("#deal-window .deal-row.get").inner_text()
    assert "gift to Cleo" in get and "provided" not in get, get
    P.show(page, server, P.state(g, 2))
    give = page.locator("#deal-window .deal-row.give").inner_text()
    assert "Ann gives you this as a gift" in give and "Hand over" not in give, give
    get = page.locator("#deal-window .deal-row.get").inner_text()
    assert "Green" in get or page.locator('#deal-window .deal-row.get .card[data-bean="green"]').count()
