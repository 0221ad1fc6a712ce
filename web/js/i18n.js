// Texts in English and Japanese; bean names in both. Default language from the browser.
import { FACTS } from './facts.js';

// slug -> [English, Japanese]; on the cards English drops the word "Bean" ("Black-eyed")
const BEAN_NAMES = Object.fromEntries(FACTS.beans.map((b) => [b.slug, [b.names.en.replace(/ Bean$/, ''), b.names.ja]]));

const T = {
  title: ['Bohnanza', 'ボーナンザ'],
  lobby_rooms: ['Rooms', 'ルーム一覧'],
  lobby_none: ['No rooms yet.', 'ルームはまだありません。'],
  lobby_name: ['Your name', 'あなたの名前'],
  lobby_room: ['Room', 'ルーム名'],
  lobby_open: ['Open or create', '開く / 作る'],
  lobby_refresh: ['Refresh', '更新'],
  lobby_running: ['playing', 'プレイ中'],
  lobby_waiting: ['waiting', '募集中'],
  lobby_spectators: ['spectators', '観戦'],
  back_lobby: ['Lobby', 'ロビー'],
  connecting: ['Connecting…', '接続中…'],
  disconnected: ['Disconnected, reconnecting…', '切断されました。再接続中…'],
  pass: ['Deck pass', '山札'],
  deck: ['Draw pile', '山札残り'],
  discard: ['Discard', '捨て札'],
  phase_plant: ['Phase 1: planting', 'フェーズ1: 植え付け'],
  phase_trade: ['Phase 2: trading', 'フェーズ2: 交渉'],
  phase_plant_traded: ['Phase 3: planting traded cards', 'フェーズ3: 入手カードの植え付け'],
  phase_over: ['Game over', 'ゲーム終了'],
  done_end_planting: ['End planting', '植え付け終了'],
  done_end_trading: ['End trading', '交渉終了'],
  done_not_interested: ['Not interested', '興味なし'],
  done_none: ['Wait…', '待機中…'],
  market: ['Bean market', '豆取引市場'],
  market_empty: ['No offers.', 'オファーはありません。'],
  you_give: ['I give', '提供'],
  you_get: ['I get', '要求'],
  nothing: ['nothing', 'なし'],
  face_up: ['Face-up cards', '表向きのカード'],
  offer_window: ['Offer', 'オファー'],
  offer_give: ['Give', '提供'],
  offer_want: ['Want', '要求'],
  offer_send: ['Send offer', '提示'],
  swap_off: ['click = left', 'クリック=左'],
  swap_on: ['click = right', 'クリック=右'],
  swap_title: ['Touch screens: make a click act as the right mouse button', 'タッチ画面用: クリックを右クリックとして扱う'],
  offer_clear: ['Clear', '消去'],
  offer_help: ['Hand, face-up, other fields: left = give, right = want. Own fields, catalogue: left = want, right = give. In this window: left −1, right +1.',
    '手札・表向きカード・他人の畑: 左=提供 右=要求。自分の畑・カタログ: 左=要求 右=提供。このウィンドウ内: 左=−1 右=+1'],
  deal: ['Deal', 'トレード'],
  deal_with: ['Deal for offer #{n} with {name}', 'オファー#{n}: {name}とのトレード'],
  deal_you_get: ['You receive', '受け取るカード'],
  deal_you_give: ['You hand over (click or drag the exact cards)', '渡すカード（カードをクリックまたはドラッグ）'],
  deal_provide: ['Hand over', '渡す'],
  deal_cancel: ['Cancel deal', 'トレード中止'],
  deal_waiting: ['Waiting for {name}…', '{name}を待っています…'],
  deal_provided: ['provided', '提供済み'],
  deal_watch: ['{a} and {b} are dealing (offer #{n})', '{a}と{b}がトレード中（オファー#{n}）'],
  hand: ['Your hand', '手札'],
  hand_front: ['next', '次'],
  to_plant: ['To plant', '植えるカード'],
  fields: ['Your fields', 'あなたの畑'],
  field_empty: ['empty', '空き'],
  harvest: ['Harvest', '売却'],
  buy: ['Buy 3rd field (3 coins)', '3つ目の畑を購入（3ターラー）'],
  plant_here: ['Plant here', 'ここに植える'],
  plant_front: ['Plant', '植える'],
  harvest_now: ['harvest now = {n} coins', '今売却 = {n}ターラー'],
  next_coin: ['next coin at {m} cards', '次のコインは{m}枚'],
  no_next_coin: ['top tier', '最高額'],
  catalogue: ['Bean catalogue', '豆カタログ'],
  meter: ['cards for 1 / 2 / 3 / 4 coins', '1/2/3/4ターラーに必要な枚数'],
  cards: ['cards', '枚'],
  hand_cards: ['cards in hand', '手札'],
  coins: ['coins', 'ターラー'],
  hidden: ['hidden', '非表示'],
  received_hand: ['received / hand', '入手 / 手札'],
  active_mark: ['active player', '手番プレイヤー'],
  idle_mark: ['idle', '非活性'],
  pass_mark: ['not interested', '興味なし'],
  chat: ['Chat', 'チャット'],
  log: ['Game log', 'ゲームログ'],
  chat_placeholder: ['Chat or /command (↑↓ history)', 'チャットまたは /コマンド（↑↓で履歴）'],
  send: ['Send', '送信'],
  speaker_on: ['Read offers aloud: on', 'オファー読み上げ: オン'],
  speaker_off: ['Read offers aloud: off', 'オファー読み上げ: オフ'],
  signals: ['Supply & demand', '需要と供給'],
  signal_have: ['I have (drag onto a card)', '提供したい（カードにドラッグ）'],
  signal_want: ['I want (drag onto a card)', '欲しい（カードにドラッグ）'],
  signal_clear: ['Clear my markers', 'マーカー消去'],
  signals_seen: ['Markers', 'マーカー'],
  seats: ['Seats', '座席'],
  join: ['Take a seat', '参加する'],
  leave: ['Leave seat', '退席'],
  addbot: ['Add bot', 'ボット追加'],
  start: ['Start game', 'ゲーム開始'],
  hiddenmoney: ['Hidden money', '獲得現金非表示'],
  preset: ['Rules', 'ルール'],
  spectating: ['You are watching.', '観戦中です。'],
  waiting_room: ['Waiting for players (3-5 players in classic).', 'プレイヤーを待っています（クラシック: 3-5人）。'],
  your_name: ['Your name', 'あなたの名前'],
  enter: ['Enter', '入室'],
  scores: ['Scores', '得点'],
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
  wf_plant: ['Plant the front card (drag it onto a field or click Plant).', '先頭のカードを植えてください（畑にドラッグ、または「植える」）。'],
  wf_plant_traded: ['Plant the cards you received.', '入手したカードを植えてください。'],
  wf_trade: ['Trade: post offers, accept one, or end trading.', '交渉: オファーを出す・受ける、または交渉終了。'],
  wf_provide: ['Hand over the cards of the deal.', 'トレードのカードを渡してください。'],
  offer_ask: ['?', '?'],
  offer_by: ['#{n} by {name}', '#{n} {name}'],
  speak_offer: ['{name} offers {give} for {want}', '{name}のオファー: {give} と {want} の交換'],
  you: ['you', 'あなた'],
  policy_greedy: ['greedy', '欲張り'],
  policy_random: ['random', 'ランダム'],
  bot_title: ['A bot plays this seat ({p})', 'ボットがこの席をプレイ中（{p}）'],
  bot_for: ['bot plays ({p})', 'ボット代理（{p}）'],
  bot_for_title: ['Away; a bot ({p}) plays until they are back', '離席中。戻るまでボット（{p}）が代わりにプレイ'],
  away_for: ['away {t}', '離席 {t}'],
  away_title: ['No connection since {time}', '{time}から接続なし'],
  addbot_policy: ['How the bot plays', 'ボットの戦略'],
  removebot: ['Remove', '外す'],
  removebot_title: ['Take {name} off the table', '{name}を外す'],
  handover: ['Let a bot play', 'ボットに任せる'],
  handover_title: ['{name} is away: a bot plays the seat until they come back', '{name}は離席中: 戻るまでボットが代わりにプレイします'],
  lobby_bots: ['bots', 'ボット'],
  dialog_rejected: ['Rejected', '拒否'],
  // the 2-player bean duel (rules.md 3a)
  phase_plant_offer: ["Step 1: the opponent's offer", 'ステップ1: 相手の提供カード'],
  phase_plant_revealed: ['Step 3: revealed cards', 'ステップ3: めくったカード'],
  duel_phase_plant: ['Step 2: planting from the hand', 'ステップ2: 手札から植え付け'],
  done_end_turn: ['End turn (the rest to your opponent)', '手番終了（残りは相手へ）'],
  wf_plant_offer: ['Plant or discard each card your opponent left.', '相手が残したカードを1枚ずつ植えるか捨ててください。'],
  wf_plant_revealed: ['Plant the revealed cards you want, then end your turn.', 'めくったカードから好きなものを植え、手番を終えてください。'],
  wf_duel_plant: ['Plant the next front card, discard one hand card (🗑), or end planting.', '次の先頭カードを植える、手札を1枚捨てる（🗑）、または植え付け終了。'],
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
  duel_option: ['2-player duel', '2人用の決闘'],
  duel_standard: ['standard (2 fields, buy a 3rd)', '標準（畑2つ、3つ目は購入）'],
  duel_3fields: ['3 fields', '畑3つ'],
  // the turn clock (/option clock)
  clock_option: ['Turn clock', '持ち時間'],
  clock_off: ['off', 'なし'],
  clock_title: ['Time left for this decision', 'この判断の残り時間'],
  clock_yours: ['your time', 'あなたの持ち時間'],
  timeouts_title: ['Timeouts in a row', '連続時間切れ'],
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

export function t(key, vars) {
  const pair = T[key];
  let s = pair ? pair[lang === 'ja' ? 1 : 0] : key;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.split('{' + k + '}').join(String(v));
  return s;
}

export function beanName(slug) {
  const pair = BEAN_NAMES[slug];
  return pair ? pair[lang === 'ja' ? 1 : 0] : slug;
}

// Both names, for tooltips: "Blue (青豆)".
export function beanBoth(slug) {
  const pair = BEAN_NAMES[slug];
  return pair ? (lang === 'ja' ? `${pair[1]} (${pair[0]})` : `${pair[0]} (${pair[1]})`) : slug;
}

// Apply translations to static markup: data-i18n="key" (textContent), data-i18n-ph (placeholder),
// data-i18n-title (title).
export function applyStatic(root = document) {
  document.documentElement.lang = lang;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-ph]')) el.placeholder = t(el.dataset.i18nPh);
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
}
