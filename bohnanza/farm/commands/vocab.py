"""Words of the farm command language that depend on the parameter set: category, attribute
and evaluation names in English (the ids) and Japanese (``ja``), facility names, levels.

``Vocab.from_params(params)`` builds one; ``default_vocab()`` is the default set's.
Lookups fold case and width (NFKC), so ``ROOT``, ``ｒｏｏｔ`` and ``根菜`` all read ``root``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

FACILITY_WORDS: dict[str, str] = {
    "field": "field", "畑": "field", "fields": "field",
    "pot": "transform_pot", "transform": "transform_pot", "transform_pot": "transform_pot",
    "transformation": "transform_pot", "transformpot": "transform_pot", "変化釜": "transform_pot",
    "transformation_pot": "transform_pot", "transformationpot": "transform_pot",
    "synth": "synth_pot", "synth_pot": "synth_pot", "synthesis": "synth_pot",
    "synthpot": "synth_pot", "合成釜": "synth_pot", "synthesis_pot": "synth_pot",
    "synthesispot": "synth_pot",
    "box": "storage_box", "storage": "storage_box", "storage_box": "storage_box",
    "storagebox": "storage_box", "保存箱": "storage_box", "保管箱": "storage_box",
}
"""Facility words -> facility kind (F7; the draft calls the box both 保存箱 and 保管箱). The
names in full, as /help upgrade spells them ("transformation pot", "synthesis pot", "storage
box"), are read too: ``/upgrade`` joins its words with ``_``."""

FACILITY_JA: dict[str, str] = {"transform_pot": "変化釜", "field": "畑", "synth_pot": "合成釜",
                               "storage_box": "保存箱"}

_LEVEL = re.compile(r"^(?:l|lv\.?|level|レベル)?([0-9]+)$")


def fold(word: str) -> str:
    """Case- and width-folded form of a word."""
    return unicodedata.normalize("NFKC", word).casefold()


@dataclass(frozen=True)
class Vocab:
    """Name -> id maps for one parameter set."""

    categories: dict[str, str] = field(default_factory=dict)
    attributes: dict[str, str] = field(default_factory=dict)
    category_ja: dict[str, str] = field(default_factory=dict)
    attribute_ja: dict[str, str] = field(default_factory=dict)
    evaluation_ja: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_params(cls, params: dict[str, Any]) -> Vocab:
        cats: dict[str, str] = {}
        attrs: dict[str, str] = {}
        cja: dict[str, str] = {}
        aja: dict[str, str] = {}
        for c in params["cards"]["categories"]:
            cats[fold(c["id"])] = c["id"]
            if c.get("ja"):
                cats[fold(c["ja"])] = c["id"]
                cja[c["id"]] = c["ja"]
        for a in params["cards"]["attributes"]:
            attrs[fold(a["id"])] = a["id"]
            if a.get("ja"):
                attrs[fold(a["ja"])] = a["id"]
                aja[a["id"]] = a["ja"]
        eja = {e["id"]: e.get("ja") or e["id"] for e in params["contest"]["evaluations"]}
        return cls(cats, attrs, cja, aja, eja)

    def category(self, word: str) -> str | None:
        return self.categories.get(fold(word))

    def attribute(self, word: str) -> str | None:
        return self.attributes.get(fold(word))

    @staticmethod
    def level(word: str) -> int | None:
        m = _LEVEL.match(fold(word))
        return int(m.group(1)) if m else None

    @staticmethod
    def facility(word: str) -> str | None:
        return FACILITY_WORDS.get(fold(word).replace("-", "_"))


@lru_cache(maxsize=1)
def default_vocab() -> Vocab:
    """The vocabulary of the shipped default parameter set."""
    from bohnanza.farm.params import default_params

    return Vocab.from_params(default_params())
