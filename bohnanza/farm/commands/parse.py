"""Farm command text -> ``GameCommand`` (farm actions), ``RoomCommand`` or ``Chat``.

The farm game's commands, in English and Japanese (docs/farm.md "Commands")::

    /transform h1 h2 for L1 fruit        /変化 h1 h2 で L1 果菜       (F13-F17)
    /plant h3 h1                         /植える h3 h1               (F18, F19: base, then synthesis)
    /synth b1 h2                         /合成 b1 h2                 (F19, G11)
    /done  (/declare)                    /宣言  /終了                (F20; in your harvest turn:
                                                                      the hand adjustment, nothing
                                                                      to discard)
    /draw L1 root, L1 leaf               /引く L1 根菜, L1 葉菜       (G23 rescue cards)
    /ship b1 for L2 root, L2 leaf        /出荷 b1 で L2 根菜          (F25-F27, G15)
    /upgrade field                       /強化 畑  /アップグレード 畑   (F28)
    /enter b1                            /出品 b1                    (F29)
    /adjust h1 h4  (/discard)            /手札調整 h1 h4  /捨てる     (F31)
    /help [COMMAND]                      /ヘルプ

A hand card is ``h3`` (the third card of your hand as shown) or a card written out
(``L2 root shape+2``, ``L2 根菜 形状+2``); a base is ``b1`` (or ``1``); a pile is a level and,
when piles are by level and category, a category (``L2 root``, ``2 根菜``); with
``piles.take = search`` a pile may name the card wanted (``L2 root shape+2``). Lists take
spaces or commas. The room's commands (``/join``, ``/start``, ``/option`` ...) are read by the
Bohnanza command module, unchanged. The parser checks syntax only, never legality.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from bohnanza.commands import ParseError
from bohnanza.commands import parse as parse_room
from bohnanza.commands.line import split_line
from bohnanza.commands.model import Chat
from bohnanza.farm.engine.actions import (
    Adjust,
    Done,
    Draw,
    Enter,
    HandCard,
    PileRef,
    Plant,
    Ship,
    Synth,
    Transform,
    Upgrade,
)

from .model import Command, GameCommand, Help, RoomCommand
from .vocab import Vocab, default_vocab, fold

ROOM_COMMANDS = frozenset({"join", "leave", "start", "option", "addbot", "removebot",
                           "handover", "who"})
"""Command names read by the room's parser (bohnanza.commands)."""

_SEPARATORS = frozenset({"for", "to", "->", "→", "=>", "で", "を", "から"})
_HAND = re.compile(r"^h([0-9]+)$")
_BASE = re.compile(r"^(?:b|#)?([0-9]+)$")
_BONUS = re.compile(r"^(.+?)\+([0-9]+)$")


def _tokens(text: str) -> list[str]:
    text = text.replace("→", " → ").replace("->", " -> ").replace("=>", " => ")
    text = text.replace(",", " ").replace("、", " ").replace("，", " ")
    return text.split()


def _number(tok: str, pattern: re.Pattern[str], usage: str, high: int = 99) -> int:
    m = pattern.match(fold(tok))
    if not m or not 1 <= int(m.group(1)) <= high:
        raise ParseError(f"{usage} ('{tok}' is not one)")
    return int(m.group(1))


def _card_name(level: int, toks: list[str], i: int, vocab: Vocab, usage: str
               ) -> tuple[str, int, str]:
    """Read ``CATEGORY ATTRIBUTE+BONUS`` at ``toks[i]``; returns (name, next i, category)."""
    if i + 1 >= len(toks):
        raise ParseError(f"a card is written level, category, attribute+bonus, like "
                         f"L{level} root shape+2; {usage}")
    cat = vocab.category(toks[i])
    if cat is None:
        raise ParseError(f"'{toks[i]}' is not a category ({', '.join(sorted(set(vocab.categories.values())))}); {usage}")
    m = _BONUS.match(unicodedata.normalize("NFKC", toks[i + 1]))
    attr = vocab.attribute(m.group(1)) if m else None
    if m is None or attr is None:
        raise ParseError(f"'{toks[i + 1]}' is not an attribute with its bonus, like shape+2; "
                         f"{usage}")
    return f"L{level} {cat} {attr}+{int(m.group(2))}", i + 2, cat


