"""The table: the seats (who holds each, by hashed token), the options, the game and its number,
the last result; the names in use; how the seats close up between games. This is the room's
durable state (:meth:`Table.record` is what a checkpoint stores), plus each seat's live marks
(idle, away; the bot's memory), which stay with their seat.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import time
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bohnanza.games import DEFAULT_GAME, HostedGame, TableGame

from . import game as games
from .change import CommandError
from .names import check_name, check_person_name, name_key, names_clash

__all__ = ["Seat", "Table", "check_name", "check_person_name", "hash_token", "name_key"]

if TYPE_CHECKING:
    from bohnanza.bots import Policy


def hash_token(token: str) -> str:
    """A seat token as stored (SHA-256, hex); tokens are compared as hashes, in constant
    time (design.md §7)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


# what the room part shows of a seat (roompart.RoomPart.key): a write that changes one of these
# (or ``owed`` from none to some or back: the part shows whether it owes) counts in ``shown``
_SHOWN = frozenset({"name", "idle", "vacant", "bot", "away_since", "long_away", "stalling",
                    "deadline", "timeouts"})


@dataclass
class Seat:
    """One seat. Who holds it:

    * a person: ``token_hash`` set, ``bot`` None;
    * a person away, handed to a bot (``/handover``): ``token_hash`` set and ``bot`` set; the
      token takes it back;
    * a bot added with ``/addbot``: no token, ``bot`` set;
    * left during a game (``vacant``): no token, a bot plays it, ``/join`` takes it over.
    """

    name: str
    token_hash: str | None
    vacant: bool = False
    bot: str | None = None  # the policy name while a bot plays this seat
    last_input: float = field(default_factory=time.monotonic)
    idle: bool = False
    away_since: float | None = None  # time.time() when its person's last connection closed
    away_mono: float | None = None  # the same moment on the monotonic clock
    long_away: bool = False  # away long enough for /handover (kept by the idle clock)
    policy: Policy | None = field(default=None, repr=False)  # the bot's instance (its memory)
    rng: random.Random | None = field(default=None, repr=False)
    # the room version from which its holder holds this seat: the log of the current game is
    # sent again phrased for this seat from this version on (public form before)
    since: int = 0
    # the decision the game waits for from this seat (clock.py: "game:turn:what"), since when
    # (Unix time; the monotonic moment, a live mark, for the idle rule), and the turn clock's
    # deadline (Unix time; None: no clock, or a bot plays the seat); stored, so a restart
    # keeps them
    owed: str | None = None
    owed_since: float | None = None
    owed_mono: float | None = None
    deadline: float | None = None
    # the clock ran out for this seat in this many of the game's turns in a row (each turn
    # counts once, however many of its decisions ran out: clock.py), the last of them
    # ``timeout_turn`` (the hosted game's ``turn_key``)
    timeouts: int = 0
    timeout_turn: int | None = None
    # connected, owes a decision and has sent nothing for away_seconds: /handover may give it
    # to a bot (a live mark, kept by the idle clock)
    stalling: bool = False
    # the bot playing this seat decided to end its part of a phase the seats play at once and
    # holds that command for the people (``BotDriver.holds``): the ``owed`` it held at (a
    # live mark, not stored; ``bots_doing`` says "ready" while ``owed`` is still that)
    held: str | None = None
    # how many writes changed what the room part shows of this seat (``_SHOWN``, ``owed``
    # set or cleared): the room part's key is read again only when it moved (RoomMemo)
    shown = 0

    def __setattr__(self, name: str, value: Any) -> None:
        d = self.__dict__
        if name in _SHOWN:
            if name not in d or d[name] != value:
                d["shown"] = self.shown + 1
        elif name == "owed" and (d.get("owed") is None) != (value is None):
            d["shown"] = self.shown + 1
        d[name] = value

    @property
    def human(self) -> bool:
        """A person owns this seat (even while a bot plays it for them)."""
        return self.token_hash is not None

    def stored(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "token_hash": self.token_hash,
            "vacant": self.vacant,
            "bot": self.bot,
            "since": self.since,
            "owed": self.owed,
            "owed_since": self.owed_since,
            "deadline": self.deadline,
            "timeouts": self.timeouts,
            "timeout_turn": self.timeout_turn,
        }

    def set_away(self, away: bool) -> None:
        if away and self.human:
            if self.away_mono is None:
                self.away_since = time.time()
                self.away_mono = time.monotonic()
        else:
            self.away_since = self.away_mono = None
            self.long_away = False

    def stop_bot(self) -> None:
        self.bot = None
        self.policy = None
        self.rng = None


