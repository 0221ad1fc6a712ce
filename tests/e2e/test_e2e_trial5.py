"""The fifth new-user trial's hesitations (/tmp/trial5 report), each in English and Japanese.

The states are built by the real engine (tests/e2e/positions.py) and shown on the sample
board; the expected words and conditions come from rules.md and the trial's list, not from
what the page printed.
"""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import ARTIFACTS, assert_clean, watched_page

pytestmark = pytest.mark.browser

LAPTOP = {"viewport": {"width": 1366, "height": 768}, "locale": "en-US"}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "locale": "ja-JP"}


# ------------------------------------------------------------------ 1. face-up or hand card


@pytest.mark.parametrize(("lang", "note", "ctx"), [
    ("en", "A face-up Chili you keep must be planted this turn (phase 3); a Chili from your "
           "hand stays in your hand.", LAPTOP),
    ("ja", "表向きの紅花インゲンは、渡さずに残すとこの手番のフェーズ3で植えます。"
           "手札の紅花インゲンは手札に残ります。", PHONE)], ids=["en-1366", "ja-390"])
def test_the_hand_over_says_what_a_face_up_card_kept_means(browser: Any, server: str, lang: str,
                                                            note: str, ctx: dict[str, Any]) -> None:
    """Trial item 1: Ann (active) owed a Chili, asked "Pick Chili from: face-up 1 / hand 2"
    with no word on what the choice changes. A face-up card kept is planted this turn (R32,
    R33); a hand card stays in the hand (R29). The note sits under the choice, in view."""
    g = P.game(phase="trade", face_up=["chili"],
               seats=[{"hand": ["green", "chili"]}, {"hand": ["stink"]}, {"hand": ["soy"]}])
    P.say(g, 2, "/offer soy for chili")
    P.say(g, 0, "/accept 1")
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(g, 0), lang=lang)
        chips = pg.locator("#deal-sources .source-chip")
        assert [chips.nth(i).get_attribute("data-ref") for i in range(chips.count())] == ["u1", "h2"]
        box = pg.locator("#deal-face-up-note")
        box.scroll_into_view_if_needed()
        assert box.is_visible() and box.inner_text().strip() == note
        pg.screenshot(path=str(ARTIFACTS / f"trial5-deal-face-up-{lang}.png"))
        P.show(pg, server, P.state(g, 2), lang=lang)        # Cleo gives no face-up card
        assert pg.locator("#deal-face-up-note").count() == 0
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 8. the giver of a gift


@pytest.mark.parametrize(("seat", "lang", "cls", "line"), [
    (1, "en", "gave-news", "You gave 1 Green to Ann as a gift."),
    (1, "ja", "gave-news", "Annにいんげん豆1枚を贈りました。"),
    (0, "en", "got-news", "You got 1 Green from Bob: plant it in phase 3.")])
def test_the_giver_of_a_gift_reads_what_went(browser: Any, server: str, seat: int, lang: str,
                                             cls: str, line: str) -> None:
    """Trial item 8: Cleo gave Bob a face-up card as a gift and read only "Offer #2 was
    traded." A gift (R30: one side gives nothing) tells the giver what went to whom; the
    receiver reads what it got, to plant in phase 3 (R12, R33)."""
    g = P.game(phase="trade", face_up=["red"],
               seats=[{"hand": ["soy"]}, {"hand": ["chili", "green"]}, {"hand": ["stink"]}])
    P.say(g, 1, "/offer green for nothing")
    with watched_page(browser, **LAPTOP) as (pg, errors):
        P.show_with_log(pg, server, g, seat, [(0, "/accept 1")], lang)   # one Green: it goes at once
        assert g.view(seat)["deal"] is None
        news = pg.locator("#market .offer-news ." + cls)
        assert news.count() == 1 and news.inner_text().strip() == line, \
            pg.locator("#market .offer-news").all_inner_texts()
        other = "got-news" if cls == "gave-news" else "gave-news"
        assert pg.locator("#market .offer-news ." + other).count() == 0
        if lang == "ja":
            pg.locator("#market").scroll_into_view_if_needed()
            pg.screenshot(path=str(ARTIFACTS / "trial5-gave-gift-ja.png"))
        assert_clean(pg, errors)