def _hand_cards(toks: list[str], vocab: Vocab, usage: str) -> tuple[HandCard, ...]:
    out: list[HandCard] = []
    i = 0
    while i < len(toks):
        tok = toks[i]
        m = _HAND.match(fold(tok))
        if m:
            n = int(m.group(1))
            if not 1 <= n <= 999:
                raise ParseError(f"'{tok}' is not a hand card; {usage}")
            out.append(HandCard(index=n))
            i += 1
            continue
        level = vocab.level(tok)
        if level is None:
            raise ParseError(f"'{tok}' is not a hand card (h1, h2 ... or a card such as "
                             f"L2 root shape+2); {usage}")
        name, i, _ = _card_name(level, toks, i + 1, vocab, usage)
        out.append(HandCard(name=name))
    return tuple(out)


def _piles(toks: list[str], vocab: Vocab, usage: str) -> tuple[PileRef, ...]:
    out: list[PileRef] = []
    i = 0
    while i < len(toks):
        level = vocab.level(toks[i])
        if level is None:
            raise ParseError(f"'{toks[i]}' is not a pile (a level and a category, like L1 "
                             f"root); {usage}")
        i += 1
        cat = vocab.category(toks[i]) if i < len(toks) else None
        if cat is None:
            out.append(PileRef(level))
            continue
        nxt = toks[i + 1] if i + 1 < len(toks) else ""
        if _BONUS.match(unicodedata.normalize("NFKC", nxt)):
            name, i, cat = _card_name(level, toks, i, vocab, usage)
            out.append(PileRef(level, cat, name))
        else:
            out.append(PileRef(level, cat))
            i += 1
    return tuple(out)


def _split(toks: list[str]) -> tuple[list[str], list[str] | None]:
    for i, t in enumerate(toks):
        if fold(t) in _SEPARATORS:
            return toks[:i], toks[i + 1:]
    return toks, None


# ---------------------------------------------------------------- commands

_T_USAGE = "like /transform h1 h2 for L1 fruit"


def _transform(rest: str, vocab: Vocab) -> Command:
    give, take = _split(_tokens(rest))
    if take is None or not give or not take:
        raise ParseError(f"/transform needs the cards you give, then for, then the piles you "
                         f"take from, {_T_USAGE}")
    return GameCommand(Transform(_hand_cards(give, vocab, _T_USAGE),
                                 _piles(take, vocab, _T_USAGE)))


def _plant(rest: str, vocab: Vocab) -> Command:
    usage = "like /plant h3 (a base) or /plant h3 h1 (a base with a synthesis card)"
    cards = _hand_cards(_tokens(rest), vocab, usage)
    if not cards:
        raise ParseError(f"/plant needs the base card, {usage}")
    return GameCommand(Plant(cards[0], cards[1:]))


def _synth(rest: str, vocab: Vocab) -> Command:
    usage = "like /synth b1 h2 (lay h2 on the base in slot 1)"
    toks = _tokens(rest)
    if len(toks) < 2:
        raise ParseError(f"/synth needs a base and the cards to lay on it, {usage}")
    slot = _number(toks[0], _BASE, f"/synth needs a base first, {usage}")
    return GameCommand(Synth(slot, _hand_cards(toks[1:], vocab, usage)))


def _draw(rest: str, vocab: Vocab) -> Command:
    return GameCommand(Draw(_piles(_tokens(rest), vocab, "like /draw L1 root, L1 leaf")))


def _ship(rest: str, vocab: Vocab) -> Command:
    usage = "like /ship b1 or /ship b1 for L2 root, L2 leaf"
    head, tail = _split(_tokens(rest))
    if len(head) != 1:
        raise ParseError(f"/ship needs one base, {usage}")
    slot = _number(head[0], _BASE, f"/ship needs a base, {usage}")
    if tail is not None and not tail:
        raise ParseError(f"name the piles after for, {usage}")
    return GameCommand(Ship(slot, _piles(tail or [], vocab, usage)))


