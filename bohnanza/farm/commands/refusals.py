"""The farm game's refusals in Japanese (issue 10, point 6, as the Bohnanza game's in
``bohnanza/commands/refusals.py``): each English sentence of the parser (``parse.py``) and of
the engine's moves (``bohnanza/farm/engine``: prep, harvest, piles) has its shape here, with
the example of what to type in the Japanese command names (``/出荷 b1``). Importing this
module adds them to ``refusal_text`` (``add_shapes``)."""

from __future__ import annotations

import re

from bohnanza.commands.refusals import Render, add_shapes

from . import param_refusals  # noqa: F401  (the parameter set's refusals: bad_params)
from .logtext import card_ja
from .vocab import FACILITY_JA, default_vocab

#: the example each usage gives, in Japanese
_USAGE: dict[str, str] = {
    "like /transform h1 h2 for L1 fruit": "例: /変化 h1 h2 で L1 果菜",
    "like /plant h3 (a base) or /plant h3 h1 (a base with a synthesis card)":
        "例: /植える h3（ベース）、/植える h3 h1（合成カード付き）",
    "like /synth b1 h2 (lay h2 on the base in slot 1)": "例: /合成 b1 h2（スロット1のベースに h2 を重ねる）",
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
     lambda m: f"「{m[1]}」という分類はありません（{_categories(m[2])}）" + _ex(m[3])),
    (r"'(.*)' is not an attribute with its bonus, like shape\+2; " + _U,
     lambda m: f"「{m[1]}」は属性+ボーナス（形状+2 など）ではありません" + _ex(m[2])),
    (r"'(.*)' is not a pile \(a level and a category, like L1 root\); " + _U,
     lambda m: f"「{m[1]}」は山札ではありません（レベルと分類: L1 根菜 など）" + _ex(m[2])),
    (r"/help takes one command name, like /help ship",
     lambda m: "/help に付けられるコマンド名は1つです（例: /help 出荷）"),
    (r"(/\S+) is not a command of the farm contest(?: \(did you mean (/\S+)\?\))?; type /help "
     r"for the list",
     lambda m: f"{m[1]} は農園コンテストのコマンドではありません"
     + (f"（{m[2]} のことですか？）" if m[2] else "") + "。/help で一覧を表示します"),
]

add_shapes("parse_error", _SHAPES)


def _facility(words: str) -> str:
    return FACILITY_JA.get(words.replace(" ", "_"), words)


def _categories(listed: str) -> str:
    """``fruit, leaf, root`` (the ids a refusal lists) -> ``果菜、葉菜、根菜``."""
    return "、".join(_category(c) for c in listed.split(", "))


def _category(word: str) -> str:
    return default_vocab().category_ja.get(word, word)


def _piles(listed: str, sep: str) -> str:
    """``L1 root or L1 leaf`` -> ``L1 根菜 か L1 葉菜``."""
    return " か ".join(card_ja(p) for p in listed.split(sep))


_GIVE = re.compile(r"(\d+) cards( of the same level)?(?: of level >= (\d+))?")
_GET = re.compile(r"(\d+) cards?( of that level)?(?: of level <= (\d+))?(?: of level >= (\d+))?")


def _exchange(text: str) -> str:
    """One of the pot's exchanges as ``Exchange.describe`` writes it (``2 cards of level >= 1
    -> 1 card of level <= 2``), in the words of /help transform (``レベル1以上2枚→レベル2以下
    1枚``); a text of another shape as it is."""
    give, _, get = text.partition(" -> ")
    g, t = _GIVE.fullmatch(give), _GET.fullmatch(get)
    if g is None or t is None:
        return text
    out = ("同じレベル" if g[2] else "") + (f"レベル{g[3]}以上" if g[3] else "") + f"{g[1]}枚→"
    out += ("そのレベル" if t[2] else "") + (f"レベル{t[3]}以下" if t[3] else "")
    return out + (f"レベル{t[4]}以上" if t[4] else "") + f"{t[1]}枚"


def _exchanges(listed: str) -> str:
    return "、".join(_exchange(e) for e in listed.split("; "))


_STEP = {"ship": "出荷", "upgrade": "強化", "enter": "出品"}


