"""Dragging a card over a text selection: the press must start our drag, not the browser's
drag of the selected text (which cancelled ours, so the card could not be planted)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SAMPLE = Path(__file__).resolve().parents[2] / "web" / "dev" / "sample-plant.json"


def test_drag_over_a_text_selection(server: str, browser: Any) -> None:
    msg = json.loads(SAMPLE.read_text())
    v = msg["view"]
    you = v["you"]
    # phase 3 with a black-eyed card to plant: its two-line name lies under the pointer
    v["phase"] = "plant_traded"
    you.update(waiting_for="plant_traded", to_plant=["blackeyed"], plant_fields=[],
               plant_traded_fields={"blackeyed": [2]})
    v["seats"][you["seat"]]["to_plant"] = ["blackeyed"]
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="en-US")
    try:
        page = ctx.new_page()
        page.route("**/dev/sample-plant.json", lambda r: r.fulfill(
            body=json.dumps(msg), content_type="application/json"))
        page.goto(server + "/r/dnd?sample=sample-plant")   # the sample board: commands are kept
        card = page.locator('#to-plant .card[data-toplant="0"]')
        card.wait_for()
        # a selection from the hand's title down to the fields, as a stray mouse drag leaves
        page.evaluate("""() => { const r = document.createRange();
            r.setStartBefore(document.querySelector('#hand .box-head'));
            r.setEndAfter(document.querySelector('#fields'));
            getSelection().removeAllRanges(); getSelection().addRange(r); }""")
        assert page.evaluate("getSelection().toString()").strip()
        card.drag_to(page.locator('#fields .field[data-field="2"]'))
        page.wait_for_function("window.__bohnanza.sent.length > 0", timeout=3000)
        assert page.evaluate("window.__bohnanza.sent") == ["/plant blackeyed 2"]
    finally:
        ctx.close()
