// Texts in English and Japanese; bean names in both (each shown only in the viewer's language,
// tooltips too). Default language from the browser.
import { FACTS } from './facts.js';
import { isTouch } from './dom.js';

// slug -> [English, Japanese]; on the cards English drops the word "Bean" ("Black-eyed")
const BEAN_NAMES = Object.fromEntries(FACTS.beans.map((b) => [b.slug, [b.names.en.replace(/ Bean$/, ''), b.names.ja]]));

const T = {
  title: ['Bohnanza', 'ボーナンザ'],
  lobby_rooms: ['Rooms', 'ルーム一覧'],
  lobby_intro: ['Type your name and a room name: a new name creates the room. Send its address to your friends, or add bots at the table.',
    '名前とルーム名を入力してください。新しい名前ならルームが作られます。アドレスを友だちに送るか、テーブルでボットを追加できます。'],
  lobby_none: ['No rooms yet.', 'ルームはまだありません。'],
  lobby_name: ['Your name', 'あなたの名前'],
  lobby_room: ['Room', 'ルーム名'],
  lobby_game: ['Game (a new room)', 'ゲーム（新しいルーム）'],
  lobby_room_rule: ['Letters or digits of any script, with - or _ inside', '文字・数字（「-」「_」も可）'],
  lobby_open: ['Open or create', '開く / 作る'],
  lobby_refresh: ['Refresh', '更新'],
  lobby_running: ['playing', 'プレイ中'],
  lobby_waiting: ['waiting', '募集中'],
  // a game played to its end, no other begun (the room shows the result; seats for the next)
  lobby_over: ['finished', '終了'],
  // a stored room the server could not load again (listing.damaged_line): it cannot be opened
  lobby_damaged: ['damaged: cannot be opened', '破損: 開けません'],
  lobby_yours: ['your seat', 'あなたの席'],
  lobby_resting: ['resting: it wakes up as you open it', '休止中: 開くと再開します'],
  lobby_spectators: ['spectators', '観戦'],
  back_lobby: ['Lobby', 'ロビー'],
  connecting: ['Connecting…', '接続中…'],
  disconnected: ['Disconnected, reconnecting…', '切断されました。再接続中…'],
  // a command or chat line the page could not send (no connection): it says so, and the
  // chat's line keeps the text to send again
  not_sent: ['Not sent: no connection to the server (reconnecting…). Send it again once connected.', '送信されていません: サーバーに接続していません（再接続中…）。接続したらもう一度送ってください。'],
  not_sent_final: ['Not sent: this room cannot be opened.', '送信されていません: このルームは開けません。'],
  disconnected_sent: ['The connection dropped before the server answered: it may or may not have been done. Reconnecting; the board will show which.', 'サーバーの応答前に接続が切れました。実行されたかどうかは不明です。再接続中…盤面で確認してください。'],
  conn_refused: ['Not connected: this room cannot be opened', '未接続: このルームは開けません'],
  pass: ['Deck pass', '山札'],
  deck: ['Draw pile', '山札残り'],
  discard: ['Discard', '捨て札'],
  phase_plant: ['Phase 1: planting', 'フェーズ1: 植え付け'],
  phase_trade: ['Phase 2: trading', 'フェーズ2: 交渉'],
  phase_plant_traded: ['Phase 3: planting traded and kept cards', 'フェーズ3: 入手・キープしたカードの植え付け'],
  phase_over: ['Game over', 'ゲーム終了'],
  done_end_planting: ['End planting', '植え付け終了'],
  done_end_trading: ['End trading', '交渉終了'],
  done_not_interested: ['Not interested', '興味なし'],
  done_none: ['Wait…', '待機中…'],
  // what the phase button does, as its tooltip (newuser19: "End trading" and "Not interested"
  // said nothing of what follows; the status line names the button, not its effect)
  done_end_planting_title: ['Ends phase 1: the top 2 cards of the draw pile are turned face up and trading begins',
    'フェーズ1を終えます: 山札の上から2枚が表向きになり、交渉が始まります'],
  done_end_planting_duel_title: ['Ends step 2: 3 cards are revealed for you to plant',
    'ステップ2を終えます: 3枚がめくられ、植えられます'],
  done_end_trading_title: ['Ends phase 2 for everyone: open offers stay in the market; the face-up cards nobody took are yours to plant in phase 3',
    'フェーズ2を全員分終えます: オファーは市場に残ります。誰も取らなかった表向きのカードはあなたがフェーズ3で植えます'],
  done_not_interested_title: ['Tells {name} you want no trade this turn; making or accepting an offer brings you back',
    'この手番は交渉しないと{name}に伝えます。オファーを出すか受ければ戻れます'],
  market: ['Bean market', '豆取引市場'],
  market_empty: ['No offers.', 'オファーはありません。'],
  nothing: ['nothing', 'なし'],
  face_up: ['Face-up cards', '表向きのカード'],
  // trial 6: the face-up cards nobody takes stay with the active player, planted in phase 3
  // (R32, R33), and what that costs (the view's you.kept_face_up)
  kept_face_up_fit: ['Face-up cards nobody takes stay yours: you plant them in phase 3 (your fields take them).',
    '誰も取らない表向きのカードはあなたのものになり、フェーズ3で植えます（あなたの畑に植えられます）。'],
  kept_face_up_cost: ['Face-up cards nobody takes stay yours: you plant them in phase 3. Ending trading now costs {harvests} ({coins}, {thrown} thrown away).',
    '誰も取らない表向きのカードはあなたのものになり、フェーズ3で植えます。今交渉を終えると{harvests}（{coins}、{thrown}枚捨て札）。'],
  kept_face_up_cost_nofit: ['Face-up cards nobody takes stay yours: you plant them in phase 3. No field fits {beans}: ending trading now costs {harvests} ({coins}, {thrown} thrown away).',
    '誰も取らない表向きのカードはあなたのものになり、フェーズ3で植えます。{beans}の畑なし: 今交渉を終えると{harvests}（{coins}、{thrown}枚捨て札）。'],
  kept_face_up_cost_noneleft: ['Face-up cards nobody takes stay yours: you plant them in phase 3. No field is left for {beans}: ending trading now costs {harvests} ({coins}, {thrown} thrown away).',
    '誰も取らない表向きのカードはあなたのものになり、フェーズ3で植えます。{beans}の分の畑が足りません: 今交渉を終えると{harvests}（{coins}、{thrown}枚捨て札）。'],
  kept_harvests: ['{k} harvests', '売却{k}回'],
  kept_harvests_1: ['1 harvest', '売却1回'],
  offer_window: ['Offer', 'オファー'],
  offer_give: ['You give', 'あなたが出す'],
  offer_want: ['You get', 'あなたがもらう'],
  offer_send: ['Send offer', 'オファーを送る'],
  // trial 4 item 6: with nothing under "You get" the button says it sends a gift (R30)
  offer_send_gift: ['Send gift', '贈り物を送る'],
  offer_send_ask_gift: ['Ask for a gift', '贈り物を頼む'],
  // trial 6: classic refuses a request for a gift (C12: the view's rules.allow_gift_requests)
  offer_no_gift_request: ['These rules let you give a gift, not ask for one: put a card under You give.',
    'このルールでは贈り物は贈れますが、頼めません: 「あなたが出す」にカードを入れてください。'],
  // whom the offer is for (/offer ... to N): everyone, or one player only (R28, R30)
  offer_to: ['To', '宛先'],
  offer_to_all: ['everyone', '全員'],
  offer_to_active: ['the active player ({name})', '手番プレイヤー（{name}）'],
  offer_to_one: ['{name} only', '{name}だけ'],
  offer_to_one_keep: ['{name} only (now and on later turns)', '{name}だけ（今と後の手番）'],
  offer_to_one_later: ['{name} only (on {name}’s turn)', '{name}だけ（{name}の手番に）'],
  // the switch that reverses what a click or tap does (trial 4 item 13: "click = left" said
  // nothing): its label says so, its title what it changes (a tap, on a touch screen)
  swap_off: ['Reverse clicks: off', 'クリックを逆に: オフ'],
  swap_on: ['Reverse clicks: on', 'クリックを逆に: オン'],
  swap_off_touch: ['Reverse taps: off', 'タップを逆に: オフ'],
  swap_on_touch: ['Reverse taps: on', 'タップを逆に: オン'],
  swap_title: ['Reverse what a click does, as the right mouse button: hand cards go to "You get", catalogue beans to "You give", and a click on a card in the offer adds one.',
    '右クリックと同じにします: 手札はもらう側へ、カタログの豆は出す側へ、オファー内のカードはクリックで1枚増えます。'],
  swap_title_touch: ['Reverse what a tap does: hand cards go to "You get", catalogue beans to "You give", and a tap on a card in the offer adds one.',
    'タップを逆にします: 手札はもらう側へ、カタログの豆は出す側へ、オファー内のカードはタップで1枚増えます。'],
  // each clear button says what it clears (trial: two buttons both read 消去)
  offer_clear: ['Clear offer', 'オファーを消す'],
  // what a click does (offer.js): short and plain, in taps on a touch screen (trial 4 item 13);
  // the right button's key too (dom.js onLeftRight: Shift+Enter), else a keyboard never learns it
  offer_help: ['Click your hand or face-up cards to give them, a catalogue bean to ask for it (right-click, Shift+Enter: reverse). Click a card here to take one off.',
    '手札か表向きのカードをクリックで出す、カタログの豆をクリックでもらう（右クリックかShift+Enterは逆）。ここのカードをクリックすると1枚減ります。'],
  // not the active player: the face-up cards are the active player's (R29), a click asks for them
  offer_help_other: ['Click your hand cards to give them, a catalogue bean or {name}’s face-up card to ask for it (right-click, Shift+Enter: reverse). Click a card here to take one off.',
    '手札をクリックで出す、カタログの豆か{name}の表向きのカードをクリックでもらう（右クリックかShift+Enterは逆）。ここのカードをクリックすると1枚減ります。'],
  offer_help_touch: ['Tap your hand or face-up cards to give them. To ask for a bean, tap it in the catalogue, then Want +1. Tap a card here to take one off.',
    '手札か表向きのカードをタップで出す。欲しい豆はカタログでタップして「欲しい +1」。ここのカードをタップすると1枚減ります。'],
  offer_help_touch_other: ['Tap your hand cards to give them, {name}’s face-up cards to ask for them; other beans: tap one in the catalogue, then Want +1. Tap a card here to take one off.',
    '手札をタップで出す、{name}の表向きのカードをタップでもらう。ほかの豆はカタログでタップして「欲しい +1」。ここのカードをタップすると1枚減ります。'],
  deal: ['Deal', 'トレード'],
  deal_with: ['Deal for offer #{n} with {name}', 'オファー#{n}: {name}とのトレード'],
  deal_you_get: ['You receive', '受け取るカード'],
  deal_you_give: ['You hand over (click or drag the exact cards)', '渡すカード（カードをクリックまたはドラッグ）'],
  deal_you_give_touch: ['You hand over (tap the exact cards)', '渡すカード（カードをタップ）'],
  // where a card to hand over comes from (the deal window, issue 10 c)
  deal_you_give_short: ['You hand over', '渡すカード'],
  deal_from: ['Pick {bean} from:', '{bean}を選ぶ:'],
  // the visible names of a card's place (the command language's u1, h3)
  ref_faceup: ['face-up {n}', '表向き{n}'],
  ref_hand: ['hand {n}', '手札{n}'],
  deal_provide: ['Hand over', '渡す'],
  // trial 4: the hand-over's front card (the view's deal_front, R9, R11)
  deal_front_note: ['Hand 1 is the card you plant next: give it and you plant {next} next. Give {keep} to keep planting {bean} next.',
    '手札1は次に植えるカードです: 渡すと次は{next}を植えます。{keep}を渡せば次も{bean}を植えます。'],
  deal_front_note_last: ['Hand 1 is your only hand card: give {keep} to keep it for your next plant.',
    '手札1は最後の手札です: {keep}を渡せば次に植えるカードとして残ります。'],
  // trial 5: a face-up card or a hand card for the deal (the view's deal_face_up, R32, R33)
  deal_face_up_note: ['A face-up {bean} you keep must be planted this turn (phase 3); a {bean} from your hand stays in your hand.',
    '表向きの{bean}は、渡さずに残すとこの手番のフェーズ3で植えます。手札の{bean}は手札に残ります。'],
  // trial 5: two hand cards of the bean owed, apart (the view's deal_order, R9, R11)
  deal_order_note: ['Your hand is planted from the front: give {first} and your next {bean} moves back to {then}; give {keep} and it stays at {first}.',
    '手札は前から順に植えます: {first}を渡すと次の{bean}は{then}に下がります。{keep}を渡せば{first}のままです。'],
  or_list: [' or ', 'か'],
  deal_pick_first: ['Pick the cards you owe first', '先に渡すカードを選んでください'],
  deal_cancel: ['Cancel deal', 'トレード中止'],
  deal_waiting: ['Waiting for {name}…', '{name}を待っています…'],
  deal_provided: ['provided', '提供済み'],
  // trial 3: no choice to make (the view's deal_auto_cards): the cards go without a question
  deal_auto: ['Handing over {cards}: the choice changes nothing', '{cards}を渡します（どれを選んでも同じ）'],
  deal_auto_done: ['handed over for you (no other choice)', '自動で渡しました（ほかに選択肢なし）'],
  // a gift (R30): one side of the deal gives nothing
  deal_get_gift: ['Nothing: this is your gift to {name}', 'なし: {name}への贈り物です'],
  deal_give_gift: ['Nothing: {name} gives you this as a gift', 'なし: {name}からの贈り物です'],
  deal_watch: ['{a} and {b} are dealing (offer #{n})', '{a}と{b}がトレード中（オファー#{n}）'],
  hand: ['Your hand', '手札'],
  hand_front: ['next', '次'],
  // a hand card's accessible name: its bean, its place in the hand and its role
  hand_card_say: ['{bean}, card {i} of {n}', '{bean}、手札{n}枚中{i}枚目'],
  hand_front_say: ['next to plant', '次に植える'],
  // the hand's row scrolls: how many cards are out of view at each end (render/own.js)
  hand_more_right: ['+{n} ›', '+{n}枚 ›'],
  hand_more_left: ['‹ +{n}', '‹ +{n}枚'],
  hand_more_title: ['{n} more cards out of view: scroll the hand or press here', '手札があと{n}枚あります。横にスクロールするか、ここを押してください'],
  hand_more_title_1: ['1 more card out of view: scroll the hand or press here', '手札があと1枚あります。横にスクロールするか、ここを押してください'],
  // trial 6: the catalogue panel's head, and its word once its offer went out
  tap_head: ['{bean}: {n} cards in the game', '{bean}（ゲーム中{n}枚）'],
  tap_sent: ['Sent: your offer is in the market, above.', '送りました: オファーは上の市場にあります。'],
  // trial 6: a card handed over in a deal, still in the hand until the deal is done (R31)
  hand_handed: ['handed over', '渡し済み'],
  to_plant: ['To plant', '植えるカード'],
  fields: ['Your fields', 'あなたの畑'],
  // a seat panel's fields, named for a screen reader ("Ann: Your fields" named another seat's as mine)
  seat_fields: ['{name}: fields', '{name}の畑'],
  field_empty: ['empty', '空き'],
  harvest: ['Harvest', '売却'],
  buy: ['Buy field 3 ({n} coins)', '3つ目の畑を購入（{n}ターラー）'],
  buy_short: ['Buy', '購入'],   // beside a coin and the price, in the field 3 box
  plant_here: ['Plant here', 'ここに植える'],
  // a field's buttons by name (own.js): each field's were alike, "Plant here", "Harvest"
  plant_here_name: ['Plant here: {bean} into field {n}', 'ここに植える: {bean}を畑{n}へ'],
  harvest_name: ['Harvest field {n} ({count} {bean})', '畑{n}を売却（{bean}{count}枚）'],
  plant_front: ['Plant', '植える'],
  // phase 1's optional second card (R26): a button named for it, not the first one's again
  plant_front_second: ['Plant {bean} too', '{bean}も植える'],
  plant_no_field: ['No field takes {bean} now: harvest a field (or buy field 3) first', '{bean}を植えられる畑がありません: 先に畑を売却（または3つ目の畑を購入）してください'],
  harvest_now: ['harvest now = {n} coins', '今売却 = {n}ターラー'],
  harvest_now_1: ['harvest now = 1 coin', '今売却 = 1ターラー'],
  next_coin: ['next coin at {m} cards', '{m}枚で次の1ターラー'],
  no_next_coin: ['top tier', '最高額'],
  catalogue: ['Bean catalogue', '豆カタログ'],
  farm_label: ['Farm contest', '農園コンテスト'],
  // the coin ladder's two rows (trial 4: no label on the board)
  legend_coins: ['coins', 'ターラー'],
  legend_cards: ['cards', '枚数'],
  // what "? any card" does (trial 4: no hint without its tooltip)
  ask_any_hint: ['"? any card": ask for cards the other player picks (right-click or Shift+Enter: give cards they pick).',
    '「? どれでも」: 相手が選ぶカードを求めます（右クリックかShift+Enter: 相手が選ぶカードを出す）。'],
  ask_any_hint_touch: ['"? any card": ask for cards the other player picks.',
    '「? どれでも」: 相手が選ぶカードを求めます。'],
  meter: ['cards for 1 / 2 / 3 / 4 coins', '1/2/3/4ターラーに必要な枚数'],
  meter_said: ['Beanometer: {tiers}', '換金表: {tiers}'],
  meter_tier_1: ['{n} cards for 1 coin', '{n}枚で1ターラー'],
  meter_tier: ['{n} cards for {c} coins', '{n}枚で{c}ターラー'],
  cards: ['cards', '枚'],
  hand_cards: ['Cards in hand', '手札'],
  coins: ['coins', 'ターラー'],
  hidden: ['hidden', '非表示'],
  received_hand: ['received / hand', '入手 / 手札'],
  active_mark: ['active player', '手番プレイヤー'],
  // the seat marks in words (trial: Zz's meaning was only in a tooltip; 非活性 is technical)
  idle_mark: ['idle', '操作なし'],
  idle_title: ['Idle: no input for over {s} s', '操作なし: {s}秒以上なにも操作していません'],
  offline_mark: ['offline', '接続なし'],
  idle_away_title: ['Away: not connected', '離席: 接続なし'],
  pass_mark: ['not interested', '興味なし'],
  offers_wait_mark: ['offers made', 'オファー済み'],
  offers_wait_title: ['{name} made offers this turn and makes no more: they wait for an answer', '{name}はこの手番にオファーを出し、これ以上は出しません: 返事待ち'],
  chat: ['Chat', 'チャット'],
  log: ['Game log', 'ゲームログ'],
  // the placeholder fits the box at every width (user8: cut to "(↑↓"); the keys in the title
  chat_placeholder: ['Chat or /command', 'チャット・/コマンド'],
  chat_label: ['Chat or /command (↑↓ history)', 'チャットまたは /コマンド（↑↓で履歴）'],
  send: ['Send', '送信'],
  speaker_on: ['Read offers aloud: on', 'オファー読み上げ: オン'],
  speaker_off: ['Read offers aloud: off', 'オファー読み上げ: オフ'],
  signals: ['Supply & demand', '需要と供給'],
  signals_hint: ['Show what you have or want: press an arrow, then a card.', '持っている豆・欲しい豆を示す: 矢印を押してからカードを押す。'],
  in_hand: ['{n} in hand', '手札{n}'],
  to_plant_n: ['{n} to plant', '植える{n}'],
  // which cards (public, R41: to-plant areas lie face up), a seat panel's title
  to_plant_list: ['To plant: {beans}', '植える: {beans}'],
  // the same after the count, for a screen reader ("2 to plant: Chili, Green")
  to_plant_which: [': {beans}', '（{beans}）'],
  // the marker's name says the keyboard's way too (a keyboard player's trial: "drag onto a
  // card" alone, which no key does; the box's hint says "press an arrow, then a card")
  signal_have: ['I have: press it, then a card (or drag it onto a card)', '提供したい: 押してからカードを押す（またはカードにドラッグ）'],
  signal_want: ['I want: press it, then a card (or drag it onto a card)', '欲しい: 押してからカードを押す（またはカードにドラッグ）'],
  signal_have_touch: ['I have: tap it, then a card', '提供したい: タップしてからカードをタップ'],
  signal_want_touch: ['I want: tap it, then a card', '欲しい: タップしてからカードをタップ'],
  signal_clear: ['Clear my markers', 'マーカー消去'],
  signals_seen: ['Markers', 'マーカー'],
  // whose markers a line shows (the view's signals.of): never "I have" for another seat's
  signal_seen_have: ['{name} has', '{name}が提供したい'],
  signal_seen_want: ['{name} wants', '{name}が欲しい'],
  signal_others_have: ['The others have (who is not shown)', 'ほかの人が提供したい（誰かは非表示）'],
  signal_others_want: ['The others want (who is not shown)', 'ほかの人が欲しい（誰かは非表示）'],
  signal_others_short_have: ['Others have', 'ほかの人が提供'],
  signal_others_short_want: ['Others want', 'ほかの人が欲しい'],
  signal_seen_any_have: ['Offered', '提供したい'],
  signal_seen_any_want: ['Wanted', '欲しい'],
  signals_mine: ['Mine', '自分のマーカー'],
  seats: ['Seats', '座席'],
  // the right column's name for screen readers (two side columns, each a landmark of its own)
  side_right: ['Beans, chat and log', '豆・チャット・ログ'],
  join: ['Take a seat', '参加する'],
  leave: ['Leave seat', '退席'],
  addbot: ['Add bot', 'ボット追加'],
  start: ['Start game', 'ゲーム開始'],
  // why Start waits (RoomInfo.start_ready): /start seats no bots
  start_why: ['Needs {lo}–{hi} players ({n} seated): add a bot or invite friends to start.',
    '{lo}〜{hi}人必要です（着席{n}人）: ボットを追加するか友だちを招待してください。'],
  // the seats fit other rules (FACTS.presets): two play Rio Grande's bean duel (rules.md §3a)
  start_why_duel: [' Two can play the bean duel: choose Rules: {rules}.', ' 2人なら豆の決闘を遊べます: ルールで「{rules}」を選んでください。'],
  start_why_rules: [' {n} can play with Rules: {rules}.', ' {n}人なら「{rules}」のルールで遊べます。'],
  hiddenmoney: ['Hidden money', '獲得現金非表示'],
  preset: ['Rules', 'ルール'],
  spectating: ['You are watching.', '観戦中です。'],
  your_name: ['Your name', 'あなたの名前'],
  enter: ['Enter', '入室'],
  scores: ['Coins', '得点'],
  players: ['Player', 'プレイヤー'],
  winner: ['Winner', '勝者'],
  tiebreak_used: ['Tie on {n} coins, broken by: {t}', '{n}ターラーで同点、タイブレーク: {t}'],
  tiebreak_rule: ['No tie (tie-break rule: {t})', '同点なし（タイブレーク規則: {t}）'],
  tb_most_hand_cards: ['most cards in hand', '手札の多い方'],
  tb_farthest_from_start: ['farthest clockwise from the start player', 'スタートプレイヤーから時計回りに最も遠い人'],
  tb_earliest_from_start: ['nearest the start player', 'スタートプレイヤーに最も近い人'],
  coins_chart: ['Coins over the turns', 'ターンごとの獲得現金'],
  turn: ['turn', 'ターン'],
  lang: ['日本語', 'English'],
  your_turn_plant: ['Your turn: plant the front card.', 'あなたの手番: 手札の先頭を植えてください。'],
  wf_plant: ['Plant the front card (drag it onto a field or press Plant).', '先頭のカードを植えてください（畑にドラッグ、または「植える」）。'],
  wf_plant_traded: ['Plant the cards in your to-plant area.', '植え付け待ちのカードを植えてください。'],
  wf_trade: ['Trade: post offers, accept one, or end trading.', '交渉: オファーを出す・受ける、または交渉終了。'],
  wf_provide: ['Hand over the cards of the deal.', 'トレードのカードを渡してください。'],
  offer_ask: ['?', '?'],
  // the '?' card (a side for the other player to name, C12): its name says what it adds;
  // how it works is its description, not its name
  ask_any: ['any card (?)', 'どの豆でも（?）'],
  // the visible word beside the '?' (trial: a bare '?' read as a help button)
  ask_any_short: ['any card', 'どれでも'],
  any_said: ['any card', '好きなカード'],
  ask_any_help: ['Adds "any card (?)": the other player names the cards. Left click: to your "you get" side; right click: to "you give".',
    '「どの豆でも（?）」を加えます: 相手がカードを決めます。左クリック: もらう側へ、右クリック: 出す側へ。'],
  ask_any_help_touch: ['Adds "any card (?)" to your "you get" side: the other player names the cards.',
    '「どの豆でも（?）」をもらう側に加えます: 相手がカードを決めます。'],
  offer_by: ['#{n} by {name}', '#{n} {name}'],
  offer_by_you: ['#{n} by you', '#{n} あなた'],
  // trial 4 items 8 and 19: a seat says no by not taking an offer (the log's not_taken)
  not_taken_pass: ['{name} is not interested and did not take your offer {n}.', '{name}は興味なし: あなたのオファー{n}は受けませんでした。'],
  not_taken_pass_n: ['{name} is not interested and did not take your offers {n}.', '{name}は興味なし: あなたのオファー{n}は受けませんでした。'],
  not_taken_end: ['{name} ended trading without taking your offer {n} (it stays in the market).', '{name}は交渉を終え、あなたのオファー{n}を受けませんでした（オファーは市場に残ります）。'],
  not_taken_end_n: ['{name} ended trading without taking your offers {n} (they stay in the market).', '{name}は交渉を終え、あなたのオファー{n}を受けませんでした（オファーは市場に残ります）。'],
  // outside phase 2 an offer shows its head and this one line (trial 4 item 4): what it is
  offer_sum: ['{give} {a} · {get} {b}', '{give}: {a}・{get}: {b}'],
  sum_give: ['you give', '出す'],
  sum_get: ['get', 'もらう'],
  // which side the owner gives is said in Japanese too ("{give} と {want} の交換", an exchange
  // of the two, left a listener guessing; the log's own words: 出して…求める)
  speak_offer: ['{name} offers {give} for {want}', '{name}のオファー: {give}を出して{want}を求める'],
  speak_gift: ['{name} gives {give} as a gift', '{name}のオファー（贈り物）: {give}を贈る'],
  // a screen reader's line (announce.js): an offer this seat may now accept
  said_offer: ['Offer #{n} from {name}: you give {give}, you get {get}. You may accept it.',
    '{name}のオファー#{n}: あなたが出す「{give}」、もらう「{get}」。受けられます。'],
  speak_gift_ask: ['{name} asks for {want} as a gift', '{name}のオファー（贈り物の依頼）: {want}を無償で求める'],
  you: ['you', 'あなた'],
  policy_greedy: ['greedy', '欲張り'],
  policy_random: ['random', 'ランダム'],
  policy_sensible: ['sensible', '堅実'],       // the farm game's bots (farm/bots)
  policy_shipper: ['shipper', '出荷専門'],
  policy_desc_greedy: ['greedy (same as easy)', '欲張り（かんたんと同じ）'],
  policy_desc_random: ['random (for practice)', 'ランダム（練習向け）'],
  // the farm game's bots (docs/farm.md "Bots and balance reports")
  policy_desc_sensible: ['sensible (enters contests, ships the rest)', '堅実（コンテストに出品し、残りを出荷）'],
  policy_desc_shipper: ['shipper (ships and upgrades, never enters)', '出荷専門（出荷と強化のみ、出品しない）'],
  policy_easy: ['easy', 'かんたん'],
  policy_normal: ['normal', 'ふつう'],
  policy_hard: ['hard', 'むずかしい'],
  policy_desc_easy: ['easy (greedy, makes mistakes)', 'かんたん（欲張り、ミスあり）'],
  policy_desc_normal: ['normal (trades with care)', 'ふつう（慎重に交渉）'],
  policy_desc_hard: ['hard (searches ahead)', 'むずかしい（先読み）'],
  doing_thinking: ['{name} is thinking…', '{name}が考え中…'],
  doing_waiting: ['{name} waits for offers…', '{name}が交渉を待っています…'],
  doing_waiting_left: ['{name} waits for offers: about {s} s left', '{name}が交渉を待っています（残り約{s}秒）'],
  doing_waiting_end: ['{name} is about to end trading', '{name}がまもなく交渉を終えます'],
  // a bot that holds the end of its part for the people (the farm's declaration, F20-F22)
  doing_ready: ['{name} is ready and waits for the others', '{name}は準備完了、ほかの人を待っています'],
  doing_ready_for: ['{name} is ready and waits for {who}', '{name}は準備完了、{who}を待っています'],
  list_and: [' and ', '、'],
  botspeed_option: ['Bot speed', 'ボットの速さ'],
  botspeed_slow: ['slow', 'ゆっくり'],
  botspeed_normal: ['normal', 'ふつう'],
  botspeed_fast: ['fast', '速い'],
  // a level in Japanese reads "{p}ボット" (かんたんボット), as the server's /who and /addbot
  // say it (commands/texts.py who.bot, who.bot_for): no brackets, none nested
  bot_title: ['A bot plays this seat ({p})', '{p}ボットがこの席をプレイ中'],
  bot_for: ['bot plays ({p})', '{p}ボットが代理'],
  bot_for_title: ['Away; a bot ({p}) plays until they are back', '離席中。戻るまで{p}ボットが代わりにプレイ'],
  away_for: ['away {t}', '離席 {t}'],
  away_title: ['No connection since {time}', '{time}から接続なし'],
  addbot_policy: ['How the bot plays', 'ボットの戦略'],
  removebot: ['Remove', '外す'],
  removebot_name: ['Remove {name}', '{name}を外す'],
  // a seat a leaver's bot played, after the game: the next start deals without it (setup.js)
  seat_gone_next: ['left during the game: not in the next one', '途中で退席: 次のゲームには入りません'],
  removebot_title: ['Take {name} off the table', '{name}を外す'],
  handover: ['Let a bot play', 'ボットに任せる'],
  handover_title: ['{name} is away: a bot plays the seat until they come back', '{name}は離席中: 戻るまでボットが代わりにプレイします'],
  dialog_rejected: ['Rejected', '拒否'],
  // the status line (issue 10): what this person can do now, or whom the table waits for
  st_connecting: ['Connecting to the table…', 'テーブルに接続中…'],
  st_offline: ['Connection lost, reconnecting… The board shows the last state the server sent; nothing can be sent until it is back.', '接続が切れました。再接続中…盤面はサーバーから最後に届いた状態です。再接続まで操作は送れません。'],
  // a room's link: one step, the name and then seated (or watching) (trial: Enter, then a
  // second Take a seat)
  st_name: ['Type your name, then press Take a seat (or Just watch).',
    '名前を入力して「参加する」を押してください（観戦だけなら「観戦する」）。'],
  // the gate of a game whose every seat is taken (/api/rooms): watching is the way in
  st_name_full: ['A game is on and every seat is taken: press Just watch to see it (a name is optional).',
    'ゲーム中で空席はありません。「観戦する」で見られます（名前は省略できます）。'],
  // every seat taken and no game on (before the start, after a game over): watching still
  st_name_full_table: ['Every seat is taken: press Just watch to see the table (a name is optional).',
    '空席はありません。「観戦する」で見られます（名前は省略できます）。'],
  gate_watch: ['Just watch', '観戦する'],
  setup_invite: ['To invite friends, send them this page’s address: {url}', '友だちを招待するには、このページのアドレスを送ってください: {url}'],
  // trial 4: "or just watch" with no Just watch button here: until seated, one watches
  st_pick_seat: ['Press Take a seat to play ({n} seated; {lo}–{hi} players). Until then you are watching.',
    '「参加する」で席に着けます（着席{n}人、{lo}〜{hi}人で遊べます）。それまでは観戦です。'],
  // a watcher at a table whose every seat is taken before the start (the server refuses a
  // join then, room_full): not asked to press Take a seat (trial user16)
  st_watch_full: ['Every seat is taken ({n} of {hi}): you are watching. If one frees before the start, Take a seat.',
    '空席はありません（{hi}席すべて着席）。観戦中です。開始前に席が空いたら「参加する」で着席できます。'],
  st_need_players: ['Waiting for players: {n} seated, at least {lo} needed. Share the link or add a bot.',
    'プレイヤーを待っています: 着席{n}人、最低{lo}人必要です。リンクを共有するかボットを追加してください。'],
  st_ready: ['{n} players seated: press Start game when everyone is here.',
    '{n}人が着席しています。全員そろったら「ゲーム開始」を押してください。'],
  // with bots seated (trial 4: "3 players seated" with two of them bots)
  st_ready_bots: ['{people} and {bots} seated: press Start game when everyone is here.',
    '{people}と{bots}が着席しています。全員そろったら「ゲーム開始」を押してください。'],
  st_ready_bots_me: ['{people} and {bots} seated: press Start game.',
    '{people}と{bots}が着席しています。「ゲーム開始」を押してください。'],
  n_people: ['{n} people', '{n}人'],
  n_people_1: ['1 person', '1人'],
  n_bots: ['{n} bots', 'ボット{n}体'],
  n_bots_1: ['1 bot', 'ボット1体'],
  st_watch_ready: ['{n} players seated; the game starts when one of them presses Start.',
    '{n}人が着席しています。誰かが「ゲーム開始」を押すと始まります。'],
  st_plant: ['Your turn: plant {bean} (drag it to a field, or press Plant).',
    'あなたの手番: {bean}を植えてください（畑へドラッグするか「植える」）。'],
  st_plant_touch: ['Your turn: plant {bean} (tap Plant or Plant here).',
    'あなたの手番: {bean}を植えてください（「植える」か「ここに植える」をタップ）。'],
  st_plant_nofit_buy: ['No field fits {bean}: harvest a field or buy field 3.',
    '{bean}を植えられる畑がありません: 畑を売却するか、3つ目の畑を買ってください。'],
  st_plant_nofit: ['No field fits {bean}: harvest a field first.',
    '{bean}を植えられる畑がありません: 先に畑を売却してください。'],
  st_plant_second: ['You may plant {bean} too (optional), or press End planting.',
    '{bean}も植えられます（任意）。植えないなら「植え付け終了」。'],
  st_plant_second_nofit: ['{bean} fits no field: press End planting (or harvest a field to plant it).',
    '{bean}は植えられる畑がありません: 「植え付け終了」を押してください（売却すれば植えられます）。'],
  st_wait_plant: ['{name} is planting.', '{name}が植えています。'],
  st_wait_plant2: ['{name} may plant a second card.', '{name}は2枚目を植えるか選んでいます。'],
  st_trade_active_k: ['Trading: accept an offer marked Accept ({k}), make your own, or End trading.',
    '交渉: 「受ける」の付いたオファーを受けられます（{k}件）。自分のオファーも出せます。終わるなら「交渉終了」。'],
  // board18: pick, the word for every way a card is taken into the offer (a click, a tap, Enter
  // or Space on it); "click cards" named the mouse alone, and its touch twin the finger alone
  st_trade_active: ['Trading: pick cards to build an offer, wait for offers, or End trading.',
    '交渉: カードを選んでオファーを作るか、オファーを待つか、「交渉終了」。'],
  // the same verb as the offer's button (accept): press Accept on an offer
  st_trade_other_k: ['{name} is trading: press Accept on an offer you want, or Not interested.',
    '{name}が交渉中: 欲しいオファーの「受ける」を押すか、「興味なし」。'],
  // newuser17: the active player's prompt ('?'), the seat's to answer (status.js)
  st_trade_other_ask: ['{name} asks you to pick a card (offer #{n}): press Answer on it, make your own offer, or Not interested.',
    '{name}があなたの選ぶカードを求めています（オファー#{n}）: その「答える」を押すか、自分のオファーを出すか、「興味なし」。'],
  st_trade_other: ['{name} is trading: pick cards to build an offer for {name}, or Not interested.',
    '{name}が交渉中: カードを選んで{name}へのオファーを作るか、「興味なし」。'],
  st_passed: ['You are not interested; {name} is trading. To trade again, make an offer or accept one.', '興味なしにしました。{name}が交渉中です。また交渉するには、オファーを出すか受けてください。'],
  // trial 4 item 7: after Not interested, an offer of the active player this seat may accept
  st_passed_open: ['You said Not interested, but you can still accept {name}’s offer #{n}.', '興味なしにしましたが、{name}のオファー#{n}はまだ受けられます。'],
  done_passed: ['Not interested ✓', '興味なし ✓'],
  done_passed_why: ['Make or accept an offer to trade again', 'オファーを出すか受ければ交渉に戻れます'],
  // trial 4: after Not interested, an offer aimed at this seat that it may accept (the view's
  // "to" and can_accept); a gift gives nothing back (R30)
  st_passed_gift_for_you: ['{name} offers you a gift (#{n}): you can still Accept it, or leave it.', '{name}からあなたへの贈り物（#{n}）: まだ「受ける」ことができます。そのままでも構いません。'],
  st_passed_offer_for_you: ['{name} offers you #{n}: you can still Accept it, or leave it.', '{name}からあなたへのオファー（#{n}）: まだ「受ける」ことができます。そのままでも構いません。'],
  // trial 4: every other seat pressed Not interested (the view's seats[].passed)
  st_trade_active_aimed: ['Trading: your offer #{n} waits for {name}. You may make another offer or End trading.',
    '交渉: あなたのオファー#{n}は{name}の返事待ちです。別のオファーも出せます。終わるなら「交渉終了」。'],
  st_all_passed: ['Nobody else wants to trade: End trading.', 'ほかに交渉したい人はいません: 「交渉終了」を押してください。'],
  st_all_passed_k: ['Nobody else wants to trade: accept an offer marked Accept ({k}) or End trading.', 'ほかに交渉したい人はいません: 「受ける」の付いたオファー（{k}件）を受けるか、「交渉終了」。'],
  // newuser18: the active player's newer offer this seat may accept, beside its own waiting one
  st_offer_beside_yours: ['{name} offers you #{n}: press Accept on it if you want it. Still waiting for {name}: your {list}.',
    '{name}からあなたへのオファー（#{n}）: 欲しければ「受ける」を押してください。{name}の受諾待ち: あなたの{list}。'],
  st_gift_beside_yours: ['{name} offers you a gift (#{n}): press Accept on it if you want it. Still waiting for {name}: your {list}.',
    '{name}からあなたへの贈り物（#{n}）: 欲しければ「受ける」を押してください。{name}の受諾待ち: あなたの{list}。'],
  st_copy_waiting: ['Your offer #{n} waits for {name} to accept it.', 'あなたのオファー#{n}は{name}の受諾待ちです。'],
  // trial 4: an Accept by a non-active player is a yes (posted as the answer #n, seed 000);
  // the active player then chooses whom to deal with (R28): no word "copy" on the board
  st_your_copy_waiting: ['You said yes to {name}’s offer #{of} (your answer #{n}). {name} now chooses whom to deal with.', '{name}のオファー#{of}に「受ける」と答えました（返答#{n}）。誰とトレードするかは{name}が選びます。'],
  st_yes_to_yours: ['{name} said yes to your offer #{of}: Accept #{n} to make the deal.', '{name}があなたのオファー#{of}に「受ける」と答えました: #{n}の「受ける」でトレード成立。'],
  st_copies_waiting: ['Your offers {list} wait for {name} to accept one.', 'あなたのオファー{list}は{name}の受諾待ちです。'],
  st_provide_auto: ['Handing over {cards} for the deal with {name} (the choice changes nothing).',
    '{name}とのトレードで{cards}を渡します（どれを選んでも同じ）。'],
  // a pointer's or a key's way alike (a keyboard player's: Enter on a card, or its place's
  // button in the deal window; "click" named the mouse's alone)
  st_provide: ['Hand over {cards} for the deal with {name}: pick the card(s), then press Hand over.',
    '{name}とのトレードで{cards}を渡してください: カードを選んで「渡す」を押します。'],
  st_provide_touch: ['Hand over {cards} for the deal with {name}: tap the card(s), then Hand over.',
    '{name}とのトレードで{cards}を渡してください: カードをタップして「渡す」。'],
  st_deal_wait: ['Waiting for {name} to hand over {cards}.', '{name}が{cards}を渡すのを待っています。'],
  st_deal_watch: ['{a} and {b} are making a deal (offer #{n}).', '{a}と{b}がトレード中です（オファー#{n}）。'],
  // phase 3 (R33): the to-plant area holds the cards received in deals and gifts and, for the
  // active player, the face-up cards kept: not all of them were traded
  st_plant_traded: ['Plant the {n} cards in your to-plant area: drag each to a field, or press Plant here.', '植え付け待ちのカード{n}枚を植えてください: それぞれ畑へドラッグするか「ここに植える」。'],
  st_plant_traded_touch: ['Plant the {n} cards in your to-plant area: tap Plant here for each.', '植え付け待ちのカード{n}枚を植えてください: 1枚ずつ「ここに植える」をタップ。'],
  st_plant_traded_1: ['Plant the card in your to-plant area: drag it to a field, or press Plant here.', '植え付け待ちのカードを植えてください: 畑へドラッグするか「ここに植える」。'],
  st_plant_traded_1_touch: ['Plant the card in your to-plant area: tap Plant here.', '植え付け待ちのカードを植えてください: 「ここに植える」をタップ。'],
  // some cards to plant fit a field, some not yet (R33, R15): two sentences, each in the
  // number of its cards (trial: "drag it" for two cards)
  st_pt_first_1: ['Plant {fit} first (drag it to a field or press Plant here).', 'まず{fit}を植えてください（畑へドラッグするか「ここに植える」）。'],
  st_pt_first_1_touch: ['Plant {fit} first (tap Plant here).', 'まず{fit}を植えてください（「ここに植える」をタップ）。'],
  st_pt_first_n: ['Plant {fit} first ({n} cards: drag them to a field or press Plant here for each).', 'まず{fit}を植えてください（{n}枚: それぞれ畑へドラッグするか「ここに植える」）。'],
  st_pt_first_n_touch: ['Plant {fit} first ({n} cards: tap Plant here for each).', 'まず{fit}{n}枚を植えてください（1枚ずつ「ここに植える」をタップ）。'],
  st_pt_then_1: ['No field fits {stuck} yet: then harvest a field for it.', '{stuck}の畑はまだありません: そのあと畑を売却してください。'],
  st_pt_then_n: ['No field fits {stuck} ({n} cards) yet: then harvest a field for them.', '{stuck}（{n}枚）の畑はまだありません: そのあと畑を売却してください。'],
  st_pt_then_buy_1: ['No field fits {stuck} yet: then harvest a field or buy field 3.', '{stuck}の畑はまだありません: そのあと売却するか3つ目の畑を購入。'],
  st_pt_then_buy_n: ['No field fits {stuck} ({n} cards) yet: then harvest a field or buy field 3.', '{stuck}（{n}枚）の畑はまだありません: そのあと売却するか3つ目の畑を購入。'],
  st_plant_traded_nofit: ['No field fits {bean}: harvest a field or buy field 3.',
    '{bean}を植えられる畑がありません: 畑を売却するか、3つ目の畑を買ってください。'],
  st_plant_traded_nofit_h: ['No field fits {bean}: harvest a field first.', '{bean}を植えられる畑がありません: 先に畑を売却してください。'],
  // trial 3: the engine's plant_advice, the least costly way when a card needs a harvest (R15, R18)
  adv_what: ['{count} {bean} for {coins} coins, {thrown} thrown away', '{bean}{count}枚: {coins}ターラー、{thrown}枚は捨て札'],
  adv_what_1: ['{count} {bean} for 1 coin, {thrown} thrown away', '{bean}{count}枚: 1ターラー、{thrown}枚は捨て札'],
  // a phone's header: the field's number says which beans (trial 4: the coins, not left out)
  adv_what_touch: ['{coins} coins, {thrown} thrown away', '{coins}ターラー、{thrown}枚は捨て札'],
  adv_what_1_touch: ['1 coin, {thrown} thrown away', '1ターラー、{thrown}枚は捨て札'],
  st_adv_nofit: ['No field fits {bean}: harvest field {field} ({what}: it loses least).',
    '{bean}を植えられる畑がありません: 畑{field}を売却してください（{what}。損が最も少ない）。'],
  st_adv_nofit_buy: ['No field fits {bean}: harvest field {field} ({what}: it loses least), or buy field 3.',
    '{bean}を植えられる畑がありません: 畑{field}を売却する（{what}。損が最も少ない）か、3つ目の畑を買ってください。'],
  st_adv_harvest: ['No field fits {stuck}: harvest field {field} first ({what}: it loses least), then plant {beans}.',
    '{stuck}を植えられる畑がありません: 先に畑{field}を売却してください（{what}。損が最も少ない）。そのあと{beans}を植えます。'],
  st_adv_harvest_all: ['Not every card fits: harvest field {field} first ({what}: it loses least), then plant {beans}.',
    '全部は植えられません: 先に畑{field}を売却してください（{what}。損が最も少ない）。そのあと{beans}を植えます。'],
  st_adv_plant_then: ['Plant {bean} first (drag it to a field or press Plant here). No field fits {stuck} yet: then harvest field {field} ({what}: it loses least).',
    'まず{bean}を植えてください（畑へドラッグするか「ここに植える」）。{stuck}を植えられる畑はまだありません: そのあと畑{field}を売却してください（{what}。損が最も少ない）。'],
  st_adv_plant_then_all: ['Plant {bean} first (drag it to a field or press Plant here), then harvest field {field} ({what}: it loses least) and plant {rest}.',
    'まず{bean}を植えて（畑へドラッグするか「ここに植える」）、そのあと畑{field}を売却して（{what}。損が最も少ない）{rest}を植えてください。'],
  // the same in the number of the cards to plant first (fourth trial: "drag it" for two cards)
  st_adv_plant_then_n: ['Plant {bean} first ({n} cards: drag them to a field or press Plant here for each). No field fits {stuck} yet: then harvest field {field} ({what}: it loses least).',
    'まず{bean}を植えてください（{n}枚: それぞれ畑へドラッグするか「ここに植える」）。{stuck}を植えられる畑はまだありません: そのあと畑{field}を売却してください（{what}。損が最も少ない）。'],
  st_adv_plant_then_all_n: ['Plant {bean} first ({n} cards: drag them to a field or press Plant here for each), then harvest field {field} ({what}: it loses least) and plant {rest}.',
    'まず{bean}を植えて（{n}枚: それぞれ畑へドラッグするか「ここに植える」）、そのあと畑{field}を売却して（{what}。損が最も少ない）{rest}を植えてください。'],
  // on a touch screen taps; the harvest's coins as on a laptop (trial 4: the phone's line
  // left out what the harvest pays)
  st_adv_nofit_touch: ['No field fits {bean}: harvest field {field} ({what}: it loses least).',
    '{bean}の畑なし: 畑{field}を売却（{what}、損が最少）。'],
  st_adv_nofit_buy_touch: ['No field fits {bean}: harvest field {field} ({what}: it loses least), or buy field 3.',
    '{bean}の畑なし: 畑{field}を売却（{what}、損が最少）か3つ目の畑を購入。'],
  st_adv_harvest_touch: ['No field fits {stuck}: harvest field {field} first ({what}: it loses least), then plant {beans}.',
    '{stuck}の畑なし: 先に畑{field}を売却（{what}、損が最少）→{beans}を植える。'],
  st_adv_harvest_all_touch: ['Not every card fits: harvest field {field} first ({what}: it loses least), then plant {beans}.',
    '全部は植えられません: 先に畑{field}を売却（{what}、損が最少）→{beans}を植える。'],
  st_adv_plant_then_touch: ['Plant {bean} first (tap Plant here). No field fits {stuck} yet: then harvest field {field} ({what}).',
    'まず{bean}を植える（「ここに植える」をタップ）。{stuck}の畑なし: 次に畑{field}を売却（{what}）。'],
  st_adv_plant_then_all_touch: ['Plant {bean} first (tap Plant here), then harvest field {field} ({what}) and plant {rest}.',
    'まず{bean}を植え（「ここに植える」をタップ）、次に畑{field}を売却（{what}）→{rest}を植える。'],
  st_adv_plant_then_n_touch: ['Plant {bean} first ({n} cards: tap Plant here for each). No field fits {stuck} yet: then harvest field {field} ({what}).',
    'まず{bean}{n}枚を植える（「ここに植える」をタップ）。{stuck}の畑なし: 次に畑{field}を売却（{what}）。'],
  st_adv_plant_then_all_n_touch: ['Plant {bean} first ({n} cards: tap Plant here for each), then harvest field {field} ({what}) and plant {rest}.',
    'まず{bean}{n}枚を植え（「ここに植える」をタップ）、次に畑{field}を売却（{what}）→{rest}を植える。'],
  // two harvests or more (trial 4): the engine's whole plan (plant_advice.steps), in order,
  // with its totals; at most three lines in a phone's header (trial 4: five)
  st_adv_plan: ['No field fits {stuck}. Least loss: {plan} ({k} harvests: {coins}, {thrown} thrown away).',
    '{stuck}の畑なし。損が最少: {plan}（売却{k}回: {coins}、{thrown}枚捨て札）。'],
  st_adv_plan_all: ['Not every card fits. Least loss: {plan} ({k} harvests: {coins}, {thrown} thrown away).',
    '全部は植えられません。損が最少: {plan}（売却{k}回: {coins}、{thrown}枚捨て札）。'],
  adv_step_harvest: ['harvest field {field}', '畑{field}を売却'],
  adv_step_plant: ['plant {bean} in field {field}', '{bean}を畑{field}に植える'],
  // the plant that goes into the field just harvested
  adv_step_plant_there: ['plant {bean} there', '{bean}を植える'],
  adv_then: [' → ', '→'],
  adv_coins: ['{n} coins', '{n}ターラー'],
  adv_coins_1: ['1 coin', '1ターラー'],
  adv_or_buy_touch: [' Or buy field 3.', '（3つ目の畑の購入も可）'],
  adv_or_buy: [' Or buy field 3.', ' 3つ目の畑を買うこともできます。'],
  harvest_advised: ['Harvest this field: it loses least', 'この畑の売却が最も損が少ない'],
  advised_tag: ['loses least', '損が最少'],
  // trial 4: a second field of a bean one already grows (the view's second_fields, R14)
  use_field_tag: ['plant here', 'ここへ'],
  second_field_warn: ['A second {bean} field is usually a mistake: field {use} grows {bean}.',
    '2つ目の{bean}の畑はたいてい損です: 畑{use}で育てましょう。'],
  st_wait_plant_traded: ['Waiting for {names} to plant the cards in their to-plant areas.', '{names}がそれぞれ植え付け待ちのカードを植えるのを待っています。'],
  st_wait_plant_traded_1: ['Waiting for {names} to plant the cards in their to-plant area.', '{names}が植え付け待ちのカードを植えるのを待っています。'],
  st_over: ['Game over: {names} won with {n} coins.', 'ゲーム終了: {names}の勝ち（{n}ターラー）。'],
  st_watching: ['You are watching. ', '観戦中: '],
  st_over_free_seat: [' A seat is free for the next game: Take a seat to play it.', '次のゲームの席が空いています。「参加する」で着席できます。'],
  // a person's seat a bot plays (the turn clock ran out 3 times, or /handover): any command
  // of hers takes it back (README "Turn clock"); the line said only whose turn it was
  st_bot_plays_you: ['A bot plays your seat until you act: any move or command (/who) takes it back. ',
    'ボットがあなたの席を代わりに打っています。何か操作するかコマンド（/who）で取り戻せます。'],
  // why a Harvest button waits (the view's harvestable hint, R16/R19)
  harvest_protected: ['A single {bean} cannot be harvested while another field holds two or more beans.',
    'ほかの畑に2枚以上の豆があるあいだは、1枚だけの{bean}は売却できません。'],
  harvest_not_now: ['You can harvest only on your own turn.', '売却できるのは自分の手番だけです。'],
  buy_why: ['Field 3 costs {n} coins: you have fewer.', '3つ目の畑は{n}ターラーです: 足りません。'],
  // a watcher's status line only says what the table waits for (no buttons to press)
  st_watch_trade: ['{name} is trading.', '{name}が交渉中です。'],
  st_watch_duel_offer: ['{name} plants or discards the cards {other} left.', '{name}が{other}の残したカードを植えるか捨てています。'],
  st_watch_duel_revealed: ['{name} plants the revealed cards; the rest goes to {other}.', '{name}がめくったカードを植えています。残りは{other}に渡ります。'],
  title_turn: ['Your turn', 'あなたの番'],
  sound_on: ['Sound on your turn: on', '手番の音: オン'],
  sound_off: ['Sound on your turn: off', '手番の音: オフ'],
  // the visible words of the top bar's switches (their state is aria-pressed)
  sound_short: ['Sound', '音'],
  speaker_short: ['Read aloud', '読み上げ'],
  sound_name: ['Sound on your turn', '手番の音'],
  speaker_name: ['Read aloud: new offers', '読み上げ: 新しいオファー'],
  // the words under the phone's switches: short, the header's news keeps its room
  sound_short_tiny: ['Sound', '音'],
  speaker_short_tiny: ['Read', '読上げ'],
  signal_have_short: ['have', '提供'],
  signal_want_short: ['want', '欲しい'],
  signal_clear_short: ['clear markers', 'マーカーを消す'],
  // after a harvest (issue 10 h): the coins it earned, at the top
  harvest_toast: ['+{n} coins', '+{n}ターラー'],
  harvest_toast_1: ['+1 coin', '+1ターラー'],
  news_more: ['+{n} more', '他{n}件'],
  news_more_title: ['{n} more lines: press to read them all', 'ほか{n}件: 押すとすべて表示'],
  news_more_label: ['Show all {n} lines', '全{n}件を表示'],
  // the news bar's ×, named for what it closes (board18: "Close", as the bean panel's Close)
  news_close: ['Close the news', 'お知らせを閉じる'],
  // a spectator while a person sits: the set-up controls wait (RoomInfo.arrangers)
  setup_seated_only: ['Only the seated players change the table: bots, rules and the start. Take a seat to join in.',
    '卓の設定（ボット・ルール・開始）を変えられるのは着席している人だけです。参加するには席に着いてください。'],
  // a room link's name gate (trial 4): who sits here already, the free seats (/api/rooms)
  gate_seated: ['Seated: {names} ({n} seats free).', '着席中: {names}（空席{n}）。'],
  gate_seated_1: ['Seated: {names} (1 seat free).', '着席中: {names}（空席1）。'],
  // a name of spaces alone (lobby, name gate): refused before anything is sent
  name_blank: ['Type a name: spaces alone are not one.', '名前を入力してください（空白だけでは名前になりません）。'],
  // the command line at the server's limit: what did not fit was left out (chatlog.js)
  line_cut: ['A line holds at most {n} characters: the rest was left out.', '1行は最大{n}文字です。残りは入りませんでした。'],
  // a name the room uses already, refused when the person asked to sit under it (trial 7)
  link_game_ignored: ['This room plays {game}: the game named in the link was not set (a link picks the game of an empty room only).', 'このルームは{game}です。リンクで指定されたゲームは設定されませんでした（リンクでゲームを選べるのは空のルームだけです）。'],
  gate_name_taken: ['{name} is already used in this room: type another name.', '{name}はこのルームで使われています。別の名前を入力してください。'],
  gate_nobody: ['Nobody is seated yet.', 'まだ誰も着席していません。'],
  // a game is on and every seat is taken: /join is refused (game_running), the person watches
  gate_full_game: ['A game is on: {names} play, every seat is taken. You can watch it.',
    'ゲーム中です: {names} がプレイしていて、空席はありません。観戦できます。'],
  gate_full_table: ['Seated: {names}. Every seat is taken; you can watch.',
    '着席中: {names}。空席はありません。観戦できます。'],
  // buying field 3 (R21-R25), news from the log's buy entry (trial 4)
  news_buy_you_n: ['You bought field 3 for {n} coins', '3つ目の畑を{n}ターラーで買いました'],
  news_buy_you_1: ['You bought field 3 for 1 coin', '3つ目の畑を1ターラーで買いました'],
  news_buy_you: ['You bought field 3', '3つ目の畑を買いました'],
  news_buy: ['{name} bought field 3', '{name}が3つ目の畑を買いました'],
  lobby_game_farm: ['Farm contest', '農園コンテスト'],
  lobby_tag_farm: ['Farm contest', '農園コンテスト'],
  phase_short: ['Phase {n}', 'フェーズ{n}'],
  // the market
  row_you_give: ['you give', 'あなたが出す'],
  row_you_get: ['you get', 'あなたがもらう'],
  row_gives: ['{name} gives', '{name}が出す'],
  row_gets: ['{name} gets', '{name}がもらう'],
  accept: ['Accept', '受ける'],
  // tapaccept19: a finger's tap on an offer picks it; only its Accept makes the deal
  tap_accept_hint: ['Tap Accept to take this offer: a trade cannot be undone.', 'このオファーを受けるには「受ける」をタップ。取引は取り消せません。'],
  accept_title_active: ['Accept offer #{n}: start the deal with {name}', 'オファー#{n}を受ける: {name}とトレード開始'],
  accept_title_other: ['Accept offer #{n}: you say yes, then {name} chooses whom to deal with', 'オファー#{n}を受ける: あなたが「受ける」と答え、誰とトレードするかは{name}が選びます'],
  withdraw: ['Withdraw', '撤回'],
  // the market's buttons by name (market.js): which offer, whose, and what the one pressing
  // gives ({a}) and gets ({b}); each holds its button's visible word (Accept, 受ける, ...)
  accept_name: ['Accept offer #{n} from {name} (you give {a}; you get {b})', 'オファー#{n}（{name}）を受ける（出す: {a}／もらう: {b}）'],
  withdraw_name: ['Withdraw offer #{n} (you give {a}; you get {b})', 'オファー#{n}を撤回（出す: {a}／もらう: {b}）'],
  answer_name: ['Answer offer #{n} from {name} (you give {a}; you get {b})', 'オファー#{n}（{name}）に答える（出す: {a}／もらう: {b}）'],
  reoffer_name: ['Offer #{n} again (you give {a}; you get {b})', 'オファー#{n}をもう一度出す（出す: {a}／もらう: {b}）'],
  withdraw_title: ['Take offer #{n} off the market', 'オファー#{n}を市場から下げる'],
  answer: ['Answer', '答える'],
  answer_title: ['Offer #{n} has a "?": fill it in the offer window and send it', 'オファー#{n}には「?」があります: オファー欄で補って出してください'],
  reoffer_title: ['Offer #{n} into the offer window: change it there and send it as a new offer', 'オファー#{n}をオファー欄へ: そこで変えて新しいオファーとして出す'],
  note_open: ['open to all', '全員に公開'],
  note_open_to: ['only {name} may accept', '{name}だけが受けられます'],
  note_waiting: ['waits for {name}', '{name}の受諾待ち'],
  note_answered: ['you said yes (#{n}): {name} chooses', '「受ける」と答えました（#{n}）: {name}が選びます'],
  note_answered_in_deal: ['you said yes (#{n}): in the deal with {name}', '「受ける」と答えました（#{n}）: {name}とトレード中'],
  note_not_for_you: ['for {name} only', '{name}だけが受けられます'],
  note_not_for_you_mine: ['for {name} only: on {name}’s turn', '{name}宛て: {name}の手番に'],
  offer_to_tag: ['to {name} only', '{name}宛て'],
  // trial 4 item 4: who made an offer, on whose turn, and whom it is for now (the view's
  // turn_active and partners; rules.md T28: an offer outlives its turn, C13, and is for the
  // active player of the turn it is seen in)
  made_on: ['made on {name}’s turn', '{name}の手番に出された'],
  made_on_you: ['made on your turn', 'あなたの手番に出された'],
  made_earlier: ['made in an earlier turn', '前のターンに出された'],
  now_for_you: ['now for you', '今はあなた宛て'],
  now_for: ['now for {name}', '今は{name}宛て'],
  now_open: ['now open to all', '今は全員に公開'],
  now_later: ['for {name} only, on {name}’s turn', '{name}だけ: {name}の手番に'],
  // the one line of an offer from an earlier turn in phase 2: "Made on Bot 2's turn; now for you"
  offer_when: ['{made}; {now}', '{made}オファー。{now}'],
  offer_when_title: ['Offer #{n} by {owner}, {made} (turn {t}). It stays while {owner} holds what it gives; a deal only in a phase 2, with that turn’s active player: {now}.',
    '{owner}のオファー#{n}（{made}、ターン{t}）。出すカードを持っている間は市場に残ります。トレードはフェーズ2に、その手番プレイヤーとだけ: {now}。'],
  // outside phase 2 an offer folds to its head: what it is, for whom in phase 2 (was "phase 2 only")
  chip_for_you: ['for you in phase 2', 'フェーズ2であなた宛て'],
  chip_for: ['for {name} in phase 2', 'フェーズ2で{name}宛て'],
  chip_open: ['open to all in phase 2', 'フェーズ2で全員に公開'],
  chip_later: ['for {name}, on {name}’s turn', '{name}宛て: {name}の手番に'],
  chip_next: ['waits for the next phase 2', '次のフェーズ2を待つ'],
  chip_made: ['{made} · {whom}', '{made}・{whom}'],
  // a gift (R30): one side gives nothing
  gift_tag: ['Gift', '贈り物'],
  gift_ask_tag: ['Asks for a gift', '贈り物の依頼'],
  // the offer window outside phase 2: an offer may be posted at any time, deals wait for phase 2 (R28)
  offer_phase2_only: ['Deals are made in phase 2 (trading): an offer sent now waits in the market until then.', '取引が成立するのはフェーズ2（交渉）だけです。今出したオファーはそれまで市場で待ちます。'],
  note_deal: ['in the deal', 'トレード中'],
  note_for: ['for {name}', '{name}宛て'],
  note_lacks_you: ['you lack {cards}', 'あなたに{cards}がない'],
  note_lacks: ['{name} lacks {cards}', '{name}に{cards}がない'],
  note_phase2: ['phase 2 only', 'フェーズ2のみ'],
  note_after_deal: ['after the current deal', '今のトレードの後'],
  note_too_many: ['you have 8 offers', 'オファーが8件あります'],
  note_ask: ['answer with your offer', '自分のオファーで答える'],
  note_answers: ['{name}’s yes to #{n}', '{name}: #{n}に「受ける」'],
  note_answers_mine: ['your yes to #{n}', 'あなた: #{n}に「受ける」'],
  note_copy_of_yours: ['{name} said yes to your #{n}', '{name}が#{n}に「受ける」'],
  // trial 5: an offer's own story (the view's offers[].traded and .declined, C13)
  offer_traded_1: ['Traded once (with {names}): still open for another deal of {cards}.', '{names}と1回取引済み: {cards}でもう一度取引できます。'],
  offer_traded_n: ['Traded {n} times (with {names}): still open for another deal of {cards}.', '{names}と{n}回取引済み: {cards}でもう一度取引できます。'],
  offer_declined: ['Declined by {names} (not interested).', '{names}が見送りました（興味なし）。'],
  list_sep: [', ', '、'],
  // trial 5: a face-up card that left in a deal keeps its place (the others their numbers)
  face_up_gone: ['traded', '取引済み'],
  face_up_gone_title: ['Face-up {n} ({bean}) left in a deal; the other face-up cards keep their numbers.', '表向き{n}（{bean}）は取引で渡りました。ほかの表向きのカードの番号は変わりません。'],
  // trial 5: the hand cards the offer being built gives
  hand_in_offer: ['in offer', 'オファー'],
  hand_in_offer_title: ['This card is in the offer you are building (You give).', 'このカードは作成中のオファー（あなたが出す）に入っています。'],
  answered_by: ['said yes: {list}', '「受ける」と答えた人: {list}'],
  your_copies: ['you said yes ({list}): {name} chooses', '「受ける」と答えました（{list}）: {name}が選びます'],
  // trial 6: who traded what with whom, for a bystander (the log's deal_done; R30, R31)
  gone_traded: ['{a} and {b} traded: {x} for {y}', '{a}と{b}がトレードしました: {x}と{y}'],
  // trial 4: what a deal or gift gave this party (the log's deal_done); planted in phase 3 (R33)
  got_cards_1: ['You got {cards} from {name}: plant it in phase 3.', '{name}から{cards}をもらいました: フェーズ3で植えます。'],
  gave_gift: ['You gave {cards} to {name} as a gift.', '{name}に{cards}を贈りました。'],
  got_cards: ['You got {cards} from {name}: plant them in phase 3.', '{name}から{cards}をもらいました: フェーズ3で植えます。'],
  gone_withdrawn: ['Offer #{n} was withdrawn.', 'オファー#{n}は撤回されました。'],
  gone_stale: ['Offer #{n} is gone: its owner no longer holds the cards.', 'オファー#{n}は消えました: 出す側がカードを持っていません。'],
  // C12: a taker's answer to a gift whose gift left (the log's offer_stale, why gift_request)
  gone_gift_request: ['Offer #{n} is gone: the gift it answered is gone, and asking for a gift is not allowed here.', 'オファー#{n}は消えました: 応じた贈り物がなくなり、贈り物の依頼はできません。'],
  // trial 6: an offer of face-up cards its owner kept as she ended trading (R32, R33)
  gone_kept_mine: ['Offer #{n} ended: the face-up cards are yours to plant (phase 3).', 'オファー#{n}は終わりました: 表向きのカードはあなたのものです（フェーズ3で植えます）。'],
  gone_kept: ['Offer #{n} ended: {name} keeps the face-up cards to plant (phase 3).', 'オファー#{n}は終わりました: 表向きのカードは{name}が植えます（フェーズ3）。'],
  gone_cancelled: ['The deal on offer #{n} was called off; the offer stays.', 'オファー#{n}のトレードは中止されました（オファーは残ります）。'],
  done_blocked_deal: ['Finish or cancel the deal first', '先にトレードを完了するか中止してください'],
  done_blocked_plant: ['Plant the front card first', '先に手札の先頭を植えてください'],
  // the same reasons in a few words, under the button on a phone (trial 5)
  done_blocked_deal_short: ['after the deal', 'トレード後に'],
  done_blocked_plant_short: ['plant first', '先に1枚植える'],
  done_passed_why_short: ['offer to return', 'オファーで復帰'],
  // cards and fields
  meter_short: ['coins: cards needed', 'ターラー: 必要枚数'],
  tap_hint: ['Tap a card for its beanometer', 'カードをタップで換金表'],
  want_one: ['Want +1', '欲しい +1'],
  give_one: ['Give +1', '出す +1'],
  tap_note_get: ['You get {n} × {bean} in your offer', 'オファーで{bean}を{n}枚もらう'],
  tap_note_give: ['You give {n} × {bean} in your offer', 'オファーで{bean}を{n}枚出す'],
  mark_have: ['Mark: I have', '提供したい印'],
  mark_want: ['Mark: I want', '欲しい印'],
  close: ['Close', '閉じる'],
  cancel: ['Cancel', 'キャンセル'],
  // trial 3: a harvest that pays nothing asks first (the coins: the view's field_info)
  harvest_confirm: ['Harvest field {n} for 0 coins? ({count} {bean} thrown away)', '畑{n}を0ターラーで売却しますか？（{bean}{count}枚は捨て札になります）'],
  // the offer window's line while folded, in the status line's word (pick: a click or a key);
  // a touch screen's own (a catalogue bean tapped opens its panel, Want +1 asks for it)
  offer_fold: ['Pick a hand card to give it, a catalogue bean to ask for it.',
    '手札を選ぶと出す、カタログの豆を選ぶともらう。'],
  offer_fold_touch: ['Tap cards on the board to build one (a hand card: give).',
    'ボード上のカードをタップして作ります（手札: 出す）。'],
  offer_open: ['Build an offer', 'オファーを作る'],
  field_no: ['Field {n}', '畑{n}'],
  players_range: ['{lo}–{hi} players', '{lo}〜{hi}人'],
  // what the chosen preset sets for the seats the next game deals for (/api/facts by_players;
  // pitfalls B11, B31, B32: the edition's fields, third field, length and tie-break on screen)
  preset_rules: ['With {n} players: {fields} fields, {third}, {passes}; ties: {tb}.',
    '{n}人: 畑{fields}つ、{third}、{passes}。同点: {tb}。'],
  preset_third_buy: ['a third for {c} coins', '3つ目の畑は{c}ターラー'],
  preset_third_none: ['no third field to buy', '3つ目の畑の購入なし'],
  preset_passes: ['{n} deck passes', '山札{n}巡で終了'],
  preset_passes_1: ['1 deck pass', '山札1巡で終了'],
  preset_classic: ['Classic', 'クラシック'],
  preset_rio_grande: ['Rio Grande', 'リオグランデ'],
  preset_amigo: ['Amigo', 'アミーゴ'],
  game_over_winner: ['{names} won with {n} coins', '{names}の勝ち（{n}ターラー）'],
  you_are_here: ['you', 'あなた'],
  hand_title: ['the front card (left, marked next) is planted first', '左端（「次」）から植えます'],
  lobby_people: ['{n} connected', '{n}人接続中'],
  lobby_free: ['{n} free seats', '空席{n}'],
  lobby_free_1: ['1 free seat', '空席1'],
  lobby_free_next: ['{n} free seats for the next game', '次のゲームの空席{n}'],
  lobby_free_1_next: ['1 free seat for the next game', '次のゲームの空席1'],
  marker_armed: ['Now click a card to mark it', 'カードをクリックして印を付けます'],
  marker_armed_touch: ['Now tap a card to mark it', 'カードをタップして印を付けます'],
  marker_armed_key: ['Now go to a card (Tab, then the arrow keys along a row) and press Enter to mark it; press the arrow again to cancel',
    'カードへ移動し（Tab、列の中は矢印キー）、Enterで印を付けます。取り消すには矢印をもう一度押します'],
  // the 2-player bean duel (rules.md 3a)
  phase_plant_offer: ["Step 1: the opponent's offer", 'ステップ1: 相手の提供カード'],
  phase_plant_revealed: ['Step 3: revealed cards', 'ステップ3: めくったカード'],
  duel_phase_plant: ['Step 2: planting from the hand', 'ステップ2: 手札から植え付け'],
  done_end_turn: ['End turn (the rest to your opponent)', '手番終了（残りは相手へ）'],
  // a phone's header has no room for the reason (it covered the switches); the duel's box
  // says where the rest goes
  done_end_turn_touch: ['End turn', '手番終了'],
  // the duel's step 3 after the final exhaustion (rules.md R38): /done scores the game
  done_end_game: ['End the game (final scoring)', 'ゲーム終了（最終得点計算）'],
  done_end_game_touch: ['End game', 'ゲーム終了'],
  wf_plant_revealed_last: ['The draw pile has run out: plant the revealed cards you want, then end the game.', '山札が尽きました: めくったカードから好きなものを植え、ゲームを終えてください。'],
  st_duel_wait_revealed_last: ['{name} plants the revealed cards; then the game is scored (the draw pile has run out).', '{name}がめくったカードを植えています。その後ゲームの得点計算です（山札が尽きました）。'],
  duel_rest_last: ['The game ends after this step: what you leave goes to nobody.', 'この手順でゲームが終わります: 残したカードは誰にも渡りません。'],
  wf_plant_offer: ['Plant or discard each card your opponent left.', '相手が残したカードを1枚ずつ植えるか捨ててください。'],
  wf_plant_revealed: ['Plant the revealed cards you want, then end your turn.', 'めくったカードから好きなものを植え、手番を終えてください。'],
  wf_duel_plant: ['Plant the next front card, discard one hand card (Discard), or end planting.', '次の先頭カードを植える、手札を1枚捨てる（「捨てる」）、または植え付け終了。'],
  st_duel_planted_two: ['Two cards planted: discard one hand card (Discard), or press End planting.', '2枚植えました: 手札を1枚捨てる（「捨てる」）か「植え付け終了」を押してください。'],
  // the opponent in step 2 after one or two plants (rules.md 3a: a third card is never planted)
  st_duel_wait_plant2: ['{name} may plant a second card, discard one hand card, or end planting.', '{name}は2枚目を植えるか、手札を1枚捨てるか、植え付けを終えるか選んでいます。'],
  st_duel_wait_discard: ['{name} may discard one hand card, or end planting.', '{name}は手札を1枚捨てるか、植え付けを終えるか選んでいます。'],
  st_duel_wait_offer: ['{name} plants or discards the cards you left.', '{name}があなたの残したカードを植えるか捨てています。'],
  st_duel_wait_revealed: ['{name} plants the revealed cards; the rest comes to you.', '{name}がめくったカードを植えています。残りはあなたに渡ります。'],
  duel_title: ['Bean duel', '豆の決闘'],
  duel_step1: ['1 Offer', '1 提供'],
  duel_step2: ['2 Plant', '2 植える'],
  duel_step3: ['3 Reveal', '3 めくる'],
  duel_step4: ['4 Draw 2', '4 2枚引く'],
  duel_drop_discard: ['drop a card here to discard it', 'ここにドロップして捨てる'],
  duel_offer_from: ['{name} left these for {to}', '{name}が{to}に残したカード'],
  duel_revealed: ['Revealed by {name}', '{name}がめくったカード'],
  duel_left_over: ['Left over', '残ったカード'],
  duel_no_faceup: ['No face-up cards', '表向きのカードなし'],
  duel_pulled: ['From the discard pile: it matches a revealed card', '捨て札から: めくったカードと同じ種類'],
  duel_discard: ['Discard', '捨てる'],
  duel_discard_hand: ['Discard this hand card (once, after planting)', 'この手札を捨てる（植えた後に1回）'],
  duel_rest_to: ['What you leave goes to {name}.', '残したカードは{name}へ渡ります。'],
  duel_offer_hint: ['Plant a card on a field (↓ #N, or drag it), or discard it.', 'カードを畑に植える（↓ #N かドラッグ）か、捨ててください。'],
  // a touch screen taps; it does not drag (board5b's note: "かドラッグ" on a phone)
  duel_offer_hint_touch: ['Plant a card on a field (tap ↓ #N), or discard it.', 'カードを畑に植える（↓ #N をタップ）か、捨ててください。'],
  duel_option: ['2-player duel', '2人用の決闘'],
  duel_standard: ['standard (2 fields, buy a 3rd)', '標準（畑2つ、3つ目は購入）'],
  duel_3fields: ['3 fields', '畑3つ'],
  // the turn clock (/option clock)
  clock_option: ['Turn clock', '持ち時間'],
  clock_off: ['off', 'なし'],
  clock_seconds: ['{n} s', '{n}秒'],
  clock_title: ['Time left for this decision', 'この判断の残り時間'],
  clock_yours: ['your time', 'あなたの持ち時間'],
  timeouts_title: ['Turns in a row whose time ran out', '連続で時間切れになった手番数'],
};

