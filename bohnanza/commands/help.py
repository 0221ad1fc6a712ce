"""Help text for ``/help [COMMAND]`` in English and Japanese."""

from __future__ import annotations

from .beans import SLUGS, bean_label

_OVERVIEW = {
    "en": (
        "Commands (type /help COMMAND for one of them):\n"
        "Room: /join [NAME], /leave, /start, /option, /option hiddenmoney [on|off], "
        "/option rules classic|rio-grande|amigo, /option duel standard|3fields, "
        "/option clock SECONDS|off, /option botspeed slow|normal|fast, "
        "/option game bohnanza|farm, /addbot [NAME] [POLICY], /removebot NAME|N, "
        "/handover NAME|N, /who, /help [COMMAND]\n"
        "Game: /plant [BEAN] [FIELD], /done, /harvest FIELD, /buy, /offer GIVE for WANT, "
        "/withdraw N, /accept N, /provide h3 u1, /cancel, /want BEAN, /have BEAN, "
        "/signals clear; the 2-player duel: /plant u1 [FIELD], /discard h3, /discard u1\n"
        "Fields count from 1, hand cards from the front (h1 is planted next), face-up cards "
        "from 1 (u1). Any text without a leading / is chat. /help beans lists the bean names, "
        "/help duel the 2-player bean duel."
    ),
    "ja": (
        "コマンド一覧（各コマンドの説明は /help コマンド名）:\n"
        "部屋: /join [名前], /leave, /start, /option, /option hiddenmoney [on|off], "
        "/option rules classic|rio-grande|amigo, /option duel standard|3fields, "
        "/option clock 秒数|off, /option botspeed slow|normal|fast, "
        "/option game bohnanza|farm, /addbot [名前] [方針], /removebot 名前|番号, "
        "/handover 名前|番号, /who, /help [コマンド]\n"
        "ゲーム: /plant [豆] [畑], /done, /harvest 畑, /buy, /offer 出す豆 for 欲しい豆, "
        "/withdraw 番号, /accept 番号, /provide h3 u1, /cancel, /want 豆, /have 豆, "
        "/signals clear。2人用の決闘: /plant u1 [畑], /discard h3, /discard u1\n"
        "畑は1から数えます。手札は先頭から（h1 が次に植えるカード）、公開カードは1から（u1）。"
        "/ で始まらない文はチャットです。豆の名前は /help beans、2人用の決闘は /help duel。"
    ),
}

