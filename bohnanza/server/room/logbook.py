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

Every line is made and stored in English, phrased for people (``bohnanza.commands.logtext``:
no internal names such as ``plant_traded``); a connection of another language (``hello.lang``,
``lang``) reads each line written again in it when it is sent (``server/lang.py``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from .. import frames, lang
from ..protocol import Chat
from .table import Table

if TYPE_CHECKING:
    from ..dbqueue import DbQueue
    from ..settings import Settings

log = logging.getLogger("bohnanza.server")


def room_entry(text: str, **extra: Any) -> dict[str, Any]:
    """A line of the room's own (``kind`` ``room``), the same for everyone."""
    return {"all": {"kind": "room", "text": text, **extra}}


def game_entries(table: Table, events: list[Any]) -> list[dict[str, Any]]:
    """The entries of a game command's events, phrased for every viewer (in English, for
    people) by the table's hosted game."""
    assert table.game is not None
    return table.hosted.entries(table.game, events)


def entry_for(entry: dict[str, Any], seat: int | None) -> dict[str, Any] | None:
    """The line ``seat`` (None: a spectator) reads of ``entry``."""
    if "all" in entry:
        all_entry: dict[str, Any] = entry["all"]
        return all_entry
    per: dict[str, dict[str, Any]] = entry.get("per", {})
    return per.get(str(-1 if seat is None else seat), per.get("-1"))


Viewer = tuple[int | None, str]  # (seat, None: a spectator; the language it reads)


def log_texts(
    viewers: list[Viewer], entries: list[dict[str, Any]], names: list[str]
) -> dict[Viewer, str]:
    """The JSON list of ``entries`` as each viewer (seat, language) reads them; ``names``: the
    seat names of the current game. A line the same for every seat is phrased once per
    language; English viewers get the lines as made."""
    same = True
    for x in entries:
        if "all" not in x:
            same = False
            break
    if same:
        plain_all = frames.dumps([x["all"] for x in entries])
        for _, lang_ in viewers:
            if lang_ != "en":
                break
        else:  # every viewer reads the lines as made (most changes): one text for all
            return dict.fromkeys(viewers, plain_all)
    seats = list(dict.fromkeys(seat for seat, _ in viewers))
    if same:
        plain = dict.fromkeys(seats, plain_all)
    else:
        plain = _per_seat(seats, entries)
    out: dict[Viewer, str] = {}
    shared: dict[tuple[int, str], dict[str, Any]] = {}
    by_lang: dict[str, str] = {}

    def line(i: int, entry: dict[str, Any], seat: int | None, lang_: str) -> Any:
        if "all" in entry:
            got = shared.get((i, lang_))
            if got is None:
                got = shared[(i, lang_)] = lang.phrase(entry["all"], lang_, names, None)
            return got
        own = entry_for(entry, seat)
        return None if own is None else lang.phrase(own, lang_, names, seat)

    for seat, lang_ in viewers:
        if lang_ == "en":  # the lines as made (the fast way)
            out[(seat, lang_)] = plain[seat]
        elif same and lang_ in by_lang:
            out[(seat, lang_)] = by_lang[lang_]
        else:
            out[(seat, lang_)] = by_lang[lang_] = frames.dumps(
                [x for x in (line(i, e, seat, lang_) for i, e in enumerate(entries)) if x])
    return out


def _per_seat(seats: list[int | None], entries: list[dict[str, Any]]) -> dict[Any, str]:
    """The JSON list of ``entries`` as each of ``seats`` reads them in English (the lines as
    made; a falsy line left out): a line the same for everyone serialised once for all, the
    others once per seat (``frames.dumps`` of the list, element by element)."""
    alike: list[str | None] = []  # each entry's text when everyone reads the same, else None
    for x in entries:
        if "all" in x:
            line = x["all"]
            alike.append(frames.dumps(line) if line else "")
        else:
            alike.append(None)
    out: dict[Any, str] = {}
    for seat in seats:
        texts = []
        for x, text in zip(entries, alike, strict=True):
            if text is None:
                line = entry_for(x, seat)
                if line:
                    texts.append(frames.dumps(line))
            elif text:
                texts.append(text)
        out[seat] = "[" + ",".join(texts) + "]"
    return out


def backlog_frames(
    version: int,
    entries: list[dict[str, Any]],
    chat: list[dict[str, Any]],
    seat: int | None,
    since: int | None,
    game_no: int | None,
    reader: str = "en",
    names: list[str] | None = None,
    always: bool = False,
) -> list[str]:
    """The frames of the backlog for a connection of ``seat``, whose holder sat down at
    version ``since`` (None: no seat), while game ``game_no`` is the current one (None: no
    game): one ``log`` frame (when any line is left, or ``always``) and the chat lines, marked
    ``replay``. ``entries`` as ``Store.recent`` gives them (each with ``game`` and ``v``);
    ``reader`` the connection's language, ``names`` the current game's seat names (lines of
    the current game are phrased with them; older games' keep their words)."""
    lines = []
    for entry in entries:
        this_game = game_no is not None and entry.get("game") == game_no
        mine = since is not None and this_game and int(entry.get("v", 0)) >= since
        line = entry_for(entry, seat if mine else None)
        if line:
            lines.append(lang.phrase(line, reader, (names or []) if this_game else [],
                                     seat if mine else None))
    out = [frames.log(version, lines, replay=True)] if lines or always else []
    for line in chat:
        try:
            out.append(Chat(**{**line, "replay": True}).model_dump_json())
        except Exception:
            log.warning("an unreadable chat line left out")
    return out


async def read_backlog(
    queue: DbQueue, name: str, settings: Settings, table: Table, seat: int | None, version: int,
    reader: str = "en", log_only: bool = False,
) -> list[str]:
    """The backlog frames for a connection of ``seat`` that just came in, read from the
    database (a room keeps neither its log nor its chat in memory), in the language
    ``reader``; none when it cannot be read. ``log_only``: the log alone, and a ``log`` frame
    even when it is empty (a connection that switched language writes its log afresh)."""
    chat_history = 0 if log_only else settings.chat_history
    entries: list[dict[str, Any]] = []
    chat: list[dict[str, Any]] = []
    if settings.log_history or chat_history:
        try:
            entries, chat = await queue.read(
                queue.reader.recent, name, settings.log_history, chat_history
            )
        except Exception as e:
            log.warning("room %s: the log could not be read (%s)", name, e)
            if not log_only:
                return []
    seats = table.seats
    since = seats[seat].since if seat is not None and seat < len(seats) else None
    game_no = table.game_no if table.game is not None else None
    names = list(table.game.names) if table.game is not None else []
    return backlog_frames(version, entries, chat, seat, since, game_no, reader, names,
                          always=log_only)
