"""What a command does to a room, as the pipeline (room.py) passes it on: the handler's
:class:`Change`, the sender's :class:`Outcome`, and the room's own refusal,
:class:`CommandError`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from bohnanza.engine import Refusal

if TYPE_CHECKING:
    from ..conn import Conn
    from ..protocol import Chat


class CommandError(Refusal):
    """A command the room refuses (a :class:`Refusal`): ``code`` and plain-words ``message``
    go back in the reply."""

    __slots__ = ()

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(code, message, rule, message)


def storage_error() -> CommandError:
    """The refusal of a command that could not be stored (the room is as stored before it)."""
    return CommandError("storage_error", "The server could not store that; try again.")


@dataclass(slots=True)
class Move:
    """A connection that sits down (``seat``, its new ``token``) or stands up (``seat`` None)
    once the change is stored; it is sent a new ``welcome``."""

    conn: Conn
    seat: int | None
    token: str | None
    name: str


Kind = Literal["game", "room", "chat", "answer"]


@dataclass(slots=True)
class Change:
    """What a handler did (the room already holds it; nothing is stored or sent yet).

    ``kind``: ``game`` (a game command that changed the game only), ``room`` (anything else
    that changes the room: stored as a checkpoint), ``chat`` (a chat line, stored on its own)
    or ``answer`` (nothing changed: only the reply, e.g. ``/help``). ``command`` is the
    ``(seat, text)`` stored with it (None: a change nobody typed, e.g. a bot handing a seat
    back); ``entries`` its log entries (logbook.py); ``reply`` the reply's message;
    ``texts`` the same message in each language the server writes (``texts.LANGS``: an
    answer such as ``/help`` is written for its reader; the board shows a kept answer again
    in the language it switches to);
    ``renumber`` maps the seats of the connections that keep theirs (old -> new, None: no seat)
    when seats close up between games; ``moves`` the connections that sit down or stand up;
    ``chat`` the chat line.
    """

    kind: Kind
    command: tuple[int | None, str] | None = None
    entries: list[dict[str, Any]] = field(default_factory=list)
    reply: str | None = None
    renumber: dict[int, int | None] | None = None
    moves: Sequence[Move] = ()  # (no list made for the changes that move nobody: most)
    chat: Chat | None = None
    texts: dict[str, str] | None = None


@dataclass(slots=True)
class Outcome:
    """What the sender of a command is told (the ``reply``); ``texts``: an answer's message
    in each language (:class:`Change`)."""

    ok: bool
    code: str | None = None
    message: str | None = None
    rule: str | None = None
    texts: dict[str, str] | None = None

    @classmethod
    def refused(cls, e: Refusal) -> Outcome:
        return cls(False, e.code, e.message, e.rule)


class BotActor:
    """Stands for a connection when a bot (or anything else but a person) says a command."""

    __slots__ = ("seat", "name")

    def __init__(self, seat: int, name: str) -> None:
        self.seat: int | None = seat
        self.name = name