let lang = localStorage.getItem('bohnanza.lang') ||
  ((navigator.language || 'en').toLowerCase().startsWith('ja') ? 'ja' : 'en');
const listeners = [];

export function getLang() { return lang; }
export function setLang(l) {
  lang = l === 'ja' ? 'ja' : 'en';
  localStorage.setItem('bohnanza.lang', lang);
  document.documentElement.lang = lang;
  for (const f of listeners) f(lang);
}
export function onLang(f) { listeners.push(f); }

// Keys asked for that have no text: the browser tests require this list to stay empty (a key
// shown as itself, "waiting_room", is an internal name on the screen).
export const missing = new Set();

// Whether a text exists for key (for names that fall back to the raw word, e.g. a bot policy).
export function has(key) { return Object.prototype.hasOwnProperty.call(T, key); }

// On a touch screen a text with a "_touch" twin (taps, not clicks) reads as that twin: every
// status line and hint speaks of taps there (trial: the JA status line said クリック on a phone).
export function t(key, vars) {
  const pair = (isTouch() && T[key + '_touch']) || T[key];
  if (!pair) missing.add(key);
  let s = pair ? pair[lang === 'ja' ? 1 : 0] : key;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.split('{' + k + '}').join(String(v));
  return s;
}

export function beanName(slug) {
  const pair = BEAN_NAMES[slug];
  return pair ? pair[lang === 'ja' ? 1 : 0] : slug;
}


// Apply translations to static markup: data-i18n="key" (textContent), data-i18n-ph (placeholder),
// data-i18n-title (title).
export function applyStatic(root = document) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-ph]')) el.placeholder = t(el.dataset.i18nPh);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
}
