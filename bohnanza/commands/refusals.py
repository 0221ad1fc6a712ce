"""Refusals of the engine and the parser in the reader's language, keyed by code.

The engine (``RuleError``) and the parser (``ParseError``) say what went wrong in English, with
the specifics in the sentence ("you do not hold 2 blue to give (hand cards)"). For Japanese,
each code has the shapes of its English sentences and their Japanese: ``refusal_text(code,
message, "ja")`` finds the shape and carries the specifics over (bean names in Japanese). A
sentence of no known shape gets the code's general Japanese line. English (the default) is the
message itself. ``tests/commands/test_cmd_refusals.py`` collects the sentences the engine and
the parser produce and checks that each has its shape here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from .texts import bean_name, key_of, server_text

Render = Callable[[re.Match[str]], str]

_SIDE_ITEM = re.compile(r"(?:(\d+) )?([a-z]+)")


def _side(text: str) -> str:
    """``"2 blue, 1 red"`` (the engine's side) -> ``"青豆×2、赤豆"``; ``nothing`` -> なし."""
    if text == "nothing":
        return "なし"
    out = []
    for item in text.split(", "):
        m = _SIDE_ITEM.fullmatch(item.strip())
        if m is None:
            return text
        n = int(m.group(1) or 1)
        out.append(bean_name(m.group(2), "ja") + (f"×{n}" if n > 1 else ""))
    return "、".join(out)


def _bean(slug: str) -> str:
    return bean_name(slug.strip("'\""), "ja")


def _beans(listed: str) -> str:
    return "、".join(_bean(b) for b in listed.split(", "))


_WHICH = {"GIVE": "出す側", "WANT": "求める側"}
_WHAT = {"a field number": "畑の番号", "an offer number": "オファーの番号"}

# code -> [(English shape, Japanese)]; a shape must match the whole message.
_SHAPES: dict[str, list[tuple[str, Render]]] = {
    "not_seated": [
        (r"that seat does not play in this game", lambda m: "その席はこのゲームに参加していません"),
    ],
    "game_over": [(r"the game is over", lambda m: "ゲームは終了しています")],
    "not_your_turn": [
        (r"only the active player ends phase 1",
         lambda m: "フェーズ1を終えられるのは手番プレイヤーだけです"),
        (r"only the active player plants in phase 1",
         lambda m: "フェーズ1で植えられるのは手番プレイヤーだけです"),
        # the 2-player bean duel (rules.md §3a)
        (r"in the bean duel only the active player (plants|discards|ends a step)",
         lambda m: "豆の決闘では、" + {"plants": "植えられる", "discards": "捨てられる",
                                      "ends a step": "ステップを終えられる"}[m[1]]
         + "のは手番プレイヤーだけです"),
        (r"in the bean duel you harvest only on your own turn",
         lambda m: "豆の決闘では、売却できるのは自分の手番だけです"),
    ],
    "must_plant_first": [
        (r"plant the front card of your hand first",
         lambda m: "先に手札の先頭のカードを植えてください"),
        (r"plant the front card of your hand first; then you may discard one hand card",
         lambda m: "先に手札の先頭のカードを植えてください。その後、手札を1枚捨てられます"),
    ],
    "deal_in_progress": [
        (r"finish or /cancel the deal before ending phase 2",
         lambda m: "フェーズ2を終える前に、トレードを完了するか /cancel で中止してください"),
        (r"offer (\d+) is in a deal; /cancel the deal first",
         lambda m: f"オファー#{m[1]}はトレード中です。先に /cancel でトレードを中止してください"),
        (r"finish or cancel the current deal first",
         lambda m: "先に進行中のトレードを完了するか中止してください"),
    ],
    "wrong_phase": [
        (r"phase 3 ends by itself once every received card is planted",
         lambda m: "フェーズ3は、入手したカードをすべて植えると自動で終わります"),
        (r"offers are accepted only in phase 2",
         lambda m: "オファーを受けられるのはフェーズ2だけです"),
        (r"phase 2 is for trading; received cards are planted in phase 3",
         lambda m: "フェーズ2は交渉の時間です。入手したカードはフェーズ3で植えます"),
        (r"two cards are planted; discard one hand card or /done",
         lambda m: "2枚植えました。手札を1枚捨てるか /done してください"),
        (r"the revealed cards you do not plant become your opponent's offer; /done ends your "
         r"turn",
         lambda m: "植えなかっためくったカードは相手に渡ります。/done で手番を終えます"),
        (r"nothing can be discarded now", lambda m: "今は捨てられるカードがありません"),
        (r"plant or discard each offer card first, like /plant u1 2 or /discard u1",
         lambda m: "先に相手が残したカードを1枚ずつ植えるか捨ててください（例: /plant u1 2、"
         "/discard u1）"),
        (r"nothing to end now", lambda m: "今終えられるものはありません"),
    ],
    "no_such_card": [
        (r"there are no (\w+) beans in this game", lambda m: f"このゲームに{_bean(m[1])}はありません"),
        (r"a card is named twice", lambda m: "同じカードが2回指定されています"),
        (r"only the active player gives face-up cards",
         lambda m: "表向きのカードを渡せるのは手番プレイヤーだけです"),
        (r"h(\d+) is not in your hand", lambda m: f"h{m[1]}は手札にありません"),
        (r"u(\d+) is not in the face-up cards", lambda m: f"u{m[1]}は表向きのカードにありません"),
        (r"in phase 1 you plant the front card of your hand \((\w+)\)",
         lambda m: f"フェーズ1では手札の先頭のカード（{_bean(m[1])}）を植えます"),
        (r"you have no received cards to plant", lambda m: "植える入手カードがありません"),
        (r"in phase 3 you plant the cards of your to-plant area, not hand cards",
         lambda m: "フェーズ3で植えるのは「植えるカード」欄のカードで、手札のカードではありません"),
        (r"in phase 3 name the bean to plant, like /plant red 2",
         lambda m: "フェーズ3では植える豆を指定してください（例: /plant 赤豆 2）"),
        (r"there is no face-up card", lambda m: "表向きのカードがありません"),
        (r"name a face-up card: u1, u2, \.\.\.", lambda m: "表向きのカードを指定してください: u1、u2…"),
        (r"the face-up cards are u1-u(\d+), not u(\d+)",
         lambda m: f"表向きのカードは u1〜u{m[1]} です（u{m[2]} はありません）"),
        (r"u(\d+) is (\w+), not (\w+)",
         lambda m: f"u{m[1]}は{_bean(m[2])}です（{_bean(m[3])}ではありません）"),
        (r"no face-up card is (\w+)", lambda m: f"表向きの{_bean(m[1])}はありません"),
        (r"name the card to plant, like /plant u1 2",
         lambda m: "植えるカードを指定してください（例: /plant u1 2）"),
        (r"first plant or discard the offer cards \(u1, u2, \.\.\.\); a hand card is discarded "
         r"after planting",
         lambda m: "先に相手が残したカード（u1、u2…）を植えるか捨ててください。手札を捨てるのは"
         "植えた後です"),
        (r"in step 2 you may discard one hand card: h1, h2, \.\.\.",
         lambda m: "ステップ2で捨てられるのは手札1枚です: h1、h2…"),
        (r"your hand holds h1-h(\d+), not h(\d+)",
         lambda m: f"手札は h1〜h{m[1]} です（h{m[2]} はありません）"),
        (r"name the bean to plant: (.+)", lambda m: f"植える豆を指定してください: {_beans(m[1])}"),
        (r"you have no (\w+) to plant", lambda m: f"植える{_bean(m[1])}がありません"),
    ],
    "too_many_offers": [
        (r"you already have (\d+) offers in the market; /withdraw one first",
         lambda m: f"市場に出せるオファーは{m[1]}件までです。先に /withdraw で1件撤回してください"),
    ],
    "empty_offer": [
        (r"name at least one side of the offer", lambda m: "オファーの少なくとも一方を指定してください"),
        (r"an offer of nothing for nothing is no deal",
         lambda m: "「なし」と「なし」の交換はオファーになりません"),
    ],
    "gift_request_forbidden": [
        (r"you may give a gift, but not ask for one: offer something in return",
         lambda m: "贈ることはできますが、何も出さずに求めることはできません。見返りを出してください"),
        (r"offer (\d+) asks for a gift, which these rules do not allow",
         lambda m: f"オファー#{m[1]}は何も出さずに求めるオファーです。このルールでは受けられません"),
    ],
    "cannot_provide": [
        (r"you do not hold (.+) to give \(hand or face-up cards\)",
         lambda m: f"{_side(m[1])}を持っていません（手札・表向きのカード）"),
        (r"you do not hold (.+) to give \(hand cards\)",
         lambda m: f"手札に{_side(m[1])}がありません"),
        (r"you do not hold (.+) in your hand", lambda m: f"手札に{_side(m[1])}がありません"),
        (r"you do not hold (.+) \(hand or face-up cards\)",
         lambda m: f"{_side(m[1])}を持っていません（手札・表向きのカード）"),
        (r"you owe exactly (.+); those cards are (.+)",
         lambda m: f"渡すのはちょうど{_side(m[1])}です（選んだカード: {_side(m[2])}）"),
        (r"a provided card is no longer there", lambda m: "渡したカードがもうありません"),
        (r"the provided cards changed", lambda m: "渡したカードが変わりました"),
        (r"(.+) no longer holds (.+)", lambda m: f"{m[1]}はもう{_side(m[2])}を持っていません"),
    ],
    "no_such_offer": [
        (r"there is no offer (\d+) in the market", lambda m: f"市場にオファー#{m[1]}はありません"),
    ],
    "not_your_offer": [(r"offer (\d+) is not yours", lambda m: f"オファー#{m[1]}はあなたのものではありません")],
    "own_offer": [(r"offer (\d+) is your own", lambda m: f"オファー#{m[1]}は自分のオファーです"),
                  (r"an offer to yourself is no deal", lambda m: "自分宛てのオファーは出せません")],
    "not_for_you": [(r"offer (\d+) is for (.+) only",
                     lambda m: f"オファー#{m[1]}は{m[2]}宛てです")],
    "already_answered": [
        (r"your offer (\d+) already answers offer (\d+) and waits for (.+)",
         lambda m: f"あなたのオファー#{m[1]}がすでにオファー#{m[2]}に答えていて、{m[3]}の受諾待ちです"),
    ],
    "no_such_seat": [
        (r"nobody at this table is called (.+) \(players: (.+)\)",
         lambda m: f"このテーブルに「{m[1]}」はいません（プレイヤー: {m[2]}）"),
        (r"there is no seat (\d+) at this table", lambda m: f"{m[1]}番の席はありません"),
    ],
    "offer_incomplete": [
        (r"offer (\d+) has a '\?': answer it with an offer of your own",
         lambda m: f"オファー#{m[1]}には「?」があります。自分のオファーを出して答えてください"),
    ],
    "not_active_party": [
        (r"every deal involves the active player; two other players cannot trade with each "
         r"other",
         lambda m: "取引には必ず手番プレイヤーが加わります。手番でないプレイヤー同士では交換できません"),
    ],
    "not_a_party": [
        (r"you are not a party of a pending deal", lambda m: "進行中のトレードの当事者ではありません"),
    ],
    "no_such_field": [
        (r"you have fields 1-(\d+), not (\d+)", lambda m: f"畑は1〜{m[1]}です（{m[2]}はありません）"),
    ],
    "field_mismatch": [
        (r"(\w+) already grows in another field",
         lambda m: f"{_bean(m[1])}はすでに別の畑で育てています"),
        (r"field (\d+) holds (\w+); (\w+) needs an empty field or a field of (\w+)",
         lambda m: f"畑{m[1]}には{_bean(m[2])}があります。{_bean(m[3])}は空いた畑か"
         f"{_bean(m[3])}の畑に植えます"),
    ],
    "no_field_fits": [
        (r"no field can take (\w+): harvest a field or buy a third one first",
         lambda m: f"{_bean(m[1])}を植えられる畑がありません。先に畑を売却するか、3つ目の畑を"
         "買ってください"),
        (r"no field can take (\w+): harvest a field first",
         lambda m: f"{_bean(m[1])}を植えられる畑がありません。先に畑を売却してください"),
    ],
    "empty_field": [(r"field (\d+) is empty", lambda m: f"畑{m[1]}は空です")],
    "bean_protection": [
        (r"a single (\w+) cannot be harvested while another field holds two or more beans",
         lambda m: f"ほかの畑に2枚以上の豆があるあいだは、1枚だけの{_bean(m[1])}は売却できません"),
        (r"a single (\w+) can be harvested only when every field holds one",
         lambda m: f"1枚だけの{_bean(m[1])}を売却できるのは、どの畑も1枚ずつのときだけです"),
    ],
    "no_third_field": [
        (r"a third field cannot be bought with these rules",
         lambda m: "このルールでは3つ目の畑は買えません"),
    ],
    "third_field_owned": [(r"you already have three fields", lambda m: "すでに畑が3つあります")],
    "cannot_afford": [
        (r"the third field costs (\d+) coins; you have (\d+)",
         lambda m: f"3つ目の畑は{m[1]}ターラーです（所持{m[2]}ターラー）"),
        (r"the third field costs (\d+) coins", lambda m: f"3つ目の畑は{m[1]}ターラーです"),
    ],
    "bad_player_count": [
        (r"(\S+) is played by (\d+)-(\d+) players, not (\d+)",
         lambda m: f"{m[1]}は{m[2]}〜{m[3]}人で遊びます（{m[4]}人ではできません）"),
        (r"(\S+) is played by (\d+)-(\d+) players, not 2; two players play the bean duel of "
         r"rio-grande",
         lambda m: f"{m[1]}は{m[2]}〜{m[3]}人で遊びます。2人なら rio-grande の豆の決闘を"
         "遊べます"),
    ],
    "unknown_preset": [
        (r"unknown rules preset '?([^']*)'?; choose one of (.+)",
         lambda m: f"ルール{m[1]}はありません。次から選んでください: {m[2]}"),
    ],
    "duel_only": [
        (r"cards are discarded only in the 2-player bean duel",
         lambda m: "カードを捨てられるのは2人用の豆の決闘だけです"),
    ],
    "no_trading": [
        (r"there is no trading and no gift in the 2-player bean duel",
         lambda m: "2人用の豆の決闘には交渉も贈り物もありません"),
    ],
    "bad_option": [
        (r"duel_base is standard or 3fields", lambda m: "duel_base は standard か 3fields です"),
        # the config keys of rules.md §4 in a position or a dealt game's options
        (r"(protection_rule|field_payment_to) is (\w+) or (\w+)",
         lambda m: f"{m[1]} は {m[2]} か {m[3]} です"),
        (r"(allow_gift_requests|allow_duplicate_variety) is true or false",
         lambda m: f"{m[1]} は true か false です"),
        (r"tiebreak is ([\w, ]+)", lambda m: f"tiebreak は {m[1]} のどれかです"),
        (r"(start_fields|passes_limit) is a number from (\d+) to (\d+)",
         lambda m: f"{m[1]} は{m[2]}から{m[3]}までの数です"),
        (r"third_field_cost is a number from 0 to 9, or null \(no third field to buy\)",
         lambda m: "third_field_cost は0から9までの数か、null（3つ目の畑は買えない）です"),
        (r"keep_is_binding cannot be on: a kept face-up card can still be traded here",
         lambda m: "keep_is_binding はオンにできません。ここでは残した表向きのカードも交換できます"),
    ],
    "bad_seat": [
        (r"start seat must be 0-(\d+)", lambda m: f"スタートの席は0から{m[1]}までです"),
    ],
    "parse_error": [
        (r"the message is empty; type a chat line or a command such as /help",
         lambda m: "メッセージが空です。チャットか、/help などのコマンドを入力してください"),
        (r"a command name must follow /, like /help",
         lambda m: "/ の後にコマンド名を続けてください（例: /help）"),
        (r"(/\S+) is not a command \(did you mean (/\S+)\?\); type /help for the list",
         lambda m: f"{m[1]} というコマンドはありません（{m[2]} のことですか？）。/help で一覧を表示します"),
        (r"(/\S+) is not a command; type /help for the list",
         lambda m: f"{m[1]} というコマンドはありません。/help で一覧を表示します"),
        (r"(/\S+) takes nothing after it; type just /\S+",
         lambda m: f"{m[1]} の後には何も付けません。{m[1]} だけを入力してください"),
        (r"(/\S+) needs (a field number|an offer number) from 1 to (\d+), like (/[^(]+?)"
         r"(?: \('(.*)' is not one\))?",
         lambda m: f"{m[1]} には1〜{m[3]}の{_WHAT[m[2]]}が必要です（例: {m[4]}）"
         + (f"。「{m[5]}」は使えません" if m[5] is not None else "")),
        (r"/plant takes a field number from 1 to 99, like .+ \('(.*)' is not one\)",
         lambda m: f"/plant の畑の番号は1〜99です（例: /plant 2、/plant 赤豆 2）。「{m[1]}」は"
         "使えません"),
        (r"/plant takes the bean first, then one field number, like .+",
         lambda m: "/plant では豆を先に、畑の番号を1つ後に書きます（例: /plant 赤豆 2）"),
        (r"'(.*)' is not a card; /provide needs the cards you hand over, like /provide h3 u1 .+",
         lambda m: f"「{m[1]}」はカードではありません。/provide には渡すカードを書きます（例: "
         "/provide h3 u1。h は手札を先頭から、u は表向きのカードを1から数えます）"),
        (r"'(.*)' is not a card; .+",
         lambda m: f"「{m[1]}」はカードではありません（h は手札を先頭から、u は表向きのカードを"
         "1から数えます。例: h3、u1）"),
        (r"/plant takes one card and one field number, like /plant u1 2",
         lambda m: "/plant にはカード1枚と畑の番号1つを書きます（例: /plant u1 2）"),
        (r"/plant u1 2 plants the face-up card u1 into field 2 \(.+?\)(?: \('(.*)' is not one\))?",
         lambda m: "/plant u1 2 で表向きのカード u1 を畑2に植えます"
         + (f"。「{m[1]}」は使えません" if m[1] is not None else "")),
        (r"/discard needs one card, like .+",
         lambda m: "/discard にはカードを1枚書きます（例: /discard h3、/discard u2。h は手札を"
         "先頭から、u は表向きのカードを1から数えます）。2人用の豆の決闘だけで使います"),
        (r"/option duel needs standard .+",
         lambda m: "/option duel には standard（畑2つ、3つ目は購入）か 3fields（畑3つ、購入"
         "なし）を付けます（例: /option duel 3fields）"),
        (r"/option clock needs the seconds each decision may take, 1 to (\d+), or off, like "
         r"/option clock 60(?: \('(.*)' is not one\))?",
         lambda m: f"/option clock には判断ごとの秒数（1〜{m[1]}）か off を付けます（例: "
         "/option clock 60）" + (f"。「{m[2]}」は使えません" if m[2] is not None else "")),
        (r"/(want|have) needs a bean, like /\w+ red",
         lambda m: f"/{m[1]} には豆の名前が必要です（例: /{m[1]} 赤豆）"),
        (r"/signals needs the word clear: /signals clear",
         lambda m: "/signals の後には clear と書きます: /signals clear"),
        (r"/option hiddenmoney takes on or off \(or nothing, which means on\), not '(.*)'",
         lambda m: f"/option hiddenmoney には on か off を付けます（省略すると on）。「{m[1]}」"
         "は使えません"),
        (r"/option rules needs one of ([^;]+?)(?:, not '(.*)')?; like /option rules rio-grande",
         lambda m: f"/option rules には次のどれかを付けます: {m[1]}（例: /option rules "
         "rio-grande）"),
        (r"'(.*)' is not an option; .+",
         lambda m: f"「{m[1]}」という設定はありません。/option で設定を表示し、/option "
         "hiddenmoney [on|off]、/option rules classic|rio-grande|amigo、/option duel "
         "standard|3fields、/option clock 秒数|off、/option botspeed slow|normal|fast、/option "
         "game bohnanza|farm で変更します"),
        (r"/offer \.\.\. to needs a player's name or a seat number from 1 to (\d+), like "
         r"/offer green for nothing to Bob(?: \('(.*)' is not one\))?",
         lambda m: f"/offer ... to の後にはプレイヤーの名前か席の番号（1〜{m[1]}）を書きます（例: "
         "/offer green for nothing to Bob）" + (f"。「{m[2]}」は使えません" if m[2] is not None
                                                else "")),
        (r"/option botspeed needs slow, normal or fast, like /option botspeed fast",
         lambda m: "/option botspeed には slow、normal、fast のどれかを付けます（例: /option "
         "botspeed fast）"),
        (r"/option game needs the game's name, like /option game farm",
         lambda m: "/option game にはゲームの名前を付けます（例: /option game farm）"),
        (r"/option param needs KEY VALUE, like (.+)",
         lambda m: f"/option param にはキーと値を付けます（例: {m[1]}）"),
        (r"/option params needs a parameter file's TOML text, or default",
         lambda m: "/option params にはパラメータファイルの TOML の本文か default を付けます"),
        (r"/addbot takes at most a name and a policy, like /addbot Robo greedy",
         lambda m: "/addbot に付けられるのは名前と方針だけです（例: /addbot Robo greedy）"),
        (r"(/\S+) needs a name or a seat number, like .+",
         lambda m: f"{m[1]} には名前か席の番号が必要です（例: {m[1]} Bot 1、{m[1]} 2）"),
        (r"/help takes one command name, like /help offer",
         lambda m: "/help に付けられるコマンド名は1つです（例: /help offer）"),
        (r"/offer has (no|more than one) 'for'; .+",
         lambda m: ("/offer に for がありません" if m[1] == "no" else "/offer に for が2つ以上あります")
         + "。/offer 出す豆 for 求める豆 と書きます（例: /offer 青豆×2、赤豆 for 紅花インゲン。"
         "空の側は nothing、相手に任せる側は ?）"),
        (r"(GIVE|WANT) is empty; .+",
         lambda m: f"{_WHICH[m[1]]}が空です。何もなければ nothing、相手に任せるなら ? と書きます"),
        (r"in (GIVE|WANT), \? and nothing must stand alone, .+",
         lambda m: f"{_WHICH[m[1]]}の ? と nothing は単独で書きます（例: /offer ? for 赤豆）"),
        (r"(GIVE|WANT) has an empty item between commas; .+",
         lambda m: f"{_WHICH[m[1]]}のカンマの間が空です（例: /offer 青豆×2、赤豆 for 紅花インゲン）"),
        (r"(GIVE|WANT) names (\d+) (\w+); counts go up to (\d+)",
         lambda m: f"{_WHICH[m[1]]}の{_bean(m[3])}が{m[2]}枚です。枚数は{m[4]}までです"),
        (r"in (GIVE|WANT), a bean must follow the number (\d+), .+",
         lambda m: f"{_WHICH[m[1]]}: 数{m[2]}の後に豆の名前を書いてください"),
        (r"counts in (GIVE|WANT) are whole numbers from 1 to (\d+), .+ \('(.*)' is not one\)",
         lambda m: f"{_WHICH[m[1]]}の枚数は1〜{m[2]}の整数です。「{m[3]}」は使えません"),
        (r"in (GIVE|WANT): (.+)", lambda m: f"{_WHICH[m[1]]}: {_ja('parse_error', m[2])}"),
        (r"'(.*)' is not a bean I know\.(?: Did you mean (\w+)\?)? Beans: (.+?)\."
         r"(?: (\w+) names a card, not a bean: offers and markers name beans\.)?",
         lambda m: f"「{m[1]}」という豆はありません。"
         + (f"{_bean(m[2])}のことですか？" if m[2] else "") + f"豆: {_beans(m[3])}"
         + (f"。{m[4]}はカードの番号です。オファーやマーカーには豆の名前を書きます"
            if m[4] else "")),
        (r"a bean name was expected, such as (.+)",
         lambda m: f"豆の名前を書いてください（{_beans(m[1])}など）"),
    ],
}

# the general line of each code, when no shape matches
_GENERAL: dict[str, str] = {
    "parse_error": "コマンドを読めませんでした", "not_seated": "着席していません",
    "not_your_turn": "あなたの手番ではありません", "wrong_phase": "今のフェーズではできません",
    "game_over": "ゲームは終了しています", "must_plant_first": "先にカードを植えてください",
    "no_field_fits": "植えられる畑がありません（売却するか畑を購入）",
    "field_mismatch": "その畑には別の豆が植わっています",
    "bean_protection": "1枚だけの豆は、2枚以上の畑があるうちは売却できません",
    "empty_field": "その畑は空です", "cannot_afford": "現金が足りません",
    "no_third_field": "3つ目の畑は買えません", "third_field_owned": "3つ目の畑はもう持っています",
    "no_such_card": "そのカードはありません", "no_such_offer": "そのオファーはありません",
    "not_your_offer": "あなたのオファーではありません", "cannot_provide": "そのカードを渡せません",
    "offer_incomplete": "「?」入りのオファーには、自分のオファーで答えてください",
    "gift_request_forbidden": "何も出さずに求めるオファーは出せません",
    "not_a_party": "このトレードの当事者ではありません", "deal_in_progress": "別のトレードが進行中です",
    "not_active_party": "手番プレイヤーを含まない取引はできません",
    "no_such_field": "その畑はありません", "empty_offer": "オファーが空です",
    "own_offer": "自分のオファーです", "too_many_offers": "オファーが多すぎます",
    "not_for_you": "あなた宛てのオファーではありません",
    "already_answered": "このオファーにはもう答えています（受諾待ち）",
    "no_such_seat": "その席はありません",
    "bad_player_count": "プレイヤー数が合いません", "unknown_preset": "そのルールはありません",
    "no_trading": "2人用の豆の決闘には交渉も贈り物もありません",
    "duel_only": "カードを捨てられるのは2人用の豆の決闘だけです",
    "not_away": "その席はまだボットに任せられません",
    "bad_seat": "その席はありません", "bad_option": "その設定はありません",
    "bad_position": "局面が読めません",
}

_COMPILED: dict[str, list[tuple[re.Pattern[str], Render]]] = {
    code: [(re.compile(rx, re.DOTALL), f) for rx, f in shapes] for code, shapes in _SHAPES.items()
}


def add_shapes(code: str, shapes: list[tuple[str, Render]]) -> None:
    """Add the Japanese of another game's sentences of ``code`` (the farm parser's:
    ``bohnanza/farm/commands/refusals.py``), tried after this module's own."""
    _COMPILED.setdefault(code, []).extend((re.compile(rx, re.DOTALL), f) for rx, f in shapes)


def shape_of(code: str, message: str) -> int | None:
    """The index of the shape of ``code`` that ``message`` has, or ``None`` (for tests)."""
    for i, (rx, _) in enumerate(_COMPILED.get(code, [])):
        if rx.fullmatch(message):
            return i
    return None


def _ja(code: str, message: str) -> str:
    for rx, render in _COMPILED.get(code, []):
        m = rx.fullmatch(message)
        if m is not None:
            return render(m)
    if key_of(message) is not None:       # a refusal of the server's (texts.py)
        return server_text(message, "ja")
    return _GENERAL.get(code, message)


def _en_part(part: str, keep: Collection[str] = ()) -> str:
    """A captured piece of an engine sentence with bean ids as display names: a bean
    (``blackeyed`` -> ``Black-eyed``), a side (``2 blackeyed, 1 red`` -> ``2 Black-eyed, 1
    Red``) or a list of beans; anything else (a number, a name of ``keep``: the players',
    one may be called ``soy``) as it is."""
    if part in keep:
        return part
    items = [_SIDE_ITEM.fullmatch(x) for x in part.split(", ")]
    if not all(m is not None and bean_name(m.group(2)) != m.group(2) for m in items):
        return part
    return ", ".join((f"{m.group(1)} " if m.group(1) else "") + bean_name(m.group(2))
                     for m in items if m is not None)


# the parser's sentences whose groups name beans by id (not what was typed): the known beans
# listed after an unknown one, the one it most likely meant, a side's count over the limit
# (trial 7: "/offer u1 for red" listed "blackeyed" among the beans); "in GIVE: ..." before any
_EN_PARSE_BEANS = [re.compile(rx, re.DOTALL) for rx in (
    r".*'.*' is not a bean I know\.(?: Did you mean (\w+)\?)? Beans: (\w+(?:, \w+)*)\."
    r"(?: \w+ names a card, not a bean: offers and markers name beans\.)?",
    r".*a bean name was expected, such as (\w+(?:, \w+)*)",
    r"(?:GIVE|WANT) names \d+ (\w+); counts go up to \d+",
)]


def _en_groups(m: re.Match[str], message: str, keep: Collection[str] = ()) -> str:
    """``message`` (matched by ``m``) with each captured piece's bean ids as display names
    (but the names of ``keep``)."""
    out, at = [], 0
    for g in range(1, (m.lastindex or 0) + 1):
        if m.start(g) < at:          # an unmatched or nested group
            continue
        out += [message[at:m.start(g)], _en_part(m[g], keep)]
        at = m.end(g)
    return "".join(out) + message[at:]


def _en(code: str, message: str, keep: Collection[str] = ()) -> str:
    """The engine's English sentence with its bean ids (``blackeyed``) as the beans' display
    names (``Black-eyed``): people read the names the board shows (issue 10 trial). The
    parser's sentences keep what was typed and their examples of what to type
    (``parse_error``); only the beans they name themselves are shown by name (the parser
    takes these names too: ``/offer Black-eyed for red``); a seat's name that was typed
    (``no_such_seat``) and the players' names (``keep``) stay as they are."""
    if code in _EN_AS_IS:
        return message
    if code == "parse_error":
        for rx in _EN_PARSE_BEANS:
            m = rx.fullmatch(message)
            if m is not None:
                return _en_groups(m, message)
        return message
    for rx, _ in _COMPILED.get(code, []):
        m = rx.fullmatch(message)
        if m is not None:
            return _en_groups(m, message, keep)
    return message


_EN_AS_IS = frozenset({"no_such_seat"})  # its pieces are names typed and the players' names


def refusal_text(code: str, message: str, lang: str = "en", names: Collection[str] = ()) -> str:
    """The refusal ``code`` with the English ``message`` (a ``RuleError``'s, a
    ``ParseError``'s or the server's) for a person reading ``lang``; in both languages a
    bean is named as the board shows it (``Black-eyed``, ``ささげ``), never by its id
    (``blackeyed``); in English the players' ``names`` stay as they are (a player may be
    called ``soy``). Shape: ``str -> str``; never raises."""
    if lang != "ja":
        return _en(code, message, names)
    return _ja(code, message)
