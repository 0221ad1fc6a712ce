"""After a restart, each seat's mark of the decision the game waits for from it (``Seat.owed``,
clock.py: what the board shows as "is thinking" on a bot's seat, the turn clock and the idle
rule of ``/handover`` read it) is what the game waits for now, not what it waited for at the
room's last checkpoint: the commands stored since are replayed onto the game, and the marks
are read again from it (a fresh player's trial saw a bot "thinking" after each restart while
the game waited for a person)."""

from __future__ import annotations

from pathlib import Path

from bohnanza.server.hub import Hub
from bohnanza.server.room import Room
from bohnanza.server.settings import Settings

from .harness import bots_played, bots_room


def _waits_for(room: Room) -> list[str | None]:
    """What the game waits for from each seat, by the game itself (its hosted game's
    ``owed``), as the seats' marks write it (``game_no:key``)."""
    assert room.game is not None
    owed = room.table.hosted.owed(room.game)
    return [None if owed.get(i) is None else f"{room.table.game_no}:{owed[i]}"
            for i in range(len(room.table.seats))]


async def test_a_restart_marks_what_the_game_waits_for_now(tmp_path: Path) -> None:
    settings = Settings(db=tmp_path / "o.db", bot_delay=0, game_seed=3, checkpoint_every=1000)
    hub = Hub(settings)
    await hub.start()
    try:
        room = await bots_room(hub, "owes", ["random", "greedy", "random"], [])
        at_start = [s.owed for s in room.table.seats]
        await bots_played(room, past=40,
                          until=lambda: [s.owed for s in room.table.seats] != at_start)
        assert room.game is not None and not room.game.over
        assert len(room.journal.tail) > 30  # stored as commands alone since the checkpoint
        now = _waits_for(room)
        assert [s.owed for s in room.table.seats] == now
        assert now != at_start  # the checkpoint's marks are stale by now
    finally:
        await hub.stop()

    hub2 = Hub(settings)
    await hub2.start()
    try:
        again = hub2.rooms["owes"]
        again.stop_bots()
        assert again.journal.tail_before > 30
        assert _waits_for(again) == now
        assert [s.owed for s in again.table.seats] == now
    finally:
        await hub2.stop()
