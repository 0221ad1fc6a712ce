"""The wire protocol (design.md section 6): one pydantic model per message, keyed on ``type``.

Client to server: ``hello`` (first, with the person's language), ``say`` (a command or chat
line, answered by exactly one ``reply``), ``activity`` (the person is using the page; clears
the idle mark), ``lang`` (the person switched language), ``resync`` (a delta connection
missed a version: send a full state), ``ping`` (is this connection alive: the server answers
``pong`` at once, over the connection's rate too; a board that hears nothing for a while
asks, and reconnects without an answer: a half-open socket stays "open" in the browser for as
long as the network is gone).

Too many ``say`` at once (more than the rate allows) are refused one by one (``reply`` with
``rate_limited``); only a flood far beyond that closes the connection.

Names are unique in a room, compared without regard to case or full-width forms (Unicode NFKC,
then casefold): a seat's name and the name of everyone watching. The ``hello`` name of a
connection without a seat that a seat or another connection of the room already uses is
refused: the server sends an ``error`` ``name_taken`` (``bad_name`` for a name that is not
valid) and the connection watches under a guest name of its own (``welcome.you.name``).
``/join NAME`` and ``/addbot NAME`` refuse such a name with ``name_taken`` too.

A ``say`` ``id`` is a JSON integer (not a boolean, a float or a string) of at most 2^53 - 1 in
absolute value; the ``reply`` carries it back. A ``say`` whose ``id`` is not one gets an
``error`` ``bad_message`` instead of a reply.

Server to client: ``welcome`` (who you are, with the seat token when seated), ``reply``,
``state`` (the full per-connection state after every change, with a growing ``version``),
``patch`` (instead of ``state``, for a connection that said ``hello`` with ``deltas: true``),
``chat``, ``log`` (game and room log lines phrased for this viewer), ``error`` (a message that
could not be answered with a ``reply``).

State deltas: a connection whose ``hello`` has ``deltas: true`` gets a full ``state`` first
(and whenever the server cannot patch: a game begins or ends, its seat changed), then after
every change a ``patch {version, base, ops, log?}``: ``ops`` is a JSON Patch (RFC 6902; only
``add``, ``remove`` and ``replace``) on the document ``{"view": ..., "room": ...}`` of the state
of version ``base``, giving the state of ``version`` (``log`` as in ``state``). What never
changes during a game (catalogue, rules, options) is sent once that way. A delta connection
is sent nothing for a change in which it sees nothing new (nothing but ``room.now`` moved,
no log line for it, no reply: another seat's marker it does not see, seed 000), so its
versions may skip: ``base`` is always the version of the last ``state`` or ``patch`` it got,
and the patch brings it to ``version`` (``room.now`` too). A client that holds another
version than ``base`` (or cannot apply the operations) sends ``resync`` and gets a full
``state``; patches follow it. A client that leaves ``deltas`` out (or false) gets a full
``state`` after every change, as before. For a delta connection, the reply of an accepted
``say`` with nothing to say back (most game commands) rides in the ``state`` or ``patch`` its
change sends it (``reply: {id, ok: true}``, after the change is stored), instead of a
``reply`` frame: still exactly one reply per say.

The JSON Schema of both directions is served at ``/protocol.json``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, TypeAdapter

from .wire_errors import WIRE_ERRORS  # the wire's own refusal codes (a file of their own)

MAX_SAY_ID = 2**53 - 1  # exact in every JSON reader (JavaScript numbers)
SayId = Annotated[StrictInt, Field(ge=-MAX_SAY_ID, le=MAX_SAY_ID)]
say_id_adapter: TypeAdapter[int] = TypeAdapter(SayId)


class _Msg(BaseModel):
    model_config = ConfigDict(extra="ignore")


# ---------------------------------------------------------------- client -> server


class Hello(_Msg):
    """First message of a connection. ``token`` reclaims a seat; ``name`` is the display name
    while watching (refused when the room already uses it: see the module docstring)."""

    type: Literal["hello"]
    name: str | None = Field(None, max_length=200)
    token: str | None = Field(None, max_length=200)
    # the person's language ("en", "ja", "ja-JP"...): every text the server writes for this
    # connection (replies, errors, help, room lines, the log) comes in it; English otherwise
    lang: str | None = Field(None, max_length=20)
    # true: a ``patch`` per change after the first full ``state`` (module docstring); false
    # or left out: a full ``state`` after every change (a client that only reads those)
    deltas: StrictBool = False  # a JSON boolean: "yes" or 1 is refused (bad_message)


class Say(_Msg):
    """A command (``/plant 1``) or a chat line. The server answers with one ``reply`` of this
    ``id`` (an integer; booleans, floats and strings are refused)."""

    type: Literal["say"]
    id: SayId
    text: str


class Activity(_Msg):
    """The person is using the page (send at most every few seconds)."""

    type: Literal["activity"]


class Lang(_Msg):
    """The person switched language: the server's texts from now on come in ``lang``, and the
    log is sent again in it (``log`` with ``replay: true``)."""

    type: Literal["lang"]
    lang: str = Field(max_length=20)


class Resync(_Msg):
    """A delta connection holds another version than a ``patch``'s ``base`` (it missed one) or
    could not apply it: the server sends a full ``state``, and patches after it."""

    type: Literal["resync"]


class Ping(_Msg):
    """Is this connection alive? Answered at once with ``pong`` (before or after hello)."""

    type: Literal["ping"]


ClientMessage = Annotated[Hello | Say | Activity | Lang | Resync | Ping,
                          Field(discriminator="type")]
client_adapter: TypeAdapter[Hello | Say | Activity | Lang | Resync | Ping] = TypeAdapter(
    ClientMessage)


# ---------------------------------------------------------------- server -> client


class You(_Msg):
    name: str | None = None
    seat: int | None = None  # None: spectator
    token: str | None = None  # the seat token; keep it to reclaim the seat after a reload


class Welcome(_Msg):
    type: Literal["welcome"] = "welcome"
    room: str
    you: You
    version: int
    # the longest line (chat or command, characters) the server takes (``chat_max_len``): the
    # board's input holds no more
    line_max: int = 400


class Reply(_Msg):
    """The answer to one ``say``. ``message`` carries the error text or the command's output;
    ``texts`` the output (ok only) in each language the server writes, by language tag ("en",
    "ja"): the board shows the output it keeps again in the language it switches to."""

    type: Literal["reply"] = "reply"
    id: SayId | None
    ok: bool
    code: str | None = None
    message: str | None = None
    rule: str | None = None
    texts: dict[str, str] | None = None


class SeatInfo(_Msg):
    seat: int
    name: str
    connected: bool
    idle: bool
    vacant: bool = False  # left during a game; a bot plays it; /join takes it over
    bot: bool = False  # a bot plays this seat now (added with /addbot, a leaver's, or handed over)
    policy: str | None = None  # the bot's policy ("greedy", "random") when ``bot``
    # the level that policy plays at ("easy", "normal", "hard"; ``greedy`` is easy), what the
    # seat shows; null for a policy that is no level (``random``) or no bot (issue 15)
    level: str | None = None
    # the seat's person has no connection since this moment (Unix time, seconds); null when
    # connected or when nobody owns the seat (a bot's)
    away_since: float | None = None
    # away for at least ``RoomInfo.away_seconds`` during a game, or connected while the game
    # has waited for the seat that long without a word from its person: /handover NAME gives
    # the seat to a bot until its person comes back (with the token) or acts
    can_hand_over: bool = False
    owes: bool = False  # the game waits for a decision of this seat
    # the turn clock (/option clock): when this seat's decision times out (Unix time,
    # seconds; compare with ``RoomInfo.now``); null without a clock or while a bot plays it
    deadline: float | None = None
    timeouts: int = 0  # the clock ran out for this seat this many times in a row
    # a bot seat the game waits for: "thinking" (the bot driver is about to ask it, a hard bot
    # searches), "waiting" (the active bot in phase 2 gives the people time to trade), or
    # "ready" (its part of a phase the seats play at once is decided, the farm's declaration,
    # and it holds it for the people who still owe that phase: the seats of people with
    # ``owes``); null otherwise (issue 15: the board shows what a bot is doing)
    doing: Literal["thinking", "waiting", "ready"] | None = None
    # while ``doing`` is "waiting": until when the bot waits for offers before it ends its
    # trading (Unix time, seconds; compare with ``RoomInfo.now``); a new change starts the
    # wait again. Null otherwise (trial 6: the board says how long it waits)
    waits_until: float | None = None


class RoomOptions(_Msg):
    hidden_money: bool = False
    preset: str = "classic"
    duel_base: str = "standard"  # the 2-player bean duel's version: standard | 3fields
    clock: float | None = None  # seconds per decision (/option clock); null: no clock
    bot_speed: Literal["slow", "normal", "fast"] = "normal"  # /option botspeed (issue 15)


class GameInfo(_Msg):
    """The game a room deals (``bohnanza``, ``farm``: ``/option game``) and, for a game with a
    parameter set (the farm game), the set's name and hash (the running game's, else the one
    the next game is dealt with)."""

    game: str = "bohnanza"
    params_name: str | None = None
    params_hash: str | None = None


class RoomInfo(_Msg):
    name: str
    seats: list[SeatInfo]
    options: RoomOptions
    running: bool  # a game is in progress
    over: bool  # the last game is over (its final view stays until seats change)
    game_no: int  # how many games this room has started
    spectators: int
    min_players: int
    max_players: int
    you: You
    # what /start would deal now (room/setup.py start_seats): the seats of the next game and
    # whether their number is within min_players..max_players (else /start refuses with
    # bad_player_count; it seats no bots): the board's Start button says which
    start_seats: int = 0
    start_ready: bool = False
    away_seconds: float = 60.0  # how long a seated person must be away before /handover
    # how long a connected person must send nothing before the seat is marked ``idle``
    idle_seconds: float = 60.0
    now: float | None = None  # the server's Unix time when this state was built (clocks)
    bot_policies: list[str] = []  # what /addbot NAME POLICY accepts
    # the same in the order the board's bot picker lists them, the first one picked: the
    # levels easiest first (easy, normal, hard), then the others (bots.picker_order)
    bot_picker: list[str] = []
    game: GameInfo = GameInfo()  # the game this room deals
    # who may add and remove bots, set options and /start (room/setup.py may_arrange):
    # "seated" while a person sits (a spectator is refused, not_seated), "anyone" when no
    # person does (nobody, or bots only); the board's set-up controls follow it
    arrangers: Literal["seated", "anyone"] = "seated"


class Rides(_Msg):
    """The reply of a say, in the sender's ``state`` or ``patch`` (a delta connection): an
    accepted command with nothing to say back. It is that say's one reply."""

    id: SayId
    ok: Literal[True] = True


