"""The lobby's line of one room (``/api/rooms``, ``/api/rooms/{name}``): who sits where, who
is connected, the seats still free. A parked room (parking.py) keeps the line it had as it
parked, marked ``resting`` with nobody connected: a friend given the room's link is told who
sits there before the room wakes (it said "Nobody is seated yet." of a resting game)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .room import Room


def room_line(room: Room, resting: bool = False) -> dict[str, Any]:
    """``room``'s line; ``resting``: parked (nobody connected, its game in storage)."""
    lo, hi = room.player_range()
    game = room.table.game
    seated = [s for s in room.seats if not s.vacant]
    free = sum(1 for s in room.seats if s.vacant) if room.running else hi - len(seated)
    line: dict[str, Any] = {
        "room": room.name,
        "seats": [s.name for s in seated],
        # the bots among those seats: a seat a leaver's bot plays is a free seat (in a game,
        # /join takes it over) or gone (between games), not one more bot (newuser17)
        "bots": sum(1 for s in seated if s.bot is not None and not s.human),
        "running": room.running,
        # a game played to its end and no other begun since (the room shows its result and
        # takes seats for the next game): the lobby read such a room "waiting"
        "over": game is not None and game.over,
        "people": 0 if resting else len(room.conns),  # connected now, seated or watching
        "free_seats": max(0, free),  # /join takes one
        "min_players": lo,
        "spectators": 0 if resting else room.presence.spectators(),
        "preset": room.preset,
        "game": room.table.game_name,
        "max_players": hi,
        "hidden_money": room.hidden_money,
    }
    if resting:
        line["resting"] = True
    return line


def damaged_line(name: str) -> dict[str, Any]:
    """The line of a stored room that cannot be played (``hub.damaged``)."""
    return {"room": name, "damaged": True, "seats": [], "bots": 0, "running": False,
            "over": False, "people": 0, "free_seats": 0, "min_players": 0, "spectators": 0,
            "preset": "", "max_players": 0, "hidden_money": False}
