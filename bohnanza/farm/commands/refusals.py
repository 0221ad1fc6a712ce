"""The farm parser's refusals in Japanese (issue 10, point 6, as the Bohnanza parser's in
``bohnanza/commands/refusals.py``): each English sentence of ``parse.py`` has its shape here,
with the example of what to type in the Japanese command names (``/出荷 b1``). Importing this
module adds them to ``refusal_text`` (``add_shapes``)."""

from __future__ import annotations

import re

from bohnanza.commands.refusals import Render, add_shapes

#: the example each usage gives, in Japanese
_USAGE: dict[str, str] = {
    "like /transform h1 h2 for L1 fruit": "例: /変化 h1 h2 で L1 果菜",
    "like /plant h3 (a base) or /plant h3 h1 (a base with a synthesis card)":
        "例: /植える h3（ベース）、/植える h3 h1（合成カード付き）",
    "like /synth b1 h2 (lay h2 on the base in slot 1)": "例: /合成 b1 h2（枠1のベースに h2 を重ねる）",
    "like /draw L1 root, L1 leaf": "例: /引く L1 根菜, L1 葉菜",
    "like /ship b1 or /ship b1 for L2 root, L2 leaf": "例: /出荷 b1、/出荷 b1 で L2 根菜, L2 葉菜",
    "like /upgrade field (field, pot = transformation pot, synth = synthesis pot, box = storage "
    "box)": "例: /強化 畑（畑、変化釜、合成釜、保存箱）",
    "like /enter b1": "例: /出品 b1",
    "like /adjust h1 h4 (or /adjust alone when you discard nothing)":
        "例: /手札調整 h1 h4（捨てるカードがなければ /手札調整 だけ）",
}
_U = "(" + "|".join(re.escape(u) for u in _USAGE) + ")"
_NOT_ONE = r"(?: \('(.*)' is not one\))?"


def _ex(usage: str) -> str:
    return f"（{_USAGE[usage]}）"


def _typed(m: re.Match[str], group: int) -> str:
    return f"「{m[group]}」は使えません。" if m[group] is not None else ""


_SHAPES: list[tuple[str, Render]] = [
    (r"/transform needs the cards you give, then for, then the piles you take from, " + _U,
     lambda m: "/変化 には渡す手札、で（for）、取る山札の順に書きます" + _ex(m[1])),
    (r"/plant needs the base card, " + _U,
     lambda m: "/植える にはベースにするカードが必要です" + _ex(m[1])),
    (r"/synth needs a base and the cards to lay on it, " + _U,
     lambda m: "/合成 にはベースと重ねるカードが必要です" + _ex(m[1])),
    (r"/synth needs a base first, " + _U + _NOT_ONE,
     lambda m: _typed(m, 2) + "/合成 では最初にベース（b1、b2…）を書きます" + _ex(m[1])),
    (r"/ship needs one base, " + _U, lambda m: "/出荷 にはベースを1つ書きます" + _ex(m[1])),
    (r"/ship needs a base, " + _U + _NOT_ONE,
     lambda m: _typed(m, 2) + "/出荷 にはベース（b1、b2…）を書きます" + _ex(m[1])),
    (r"name the piles after for, " + _U,
     lambda m: "で（for）の後に山札を書いてください" + _ex(m[1])),
    (r"/upgrade needs one facility, " + _U,
     lambda m: "/強化 には設備を1つ書きます" + _ex(m[1])),
    (r"/enter needs one base, " + _U, lambda m: "/出品 にはベースを1つ書きます" + _ex(m[1])),
    (r"/enter needs a base, " + _U + _NOT_ONE,
     lambda m: _typed(m, 2) + "/出品 にはベース（b1、b2…）を書きます" + _ex(m[1])),
    (r"'(.*)' is not a hand card; " + _U,
     lambda m: f"「{m[1]}」は手札のカードではありません（h1、h2…）" + _ex(m[2])),
    (r"'(.*)' is not a hand card \(h1, h2 \.\.\. or a card such as L2 root shape\+2\); " + _U,
     lambda m: f"「{m[1]}」は手札のカードではありません（h1、h2… か L2 根菜 形状+2 のような"
     "カード）" + _ex(m[2])),
    (r"a card is written level, category, attribute\+bonus, like L(\d+) root shape\+2; " + _U,
     lambda m: f"カードはレベル、分類、属性+ボーナスの順に書きます（L{m[1]} 根菜 形状+2）"
     + _ex(m[2])),
    (r"'(.*)' is not a category \((.*)\); " + _U,
     lambda m: f"「{m[1]}」という分類はありません（{m[2]}）" + _ex(m[3])),
    (r"'(.*)' is not an attribute with its bonus, like shape\+2; " + _U,
     lambda m: f"「{m[1]}」は属性+ボーナス（形状+2 など）ではありません" + _ex(m[2])),
    (r"'(.*)' is not a pile \(a level and a category, like L1 root\); " + _U,
     lambda m: f"「{m[1]}」は山札ではありません（レベルと分類: L1 根菜 など）" + _ex(m[2])),
    (r"/help takes one command name, like /help ship",
     lambda m: "/help に付けられるコマンド名は1つです（例: /help 出荷）"),
    (r"(/\S+) is not a command of the farm game(?: \(did you mean (/\S+)\?\))?; type /help "
     r"for the list",
     lambda m: f"{m[1]} は農場ゲームのコマンドではありません"
     + (f"（{m[2]} のことですか？）" if m[2] else "") + "。/help で一覧を表示します"),
]

add_shapes("parse_error", _SHAPES)
