"""Parameter sets of the farm game: ``farm.toml`` read, merged, validated (farm-rules.md §3).

::

    from bohnanza.farm.params import default_params, load_params, ParamsError
    params = load_params("mine.toml")     # laid over the default set, validated
    params = with_override(params, "facilities.field.price", "[5, 10, 15]")

A parameter file may hold only the keys it changes: it is laid over the default
``bohnanza/farm/farm.toml`` (tables merge, values and lists replace; a ``[[cards.card]]`` list
replaces the default pattern). The merged set is validated with pydantic; every problem comes
back as one :class:`ParamsError` whose message names the key (``facilities.field.price: 3
prices are needed (grades 2-4), got 2``). The result is a plain JSON-ready dict, the form the
engine (``FarmGame.new``) and the canonical position hold; ``name`` names the set (default: the
file's stem) and :func:`params_hash` identifies its numbers.
"""

from __future__ import annotations

import copy
import re
import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from bohnanza.commands.line import breaks_line
from bohnanza.engine.errors import Refusal

from .engine.rules import FACILITIES, params_hash

__all__ = ["ParamsError", "default_params", "load_params", "merge", "params_from_dict",
           "params_from_toml", "params_hash", "with_override"]

#: the largest number a parameter holds: the board reads the numbers as JavaScript's, exact
#: only to 2**53 (TOML's integers reach 2**63, tomllib's any length)
MAX_NUMBER = 1_000_000
NonNeg = Annotated[StrictInt, Field(ge=0, le=MAX_NUMBER)]
Pos = Annotated[StrictInt, Field(ge=1, le=MAX_NUMBER)]
Ident = Annotated[StrictStr, Field(pattern=r"^[a-z][a-z0-9_]*$")]

#: the longest set name (its ``*`` left out) and label (``ja``, a card's ``id``)
MAX_NAME = 64
MAX_LABEL = 32


def _one_line(text: str) -> str:
    """A name or label is shown in the room's log and header, to everyone: one line, as a
    typed line is (server/inbound.py: no control, line or paragraph break, bidi override).
    TOML's escapes (``"\\n"``, ``"\\u202e"``) made such characters after the typed line was
    checked: ``Farm parameters: ...; set x`` and a new line that passed for another
    speaker's."""
    for c in text:
        if breaks_line(c):
            raise ValueError("one line of text, without control, line-break or bidi-override "
                             f"characters (U+{ord(c):04X})")
    return text


def _set_name(text: str) -> str:
    if len(text.rstrip("*")) > MAX_NAME:
        raise ValueError(f"at most {MAX_NAME} characters")
    return _one_line(text)


Label = Annotated[StrictStr, Field(max_length=MAX_LABEL), AfterValidator(_one_line)]
SetName = Annotated[StrictStr, AfterValidator(_set_name)]

#: the most cards a parameter set's deck may hold (the default deck: 96). Anyone at a table may
#: set the parameters before the start (``/option param``): a deck of millions of copies held
#: the server's one event loop for seconds at the deal, and every checkpoint wrote it whole
MAX_DECK = 2000
#: the longest preparation time limit (G19), in seconds: a day, the time a room is kept. A
#: finite number: ``inf`` (TOML's) is no JSON, so a stored room could not hold it
MAX_PREP_SECONDS = 86400.0
#: the most turns a cycle may hold (F1: 4). Every view lists each turn of the cycle
#: (``cycle_turns``): a cycle of a million turns made each state frame 30 MB and held the
#: server's event loop for seconds at the start and at every change after it
MAX_TURNS_PER_CYCLE = 100
#: the most card levels (``cards.levels``; F: 3), exchanges of the transformation pot and
#: cards one exchange gives or gets (F14-F17: 3 at most). Every view of a seat preparing works
#: out what the pot makes of each set of hand cards an exchange could take, for every level
#: and exchange (``transforms``): 10 exchanges getting 20,000 cards each with 100 levels held
#: the server's event loop for 5 s at the start and again at every change after it
MAX_LEVELS = 10
#: the most card categories (F: 3): the piles are a level and a category each (G2), and every
#: view lists every pile: 250 categories (within a 4 KB parameter file) made each state 140 KB
MAX_CATEGORIES = 20
MAX_EXCHANGES = 10
MAX_EXCHANGE_CARDS = 5
ExchangeCards = Annotated[StrictInt, Field(ge=1, le=MAX_EXCHANGE_CARDS)]


