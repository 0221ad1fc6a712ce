"""The room's log: the entries a change makes, how each viewer reads them, and the backlog.

An entry is ``{"all": line}`` when every viewer reads the same line (most are), else
``{"per": {"-1": line, "0": line, ...}}`` (one form per seat, ``-1`` for spectators: a seat
sees the cards it drew). Each change's entries ride in its ``state`` frames
(``State.log``) and are stored with its command.

The *backlog* is what a connection that comes in is sent again: the stored log and chat (the
wire calls it ``replay: true``; re-applying stored commands to a game is the journal's
*replay*). Entries of older games and of the current game before this seat's holder sat down
go in their public form; only the current game's entries since then are phrased for the seat
(a seat's number and holder change between games and on a take-over).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from .. import frames
from ..protocol import Chat
from .game import Event, Game
from .table import Table

if TYPE_CHECKING:
    from ..dbqueue import DbQueue
    from ..settings import Settings

log = logging.getLogger("bohnanza.server")


def room_entry(text: str, **extra: Any) -> dict[str, Any]:
    """A line of the room's own (``kind`` ``room``), the same for everyone."""
    return {"all": {"kind": "room", "text": text, **extra}}


def game_entries(game: Game, events: list[Event]) -> list[dict[str, Any]]:
    """The entries of a game command's events, phrased for every viewer."""
    viewers: list[int | None] = [None, *range(game.n_seats)]
    names = list(game.names)
    out: list[dict[str, Any]] = []
    for ev in events:
        forms = [ev.for_viewer(v, names) for v in viewers]
        if all(f == forms[0] for f in forms[1:]):
            out.append({"all": forms[0]})  # the same for everyone (most events)
        else:
            out.append({"per": {str(-1 if v is None else v): f
                                for v, f in zip(viewers, forms, strict=True)}})
    return out


def entry_for(entry: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """The line ``seat`` (None: a spectator) reads of ``entry``."""
    if "all" in entry:
        all_entry: dict[str, Any] = entry["all"]
        return all_entry
    per: dict[str, dict[str, Any]] = entry.get("per", {})
    return per.get(str(-1 if seat is None else seat), per.get("-1"))


def log_texts(
    seats: list[int | None], entries: list[dict[str, Any]]
) -> dict[int | None, str]:
    """The JSON list of ``entries`` as each of ``seats`` reads them."""
    if all("all" in x for x in entries):  # the same lines for everyone
        text = frames.dumps([x["all"] for x in entries])
        return dict.fromkeys(seats, text)
    return {
        seat: frames.dumps([e for e in (entry_for(x, seat) for x in entries) if e])
        for seat in seats
    }


def backlog_frames(
    version: int,
    entries: list[dict[str, Any]],
    chat: list[dict[str, Any]],
    seat: int | None,
    since: int | None,
    game_no: int | None,
) -> list[str]:
    """The frames of the backlog for a connection of ``seat``, whose holder sat down at
    version ``since`` (None: no seat), while game ``game_no`` is the current one (None: no
    game): one ``log`` frame (when any line is left) and the chat lines, marked ``replay``.
    ``entries`` as ``Store.recent`` gives them (each with ``game`` and ``v``)."""
    lines = []
    for entry in entries:
        mine = (
            since is not None
            and game_no is not None
            and entry.get("game") == game_no
            and int(entry.get("v", 0)) >= since
        )
        line = entry_for(entry, seat if mine else None)
        if line:
            lines.append(line)
    out = [frames.log(version, lines, replay=True)] if lines else []
    for line in chat:
        try:
            out.append(Chat(**{**line, "replay": True}).model_dump_json())
        except Exception:
            log.warning("an unreadable chat line left out")
    return out


async def read_backlog(
    queue: DbQueue, name: str, settings: Settings, table: Table, seat: int | None, version: int
) -> list[str]:
    """The backlog frames for a connection of ``seat`` that just came in, read from the
    database (a room keeps neither its log nor its chat in memory); none when it cannot be
    read."""
    if not (settings.log_history or settings.chat_history):
        return []
    try:
        entries, chat = await queue.read(
            queue.reader.recent, name, settings.log_history, settings.chat_history
        )
    except Exception as e:
        log.warning("room %s: the log could not be read (%s)", name, e)
        return []
    seats = table.seats
    since = seats[seat].since if seat is not None and seat < len(seats) else None
    game_no = table.game_no if table.game is not None else None
    return backlog_frames(version, entries, chat, seat, since, game_no)
