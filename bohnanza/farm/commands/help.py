"""Help text of the farm game for ``/help [COMMAND]``, in English and Japanese."""

from __future__ import annotations

from .parse import CANONICAL
from .vocab import fold

_OVERVIEW = {
    "en": (
        "Farm contest commands (/help COMMAND for one of them):\n"
        "Preparation (everyone at once): /transform CARDS for PILES, /plant BASE [SYNTH...], "
        "/synth bN CARDS, /draw PILES (rescue cards), /done (declare the end: take the lowest "
        "turn-order card)\n"
        "Your harvest turn: /ship bN [for PILES], /upgrade field|pot|synth|box, /enter bN, "
        "/adjust [CARDS] (ends your turn; /done when you discard nothing)\n"
        "Cards: h1, h2 ... (your hand as shown) or written out, like L2 root shape+2. Bases: "
        "b1, b2 ... (field slots). Piles: a level and a category, like L1 fruit. "
        "Room: /join, /leave, /start, /option, /addbot, /who. Text without / is chat."
    ),
    "ja": (
        "農園コンテストのコマンド（各コマンドの説明は /help コマンド名）:\n"
        "準備フェイズ（全員同時）: /変化 カード で 山札, /植える ベース [合成カード...], "
        "/合成 bN カード, /引く 山札（救済カード）, /宣言（行動終了宣言: 残っている一番小さい"
        "順番カードを取る）\n"
        "自分の収穫: /出荷 bN [で 山札], /強化 畑|変化釜|合成釜|保存箱, /出品 bN, "
        "/手札調整 [カード]（収穫の終わり。捨てるカードがなければ /宣言 でも可）\n"
        "カード: h1, h2...（表示されている手札の順）または L2 根菜 形状+2 のように書きます。"
        "ベース: b1, b2...（畑のスロット）。山札: レベルと分類（L1 果菜）。"
        "部屋: /join, /leave, /start, /option, /addbot, /who。/ で始まらない文はチャットです。"
    ),
}

