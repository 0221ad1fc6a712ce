"""Card tables of rules.md section 1: bean slugs, counts and beanometers, and the beans'
names in each language of the table. The one place these facts are written: the command
language, the server and the board (through ``/api/facts``) take them from here.

``BEANS[slug]`` is ``(count_in_full_deck, (t1, t2, t3, t4))`` where ``tk`` is the minimum number
of cards in one harvested field that pays ``k`` coins, or ``None`` when that tier does not exist
(rules.md §1a/§1b; consensus values, C16).
"""

from __future__ import annotations

from typing import Final

Meter = tuple[int | None, int | None, int | None, int | None]

BEANS: Final[dict[str, tuple[int, Meter]]] = {
    "coffee": (24, (4, 7, 10, 12)),
    "wax": (22, (4, 7, 9, 11)),
    "blue": (20, (4, 6, 8, 10)),
    "chili": (18, (3, 6, 8, 9)),
    "stink": (16, (3, 5, 7, 8)),
    "green": (14, (3, 5, 6, 7)),
    "soy": (12, (2, 4, 6, 7)),
    "blackeyed": (10, (2, 4, 5, 6)),
    "red": (8, (2, 3, 4, 5)),
    "garden": (6, (None, 2, 3, None)),
    "cocoa": (4, (None, 2, 3, 4)),
}

#: The name of each bean per language (``"en"``, ``"de"``, ``"ja"``; the German and Japanese
#: names of the seeds, design.md section 4).
BEAN_NAMES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "coffee": "Coffee Bean", "wax": "Wax Bean", "blue": "Blue Bean",
        "chili": "Chili Bean", "stink": "Stink Bean", "green": "Green Bean",
        "soy": "Soy Bean", "blackeyed": "Black-eyed Bean", "red": "Red Bean",
        "garden": "Garden Bean", "cocoa": "Cocoa Bean",
    },
    "de": {
        "coffee": "Kaffeebohne", "wax": "Wachsbohne", "blue": "Blaue Bohne",
        "chili": "Feuerbohne", "stink": "Saubohne", "green": "Brechbohne",
        "soy": "Sojabohne", "blackeyed": "Augenbohne", "red": "Rote Bohne",
        "garden": "Gartenbohne", "cocoa": "Kakaobohne",
    },
    "ja": {
        "coffee": "コーヒー豆", "wax": "ワックス豆", "blue": "青豆",
        "chili": "紅花インゲン", "stink": "そらまめ", "green": "いんげん豆",
        "soy": "大豆", "blackeyed": "ささげ", "red": "赤豆",
        "garden": "ゴガツササゲ", "cocoa": "カカオ豆",
    },
}

#: The 8 types of the 104-card Amigo deck (rules.md §1a), in table order.
BASE_TYPES: Final[tuple[str, ...]] = (
    "blue", "chili", "stink", "green", "soy", "blackeyed", "red", "garden",
)
#: All 11 types of the 154-card Rio Grande deck (rules.md §1b), in table order.
ALL_TYPES: Final[tuple[str, ...]] = tuple(BEANS)


def _payout_table() -> dict[str, tuple[int, ...]]:
    table: dict[str, tuple[int, ...]] = {}
    for bean, (count, meter) in BEANS.items():
        row = [0]
        for n in range(1, count + 1):
            coins = 0
            for k, threshold in enumerate(meter, start=1):
                if threshold is not None and n >= threshold:
                    coins = k
            row.append(coins)
        table[bean] = tuple(row)
    return table


PAYOUT: Final = _payout_table()
"""Per bean, the coins for 0, 1, 2 ... cards up to its count (the last entry holds beyond)."""


def coins_for(bean: str, n: int) -> int:
    """Coins paid for harvesting ``n`` cards of ``bean`` (R18, rules.md §1c).

    ``coins(type, n) = max({k : tier k exists and n >= threshold[k]} ∪ {0})``; the top tier has
    no upper limit (pitfall B16). Raises ``KeyError`` for an unknown bean.
    """
    row = PAYOUT[bean]
    if n < len(row):
        return row[n]
    return row[-1]


def next_coin_at(bean: str, n: int) -> int | None:
    """Smallest field size above ``n`` that pays more than ``n`` cards do, or ``None``."""
    current = coins_for(bean, n)
    for threshold in BEANS[bean][1]:
        if threshold is not None and threshold > n and coins_for(bean, threshold) > current:
            return threshold
    return None
