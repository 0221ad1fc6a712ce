"""The farm parameter set's refusals (``bad_params``: ``/option param KEY VALUE``, ``/option
params TOML``, farm.toml) in Japanese, as ``refusals.py`` gives the moves' (issue 10).

A ``bad_params`` message names every bad key, ``KEY: what is wrong`` joined by ``; ``
(``bohnanza/farm/params.py``: pydantic's sentences for a value of the wrong type or range, the
set's own checks for values that do not fit together). Each part is written again in Japanese
with its key and specifics kept (keys and values are what the designer types); a part of no
known shape keeps its English in brackets after a Japanese lead, and so does a TOML error the
reader could not place (with a place, the line and column say where: tomllib's own words are
left out).
"""

from __future__ import annotations

import re

from bohnanza.commands.refusals import Render, add_shapes

_Q = re.compile(r"'([^']*)'")

#: what is wrong with one key's value, in Japanese (a shape must match the whole of it)
_WHAT: list[tuple[str, Render]] = [
    (r"Input should be a valid integer(?:, .*)?", lambda m: "整数で書いてください"),
    (r"Input should be a valid number(?:, .*)?", lambda m: "数で書いてください"),
    (r"Input should be a finite number", lambda m: "有限の数で書いてください"),
    (r"Input should be a valid boolean(?:, .*)?", lambda m: "true か false で書いてください"),
    (r"Input should be a valid string", lambda m: "文字列（\"…\"）で書いてください"),
    (r"Input should be a valid (?:list|array|tuple)", lambda m: "リスト（[…]）で書いてください"),
    (r"Input should be a valid dictionary(?: or instance of \w+)?",
     lambda m: "表（{…} か [見出し]）で書いてください"),
    (r"Input should be greater than or equal to (\S+)", lambda m: f"{m[1]}以上にしてください"),
    (r"Input should be less than or equal to (\S+)", lambda m: f"{m[1]}以下にしてください"),
    (r"Input should be greater than (\S+)", lambda m: f"{m[1]}より大きくしてください"),
    (r"Input should be less than (\S+)", lambda m: f"{m[1]}より小さくしてください"),
    (r"Input should be ('[^']*'(?:, '[^']*')*(?: or '[^']*')?)",
     lambda m: "次のどれかにしてください: " + "、".join(_Q.findall(m[1]))),
    (r"String should match pattern '(.*)'",
     lambda m: f"英小文字で始まり英小文字・数字・_ だけの名前にしてください（{m[1]}）"),
    (r"String should have at most (\d+) characters?", lambda m: f"{m[1]}文字以内にしてください"),
    (r"Tuple should have at most (\d+) items? after validation, not (\d+)",
     lambda m: f"項目は{m[1]}つまでです（{m[2]}つあります）"),
    (r"missing", lambda m: "ありません（必要なパラメータです）"),
    (r"not a parameter \(misspelt\?\)", lambda m: "そのようなパラメータはありません（綴りの誤り？）"),
    (r"not a parameter \(no '(.*)' table\)",
     lambda m: f"そのようなパラメータはありません（{m[1]} という表はありません）"),
    (r"not a parameter", lambda m: "そのようなパラメータはありません"),
    (r"'(.*)' is not a TOML value \(.*\)",
     lambda m: f"「{m[1]}」は TOML の値ではありません（5、[5, 10]、\"text\"、true など）"),
    (r"at most (\d+) characters", lambda m: f"{m[1]}文字以内にしてください"),
    (r"one line of text, without control, line-break or bidi-override characters "
     r"\((U\+[0-9A-F]+)\)",
     lambda m: f"1行の文字列にしてください（制御文字・改行・書字方向の制御文字は使えません: {m[1]}）"),
    # the set's own checks (params.py: Params._cross)
    (r"max \((\d+)\) is below min \((\d+)\)",
     lambda m: f"max（{m[1]}）が min（{m[2]}）より小さくなっています"),
    (r"turns run 1-(\d+)", lambda m: f"ターンは1〜{m[1]}です"),
    (r"distinct turns in increasing order", lambda m: "同じターンを重ねず、小さい順に書いてください"),
    (r"one level per cycle \((\d+)\), got (\d+)",
     lambda m: f"サイクルごとに1つ、{m[1]}個のレベルが必要です（{m[2]}個あります）"),
    (r"distinct levels, at least one", lambda m: "重ならないレベルを1つ以上書いてください"),
    (r"(\S+) is not one of cards\.levels (\[.*\])",
     lambda m: f"{m[1]} は cards.levels {m[2]} にありません"),
    (r"not one of cards\.levels (\[.*\])", lambda m: f"cards.levels {m[1]} にないレベルです"),
    (r"(\S+) is not one of (\[.*\])", lambda m: f"{m[1]} は {m[2]} にありません"),
    (r"ids must be distinct, at least one", lambda m: "重ならない id を1つ以上書いてください"),
    (r"'(.*)' is not an attribute", lambda m: f"「{m[1]}」という属性はありません"),
    (r"'(.*)' is not a category", lambda m: f"「{m[1]}」という分類はありません"),
    (r"the deck is empty \(give cards\.pattern or \[\[cards\.card\]\]\)",
     lambda m: "山札が空です（cards.pattern か [[cards.card]] を書いてください）"),
    (r"the deck holds (\d+) cards, at most (\d+)",
     lambda m: f"山札が{m[1]}枚になります。{m[2]}枚までです"),
    (r"(\d+) prices? (?:is|are) needed \(grades 2-(\d+)\), got (\d+)",
     lambda m: f"グレード2〜{m[2]}の価格が{m[1]}つ必要です（{m[3]}つあります）"),
    (r"one value per grade 1-(\d+), got (\d+)",
     lambda m: f"グレード1〜{m[1]}に1つずつ値が必要です（{m[2]}つあります）"),
    (r"a higher grade cannot hold fewer bases",
     lambda m: "グレードが上がってベースの数が減ることはできません"),
    (r"above max_grade (\d+)", lambda m: f"max_grade {m[1]} を超えています"),
    (r"get_rule same_level needs give_rule same_level",
     lambda m: "get_rule same_level には give_rule same_level が必要です"),
    (r"a shipment could be worth (-?\d+); a cost never goes below 0 \(G8\)",
     lambda m: f"出荷の価値が{m[1]}になることがあります。コストは0未満になりません（G8）"),
    (r"(\d+) contest turns need at least \d+ categories \(one category card per contest, F8\)",
     lambda m: f"コンテストのターンが{m[1]}つあるので、分類が{m[1]}つ以上必要です（コンテストごとに"
     "分類カード1枚、F8）"),
    (r"(\d+) contest turns need at least \d+ evaluations \(F9\)",
     lambda m: f"コンテストのターンが{m[1]}つあるので、評価が{m[1]}つ以上必要です（F9）"),
    (r"'(.*)' is neither 'all' nor an attribute group \((.*)\)",
     lambda m: f"「{m[1]}」は all でも属性のグループ（{m[2]}）でもありません"),
    (r"one list per evaluation \((.*)\), got (.*)",
     lambda m: f"評価ごとに1つずつリストが必要です（{m[1]}）。あるのは: "
     + ("なし" if m[2] == "none" else m[2])),
    (r"'shared' can only be the last entry", lambda m: "shared は最後にだけ書けます"),
]
_WHAT_RX = [(re.compile(rx, re.DOTALL), f) for rx, f in _WHAT]

