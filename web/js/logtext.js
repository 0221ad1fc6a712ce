// Game-log lines in the page's language. English uses the server's own text; Japanese is
// phrased here from the entry's public fields (kind, seat, data), falling back to the text.
import { getLang, beanName, t } from './i18n.js';
import { seatName } from './store.js';

const cards = (list) => (list && list.length ? list.map(beanName).join('、') : t('nothing'));
const side = (s) => {
  if (s === '?') return '?';
  const e = Object.entries(s || {});
  return e.length ? e.map(([b, n]) => `${beanName(b)}${n > 1 ? '×' + n : ''}`).join('、') : t('nothing');
};

const JA = {
  plant: (w, d) => `${w}が${beanName(d.bean)}を畑${d.field}に植えた`,
  harvest: (w, d) => `${w}が畑${d.field}の${beanName(d.bean)}${d.count}枚を売却（${d.coins}ターラー）`,
  buy: (w) => `${w}が3つ目の畑を購入`,
  reveal: (w, d) => `表向きにした: ${cards(d.cards)}`,
  draw: (w, d, own) => (own && d.cards ? `あなたが引いたカード: ${cards(d.cards)}` : `${w}がカードを${d.count}枚引いた`),
  reshuffle: (w, d) => `捨て札${d.count}枚をシャッフルして新しい山札に`,
  exhaustion: (w, d) => `山札がなくなった（${d.exhaustions}/${d.limit}回目）`,
  phase: (w, d) => t('phase_' + d.phase),
  turn: (w) => `${w}の手番`,
  offer: (w, d) => `${w}のオファー#${d.id}: ${side(d.give)} と ${side(d.want)} の交換`,
  withdraw: (w, d) => `${w}がオファー#${d.id}を撤回`,
  offer_stale: (w, d) => `オファー#${d.id}は市場から消えた（${w}が提供カードを持っていない）`,
  deal_start: (w, d) => `${w}がオファー#${d.offer}を受諾: ${seatName(d.other)}とのトレード`,
  provide: (w) => `${w}がトレードのカードを提供`,
  deal_cancel: (w, d) => `${w}がオファー#${d.offer}のトレードを中止`,
  deal_done: (w, d) => `トレード成立: ${w}は${cards(d.active_gave)}、${seatName(d.other)}は${cards(d.other_gave)}を渡した`,
  pass: (w) => `${w}: 興味なし`,
  discard: (w, d, own) => `${w}が${d.from === 'offer' ? '提供カード' : '手札'}を捨てた: ${beanName(d.bean)}${own && d.card ? `（${d.card}）` : ''}`,
  pull: (w, d) => `捨て札から加わった: ${cards(d.cards)}`,
  leave: (w, d) => `${w}が${seatName(d.to)}に残したカード: ${cards(d.cards)}`,
  room: (w, d) => (d.event === 'timeout' ? `${seatName(d.seat)}の持ち時間切れ（${d.timeouts}回連続）: 最小限の手を自動で行います`
    : d.event === 'timeout_bot' ? `${seatName(d.seat)}は3回続けて時間切れ: 本人が操作するまでボットがプレイします` : d.text),
  game_over: (w, d) => `ゲーム終了: ${(d.winners || []).map(seatName).join('、')}の勝ち（${d.best}ターラー）`,
};

export function logText(entry, mySeatNo) {
  if (getLang() !== 'ja') return entry.text || entry.kind;
  const f = JA[entry.kind];
  if (!f) return entry.text || entry.kind;
  try {
    const who = entry.seat === null || entry.seat === undefined ? '' : seatName(entry.seat);
    return f(who, entry, entry.seat === mySeatNo);
  } catch {
    return entry.text || entry.kind;
  }
}

// Rejection messages by error code (design.md section 4); English keeps the server's message.
const ERR_JA = {
  parse_error: 'コマンドを解釈できません', not_seated: '着席していません（/join）',
  not_your_turn: 'あなたの手番ではありません', wrong_phase: '今のフェーズではできません',
  game_over: 'ゲームは終了しています', must_plant_first: '先にカードを植えてください',
  no_field_fits: '植えられる畑がありません（売却するか畑を購入）', field_mismatch: 'その畑には別の豆が植わっています',
  bean_protection: '1枚だけの豆は、2枚以上の畑があるうちは売却できません', empty_field: 'その畑は空です',
  cannot_afford: '現金が足りません', no_third_field: '3つ目の畑は買えません', third_field_owned: '3つ目の畑はもう持っています',
  no_such_card: 'そのカードはありません', no_such_offer: 'そのオファーはありません', not_your_offer: 'あなたのオファーではありません',
  cannot_provide: 'そのカードを用意できません', offer_incomplete: '「?」入りのオファーは、補完して自分のオファーとして出してください',
  gift_request_forbidden: '何も提供せずに要求するオファーは出せません', not_a_party: 'このトレードの当事者ではありません',
  deal_in_progress: '別のトレードが進行中です', not_active_party: '手番プレイヤーを含まない取引はできません',
  name_taken: 'その名前は使われています', room_full: '満席です', game_running: 'ゲーム進行中です',
  bad_player_count: 'プレイヤー数が合いません', disconnected: '接続が切れています',
  no_trading: '2人用の決闘には交渉も贈り物もありません', duel_only: 'カードを捨てられるのは2人用の決闘だけです',
  not_away: 'その席はまだボットに任せられません',
};

export function errorText(reply) {
  const base = reply.message || reply.code || 'error';
  if (getLang() === 'ja' && ERR_JA[reply.code]) return `${ERR_JA[reply.code]}（${base}）`;
  return base;
}
