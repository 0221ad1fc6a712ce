"""The sixth new-user trial's leftovers (docs/trial.md, "A sixth trial", the "Left" list):
the market's news of a deal and of an offer its owner kept, and a full market at 1366x768.

The states are built by the real engine (tests/e2e/positions.py) and shown on the sample
board; the expected words come from the trial's list and rules.md (R30-R33), not from what
the page printed.
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


def news_lines(pg: Any) -> list[str]:
    return [x.strip() for x in pg.locator("#market .offer-news div").all_inner_texts()]


# ------------------------------------------------------------------ 1. who traded what with whom


@pytest.mark.parametrize(("lang", "ctx", "line"), [
    ("en", LAPTOP, "Ann and Bob traded: 1 Red for 1 Chili"),
    ("ja", PHONE, "AnnとBobがトレードしました: 赤豆1枚と紅花インゲン1枚"),
], ids=["en-1366", "ja-390"])
def test_a_bystander_reads_who_traded_what_with_whom(
        browser: Any, server: str, lang: str, ctx: dict[str, Any], line: str) -> None:
    """Trial item 6: Bob and Dee read "Offer #1 was traded.", naming neither the parties nor
    the cards. Ann's face-up Red for Bob's Chili (Bob's yes #2 to Ann's #1; the deal is done
    when Bob hands over, R31): Cleo, who watched, reads one line for the deal (both offers
    were traded, R30); Ann, a party, reads what she got and no second line."""
    with watched_page(browser, **ctx) as (pg, errors):
        P.show_with_log(pg, server, P.dealing(), 2, [(1, "/provide h1")], lang=lang)
        assert news_lines(pg) == [line], news_lines(pg)
        pg.locator("#market").scroll_into_view_if_needed()
        pg.screenshot(path=str(ARTIFACTS / f"trial6b-deal-news-{lang}.png"))
        P.show_with_log(pg, server, P.dealing(), 0, [(1, "/provide h1")], lang=lang)
        got = ("You got 1 Chili from Bob: plant it in phase 3." if lang == "en"
               else "Bobから紅花インゲン1枚をもらいました: フェーズ3で植えます。")
        assert news_lines(pg) == [got], news_lines(pg)
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 2. the offer its owner kept


@pytest.mark.parametrize(("lang", "ctx", "mine", "theirs"), [
    ("en", LAPTOP, "Offer #1 ended: the face-up cards are yours to plant (phase 3).",
     "Offer #1 ended: Ann keeps the face-up cards to plant (phase 3)."),
    ("ja", PHONE, "オファー#1は終わりました: 表向きのカードはあなたのものです（フェーズ3で植えます）。",
     "オファー#1は終わりました: 表向きのカードはAnnが植えます（フェーズ3）。"),
], ids=["en-1366", "ja-390"])
def test_an_offer_of_kept_face_up_cards_says_they_are_to_plant(
        browser: Any, server: str, lang: str, ctx: dict[str, Any], mine: str,
        theirs: str) -> None:
    """Trial item 7: Cleo offered both face-up Soys, nobody took them, she ended trading and
    read "gone: its owner no longer holds the cards" while the Soys sat in her to-plant row.
    Face-up cards nobody takes go to the active player's to-plant area (R32), planted in
    phase 3 (R33): her offer of them ends, and says so."""
    def ended(seat: int) -> None:
        g = P.game(phase="trade", face_up=["soy", "soy"],
                   seats=[{"hand": ["red"]}, {"hand": ["blue"]}, {"hand": ["chili"]}])
        P.say(g, 0, "/offer 2 soy for blue")
        P.show_with_log(pg, server, g, seat, [(0, "/done")], lang=lang)
        assert g.view(0)["you"]["to_plant"] == ["soy", "soy"] and g.view(0)["offers"] == []

    with watched_page(browser, **ctx) as (pg, errors):
        ended(0)
        assert news_lines(pg) == [mine], news_lines(pg)
        pg.locator("#market").scroll_into_view_if_needed()
        pg.screenshot(path=str(ARTIFACTS / f"trial6b-kept-offer-{lang}.png"))
        ended(1)
        assert news_lines(pg) == [theirs], news_lines(pg)
        assert_clean(pg, errors)


# ------------------------------------------------------------------ 3. four offers at 1366x768


def four_offers() -> Any:
    """Phase 2, Ann active with two face-up Soys: her offer of both (tagged "face-up 1,
    face-up 2", R29) and three offers to her, from Bob and Cleo (R28)."""
    g = P.game(phase="trade", face_up=["soy", "soy"], seats=[
        {"hand": ["red", "green", "stink"], "fields": [["blue", 2], ["chili", 3]]},
        {"hand": ["chili", "green", "blue"], "fields": [["soy", 2], None]},
        {"hand": ["blue", "blackeyed"]}])
    for seat, text in [(0, "/offer 2 soy for blue"), (1, "/offer chili for red"),
                       (2, "/offer blackeyed for green"), (1, "/offer green for stink")]:
        P.say(g, seat, text)
    return g


INSIDE = """(sel) => [...document.querySelectorAll(sel)].map((e) => {
  const o = e.closest('.offer').getBoundingClientRect(); const r = e.getBoundingClientRect();
  return r.left >= o.left - 0.5 && r.right <= o.right + 0.5 && r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5; })"""


@pytest.mark.parametrize(("lang", "ctx", "seat"), [("en", LAPTOP, 0), ("en", LAPTOP, 1),
                                                   ("ja", PHONE, 0)],
                         ids=["en-1366-active", "en-1366-other", "ja-390"])
def test_four_offers_stand_whole_with_their_tags(
        browser: Any, server: str, lang: str, ctx: dict[str, Any], seat: int) -> None:
    """Trial items 11 and 12: at 1366x768 a market of four offers scrolled inside itself,
    cutting the first row's heads, and the "face-up 1, face-up 2" tag of an offer stuck out
    of its card. Four offers stand whole, no inner scroll, with the fields in view; every
    face-up tag lies inside its offer."""
    with watched_page(browser, **ctx) as (pg, errors):
        P.show(pg, server, P.state(four_offers(), seat), lang=lang)
        tags = "#market .offer .card .label"
        assert pg.locator(tags).count() >= 1
        pg.locator("#market").scroll_into_view_if_needed()
        pg.screenshot(path=str(ARTIFACTS / f"trial6b-four-offers-{lang}-{seat}.png"))
        assert all(pg.evaluate(INSIDE, tags)), pg.locator(tags).all_inner_texts()
        if ctx is LAPTOP:
            P.show(pg, server, P.state(four_offers(), seat), lang=lang)
            pg.evaluate("window.scrollTo(0, 0)")
            box = pg.evaluate("""(() => { const e = document.querySelector('#market .offers');
              return [e.scrollHeight, e.clientHeight]; })()""")
            assert box[0] <= box[1] + 1, box                     # no scroll inside the market
            for sel in ("#market .offer-head", "#fields .field .card", "#hand .card"):
                for i in range(pg.locator(sel).count()):
                    b = pg.locator(sel).nth(i).bounding_box()
                    assert b and b["y"] >= 0 and b["y"] + b["height"] <= 768, (sel, i, b)
            pg.screenshot(path=str(ARTIFACTS / f"trial6b-four-offers-top-{seat}.png"))
        assert_clean(pg, errors)
