"""Bean names: the 11 slugs, their aliases in English, German and Japanese, display labels
(the slugs and the labels are the engine's, ``bohnanza.engine.beans``; the aliases are the
command language's own).

Slugs are the canonical names of design.md section 3 (``coffee wax blue chili stink green soy
blackeyed red garden cocoa``). An alias is matched after :func:`alias_key` folds it: Unicode
NFKC, case folding, katakana to hiragana, and no spaces, hyphens, dots or apostrophes, so
``"Black-eyed bean"``, ``"blackeyed"``, ``"ROTE BOHNEN"`` and ``"インゲン豆"`` all match.
"""

from __future__ import annotations

import difflib
import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from bohnanza.engine.beans import BEAN_NAMES, BEANS

from .errors import ParseError

#: The slugs in catalogue order (rules.md section 1b), from the engine's card table.
SLUGS: tuple[str, ...] = tuple(BEANS)

# English words; each also gets "s", " bean" and " beans" forms.
_ENGLISH: dict[str, tuple[str, ...]] = {
    "coffee": ("coffee",),
    "wax": ("wax",),
    "blue": ("blue",),
    "chili": ("chili", "chilli", "chile", "chilie", "fire", "runner", "scarlet runner"),
    "stink": ("stink", "stinky", "broad", "fava", "faba"),
    "green": ("green", "french"),
    "soy": ("soy", "soya"),
    "blackeyed": ("blackeyed", "black-eyed", "blackeye", "black-eye", "black eyed pea"),
    "red": ("red", "kidney"),
    "garden": ("garden",),
    "cocoa": ("cocoa", "cacao"),
}
_ENGLISH_EXTRA: dict[str, tuple[str, ...]] = {
    "wax": ("waxes",),
    "chili": ("chilies", "chillies"),
    "blackeyed": ("black-eyed peas",),
}

# German: (adjective or compound stem, whether the stem alone is also an alias).
# "Blaue Bohne(n)" and "Rote Bohne(n)" are two words; the others are compounds.
_GERMAN: dict[str, tuple[str, ...]] = {
    "coffee": ("kaffee",),
    "wax": ("wachs", "weinbrand"),
    "blue": ("blaue", "blau"),
    "chili": ("feuer",),
    "stink": ("sau",),
    "green": ("brech",),
    "soy": ("soja",),
    "blackeyed": ("augen",),
    "red": ("rote", "rot"),
    "garden": ("garten",),
    "cocoa": ("kakao",),
}

# Japanese: seed 000's names, the three design.md adds, and common spellings of each.
_JAPANESE: dict[str, tuple[str, ...]] = {
    "coffee": ("コーヒー豆", "コーヒー"),
    "wax": ("ワックス豆", "ワックス"),
    "blue": ("青豆", "あおまめ"),
    "chili": ("紅花インゲン", "紅花いんげん豆", "紅花インゲン豆", "べにばないんげん"),
    "stink": ("そらまめ", "空豆", "蚕豆"),
    "green": ("いんげん豆", "いんげん", "隠元豆"),
    "soy": ("大豆", "だいず"),
    "blackeyed": ("ささげ", "大角豆"),
    "red": ("赤豆", "あかまめ"),
    "garden": ("ゴガツササゲ", "五月ささげ", "五月大角豆"),
    "cocoa": ("カカオ豆", "カカオ"),
}

# Finnish (seed 004): compounds of a stem and papu (bean): "kahvipapu", "kahvipavut",
# "kahvipapuja". The seed names coffee, cocoa and garden; the rest are the plain compounds.
_FINNISH: dict[str, tuple[str, ...]] = {
    "coffee": ("kahvi",), "wax": ("vaha",), "chili": ("chili",), "soy": ("soija",),
    "cocoa": ("kaakao",), "garden": ("puutarha",),
}

_DROP = str.maketrans("", "", " \t\n\r\u3000-_.'\u2019\u2010\u2011\u2012\u2013\u2014")


def alias_key(text: str) -> str:
    """Fold ``text`` for alias lookup: NFKC, casefold, katakana -> hiragana, drop separators.

    Shape: ``str -> str``; never raises.
    """
    folded = unicodedata.normalize("NFKC", text).casefold().translate(_DROP)
    return "".join(
        chr(ord(ch) - 0x60) if "\u30a1" <= ch <= "\u30f6" else ch for ch in folded
    )


def _english_forms(word: str) -> Iterable[str]:
    yield word
    yield word + "s"
    yield word + " bean"
    yield word + " beans"


def _german_forms(stem: str) -> Iterable[str]:
    yield stem
    yield stem + "bohne"
    yield stem + "bohnen"


