"""A phone (390 x 844, touch): every control a finger presses is at least 24 x 24 CSS px
(WCAG 2.5.8). The phase button (18 px high while it waited), the language switch, Build an
offer, Withdraw, Answer and a deal's card chips were 16-21 px high (a phone player's trial).
A box inside its label counts as the label (a press on the words ticks it)."""

from __future__ import annotations

from typing import Any

import pytest

from . import positions as P
from .e2e_board import drawn, watched_page

pytestmark = pytest.mark.browser

SMALL = """() => [...document.querySelectorAll(
    'button, a[href], input, select, textarea, [role=button], [tabindex="0"]')].flatMap(e => {
  const t = e.matches('input') && e.closest('label') ? e.closest('label') : e;
  const r = t.getBoundingClientRect();
  if (!e.getClientRects().length || !r.width || e.closest('#log, #chat')) return [];
  return r.width < 24 || r.height < 24
    ? [(e.id ? '#' + e.id : e.tagName + '.' + [...e.classList].join('.')) + ` ${r.width}x${r.height}`] : [];
})"""


@pytest.fixture(scope="module")
def board(browser: Any) -> Any:
    with watched_page(browser, viewport={"width": 390, "height": 844}, has_touch=True,
                      is_mobile=True, locale="en-US") as b:
        yield b


@pytest.mark.parametrize(("make", "seat"), [
    (P.plant_first, 0), (lambda: P.plant_no_fit(3), 0), (P.trading, 0), (P.trading, 1),
    (P.dealing, 1), (P.planting_traded, 1), (P.over, 0)])
def test_every_target_takes_a_finger(page: Any, server: str, make: Any, seat: int) -> None:
    P.show(page, server, P.state(make(), seat))
    drawn(page)
    assert page.evaluate(SMALL) == []


def test_every_target_takes_a_finger_before_the_start(page: Any, server: str) -> None:
    P.show(page, server, P.before_start_bots(0))
    drawn(page)
    assert page.evaluate(SMALL) == []