class ParamsError(Refusal):
    """A parameter set that cannot be used: a refusal (``code`` ``bad_params``, ``rule``
    ``None``) whose ``message`` names every bad key, answered like any refused command."""

    __slots__ = ()

    def __init__(self, message: str) -> None:
        super().__init__("bad_params", message, None, message)


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Players(_M):
    min: Annotated[StrictInt, Field(ge=2)]
    max: Annotated[StrictInt, Field(ge=2, le=8)]


class StartHand(_M):
    level: Pos
    count: NonNeg
    deal: Literal["random"]


class Rescue(_M):
    count: NonNeg
    level: Pos


class GameP(_M):
    players: Players
    cycles: Pos
    turns_per_cycle: Annotated[StrictInt, Field(ge=1, le=MAX_TURNS_PER_CYCLE)]
    contest_turns: list[Pos]
    contest_level_by_cycle: list[NonNeg]
    start_hand: StartHand
    start_cost: NonNeg
    hand_ordered: StrictBool
    rescue_draw: Rescue
    end_tiebreak: list[Literal["cost", "earned", "shared"]]


class Category(_M):
    id: Ident
    ja: Label = ""


class Attribute(_M):
    id: Ident
    ja: Label = ""
    group: Ident


class CardRow(_M):
    id: Label = ""
    category: Ident
    level: Pos
    attribute: Ident
    bonus: NonNeg
    copies: Pos = 1


class Cards(_M):
    levels: Annotated[list[Pos], Field(max_length=MAX_LEVELS)]
    categories: Annotated[list[Category], Field(max_length=MAX_CATEGORIES)]
    attributes: list[Attribute]
    pattern: dict[str, list[tuple[Ident, NonNeg, Pos]]] = {}
    card: list[CardRow] = []


class Piles(_M):
    mode: Literal["level_category", "level"]
    take: Literal["top", "search"]
    reshuffle: Literal["when_empty", "never"]


class Field_(_M):
    price: list[NonNeg]
    max_bases: list[Pos]
    persist: StrictBool
    ship_same_turn: StrictBool


class StorageBox(_M):
    price: list[NonNeg]
    hand_limit: list[NonNeg]


class SynthPot(_M):
    price: list[NonNeg]
    max_synth: list[NonNeg]
    scope: Literal["per_base", "total"]
    timing: Literal["same_phase", "any_prep"]
    allowed: Literal["any", "same_category", "same_level"]


class ExchangeP(_M):
    from_grade: Pos
    give: ExchangeCards
    get: ExchangeCards
    give_rule: Literal["same_level", "any"] = "any"
    give_min_level: Pos | None = None
    get_rule: Literal["same_level", "any"] = "any"
    get_max_level: Pos | None = None
    get_min_level: Pos | None = None


class TransformPot(_M):
    price: list[NonNeg]
    exchanges: Annotated[list[ExchangeP], Field(max_length=MAX_EXCHANGES)]


class Facilities(_M):
    max_grade: Pos
    field: Field_
    storage_box: StorageBox
    synth_pot: SynthPot
    transform_pot: TransformPot


class Turn(_M):
    order_cards: Literal["players"]
    prep_time_limit_s: Annotated[float, Field(ge=0, le=MAX_PREP_SECONDS, allow_inf_nan=False)]
    harvest_any_order: StrictBool


