"""What the server writes to a person, in English and Japanese: one catalogue keyed by code.

``text(key, lang, **params)`` gives the line for ``key`` in ``lang`` (``"en"`` or ``"ja"``;
anything else is English, the default), with ``{name}``-style parameters filled in. Keys:
``room.*`` room lines of the log (who joined, a game begins...), ``reply.*`` the answer to a
room command, ``refuse.*`` a server refusal (the reply's ``code`` after the dot), ``who.*`` and
``option.*`` pieces of ``/who`` and ``/option``. Bean names: :func:`bean_name`; an offer side:
:func:`side_text`. Game log lines: :mod:`.logtext`; the engine's and the parser's refusals:
:mod:`.refusals`; help: :mod:`.help`.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

LANGS: tuple[str, ...] = ("en", "ja")


def lang_of(tag: str | None) -> str:
    """``"ja"`` for a Japanese language tag (``ja``, ``ja-JP``), else ``"en"`` (the default)."""
    return "ja" if isinstance(tag, str) and tag.strip().lower()[:2] == "ja" else "en"


_BEANS: dict[str, dict[str, str]] = {
    "en": {
        "coffee": "Coffee", "wax": "Wax", "blue": "Blue", "chili": "Chili", "stink": "Stink",
        "green": "Green", "soy": "Soy", "blackeyed": "Black-eyed", "red": "Red",
        "garden": "Garden", "cocoa": "Cocoa",
    },
    "ja": {
        "coffee": "コーヒー豆", "wax": "ワックス豆", "blue": "青豆", "chili": "紅花インゲン",
        "stink": "そらまめ", "green": "いんげん豆", "soy": "大豆", "blackeyed": "ささげ",
        "red": "赤豆", "garden": "ゴガツササゲ", "cocoa": "カカオ豆",
    },
}


def bean_name(slug: str, lang: str = "en") -> str:
    """The short display name of a bean (``"Blue"``, ``"青豆"``); an unknown slug as given."""
    return _BEANS["ja" if lang == "ja" else "en"].get(slug, slug)


EN_BEANS = _BEANS["en"]
"""slug -> the English short name (:func:`bean_name`'s table, for a caller's own loop)."""


def side_text(side: Any, lang: str = "en") -> str:
    """An offer side for people: ``"?"``, ``"nothing"`` / ``"なし"``, ``"2 Blue, Red"`` /
    ``"青豆×2、赤豆"``. ``side``: ``"?"`` or a map bean -> count."""
    if side == "?":
        return "?"
    items = [(b, n) for b, n in (side or {}).items() if n]
    if not items:
        return text("word.nothing", lang)
    if lang == "ja":
        return "、".join(bean_name(b, lang) + (f"×{n}" if n > 1 else "") for b, n in items)
    en = EN_BEANS
    return ", ".join([(f"{n} " if n > 1 else "") + en.get(b, b) for b, n in items])


def cards_text(cards: list[str], lang: str = "en") -> str:
    """A list of cards for people: ``"Blue, Red"`` / ``"青豆、赤豆"``; empty: nothing."""
    if not cards:
        return text("word.nothing", lang)
    if lang == "ja":
        return "、".join(bean_name(b, lang) for b in cards)
    en = EN_BEANS
    return ", ".join([en.get(b, b) for b in cards])


# key -> (English, Japanese)
TEXTS: dict[str, tuple[str, str]] = {
    "word.nothing": ("nothing", "なし"),
    "word.on": ("on", "オン"),
    "word.off": ("off", "オフ"),
    # a bot's name when /addbot gives none: in the language of the person who seats it
    # (issue 10: "Bot 1" on a Japanese page); a name typed stays as typed
    "word.bot_name": ("Bot {n}", "ボット{n}"),
    # -------------------------------------------------------------- room lines (the log)
    "room.joined": ("{name} joins in seat {seat}.", "{name}が{seat}番の席に着きました。"),
    "room.took_over": ("{name} takes over seat {seat} from the bot.",
                       "{name}がボットから{seat}番の席を引き継ぎました。"),
    "room.left": ("{name} left.", "{name}が退席しました。"),
    "room.left_bot": ("{name} left seat {seat}; a bot plays it now as {bot}; /join takes "
                      "it over.",
                      "{name}が{seat}番の席を離れました。代わりにボット{bot}がプレイします"
                      "（/join で引き継げます）。"),
    "room.back": ("{name} is back; the bot hands seat {seat} back.",
                  "{name}が戻りました。ボットは{seat}番の席を返します。"),
    "room.game_begins": ("Game {n} begins ({preset}): {names}.",
                         "第{n}ゲーム開始（{preset}）: {names}"),
    "room.game_over": ("The game is over. /start plays again.",
                       "ゲーム終了。/start でもう一度遊べます。"),
    "room.bot_seated": ("{who} seats a bot ({policy}), {name}, in seat {seat}.",
                        "{who}が{seat}番の席に{name}（{policy}ボット）を着けました。"),
    "room.bot_removed": ("{name} (bot) left seat {seat}.",
                         "{name}（ボット）が{seat}番の席を離れました。"),
    "room.handed_over": ("{who} hands {name}'s seat to a bot until {name} is back.",
                         "{who}が{name}の席を、戻るまでボットに任せました。"),
    "room.option": ("{name}: {line}", "{name}: {line}"),
    "room.timeout": ("{name}'s time ran out (turns in a row: {count}); the smallest legal "
                     "move is made for them.",
                     "{name}の持ち時間切れ（連続{count}手番目）: 最小限の合法手を自動で行います。"),
    "room.timeout_bot": ("{name}'s time ran out in {count} turns in a row: a bot plays the "
                         "seat until {name} acts again.",
                         "{name}は{count}手番続けて時間切れ: 本人が操作するまでボットがプレイ"
                         "します。"),
    "room.bots_pause": ("The bots pause: too many bot commands this turn. Any command wakes them.",
                        "ボットは一時停止します（この手番のボットのコマンドが多すぎます）。"
                        "誰かがコマンドを送ると再開します。"),
    # -------------------------------------------------------------- replies
    "reply.seated": ("You sit in seat {seat}.", "{seat}番の席に着きました。"),
    "reply.left": ("You left your seat.", "席を離れました。"),
    "reply.game_begins": ("The game begins.", "ゲームが始まりました。"),
    "reply.bot_seated": ("{name} ({policy} bot) sits in seat {seat}.",
                         "{name}（{policy}ボット）が{seat}番の席に着きました。"),
    "reply.bot_removed": ("{name} left the table.", "{name}が席を離れました。"),
    "reply.handed_over": ("A bot plays for {name} until they are back.",
                          "{name}が戻るまでボットが代わりにプレイします。"),
    "option.hiddenmoney.on": ("Hidden money is on: every coin total stays hidden, even your "
                              "own, until the game ends.",
                              "獲得現金非表示: オン（ゲーム終了まで、自分のものも含めて全員の"
                              "ターラー合計は見えません）"),
    "option.hiddenmoney.off": ("Hidden money is off: every player's coin total is shown.",
                               "獲得現金非表示: オフ（全員のターラー合計が見えます）"),
    "option.rules": ("Rules: {preset} ({lo}-{hi} players).", "ルール: {preset}（{lo}〜{hi}人）"),
    "option.show": ("rules {preset} ({lo}-{hi} players); hiddenmoney {value}; clock {clock}; "
                    "botspeed {speed}",
                    "ルール {preset}（{lo}〜{hi}人）、獲得現金非表示 {value}、持ち時間 {clock}、"
                    "ボットの速さ {speed}"),
    "option.show_duel": ("rules {preset} ({lo}-{hi} players; 2 players: the bean duel, {duel}); "
                         "hiddenmoney {value}; clock {clock}; botspeed {speed}",
                         "ルール {preset}（{lo}〜{hi}人。2人では豆の決闘: {duel}）、獲得現金非表示 "
                         "{value}、持ち時間 {clock}、ボットの速さ {speed}"),
    "option.duel.3fields": ("The 2-player bean duel (rio-grande) is played with 3 fields, "
                            "none to buy.",
                            "2人用の豆の決闘（リオグランデ）は畑3つで遊びます（購入なし）。"),
    "option.duel.standard": ("The 2-player bean duel (rio-grande) is played standard: 2 "
                             "fields, a third for 3 coins that leave the game.",
                             "2人用の豆の決闘（リオグランデ）は標準で遊びます: 畑2つ、3つ目は"
                             "3ターラーで購入（そのターラーはゲームから除かれます）。"),
    "option.duel_short.3fields": ("with 3 fields, none to buy", "畑3つ、購入なし"),
    "option.duel_short.standard": ("standard: 2 fields, a third for 3 coins that leave the "
                                   "game",
                                   "標準: 畑2つ、3つ目は3ターラー（ゲームから除外）"),
    "option.clock_off": ("No turn clock.", "持ち時間なし。"),
    "option.clock": ("Turn clock: {seconds} s per decision; then the smallest legal move is "
                     "made, and when it runs out in {n} turns in a row a bot plays the seat.",
                     "持ち時間: 判断ごとに{seconds}秒。時間切れになると最小限の合法手を自動で"
                     "行い、{n}手番続けて時間切れになるとボットがその席をプレイします。"),
    "option.clock_short": ("{seconds} s per decision", "判断ごとに{seconds}秒"),
    "option.botspeed": ("Bot speed: {speed} ({seconds} s before a bot acts).",
                        "ボットの速さ: {speed}（ボットが動くまで{seconds}秒）。"),
    "option.game": ("The game here is {game} ({lo}-{hi} players).",
                    "この部屋のゲームは{game}（{lo}〜{hi}人）です。"),
    "option.show_game": ("game {game} ({lo}-{hi} players); parameters {params}; clock {clock}; "
                         "botspeed {speed}. /option game bohnanza switches back.",
                         "ゲーム {game}（{lo}〜{hi}人）、パラメータ {params}、持ち時間 {clock}、"
                         "ボットの速さ {speed}。/option game bohnanza で戻せます。"),
    "option.farm_params": ("Farm parameters: {what}; set {name} ({hash}).",
                           "農園コンテストのパラメータ: {what}。セット {name}（{hash}）"),
    # a whole file or the shipped set: their words in the reader's language (trial user9: the
    # Japanese line read "a parameter file")
    "option.farm_params_file": ("Farm parameters: a parameter file; set {name} ({hash}).",
                                "農園コンテストのパラメータ: パラメータファイル。セット {name}（{hash}）"),
    "option.farm_params_default": ("Farm parameters: the shipped parameter set; set {name} "
                                   "({hash}).",
                                   "農園コンテストのパラメータ: 既定のセット。セット {name}（{hash}）"),
    "who.nobody": ("Nobody is seated; /join takes a seat.",
                   "まだ誰も着席していません。/join で席に着けます。"),
    "who.spectators": ("spectators: {n}", "観戦者: {n}人"),
    "who.bot": ("bot, {policy}", "{policy}ボット"),
    "who.vacant": ("/join takes it over", "/join で引き継げます"),
    "who.bot_for": ("away, a {policy} bot plays for them", "離席中、{policy}ボットが代理"),
    "who.away_handover": ("away, /handover possible", "離席中、/handover 可能"),
    "who.away": ("away", "離席中"),
    "who.idle": ("idle", "非活性"),
    "who.stalling": ("idle while the game waits, /handover possible",
                     "手番待ちのまま操作なし、/handover 可能"),
    "who.timeouts": ("time ran out in {n} turns in a row", "{n}手番連続で時間切れ"),
    "who.timeout": ("time ran out in 1 turn", "1手番で時間切れ"),
    "who.active": ("active", "手番"),
    "error.bad_token": ("That token holds no seat in this room; you are watching.",
                        "そのトークンはこのルームの席に対応していません。観戦します。"),
    "error.watching_as": ("{message} You are watching as {guest}.",
                          "{message} {guest}として観戦します。"),
    "error.name_taken_watch": ("{name} is already used in this room; you are watching as "
                               "{guest}. /join NAME takes a seat under another name.",
                               "{name}はこのルームで使われています。{guest}として観戦します。"
                               "/join 名前 で別の名前で着席できます。"),
    "error.name_taken_like_watch": ("{name} looks like {other}, a name already used in this "
                                    "room; you are watching as {guest}. /join NAME takes a "
                                    "seat under another name.",
                                    "{name}はこのルームで使われている{other}と見分けがつきません。"
                                    "{guest}として観戦します。/join 名前 で別の名前で着席できます。"),
    "error.too_many_rooms": ("This server holds as many rooms as it may; join one.",
                             "このサーバーのルーム数は上限です。既存のルームに参加してください。"),
    # several server processes (server/cluster/): why a connection is sent to reconnect
    "error.cluster.database": ("The server cannot reach its database; reconnecting.",
                               "サーバーがデータベースに接続できません。再接続します。"),
    "error.cluster.elsewhere": ("This room is served by another server; try again.",
                                "このルームは別のサーバーが担当しています。もう一度どうぞ。"),
    "error.cluster.moved": ("This room moved to another server; reconnecting.",
                            "このルームは別のサーバーに移りました。再接続します。"),
    "error.cluster.apart": ("The servers cannot reach each other; reconnecting.",
                            "サーバー同士が通信できません。再接続します。"),
    "error.cluster.unreachable": ("The server that holds this room cannot be reached; "
                                  "reconnecting.",
                                  "このルームを担当するサーバーに接続できません。再接続します。"),
    "error.cluster.no_relay": ("This server cannot reach the one that holds the room; try "
                               "again.",
                               "このサーバーはルームを担当するサーバーに接続できません。"
                               "もう一度どうぞ。"),
    "error.cluster.rejoined": ("This server lost touch with the others for a while; "
                               "reconnecting.",
                               "このサーバーはしばらく他のサーバーと通信できませんでした。"
                               "再接続します。"),
    "error.cluster.gone": ("The server that held this room is gone; reconnecting.",
                           "このルームを担当していたサーバーが停止しました。再接続します。"),
    "error.room_damaged": ("This room's stored game is damaged and cannot be played; use "
                           "another room.",
                           "このルームの保存されたゲームは壊れているため遊べません。別のルームを"
                           "使ってください。"),
    "error.too_many_own_rooms": ("Your address already holds {n} open rooms, as many as it may; "
                                 "join one of them, or leave one first (a room nobody is in "
                                 "closes after a while).",
                                 "あなたのアドレスはすでに{n}個のルームを開いています（上限です）。"
                                 "そのどれかに参加するか、先にどれかを離れてください"
                                 "（誰もいないルームはしばらくすると閉じます）。"),
    "error.too_many_new_rooms": ("Too many new rooms from your address; wait a minute or join "
                                 "one.",
                                 "あなたのアドレスから新しいルームが多すぎます。1分ほど待つか、"
                                 "既存のルームに参加してください。"),
    "error.bad_room_name": ("{room}: no new room can have this name (a character that shows "
                            "nothing, or - or _ at its end); choose another.",
                            "{room}: この名前で新しいルームは作れません（何も表示されない文字、"
                            "または末尾の - や _）。別の名前を選んでください。"),
    "error.room_lookalike": ("A room named {other} is here already, and {room} looks the same; "
                             "open {other} or choose another name.",
                             "{other}というルームがすでにあり、{room}は同じに見えます。{other}を"
                             "開くか、別の名前を選んでください。"),
    "error.server_crowded": ("This server is nearly full; only players coming back to their "
                             "seats get in now.",
                             "このサーバーはほぼ満員です。今は自分の席に戻るプレイヤーだけが"
                             "入れます。"),
    "error.too_slow": ("You did not read your messages in time; reconnect for a fresh state.",
                       "メッセージを読み取れていません。再接続すると最新の状態が届きます。"),
    "refuse.room_chat": ("Too much chat in this room at once; wait a moment.",
                         "このルームのチャットが多すぎます。少し待ってください。"),
    "refuse.chat_share": ("You are saying a lot at once; wait a moment so the others can "
                          "speak too.",
                          "発言が続いています。ほかの人も話せるよう、少し待ってください。"),
    "error.chat_burst": ("Too many lines at once: line {n} was not sent; wait a moment.",
                         "一度に送る行が多すぎます。{n}行目は送信されませんでした。少し待って"
                         "ください。"),
    # -------------------------------------------------------------- server refusals
    "refuse.bad_name.missing": ("Say a name: /join NAME", "名前を指定してください: /join 名前"),
    "refuse.bad_name.blank": ("A name needs at least one visible character.",
                              "名前には見える文字が1文字以上必要です。"),
    "refuse.bad_name.long": ("A name has at most {n} characters.", "名前は{n}文字までです。"),
    "refuse.bad_name.unprintable": ("A name may hold printable characters only.",
                                    "名前に使えるのは表示できる文字だけです。"),
    "refuse.bad_name.marks": ("A name may stack at most {n} marks on one letter.",
                              "名前の1文字に重ねられる記号は{n}個までです。"),
    "refuse.bad_name.slash": ("A name may not start with '/'.",
                              "名前を「/」で始めることはできません。"),
    "refuse.bad_name.number": ("A name may not be a number; numbers name seats, as in "
                               "/offer red for blue to 2.",
                               "名前を数字だけにすることはできません。数字は席を指します"
                               "（/offer red for blue to 2 など）。"),
    "refuse.bad_name.colon": ("A name may not hold ':'; the chat shows it before each line.",
                              "名前に「:」は使えません。チャットでは各発言の前に名前が表示され"
                              "ます。"),
    "refuse.bad_name.bot": ("A person's name may not end in (bot); that marks a bot.",
                            "人の名前の末尾に (bot) は付けられません。ボットの印です。"),
    "refuse.storage_error": ("The server could not store that; try again.",
                             "サーバーが保存できませんでした。もう一度どうぞ。"),
    "refuse.internal_error": ("The server failed on that command.",
                              "サーバーがこのコマンドの処理に失敗しました。"),
    "refuse.too_long": ("A line has at most {n} characters.", "1行は{n}文字までです。"),
    "refuse.parse_error.unknown": ("Unknown command.", "不明なコマンドです。"),
    "refuse.parse_error.unknown_room": ("Unknown room command.", "不明なルームコマンドです。"),
    "refuse.parse_error.whom": ("Say whom: {usage}", "誰かを指定してください: {usage}"),
    "refuse.empty": ("Nothing to say.", "発言が空です。"),
    "refuse.bad_text.control": ("A line may not hold control, line-break or bidi-override "
                                "characters ({char}).",
                                "1行に制御文字・改行・双方向上書き文字は使えません（{char}）。"),
    "refuse.bad_text.marks": ("A line may stack at most {n} marks on one character.",
                              "1文字に重ねられる記号は{n}個までです。"),
    "refuse.bad_text.surrogate": ("That text is not valid Unicode (a lone surrogate).",
                                  "その文字列は正しいUnicodeではありません（単独のサロゲート）。"),
    "refuse.bad_message.depth": ("A message nests at most {n} deep.",
                                 "メッセージの入れ子は{n}段までです。"),
    "refuse.bad_message.type": ("A message's type is a string: hello, say, activity, lang, "
                                "resync or ping.",
                                "メッセージの type は文字列です: hello、say、activity、lang、"
                                "resync、ping。"),
    "refuse.bad_message.object": ("A message is a JSON object with a type: hello, say, "
                                  "activity, lang, resync or ping.",
                                  "メッセージは type を持つJSONオブジェクトです: hello、say、"
                                  "activity、lang、resync、ping。"),
    "refuse.bad_json": ("That message is not valid JSON.", "そのメッセージは正しいJSONではありません。"),
    "refuse.unknown_topic": ("No help for {topic}. Topics: {topics}.",
                             "{topic}のヘルプはありません。項目: {topics}。"),
    "refuse.not_seated": ("Only a seated player can do that; /join first.",
                          "着席しているプレイヤーだけができます。先に /join してください。"),
    "refuse.not_seated.leave": ("You have no seat to leave.", "離れる席がありません。"),
    "refuse.not_seated.start": ("Only a seated player can start; /join first.",
                                "開始できるのは着席しているプレイヤーだけです。先に /join。"),
    "refuse.not_seated.addbot": ("Only a seated player can add bots; /join first.",
                                 "ボットを追加できるのは着席しているプレイヤーだけです。"),
    "refuse.not_seated.removebot": ("Only a seated player can remove bots.",
                                    "ボットを外せるのは着席しているプレイヤーだけです。"),
    "refuse.no_game": ("No game is running; /start begins one.",
                       "ゲームは進行していません。/start で始められます。"),
    "refuse.not_for_bots": ("A bot sends game commands only.",
                            "ボットが送れるのはゲームのコマンドだけです。"),
    "refuse.no_such_seat": ("Nobody called {name} sits here; /who lists the seats.",
                            "{name}という人は着席していません。/who で席の一覧を表示します。"),
    "refuse.already_seated": ("You already sit in seat {seat}; /leave first.",
                              "すでに{seat}番の席に着いています。先に /leave してください。"),
    "refuse.name_taken": ("{name} is already used in this room; pick another name.",
                          "{name}はこのルームで使われています。別の名前にしてください。"),
    "refuse.name_taken_like": ("{name} looks like {other}, a name already used in this room; "
                               "pick another name.",
                               "{name}はこのルームで使われている{other}と見分けがつきません。"
                               "別の名前にしてください。"),
    "refuse.game_running.full": ("A game is running and every seat is taken; you can watch.",
                                 "ゲーム進行中で満席です。観戦できます。"),
    "refuse.game_running": ("A game is already running.", "ゲームはすでに進行中です。"),
    "refuse.game_running.addbot": ("Bots take seats before the start; this game is running.",
                                   "ボットが着席できるのは開始前だけです。ゲーム進行中です。"),
    "refuse.game_running.removebot": ("A bot leaves only between games; this game is "
                                      "running.",
                                      "ボットを外せるのはゲームの合間だけです。ゲーム進行中です。"),
    "refuse.game_running.option": ("Options change between games; this game is running.",
                                   "設定を変えられるのはゲームの合間だけです。"),
    "refuse.room_full": ("All {n} seats are taken; you can watch.",
                         "{n}席すべて埋まっています。観戦できます。"),
    "refuse.room_full.bot": ("All {n} seats are taken.", "{n}席すべて埋まっています。"),
    "refuse.bad_player_count": ("{preset} needs {lo}-{hi} players; {n} seated.",
                                "{preset}は{lo}〜{hi}人で遊びます。着席は{n}人です。"),
    "refuse.unknown_policy": ("There is no bot policy {policy}; choose one of: {choices}.",
                              "ボットの方針{policy}はありません。次から選んでください: "
                              "{choices}"),
    "refuse.not_a_bot": ("{name} is not a bot.", "{name}はボットではありません。"),
    "refuse.not_away.bot": ("A bot plays {name} already.", "{name}はすでにボットです。"),
    "refuse.not_away.bot_for": ("A bot plays for {name} already.",
                                "{name}はすでにボットが代理でプレイしています。"),
    "refuse.not_away.here": ("{name} is here (connected), and the game is not waiting for "
                             "them.",
                             "{name}は接続中で、ゲームもその人を待っていません。"),
    "refuse.not_away.stalling": ("{name} is here; the game has waited for them for {quiet} s "
                                 "without a word; a bot may take over after {limit} s.",
                                 "{name}は接続中です。ゲームが操作を待って{quiet}秒です。ボットに"
                                 "任せられるのは{limit}秒後からです。"),
    "refuse.not_away.own": ("That is your own seat; /leave gives it to a bot.",
                            "自分の席です。/leave でボットに任せられます。"),
    "refuse.not_seated.handover": ("Only a seated player can hand a seat to a bot.",
                                   "席をボットに任せられるのは着席しているプレイヤーだけです。"),
    "refuse.not_seated.option": ("Only a seated player can change options.",
                                 "設定を変えられるのは着席しているプレイヤーだけです。"),
    "refuse.no_game.handover": ("No game is running; a seat is handed over in a game.",
                                "ゲームは進行していません。席を任せるのはゲーム中です。"),
    "refuse.game_running.options": ("Options can change only before a game starts.",
                                    "設定を変えられるのはゲーム開始前だけです。"),
    "refuse.bad_option.hiddenmoney": ("Say /option hiddenmoney on or off.",
                                      "/option hiddenmoney on または off と入力してください。"),
    "refuse.bad_option.duel": ("Say /option duel standard or /option duel 3fields.",
                               "/option duel standard または /option duel 3fields と入力して"
                               "ください。"),
    "refuse.bad_option.clock": ("Say /option clock SECONDS (1-{max}) or /option clock off.",
                                "/option clock 秒数（1〜{max}）または /option clock off と入力"
                                "してください。"),
    "refuse.room_full.game": ("{game} is for {lo}-{hi} players; {n} sit here.",
                              "{game}は{lo}〜{hi}人用です。いま{n}人が着席しています。"),
    "refuse.bad_option.game": ("{option} is no option of {game}; the options here: {keys}.",
                               "{option}は{game}の設定ではありません。ここでの設定: {keys}。"),
    # the farm contest's options (bohnanza/games/farm.py) and the game's name (/option game)
    "refuse.bad_option.param": ("Say /option param KEY VALUE, like /option param "
                                "facilities.field.price [5, 10, 15].",
                                "/option param キー 値 と入力してください（例: /option param "
                                "facilities.field.price [5, 10, 15]）。"),
    "refuse.bad_option.farm": ("The farm contest has no option {option}.",
                               "農園コンテストに{option}という設定はありません。"),
    "refuse.unknown_game": ("There is no game {name}; choose one of: {choices}.",
                            "ゲーム{name}はありません。次から選んでください: {choices}。"),
    "refuse.bad_option.which": ("Options: hiddenmoney, rules, duel, clock.",
                                "設定: hiddenmoney、rules、duel、clock。"),
    "refuse.unknown_preset.say": ("Say /option rules {choices}.",
                                  "/option rules {choices} と入力してください。"),
    "error.room_crowded": ("This room has too many connections.",
                            "このルームは接続数が上限です。"),
    "refuse.not_away.soon": ("{name} has been away for {away} s; a bot may take over after "
                             "{limit} s.",
                             "{name}の離席は{away}秒です。ボットに任せられるのは{limit}秒後から"
                             "です。"),
    "refuse.bad_value": ("{message}", "{message}"),
    "refuse.rate_limited": ("Too many commands at once; wait a moment.",
                            "コマンドが多すぎます。少し待ってください。"),
}


def text(key: str, lang: str = "en", **params: Any) -> str:
    """The line ``key`` in ``lang`` with ``params`` filled in.

    Raises ``KeyError`` for an unknown key (a catalogue test lists them all).
    """
    en, ja = TEXTS[key]
    template = ja if lang == "ja" else en
    return template.format(**params) if params else template


def _shape(template: str) -> re.Pattern[str]:
    """The English ``template`` as a pattern whose groups are its parameters."""
    out = []
    seen: set[str] = set()
    for literal, field, _, _ in string.Formatter().parse(template):
        out.append(re.escape(literal))
        if field:
            out.append(f"(?P={field})" if field in seen else f"(?P<{field}>.+?)")
            seen.add(field)
    return re.compile("".join(out), re.DOTALL)


def _literal(template: str) -> int:
    """How many letters a template has besides its parameters (its specificity)."""
    return sum(len(re.sub(r"[^A-Za-z]", "", lit)) for lit, *_ in string.Formatter().parse(template))


# Shapes with a few words of their own, the most specific first ("{name}: {line}" is no shape)
_SHAPES: list[tuple[str, re.Pattern[str]]] = [
    (key, _shape(en)) for key, (en, _) in sorted(TEXTS.items(), key=lambda kv: -_literal(kv[1][0]))
    if not key.startswith("word.") and _literal(en) >= 4
]


def key_of(message: str) -> tuple[str, dict[str, str]] | None:
    """The catalogue key whose English text ``message`` is, with its parameters, or ``None``.

    The server writes its lines in English (and stores them so); this finds them again to
    write them in another language."""
    for key, rx in _SHAPES:
        m = rx.fullmatch(message)
        if m is not None:
            return key, m.groupdict()
    return None


def server_text(message: str, lang: str = "en") -> str:
    """A line the server wrote in English (:data:`TEXTS`), in ``lang``; a line of no known
    shape as it is. Several lines (``/who``) are each written again."""
    if lang != "ja" or not message:
        return message
    if "\n" in message:
        return "\n".join(server_text(line, lang) for line in message.split("\n"))
    found = key_of(message)
    if found is None:
        head, sep, tail = message.partition(": ")   # "Ann: Hidden money is on: ..." (room.option)
        if sep and key_of(tail) is not None:
            return head + sep + server_text(tail, lang)
        return message
    key, params = found
    return text(key, lang, **{k: word(v, lang) if k in _WORD_PARAMS else v
                              for k, v in params.items()})


# the words of the server's own lines besides names, in Japanese: option values, the presets
# (rules.md §4a), the bot levels and policies; the board's i18n.js uses the same words
_WORDS = {"on": "オン", "off": "オフ",
          "classic": "クラシック", "rio-grande": "リオグランデ", "amigo": "アミーゴ",
          "bohnanza": "ボーナンザ", "farm": "農園コンテスト",
          "easy": "かんたん", "normal": "ふつう", "hard": "むずかしい", "slow": "ゆっくり",
          "fast": "速い",
          "greedy": "欲張り", "random": "ランダム",
          # the farm game's bot policies (bohnanza/farm/bots)
          "sensible": "堅実", "shipper": "出荷専門",
          # the games' names in a sentence (game_title)
          "Bohnanza": "ボーナンザ", "Farm contest": "農園コンテスト"}
# the games' names in an English sentence (the lobby's and the board's: i18n.js); their
# ids (``farm``) stay what /option game takes
_GAME_TITLES = {"bohnanza": "Bohnanza", "farm": "Farm contest"}


def game_title(game: str) -> str:
    """The name of the game ``game`` (an id: ``farm``) in an English line (``Farm contest``);
    :func:`word` writes it in Japanese. An unknown id as it is."""
    return _GAME_TITLES.get(game, game)
_WORD_PARAMS = {"value", "preset", "policy", "game", "speed"}   # never a name
_PARAMS = re.compile(r"(?P<game>[\w-]+), parameters (?P<rest>.+)")


def word(value: str, lang: str = "en") -> str:
    """One word inside a server line (an option value, a preset, a bot level: ``classic``)
    in ``lang``; the farm game's label ``farm, parameters NAME HASH`` with its game's name
    in ``lang``; anything else (a name) as it is."""
    if lang != "ja":
        return value
    m = _PARAMS.fullmatch(value)
    if m is not None:
        return f"{_WORDS.get(m['game'], m['game'])}、パラメータ {m['rest']}"
    return _WORDS.get(value, value)


def fill(key: str, params: Mapping[str, Any] | None, lang: str) -> str:
    """:func:`text` for a key and parameters stored together (a room line of the log)."""
    return text(key, lang, **dict(params or {}))
