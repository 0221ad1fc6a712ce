"""The cluster's live rooms under the site's caps, counted in PostgreSQL, where every process
sees them (one process's counts were its own share only: a player went past them by reaching
another process).

A room is *live* while a process holds it: its ``room_owner.owner`` is not ``NOBODY`` (a live
process's, or a dead one's whose stored game another adopts). A room becomes live when a connection's
claim takes a room that was live nowhere (new, parked, or a dead process's with nothing
stored: ``PostgresStore.claim_fresh``);
then, before it is served, :func:`admit` checks, in one transaction under a lock of its own
(new rooms are few, so they wait for each other there, and two processes never both take the
last place; a room claimed and not yet admitted, ``room_owner.admitting``, is not counted, so
of two racing for it one gets it):

* ``MAX_ROOMS``: the live rooms of the whole cluster, as one server's (``too_many_rooms``);
* ``MAX_ROOMS_PER_ADDRESS``: the live rooms made by the connection's address, wherever they
  are held (``too_many_own_rooms``; ``room_owner.made_by``);
* ``ROOMS_PER_MINUTE`` / ``ROOMS_BURST``: the address's new rooms (``too_many_new_rooms``;
  its bucket in ``room_rate``, PostgreSQL's clock).

A seat's holder waking a parked room costs its address nothing (as on one process); a process
nearly at ``MAX_CONNECTIONS`` refuses new rooms first (``server_crowded``, before they count:
its last tenth is for seat tokens); an address not limited (``PER_ADDRESS_LIMITS`` off, a connection made in-process) meets only
``MAX_ROOMS``. A refused room is let go again, nothing of it written.

Rooms park here as on one process (:func:`park`): nobody connected for ``PARK_AFTER``
(``PARK_BOTS_AFTER`` for bots only), the room is let go (``NOBODY``, its game stored), out of
the counts above, its lobby line kept for ``/api/rooms/NAME`` (the name gate of its link says
who sits there: :func:`parked_line`); the next connection for it claims and loads it (bots
and all). A room
parked ``FORGET_AFTER`` ago is deleted by the next process's sweep (:func:`sweep`); a visit
refused by the caps above leaves it parked since when it parked (:func:`let_go`).
``MAX_CONNECTIONS`` stays each process's own: it guards the process's sockets (open files);
the whole site's connections are the balancer's to cap (HAProxy ``maxconn``).
"""

from __future__ import annotations

import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any

from bohnanza.commands import texts

from ..lang import error_frame
from ..listing import room_line
from ..pgschema import LOCK_SPACE, NOBODY
from ..protocol import CLOSE_TRY_LATER

if TYPE_CHECKING:
    from ..conn import Conn
    from ..hub import Hub
    from ..postgres import PostgresStore
    from ..room import Room
    from ..settings import Settings
    from .owner import Owner

log = logging.getLogger("bohnanza.server")

NEW_ROOMS_LOCK = LOCK_SPACE + 1  # (NEW_ROOMS_LOCK, 0): new rooms are admitted one at a time
_NOW = "SELECT extract(epoch FROM clock_timestamp())::float8"
# the other live rooms (``o``: room_owner; the room being admitted is %s): held, by a live
# process or by a dead one whose stored game the next process adopts; not a dead process's
# room with nothing stored (nothing to adopt: it would count for good); not a room claimed
# and not admitted yet (``admitting``: of two rooms racing for the last place, each counted
# the other and both were refused)
_LIVE = ("o.owner <> 0 AND NOT o.admitting AND o.name <> %s AND (EXISTS (SELECT 1 FROM rooms r WHERE r.name ="
         " o.name) OR o.owner IN (SELECT objid::bigint FROM pg_locks WHERE locktype='advisory'"
         f" AND classid::bigint={LOCK_SPACE} AND objsubid=2 AND granted AND database=(SELECT oid"
         " FROM pg_database WHERE datname=current_database())))")


