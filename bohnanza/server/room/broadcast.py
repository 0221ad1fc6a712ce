"""The room's state frames to its connections after a change (the ``Room``'s part for them,
split from room.py, one purpose each): each connection's frame (stateframes.py), a full
``state`` for one connection, and the broadcast of the new state with the change's log lines.

A mixin of ``Room`` (its methods are the room's own: no call more per command); it uses the
room only through the attributes declared here. A room part does not import the room that
owns it (tests/test_layers.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .roompart import RoomPart
from .stateframes import state_frames

if TYPE_CHECKING:
    from ..conn import Conn
    from ..settings import Settings
    from .bots import BotDriver
    from .presence import Presence
    from .states import Snapshot
    from .table import Table


class Broadcasting:
    """The room's frames (module docstring)."""

    name: str
    version: int
    table: Table
    presence: Presence
    settings: Settings
    bots: BotDriver
    snap: Snapshot
    rode: Conn | None

    def states(self, conns: list[Conn], entries: list[dict[str, Any]] | None = None,
               rider: tuple[Conn, Any] | None = None) -> list[str | None]:
        """The frame of each of ``conns`` (stateframes.py; ``None``: a delta connection that
        sees nothing new gets none); ``rider``: (a connection, a say id) whose ok reply
        rides in its frame."""
        waits_until = None  # read only with a bot seat: the part shows it on a bot's seat
        for s in self.table.seats:
            if s.bot is not None:
                waits_until = self.bots.waits_until()
                break
        room = RoomPart(self.name, self.table, self.presence, self.settings, waits_until)
        return state_frames(self.version, room, self.table, conns, entries, self.snap, rider)

    def state_for(self, conn: Conn) -> str:
        """A full ``state`` of the version the room is at, for ``conn`` (its first, or a
        resync: it holds no state the room's copy is at, so it is never sent nothing)."""
        text = self.states([conn])[0]
        assert text is not None, "a connection's own state is never left out"
        return text

    def broadcast(self, entries: list[dict[str, Any]] | None = None,
                  rider: tuple[Conn, Any] | None = None) -> None:
        """The new state to every connection that sees something new (stateframes.py), with
        the change's log lines (``entries``); ``rider``: (the sender, its say id) whose ok
        reply rides in its frame (``rode``)."""
        conns = list(self.presence.conns)
        if rider is not None and rider[0] not in conns:
            rider = None
        for c, text in zip(conns, self.states(conns, entries, rider), strict=True):
            if text is not None:
                # Conn.send's direct way, without its call (most frames): the protocol's
                # write when nothing is queued or on its way; else Conn.send
                if c.direct and not c._busy and not c.queue._items and not c.closing:
                    direct = c._direct
                    if direct is not None and direct(text):
                        continue
                    c._send_asgi(text)
                    continue
                c.send(text)
        if rider is not None:
            self.rode = rider[0]