_TOPICS: dict[str, dict[str, str]] = {
    "join": {
        "en": "/join [NAME]: take a free seat before the game starts, under NAME if given.",
        "ja": "/join [名前]: ゲーム開始前に空いている席に着きます。名前を指定できます。",
    },
    "leave": {
        "en": "/leave: leave your seat. During a game a bot takes it over.",
        "ja": "/leave: 席を離れます。ゲーム中はボットが代わりにプレイします。",
    },
    "start": {
        "en": "/start: a seated player deals and begins the game once enough seats are taken.",
        "ja": "/start: 必要な人数がそろったら、着席しているプレイヤーがゲームを開始します。",
    },
    "option": {
        "en": (
            "/option shows the options. Before the start, /option hiddenmoney [on|off] hides "
            "every coin total (on when no value is given, R42), /option rules "
            "classic|rio-grande|amigo chooses the preset, and /option duel standard|3fields "
            "the version of the 2-player bean duel of rio-grande (standard: 2 fields and a "
            "third one for 3 coins that leave the game; 3fields: 3 fields, none to buy; C10). "
            "/option clock SECONDS (off by default; /option clock off) gives every decision "
            "that much time, counting down on the board: when it runs out the smallest legal "
            "move is made for that player, and when it runs out in 3 of their turns in a row "
            "(however many decisions of a turn ran out) a bot plays the seat until the player "
            "acts again. /option botspeed slow|normal|fast sets how soon the "
            "room's bots act, and /option game bohnanza|farm the game the room deals (the farm "
            "contest sets its numbers with /option param KEY VALUE and /option params "
            "TOML|default)."
        ),
        "ja": (
            "/option: 現在の設定を表示します。開始前に /option hiddenmoney [on|off] で全員の"
            "所持金を隠し（値を省略すると on、R42）、/option rules classic|rio-grande|amigo で"
            "ルールを選び、/option duel standard|3fields で rio-grande の2人用決闘の版を選びます"
            "（standard: 畑2つ、3つ目は3ターラーで購入しそのターラーはゲームから除外。3fields: "
            "最初から畑3つで購入なし。C10）。/option clock 秒数（既定はオフ、/option clock off）で"
            "各判断の持ち時間を設定し、盤面にカウントダウンを表示します。時間切れになると最小限の"
            "合法手が自動で行われ、3手番続けて時間切れになると（1手番に何度切れても1回と数えます）、"
            "本人が操作するまでボットが代わりにプレイします。/option botspeed slow|normal|fast でボットが動くまでの間を、/option "
            "game bohnanza|farm でこの部屋のゲームを選びます（農園コンテストの数値は /option "
            "param キー 値 と /option params TOML|default で変えます）。"
        ),
    },
    "addbot": {
        "en": "/addbot [NAME] [POLICY]: before the start, seat a bot, optionally named and with "
              "a chosen policy.",
        "ja": "/addbot [名前] [方針]: 開始前にボットを席に着けます。名前と方針を指定できます。",
    },
    "removebot": {
        "en": (
            "/removebot NAME|N: before the start, take the bot NAME (or the bot in seat N) off "
            "the table, e.g. /removebot Bot 1 or /removebot 3. Bots seated with /addbot stay "
            "for the next game until removed."
        ),
        "ja": (
            "/removebot 名前|番号: 開始前に、その名前のボット（または番号の席のボット）を席から"
            "外します（例: /removebot Bot 1、/removebot 3）。/addbot で着けたボットは、外すまで"
            "次のゲームにも残ります。"
        ),
    },
    "handover": {
        "en": (
            "/handover NAME|N: during a game, give the seat of a player who has been away (no "
            "connection) for long enough, or who is connected but has not acted for as long "
            "while the game waits for them, to a bot, so the game goes on, e.g. /handover Bob. "
            "The player takes the seat back by acting again (or by reconnecting with the seat "
            "token); the bot then stops. Any other seated player may do it."
        ),
        "ja": (
            "/handover 名前|番号: ゲーム中、一定時間以上接続のないプレイヤー、または接続したまま"
            "自分の番で一定時間操作しないプレイヤーの席をボットに任せ、ゲームを続けます"
            "（例: /handover Bob）。本人が再び操作する（または席のトークンで再接続する）と"
            "席は本人に戻り、ボットは止まります。着席している他のプレイヤーなら誰でも使えます。"
        ),
    },
    "help": {
        "en": "/help [COMMAND]: the command list, or the help for one command.",
        "ja": "/help [コマンド]: コマンド一覧、または指定したコマンドの説明を表示します。",
    },
    "who": {
        "en": "/who: list the seats and the spectators of this room.",
        "ja": "/who: この部屋の席と観戦者を表示します。",
    },
    "plant": {
        "en": (
            "/plant [FIELD]: active player, phase 1: plant the front hand card into field FIELD; "
            "without FIELD into the lowest-numbered field holding that bean, else the "
            "lowest-numbered empty field. /plant BEAN [FIELD]: phase 3, plant one card of BEAN "
            "from your to-plant area, e.g. /plant red 2. In the 2-player duel, /plant u1 [FIELD] "
            "plants the face-up card u1 (an offer card in step 1, a revealed card in step 3)."
        ),
        "ja": (
            "/plant [畑]: 手番プレイヤーがフェーズ1で手札の先頭のカードを畑に植えます。畑を省略"
            "すると、同じ豆のある一番小さい番号の畑、なければ一番小さい番号の空き畑に植えます。"
            "/plant 豆 [畑]: フェーズ3で植えるエリアの豆を1枚植えます（例: /plant red 2）。"
            "2人用の決闘では /plant u1 [畑] で公開カード u1（ステップ1では相手の残したカード、"
            "ステップ3ではめくったカード）を植えます。"
        ),
    },
    "done": {
        "en": (
            "/done: active player: end phase 1 after planting one card, or end phase 2 "
            "(trading). Other players in phase 2: show that you are not interested. In the "
            "2-player duel: end step 2 without a discard, or end step 3 (the revealed cards "
            "you did not plant become your opponent's offer)."
        ),
        "ja": (
            "/done: 手番プレイヤーは1枚植えた後のフェーズ1、またはフェーズ2（交渉）を終えます。"
            "他のプレイヤーはフェーズ2で「興味なし」の意思表示をします。2人用の決闘では、捨てずに"
            "ステップ2を終えるか、ステップ3を終えます（植えなかったカードは相手への提供になります）。"
        ),
    },
    "harvest": {
        "en": (
            "/harvest FIELD: sell the whole field FIELD at any time, e.g. /harvest 2. A field "
            "with one card is protected while another field holds two or more (R16-R19). In "
            "the 2-player duel only on your own turn."
        ),
        "ja": (
            "/harvest 畑: いつでも畑の豆をすべて売却します（例: /harvest 2）。他の畑に2枚以上"
            "ある間は、1枚だけの畑は売却できません（R16-R19）。2人用の決闘では自分の手番のみ。"
        ),
    },
    "buy": {
        "en": (
            "/buy: buy the third field, once, at any time: 3 coins (classic; rio-grande with "
            "4-5 players and the standard duel, where the coins leave the game), 2 coins in "
            "rio-grande with 6-7 players. Amigo, rio-grande with 3 players and the 3fields duel "
            "sell none (3 players and that duel start with 3 fields there) (R21-R25, C10)."
        ),
        "ja": (
            "/buy: 3つ目の畑をいつでも1回だけ購入します。3ターラー（classic、rio-grande の4-5人、"
            "standard の決闘ではそのターラーはゲームから除外）、rio-grande の6-7人では2ターラー。"
            "amigo、rio-grande の3人、3fields の決闘では買えません（3人とその決闘は最初から畑3つ）"
            "（R21-R25、C10）。"
        ),
    },
    "offer": {
        "en": (
            "/offer GIVE for WANT: post an offer. Each side is nothing, ? (ask the other side "
            "to propose), or a list such as 2 blue, red. Example: /offer 2 blue for chili. "
            "Offers get numbers 1, 2, 3, ... and stay in the market while you hold what they give. "
            "Add to NAME (or a seat number) for one player only: /offer green for nothing to Bob. "
            "When the active player aims an offer at one player, that player's /accept starts "
            "the deal at once (by aiming it, the active player chose the partner)."
        ),
        "ja": (
            "/offer 出す豆 for 欲しい豆: オファーを出します。それぞれ nothing（なし）、?（相手に"
            "提案を求める）、または 2 blue, red のような一覧です。例: /offer 2 blue for chili。"
            "オファーには 1, 2, 3... と番号が付き、出す豆を持っている間は市場に残ります。"
            "一人だけに出すには to 名前（または席番号）を付けます: /offer green for nothing to Bob。"
            "手番プレイヤーが一人だけに出したオファーは、その人が /accept するとすぐにトレードが"
            "始まります（宛先を選んだことで手番プレイヤーが相手を決めたため）。"
        ),
    },
    "withdraw": {
        "en": "/withdraw N: take your offer number N off the market, e.g. /withdraw 3.",
        "ja": "/withdraw 番号: 自分のオファーを市場から取り下げます（例: /withdraw 3）。",
    },
    "accept": {
        "en": (
            "/accept N: phase 2 only. The active player starts a deal with the owner of offer "
            "N. Any other player says yes to the active player's offer N: the yes goes to the "
            "market as their answer (the next number, sides swapped), and the active player "
            "chooses whom to deal with by accepting one answer. An offer the active player "
            "aimed at them alone (to NAME) starts the deal at once."
        ),
        "ja": (
            "/accept 番号: フェーズ2のみ。手番プレイヤーはそのオファーの相手とトレードを始めます。"
            "他のプレイヤーが手番プレイヤーのオファーを受けると「受ける」の返答として市場に出ます"
            "（次の番号、出す側ともらう側が逆）。誰とトレードするかは、手番プレイヤーが返答を"
            "受けて選びます。手番プレイヤーが自分だけに出したオファー（to 名前）なら、"
            "すぐにトレードが始まります。"
        ),
    },
    "provide": {
        "en": (
            "/provide CARD...: in a pending deal, name the exact cards you hand over: h3 is "
            "the third card of your hand from the front, u1 the first face-up card. "
            "Example: /provide h3 u1."
        ),
        "ja": (
            "/provide カード...: 成立待ちの取引で渡すカードを指定します。h3 は手札の先頭から3枚目、"
            "u1 は1枚目の公開カードです。例: /provide h3 u1。"
        ),
    },
    "discard": {
        "en": (
            "/discard CARD: the 2-player bean duel only. Step 1: discard an offer card your "
            "opponent left, e.g. /discard u2 (each one is planted or discarded). Step 2, after "
            "planting one or two cards: discard one hand card from any position, e.g. "
            "/discard h3; this ends step 2 and the 3 cards are revealed."
        ),
        "ja": (
            "/discard カード: 2人用の決闘のみ。ステップ1: 相手が残した公開カードを捨てます"
            "（例: /discard u2。どのカードも植えるか捨てるかします）。ステップ2: 1枚か2枚植えた後、"
            "手札の好きな位置のカードを1枚捨てられます（例: /discard h3）。これでステップ2が終わり、"
            "3枚がめくられます。"
        ),
    },
    "duel": {
        "en": (
            "The bean duel: rio-grande with 2 players (rules.md 3a). No trading and no gifts; "
            "you harvest only on your own turn. Your turn: 1. plant or discard each card your "
            "opponent left face up (/plant u1 2, /discard u1); 2. plant 1 or 2 cards from the "
            "front of your hand, then you may discard one hand card from any position "
            "(/discard h3) or end the step (/done); 3. 3 cards are revealed, and while the top "
            "card of the discard pile matches one of them it joins them: plant any of them "
            "(/plant u2 1), then /done: the rest become your opponent's offer; 4. you draw 2 "
            "cards. The game ends when the draw pile runs out the first time: in step 3's "
            "reveal you still finish step 3 (the rest goes to nobody), in step 4 at once. "
            "Then every field is harvested; most coins wins, a tie goes to the player with "
            "more cards in hand. "
            "/option duel standard|3fields picks the version: 2 fields and a third one for 3 "
            "coins that leave the game, or 3 fields from the start."
        ),
        "ja": (
            "豆の決闘: rio-grande の2人用ルール（rules.md 3a）。交渉も贈り物もなく、収穫は自分の"
            "手番のみ。手番: 1. 相手が残した公開カードを1枚ずつ植えるか捨てる（/plant u1 2、"
            "/discard u1）。2. 手札の先頭から1枚か2枚植え、その後手札の好きな位置の1枚を捨てられる"
            "（/discard h3）か、ステップを終える（/done）。3. 3枚めくり、捨て札の一番上がそのどれか"
            "と同じ種類なら加わる（繰り返し）。好きなものを植え（/plant u2 1）、/done で残りは相手"
            "への提供になる。4. 2枚引く。山札が初めて尽きたら終了: ステップ3のめくりで尽きたらステップ3は"
            "最後まで行い（残りは誰にも渡りません）、ステップ4なら即座に終わります。その後すべての畑を"
            "売却し、ターラーの多い人の勝ち。同点なら手札の多い人の勝ち。/option duel standard|3fields "
            "で版を選びます（畑2つ＋3ターラーで3つ目、そのターラーは除外／最初から畑3つ）。"
        ),
    },
    "cancel": {
        "en": "/cancel: call the pending deal off; its offer stays in the market.",
        "ja": "/cancel: 成立待ちの取引を取りやめます。オファーは市場に残ります。",
    },
    "want": {
        "en": "/want BEAN: show that you want BEAN (a demand marker), e.g. /want red.",
        "ja": "/want 豆: その豆が欲しいという意思（需要）を示します（例: /want red）。",
    },
    "have": {
        "en": "/have BEAN: show that you can give BEAN (a supply marker), e.g. /have soy.",
        "ja": "/have 豆: その豆を提供できるという意思（供給）を示します（例: /have soy）。",
    },
    "signals": {
        "en": "/signals clear: remove all your /want and /have markers.",
        "ja": "/signals clear: 自分の /want と /have の表示をすべて消します。",
    },
}

