// End of game: scores, winners, the tie-break used, and the coins chart.
import { h, clear, withNames } from '../dom.js';
import { t } from '../i18n.js';
import { icon } from '../icons.js';
import { S, seatColour } from '../store.js';
import { coinsChart } from '../chart.js';

export function renderGameOver(root) {
  clear(root);
  const v = S.view;
  if (!v || !v.result) { root.hidden = true; return; }
  root.hidden = false;
  const r = v.result;
  const names = v.seats.map((s) => s.name);
  const table = h('table', { class: 'scores' },
    h('tr', {}, h('th', { scope: 'col', text: t('players') }), h('th', { scope: 'col', text: t('scores') }), h('th', { scope: 'col', text: t('hand_cards') })));
  const best = Math.max(...r.scores);
  // most coins first; at equal coins the winners the tie-break chose (R40) above the others
  // (a new player's look: in a tie the winner stood below the one it beat)
  const won = (i) => ((r.winners || []).includes(i) ? 1 : 0);
  const order = names.map((_, i) => i).sort((a, b) => (r.scores[b] - r.scores[a]) || (won(b) - won(a)));
  for (const i of order) {
    const win = won(i) === 1;
    table.append(h('tr', { class: win ? 'winner' : '' },
      h('td', { class: 'who' }, h('span', { class: 'swatch', style: { background: seatColour(i) } }),
        win ? icon('trophy', { title: t('winner') }) : null, ' ' + names[i]),
      h('td', { class: 'score', text: String(r.scores[i]) }),
      h('td', { text: String(v.seats[i].hand_count) })));
  }
  const tied = r.scores.filter((x) => x === best).length > 1;
  const rule = r.tiebreak ? t('tb_' + r.tiebreak) : '—';
  const tbText = tied ? t('tiebreak_used', { n: best, t: rule }) : t('tiebreak_rule', { t: rule });
  root.append(h('div', { class: 'box-head' }, h('h2', { text: t('phase_over') })),
    h('div', { class: 'winners', id: 'winner-line' }, icon('trophy'), ' ',
      withNames(h('span'), t('game_over_winner', { names: (r.winners || []).map((i) => names[i]).join(', '), n: best }), names)),
    table,
    h('div', { class: 'tiebreak' + (tied ? ' used' : ''), text: tbText }));
  if (v.history && v.history.length) {
    root.append(h('div', { class: 'chart-title', text: t('coins_chart') }),
      h('div', { class: 'chart-box' }, coinsChart(v.history, names, { turn: t('turn'), title: t('coins_chart') })),
      h('div', { class: 'legend' }, ...names.map((n, i) => h('span', {},
        h('span', { class: 'swatch line', style: { background: seatColour(i) } }), ' ' + n))));
  }
}
