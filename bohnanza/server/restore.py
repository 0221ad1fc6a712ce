"""A single-process (SQLite) server's start-up: every stored room loaded (``Hub.open``); a room
that cannot be read, or whose game the rules could not have made, is listed as damaged; one
that parked before the restart rests on (restmarks.py); past ``max_rooms`` (rooms with people
first) the rest are parked."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from . import parking
from .listing import room_line
from .room.journal import load_rooms

if TYPE_CHECKING:
    from .hub import Hub
    from .restmarks import Marks
    from .room import Room

log = logging.getLogger("bohnanza.server")


def restore_rooms(hub: Hub) -> None:
    """Load ``hub``'s stored rooms into ``hub.rooms`` (live), ``hub.parked`` (resting) and
    ``hub.damaged``; ``hub.store`` open. Raises nothing for a room that cannot be read."""
    s = hub.settings
    failed: dict[str, str] = {}
    loaded: list[Room] = []
    stored_rooms = load_rooms(hub.store, 0, 0, failed)
    marks: dict[str, Marks] = getattr(hub.store, "rest_marks", dict)()  # (SQLite's)
    for name, why in failed.items():
        hub._damaged(name, why)
    for stored in stored_rooms:
        stored.resting, stored.away = marks.get(stored.name, (None, {}))
        room = hub._new_room(stored.name)
        try:
            room.restore(stored)
            problems = parking.check(room)
        except Exception as e:
            problems = [f"{type(e).__name__}: {e}"]
        if problems:
            hub._damaged(stored.name, "; ".join(problems))
            continue
        if stored.resting is not None:  # parked before the restart: it rests on
            hub.parked[room.name] = room_line(room, resting=True)
            continue
        if room.table.game is None and not any(s.human for s in room.seats):
            # nobody sits there, or bots only, no game: forgotten unless its watchers
            # come back in time (start: drop_unused), as when its last connection goes;
            # forgotten here at once, the chat its watchers had just said was lost
            hub._unseated.append(room)
        loaded.append(room)
    # at most max_rooms live (a restart is no way past it), rooms with people first; the
    # rest are parked (parking.py): back with the next hello for them
    loaded.sort(key=lambda r: not any(seat.human for seat in r.seats))
    for room in loaded[: s.max_rooms]:
        hub.rooms[room.name] = room
    for room in loaded[s.max_rooms:]:
        hub.parked[room.name] = room_line(room, resting=True)
    log.info("loaded %d rooms from %s%s", len(hub.rooms), s.db,
             f", {len(loaded) - len(hub.rooms)} parked (max_rooms)"
             if len(loaded) > s.max_rooms else "")
