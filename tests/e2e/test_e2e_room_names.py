"""The lobby and a new room's name (``server/roomnames.py``): the form says a name ending in
- or _ is no room name before it is sent, and a name that looks like a room here opens a page
that says so and links that room (a session breaking the server, 4 Dec 2026: ``beansx`` was
made beside ``Beansx``)."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from .e2e_board import assert_clean, watched_page

pytestmark = pytest.mark.browser


def test_the_lobby_form_refuses_a_name_ending_in_a_dash(browser: Any, server: str) -> None:
    with watched_page(browser) as (pg, errors):
        pg.goto(server + "/")
        room = pg.locator("#lobby-room")
        for typed, ok in (("new_", False), ("new-", False), ("new_x", True), ("豆の部屋", True),
                          ("_new", False), ("a", True)):
            room.fill(typed)
            assert room.evaluate("(e) => e.checkValidity()") is ok, typed
        assert_clean(pg, errors)


def test_a_lookalike_room_name_opens_a_page_that_links_the_room(browser: Any, server: str) -> None:
    first = "Look" + secrets.token_hex(3)
    with watched_page(browser) as (pg, errors):
        pg.goto(server + "/")                            # the room made by opening it
        pg.fill("#lobby-name", "Ann")
        pg.fill("#lobby-room", first)
        pg.click("#lobby-open")
        pg.wait_for_selector("#btn-join", timeout=15_000)
        other = browser.new_page()
        try:
            other.goto(server + "/")
            other.fill("#lobby-name", "Eve")
            other.fill("#lobby-room", first.lower())      # the same name in small letters
            other.click("#lobby-open")
            other.wait_for_selector("#bad-room h1")
            assert other.locator("#bad-room h1").inner_text() == "Choose another room name"
            assert first in other.locator("#bad-room").inner_text()
            other.locator("#lookalike-room").click()     # on to the room it looks like
            other.wait_for_url(f"**/r/{first}")
            other.wait_for_selector("#name-input:visible, #btn-join:visible", timeout=15_000)
        finally:
            other.close()
        assert_clean(pg, errors)