_TOPICS: dict[str, dict[str, str]] = {
    "transform": {
        "en": (
            "/transform CARDS for PILES (preparation, F13-F17): discard hand cards beside their "
            "piles and take one card from each pile named. Your transformation pot decides "
            "what fits: grade 1: 2 cards of one level -> 1 card of that level; grade 2 adds 2 "
            "cards of level 1+ -> 1 card of level 2 or less; grade 3 adds 2 cards of level 2+ "
            "-> 1 card of level 3 or less; grade 4 adds 3 cards of one level -> 2 of that "
            "level (default numbers). Example: /transform h1 h2 for L1 fruit."
        ),
        "ja": (
            "/変化 カード で 山札（準備フェイズ、F13-F17）: 手札を各山札の横に捨て、指定した山札"
            "から1枚ずつ取ります。変化釜のグレードで可能な交換が決まります（初期値: Lv1 同じ"
            "レベル2枚→そのレベル1枚、Lv2 レベル1以上2枚→レベル2以下1枚、Lv3 レベル2以上2枚→"
            "レベル3以下1枚、Lv4 同じレベル3枚→そのレベル2枚）。例: /変化 h1 h2 で L1 果菜"
        ),
    },
    "plant": {
        "en": (
            "/plant BASE [SYNTH...] (preparation, F18, F19): put BASE face down in your lowest "
            "free field slot and lay the other cards on it as synthesis cards. Your field "
            "grade limits the bases, your synthesis pot the synthesis cards per base. "
            "Example: /plant h3 h1."
        ),
        "ja": (
            "/植える ベース [合成カード...]（準備フェイズ、F18, F19）: ベースを裏向きで畑の空きスロット"
            "に置き、残りのカードを合成カードとして重ねます。ベースの数は畑、合成できる枚数は"
            "合成釜のグレードで決まります。例: /植える h3 h1"
        ),
    },
    "synth": {
        "en": (
            "/synth bN CARDS (preparation, F19, G11): lay more synthesis cards on the base in "
            "slot N, planted in this preparation phase. Example: /synth b1 h2."
        ),
        "ja": (
            "/合成 bN カード（準備フェイズ、F19, G11）: この準備フェイズに植えたスロットNのベースに"
            "合成カードを追加します。例: /合成 b1 h2"
        ),
    },
    "done": {
        "en": (
            "/done (also /declare): in the preparation phase, declare the end and take the "
            "lowest turn-order card left (F20); you can do nothing more this phase (F21). When "
            "all but one have declared, the last player is done at once (F22). In your harvest "
            "turn, /done is the hand adjustment with nothing to discard."
        ),
        "ja": (
            "/宣言（/終了）: 準備フェイズで行動終了を宣言し、残っている一番小さい順番カードを取り"
            "ます（F20）。その準備フェイズではもう何もできません（F21）。最後の1人以外が宣言すると、"
            "最後のプレイヤーは直ちに終了します（F22）。自分の収穫中は、捨てるカードのない手札調整"
            "です。"
        ),
    },
    "draw": {
        "en": (
            "/draw PILES (preparation, G23): a player who starts a preparation phase with no "
            "hand and no bases takes rescue cards (2 level-1 cards by default) from the piles "
            "named, e.g. /draw L1 root, L1 leaf. Piles not named: the first that can supply."
        ),
        "ja": (
            "/引く 山札（準備フェイズ、G23）: 手札もベースもない状態で準備フェイズを迎えた"
            "プレイヤーは救済カード（初期値: レベル1を2枚）を指定した山札から取ります。"
            "例: /引く L1 根菜, L1 葉菜"
        ),
    },
    "ship": {
        "en": (
            "/ship bN [for PILES] (your harvest turn, F25-F27): turn the base in slot N and its "
            "synthesis cards face up, gain cost = 2 + base level + all their bonuses, discard "
            "them, and take 2 cards of the base's level from the piles named (G15; default: "
            "the base's category). Example: /ship b1 for L2 root, L2 leaf."
        ),
        "ja": (
            "/出荷 bN [で 山札]（自分の収穫、F25-F27）: スロットNのベースと合成カードを表にし、"
            "コスト = 2 + ベースのレベル + 全ボーナスを得て捨て、ベースと同じレベルのカードを"
            "2枚、指定した山札から取ります（G15、省略時はベースの分類）。例: /出荷 b1 で L2 根菜"
        ),
    },
    "upgrade": {
        "en": (
            "/upgrade FACILITY (your harvest turn, F28, G7, G16): pay the next grade's price "
            "and raise field, pot (transformation pot), synth (synthesis pot) or box (storage "
            "box) one grade, up to grade 4. Default prices: 6, 14, 24."
        ),
        "ja": (
            "/強化 設備（自分の収穫、F28, G7, G16）: 次のグレードのコストを払い、畑・変化釜・"
            "合成釜・保存箱のグレードを1つ上げます（最大4）。初期値の価格: 6, 14, 24。"
        ),
    },
    "enter": {
        "en": (
            "/enter bN (your harvest turn in a contest turn, F29, F30, G24, G25): enter the "
            "base in slot N in this turn's contest; it must be of the contest's category and "
            "at least the contest level (= the cycle). The base turns face up, its synthesis "
            "cards stay face down until the contest. One entry per contest."
        ),
        "ja": (
            "/出品 bN（コンテストのあるターンの自分の収穫、F29, F30, G24, G25）: スロットNのベースを"
            "このターンのコンテストに出品します。コンテストの分類と一致し、コンテストレベル"
            "（=サイクル数）以上のベースに限ります。ベースは表に、合成カードはコンテストまで裏の"
            "ままです。出品は1コンテストに1つまで。"
        ),
    },
    "adjust": {
        "en": (
            "/adjust [CARDS] (also /discard; your harvest turn, F31, F32, G20): discard exactly "
            "the cards over your hand limit (storage box grade: 5, 6, 7, 8); this ends your "
            "harvest turn. /adjust alone (or /done) when you are within the limit."
        ),
        "ja": (
            "/手札調整 [カード]（/捨てる、自分の収穫、F31, F32, G20）: 手札上限（保存箱: 5, 6, 7, "
            "8枚）を超えた枚数ちょうどを捨てます。これで自分の収穫は終わりです。上限以内なら"
            "/手札調整 だけ（または /宣言）。"
        ),
    },
    "option": {   # the farm room's options (the room refuses Bohnanza's own here)
        "en": (
            "/option: show the options. Before the start: /option param KEY VALUE changes one "
            "number or rule of the parameter set (a TOML value, e.g. /option param "
            "facilities.field.price [5, 10, 15]; keys as in farm.toml), /option params TOML "
            "loads a whole parameter file (the board's \"Load a parameter file (TOML)\") and /option "
            "params default goes back to the shipped set. /option clock SECONDS (off by "
            "default; /option clock off) gives every decision that much time: when it runs out "
            "the player declares the end (preparation) or discards the first cards over the "
            "hand limit (harvest). /option botspeed slow|normal|fast sets how soon the room's "
            "bots act, and /option game bohnanza|farm the game the room deals."
        ),
        "ja": (
            "/option: 現在の設定を表示します。開始前に /option param キー 値 でパラメータの数値や"
            "ルールを1つ変え（TOMLの値。例: /option param facilities.field.price [5, 10, 15]。"
            "キーは farm.toml と同じ）、/option params TOML でパラメータファイルを丸ごと読み込み"
            "（盤面の「パラメータファイル（TOML）を読み込む」と同じ）、/option params default で付属の"
            "セットに戻します。/option clock 秒数（既定はオフ、/option clock off）で各判断の"
            "持ち時間を設定します。時間切れになると、準備フェイズでは行動終了を宣言し、収穫では"
            "上限を超えた最初のカードを捨てます。/option botspeed slow|normal|fast でボットが"
            "動くまでの間を、/option game bohnanza|farm でこの部屋のゲームを選びます。"
        ),
    },
    "help": {
        "en": "/help [COMMAND]: the command list, or the help for one command.",
        "ja": "/help [コマンド]（/ヘルプ）: コマンド一覧、または指定したコマンドの説明。",
    },
}

_UNKNOWN = {
    "en": "There is no farm command /{topic}. Type /help for the list.",
    "ja": "/{topic} というコマンドはありません。/help で一覧を表示します。",
}

HELP_TOPICS: tuple[str, ...] = tuple(_TOPICS)


def help_text(topic: str | None, lang: str = "en") -> str:
    """Help for ``/help [COMMAND]``: ``None`` gives the overview; a command name or alias (any
    case, with or without ``/``, Japanese too) one paragraph. ``lang`` ``"en"`` or ``"ja"``.
    Never raises."""
    lang = "ja" if lang.casefold().startswith("ja") else "en"
    key = (topic or "").strip().lstrip("/").strip()
    if not key:
        return _OVERVIEW[lang]
    key = fold(key)
    key = CANONICAL.get(key, key)
    if key in _TOPICS:
        return _TOPICS[key][lang]
    return _UNKNOWN[lang].format(topic=key)