def _upgrade(rest: str, vocab: Vocab) -> Command:
    usage = ("like /upgrade field (field, pot = transformation pot, synth = synthesis pot, "
             "box = storage box)")
    words = rest.split()
    kind = vocab.facility("_".join(words)) if words else None
    if kind is None:
        raise ParseError(f"/upgrade needs one facility, {usage}")
    return GameCommand(Upgrade(kind))


def _enter(rest: str, vocab: Vocab) -> Command:
    toks = _tokens(rest)
    usage = "like /enter b1"
    if len(toks) != 1:
        raise ParseError(f"/enter needs one base, {usage}")
    return GameCommand(Enter(_number(toks[0], _BASE, f"/enter needs a base, {usage}")))


def _adjust(rest: str, vocab: Vocab) -> Command:
    usage = "like /adjust h1 h4 (or /adjust alone when you discard nothing)"
    return GameCommand(Adjust(_hand_cards(_tokens(rest), vocab, usage)))


def _done(rest: str, vocab: Vocab, name: str = "done") -> Command:
    """``/done`` and its other names (``/declare``, ``/宣言``, ``/終了``): the refusal names
    the one typed, so a player who typed ``/宣言 今`` is told to type just ``/宣言``."""
    if rest:
        raise ParseError(f"/{name} takes nothing after it; type just /{name}")
    return GameCommand(Done())


def _help(rest: str, vocab: Vocab) -> Command:
    words = rest.split()
    if len(words) > 1:
        raise ParseError("/help takes one command name, like /help ship")
    return Help(words[0].lstrip("/").casefold() if words else None)


Handler = Callable[[str, Vocab], Command]

_HANDLERS: dict[str, Handler] = {
    "transform": _transform, "変化": _transform, "変える": _transform,
    "plant": _plant, "植える": _plant,
    "synth": _synth, "合成": _synth,
    "done": _done, "declare": _done, "宣言": _done, "終了": _done,
    "draw": _draw, "引く": _draw,
    "ship": _ship, "出荷": _ship,
    "upgrade": _upgrade, "強化": _upgrade, "アップグレード": _upgrade,
    "enter": _enter, "出品": _enter,
    "adjust": _adjust, "discard": _adjust, "手札調整": _adjust, "捨てる": _adjust,
    "help": _help, "ヘルプ": _help,
}

CANONICAL: dict[str, str] = {
    "変化": "transform", "変える": "transform", "植える": "plant", "合成": "synth",
    "declare": "done", "宣言": "done", "終了": "done", "引く": "draw", "出荷": "ship",
    "強化": "upgrade", "アップグレード": "upgrade", "出品": "enter", "discard": "adjust",
    "手札調整": "adjust", "捨てる": "adjust", "ヘルプ": "help",
}
"""Alias -> the English command name (help topics)."""

COMMAND_NAMES: tuple[str, ...] = tuple(_HANDLERS)


def parse(text: str, vocab: Vocab | None = None) -> Command:
    """Read one line of the farm game.

    Shape: ``str -> GameCommand | RoomCommand | Help | Chat``; ``vocab`` names the categories
    and attributes of the room's parameter set (default: the shipped set). Text without a
    leading ``/`` is chat. Raises :class:`bohnanza.commands.ParseError` (``code``
    ``parse_error``) with what was expected.

    >>> parse("/ship b1 for L2 root")
    GameCommand(action=Ship(slot=1, piles=(PileRef(level=2, category='root', card=None),)))
    """
    vocab = vocab or default_vocab()
    line = split_line(text)
    if isinstance(line, Chat):
        return line
    name, typed, rest, _ = line
    if name in ROOM_COMMANDS:
        cmd = parse_room(text)
        if not isinstance(cmd, RoomCommand | Chat):
            raise ParseError(f"/{name} is a room command")
        return cmd
    handler = _HANDLERS.get(name)
    if handler is None:
        import difflib

        close = difflib.get_close_matches(name, [*_HANDLERS, *ROOM_COMMANDS], n=1, cutoff=0.7)
        hint = f" (did you mean /{close[0]}?)" if close else ""
        raise ParseError(f"/{typed} is not a command of the farm contest{hint}; type /help "
                         "for the list")
    if handler is _done:
        return _done(rest, vocab, name)
    return handler(rest, vocab)
