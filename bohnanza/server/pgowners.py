"""Which server process owns a room, and the fencing of its writes, on PostgreSQL (the shared
store's part over ``room_owner``: name, owner, fence; postgres.py's module docstring).

A process claims a room (:meth:`RoomOwners.claim`) and gets its **fencing number**; every
write of the room is made only while ``room_owner.fence`` is still that number, checked under
a share lock on the row (:meth:`RoomOwners._check`, or in the write's own statement), else
refused with :class:`Fenced` (nothing of it stored)."""

from __future__ import annotations

from typing import Any

import psycopg

from .pgschema import LOCK_SPACE, NOBODY

__all__ = ["NOBODY", "Fenced", "RoomOwners"]


class Fenced(Exception):
    """A write refused: this process no longer owns the room (another claimed it)."""

    def __init__(self, room: str) -> None:
        super().__init__(f"room {room!r} is owned by another process now")
        self.room = room


class RoomOwners:
    """The ownership part of ``postgres.PostgresStore`` (a mixin over its connection ``db``).
    ``owner``: the id of this process's lease (lease.py; None: unfenced, scripts and tests);
    ``fences``: the fencing number of each room it claimed."""

    owner: int | None
    fences: dict[str, int]

    @property
    def db(self) -> psycopg.Connection[Any]:
        """(the store's: its connection)"""
        raise NotImplementedError

    def claim(self, name: str, take: bool = True) -> tuple[int, int]:
        """Claim the room ``name`` for this process: ``(owner, fence)``. The owner is this
        process (``fence`` then fences its writes) when the room had no owner, was ours, or its
        owner's lease is gone (server/cluster/lease.py; looked up in the same transaction);
        else the live owner, unchanged. Not ``take`` (this process holds as many rooms as it
        may): only the live owner is looked up, ``(NOBODY, 0)`` when the room has none."""
        return self.claim_fresh(name, take)[:2]

    def claim_fresh(self, name: str, take: bool = True, adopt: bool = False,
                    admitting: bool = False) -> tuple[int, int, bool]:
        """:meth:`claim`, and whether the room was live nowhere before (no owner row, or
        ``NOBODY``'s or ours: a new room, or one let go, cluster/live.py; or a dead process's
        with nothing stored, which the site's counts leave out), not taken over from a
        process that died with its game stored. ``adopt`` (no connection asks:
        :meth:`orphans`, read before): a room let go meanwhile (``NOBODY``) is left as it
        is, ``(NOBODY, 0)``.
        A parked room's mark and lobby line (``parked``, ``line``: cluster/live.py) are kept
        through the claim: a load that fails lets it go as parked as it was (:meth:`release`);
        the load that succeeds clears them (:meth:`unpark`). ``admitting``: a connection's
        claim, which a fresh room's admission follows (cluster/live.py ``admit``): the room is
        marked ``admitting`` until then, and counts among the live rooms only once admitted
        (two rooms racing for the last place: one gets it); any other claim clears the mark."""
        me = self._me()
        if not take:
            row = self.db.execute("SELECT owner, fence FROM room_owner WHERE name=%s",
                                  (name,)).fetchone()
            if row is not None and int(row[0]) not in (me, NOBODY) and self._held(int(row[0])):
                return int(row[0]), int(row[1]), False
            return NOBODY, 0, False
        with self.db.transaction():
            row = self.db.execute(
                "INSERT INTO room_owner (name, owner, fence) VALUES (%s, %s, 1)"
                " ON CONFLICT (name) DO NOTHING RETURNING fence", (name, me)).fetchone()
            fresh = row is not None
            if row is None:
                owner, fence = self.db.execute(
                    "SELECT owner, fence FROM room_owner WHERE name=%s FOR UPDATE", (name,)
                ).fetchone() or (NOBODY, 0)
                if owner not in (me, NOBODY) and self._held(int(owner)):
                    return int(owner), int(fence), False
                if adopt and owner == NOBODY:  # parked: the next connection's (live.py)
                    return NOBODY, 0, False
                fresh = owner in (me, NOBODY)
                if owner != me:
                    (fence,) = self.db.execute(
                        "UPDATE room_owner SET owner=%s, fence=fence+1 WHERE name=%s"
                        " RETURNING fence", (me, name)).fetchone() or (0,)
                if not fresh:  # a dead process's: live nowhere when nothing of it is stored
                    # (no live room in the site's counts, cluster/live.py: it comes back as
                    # a new room, within the caps, not past them)
                    fresh = self.db.execute("SELECT 1 FROM rooms WHERE name=%s",
                                            (name,)).fetchone() is None
            else:
                (fence,) = row
            self.db.execute("UPDATE room_owner SET admitting=%s WHERE name=%s AND admitting<>%s",
                            (fresh and admitting, name, fresh and admitting))
        self.fences[name] = int(fence)
        return me, int(fence), fresh

    def _held(self, owner: int) -> bool:
        """Whether ``owner``'s lease is held now."""
        return self.db.execute(
            "SELECT 1 FROM pg_locks WHERE locktype='advisory' AND classid::bigint=%s AND"
            " objid::bigint=%s AND objsubid=2 AND granted AND database=(SELECT oid FROM"
            " pg_database WHERE datname=current_database())", (LOCK_SPACE, owner)
        ).fetchone() is not None

    def release(self, name: str) -> None:
        """Let the room go, its load failed (nobody owns it; the next claim takes it): a
        parked room stays parked as it was, its mark and lobby line untouched. Fenced."""
        fence = self.fences.pop(name, None)
        if fence is not None:
            self.db.execute("UPDATE room_owner SET owner=%s WHERE name=%s AND fence=%s",
                            (NOBODY, name, fence))

    def unpark(self, name: str) -> None:
        """The room, claimed and loaded, is live again: its parked mark and lobby line are
        cleared (a later failed load must not let it go with a stale mark, swept at once).
        Fenced (nothing while unfenced)."""
        fence = self.fences.get(name)
        if fence is not None:
            self.db.execute("UPDATE room_owner SET parked=NULL, line=NULL WHERE name=%s AND"
                            " fence=%s AND (parked IS NOT NULL OR line IS NOT NULL)",
                            (name, fence))

    def forget_fences(self) -> None:
        """This process lost its lease: it owns nothing any more (no write of it is made)."""
        self.fences.clear()

    def owners(self) -> dict[str, int]:
        """Every room's owner (``NOBODY``: let go)."""
        return {n: int(o) for n, o in self.db.execute("SELECT name, owner FROM room_owner")}

    def orphans(self, live: set[int]) -> list[str]:
        """Rooms stored whose owner died, oldest first (a process of the cluster adopts
        them: their bots play on, their clocks run); not those let go (``NOBODY``: parked,
        cluster/live.py: the next connection for one claims it)."""
        rows = self.db.execute(
            "SELECT r.name FROM rooms r LEFT JOIN room_owner o ON o.name = r.name"
            " WHERE o.owner IS NULL OR NOT (o.owner = ANY(%s) OR o.owner = 0)"
            " ORDER BY r.created",
            (sorted(live),)).fetchall()
        return [r[0] for r in rows]

    def _me(self) -> int:
        if self.owner is None:
            raise RuntimeError("this store has no lease: it cannot claim rooms")
        return self.owner

    def _fence(self, name: str) -> int | None:
        """The room's fencing number; None: unfenced (a store without an owner). Raises
        :class:`Fenced` for a room this process does not own."""
        if self.owner is None:
            return None
        fence = self.fences.get(name)
        if fence is None:
            raise Fenced(name)
        return fence

    def _check(self, name: str, fence: int | None) -> None:
        """Inside a transaction: the room is still ours (its owner row share-locked till the
        end), or :class:`Fenced`."""
        if fence is None:
            return
        if self.db.execute("SELECT 1 FROM room_owner WHERE name=%s AND fence=%s FOR SHARE",
                           (name, fence)).fetchone() is None:
            self.fences.pop(name, None)
            raise Fenced(name)
