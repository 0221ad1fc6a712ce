"""The game interface a table hosts (issue 17): what the server needs of a game, nothing more.

A *hosted game* (:class:`HostedGame`) is one object per kind of game (``bohnanza``, ``farm``)
gathering its entry points; a *game state* (:class:`GameState`) is one running game. The room
pipeline (``bohnanza/server/room/``), storage, reconnects, spectators, chat, the turn clock and
the bots reach a game only through these two, so a third game is one more module here (and its
own engine package), not a change to the server.

Options: each room holds one ``options`` dict of plain JSON (stored with the room). The hosted
game reads its own keys from it (Bohnanza: ``preset``, ``hidden_money``, ``duel_base``; farm:
``params``) and sets them through :meth:`HostedGame.set_option`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from bohnanza.bots.base import Policy
from bohnanza.commands import Command


class GameState(Protocol):
    """One running game, as the room sees it. ``apply`` applies a parsed action completely or
    raises a ``Refusal`` (``RuleError``) having changed nothing; the rest reads."""

    @property
    def over(self) -> bool: ...

    @property
    def names(self) -> list[str]: ...

    @property
    def n_seats(self) -> int: ...

    @property
    def result(self) -> dict[str, Any] | None: ...

    def apply(self, seat: int, action: Any) -> list[Any]: ...

    def view(self, seat: int | None) -> dict[str, Any]: ...

    def to_position(self) -> dict[str, Any]: ...

    def rename_seat(self, seat: int, name: str) -> None: ...


class Answering(NamedTuple):
    """Who may still answer in a trading phase (:meth:`HostedGame.answering`): ``active``
    the active player; ``deal`` whether a deal waits for its parties' cards; ``seats`` the
    seats that have not said they are done trading (``/pass``) and the parties of the
    pending deal that have not provided their cards yet."""

    active: int
    deal: bool
    seats: frozenset[int]


class HostedGame(Protocol):
    """One kind of game on the table (module docstring). Every method is pure: it reads its
    arguments and changes only the game state it is given."""

    #: the registry key, stored in a room's options and in every position (``"game"``)
    name: str
    #: the bot policy of ``/addbot NAME`` with no policy named
    default_policy: str
    #: the bot policy that plays a person's seat during a game (``/leave``, ``/handover``,
    #: the turn clock's third timeout)
    takeover_policy: str
    #: the class of its running games (``TableGame.of_game``)
    state_type: type

    def policy_names(self) -> list[str]:
        """What ``/addbot NAME POLICY`` accepts."""

    def get_policy(self, name: str) -> Policy:
        """A fresh bot of ``name`` (raises ``KeyError``)."""

    def bot_level(self, name: str) -> str | None:
        """The level a bot of policy ``name`` shows on its seat (issue 15: ``easy``,
        ``normal``, ``hard``), or ``None`` (a policy that is no level)."""

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        """The fewest and most seats a game with ``options`` is dealt for."""

    def new(self, options: dict[str, Any], names: list[str], seed: int) -> GameState:
        """Deal a game for ``names`` (raises the engine's ``RuleError``)."""

    def load(self, position: dict[str, Any]) -> GameState:
        """The game at a canonical position (its own ``to_position``)."""

    def parse(self, text: str, game: GameState | None) -> Command:
        """Read a typed line: ``GameCommand``, a room command or chat (raises ``ParseError``);
        ``game`` the running game, whose vocabulary is used when given."""

    def replay(self, game: GameState, tail: Sequence[tuple[int, str]]) -> GameState:
        """Apply stored game commands ``(seat, text)`` in order; raises the first refusal."""

    def view_parts(self, game: GameState, viewers: list[int | None],
                   changes: Any = None, memo: dict[str, Any] | None = None
                   ) -> tuple[dict[str, Any], dict[int | None, dict[str, Any]]]:
        """The views of ``viewers`` as ``(shared, own)``: the view of ``v`` is
        ``{**shared, **own[v]}``, built by whitelist (no other seat's hidden cards).
        ``changes``: what :meth:`view_changes` said may have changed since the views were
        last built; only that is built (``None``: everything; see
        ``bohnanza.engine.view.build_parts``). ``memo``: a dict the caller keeps for this
        game alone (a new one for each game, never shared between rooms), where the host
        keeps what it may take again the next time (parts built from the same inputs);
        ``None``: nothing kept."""

    def view_changes(self, game: GameState) -> Any:
        """What may differ in the views of ``game`` since this was last asked for it (a
        ``bohnanza.engine.view.Changes``; ``None``: anything, as the first time, or the game
        does not tell). Asking starts the next count: the one caller is the room's copy of
        what its delta connections hold, asked once per state it sends."""

    def entries(self, game: GameState, events: list[Any]) -> list[dict[str, Any]]:
        """The log entries of ``events`` (``{"all": line}`` or ``{"per": {"-1": line,
        "0": line, ...}}``), each line with its English ``text``."""

    def phrase(self, entry: dict[str, Any], lang: str, names: Sequence[str],
               viewer: int | None) -> str:
        """The ``text`` of one of its log lines in ``lang``."""

    def opening_entries(self, game: GameState) -> list[dict[str, Any]]:
        """The log entries of a game just dealt (as :meth:`entries` makes them), after the
        room's "Game N begins" line: Bohnanza's first "Ann's turn" (every later turn's line
        comes with the command that ends the turn before it); none for a game without one."""

    def owed(self, game: GameState) -> dict[int, str]:
        """The seats the game waits for now and a key of the decision (a key that changes is
        a new decision: the turn clock starts again)."""

    def answering(self, game: GameState) -> Answering | None:
        """While the game waits for trading answers (Bohnanza's phase 2, R28-R32): the
        active player, whether a deal is pending, and the seats that may still answer (the
        bots give people time to answer, ``server/room/bots.py``). None otherwise (a game
        without trading: always)."""

    def ends_part(self, game: GameState, seat: int, text: str) -> bool:
        """Whether ``text`` from ``seat`` ends that seat's part of a phase the seats play at
        the same time, which may end the others' part with it (the farm's preparation: a
        declaration, F20-F22: once all but one have declared, the last is done at once,
        finished or not). The bots hold such a command while a connected person still plays
        the phase (``server/room/bots.py``). False for a game without one."""

    def decision_clock(self, game: GameState, key: str, room_clock: float | None
                       ) -> float | None:
        """Seconds the decision ``key`` (from :meth:`owed`) may take: the room's clock
        (``/option clock``; None: none), or the game's own limit (farm: G19)."""

    def timeout_move(self, game: GameState, seat: int) -> str | None:
        """The smallest legal command for ``seat`` when its clock runs out, or None."""

    def ask_order(self, game: GameState) -> list[int]:
        """The order the bot driver asks the seats in."""

    def turn_key(self, game: GameState) -> int:
        """A number that changes when a new turn begins (the bots' per-turn cap)."""

    def help(self, topic: str | None, lang: str) -> str:
        """``/help [topic]`` for its game commands (raises on an unknown topic)."""

    def help_topics(self) -> tuple[str, ...]:
        """The topics :meth:`help` knows (``/help nosuchthing`` names them)."""

    def set_option(self, options: dict[str, Any], key: str, value: str | None
                   ) -> tuple[dict[str, Any], str]:
        """``/option KEY VALUE`` for one of its keys: the new options and the line that says
        so. Raises a ``Refusal`` (``bad_option``, ``bad_params``...) changing nothing."""

    def option_keys(self) -> tuple[str, ...]:
        """The ``/option`` keys :meth:`set_option` takes."""

    def describe(self, options: dict[str, Any], game: GameState | None) -> dict[str, Any]:
        """What the room shows of the game's set-up: ``{"game", "params_name",
        "params_hash"}`` (the names may be None), from ``game`` while one runs, else from
        ``options`` (what the next game is dealt with)."""

    def audit(self, position: dict[str, Any]) -> list[str]:
        """What is wrong with a stored position (cards not conserved...), empty when sound."""