class State(_Msg):
    """Everything one connection may see. ``view`` is ``game.view(seat)`` or ``null`` (no game)."""

    type: Literal["state"] = "state"
    version: int
    view: dict[str, Any] | None
    room: RoomInfo
    # the log lines of the change this state follows, as this viewer reads them (the same
    # shape as ``Log.entries``); absent when it has none. Earlier lines: ``log`` on connect.
    log: list[dict[str, Any]] | None = None
    # a delta connection's accepted say, answered here instead of by a ``reply`` frame
    reply: Rides | None = None


class PatchOp(_Msg):
    """One JSON Patch (RFC 6902) operation; ``path`` a JSON Pointer (RFC 6901) into
    ``{"view": ..., "room": ...}``. ``add`` at ``.../-`` appends to a list."""

    op: Literal["add", "remove", "replace"]
    path: str
    value: Any = None  # absent for remove


class Patch(_Msg):
    """What changed since the state of version ``base``, for a connection that said ``hello``
    with ``deltas: true`` (module docstring): apply ``ops`` in order to that state's
    ``{"view", "room"}`` to get the state of ``version``. ``base`` is the version of the last
    ``state`` or ``patch`` the connection got; versions between them may have been skipped
    (changes in which it saw nothing new were not sent to it)."""

    type: Literal["patch"] = "patch"
    version: int
    base: int
    ops: list[PatchOp]
    log: list[dict[str, Any]] | None = None  # as ``State.log``
    reply: Rides | None = None  # as ``State.reply``