def admit(store: PostgresStore, name: str, address: str | None, seated: bool,
          s: Settings) -> str | None:
    """May the room ``name``, just claimed by this process and live nowhere before, be served
    (module docstring)? None (then recorded as made by ``address``, unless ``seated``), else
    the refusal's code. ``address``: None when not limited; ``seated``: the connection's seat
    token holds a seat in it. On the database thread."""
    db = store.db
    fence = store.fences.get(name)
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(%s, 0)", (NEW_ROOMS_LOCK,))
        (live,) = db.execute(f"SELECT count(*) FROM room_owner o WHERE {_LIVE}",
                             (name,)).fetchone() or (0,)
        if live >= s.max_rooms:
            return "too_many_rooms"
        limited = address if address is not None and not seated else None
        if limited is not None:
            (mine,) = db.execute(
                f"SELECT count(*) FROM room_owner o WHERE o.made_by = %s AND {_LIVE}",
                (limited, name)).fetchone() or (0,)
            if mine >= s.max_rooms_per_address:
                return "too_many_own_rooms"
            if not _take_new_room(store, limited, s):
                return "too_many_new_rooms"
        db.execute("UPDATE room_owner SET made_by=%s, admitting=false WHERE name=%s AND"
                   " fence=%s", (limited, name, fence))
    return None


def _take_new_room(store: PostgresStore, address: str, s: Settings) -> bool:
    """Take one new room from ``address``'s bucket (``rooms_per_minute``, ``rooms_burst``;
    inside :func:`admit`'s transaction); False when it is empty. Buckets full again are
    deleted (an address that stopped costs no row)."""
    db = store.db
    rate = s.rooms_per_minute / 60.0
    (now,) = db.execute(_NOW).fetchone() or (0.0,)
    db.execute("DELETE FROM room_rate WHERE at < %s", (now - s.rooms_burst / rate,))
    row = db.execute("SELECT tokens, at FROM room_rate WHERE address=%s FOR UPDATE",
                     (address,)).fetchone()
    tokens = float(s.rooms_burst) if row is None else min(
        float(s.rooms_burst), row[0] + (now - row[1]) * rate)
    if tokens < 1:
        return False
    db.execute("INSERT INTO room_rate (address, tokens, at) VALUES (%s, %s, %s) ON CONFLICT"
               " (address) DO UPDATE SET tokens = EXCLUDED.tokens, at = EXCLUDED.at",
               (address, tokens - 1, now))
    return True


def let_go(store: PostgresStore, name: str, parked: bool = False,
           line: dict[str, Any] | None = None, refused: bool = False) -> None:
    """Let the room ``name`` go (``NOBODY``; fenced: only while it is still ours), out of the
    live rooms; ``parked``: its game stays stored, marked with the time (:func:`sweep`), and
    its lobby ``line`` as it parked (:func:`parked_line`). ``refused``: a parked room
    claimed for a visit :func:`admit` refused goes back as it parked, its mark (when it
    parked: ``FORGET_AFTER`` counts from it) and line kept (the claim keeps both), the time
    and ``line`` only where it had none: a refused visit keeps no room alive. On the
    database thread."""
    fence = store.fences.pop(name, None)
    if fence is not None:
        mark = f"COALESCE(parked, ({_NOW}))" if refused else f"({_NOW})"
        shown = "COALESCE(line, %s)" if refused else "%s"
        store.db.execute(
            f"UPDATE room_owner SET owner=%s, parked=CASE WHEN %s THEN {mark} END, line={shown},"
            " admitting=false WHERE name=%s AND fence=%s",
            (NOBODY, parked, json.dumps(line) if line is not None else None, name, fence))


def parked_line(store: PostgresStore, name: str) -> dict[str, Any] | None:
    """The lobby line of the room ``name`` as it parked (``resting``), or None (not parked,
    not stored, or live: then its owner lists it). On the database thread."""
    row = store.db.execute("SELECT line FROM room_owner WHERE name=%s AND owner=%s AND parked"
                           " IS NOT NULL AND line IS NOT NULL", (name, NOBODY)).fetchone()
    return json.loads(row[0]) if row is not None else None