#: the engine's sentences, by code (the players' hands, piles and cards as the engine writes
#: them: ``L2 root shape+2``, which the commands take too)
_ENGINE: dict[str, list[tuple[str, Render]]] = {
    "wrong_phase": [
        (r"that is done in the preparation phase", lambda m: "それは準備フェイズに行います"),
        (r"that is done in your harvest turn", lambda m: "それは自分の収穫で行います"),
        (r"no preparation phase is running", lambda m: "準備フェイズではありません"),
    ],
    "already_declared": [
        (r"you declared the end: you can do nothing more in this preparation phase",
         lambda m: "行動終了を宣言したので、この準備フェイズではもう何もできません"),
    ],
    "no_such_card": [
        (r"your hand has cards h1-h(\d+), not h(\d+)",
         lambda m: f"手札は h1〜h{m[1]} です（h{m[2]} はありません）"),
        (r"your hand is empty", lambda m: "手札がありません"),
        (r"you hold no \(further\) (.+)", lambda m: f"{card_ja(m[1])} は（これ以上）手札にありません"),
        (r"name the cards to synthesize, like /synth b1 h2",
         lambda m: "合成するカードを指定してください（例: /合成 b1 h2）"),
    ],
    "same_card": [(r"h(\d+) is named twice", lambda m: f"h{m[1]} が2回指定されています")],
    "pot_grade": [
        (r"that exchange \((.+)\) needs transformation pot grade (\d+); yours is (\d+)",
         lambda m: f"その交換（{_exchange(m[1])}）には変化釜のグレード{m[2]}が必要です（あなたは"
         f"{m[3]}）"),
    ],
    "no_exchange": [
        (r"giving level (\S+) for level (\S+) fits no exchange of your pot \(grade (\d+): (.+)\)",
         lambda m: f"レベル{m[1]}を渡してレベル{m[2]}を取る交換は、あなたの変化釜にはありません"
         f"（グレード{m[3]}: {_exchanges(m[4])}）"),
    ],
    "synth_not_allowed": [
        (r"(.+) is not a (\w+) card: only cards of the base's category may be synthesized here",
         lambda m: f"{card_ja(m[1])} は{_category(m[2])}のカードではありません。ここで合成できるのは"
         "ベースと同じ"
         "分類のカードだけです"),
        (r"(.+) is not level (\d+): only cards of the base's level may be synthesized here",
         lambda m: f"{card_ja(m[1])} はレベル{m[2]}ではありません。ここで合成できるのはベースと同じ"
         "レベルのカードだけです"),
    ],
    "field_full": [
        (r"your field \(grade (\d+)\) holds (\d+) bases?, all planted",
         lambda m: f"畑（グレード{m[1]}）のスロット{m[2]}つはすべて埋まっています"),
    ],
    "synth_limit": [
        (r"your synthesis pot \(grade (\d+)\) allows (\d+) synthesis cards? here",
         lambda m: f"合成釜（グレード{m[1]}）で重ねられる合成カードは{m[2]}枚までです"),
        (r"your synthesis pot \(grade (\d+)\) allows (\d+) more synthesis cards? there",
         lambda m: f"合成釜（グレード{m[1]}）では、そのベースにあと{m[2]}枚まで重ねられます"),
    ],
    "no_base": [(r"there is no base in your slot (\d+)", lambda m: f"スロット{m[1]}にベースはありません")],
    "already_entered": [
        (r"that vegetable is entered in the contest", lambda m: "その野菜はコンテストに出品しています"),
        (r"an entered vegetable cannot be shipped", lambda m: "出品した野菜は出荷できません"),
        (r"that vegetable is already entered", lambda m: "その野菜はもう出品しています"),
    ],
    "synth_timing": [
        (r"synthesis cards go only on a base planted in this preparation phase",
         lambda m: "合成カードを重ねられるのは、この準備フェイズに植えたベースだけです"),
    ],
    "no_rescue": [
        (r"only a player who starts a preparation phase with no hand and no bases takes rescue "
         r"cards",
         lambda m: "救済カードを取れるのは、手札もベースもない状態で準備フェイズを迎えた"
         "プレイヤーだけです"),
    ],
    "not_your_turn": [(r"it is (.+)'s harvest turn", lambda m: f"今は{m[1]}の収穫です")],
    "too_young": [
        (r"a base planted in this turn can be shipped or entered from the next turn on "
         r"\(field\.ship_same_turn = false\)",
         lambda m: "このターンに植えたベースは、次のターンから出荷・出品できます"),
    ],
    "max_grade": [
        (r"your (.+) is at grade (\d+), the top",
         lambda m: f"{_facility(m[1])}はすでに最高のグレード{m[2]}です"),
    ],
    "cannot_afford": [
        (r"grade (\d+) costs (\d+); you have (\d+)",
         lambda m: f"グレード{m[1]}にはコスト{m[2]}が必要です（所持{m[3]}）"),
    ],
    "no_contest": [
        (r"turn (\d+) of a cycle has no contest",
         lambda m: f"サイクルの{m[1]}ターン目にはコンテストがありません"),
    ],
    "wrong_category": [
        (r"this contest is for (\S+); (.+) is not",
         lambda m: f"このコンテストは{_category(m[1])}の部門です。{card_ja(m[2])} は{_category(m[1])}"
         "ではありません"),
    ],
    "level_too_low": [
        (r"this contest needs a base of level (\d+) or more \(contest level \d+\); (.+) is "
         r"level (\d+)",
         lambda m: f"このコンテストに出品できるのはレベル{m[1]}以上のベースです。{card_ja(m[2])} は"
         f"レベル{m[3]}です"),
    ],
    "entry_limit": [
        (r"at most (\d+) entr(?:y|ies) per player in a contest",
         lambda m: f"1つのコンテストに出品できるのは1人{m[1]}つまでです"),
    ],
    "wrong_discard_count": [
        (r"your hand \((\d+) cards\) is within the limit of (\d+): discard nothing \(/done\)",
         lambda m: f"手札（{m[1]}枚）は上限{m[2]}枚以内なので、捨てるカードはありません（/手札調整 "
         "だけか /宣言 で収穫を終えます）"),
        (r"discard exactly (\d+) cards? to reach your hand limit of (\d+)",
         lambda m: f"手札上限の{m[2]}枚になるよう、ちょうど{m[1]}枚捨ててください"),
    ],
    "bad_pile": [
        (r"there is no level-(\d+) pile", lambda m: f"レベル{m[1]}の山札はありません"),
        (r"piles are by level only here \(piles\.mode = level\): name a level, like (L\d+)",
         lambda m: f"ここでは山札はレベルだけで分かれています。レベルを書いてください（例: {m[1]}）"),
        (r"name the pile's category too, like (L\d+ \S+)",
         lambda m: f"山札の分類も書いてください（例: {card_ja(m[1])}）"),
        (r"'(.+)' is not a category", lambda m: f"「{m[1]}」という分類はありません"),
        (r"(.+) does not belong to that pile",
         lambda m: f"{card_ja(m[1])} はその山札のカードではありません"),
    ],
    "no_search": [
        (r"you take the top card of a pile, unseen \(piles\.take = top\): name the pile, not a "
         r"card",
         lambda m: "山札からは一番上のカードを見ずに取ります。カードではなく山札を指定してください"),
    ],
    "empty_pile": [
        (r"cannot take (?:a card|(.+)) from (.+?): the pile and its discards cannot supply it "
         r"\(choose another pile\)",
         lambda m: f"{card_ja(m[2])} から{card_ja(m[1]) if m[1] else 'カード'}を取れません。その山札と"
         "捨て札にはありません（別の山札を選んでください）"),
        (r"(\S+(?: \S+)?) cannot supply (?:a card|(.+)); choose another pile",
         lambda m: f"{card_ja(m[1])} からは{card_ja(m[2]) if m[2] else 'カード'}を取れません。別の"
         "山札を選んでください"),
    ],
    "too_many_piles": [
        (r"you take (\d+) cards? here, but named (\d+) piles",
         lambda m: f"ここで取るのは{m[1]}枚ですが、山札を{m[2]}つ指定しました"),
    ],
    "wrong_pile": [(r"take these cards from (.+)",
                    lambda m: f"このカードは {_piles(m[1], ' or ')} から取ります")],
    "out_of_order": [
        (r"(ship|upgrade|enter) comes before (ship|upgrade|enter) in a harvest turn here "
         r"\(turn\.harvest_any_order = false\)",
         lambda m: f"ここでは収穫の中で{_STEP[m[1]]}は{_STEP[m[2]]}より先に行います。"
         f"{_STEP[m[2]]}の後に{_STEP[m[1]]}はできません（turn.harvest_any_order = false）"),
    ],
    "deck_too_small": [
        (r"(\d+) players need (\d+) level-(\d+) cards; the deck has (\d+)",
         lambda m: f"{m[1]}人の手札にはレベル{m[3]}のカードが{m[2]}枚必要ですが、山札には{m[4]}枚"
         "しかありません"),
    ],
    "bad_player_count": [
        (r"this game is for (\d+)-(\d+) players, not (\d+)",
         lambda m: f"このゲームは{m[1]}〜{m[2]}人で遊びます（{m[3]}人ではできません）"),
    ],
}
for _code, _shapes in _ENGINE.items():
    add_shapes(_code, _shapes)
