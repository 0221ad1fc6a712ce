"""The discards lie face up beside their piles and every seat may see them (farm-rules.md G5,
G31: "Public: ... discards (face up)"). The view holds their faces, but the board showed only
how many lay beside each pile ("L1 root 8 (+2)"), so a person at the board could not see which
cards were gone (found by farm19). A pile's tip now names them, newest first, in the reader's
words (the glossary, farm-rules.md §5)."""

from __future__ import annotations

from typing import Any

import pytest

from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser

TIMEOUT = 30_000
LAPTOP = {"viewport": {"width": 1366, "height": 768}}
# farm-rules.md §3 [cards]: the Japanese names of the categories and attributes
JA = {"root": "根菜", "leaf": "葉菜", "fruit": "果菜", "shape": "形状", "color": "彩り",
      "size": "大きさ", "weight": "重さ", "nutrition": "栄養", "flavor": "風味", "texture": "食感",
      "aroma": "香り"}


def _words(card: str, lang: str) -> str:
    if lang == "en":
        return card
    level, cat, rest = card.split(" ")
    attr, bonus = rest.split("+")
    return f"{level} {JA[cat]} {JA[attr]}+{bonus}"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_piles_tip_names_the_discards_beside_it(browser: Any, server: str, lang: str) -> None:
    with watched_page(browser, **LAPTOP) as (pg, errors):
        pg.add_init_script(f"localStorage.setItem('bohnanza.lang', '{lang}');"
                           "localStorage.setItem('bohnanza.name', 'Ann')")
        pg.goto(f"{server}/r/e2e-farm-discards-{lang}")
        pg.click("#btn-join")
        pg.wait_for_function("window.__bohnanza.S.roomInfo.start_seats === 1", timeout=TIMEOUT)
        for text in ["/option game farm", "/addbot Bo shipper", "/start"]:
            reply = pg.evaluate(f"window.__bohnanza.net.say({text!r})")
            assert reply["ok"], (text, reply)
        pg.wait_for_function("window.__bohnanza.S.view && window.__bohnanza.S.view.game === 'farm'",
                             timeout=TIMEOUT)
        hand = pg.evaluate("window.__bohnanza.S.view.you.hand")
        # F14: two level-1 cards for one of level 1; both go face up beside their piles (F13)
        reply = pg.evaluate("window.__bohnanza.net.say('/transform h1 h2 for L1 leaf')")
        assert reply["ok"], reply
        gone = hand[:2]
        for card in gone:
            pile = " ".join(card.split(" ")[:2])
            sel = f'#farm .pile-row .pile[data-pile="{pile}"]'
            pg.wait_for_function(
                f"(document.querySelector({sel!r}) || {{}}).title?.includes({_words(card, lang)!r})",
                timeout=TIMEOUT)
        assert_clean(pg, errors)
