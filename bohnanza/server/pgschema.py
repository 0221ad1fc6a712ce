"""PostgreSQL's schema for the shared store (postgres.py): its tables, made and brought up to
:data:`SCHEMA_VERSION` on start by :func:`migrate` (``bohnanza_schema.version``), under an
advisory lock so that processes starting together do not race; a server older than the
database refuses to start.

The rows are SQLite's (``sqlite.py``), the JSON kept as text, plus ``room_owner`` (pgowners.py).
Version 2 (the cluster's caps on new rooms, ``cluster/live.py``): ``room_owner.made_by`` (the
client address that made a live room, NULL when a seat's holder woke it or nobody's connection
did), ``room_owner.parked`` and ``line`` (when its owner let an idle room go, the sweep
forgetting it a day later, and its lobby line then, for ``/api/rooms/NAME``) and
``room_rate`` (each address's bucket of new rooms, ``ROOMS_PER_MINUTE``). Version 3: the marks
beside a room's checkpoint, ``rooms.resting`` and ``rooms.away`` (pgmarks.py, restmarks.py). Version 4:
``room_owner.admitting``, a room claimed for a connection and not yet admitted under the caps
(cluster/live.py: it does not count among the live rooms until it is).
"""

from __future__ import annotations

import logging
from typing import Any

import psycopg

log = logging.getLogger("bohnanza.server")

SCHEMA_VERSION = 4
# advisory lock keys (two int4): (LOCK_SPACE, 0) guards migrations; (LOCK_SPACE, owner id) is
# a process's lease (lease.py)
LOCK_SPACE = 0x0B0A  # "bohnanza"
NOBODY = 0  # room_owner.owner of a room its last owner let go

MIGRATIONS: dict[int, str] = {
    1: """
CREATE TABLE rooms (
    name TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,
    version BIGINT NOT NULL,
    game_no INTEGER NOT NULL DEFAULT 0,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    game TEXT,
    last_result TEXT,
    game_v BIGINT
);
CREATE TABLE commands (
    id BIGSERIAL PRIMARY KEY,
    room TEXT NOT NULL,
    version BIGINT NOT NULL,
    game_no INTEGER NOT NULL,
    seat INTEGER,
    text TEXT NOT NULL,
    position TEXT,
    log TEXT NOT NULL,
    ts DOUBLE PRECISION NOT NULL
);
CREATE INDEX commands_room ON commands (room, id);
CREATE TABLE chat (
    id BIGSERIAL PRIMARY KEY,
    room TEXT NOT NULL,
    line TEXT NOT NULL
);
CREATE INDEX chat_room ON chat (room, id);
CREATE TABLE room_owner (
    name TEXT PRIMARY KEY,
    owner BIGINT NOT NULL,
    fence BIGINT NOT NULL
);
CREATE SEQUENCE owner_ids START 1;
""",
    2: """
ALTER TABLE room_owner ADD COLUMN made_by TEXT;
ALTER TABLE room_owner ADD COLUMN parked DOUBLE PRECISION;
ALTER TABLE room_owner ADD COLUMN line TEXT;
CREATE INDEX room_owner_live ON room_owner (made_by) WHERE owner <> 0;
CREATE TABLE room_rate (
    address TEXT PRIMARY KEY,
    tokens DOUBLE PRECISION NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
""",
    # a room's marks beside its checkpoint (pgmarks.py, restmarks.py): when it parked (NULL:
    # live), since when each person away was away (JSON, seat name -> Unix time; NULL: nobody).
    # Every statement may find its work done: the lead's servers between 53666be and 80d4f8c
    # numbered these marks 2 (and had no caps), so a database they made is at "2" without
    # version 2's caps above and with the marks already; version 3 brings both kinds of 2 to 3.
    3: """
ALTER TABLE room_owner ADD COLUMN IF NOT EXISTS made_by TEXT;
ALTER TABLE room_owner ADD COLUMN IF NOT EXISTS parked DOUBLE PRECISION;
ALTER TABLE room_owner ADD COLUMN IF NOT EXISTS line TEXT;
CREATE INDEX IF NOT EXISTS room_owner_live ON room_owner (made_by) WHERE owner <> 0;
CREATE TABLE IF NOT EXISTS room_rate (
    address TEXT PRIMARY KEY,
    tokens DOUBLE PRECISION NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
ALTER TABLE rooms ADD COLUMN IF NOT EXISTS resting DOUBLE PRECISION;
ALTER TABLE rooms ADD COLUMN IF NOT EXISTS away TEXT;
""",
    # a new room's claim waiting for its admission (cluster/live.py admit): not live yet
    4: """
ALTER TABLE room_owner ADD COLUMN admitting BOOLEAN NOT NULL DEFAULT false;
""",
}


def migrate(db: psycopg.Connection[Any]) -> int:
    """Create or bring the schema up to :data:`SCHEMA_VERSION` (one transaction, under the
    migration lock); the version it is at."""
    with db.transaction():
        db.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_SPACE,))
        db.execute("CREATE TABLE IF NOT EXISTS bohnanza_schema (version INTEGER NOT NULL)")
        row = db.execute("SELECT version FROM bohnanza_schema").fetchone()
        have = 0 if row is None else int(row[0])
        if have > SCHEMA_VERSION:
            raise RuntimeError(f"the database's schema is version {have}; this server knows "
                               f"up to {SCHEMA_VERSION}: run a newer server")
        for v in range(have + 1, SCHEMA_VERSION + 1):
            db.execute(MIGRATIONS[v])
            log.info("database schema migrated to version %d", v)
        if row is None:
            db.execute("INSERT INTO bohnanza_schema (version) VALUES (%s)", (SCHEMA_VERSION,))
        elif have != SCHEMA_VERSION:
            db.execute("UPDATE bohnanza_schema SET version=%s", (SCHEMA_VERSION,))
    return SCHEMA_VERSION
