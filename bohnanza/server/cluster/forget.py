"""``bohnanza forget-room ROOM --database URL``: deleting a stored room (one listed as damaged)
on PostgreSQL while the servers run, without writing behind a live owner's back.

A damaged room stays claimed by the live process that found it (owner.py), so the command
cannot simply take it. It takes a lease of its own (lease.py: a new owner id, its advisory
lock) and claims the room: a room with no live owner is its at once (its fencing number
raised: whatever a paused old owner still tries to write is refused). A room a live process
owns is asked for (``NOTIFY`` :data:`CHANNEL`, heard on every process's lease connection):
its owner hands it over when it holds it as damaged (never played there, so nothing of it is
in flight), raising the fence (:func:`hand_over`), and forgets it; a room in play is not
handed over, and the command gives up after a few lease periods, changing nothing. Holding
the room under its own live lease, the command deletes it fenced; the name is free again.
"""

from __future__ import annotations

import json
import time

from ..postgres import PostgresStore
from .lease import FORGET_CHANNEL as CHANNEL
from .lease import Lease, lease_pids


def hand_over(store: PostgresStore, name: str, to: int) -> bool:
    """On the owner's database thread: give the room ``name`` (ours, damaged) to owner ``to``
    (fenced: only while it is still ours; its fence raised). Whether it was handed over."""
    fence = store.fences.pop(name, None)
    if fence is None or store.owner is None:
        return False
    row = store.db.execute(
        "UPDATE room_owner SET owner=%s, fence=fence+1 WHERE name=%s AND fence=%s AND owner=%s"
        " RETURNING fence", (to, name, fence, store.owner)).fetchone()
    return row is not None


def parse_request(payload: str) -> tuple[str, int] | None:
    """A request heard on :data:`CHANNEL`: ``(room, asking owner id)``, or None."""
    try:
        room, asker = json.loads(payload)
        return str(room), int(asker)
    except (ValueError, TypeError):
        return None


def forget_room(url: str, room: str, lease_timeout: float) -> tuple[int, str]:
    """Delete the stored room ``room`` (module docstring): ``(exit code, what to say)``: 0
    forgotten, 1 none stored, 3 a live server plays it (nothing changed)."""
    lease = Lease(url, lease_timeout, lambda: None).start()
    store = PostgresStore(url, owner=lease.owner)
    try:
        db = store.db
        stored = db.execute("SELECT 1 FROM rooms WHERE name=%s", (room,)).fetchone()
        if stored is None and db.execute("SELECT 1 FROM room_owner WHERE name=%s",
                                         (room,)).fetchone() is None:
            return 1, f"room {room} was not stored"
        give_up = time.monotonic() + max(3.0, 4 * lease_timeout)
        asked: int | None = None
        while True:
            owner, _ = store.claim(room)
            if owner == lease.owner:
                break
            if owner != asked:  # its owner hears it at its lease's next look
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, json.dumps([room, lease.owner])))
                asked = owner
            if time.monotonic() > give_up:
                pid = lease_pids(db).get(owner, "?")
                return 3, (f"room {room} is played on a running server (lease {owner}, process "
                           f"{pid}), not held there as damaged; nothing was changed")
            time.sleep(0.05)  # (the owner hands it over within a lease period)
        found = db.execute("SELECT 1 FROM rooms WHERE name=%s", (room,)).fetchone() is not None
        store.delete_room(room)  # fenced: refused if another took it meanwhile
        return (0, f"room {room} forgotten") if found else (1, f"room {room} was not stored")
    finally:
        store.close()
        lease.stop()

