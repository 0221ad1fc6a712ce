"""Command text -> :class:`GameCommand`, :class:`RoomCommand` or :class:`Chat`.

The parser checks syntax only, never whether a command is legal now: that is the engine's and
the server's work. Command names and keywords are case-insensitive; full-width characters
(``／ｐｌａｎｔ　２``) are read as their ASCII forms (Unicode NFKC).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable

from bohnanza.engine.actions import (
    Accept,
    Buy,
    Cancel,
    CardRef,
    ClearSignals,
    Discard,
    Done,
    Harvest,
    Plant,
    PostOffer,
    Provide,
    Signal,
    Withdraw,
)

from .beans import bean_slug, deck_beans
from .errors import ParseError
from .line import split_line
from .model import Chat, Command, GameCommand
from .numbers import MAX_CARD, MAX_OFFER, MAX_SMALL, looks_numeric, parse_number
from .offers import parse_side, split_offer, tokenize
from .room import (
    PRESET_NAMES,
    AddBot,
    HandOver,
    Help,
    Join,
    Leave,
    OptionSet,
    OptionShow,
    RemoveBot,
    Start,
    Who,
)

Handler = Callable[[str], Command]


def parse(text: str, beans: Iterable[str] | None = None) -> Command:
    """Read one line a person, the board or a bot sends.

    Shape: ``str -> GameCommand | RoomCommand | Chat``. Text that does not start with ``/``
    (after outer spaces) is ``Chat(text.strip())``; ``//text`` is the chat line ``/text``.
    Names in ``/join``, ``/addbot``, ``/removebot`` and ``/handover`` are kept as typed (inner
    spaces collapsed).
    Raises :class:`ParseError` (``.code == "parse_error"``) for an empty line, an unknown
    command, or a command whose arguments do not fit; the message says what was expected.
    ``beans``: the bean types of the game at hand; a message about an unknown bean name lists
    and suggests only those (a known bean outside them is left to the engine, R3).

    >>> parse("/harvest 2")
    GameCommand(action=Harvest(field=2))
    """
    command = _READ.get(text)
    if command is not None:
        return command
    try:  # the deck matters only to the message of a refusal: set it for that alone
        command = _parse(text)
    except ParseError:
        command = None
    if command is None:
        with deck_beans(beans):
            return _parse(text)
    if isinstance(command, GameCommand):  # values, never changed (engine/actions.py)
        if len(_READ) >= _READ_MAX:
            _READ.clear()
        _READ[text] = command
    return command


# game command lines read before (a game has a few hundred distinct ones: /plant, /done,
# /offer ...): their commands, which are values nothing changes, handed out again
_READ: dict[str, Command] = {}
_READ_MAX = 4096
LINES_READ = _READ
"""The cache itself, for a caller that looks a line up before it calls :func:`parse` (the
room's hosted game: one call fewer per command). Never rebound: cleared in place."""


def _parse(text: str) -> Command:
    line = split_line(text)
    if isinstance(line, Chat):
        return line
    name, typed, rest, stripped = line
    handler = _HANDLERS.get(name)
    if handler is None:
        close = difflib.get_close_matches(name, list(_HANDLERS), n=1, cutoff=0.7)
        hint = f" (did you mean /{close[0]}?)" if close else ""
        raise ParseError(f"/{typed} is not a command{hint}; type /help for the list")
    if name in _TAKES_RAW_TEXT:
        raw_parts = stripped[1:].split(maxsplit=1)
        rest = raw_parts[1].strip() if len(raw_parts) > 1 else ""
    return handler(rest)


# ---------------------------------------------------------------- helpers


def _no_args(name: str, make: Callable[[], Command]) -> Handler:
    def handler(rest: str) -> Command:
        if rest:
            raise ParseError(f"/{name} takes nothing after it; type just /{name}")
        return make()

    return handler


def _one_number(name: str, what: str, example: str, high: int) -> Callable[[str], int]:
    usage = f"/{name} needs {what} from 1 to {high}, like {example}"

    def read(rest: str) -> int:
        words = rest.split()
        if len(words) != 1:
            raise ParseError(usage)
        return parse_number(words[0], usage=usage, high=high)

    return read


# ---------------------------------------------------------------- game commands

_PLANT_USAGE = "/plant, /plant 2, /plant red, /plant red 2 or /plant u1 2"
_CARD_USAGE = "(h = hand card from the front, u = face-up card, counted from 1)"


def _card_ref(word: str, usage: str) -> CardRef:
    """``h3`` / ``u1`` -> :class:`CardRef`; raises :class:`ParseError` with ``usage``."""
    zone = word[:1].casefold()
    digits = word[1:]
    if zone not in ("h", "u") or not (digits.isascii() and digits.isdigit()
                                      and 1 <= int(digits) <= MAX_CARD):
        raise ParseError(f"'{word}' is not a card; {usage}")
    return CardRef("h" if zone == "h" else "u", int(digits))


def _is_card_ref(word: str) -> bool:
    return len(word) >= 2 and word[0] in "hHuU" and word[1:].isascii() and word[1:].isdigit()


def _plant(rest: str) -> Command:
    words = rest.split()
    if not words:
        return GameCommand(Plant())
    if _is_card_ref(words[0]):
        # the duel's face-up cards (rules.md §3a): /plant u1 [FIELD]
        usage = f"/plant u1 2 plants the face-up card u1 into field 2 {_CARD_USAGE}"
        card = _card_ref(words[0], usage)
        if len(words) > 2:
            raise ParseError("/plant takes one card and one field number, like /plant u1 2")
        field_no = parse_number(words[1], usage=usage) if len(words) == 2 else None
        return GameCommand(Plant(field=field_no, card=card))
    field: int | None = None
    if looks_numeric(words[-1]):
        field = parse_number(words[-1], usage=f"/plant takes a field number from 1 to 99, "
                             f"like {_PLANT_USAGE}")
        words = words[:-1]
    if any(looks_numeric(word) for word in words):
        raise ParseError(f"/plant takes the bean first, then one field number, like {_PLANT_USAGE}")
    bean = bean_slug(" ".join(words)) if words else None
    return GameCommand(Plant(field=field, bean=bean))


_read_field = _one_number("harvest", "a field number", "/harvest 2", 99)
_read_withdraw = _one_number("withdraw", "an offer number", "/withdraw 3", MAX_OFFER)
_read_accept = _one_number("accept", "an offer number", "/accept 3", MAX_OFFER)


def _offer(rest: str) -> Command:
    give_tokens, want_tokens = split_offer(rest)
    want_tokens, to = _addressee(want_tokens)
    give = parse_side(give_tokens, "GIVE")
    want = parse_side(want_tokens, "WANT")
    return GameCommand(PostOffer(give=give, want=want, to=to))


def _addressee(tokens: list[str]) -> tuple[list[str], int | str | None]:
    """``WANT [to NAME|N]``: the want side's tokens and the one seat the offer is addressed
    to: a seat number from 1 (as 0-based index) or a name as typed; ``None`` without ``to``."""
    cut = next((i for i, tok in enumerate(tokens) if tok.casefold() == "to"), None)
    if cut is None:
        return tokens, None
    target = " ".join(tokens[cut + 1:])
    usage = (f"/offer ... to needs a player's name or a seat number from 1 to {MAX_SMALL}, "
             "like /offer green for nothing to Bob")
    if not target:
        raise ParseError(usage)
    if looks_numeric(target):  # "to 0", "to -1", "to 2.5": a seat number that is none
        return tokens[:cut], parse_number(target, usage=usage) - 1
    return tokens[:cut], target


_PROVIDE_USAGE = f"/provide needs the cards you hand over, like /provide h3 u1 {_CARD_USAGE}"


def _provide(rest: str) -> Command:
    cards: list[CardRef] = []
    for word in tokenize(rest):
        if word == ",":
            continue
        cards.append(_card_ref(word, _PROVIDE_USAGE))
    return GameCommand(Provide(tuple(cards)))


_DISCARD_USAGE = (
    f"/discard needs one card, like /discard h3 or /discard u2 {_CARD_USAGE}; "
    "the 2-player bean duel only"
)


def _discard(rest: str) -> Command:
    words = rest.split()
    if len(words) != 1:
        raise ParseError(_DISCARD_USAGE)
    return GameCommand(Discard(_card_ref(words[0], _DISCARD_USAGE)))


def _signal(kind: str) -> Handler:
    def handler(rest: str) -> Command:
        if not rest:
            raise ParseError(f"/{kind} needs a bean, like /{kind} red")
        slug = bean_slug(rest)
        return GameCommand(Signal("want" if kind == "want" else "have", slug))

    return handler


def _signals(rest: str) -> Command:
    if rest.casefold() != "clear":
        raise ParseError("/signals needs the word clear: /signals clear")
    return GameCommand(ClearSignals())


# ---------------------------------------------------------------- room commands

_OPTION_USAGE = (
    "/option alone shows the options; set one with /option hiddenmoney [on|off], "
    f"/option rules {'|'.join(PRESET_NAMES)}, /option duel standard|3fields, "
    "/option clock SECONDS|off, /option botspeed slow|normal|fast or /option game bohnanza|farm"
)
#: ``/option botspeed`` values (issue 15: how soon the room's bots act).
BOT_SPEED_WORDS = ("slow", "normal", "fast")
#: The longest turn clock ``/option clock`` takes, in seconds (an hour per decision).
MAX_CLOCK = 3600
#: Words ``/option duel`` reads as each version of the bean duel (C10), after removing
#: ``-`` and ``_``.
_DUEL_WORDS = {
    "standard": "standard", "2fields": "standard", "twofields": "standard", "2": "standard",
    "3fields": "3fields", "threefields": "3fields", "3": "3fields", "3field": "3fields",
}
_ON = frozenset({"on", "true", "yes", "1", "an", "ein"})
_OFF = frozenset({"off", "false", "no", "0", "aus"})


def _option(rest: str) -> Command:
    words = rest.casefold().split()
    if not words:
        return OptionShow()
    key = words[0].replace("-", "").replace("_", "")
    values = words[1:]
    if key in ("param", "params"):  # the farm game's parameters: the text as typed
        typed = rest.strip()[len(words[0]):].strip()
        if not typed:
            raise ParseError(f"/option {key} needs "
                             + ("KEY VALUE, like /option param facilities.field.price "
                                "[5, 10, 15]" if key == "param"
                                else "a parameter file's TOML text, or default"))
        return OptionSet("param" if key == "param" else "params", typed)
    if key == "game":
        if len(values) != 1:
            raise ParseError("/option game needs the game's name, like /option game farm")
        return OptionSet("game", values[0])
    if key == "hiddenmoney":
        if not values:
            return OptionSet("hiddenmoney", None)
        if len(values) == 1 and values[0] in _ON:
            return OptionSet("hiddenmoney", "on")
        if len(values) == 1 and values[0] in _OFF:
            return OptionSet("hiddenmoney", "off")
        raise ParseError(
            f"/option hiddenmoney takes on or off (or nothing, which means on), "
            f"not '{' '.join(values)}'"
        )
    if key in ("rules", "rule", "preset"):
        preset = "-".join(values).replace("_", "-")
        if preset == "riogrande":
            preset = "rio-grande"
        if preset not in PRESET_NAMES:
            shown = f", not '{' '.join(values)}'" if values else ""
            raise ParseError(f"/option rules needs one of {', '.join(PRESET_NAMES)}{shown}; "
                             "like /option rules rio-grande")
        return OptionSet("rules", preset)
    if key in ("duel", "duelbase"):
        word = "".join(values).replace("-", "").replace("_", "")
        if word not in _DUEL_WORDS:
            shown = f", not '{' '.join(values)}'" if values else ""
            raise ParseError(f"/option duel needs standard (2 fields, a third one bought) or "
                             f"3fields (3 fields, none bought){shown}; like /option duel 3fields")
        return OptionSet("duel", _DUEL_WORDS[word])
    if key in ("botspeed", "bots"):
        if len(values) != 1 or values[0] not in BOT_SPEED_WORDS:
            raise ParseError("/option botspeed needs slow, normal or fast, like "
                             "/option botspeed fast")
        return OptionSet("botspeed", values[0])
    if key in ("clock", "timer"):
        usage = (f"/option clock needs the seconds each decision may take, 1 to {MAX_CLOCK}, "
                 "or off, like /option clock 60")
        if len(values) != 1:
            raise ParseError(usage)
        if values[0] in _OFF:
            return OptionSet("clock", "off")
        return OptionSet("clock", str(parse_number(values[0].removesuffix("s"), usage=usage,
                                                   high=MAX_CLOCK)))
    raise ParseError(f"'{words[0]}' is not an option; {_OPTION_USAGE}")


def _join(rest: str) -> Command:
    name = " ".join(rest.split())
    return Join(name or None)


def _addbot(rest: str) -> Command:
    words = rest.split()
    if len(words) > 2:
        raise ParseError("/addbot takes at most a name and a policy, like /addbot Robo greedy")
    name = words[0] if words else None
    policy = words[1].casefold() if len(words) > 1 else None
    return AddBot(name, policy)


def _seat_target(name: str, make: Callable[[str], Command]) -> Handler:
    """``/removebot NAME|N``, ``/handover NAME|N``: the rest of the line names one seat."""

    def handler(rest: str) -> Command:
        target = " ".join(rest.split())
        if not target:
            raise ParseError(f"/{name} needs a name or a seat number, like /{name} Bot 1 "
                             f"or /{name} 2")
        return make(target)

    return handler


def _help(rest: str) -> Command:
    words = rest.split()
    if len(words) > 1:
        raise ParseError("/help takes one command name, like /help offer")
    if not words:
        return Help(None)
    topic = words[0].lstrip("/").casefold()
    return Help(topic or None)


_HANDLERS: dict[str, Handler] = {
    # game
    "plant": _plant,
    "done": _no_args("done", lambda: GameCommand(Done())),
    "harvest": lambda rest: GameCommand(Harvest(_read_field(rest))),
    "buy": _no_args("buy", lambda: GameCommand(Buy())),
    "offer": _offer,
    "withdraw": lambda rest: GameCommand(Withdraw(_read_withdraw(rest))),
    "accept": lambda rest: GameCommand(Accept(_read_accept(rest))),
    "provide": _provide,
    "discard": _discard,
    "cancel": _no_args("cancel", lambda: GameCommand(Cancel())),
    "want": _signal("want"),
    "have": _signal("have"),
    "signals": _signals,
    # room
    "join": _join,
    "leave": _no_args("leave", Leave),
    "start": _no_args("start", Start),
    "option": _option,
    "addbot": _addbot,
    "removebot": _seat_target("removebot", RemoveBot),
    "handover": _seat_target("handover", HandOver),
    "help": _help,
    "who": _no_args("who", Who),
}

# Names are passed on as typed (no NFKC), so "/join Ｋａｉ" keeps its full-width letters.
_TAKES_RAW_TEXT = frozenset({"join", "addbot", "removebot", "handover"})

#: Every command name ``parse`` knows, without the ``/``.
COMMAND_NAMES: tuple[str, ...] = tuple(_HANDLERS)