#: a whole part that names no key first
_WHOLE: list[tuple[str, Render]] = [
    (r"'(.*)' is not a parameter key \(like facilities\.field\.price\)",
     lambda m: f"「{m[1]}」はパラメータのキーではありません（例: facilities.field.price）"),
    (r"a number holds at most (\d+) \(not valid TOML\)",
     lambda m: f"数は{m[1]}までです（TOML として読めません）"),
    (r"a parameter file nests at most (\d+) deep",
     lambda m: f"パラメータファイルの入れ子は{m[1]}段までです"),
    (r"not valid TOML \((.*?)(?: \(at line (\d+), column (\d+)\))?\)",
     lambda m: f"TOML として読めません（{m[2]}行{m[3]}列目）" if m[2]
     else f"TOML として読めません（{m[1]}）"),
]
_WHOLE_RX = [(re.compile(rx, re.DOTALL), f) for rx, f in _WHOLE]

#: where one key's part ends and the next begins (a key, then ": ")
_NEXT_KEY = re.compile(r"; (?=[A-Za-z_][\w.\[\]'\-]*: )")
_KEYED = re.compile(r"([A-Za-z_][\w.\[\]'\-]*): (.*)", re.DOTALL)


def _what(text: str) -> str:
    for rx, render in _WHAT_RX:
        m = rx.fullmatch(text)
        if m is not None:
            return render(m)
    return f"この値は使えません（{text}）"


def _part(text: str) -> str:
    for rx, render in _WHOLE_RX:
        m = rx.fullmatch(text)
        if m is not None:
            return render(m)
    m = _KEYED.fullmatch(text)
    if m is None:
        return _what(text)
    return f"{m[1]}: {_what(m[2])}"


def params_ja(message: str) -> str:
    """A ``bad_params`` message in Japanese, part by part (module docstring)."""
    return "。".join(_part(p) for p in _NEXT_KEY.split(message))


add_shapes("bad_params", [(r".+", lambda m: params_ja(m[0]))])
