"""An offer line costs work in proportion to its length (break round 18).

``/offer`` reads bean names of several words (``2 rote bohnen``) by trying the longest run of
words first. Every run from every word was folded and looked up, so a line of 400 characters
(120 words ``赤豆``) folded about a million characters and took half a second of the event loop:
ten such lines a second from one address (the default rate) stalled every room of the server
for seconds (a ``/who`` elsewhere waited 13 s). The work is counted here, not timed.
"""

from __future__ import annotations

from typing import Any

import pytest

from bohnanza.commands import beans, offers
from bohnanza.commands.errors import ParseError
from bohnanza.commands.parse import parse

LINES = [
    "/offer " + " ".join(["赤豆"] * 120) + " for ?",
    "/offer " + " ".join(["red"] * 95) + " for ?",
    "/offer ? for " + " ".join(["blue"] * 70) + " zz",
    "/offer " + " ".join(["r", "-"] * 95) + " for ?",
]


@pytest.mark.parametrize("line", LINES)
def test_an_offer_line_folds_a_bounded_number_of_characters(
        line: str, monkeypatch: pytest.MonkeyPatch) -> None:
    folded = [0]
    real = beans.alias_key

    def counting(text: str) -> str:
        folded[0] += len(text)
        return real(text)

    monkeypatch.setattr(beans, "alias_key", counting)
    monkeypatch.setattr(offers, "alias_key", counting, raising=False)
    assert len(line) <= 400
    try:
        parse(line)
    except ParseError:
        pass
    # a few passes over the line at most (before: 1.3 million characters for the first)
    assert folded[0] <= 20 * len(line), folded[0]


@pytest.mark.parametrize("line, give", [
    ("/offer 2 rote bohnen, red for ?", {"red": 3}),
    ("/offer b l u e for ?", {"blue": 1}),
    ("/offer black eyed, blue x3 for ?", {"blue": 3, "blackeyed": 1}),
    ("/offer 赤豆2枚 青豆 for ?", {"blue": 1, "red": 2}),
    ("/offer scarlet runner bean for ?", {"chili": 1}),
    ("/offer black - eyed for ?", {"blackeyed": 1}),
])
def test_bean_names_of_several_words_still_read(line: str, give: Any) -> None:
    cmd = parse(line)
    assert cmd.action.give == give  # type: ignore[attr-defined]
