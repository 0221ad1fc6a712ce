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
import unicodedata
from collections.abc import Iterable

from bohnanza.engine.beans import BEAN_NAMES, BEANS

from .errors import ParseError

#: The slugs in catalogue order (rules.md section 1b), from the engine's card table.
SLUGS: tuple[str, ...] = tuple(BEANS)

# English words; each also gets "s", " bean" and " beans" forms.
_ENGLISH: dict[str, tuple[str, ...]] = {
    "coffee": ("coffee",),
    "wax": ("wax",),
    "blue": ("blue",),
    "chili": ("chili", "chilli", "chile", "chilie"),
    "stink": ("stink", "stinky"),
    "green": ("green",),
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
        for labels in BEAN_NAMES.values():
            add(labels[slug], slug)
    return table


ALIASES: dict[str, str] = _build()
"""Folded alias (see :func:`alias_key`) -> slug."""


def lookup_bean(name: str) -> str | None:
    """The slug ``name`` stands for, or ``None``. Shape: ``str -> str | None``."""
    key = alias_key(name)
    return ALIASES.get(key) if key else None


def bean_slug(name: str) -> str:
    """Turn any bean name or alias into its slug: ``bean_slug(" Rote Bohnen ") == "red"``.

    Raises :class:`ParseError` when ``name`` is no known bean; the message lists the slugs and,
    when one is close, suggests it.
    """
    slug = lookup_bean(name)
    if slug is None:
        raise ParseError(unknown_bean_message(name))
    return slug


def unknown_bean_message(name: str) -> str:
    """The message for an unknown bean name (with a suggestion when one is close)."""
    shown = " ".join(name.split())
    if not shown:
        return "a bean name was expected, such as " + ", ".join(SLUGS)
    close = difflib.get_close_matches(alias_key(shown), list(ALIASES), n=1, cutoff=0.75)
    hint = f" Did you mean {ALIASES[close[0]]}?" if close else ""
    return f"'{shown}' is not a bean I know.{hint} Beans: {', '.join(SLUGS)}."


def bean_label(slug: str, lang: str = "en") -> str:
    """Display name of a slug in ``lang`` (``"en"``, ``"de"`` or ``"ja"``; others give English).

    Raises ``KeyError`` for a string that is not a slug.
    """
    return BEAN_NAMES.get(lang, BEAN_NAMES["en"])[slug]
