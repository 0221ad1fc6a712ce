// The bean catalogue: count per bean and the beanometer on hover; '?' at the top right.
// Catalogue: left = want, right = give (seed 000). '?': left = want '?', right = give '?'.
import { h, clear, onLeftRight } from '../dom.js';
import { t, beanBoth } from '../i18n.js';
import { beanCard } from '../beans.js';
import { S, act } from '../store.js';
import { draftClick, setAsk } from '../offer.js';
import { makeDropTarget } from '../dnd.js';

export function renderCatalogue(root) {
  clear(root);
  const v = S.view;
  if (!v || !v.catalogue) { root.hidden = true; return; }
  root.hidden = false;
  const q = h('button', { class: 'btn ask-btn', type: 'button', id: 'catalogue-ask', title: '?', text: '?' });
  onLeftRight(q, (btn) => setAsk(btn === 'left' ? 'want' : 'give'));
  root.append(h('div', { class: 'box-head' }, h('span', { text: t('catalogue') }), h('span', { class: 'spacer' }), q));
  const list = h('div', { class: 'catalogue' });
  for (const entry of v.catalogue) {
    const c = beanCard(entry.bean, { count: entry.count });
    c.removeAttribute('title');
    const meter = h('div', { class: 'meter' },
      h('div', { class: 'meter-title', text: `${entry.count} × ${beanBoth(entry.bean)}` }),
      h('div', { class: 'meter-sub', text: t('meter') }),
      h('div', { class: 'meter-row' }, ...entry.meter.map((m, k) => h('span', { class: 'tier' },
        h('b', { text: '🪙'.repeat(k + 1) }), h('span', { text: m === null || m === undefined ? '—' : String(m) })))));
    c.append(meter);
    c.classList.add('cat');
    onLeftRight(c, (btn) => draftClick(btn === 'left' ? 'want' : 'give', entry.bean));
    makeDropTarget(c, {
      accepts: (p) => p.kind === 'signal',
      hint: () => true,
      drop: (p) => act(`/${p.which} ${entry.bean}`, c),
    });
    list.append(c);
  }
  root.append(list);
}
