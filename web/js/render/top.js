// The top bar: progress (deck pass of the limit, draw pile, discard), the phase, and the phase button.
import { h, clear } from '../dom.js';
import { t } from '../i18n.js';
import { beanCard } from '../beans.js';
import { S, act, seatName } from '../store.js';
import { clockText } from '../clock.js';

// A countdown of the turn clock (clock.js keeps its text current).
export function clockBadge(deadline, extra = '') {
  return h('span', { class: 'clock-mark ' + extra, dataset: { deadline: String(deadline) }, title: t('clock_title') },
    '⏱ ', h('span', { class: 'clock-text', text: clockText(deadline) }));
}

export function renderProgress(root) {
  clear(root);
  const v = S.view;
  if (!v) return;
  const pass = Math.min(v.exhaustions + 1, v.passes_limit || 3);
  root.append(
    h('span', { class: 'prog', id: 'prog-pass', title: t('pass') }, h('small', { text: t('pass') + ' ' }), `${pass}/${v.passes_limit || 3}`),
    h('span', { class: 'prog', id: 'prog-deck', title: t('deck') }, h('small', { text: t('deck') + ' ' }), String(v.deck_count)),
    h('span', { class: 'prog', id: 'prog-discard', title: t('discard') }, h('small', { text: t('discard') + ' ' }), String(v.discard_count)),
  );
  if (v.discard_top) root.append(beanCard(v.discard_top, { small: true, extraClass: 'discard-top' }));
}

export function renderPhase(root) {
  clear(root);
  const v = S.view;
  if (!v) return;
  const duel = !!(v.rules && v.rules.duel);
  const phaseKey = duel && v.phase === 'plant' ? 'duel_phase_plant' : 'phase_' + v.phase;
  root.append(h('div', { class: 'phase-label', text: `${t(phaseKey)} · ${seatName(v.active)}` }));
  const y = v.you;
  // the turn clock of the seat(s) the game waits for; mine in large
  for (const s of S.roomInfo?.seats || []) {
    if (s.deadline === null || s.deadline === undefined || v.phase === 'over') continue;
    const mine = y && s.seat === y.seat;
    root.append(h('div', { class: 'clock-line' + (mine ? ' mine' : '') },
      clockBadge(s.deadline, mine ? 'big' : ''), ' ', h('span', { text: mine ? t('clock_yours') : seatName(s.seat) })));
  }
  if (y && v.phase !== 'over') {
    const label = y.done_label ? t('done_' + y.done_label) : t('done_none');
    const b = h('button', {
      class: 'btn phase-btn' + (y.done_label ? ' primary' : ''), type: 'button', id: 'phase-btn',
      disabled: !y.done_label || v.phase === 'over', dataset: { label: y.done_label || '' }, text: label,
    });
    b.addEventListener('click', () => act('/done', b));
    root.append(b);
    if (y.waiting_for && v.phase !== 'over') {
      const wf = duel && y.waiting_for === 'plant' && v.planted >= 1 ? 'wf_duel_plant' : 'wf_' + y.waiting_for;
      root.append(h('div', { class: 'must-act' + (y.must_act ? ' urgent' : ''), text: t(wf) }));
    }
  }
}
