// The farm board's words in English and Japanese (farm-rules.md §5's glossary), and the names
// of the parameter set's categories and attributes (their Japanese from the set itself).
import { getLang } from '../i18n.js';

const W = {
  farm: ['Farm contest', '農園コンテスト'],
  // aria-labels follow the language (trial 4: English labels on the Japanese page)
  players: ['Players', 'プレイヤー'],
  face_down: ['face-down card', '裏向きのカード'],
  face_down_named: ['face-down card {name}', '裏向きのカード {name}'],
  cycle: ['Cycle {c}/{n}', 'サイクル {c}/{n}'],
  turn: ['turn {t}', 'ターン {t}'],
  phase_prep: ['Preparation (all at once)', '準備フェイズ（全員同時）'],
  phase_harvest: ['Harvest', '収穫フェイズ'],
  phase_over: ['Game over', 'ゲーム終了'],
  contest_level: ['contest level {l}', 'コンテストレベル {l}'],
  schedule: ['Contests of this cycle', 'このサイクルのコンテスト'],
  no_contest: ['turn {t}: no contest', 'ターン {t}: コンテストなし'],
  now: ['this turn', '今回'],
  order_cards: ['Turn-order cards', '順番カード'],
  order_left: ['left on the stack', '残り'],
  order_none: ['all taken', 'すべて取られた'],
  hand_empty: ['No cards in your hand.', '手札はありません。'],
  harvest_order: ['Harvest order', '収穫の順番'],
  hand: ['Your hand', 'あなたの手札'],
  hand_count: ['hand {n}', '手札{n}枚'],
  open_hand: ['{name}\'s hand at the end', '{name}の最後の手札'],   // D10
  hand_n1: ['1 card (limit {l})', '1枚（上限{l}）'],
  hand_n: ['{n} cards (limit {l})', '{n}枚（上限{l}）'],
  field: ['Your field', 'あなたの畑'],
  facilities: ['Facilities', '設備'],
  transform_pot: ['Transformation pot', '変化釜'],
  field_f: ['Field', '畑'],
  synth_pot: ['Synthesis pot', '合成釜'],
  storage_box: ['Storage box', '保存箱'],
  // the seat panels' narrow cells: the /upgrade words (four seats on a laptop cut the whole
  // names to "Trans…", "Synt…": trial user16); the whole name is the cell's title
  fac_short_transform_pot: ['Pot', '変化釜'],
  fac_short_field: ['Field', '畑'],
  fac_short_synth_pot: ['Synth', '合成釜'],
  fac_short_storage_box: ['Box', '保存箱'],
  grade: ['grade {g}', 'グレード{g}'],
  // the seat panels' narrow facility cells: the draft's other word for a grade, "Lv" (farm-rules.md
  // F7): "グレード?" broke there as "グレー / ド?"
  grade_short: ['grade {g}', 'Lv{g}'],
  next_price: ['next: {p} cost', '次: コスト{p}'],
  top_grade: ['top grade', '最大'],
  upgrade: ['Upgrade ({p})', '強化（{p}）'],
  cost: ['cost', 'コスト'],
  vp: ['VP', '勝利点'],
  plant: ['Plant', '植える'],
  // what the field and the synthesis pot allow now (F18, F19, G11; the view's free_slots,
  // new_base_synth, synth_room): "Pick a base" with the field full misled (trial user16)
  plant_hint: ['Pick a base, then up to {n} synthesis cards to lay on it', 'ベース、次に合成するカードを{n}枚まで選択'],
  plant_hint_1: ['Pick a base, then up to 1 synthesis card to lay on it', 'ベース、次に合成するカードを1枚まで選択'],
  plant_hint_0: ['Pick a base to plant', '植えるベースを選択'],
  // what the pot can make of the hand (the view's transforms, F13-F17): the Transform button
  // shows only once the cards are picked, and the hint named planting alone (newuser19: "how
  // do I transform?" with the status line saying "transform and plant")
  transform_hint: ['; or pick {n} cards of your hand to transform them', '。または手札から{n}枚を選んで変化させる'],
  full_synth_hint: ['Your field is full: pick cards to lay on the new base planted in this phase, or to transform',
    '畑は満杯です。この準備フェイズに植えたベースに合成するカード、または変化させるカードを選択'],
  full_hint: ['Your field is full until a base is shipped or entered: pick cards to transform, or declare the end',
    '出荷か出品でベースが出るまで畑は満杯です。変化させるカードを選ぶか、行動終了を宣言してください'],
  synth_on: ['Synthesize onto slot {s}', 'スロット{s}に合成'],
  transform: ['Transform', '変化'],
  transform_into: ['into', '→'],
  draw_rescue: ['Take {n} rescue cards', '救済カードを{n}枚引く'],
  cards_from: ['cards from', '引く山'],
  draw_from: ['pile of card {k}', '{k}枚目の山'],
  declare: ['Declare the end', '行動終了を宣言'],
  ship: ['Ship', '出荷'],
  enter: ['Enter', '出品'],
  // the hand adjustment (F31): how many must go, and how many are picked so far ("Discard the
  // 0 picked" said neither, trial farm17)
  adjust: ['Discard {n} cards ({k} of {n} picked)', '{n}枚捨てる（{k}/{n}枚選択中）'],
  adjust_1: ['Discard 1 card ({k} of 1 picked)', '1枚捨てる（{k}/1枚選択中）'],
  end_harvest: ['End your harvest turn', '収穫を終える'],
  // one's harvest turn over the hand limit: the discard is the last step and ends the turn (G20,
  // F32), so the line names the other steps first (it asked for the discard alone, and a
  // player who discarded at once had shipped and entered nothing: trial user12)
  st_harvest_discard: ['Your harvest turn: ship, upgrade, enter; last, pick {n} cards over the hand limit and discard them (that ends it).',
    'あなたの収穫: 出荷・強化・出品をして、最後に手札上限を超える{n}枚を選んで捨ててください（それで終わります）。'],
  st_harvest_discard_nc: ['Your harvest turn: ship, upgrade; last, pick {n} cards over the hand limit and discard them (that ends it; no contest this turn).',
    'あなたの収穫: 出荷・強化をして、最後に手札上限を超える{n}枚を選んで捨ててください（それで終わります。このターンはコンテストなし）。'],
  // one card over the limit (trial user16: "pick 1 cards")
  st_harvest_discard_1: ['Your harvest turn: ship, upgrade, enter; last, pick 1 card over the hand limit and discard it (that ends it).',
    'あなたの収穫: 出荷・強化・出品をして、最後に手札上限を超える1枚を選んで捨ててください（それで終わります）。'],
  st_harvest_discard_nc_1: ['Your harvest turn: ship, upgrade; last, pick 1 card over the hand limit and discard it (that ends it; no contest this turn).',
    'あなたの収穫: 出荷・強化をして、最後に手札上限を超える1枚を選んで捨ててください（それで終わります。このターンはコンテストなし）。'],
  slot: ['slot {s}', 'スロット{s}'],
  empty_slot: ['empty', '空き'],
  entered: ['entered', '出品中'],
  new: ['new', '新規'],
  synth_n: ['+{n} synthesis', '合成{n}枚'],
  done: ['declared', '宣言済み'],
  harvesting: ['harvesting', '収穫中'],
  waiting: ['waiting', '待機中'],
  results: ['Contest results', 'コンテスト結果'],
  place: ['{p}.', '{p}位'],
  no_entries: ['no entries', '出品なし'],
  score: ['score {s}', '評価点{s}'],
  winners: ['Winner: {w}', '勝者: {w}'],
  // what decided a tie on VP at the end (G30, game.end_tiebreak; D19 adds earned); in words,
  // never the rule id (players do not know them)
  tiebreak_cost: ['Tied on VP: the most cost left wins.', '勝利点が同点: 残りコストの多い方の勝ち。'],
  tiebreak_earned: ['Tied on VP: the most cost earned wins.', '勝利点が同点: 獲得コストの多い方の勝ち。'],
  tiebreak_shared: ['Tied on VP and on the tie-break: the win is shared.', '勝利点も同点判定も同じ: 勝利を分け合います。'],
  final: ['Final VP', '最終勝利点'],
  params: ['Parameters {name} ({hash})', 'パラメータ {name}（{hash}）'],
  piles: ['Piles', '山札'],
  st_prep: ['Preparation: transform and plant, then declare the end.', '準備: 変化・植え付けをして、行動終了を宣言してください。'],
  st_prep_last: ['Preparation: transform and plant, then declare the end. If {name} declares first, your preparation ends at once.',
    '準備: 変化・植え付けをして、行動終了を宣言してください。{name}が先に宣言すると、あなたの準備はその時点で終わります。'],
  st_prep_done: ['You declared; waiting for the others.', '宣言済み。他のプレイヤーを待っています。'],
  st_harvest_me: ['Your harvest turn: ship, upgrade, enter; then end it.', 'あなたの収穫: 出荷・強化・出品をして、終えてください。'],
  // a turn without a contest (F2, G21): entering is refused, so the line does not ask for it
  st_harvest_me_nc: ['Your harvest turn: ship, upgrade; then end it (no contest this turn).', 'あなたの収穫: 出荷・強化をして、終えてください（このターンはコンテストなし）。'],
  st_harvest: ['{name} harvests.', '{name}の収穫中です。'],
  st_over: ['The game is over.', 'ゲーム終了。'],
  st_watch_prep: ['You are watching. Preparation: waiting for {names} to declare the end.',
    '観戦中: 準備フェイズ、{names}の行動終了宣言を待っています。'],
  st_watch_harvest: ['You are watching. {name} harvests.', '観戦中: {name}の収穫中です。'],
  name_sep: [', ', '、'],
  // G23: no hand and no bases at the start of a preparation (no rule ids in player text)
  st_rescue: ['You have no cards in hand and no bases: take your rescue cards first.', '手札もベースもないので、まず救済カードを引いてください。'],
  game: ['Game', 'ゲーム'],
  game_bohnanza: ['Bohnanza', 'ボーナンザ'],
  game_farm: ['Farm contest', '農園コンテスト'],   // no seed ids in player-facing text
  farm_waiting: ['Change any number before the start (/option param KEY VALUE, or a file), then Start game. /help lists the farm commands.',
    '開始前ならどの数値も変えられます（/option param キー 値、またはファイル）。その後ゲーム開始。/help で農園コンテストのコマンド一覧。'],
  param_key: ['parameter', 'パラメータ'],
  param_value: ['value', '値'],
  param_set: ['Set', '設定'],
  param_file: ['Load a parameter file (TOML)', 'パラメータファイル（TOML）を読み込む'],
  param_too_big: ['This file is {n} bytes without its comments; a message holds {max}. Keep only the keys you change.',
    'コメントを除いても{n}バイトあり、1回に送れるのは{max}バイトです。変える項目だけを残してください。'],
  param_default: ['Shipped set', '既定に戻す'],
  cards_left: ['{n} in the pile', '山札{n}枚'],
  discards_beside: ['face up beside it: {cards}', '横に表向き: {cards}'],
  appearance: ['appearance', '見た目'],
  taste: ['taste', '味'],
  overall: ['overall', '総合'],
};

export function ft(key, vars) {
  const pair = W[key];
  let s = pair ? pair[getLang() === 'ja' ? 1 : 0] : key;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.split('{' + k + '}').join(String(v));
  return s;
}

// A category, attribute or evaluation of the parameter set, in the page's language.
export function term(params, id) {
  const cards = params?.cards || {};
  const all = [...(cards.categories || []), ...(cards.attributes || []), ...(params?.contest?.evaluations || [])];
  const found = all.find((x) => x.id === id);
  if (getLang() === 'ja' && found && found.ja) return found.ja;
  if (W[id]) return ft(id);
  return id;
}