class Table:
    """The seats, options, game and results of one room."""

    __slots__ = ("seats", "game_name", "params", "hidden_money", "preset", "duel_base", "clock",
                 "bot_speed", "game", "game_no", "last_result")

    def __init__(self) -> None:
        self.seats: list[Seat] = []
        # the game this room deals (``/option game``; bohnanza.games): ``game`` is None or
        # of this kind (choosing another game drops a finished one)
        self.game_name = DEFAULT_GAME
        self.params: dict[str, Any] | None = None  # the farm game's parameter set (None: shipped)
        self.hidden_money = False
        self.preset = "classic"
        self.duel_base = "standard"  # the 2-player bean duel's version (rules.md §3a, C10)
        self.clock: float | None = None  # seconds per decision (/option clock); None: off
        self.bot_speed = "normal"  # /option botspeed slow|normal|fast (room/bots.py)
        self.game: games.Game | None = None
        self.game_no = 0
        self.last_result: dict[str, Any] | None = None

    @property
    def running(self) -> bool:
        return self.game is not None and not self.game.over

    @property
    def hosted(self) -> HostedGame:
        """The hosted game of this room (``bohnanza.games``)."""
        return TableGame.get(self.game_name)

    def player_range(self) -> tuple[int, int]:
        return self.hosted.player_range(self.game_options())

    def game_options(self) -> dict[str, Any]:
        """The options a game is dealt with (``/option``), every game's keys: the hosted
        game reads its own."""
        return {"preset": self.preset, "hidden_money": self.hidden_money,
                "duel_base": self.duel_base, "params": self.params}

    def set_game_options(self, options: dict[str, Any]) -> None:
        """Take back what a hosted game's ``set_option`` returned."""
        self.preset = str(options.get("preset") or "classic")
        self.hidden_money = bool(options.get("hidden_money", False))
        self.duel_base = str(options.get("duel_base") or "standard")
        params = options.get("params")
        self.params = params if isinstance(params, dict) else None

    def result_record(self) -> dict[str, Any]:
        """The finished game's result as the room keeps it: the names, the game's result,
        and for a game with a parameter set its name and hash (which numbers were used)."""
        assert self.game is not None
        about = self.describe()
        extra = ({"game": about["game"], "params_name": about["params_name"],
                  "params_hash": about["params_hash"]} if about.get("params_hash") else {})
        # the game's own result names its set (the room's may be the next game's: describe)
        return {"names": list(self.game.names), **extra, **(self.game.result or {})}

    def describe(self) -> dict[str, Any]:
        """The game and its set-up as the room shows it (``{"game", "params_name",
        "params_hash"}``)."""
        return self.hosted.describe(self.game_options(), self.game)

    def name_of(self, seat: int | None, fallback: str) -> str:
        """The name of ``seat``, or ``fallback`` (a watcher's own) for no seat."""
        return self.seats[seat].name if seat is not None else fallback

    # ------------------------------------------------------------ stored form

    def record(self, name: str, version: int) -> dict[str, Any]:
        """The durable state as a checkpoint stores it (``Store.save``): new objects, the
        position as JSON text (also the compact copy the journal keeps for a rollback)."""
        return {
            "name": name,
            "version": version,
            "game_no": self.game_no,
            "options": {"hidden_money": self.hidden_money, "preset": self.preset,
                        "duel_base": self.duel_base, "clock": self.clock,
                        **({"bot_speed": self.bot_speed} if self.bot_speed != "normal" else {}),
                        **({"game": self.game_name} if self.game_name != DEFAULT_GAME else {}),
                        **({"params": self.params} if self.params is not None else {})},
            "seats": [s.stored() for s in self.seats],
            "game": games.dumps(self.game.to_position()) if self.game is not None else None,
            "last_result": self.last_result,
        }

    def load(self, rec: dict[str, Any], connected: Callable[[int], bool]) -> None:
        """Seats, options, game and result from a record; the seats' live marks (idle, away,
        a bot's memory) stay with their seat numbers."""
        self.game_no = rec["game_no"]
        options = rec["options"]
        self.game_name = str(options.get("game") or DEFAULT_GAME)
        params = options.get("params")
        self.params = params if isinstance(params, dict) else None
        self.hidden_money = bool(options.get("hidden_money", False))
        self.preset = str(options.get("preset", "classic"))
        self.duel_base = str(options.get("duel_base") or "standard")
        clock = options.get("clock")
        self.clock = None if clock is None else float(clock)
        self.bot_speed = str(options.get("bot_speed") or "normal")
        old = dict(enumerate(self.seats))
        self.seats = [
            Seat(
                name=s["name"],
                token_hash=s.get("token_hash"),
                vacant=bool(s.get("vacant")),
                bot=s.get("bot"),
                since=int(s.get("since") or 0),
                owed=s.get("owed"),
                owed_since=s.get("owed_since"),
                deadline=s.get("deadline"),
                timeouts=int(s.get("timeouts") or 0),
                timeout_turn=s.get("timeout_turn"),
            )
            for s in rec["seats"]
        ]
        for i, s in enumerate(self.seats):
            before = old.get(i)
            if s.owed is not None:  # the idle rule's clock starts again at a restart
                s.owed_mono = time.monotonic()
            if before is not None:
                s.idle = before.idle
                s.last_input = before.last_input
                if before.owed == s.owed:
                    s.owed_mono = before.owed_mono
                    s.stalling = before.stalling
                if before.bot == s.bot:  # the same bot keeps its memory (and what it holds)
                    s.policy, s.rng, s.held = before.policy, before.rng, before.held
            s.set_away(not connected(i))
            if before is not None and s.away_mono is not None and before.away_mono is not None:
                s.away_since, s.away_mono = before.away_since, before.away_mono  # (rollback)
        game = rec["game"]
        self.game = None
        if game is not None:
            position = json.loads(game)
            self.game_name = TableGame.of_position(position).name
            self.game = games.load_game(position)
        self.last_result = rec["last_result"]

    def away_from(self, away: dict[str, float], now: float) -> None:
        """Each person away since as stored (``away``: seat name -> Unix time its last
        connection closed; restmarks.py), not since the room was loaded (``now``, Unix time):
        the away clock of ``/handover`` runs on over a restart or a park. A seat connected, or
        not in ``away``, keeps its mark."""
        mono = time.monotonic()
        for s in self.seats:
            at = away.get(s.name)
            if at is not None and s.away_mono is not None:
                at = min(at, now)
                s.away_since = at
                s.away_mono = mono - (now - at)

    def last_left(self) -> float | None:
        """When (``time.monotonic()``) the last person seated here left, when every person
        seated is away (:meth:`away_from`: as stored, over a takeover); None when somebody
        seated is not away or nobody is seated."""
        people = [s for s in self.seats if s.human]
        if not people or any(s.away_mono is None for s in people):
            return None
        return max(s.away_mono for s in people if s.away_mono is not None)

    def away_map(self) -> dict[str, float]:
        """The persons away now: seat name -> Unix time (:meth:`away_from` reads it)."""
        return {s.name: s.away_since for s in self.seats if s.away_since is not None}

    # ------------------------------------------------------------ names and seats

    def find_token(self, token: str) -> int | None:
        """The seat ``token`` holds, or None."""
        h = hash_token(token)
        found = None
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and hmac.compare_digest(h, s.token_hash):
                found = i
        return found

    def find_seat(self, arg: str, usage: str) -> int:
        """The seat ``arg`` names: a seat name (compared as :func:`name_key`) or else a seat
        number (full-width digits too). Raises :class:`CommandError`."""
        if not arg.strip():
            raise CommandError("parse_error", f"Say whom: {usage}")
        key = name_key(arg)
        for i, s in enumerate(self.seats):
            if name_key(s.name) == key:
                return i
        number = unicodedata.normalize("NFKC", arg.strip())
        if number.isascii() and number.isdigit() and 1 <= int(number) <= len(self.seats):
            return int(number) - 1
        raise CommandError("no_such_seat", f"Nobody called {arg} sits here; /who lists the seats.")

    def name_in_use(
        self, name: str, watchers: Iterable[str], skip_seats: frozenset[int] = frozenset()
    ) -> bool:
        """A seat's name (but those of ``skip_seats``, which are about to go) or one of the
        ``watchers``' names (connections without a seat), compared as :func:`names_clash`
        (look-alike letters, or punctuation and spaces left out)."""
        return self.clash(name, watchers, skip_seats) is not None

    def clash(
        self, name: str, watchers: Iterable[str], skip_seats: frozenset[int] = frozenset()
    ) -> str | None:
        """The name in use that ``name`` clashes with (:meth:`name_in_use`): a seat's first,
        then a watcher's; None when it is free."""
        for i, s in enumerate(self.seats):
            if i not in skip_seats and names_clash(s.name, name):
                return s.name
        return next((w for w in watchers if names_clash(w, name)), None)

    def unique_name(self, base: str, watchers: list[str], start: int | None = None) -> str:
        """``base`` if free, else ``base 2``, ``base 3``... (``start``: always numbered)."""
        k = start
        while True:
            name = base if k is None else f"{base} {k}"
            if not self.name_in_use(name, watchers):
                return name
            k = 2 if k is None else k + 1

    def going(self) -> frozenset[int]:
        """The seats a change before the next game drops (left during the last game)."""
        return frozenset(i for i, s in enumerate(self.seats) if s.vacant)

    def between_games(self) -> tuple[list[Seat], dict[int, int | None]]:
        """The seats of the next game (the seats left during the last one go away; numbers
        close up) and where each seat number goes (None: gone). Changes nothing;
        :meth:`settle` makes it so."""
        live = [s for s in self.seats if not s.vacant]
        where = {id(s): i for i, s in enumerate(live)}
        return live, {i: where.get(id(s)) for i, s in enumerate(self.seats)}

    def settle(self, live: list[Seat]) -> None:
        """Between games: drop the finished game's view (its seats no longer match; the
        result stays), keep ``live``; a seat handed to a bot during the last game is its
        person's again."""
        if self.game is not None and self.game.over:
            self.game = None
        for s in live:
            if s.human and s.bot is not None:
                s.stop_bot()
        self.seats = live
