"""What a new user (trial user8, README only, laptop and phone, English and Japanese) found on
the board, one test each:

a. the bean duel has no trading (rules.md §3a: the server refuses offers and supply-and-demand
   markers, ``no_trading``), yet its bean catalogue offered "? any card" with a hint about
   asking the other player for cards, a click on a bean put it into an offer nobody could see
   or send, and a tap opened Want +1 / Give +1 / Mark buttons ("You get 1 × Coffee in your
   offer"). The duel's catalogue is the beans and their beanometers only; the classic game's
   keeps all of it.

Boards are shown on the sample board from real engine positions (positions.py): the view's
hints (``you.can_offer``) are the server's.
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1366, "height": 768}}

DRAFT = "JSON.stringify(window.__bohnanza.S.draft)"


# ------------------------------------------------------------------ a. no trading in the duel


@pytest.mark.parametrize("phase", ["plant", "plant_offer", "plant_revealed"])
def test_the_duels_catalogue_asks_for_no_cards(browser: Any, server: str, phase: str) -> None:
    g = P.duel(phase)
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show(pg, server, P.state(g, g.active))
        assert pg.locator("#catalogue-box .card.cat").count() > 0     # the beans stay
        assert pg.locator("#catalogue-ask").count() == 0               # no "? any card"
        assert pg.locator("#catalogue-ask-hint").count() == 0          # nor its word
        before = pg.evaluate(DRAFT)
        card = pg.locator("#catalogue-box .card.cat").first
        card.click()                                                    # left: was "want"
        card.click(button="right")                                      # right: was "give"
        assert pg.evaluate(DRAFT) == before                             # no offer built unseen
        assert pg.evaluate("window.__bohnanza.sent") == []             # and nothing sent
        assert pg.locator("#offer-window").is_hidden()
        assert_clean(pg, errors)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tap_on_a_duel_bean_shows_its_beanometer_only(browser: Any, server: str,
                                                        lang: str) -> None:
    g = P.duel("plant")
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(g, g.active), lang=lang)
        pg.locator("#catalogue-box .card.cat").first.tap()
        panel = pg.locator("#tap-panel")
        panel.wait_for()
        assert panel.locator(".meter-sub").count() == 1                 # what the bean pays
        assert panel.locator(".tap-want, .tap-give").count() == 0       # no offer to add to
        assert panel.locator(".tap-btns").count() == 0                   # no markers (refused)
        assert panel.locator(".tap-note").count() == 0
        assert pg.evaluate("window.__bohnanza.sent") == []
        assert_clean(pg, errors)


def test_the_classic_catalogue_still_trades(browser: Any, server: str) -> None:
    # phase 2 of the classic game (R28): "? any card", its hint, Want +1 and the markers stay
    with watched_page(browser, **PHONE) as (pg, errors):
        P.show(pg, server, P.state(P.trading(), 0))
        assert pg.locator("#catalogue-ask").count() == 1
        assert pg.locator("#catalogue-ask-hint").count() == 1
        pg.locator("#catalogue-box .card.cat").first.tap()
        panel = pg.locator("#tap-panel")
        panel.wait_for()
        assert panel.locator(".tap-want").count() == 1 and panel.locator(".tap-give").count() == 1
        panel.locator(".tap-want").tap()
        assert pg.evaluate(DRAFT) != '{"give":{},"want":{}}'
        assert_clean(pg, errors)