class Chat(_Msg):
    """A chat line of a person (``seat`` null: a watcher); ``ts`` the server's time of it
    (seconds). On every connection the room's newest stored lines come again (``replay``,
    oldest first, at most the server's ``chat_history``), each exactly as it was sent live
    (the same ``ts``, ``name``, ``seat``, ``text``): a page that shows a line already knows
    it by them and does not show it twice. A command's answer (``reply.message``) is its
    sayer's alone and never comes again."""

    type: Literal["chat"] = "chat"
    name: str
    seat: int | None
    text: str
    ts: float
    replay: bool = False  # sent again on connect


class Log(_Msg):
    """Log lines for this viewer: ``{"kind", "text", ...}`` (game events or room events):
    the stored lines on connect (``replay``). A change's own lines come in its ``state``
    (``State.log``), so they arrive together with what they describe."""

    type: Literal["log"] = "log"
    version: int
    entries: list[dict[str, Any]]
    replay: bool = False  # sent again on connect


class Error(_Msg):
    type: Literal["error"] = "error"
    code: str
    message: str


class Pong(_Msg):
    """The answer to ``ping``."""

    type: Literal["pong"] = "pong"


PONG = Pong().model_dump_json()

ServerMessage = Annotated[
    Welcome | Reply | State | Patch | Chat | Log | Error | Pong, Field(discriminator="type")
]
server_adapter: TypeAdapter[Welcome | Reply | State | Patch | Chat | Log | Error | Pong] = (
    TypeAdapter(ServerMessage))


CLOSE_POLICY = 1008  # flood, bad origin, no hello
CLOSE_TOO_BIG = 1009
CLOSE_TRY_LATER = 1013  # too many rooms or connections
CLOSE_SLOW = 4001  # the unsent frames passed SEND_QUEUE_BYTES: reconnect for a fresh state


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema of the wire protocol (served at ``/protocol.json``)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Bohnanza wire protocol",
        "description": __doc__,
        "transport": "JSON text frames over one WebSocket per tab at /ws/{room}",
        "close_codes": {
            str(CLOSE_POLICY): "policy: flooding, origin not allowed, no hello in time",
            str(CLOSE_TOO_BIG): "frame larger than the limit",
            str(CLOSE_TRY_LATER): "too many rooms or connections",
            str(CLOSE_SLOW): "a reader that does not read: its unsent frames passed the byte "
                             "cap (SEND_QUEUE_BYTES); connect again for a fresh state",
        },
        "error_codes": WIRE_ERRORS,
        "client": client_adapter.json_schema(),
        "server": server_adapter.json_schema(),
    }
