"""The harness's leak scan itself (tests/server/harness.py::leak_scan): it must hold each
frame to the seat its client held when the frame came (R41: a seat sees only its own drawn
cards), so a client whose seat changes mid-stream is neither falsely accused nor let off."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .harness import Client, leak_scan


def _welcome(seat: int | None) -> str:
    return json.dumps({"type": "welcome", "you": {"seat": seat, "token": None, "name": "a"}})


def _draw_log(version: int, seat: int) -> str:
    entry: dict[str, Any] = {"kind": "draw", "seat": seat, "cards": ["Blue", "Wax"]}
    return json.dumps({"type": "log", "version": version, "entries": [entry]})


def _client(frames: list[str], seat: int | None) -> Client:
    c = Client("ws://unused")
    c.frames = frames
    c.seat = seat  # what the client held at the end
    return c


def test_frames_before_a_seat_change_are_held_to_the_earlier_seat() -> None:
    # seat 1's own draw (its cards shown to it, R41) came while it was seat 1; later it
    # holds seat 2 (renumbered between games): no leak
    frames = [_welcome(1), _draw_log(3, 1), _welcome(2), _draw_log(9, 2)]
    assert leak_scan(_client(frames, 2), []) == 4


def test_another_seats_drawn_cards_are_caught_under_the_seat_then_held() -> None:
    # seat 2's draw with its cards reached the client while it held seat 1: a leak, even
    # though the client holds seat 2 at the end
    frames = [_welcome(1), _draw_log(3, 2), _welcome(2)]
    with pytest.raises(AssertionError, match="someone else's draw"):
        leak_scan(_client(frames, 2), [])


def test_a_spectator_sees_no_seats_drawn_cards() -> None:
    frames = [_welcome(None), _draw_log(3, 0)]
    with pytest.raises(AssertionError, match="someone else's draw"):
        leak_scan(_client(frames, 0), [])
