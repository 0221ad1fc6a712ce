// The top bar: progress (deck pass of the limit, draw pile, discard), the phase, and the phase button.
import { h, clear } from '../dom.js';
import { t } from '../i18n.js';
import { beanCard } from '../beans.js';
import { S, act, seatName } from '../store.js';

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
  root.append(h('div', { class: 'phase-label', text: `${t('phase_' + v.phase)} · ${seatName(v.active)}` }));
  const y = v.you;
  if (y && v.phase !== 'over') {
    const label = y.done_label ? t('done_' + y.done_label) : t('done_none');
    const b = h('button', {
      class: 'btn phase-btn' + (y.done_label ? ' primary' : ''), type: 'button', id: 'phase-btn',
      disabled: !y.done_label || v.phase === 'over', dataset: { label: y.done_label || '' }, text: label,
    });
    b.addEventListener('click', () => act('/done', b));
    root.append(b);
    if (y.waiting_for && v.phase !== 'over') {
      root.append(h('div', { class: 'must-act' + (y.must_act ? ' urgent' : ''), text: t('wf_' + y.waiting_for) }));
    }
  }
}