class ShipValue(_M):
    base: Annotated[StrictInt, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
    add_base_level: StrictBool


class ShipDraw(_M):
    count: NonNeg
    level: Literal["base"] | Pos
    category: Literal["any", "base"]


class Shipping(_M):
    value: ShipValue
    draw: ShipDraw


class Evaluation(_M):
    id: Ident
    ja: Label = ""
    counts: Ident


class Contest(_M):
    evaluations: list[Evaluation]
    vp: dict[str, list[NonNeg]]
    entries_per_player: Pos
    eligibility: Literal["base_category_and_base_level_gte", "base_category", "base_level_gte"]
    doubling: Literal["attribute", "base_only"]
    overall_doubling: StrictBool
    tie: Literal["share", "order_card_low"]
    after: Literal["discard", "return"]


class Info(_M):
    hidden_to_others: list[Literal["hand", "base", "synth"]]
    public: list[Literal["cost", "vp", "grades", "hand_size", "synth_count", "entries",
                         "discards", "pile_taken"]]
    card_back_shows: list[Literal["level", "category"]]


class Params(_M):
    name: SetName = "custom"
    game: GameP
    cards: Cards
    piles: Piles
    facilities: Facilities
    turn: Turn
    shipping: Shipping
    contest: Contest
    info: Info

    @model_validator(mode="after")
    def _cross(self) -> Params:
        errs: list[str] = []
        g, c, f = self.game, self.cards, self.facilities
        if g.players.max < g.players.min:
            errs.append(f"game.players: max ({g.players.max}) is below min ({g.players.min})")
        if any(t > g.turns_per_cycle for t in g.contest_turns):
            errs.append(f"game.contest_turns: turns run 1-{g.turns_per_cycle}")
        if len(set(g.contest_turns)) != len(g.contest_turns) or g.contest_turns != sorted(
                g.contest_turns):
            errs.append("game.contest_turns: distinct turns in increasing order")
        if len(g.contest_level_by_cycle) != g.cycles:
            errs.append(f"game.contest_level_by_cycle: one level per cycle ({g.cycles}), got "
                        f"{len(g.contest_level_by_cycle)}")
        levels = c.levels
        if len(set(levels)) != len(levels) or not levels:
            errs.append("cards.levels: distinct levels, at least one")
        for key, lv in (("game.start_hand.level", g.start_hand.level),
                        ("game.rescue_draw.level", g.rescue_draw.level)):
            if lv not in levels:
                errs.append(f"{key}: {lv} is not one of cards.levels {levels}")
        cats = [x.id for x in c.categories]
        attrs = [x.id for x in c.attributes]
        for key, ids in (("cards.categories", cats), ("cards.attributes", attrs),
                         ("contest.evaluations", [e.id for e in self.contest.evaluations])):
            if len(set(ids)) != len(ids) or not ids:
                errs.append(f"{key}: ids must be distinct, at least one")
        for lv_text, rows in c.pattern.items():
            if not lv_text.isdigit() or int(lv_text) not in levels:
                errs.append(f"cards.pattern.{lv_text}: not one of cards.levels {levels}")
            for a, _, _ in rows:
                if a not in attrs:
                    errs.append(f"cards.pattern.{lv_text}: {a!r} is not an attribute")
        for i, row in enumerate(c.card):
            if row.category not in cats:
                errs.append(f"cards.card[{i}].category: {row.category!r} is not a category")
            if row.attribute not in attrs:
                errs.append(f"cards.card[{i}].attribute: {row.attribute!r} is not an attribute")
            if row.level not in levels:
                errs.append(f"cards.card[{i}].level: {row.level} is not one of {levels}")
        if not c.card and not any(c.pattern.values()):
            errs.append("cards: the deck is empty (give cards.pattern or [[cards.card]])")
        size = (sum(row.copies for row in c.card) if c.card else
                len(cats) * sum(n for lv_text, rows in c.pattern.items()
                                if lv_text.isdigit() and int(lv_text) in levels
                                for _, _, n in rows))
        if size > MAX_DECK:
            errs.append(f"cards: the deck holds {size} cards, at most {MAX_DECK}")
        top = f.max_grade
        for kind in FACILITIES:
            fac = getattr(f, kind)
            if len(fac.price) != top - 1:
                errs.append(f"facilities.{kind}.price: {top - 1} price"
                            f"{'s are' if top - 1 != 1 else ' is'} needed (grades 2-{top}), "
                            f"got {len(fac.price)}")
        for key, table in (("field.max_bases", f.field.max_bases),
                           ("storage_box.hand_limit", f.storage_box.hand_limit),
                           ("synth_pot.max_synth", f.synth_pot.max_synth)):
            if len(table) != top:
                errs.append(f"facilities.{key}: one value per grade 1-{top}, got {len(table)}")
        if f.field.max_bases != sorted(f.field.max_bases):
            errs.append("facilities.field.max_bases: a higher grade cannot hold fewer bases")
        for i, e in enumerate(f.transform_pot.exchanges):
            where = f"facilities.transform_pot.exchanges[{i}]"
            if e.from_grade > top:
                errs.append(f"{where}.from_grade: above max_grade {top}")
            for key in ("give_min_level", "get_max_level", "get_min_level"):
                v = getattr(e, key)
                if v is not None and v not in levels:
                    errs.append(f"{where}.{key}: {v} is not one of cards.levels {levels}")
            if e.get_rule == "same_level" and e.give_rule != "same_level":
                errs.append(f"{where}: get_rule same_level needs give_rule same_level")
        ship = self.shipping.value
        least = ship.base + (min(levels) if ship.add_base_level and levels else 0)
        if least < 0:
            errs.append(f"shipping.value.base: a shipment could be worth {least}; a cost "
                        "never goes below 0 (G8)")
        if isinstance(self.shipping.draw.level, int) and self.shipping.draw.level not in levels:
            errs.append(f"shipping.draw.level: {self.shipping.draw.level} is not one of "
                        f"cards.levels {levels}")
        ct = len(g.contest_turns)
        if len(cats) < ct:
            errs.append(f"cards.categories: {ct} contest turns need at least {ct} categories "
                        "(one category card per contest, F8)")
        if len(self.contest.evaluations) < ct:
            errs.append(f"contest.evaluations: {ct} contest turns need at least {ct} "
                        "evaluations (F9)")
        groups = {a.group for a in c.attributes}
        for ev in self.contest.evaluations:
            if ev.counts != "all" and ev.counts not in groups:
                errs.append(f"contest.evaluations.{ev.id}.counts: {ev.counts!r} is neither 'all' "
                            f"nor an attribute group ({', '.join(sorted(groups))})")
        ev_ids = {e.id for e in self.contest.evaluations}
        if set(self.contest.vp) != ev_ids:
            errs.append(f"contest.vp: one list per evaluation ({', '.join(sorted(ev_ids))}), "
                        f"got {', '.join(sorted(self.contest.vp)) or 'none'}")
        tb = g.end_tiebreak
        if "shared" in tb and tb[-1] != "shared":
            errs.append("game.end_tiebreak: 'shared' can only be the last entry")
        if errs:
            raise ValueError("; ".join(errs))
        return self


def _format(e: ValidationError) -> str:
    out = []
    for err in e.errors():
        loc = ".".join(str(x) for x in err["loc"])
        msg = err["msg"]
        if err["type"] == "extra_forbidden":
            msg = "not a parameter (misspelt?)"
        elif err["type"] == "missing":
            msg = "missing"
        elif msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        out.append(f"{loc}: {msg}" if loc else msg)
    return "; ".join(out)


def merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over`` laid on ``base``: tables merge key by key, anything else replaces. A
    ``cards.card`` list in ``over`` drops the base's ``cards.pattern``."""
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    cards = over.get("cards")
    if isinstance(cards, dict) and cards.get("card") and "pattern" not in cards:
        out.get("cards", {}).pop("pattern", None)
    return out


def params_from_dict(data: dict[str, Any]) -> dict[str, Any]:
    """Validate a whole parameter dict; returns it normalised (JSON-ready). Raises
    :class:`ParamsError`."""
    try:
        model = Params.model_validate(data)
    except ValidationError as e:
        raise ParamsError(_format(e)) from None
    out = model.model_dump(mode="json")
    if not out["cards"]["card"]:
        out["cards"].pop("card")
    else:
        out["cards"].pop("pattern")
    return out


#: the deepest a parameter file nests (tables and arrays; the shipped set: 5)
MAX_DEPTH = 12


def _toml(text: str) -> dict[str, Any]:
    """``tomllib.loads``, nested at most :data:`MAX_DEPTH` deep. Raises
    ``tomllib.TOMLDecodeError``, or :class:`ParamsError` for a text nested deeper: tomllib
    reads arrays and inline tables recursively, and 1,800 ``[`` (a say is up to 4 KB) raised
    RecursionError, answered ``internal_error`` with a traceback of 1,000 frames in the log;
    an integer of 4,400 digits raised ValueError, answered so too."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except ValueError:  # an integer of more than 4,300 digits (int's own limit)
        raise ParamsError(f"a number holds at most {MAX_NUMBER} (not valid TOML)") from None
    except RecursionError:
        data = None
    if data is None or _depth(data) > MAX_DEPTH:
        raise ParamsError(f"a parameter file nests at most {MAX_DEPTH} deep")
    return data


def _depth(data: Any) -> int:
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict)
                                                      else value))
    return deepest


@lru_cache(maxsize=1)
def _default_raw() -> dict[str, Any]:
    text = resources.files("bohnanza.farm").joinpath("farm.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def default_params() -> dict[str, Any]:
    """The shipped default set (``bohnanza/farm/farm.toml``), validated; a fresh copy."""
    return params_from_dict(_default_raw())


def load_params(path: str | Path | None = None, *, overlay: dict[str, Any] | None = None
                ) -> dict[str, Any]:
    """Read ``path`` (TOML), lay it over the default set, validate. ``path`` ``None``: the
    default set; ``overlay``: a dict laid on top afterwards. Raises :class:`ParamsError` (with
    the file name for unreadable TOML)."""
    data = copy.deepcopy(_default_raw())
    if path is not None:
        p = Path(path)
        try:
            raw = _toml(p.read_text(encoding="utf-8"))
        except OSError as e:
            raise ParamsError(f"{p}: cannot read ({e.strerror})") from None
        except tomllib.TOMLDecodeError as e:
            raise ParamsError(f"{p}: not valid TOML ({e})") from None
        raw.setdefault("name", p.stem)
        data = merge(data, raw)
    if overlay:
        data = merge(data, overlay)
    return params_from_dict(data)


def params_from_toml(text: str, name: str | None = None) -> dict[str, Any]:
    """A parameter file's text (TOML) laid over the default set and validated, the way
    :func:`load_params` reads a file (a room's "load a parameter file"); its ``name`` defaults
    to ``name`` or ``uploaded``. Raises :class:`ParamsError`."""
    try:
        raw = _toml(text)
    except tomllib.TOMLDecodeError as e:
        raise ParamsError(f"not valid TOML ({e})") from None
    raw.setdefault("name", name or "uploaded")
    return params_from_dict(merge(copy.deepcopy(_default_raw()), raw))


_KEY = re.compile(r"^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$")


def with_override(params: dict[str, Any], key: str, value: str) -> dict[str, Any]:
    """``params`` with the dotted ``key`` set to ``value`` (TOML syntax: ``5``, ``[5, 10,
    15]``, ``"level"``, ``true``; a bare word is read as a string), validated. The set's name
    gains a ``*`` to show it was changed. Raises :class:`ParamsError` naming the key."""
    if not _KEY.match(key):
        raise ParamsError(f"{key!r} is not a parameter key (like facilities.field.price)")
    try:
        parsed = _toml(f"v = {value}")["v"]
    except tomllib.TOMLDecodeError:
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", value.strip()):
            parsed = value.strip()
        else:
            raise ParamsError(f"{key}: {value!r} is not a TOML value (5, [5, 10], \"text\", "
                              "true)") from None
    parts = key.split(".")
    cur: Any = params
    for p in parts[:-1]:
        if not isinstance(cur, dict) or p not in cur:
            raise ParamsError(f"{key}: not a parameter (no {p!r} table)")
        cur = cur[p]
    if not isinstance(cur, dict) or parts[-1] not in cur:
        raise ParamsError(f"{key}: not a parameter")
    over: dict[str, Any] = {}
    node = over
    for p in parts[:-1]:
        node = node.setdefault(p, {})
    node[parts[-1]] = parsed
    out = params_from_dict(merge(params, over))
    if not str(out.get("name", "")).endswith("*"):
        out["name"] = f"{out.get('name', 'custom')}*"
    return out