def _build() -> dict[str, str]:
    table: dict[str, str] = {}

    def add(name: str, slug: str) -> None:
        key = alias_key(name)
        other = table.setdefault(key, slug)
        if other != slug:  # pragma: no cover - guards the tables above
            raise AssertionError(f"alias {name!r} names both {other} and {slug}")

    for slug in SLUGS:
        add(slug, slug)
        for word in _ENGLISH[slug]:
            for form in _english_forms(word):
                add(form, slug)
        for form in _ENGLISH_EXTRA.get(slug, ()):
            add(form, slug)
        for stem in _GERMAN[slug]:
            for form in _german_forms(stem):
                add(form, slug)
        for name in _JAPANESE[slug]:
            add(name, slug)
        for stem in _FINNISH.get(slug, ()):
            for tail in ("papu", "pavut", "papuja", "papua"):
                add(stem + tail, slug)
        for labels in BEAN_NAMES.values():
            add(labels[slug], slug)
    return table


ALIASES: dict[str, str] = _build()
"""Folded alias (see :func:`alias_key`) -> slug."""


def lookup_bean(name: str) -> str | None:
    """The slug ``name`` stands for, or ``None``. Shape: ``str -> str | None``."""
    key = alias_key(name)
    return ALIASES.get(key) if key else None


_DECK: ContextVar[tuple[str, ...] | None] = ContextVar("bohnanza_deck", default=None)


@contextmanager
def deck_beans(beans: Iterable[str] | None) -> Iterator[None]:
    """While inside, messages about unknown bean names list (and suggest) only ``beans``, the
    bean types of the game at hand (``None``: every bean)."""
    token = _DECK.set(None if beans is None else tuple(beans))
    try:
        yield
    finally:
        _DECK.reset(token)


def bean_slug(name: str) -> str:
    """Turn any bean name or alias into its slug: ``bean_slug(" Rote Bohnen ") == "red"``.

    Raises :class:`ParseError` when ``name`` is no known bean; the message lists the slugs and,
    when one is close, suggests it.
    """
    slug = lookup_bean(name)
    if slug is None:
        raise ParseError(unknown_bean_message(name, _DECK.get()))
    return slug


_BEAN_WORDS = ("beans", "bean", "bohnen", "bohne", "papuja", "papua", "pavut", "papu", "豆",
               "まめ")


def _core(key: str) -> str:
    """A folded name without its word for "bean" ("broadbean" -> "broad")."""
    for word in _BEAN_WORDS:
        if key.endswith(word) and len(key) > len(word):
            return key[: -len(word)]
    return key


@functools.cache
def _cores() -> tuple[tuple[str, str], ...]:
    """(the core of an alias, its slug), each pair once."""
    return tuple(dict.fromkeys((_core(alias), slug) for alias, slug in ALIASES.items()))


def suggest_bean(name: str, beans: Iterable[str] | None = None) -> str | None:
    """The bean a mistyped ``name`` most likely means, or ``None`` when no bean is clearly
    meant: the closest alias of a bean of ``beans`` (default: all) after dropping the word for
    "bean", close enough (a typo, not another word), and no other bean nearly as close."""
    allowed = set(SLUGS if beans is None else beans)
    typed = _core(alias_key(name))
    if len(typed) < 3:
        return None
    best: dict[str, float] = {}
    matcher = difflib.SequenceMatcher(None, "", typed)   # the typed word is cached as seq2
    for core, slug in _cores():
        if slug not in allowed:
            continue
        matcher.set_seq1(core)
        if matcher.real_quick_ratio() < 0.7 or matcher.quick_ratio() < 0.7:
            continue
        ratio = matcher.ratio()
        if ratio > best.get(slug, 0.0):
            best[slug] = ratio
    ranked = sorted(best.items(), key=lambda kv: -kv[1])
    if not ranked or ranked[0][1] < 0.75:
        return None
    if len(ranked) > 1 and ranked[1][1] > ranked[0][1] - 0.05:
        return None  # two beans about as close: say neither
    return ranked[0][0]


def unknown_bean_message(name: str, beans: Iterable[str] | None = None) -> str:
    """The message for an unknown bean name: a suggestion only when one bean is clearly meant
    (:func:`suggest_bean`), and the list of the beans of ``beans`` (this game's deck; default:
    the deck set by :func:`deck_beans`, else all)."""
    if beans is None:
        beans = _DECK.get()
    listed = [b for b in SLUGS if beans is None or b in set(beans)]
    shown = " ".join(name.split())
    if not shown:
        return "a bean name was expected, such as " + ", ".join(listed)
    close = suggest_bean(shown, listed)
    hint = f" Did you mean {close}?" if close else ""
    # a card's place typed where a bean is asked for (a new player: "/offer u1 for red"; /help
    # speaks of u1 and h1 for /provide and /plant)
    card = (f" {shown} names a card, not a bean: offers and markers name beans."
            if _CARD_REF.fullmatch(shown) else "")
    return f"'{shown}' is not a bean I know.{hint} Beans: {', '.join(listed)}.{card}"


_CARD_REF = re.compile(r"[uhUH][1-9]\d?")  # a face-up card's place (u1) or a hand card's (h2)


def bean_label(slug: str, lang: str = "en") -> str:
    """Display name of a slug in ``lang`` (``"en"``, ``"de"`` or ``"ja"``; others give English).

    Raises ``KeyError`` for a string that is not a slug.
    """
    return BEAN_NAMES.get(lang, BEAN_NAMES["en"])[slug]
