"""The farm game's log lines in Japanese (the English ones are the engine's own,
``bohnanza.farm.engine.events``).

``log_line_ja(entry, names, viewer) -> str | None`` phrases one line as ``viewer`` reads it
from the fields of that viewer's form (``Event.for_viewer``: the public fields, and the secret
ones only in the seat's own form, G31), so it can name nothing the English line did not; the
reader's own seat is あなた wherever it is named, as in the English line (``events.sentence``).
Card, pile, category, attribute, evaluation and facility names take the glossary's Japanese
(farm-rules.md §5, the default parameter set's ``ja``); a name the default set does not know
(a designer's own category) stays as it is. ``None``: a kind this module does not know, or no
seat names (a line of an older game keeps its stored words).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .vocab import FACILITY_JA, default_vocab

_CARD = re.compile(r"^L(\d+) (\S+) (\S+)\+(\d+)$")
_PILE = re.compile(r"^L(\d+)(?: (\S+))?$")
_COUNT = re.compile(r"^(\d+) cards?$")
TIEBREAK_JA = {"cost": "残りコスト", "earned": "獲得コスト", "shared": "共同勝利"}


def _words() -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    v = default_vocab()
    return v.category_ja, v.attribute_ja, v.evaluation_ja


def card_ja(name: str) -> str:
    """``L2 root shape+2`` -> ``L2 根菜 形状+2``; ``L2 root`` (a pile) -> ``L2 根菜``;
    ``3 cards`` -> ``3枚``; anything else as it is."""
    cats, attrs, _ = _words()
    m = _CARD.match(name)
    if m:
        lv, cat, attr, bonus = m.groups()
        return f"L{lv} {cats.get(cat, cat)} {attrs.get(attr, attr)}+{bonus}"
    m = _PILE.match(name)
    if m:
        lv, cat = m.groups()
        return f"L{lv}" if cat is None else f"L{lv} {cats.get(cat, cat)}"
    m = _COUNT.match(name)
    return f"{m.group(1)}枚" if m else name


def _cards(cards: Sequence[str]) -> str:
    return "、".join(card_ja(c) for c in cards) if cards else "なし"


def log_line_ja(entry: dict[str, Any], names: Sequence[str], viewer: int | None) -> str | None:
    """One farm log line in Japanese (module docstring); raises nothing on a well-formed
    entry, ``KeyError`` on one that lacks its kind's fields."""
    if not names:
        return None
    cats, _, evals = _words()
    d = entry
    seat = d.get("seat")

    def name(s: int | None) -> str:   # the reader's own seat is "あなた" wherever it is named
        if viewer is not None and s == viewer:
            return "あなた"
        return names[s] if s is not None and 0 <= s < len(names) else f"P{s}"

    who = name(seat)
    k = d.get("kind")
    if k == "schedule":
        parts = [f"ターン{c['turn']}: {cats.get(c['category'], c['category'])}／"
                 f"{evals.get(c['evaluation'], c['evaluation'])}" for c in d["contests"]]
        return (f"サイクル{d['cycle']}のコンテスト（レベル{d['level']}）: "
                + ("、".join(parts) or "なし"))
    if k == "turn":
        return f"サイクル{d['cycle']}・ターン{d['turn']}: 準備フェイズ"
    if k == "rescue":
        return f"{who}は手札もベースもないので、救済カードを{d['count']}枚引けます"   # G23
    if k == "draw":
        where = f"{_cards(d['piles'])}から" if "piles" in d else ""
        got = f": {_cards(d['cards'])}" if "cards" in d else ""
        return f"{who}は{where}カードを{d['count']}枚取りました{got}"
    if k == "reshuffle":
        return f"{card_ja(d['pile'])}の捨て札{d['count']}枚が新しい山札になりました"
    if k == "transform":
        where = f"{_cards(d['piles'])}から" if "piles" in d else ""
        got = f"（{_cards(d['cards'])}）" if "cards" in d else ""
        return f"{who}は{_cards(d['gave'])}を変化させ、{where}{d['count']}枚取りました{got}"
    if k == "plant":
        what = card_ja(d["card"]) if "card" in d else "ベース"
        synth = (f"（合成: {_cards(d['synth'])}）" if "synth" in d
                 else f"（合成カード{d['synth_count']}枚）" if d.get("synth_count") else "")
        return f"{who}はスロット{d['slot']}に{what}を植えました{synth}"
    if k == "synth":
        what = (_cards(d["cards"]) if "cards" in d else f"合成カード{d['count']}枚"
                if "count" in d else "合成カード")   # the count hidden (G31)
        return f"{who}はスロット{d['slot']}のベースに{what}を合成しました"
    if k == "declare":
        how = "自動的に終了し" if d.get("forced") else "行動終了を宣言し"
        return f"{who}は{how}、順番カード{d['card']}を取りました"
    if k == "harvest":
        return "収穫フェイズ。順番: " + "、".join(name(s) for s in d["order"])
    if k == "ship":
        gain = f"（コスト+{d['gain']}）" if "gain" in d else ""
        return f"{who}はスロット{d['slot']}の{_cards(d['cards'])}を出荷しました{gain}"
    if k == "upgrade":
        paid = f"（コスト{d['price']}）" if "price" in d else ""
        if "facility" not in d:  # grades not public (G31)
            return f"{who}は設備を強化しました{paid}"
        fac = FACILITY_JA.get(d["facility"], d["facility"])
        return f"{who}は{fac}をグレード{d['grade']}に強化しました{paid}"
    if k == "enter":
        if "card" not in d:   # entries not public (G31): shown at the contest (F33)
            return f"{who}は野菜を出品しました"
        count = f"、合成カード{d['synth_count']}枚は裏向き" if "synth_count" in d else ""
        return f"{who}は{card_ja(d['card'])}を出品しました（スロット{d['slot']}{count}）"
    if k == "adjust":
        gone = f"{_cards(d['cards'])}を捨て" if d["cards"] else "何も捨てずに"
        return f"{who}は{gone}収穫ターンを終えました"
    if k == "contest":
        head = (f"コンテスト {cats.get(d['category'], d['category'])}／"
                f"{evals.get(d['evaluation'], d['evaluation'])}（レベル{d['level']}）")
        if not d["entries"]:
            return f"{head}: 出品なし"
        rows = []
        for e in d["entries"]:
            place = f"{e['place']}位、+{e['vp']}勝利点" if e["place"] else "入賞なし"
            rows.append(f"{name(e['seat'])} {card_ja(e['card'])} 評価点{e['score']}（{place}）")
        return f"{head}: " + "；".join(rows)
    if k == "discard_field":
        return f"{who}の使われなかったベースが捨てられました: {_cards(d['cards'])}"
    if k == "game_over":
        winners = "、".join(sorted((name(s) for s in d["winners"]), key=lambda w: w != "あなた"))
        tb = (f"（同点の決着: {TIEBREAK_JA.get(d['tiebreak'], d['tiebreak'])}）"
              if d.get("tiebreak") else "")
        used = (f"、パラメータ {d['params_name']} {d['params_hash']}"
                if d.get("params_hash") else "")
        return f"ゲーム終了: {winners}が{d['best']}勝利点で勝利{tb}{used}"
    return None