_UNKNOWN = {
    "en": "There is no command /{topic}. Type /help for the list.",
    "ja": "/{topic} というコマンドはありません。/help で一覧を表示します。",
}


def _beans(lang: str) -> str:
    if lang == "ja":
        head = "豆の名前（英語・ドイツ語・日本語のどれでも、大文字小文字・単数複数は問いません）:"
    else:
        head = ("Bean names (English, German or Japanese, any case, singular or plural; "
                "several words are fine, e.g. 2 rote bohnen):")
    rows = [f"{slug}: {bean_label(slug, 'en')}, {bean_label(slug, 'de')}, "
            f"{bean_label(slug, 'ja')}" for slug in SLUGS]
    return "\n".join([head, *rows])


#: Topics ``help_text`` knows besides ``None``: every command name and ``"beans"``.
HELP_TOPICS: tuple[str, ...] = (*_TOPICS, "beans")


def help_text(topic: str | None, lang: str = "en") -> str:
    """Help for ``/help [COMMAND]``.

    ``topic`` ``None`` gives a short overview of all commands; a command name (with or without
    ``/``, any case) gives one paragraph; ``"beans"`` lists the bean names. ``lang`` is
    ``"en"`` or ``"ja"``; any other value gives English. An unknown topic gives a line that
    points to ``/help`` (never raises).
    """
    lang = "ja" if lang.casefold().startswith("ja") else "en"
    if topic is None or not topic.strip().lstrip("/").strip():
        return _OVERVIEW[lang]
    key = topic.strip().lstrip("/").strip().casefold()
    if key in ("bean", "beans"):
        return _beans(lang)
    if key in _TOPICS:
        return _TOPICS[key][lang]
    return _UNKNOWN[lang].format(topic=key)
