"""The farm game (seed 002, ``../shared/farm-rules.md``) as the table hosts it
(:class:`~bohnanza.games.base.HostedGame`): ``bohnanza.farm`` behind the one game interface.

Its one option is the parameter set (``options["params"]``: a full, validated dict from
``bohnanza.farm.params``; None: the shipped ``farm.toml``). ``/option param KEY VALUE`` changes
one key (``with_override``: TOML syntax, errors naming the key), ``/option params TOML``
lays a whole designer's file over the default set (the board's "load a parameter file"), and
``/option params default`` goes back to the shipped set. The room shows the set's name and
hash (:meth:`FarmHost.describe`); every position holds the full set, its name and hash, so
the stored game and its result say which numbers they used.

G19: the preparation phase's time limit (``turn.prep_time_limit_s``) runs on the room's turn
clock (:meth:`FarmHost.decision_clock`); a seat whose time runs out declares (``/done``) in
seat order, which is G19's "take the remaining cards in seat order".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from bohnanza.bots.base import Policy
from bohnanza.commands import Command, ParseError, texts
from bohnanza.commands import GameCommand as RoomGameCommand
from bohnanza.engine.errors import Refusal
from bohnanza.farm.bots import POLICIES, get_policy
from bohnanza.farm.commands import HELP_TOPICS, Vocab, help_text, parse
from bohnanza.farm.commands import GameCommand as FarmCommand
from bohnanza.farm.commands.parse import CANONICAL
from bohnanza.farm.commands.vocab import fold
from bohnanza.farm.engine import Event, FarmGame
from bohnanza.farm.engine.actions import Done
from bohnanza.farm.engine.rules import rules_from_params
from bohnanza.farm.params import default_params, params_from_toml, params_hash, with_override
from bohnanza.farm.scenario import cards_of

from .base import Answering, GameState

_VOCABS: dict[str, Vocab] = {}
_NAMES_SEATS = frozenset({"harvest", "contest", "game_over"})
"""The kinds of event with no seat of their own that name seats (the harvest order, contest
rows, winners): phrased per viewer too."""


def _g(game: GameState) -> FarmGame:
    return cast(FarmGame, game)


def params_of(options: dict[str, Any]) -> dict[str, Any]:
    """The room's parameter set (the shipped one when none was set)."""
    params = options.get("params")
    return params if isinstance(params, dict) else default_params()


