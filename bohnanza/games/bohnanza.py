"""The Bohnanza game as the table hosts it (:class:`~bohnanza.games.base.HostedGame`): the
engine (``bohnanza.engine``), its command language (``bohnanza.commands``) and bots
(``bohnanza.bots``) behind the one game interface. Options: ``preset`` (rules.md §4a),
``hidden_money`` (R42), ``duel_base`` (the 2-player bean duel's version, rules.md §3a, C10)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from bohnanza import commands as cmds
from bohnanza.bots import (
    DEFAULT_POLICY,
    TAKEOVER_POLICY,
    ask_order,
    get_policy,
    level_of,
    policy_names,
)
from bohnanza.bots.base import Policy
from bohnanza.bots.timeout import timeout_move
from bohnanza.commands.logtext import EN, log_line, phrased
from bohnanza.commands.parse import LINES_READ
from bohnanza.commands.texts import text
from bohnanza.engine import PLAYER_RANGE, PRESETS, Event, Game, RuleError
from bohnanza.engine.events import FIELDS
from bohnanza.engine.presets import DUEL_BASES
from bohnanza.engine.view import MarketMemo

from .base import Answering, GameState


class RoomGame(Game):
    """The Bohnanza game a room hosts: it changes through ``apply`` alone (the server never
    moves its cards by hand; a rollback loads a new one from the stored position), so
    ``apply`` leaves the look for stale offers out after an action that moves no card
    (``Game.changes_alone``; the same game, event for event)."""

    __slots__ = ()

    changes_alone = True


def _g(game: GameState) -> Game:
    return cast(Game, game)


class BohnanzaHost:
    """The Bohnanza game (module docstring)."""

    name = "bohnanza"
    default_policy = DEFAULT_POLICY
    takeover_policy = TAKEOVER_POLICY
    state_type: type = Game

    def policy_names(self) -> list[str]:
        return list(policy_names())

    def get_policy(self, name: str) -> Policy:
        return get_policy(name)

    def bot_level(self, name: str) -> str | None:
        return level_of(name)

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        return PLAYER_RANGE[str(options.get("preset") or "classic")]

    def new(self, options: dict[str, Any], names: list[str], seed: int) -> GameState:
        return RoomGame.new(str(options.get("preset") or "classic"), names, seed,
                        {"hidden_money": bool(options.get("hidden_money", False)),
                         "duel_base": str(options.get("duel_base") or "standard")})

    def load(self, position: dict[str, Any]) -> GameState:
        return RoomGame.from_position(position)

    def parse(self, text: str, game: GameState | None) -> cmds.Command:
        """An unknown bean name is answered with the beans of ``game``'s deck only."""
        command = LINES_READ.get(text)  # a game command line read before (cmds.parse's cache)
        if command is not None:
            return command
        g: Game | None = game  # type: ignore[assignment]
        return cmds.parse(text, g.rules.types if g is not None else None)

    def replay(self, game: GameState, tail: Sequence[tuple[int, str]]) -> GameState:
        return cmds.replay(_g(game), tail)

    def view_parts(self, game: GameState, viewers: list[int | None],
                   changes: Any = None, memo: dict[str, Any] | None = None
                   ) -> tuple[dict[str, Any], dict[int | None, dict[str, Any]]]:
        """``memo``: the seats' market parts (``view.MarketMemo``) kept there under
        ``"market"``."""
        market = None
        if memo is not None:
            market = memo.get("market")
            if market is None:
                market = memo["market"] = MarketMemo()
        g: Game = game  # type: ignore[assignment]  # (no cast: a call each time)
        return g.view_parts(viewers, changes, market)

    def view_changes(self, game: GameState) -> Any:
        g: Game = game  # type: ignore[assignment]
        return g.view_changes()

    def entries(self, game: GameState, events: list[Any]) -> list[dict[str, Any]]:
        """Each event phrased for every viewer, in English for people (``logtext``):
        ``{"all": form}`` when every viewer reads the same, else ``{"per": {"-1": the
        spectators' form, "0": seat 0's, ...}}`` (R41: an event's secret only in its own
        seat's form). A form is ``Event.for_viewer``'s dict (``kind``, ``seat``, the public
        fields, the secret ones in the seat's own form) with its sentence as ``text``."""
        if not events:  # most commands (markers, offers' answers): no event (no build either)
            return []
        g: Game = game  # type: ignore[assignment]
        seats = g.seats
        n = len(seats)
        names = [s.name for s in seats]

        def name(seat: Any) -> str:  # logtext.phrased's names
            if isinstance(seat, int) and 0 <= seat < n:
                return names[seat]
            return f"P{seat}" if seat is not None else ""

        out: list[dict[str, Any]] = []
        # the records as the rule modules logged them (``EventLog``: no ``Event`` built)
        for record in _records(events):
            kind, own_seat, values, secret = record
            if secret is None or own_seat is None or not 0 <= own_seat < n:
                # the same for everyone (most events): phrased once, from the record
                form: dict[str, Any] = {"kind": kind, "seat": own_seat}
                if type(values) is tuple:
                    for k, v in zip(FIELDS[kind], values, strict=True):
                        if v is not None:
                            form[k] = v
                else:
                    form.update(values)
                phrase = EN.get(kind)
                # the seat's name (``name``'s first case without the call: most events')
                who = (names[own_seat] if type(own_seat) is int and 0 <= own_seat < n
                       else name(own_seat))
                try:
                    line = phrase(who, form, False, name) if phrase else ""
                except (KeyError, TypeError):
                    line = ""
                form["text"] = line or _event(record).for_viewer(None, names)["text"]
                out.append({"all": form})
                continue
            # a viewer's form differs only by whether the event is its own seat's
            # (``Event.for_viewer``, ``logtext.phrased``): phrased twice, not once a viewer
            ev = _event(record)
            other = _phrased(ev, None, names)
            own = _phrased(ev, own_seat, names)
            if own == other:
                out.append({"all": other})
            else:
                per = {str(v): own if v == own_seat else dict(other) for v in range(n)}
                out.append({"per": {"-1": other, **per}})
        return out

    def phrase(self, entry: dict[str, Any], lang: str, names: Sequence[str],
               viewer: int | None) -> str:
        return log_line(entry, lang, names, viewer)

    def opening_entries(self, game: GameState) -> list[dict[str, Any]]:
        """The first turn's line ("Ann's turn", the start seat of R4), as the turn event of
        every later turn reads (R34)."""
        return self.entries(game, [Event("turn", _g(game).active)])

    def owed(self, game: GameState) -> dict[int, str]:
        """``seat -> "turn:what"``, ``what`` the ``waiting_for`` of the seat's view
        (``plant``, ``trade``, ``provide:OFFER``, ``plant_traded``, ``plant_offer``,
        ``plant_revealed``). The active player owes ``trade`` only while no deal is pending (a
        pending deal waits for its parties that have not provided)."""
        g: Game = game  # type: ignore[assignment]
        phase = g.phase
        if phase == "trade":
            deal = g.deal
            if deal is None:
                return {g.active: f"{g.turn}:trade"}
            turn = g.turn
            return {s: f"{turn}:provide:{deal.offer}" for s in (deal.active, deal.other)
                    if deal.provided.get(s) is None}
        if phase == "over":
            return {}
        if phase == "plant_traded":
            turn = g.turn
            return {i: f"{turn}:plant_traded" for i, s in enumerate(g.seats) if s.to_plant}
        return {g.active: f"{g.turn}:{phase}"}  # plant, the duel's plant_offer, plant_revealed

    def owed_kept(self, game: GameState) -> bool:
        """True when :meth:`owed` is what it was when the views last asked what changed
        (``Game.take_changes``, which a room asks after every stored change, each after
        ``clock.mark_owed``): only markers moved since (``("marks", seat)``: no phase,
        turn, deal, provision or card; a new phase or turn names ``"phase"``, the duel and an
        exhaustion report ``None``). False: not known."""
        changed = game.changed  # type: ignore[attr-defined]
        if changed is None:
            return False
        for c in changed:
            if type(c) is not tuple or c[0] != "marks":
                return False
        return True

    def ends_part(self, game: GameState, seat: int, text: str) -> bool:
        """Never: no phase is played by all seats at once to an end one seat can call
        (phase 3's plantings end only when each seat has planted its own cards, R33)."""
        return False

    def answering(self, game: GameState) -> Answering | None:
        """In phase 2 (R28-R32): the active player, whether a deal is pending, and the seats
        that have not passed plus the deal's parties that have not provided (R31); None in
        any other phase."""
        g = _g(game)
        if g.phase != "trade":
            return None
        d = g.deal
        seats = {i for i in range(len(g.seats)) if i not in g.passed}
        if d is not None:
            seats.update(k for k, v in d.provided.items() if v is None)
        return Answering(g.active, d is not None, frozenset(seats))

    def decision_clock(self, game: GameState, key: str, room_clock: float | None
                       ) -> float | None:
        return room_clock

    def timeout_move(self, game: GameState, seat: int) -> str | None:
        return timeout_move(_g(game).view(seat))

    def ask_order(self, game: GameState) -> list[int]:
        g = _g(game)
        return ask_order(g.active, g.n_seats)

    def turn_key(self, game: GameState) -> int:
        return _g(game).turn

    def help(self, topic: str | None, lang: str) -> str:
        """The command language's help; raises ``KeyError`` for a topic that is none of its
        (the room then answers with its own commands' help, or ``unknown_topic``)."""
        key = (topic or "").strip().lstrip("/").strip().casefold()
        if key and key not in cmds.HELP_TOPICS and key != "bean":
            raise KeyError(topic)
        return cmds.help_text(topic, lang)

    def help_topics(self) -> tuple[str, ...]:
        return cmds.HELP_TOPICS

    def option_keys(self) -> tuple[str, ...]:
        return ("hiddenmoney", "rules", "duel")

    def set_option(self, options: dict[str, Any], key: str, value: str | None
                   ) -> tuple[dict[str, Any], str]:
        out = dict(options)
        if key == "hiddenmoney":
            if value not in (None, "on", "off"):
                raise RuleError("bad_option", "Say /option hiddenmoney on or off.", "R42")
            out["hidden_money"] = value != "off"
            # R42, in words a player reads (it said "hiddenmoney is on.": user10's trial)
            return out, text("option.hiddenmoney." + ("on" if out["hidden_money"] else "off"))
        if key == "rules":
            if value not in PRESETS:
                raise RuleError("unknown_preset", f"Say /option rules {' or '.join(PRESETS)}.",
                                "§4a")
            out["preset"] = value
            lo, hi = self.player_range(out)
            return out, f"Rules: {value} ({lo}-{hi} players)."
        if key == "duel":
            if value not in DUEL_BASES:
                raise RuleError("bad_option", "Say /option duel standard or /option duel 3fields.",
                                "C10")
            out["duel_base"] = value
            return out, text(f"option.duel.{value}")
        raise RuleError("bad_option", f"Bohnanza has no option {key}.")

    def describe(self, options: dict[str, Any], game: GameState | None) -> dict[str, Any]:
        return {"game": self.name, "params_name": None, "params_hash": None}

    def audit(self, position: dict[str, Any]) -> list[str]:
        return []


BOHNANZA = BohnanzaHost()


_records = list.__iter__  # a list's items as they are (an ``EventLog``'s records not built)


def _event(record: tuple[Any, ...]) -> Event:
    """The ``Event`` of a record (an ``Event`` already, or the plain tuple it holds)."""
    return record if type(record) is Event else tuple.__new__(Event, record)


def _phrased(ev: Event, viewer: int | None, names: list[str]) -> dict[str, Any]:
    """``viewer``'s form of ``ev`` with its English sentence (``logtext``); the engine's own
    sentence is made only for an event ``logtext`` cannot phrase."""
    form = ev.for_viewer(viewer, names, text=False)
    line = phrased(form, "en", names, viewer)
    form["text"] = line if line is not None else ev.for_viewer(viewer, names)["text"]
    return form