def sweep(store: PostgresStore, forget_after: float) -> int:
    """Delete the rooms parked ``forget_after`` seconds ago or more (their games, commands,
    chat): how many. A claim under way waits for it (the rows locked), and then finds none.
    On the database thread."""
    db = store.db
    with db.transaction():
        (now,) = db.execute(_NOW).fetchone() or (0.0,)
        names = [r[0] for r in db.execute(
            "SELECT name FROM room_owner WHERE owner = %s AND parked < %s FOR UPDATE SKIP LOCKED",
            (NOBODY, now - forget_after)).fetchall()]
        if names:
            for table, key in (("rooms", "name"), ("commands", "room"), ("chat", "room")):
                db.execute(f"DELETE FROM {table} WHERE {key} = ANY(%s)", (names,))
            db.execute("UPDATE room_owner SET parked=NULL WHERE name = ANY(%s)", (names,))
            log.info("%d parked rooms forgotten (parked %.0f s ago)", len(names), forget_after)
    return len(names)


async def admitted(owner: Owner, room: Room, conn: Conn, address: str | None,
                   token: str | None) -> bool:
    """May ``room`` (just claimed and loaded, live nowhere before) be served to ``conn``:
    within the cluster's caps (:func:`admit`)? Else it is let go again (nothing of it
    written) and ``conn`` told why (that the database cannot be reached, when it cannot
    tell)."""
    seated = token is not None and room.table.find_token(token) is not None
    hub, queue = owner.hub, owner.hub.queue
    try:  # the last connections of a process are for seat tokens (hub.server_crowded)
        why = "server_crowded" if not seated and hub.server_crowded() else await queue.call(
            admit, owner.store, room.name, address, seated, owner.settings)
    except Exception as e:
        log.warning("room %s: the new room's caps could not be read (%s)", room.name, e)
        why = "try_again"
    if why is None:
        return True
    room.journal.lost = True
    # let go as it came: a parked room stays parked since when it parked, with its lobby
    # line (:func:`let_go`, ``refused``), a new one leaves nothing
    stored = room.journal.persisted
    line = room_line(room, resting=True) if stored else None
    with contextlib.suppress(Exception):
        await queue.call(let_go, owner.store, room.name, stored, line, True)
    if why == "try_again":
        from .owner import DATABASE_GONE  # (owner.py imports this module)

        owner._refuse(conn, DATABASE_GONE)
    elif why == "server_crowded":
        hub.refuse_crowded(conn)
    else:
        refuse(conn, why, owner.settings)
    return False


def refuse(conn: Conn, code: str, s: Settings) -> None:
    """Tell ``conn`` why its new room is refused (``code`` from :func:`admit`), then close
    it (1013), as one process tells it (hub.py)."""
    if code == "too_many_own_rooms":
        message = texts.text("error.too_many_own_rooms", "en", n=s.max_rooms_per_address)
    else:
        message = texts.text(f"error.{code}", "en")
    conn.send(error_frame(code, message, conn.lang))
    conn.close(CLOSE_TRY_LATER, code.replace("_", " "))


async def park(hub: Hub, room: Room) -> None:
    """Let ``room`` go, its game stored (nobody connected to it; hub.py's idle clock): out of
    memory and of the live rooms; this copy writes nothing more and its bots stop."""
    owner = hub.owner
    assert owner is not None
    async with hub.rooms_lock:
        if room.conns or room.pending or room.lock.locked() or hub.rooms.get(room.name) is not room:
            return
        room.journal.lost = True  # (the next claim loads a new copy)
        room.stop_bots(for_good=True)
        del hub.rooms[room.name]
        stored = room.journal.persisted
        line = room_line(room, resting=True) if stored else None
        try:  # after the room's writes (the queue keeps their order)
            await hub.queue.call(let_go, owner.store, room.name, stored, line)
        except Exception as e:  # the database is gone: the lease goes with it, the room too
            log.warning("room %s could not be let go (%s)", room.name, e)
        log.info("room %s parked: let go", room.name)
