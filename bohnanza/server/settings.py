"""Every server setting in one place, readable from ``BOHNANZA_*`` environment variables."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Annotated

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[2]


class Settings(BaseSettings):
    """Server configuration. Each field can be set as ``BOHNANZA_<FIELD>`` (e.g. ``BOHNANZA_PORT``).

    ``allowed_origins`` takes a comma-separated list (``BOHNANZA_ALLOWED_ORIGINS=https://a,https://b``);
    empty means "same origin only" (the Origin header must name the host the page was served from).
    A handshake without an Origin header (a non-browser client) is allowed.

    ``sqlite_synchronous`` (``BOHNANZA_SQLITE_SYNCHRONOUS``): the database runs in WAL mode, where
    ``NORMAL`` (the default) writes each commit to the write-ahead log without waiting for the
    disk (the log synced every half second, and copied back into the database every few
    seconds, off the event loop: ``checkpointer.py``).
    A committed command survives the server process being killed at any moment (``kill -9``:
    the log is in the operating system's cache), which is what design.md section 7 asks for;
    what ``NORMAL`` gives up is the last commits before a power cut or an operating-system
    crash: those of the last half second and of the sync on its way (the database stays
    consistent; it comes back as it was a moment earlier).
    ``FULL`` waits for the disk on every commit (one ``fsync`` per command, milliseconds each:
    those writes then go to the database thread) and keeps even those; ``OFF`` is for tests.
    """

    model_config = SettingsConfigDict(env_prefix="BOHNANZA_", extra="ignore")

    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    db: Path = Path("var/bohnanza.db")
    # a PostgreSQL server instead of the SQLite file ``db`` (``postgresql://user@host/name``):
    # several server processes share it, each room owned by one of them (server/cluster/)
    database: str | None = None
    # Redis (``redis://host:port/0``): how processes of one database reach each other (a
    # connection for a room another process owns is relayed to it; the lobby lists every
    # process's rooms). Without it, such a connection is told to try again later.
    redis_url: str | None = None
    # seconds after which PostgreSQL ends the lease of a process that stopped answering
    # (killed, paused, cut off): its rooms are then taken over by another process
    lease_timeout: float = Field(default=2.0, gt=0.2, le=60)
    web_dir: Path = REPO_ROOT / "web"

    # the development pages: the sample board (``/r/ROOM?sample``, ``web/dev/``), off unless
    # asked for (the tests' servers and a developer's: BOHNANZA_DEV_PAGES=1)
    dev_pages: bool = False

    # limits
    max_frame_bytes: int = Field(default=4096, ge=256)
    # permessage-deflate (RFC 7692) when a client asks for it, as browsers do. Off: every
    # compressed connection keeps two zlib contexts (about 50 KB: a room of 5 would pass
    # 400 KB) and compresses each frame; a state is a few KB of JSON.
    ws_deflate: bool = False
    chat_max_len: int = Field(default=400, ge=1)
    name_max_len: int = Field(default=20, ge=1)
    room_name_max_len: int = Field(default=32, ge=1)
    commands_per_second: float = Field(default=10.0, gt=0)
    commands_burst: int = Field(default=30, ge=1)
    # HTTP requests per address (pages, board files, /api): a board's load is about 41 of
    # them, so the burst lets ten load at once; past it 429 and the connection closed
    http_requests_per_second: float = Field(default=40.0, gt=0)
    http_requests_burst: int = Field(default=400, ge=1)
    max_rooms: int = Field(default=200, ge=1)
    max_connections_per_room: int = Field(default=64, ge=1)
    hello_timeout: float = Field(default=15.0, gt=0)
    send_queue_max: int = Field(default=2000, ge=10)
    # a connection whose unsent frames pass this many bytes (a reader that does not read) is
    # closed with 4001; it comes back with a fresh state (issue 11, item 4)
    send_queue_bytes: int = Field(default=512 * 1024, ge=4096)

    # the gate (gate.py, issue 11): per client address and in total
    per_address_limits: bool = True  # off in tests whose clients all come from 127.0.0.1
    max_connections: int = Field(default=800, ge=1)  # open files are 1024 by default
    max_conns_per_address: int = Field(default=40, ge=1)
    connects_per_second: float = Field(default=4.0, gt=0)  # new connections per address
    connects_burst: int = Field(default=40, ge=1)
    # live rooms one address made (or woke from storage) at once: one address filled all of
    # max_rooms before, each room kept by a connection
    max_rooms_per_address: int = Field(default=10, ge=1)
    rooms_per_minute: float = Field(default=6.0, gt=0)  # new rooms per address
    rooms_burst: int = Field(default=6, ge=1)
    flood_bar_seconds: float = Field(default=30.0, ge=0)  # new connections refused after a flood
    # seconds a connection may take to send a request, headers and body (a half-sent request)
    header_timeout: float = Field(default=5.0, gt=0)
    # bytes a request's head (request line and headers) may hold: uvicorn's httptools parser
    # has no limit, and six connections sending endless headers took 1 GB within 2 s
    max_head_bytes: int = Field(default=32768, ge=1024)
    # seconds an HTTP answer may wait for a peer that reads nothing (its socket full): then
    # the connection is cut off (uvicorn waited for good: 300 requests sent at once and never
    # read held a connection for as long as the client liked)
    stall_timeout: float = Field(default=30.0, gt=0)
    # front proxies (their addresses, comma-separated) whose X-Forwarded-For names the client:
    # a connection from one is not held to the per-address connection limits (the proxy's
    # own), and the per-address rates of new rooms and typed lines count the client it names.
    # Empty (the default): X-Forwarded-For is ignored, from anyone
    trusted_proxies: Annotated[list[str], NoDecode] = []
    # Strict-Transport-Security max-age on answers to HTTPS requests (a trusted proxy's
    # X-Forwarded-Proto: https); never over plain HTTP (secheaders.py); 0: never
    hsts_seconds: int = Field(default=31_536_000, ge=0)
    # Host headers served (TrustedHostMiddleware); empty: what serve binds (trusted_hosts)
    allowed_hosts: Annotated[list[str], NoDecode] = []
    # a room nobody is connected to for this long is parked: out of memory and of max_rooms,
    # its game kept in storage until a seat-token holder (or anyone) comes back
    park_after: float = Field(default=300.0, gt=0)
    # a room where no person has a seat (bots only) parks sooner: its bots stop this many
    # seconds after its last spectator left (a reload comes back within it)
    park_bots_after: float = Field(default=15.0, gt=0)
    # a room nobody uses (its last connection gone, no seat, no game) is forgotten this many
    # seconds later, unless a connection came and went meanwhile (then that one's grace
    # decides): a reload, or the board's reconnect after a restart, comes back to it
    # (Hub.drop_unused); a stop cancels the wait
    drop_grace: float = Field(default=10.0, gt=0)
    chat_keep: int = Field(default=200, ge=1)  # chat lines stored per room (the newest)
    room_chat_per_second: float = Field(default=3.0, gt=0)  # chat lines per room, everyone
    room_chat_burst: int = Field(default=20, ge=1)

    # behaviour
    # a connected person who has sent nothing for this long is marked idle (the board's "Zz";
    # RoomInfo.idle_seconds says it): a minute, so a person reading the board or thinking over
    # a turn is not taken for gone (issue 10 trial: at 10 s every player showed it)
    idle_seconds: float = Field(default=60.0, gt=0)
    idle_check_interval: float = Field(default=0.5, gt=0)
    allowed_origins: Annotated[list[str], NoDecode] = []
    bot_delay: float = Field(default=1.0, ge=0)  # seconds a bot waits before it acts
    # a bot seat that must act and has seen no change for this long is hurried (it stops
    # waiting for answers, e.g. ends its trading); None: 3 x bot_delay
    bot_hurry_after: float | None = Field(default=None, ge=0)
    # in phase 2 a bot waits at least this long (since the last change) before it is hurried
    # while a connected person at the table has not passed or still owes cards of a deal
    bot_trade_patience: float = Field(default=10.0, ge=0)
    # bot commands per turn before only the seats that must act are asked (hurried); at twice
    # this the bots pause until a person acts. Guards against bots that never stop trading.
    bot_turn_cap: int = Field(default=300, ge=10)
    # worker processes the search bots (hard) think in, shared by every room; 0: a thread
    bot_workers: int = Field(default=1, ge=0, le=64)
    # a seated person without a connection for this long may be handed to a bot (/handover)
    away_seconds: float = Field(default=60.0, ge=0)
    # a room nobody has visited (no connection) for this long is forgotten, stored game and
    # all (the lobby lists only rooms in use)
    forget_after: float = Field(default=86400.0, gt=0)
    game_seed: int | None = None  # fixed seed for new games (tests, replays); None = random
    log_history: int = Field(default=300, ge=0)
    chat_history: int = Field(default=50, ge=0)
    sqlite_synchronous: str = "NORMAL"
    # a running game's whole position is stored with every room command, at the game's end,
    # and at least every this many game commands; in between only the command text (the
    # position is the last one stored with the commands since replayed: server/room/journal.py)
    # 1: the whole position with every command
    checkpoint_every: int = Field(default=50, ge=1)
    # seconds a write waits for a database another process holds locked before the command is
    # refused (storage_error); short, since the room waits with it
    sqlite_busy_timeout: float = Field(default=1.0, ge=0, le=60)

    @field_validator("allowed_origins", mode="before")
    @classmethod
    def _split_origins(cls, v: object) -> object:
        if isinstance(v, str):
            return [o.strip().rstrip("/") for o in v.split(",") if o.strip()]
        return v

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _split_proxies(cls, v: object) -> object:
        if isinstance(v, str):
            return [h.strip() for h in v.split(",") if h.strip()]
        return v

    @field_validator("allowed_hosts", mode="before")
    @classmethod
    def _split_hosts(cls, v: object) -> object:
        if isinstance(v, str):
            return [h.strip().lower() for h in v.split(",") if h.strip()]
        return v

    def trusted_hosts(self) -> list[str]:
        """The Host names served: ``allowed_hosts``, or else what ``serve`` binds with the
        loopback names (``localhost``, ``127.0.0.1``, ``::1``); bound to every interface
        (``0.0.0.0``, ``::``), this machine's name and its addresses too. Set
        ``BOHNANZA_ALLOWED_HOSTS`` to the public name behind a proxy."""
        if self.allowed_hosts:
            return list(self.allowed_hosts)
        loopback = ["localhost", "127.0.0.1", "::1"]
        if self.host not in ("0.0.0.0", "::", ""):
            return list(dict.fromkeys([self.host.lower(), *loopback]))
        import socket

        names = [socket.gethostname(), socket.getfqdn()]
        with contextlib.suppress(OSError):
            names += [str(a[4][0]) for a in socket.getaddrinfo(socket.gethostname(), None)]
        return list(dict.fromkeys([*loopback, *(n.lower() for n in names if n)]))

    @field_validator("database")
    @classmethod
    def _database_url(cls, v: str | None) -> str | None:
        if v is not None and not v.startswith(("postgresql://", "postgres://")):
            raise ValueError("database must be a postgresql:// URL (the SQLite file is db)")
        return v or None

    @field_validator("sqlite_synchronous")
    @classmethod
    def _sync_mode(cls, v: str) -> str:
        v = v.upper()
        if v not in {"OFF", "NORMAL", "FULL", "EXTRA"}:
            raise ValueError("sqlite_synchronous must be OFF, NORMAL, FULL or EXTRA")
        return v