class FarmHost:
    """The farm game (module docstring)."""

    name = "farm"
    default_policy = "sensible"
    takeover_policy = "sensible"
    state_type: type = FarmGame

    def policy_names(self) -> list[str]:
        return sorted(POLICIES)

    def get_policy(self, name: str) -> Policy:
        return get_policy(name)

    def bot_level(self, name: str) -> str | None:
        return None     # the farm game's bots have no levels

    def player_range(self, options: dict[str, Any]) -> tuple[int, int]:
        players = params_of(options)["game"]["players"]
        return int(players["min"]), int(players["max"])

    def new(self, options: dict[str, Any], names: list[str], seed: int) -> GameState:
        return FarmGame.new(params_of(options), names, seed)

    def load(self, position: dict[str, Any]) -> GameState:
        return FarmGame.from_position(position)

    def parse(self, text: str, game: GameState | None) -> Command:
        """Read with the running game's vocabulary (its categories and attributes); a farm
        game command comes back as the room's ``GameCommand`` holding the farm action."""
        vocab = None
        if game is not None:
            g = _g(game)
            vocab = _VOCABS.get(g.params_hash)
            if vocab is None:
                if len(_VOCABS) >= 32:
                    _VOCABS.clear()
                vocab = _VOCABS[g.params_hash] = Vocab.from_params(g.params)
        command = parse(text, vocab)
        if isinstance(command, FarmCommand):
            return RoomGameCommand(cast(Any, command.action))
        return command

    def replay(self, game: GameState, tail: Sequence[tuple[int, str]]) -> GameState:
        for i, (seat, text) in enumerate(tail):
            try:
                command = self.parse(text, game)
                if not isinstance(command, RoomGameCommand):
                    raise ParseError(f"{text!r} is not a game command")
                game.apply(seat, command.action)
            except Refusal as e:
                e.add_note(f"command {i + 1}, seat {seat}: {text!r}")
                raise
        return game

    def view_changes(self, game: GameState) -> Any:
        return None  # not told: every view is built whole

    def view_parts(self, game: GameState, viewers: list[int | None],
                   changes: Any = None, memo: dict[str, Any] | None = None
                   ) -> tuple[dict[str, Any], dict[int | None, dict[str, Any]]]:
        views = _g(game).views(viewers)
        if not views:
            return {}, {}
        shared = {k: v for k, v in next(iter(views.values())).items() if k != "you"}
        return shared, {v: {"you": view["you"]} for v, view in views.items()}

    def entries(self, game: GameState, events: list[Any]) -> list[dict[str, Any]]:
        """Each event as every viewer reads it (the farm's own English sentences, each
        reader's own seat "you": ``events.sentence``); every line is marked ``"game": "farm"``
        so the log's other languages keep its words. A line that names no seat is the same
        for all."""
        g = _g(game)
        viewers: list[int | None] = [None, *range(g.n_seats)]
        names = list(g.names)
        out: list[dict[str, Any]] = []
        for ev in cast(list[Event], events):
            if ev.seat is None and ev.secret is None and ev.kind not in _NAMES_SEATS:
                out.append({"all": {**ev.for_viewer(None, names), "game": "farm"}})
                continue
            forms = [{**ev.for_viewer(v, names), "game": "farm"} for v in viewers]
            if all(f == forms[0] for f in forms[1:]):
                out.append({"all": forms[0]})
            else:
                out.append({"per": {str(-1 if v is None else v): f
                                    for v, f in zip(viewers, forms, strict=True)}})
        return out

    def opening_entries(self, game: GameState) -> list[dict[str, Any]]:
        """None: the farm's own events open its game."""
        return []

    def phrase(self, entry: dict[str, Any], lang: str, names: Sequence[str],
               viewer: int | None) -> str:
        """The line in ``lang``: English as the engine wrote it; Japanese from the viewer's
        form of the line (``bohnanza.farm.commands.logtext``: the same fields, nothing more);
        an older game's line without names keeps its words."""
        if lang == "ja":
            from bohnanza.farm.commands.logtext import log_line_ja

            text = log_line_ja(entry, names, viewer)
            if text is not None:
                return text
        return str(entry.get("text", ""))

    def owed(self, game: GameState) -> dict[int, str]:
        """Preparation: every seat that has not declared (``turn:prep``); harvest: the
        harvesting seat (``turn:harvest``)."""
        g = _g(game)
        if g.over:
            return {}
        t = g.turn_number
        if g.phase == "prep":
            return {i: f"{t}:prep" for i, s in enumerate(g.seats) if not s.done}
        if g.phase == "harvest" and g.active is not None:
            return {g.active: f"{t}:harvest"}
        return {}

    def ends_part(self, game: GameState, seat: int, text: str) -> bool:
        """A declaration in the preparation phase (``/done``, F20): with every seat but one
        declared the phase ends and the last is done at once (F22; with 2 players at the
        first declaration, G18), so a bot that declares at once ends a person's preparation
        before it began."""
        if _g(game).phase != "prep":
            return False
        try:
            command = self.parse(text, game)
        except Refusal:
            return False
        return isinstance(command, RoomGameCommand) and isinstance(command.action, Done)

    def answering(self, game: GameState) -> Answering | None:
        """The farm game has no trading phase: None."""
        return None

    def decision_clock(self, game: GameState, key: str, room_clock: float | None
                       ) -> float | None:
        """Seconds a decision may take: G19's ``turn.prep_time_limit_s`` for preparation when
        set, else the room's clock."""
        limit = _g(game).params["turn"].get("prep_time_limit_s") or 0
        if key.endswith(":prep") and limit > 0:
            return float(limit)
        return room_clock

    def timeout_move(self, game: GameState, seat: int) -> str | None:
        """Preparation: declare (G19; pending rescue cards come from the default piles, D5);
        harvest: the hand adjustment with the first cards over the limit (F31, D7)."""
        g = _g(game)
        if not g.must_act(seat):
            return None
        if g.phase == "prep":
            return "/done"
        you = g.view(seat)["you"]
        n = int(you["must_discard"])
        return "/adjust " + " ".join(f"h{i + 1}" for i in range(n)) if n else "/done"

    def ask_order(self, game: GameState) -> list[int]:
        """Preparation: every seat, starting one further each turn (no seat always first,
        like ``simulate``'s D20); harvest: the harvesting seat first."""
        g = _g(game)
        n = g.n_seats
        start = g.active if g.active is not None else g.turn_number
        return [(start + k) % n for k in range(n)]

    def turn_key(self, game: GameState) -> int:
        return _g(game).turn_number

    def help(self, topic: str | None, lang: str) -> str:
        """The farm commands' help; raises ``KeyError`` for a topic that is none of them (the
        room then answers with its own commands' help)."""
        if topic is not None and topic.strip().lstrip("/").strip():
            key = fold(topic.strip().lstrip("/").strip())
            if CANONICAL.get(key, key) not in HELP_TOPICS:
                raise KeyError(topic)
        return help_text(topic, lang)

    def help_topics(self) -> tuple[str, ...]:
        return HELP_TOPICS

    def option_keys(self) -> tuple[str, ...]:
        return ("param", "params")

    def set_option(self, options: dict[str, Any], key: str, value: str | None
                   ) -> tuple[dict[str, Any], str]:
        out = dict(options)
        value = (value or "").strip()
        if key == "param":
            k, _, v = value.partition(" ")
            if not k or not v.strip():
                raise Refusal("bad_option", texts.text("refuse.bad_option.param"))
            params = with_override(params_of(options), k, v.strip())
            out["params"] = params
            return out, texts.text("option.farm_params", what=f"{k} = {v.strip()}",
                                   name=params["name"], hash=params_hash(params))
        elif key == "params":
            if value.casefold() in ("", "default"):
                params = default_params()
                line = "option.farm_params_default"
            else:
                params = params_from_toml(value)
                line = "option.farm_params_file"
        else:
            raise Refusal("bad_option", texts.text("refuse.bad_option.farm", option=key))
        out["params"] = params
        return out, texts.text(line, name=params["name"], hash=params_hash(params))

    def describe(self, options: dict[str, Any], game: GameState | None) -> dict[str, Any]:
        """The set of the game while it runs; once it is over, the set the next game is dealt
        with (``/option param`` after the end: the room kept naming the finished game's set,
        trial user16). The finished game names its own in its view and result."""
        if game is not None and not _g(game).over:
            g = _g(game)
            return {"game": self.name, "params_name": g.params_name,
                    "params_hash": g.params_hash}
        params = params_of(options)
        return {"game": self.name, "params_name": str(params.get("name", "custom")),
                "params_hash": params_hash(params)}

    def audit(self, position: dict[str, Any]) -> list[str]:
        """Cards conserved (G5: piles, discards, hands, bases and synthesis cards hold the
        parameter set's deck exactly), costs never negative (G8), grades 1 to the top (G16)."""
        problems: list[str] = []
        try:
            rules = rules_from_params(position["params"])
        except Exception as e:
            return [f"the parameter set does not load: {e}"]
        have, want = Counter(cards_of(position)), Counter(rules.deck)
        if have != want:
            extra, missing = have - want, want - have
            problems.append(f"cards not conserved (G5): extra {sorted(extra.elements())}, "
                            f"missing {sorted(missing.elements())}")
        for i, s in enumerate(position.get("seats") or []):
            if s.get("cost", 0) < 0:
                problems.append(f"seat {i}: cost {s['cost']} below 0 (G8)")
            for k, grade in (s.get("grades") or {}).items():
                if not 1 <= grade <= rules.max_grade:
                    problems.append(f"seat {i}: {k} grade {grade} (G16)")
        return problems


FARM = FarmHost()
