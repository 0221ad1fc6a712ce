"""The storage seam: what the server keeps of its rooms, behind one interface (:class:`Store`).

A store keeps rows: each room's checkpoint (the whole room, the game's canonical position
included), the commands accepted since (seat, text, log lines), the chat. It knows nothing of
the game: it neither parses nor applies a command (the room's journal does,
``bohnanza/server/room/journal.py``, through the one replay path of ``bohnanza.commands``).
Every write is committed before the command's reply is sent: one transaction each, or (SQLite,
``SQLiteStore.group``) the writes of several rooms asked for within one turn of the event loop
in one transaction, each in a savepoint of its own (group commit, ``dbqueue.DbQueue.write``).

:class:`Store` is the interface the server uses; ``sqlite.py`` holds the embedded default
(:class:`~bohnanza.server.sqlite.SQLiteStore`); ``postgres.py`` the shared one, for several
server processes (:class:`~bohnanza.server.postgres.PostgresStore`), whose writes are fenced
(one owner per room) through these same methods. Both read their rows back alike
(``rows.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol


@dataclass
class StoredRoom:
    """One room as stored: its last checkpoint and what was stored after it."""

    name: str
    # the larger of the checkpoint's version and the last stored command's
    version: int
    game_no: int
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    # the game's canonical position at the checkpoint (None: no game); the commands of
    # ``tail`` come after it
    game: dict[str, Any] | None
    last_result: dict[str, Any] | None
    # recent stored log entries and chat lines, oldest first (see Store.recent)
    log: list[dict[str, Any]]
    chat: list[dict[str, Any]]
    # the game commands (seat, text) stored after the checkpoint, oldest first
    tail: list[tuple[int, str]] = field(default_factory=list)
    # the marks beside its checkpoint (a store that keeps them: restmarks.py): since when
    # each person away was away (seat name -> Unix time), and when it parked (None: live)
    away: dict[str, float] = field(default_factory=dict)
    resting: float | None = None


@dataclass
class CommandRow:
    """One stored command: ``position`` is the game's canonical position after it when the
    command was stored with a checkpoint, else None (a game command stored alone)."""

    version: int
    game_no: int
    seat: int | None
    text: str
    position: dict[str, Any] | None


class Store(Protocol):
    """The rows of the rooms. Methods raise on a failed write (nothing of it is stored)."""

    def save(
        self,
        *,
        name: str,
        version: int,
        game_no: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        game: dict[str, Any] | str | None,
        last_result: dict[str, Any] | None,
        command: tuple[int | None, str] | None = None,
        log: list[dict[str, Any]] | str | None = None,
    ) -> None:
        """A checkpoint: the room's whole state, with the accepted command and its log."""

    def save_command(
        self, *, name: str, version: int, game_no: int, seat: int, text: str, log: str
    ) -> None:
        """One game command after the room's checkpoint (``log``: its entries' JSON text)."""

    def save_chat(self, name: str, line: dict[str, Any]) -> None:
        """One chat line."""

    def trim_chat(self, name: str, keep: int) -> None:
        """Keep the newest ``keep`` chat lines of a room (issue 11: chat is capped)."""

    def save_version(self, name: str, version: int) -> None:
        """A version bump that changed nothing durable; best effort, never lowers it."""

    def delete_room(self, name: str) -> None:
        """Forget a room: its row, its commands, its chat."""

    def load(
        self, name: str, log_history: int = 300, chat_history: int = 50
    ) -> StoredRoom | None:
        """One room, or None. Raises when its row cannot be read."""

    def load_all(self, log_history: int = 300, chat_history: int = 50) -> list[StoredRoom]:
        """Every room that can be read (one that cannot is left out with a warning)."""

    def recent(
        self, name: str, log_history: int = 300, chat_history: int = 50
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The most recent log entries (each with "game" and "v") and chat lines, oldest
        first."""

    def command_rows(self, name: str) -> list[CommandRow]:
        """Every stored command of a room (not the log-only rows), oldest first."""

    def wait_for_locks(self, wait: bool) -> None:
        """Whether a write waits for a lock another connection holds (a store without such
        locks does nothing)."""

    def close(self) -> None:
        """Close the store's connection."""


def open_store(
    db: Path | str, synchronous: str = "NORMAL", busy_timeout: float = 1.0,
    autocheckpoint: bool = True, cache_kib: int | None = None, commands_file: bool = False,
) -> Store:
    """The store for the setting ``db``: a PostgreSQL server (a ``postgresql://`` URL:
    ``postgres.PostgresStore``, unfenced: scripts and tests; the server's own is opened with
    its lease, ``cluster/owner.py``) or a SQLite file (or ``:memory:``; ``cache_kib`` bounds its
    page cache: a connection that only reads a few rows; ``commands_file``: lone game commands
    appended to the file beside it, ``cmdfile.py``). The one place a store is chosen."""
    from .postgres import PostgresStore, is_postgres
    from .sqlite import SQLiteStore

    if isinstance(db, str) and is_postgres(db):
        return PostgresStore(db)

    return SQLiteStore(db, synchronous, busy_timeout, autocheckpoint, cache_kib, commands_file)
