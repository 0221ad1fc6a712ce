"""The two sides of ``/offer GIVE for WANT``.

A side is ``nothing`` (also ``none``, ``nichts``, ``なし``), ``?``, or a list of items ``[N] BEAN``
separated by commas (also ``、``, ``and``, ``&``, ``+``). A count may be written ``2``, ``2x``,
``2 x``, ``2枚``, or after the bean as ``x2`` or ``2枚`` (``赤豆2枚``); it may touch the bean
(``2xblue``). Bean names may be several words (``2 rote bohnen``); a list
needs no commas when the words still split one way (``2 blue 1 red``). Repeated beans add up.
"""

from __future__ import annotations

import re

from bohnanza.engine.actions import ASK, Side

from .beans import ALIASES, SLUGS, alias_key, lookup_bean, unknown_bean_message
from .errors import ParseError
from .numbers import MAX_SMALL, looks_numeric, parse_number

OFFER_USAGE = "/offer GIVE for WANT, like /offer 2 blue, red for chili"
OFFER_EXAMPLE = "/offer 2 blue, red for chili"
_FOR_WORDS = frozenset({"for", "für", "->", "\u2192"})
_NOTHING_WORDS = frozenset({"nothing", "none", "nichts", "なし", "無し"})
_SEPARATORS = frozenset({",", "and", "&", "+", "und"})
_COUNT_BEFORE = re.compile(r"(#?[+\-\u2212]?[0-9]+(?:\.[0-9]*)?)(?:x|\u00d7|\u679a)?")
_COUNT_AFTER = re.compile(r"(?:x|\u00d7)([0-9]+)|([0-9]+)\u679a")
_ATTACHED_BEFORE = re.compile(r"([0-9]+(?:x|\u00d7|\u679a)?)(\D.*)")
_ATTACHED_AFTER = re.compile(r"(.*?\D)(?:x|\u00d7)?([0-9]+)(\u679a?)")
_TIMES = frozenset({"x", "\u00d7", "\u679a"})


def split_offer(rest: str) -> tuple[list[str], list[str]]:
    """Split the text after ``/offer`` into the GIVE and WANT token lists.

    Raises :class:`ParseError` unless exactly one ``for`` (or ``für``, ``->``, ``→``)
    separates the two sides.
    """
    tokens = tokenize(rest)
    cuts = [i for i, tok in enumerate(tokens) if tok.casefold() in _FOR_WORDS]
    if len(cuts) != 1:
        what = "no 'for'" if not cuts else "more than one 'for'"
        raise ParseError(f"/offer has {what}; write {OFFER_USAGE} (nothing or ? for an empty side)")
    cut = cuts[0]
    return tokens[:cut], tokens[cut + 1:]


def tokenize(text: str) -> list[str]:
    """Words of ``text`` with commas (``,`` ``、`` ``，`` ``・``) as ``","`` tokens."""
    for comma in ("\u3001", "\uff0c", "\u30fb", ","):
        text = text.replace(comma, " , ")
    return text.split()


def parse_side(tokens: list[str], which: str) -> Side:
    """Parse one side (``which`` is ``"GIVE"`` or ``"WANT"``) into a bean map or ``"?"``.

    Shape: tokens -> ``dict[slug, count]`` (``{}`` for nothing) or ``"?"``. Raises
    :class:`ParseError` for an empty side, an unknown bean, a bad count, or a total above 99.
    """
    words = [tok.casefold() for tok in tokens]
    if not words:
        raise ParseError(
            f"{which} is empty; write nothing for an empty side or ? to ask; {OFFER_USAGE}"
        )
    if words == ["?"]:
        return ASK
    if len(words) == 1 and words[0] in _NOTHING_WORDS:
        return {}
    if "?" in words or any(w in _NOTHING_WORDS for w in words):
        raise ParseError(f"in {which}, ? and nothing must stand alone, like /offer ? for red")
    counts: dict[str, int] = {}
    chunk: list[str] = []
    for word in [*words, ","]:
        if word in _SEPARATORS:
            if not chunk:
                raise ParseError(f"{which} has an empty item between commas; "
                                 f"write a list like {OFFER_EXAMPLE}")
            for slug, count in _parse_chunk(chunk, which):
                counts[slug] = counts.get(slug, 0) + count
            chunk = []
        else:
            chunk.append(word)
    for slug, count in counts.items():
        if count > MAX_SMALL:
            raise ParseError(f"{which} names {count} {slug}; counts go up to {MAX_SMALL}")
    return {slug: counts[slug] for slug in SLUGS if slug in counts}


def _parse_chunk(words: list[str], which: str) -> list[tuple[str, int]]:
    """Items in one comma-free run of words: ``[N] BEAN [xN]`` repeated."""
    items: list[tuple[str, int]] = []
    words = _detach_counts(words)
    i = 0
    while i < len(words):
        count: int | None = None
        word = words[i]
        match = _COUNT_BEFORE.fullmatch(word)
        if match is not None:
            count = _count(match.group(1), which)
            i += 1
            if i < len(words) and words[i] in _TIMES:
                i += 1
            if i == len(words):
                raise ParseError(f"in {which}, a bean must follow the number {count}, "
                                 f"like {OFFER_EXAMPLE}")
        slug, used = _longest_bean(words, i)
        if slug is None:
            stop = next((j for j in range(i + 1, len(words)) if looks_numeric(words[j])),
                        len(words))
            raise ParseError(f"in {which}: " + unknown_bean_message(" ".join(words[i:stop])))
        i += used
        if i < len(words) and count is None:
            after = _COUNT_AFTER.fullmatch(words[i])
            if after is not None:
                count = _count(after.group(1) or after.group(2), which)
                i += 1
        items.append((slug, 1 if count is None else count))
    return items


def _detach_counts(words: list[str]) -> list[str]:
    """Split counts written against a bean: ``2blue`` ``2xblue`` -> ``2`` ``blue``;
    ``blue2`` ``赤豆2枚`` -> ``blue`` ``x2`` / ``赤豆`` ``2枚`` (Japanese puts the count after)."""
    out: list[str] = []
    for word in words:
        if looks_numeric(word) or any(
            rx.fullmatch(word) for rx in (_COUNT_BEFORE, _COUNT_AFTER)
        ) or word in _TIMES:
            out.append(word)
            continue
        before = _ATTACHED_BEFORE.fullmatch(word)
        if before is not None:
            out.extend([before.group(1), before.group(2)])
            continue
        after = _ATTACHED_AFTER.fullmatch(word)
        if after is not None and lookup_bean(after.group(1)) is not None:
            tail = after.group(2) + "\u679a" if after.group(3) else "x" + after.group(2)
            out.extend([after.group(1), tail])
            continue
        out.append(word)
    return out


def _count(token: str, which: str) -> int:
    return parse_number(token, usage=f"counts in {which} are whole numbers from 1 to "
                        f"{MAX_SMALL}, like {OFFER_EXAMPLE}")


#: the longest folded bean name (characters): a run of words folding longer names no bean
_LONGEST_KEY = max(map(len, ALIASES))


def _longest_bean(words: list[str], start: int) -> tuple[str | None, int]:
    """The longest run of words from ``start`` that names a bean, and its length.

    A run's folded name is its words' folded names put together (``alias_key`` folds each
    character alone, and NFKC never joins across the space between words), so each word is
    folded once and only runs whose folded name is no longer than the longest bean name are
    looked up: a line costs work in proportion to its length (every run from every word was
    folded whole, and a 400-character line took half a second)."""
    keys: list[str] = []
    size = 0
    for word in words[start:]:
        key = alias_key(word)
        size += len(key)
        if size > _LONGEST_KEY:
            break
        keys.append(key)
    for end in range(len(keys), 0, -1):
        slug = ALIASES.get("".join(keys[:end]))  # (no bean folds to "")
        if slug is not None:
            return slug, end
    return None, 0
