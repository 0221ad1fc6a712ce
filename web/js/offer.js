// The offer window: build an offer by clicking cards, '?', clear, send (/offer GIVE for WANT).
import { h, clear, onLeftRight, isSwapped, setSwapped } from './dom.js';
import { t } from './i18n.js';
import { beanCard, sideEntries, sideText } from './beans.js';
import { S, act, rerender } from './store.js';

function bump(sideName, bean, delta) {
  let side = S.draft[sideName];
  if (side === '?') side = {};
  side = { ...side };
  const n = (side[bean] || 0) + delta;
  if (n > 0) side[bean] = n; else delete side[bean];
  S.draft[sideName] = side;
}

// A click on a card anywhere on the board while building an offer.
// During a deal the cards go to the deal window instead (see deal.js).
export function draftClick(sideName, bean) {
  bump(sideName, bean, 1);
  rerender();
}

export function setAsk(sideName) {
  S.draft[sideName] = S.draft[sideName] === '?' ? {} : '?';
  rerender();
}

export function clearDraft() { S.draft = { give: {}, want: {} }; rerender(); }

// Load an offer from the market into the window, seen from my side (to complete a '?').
export function loadOffer(offer, mine) {
  const copy = (s) => (s === '?' ? '?' : { ...s });
  S.draft = mine ? { give: copy(offer.give), want: copy(offer.want) }
    : { give: copy(offer.want), want: copy(offer.give) };
  rerender();
  document.getElementById('offer-window')?.scrollIntoView({ block: 'nearest' });
}

export function offerCommand() {
  return `/offer ${sideText(S.draft.give)} for ${sideText(S.draft.want)}`;
}

function row(sideName, label) {
  const side = S.draft[sideName];
  const cards = h('div', { class: 'offer-cards' });
  if (side === '?') {
    const q = h('div', { class: 'card ask', text: '?' });
    onLeftRight(q, () => setAsk(sideName));
    cards.append(q);
  } else {
    const entries = sideEntries(side);
    if (!entries.length) cards.append(h('span', { class: 'nothing', text: t('nothing') }));
    for (const [bean, n] of entries) {
      const c = beanCard(bean, { count: n });
      onLeftRight(c, (btn) => { bump(sideName, bean, btn === 'left' ? -1 : 1); rerender(); });
      cards.append(c);
    }
  }
  const ask = h('button', { class: 'btn ask-btn', type: 'button', title: '?', text: '?', onclick: () => setAsk(sideName) });
  return h('div', { class: 'offer-row ' + sideName, dataset: { side: sideName } },
    h('span', { class: 'row-label', text: label }), cards, ask);
}

export function renderOfferWindow(root) {
  clear(root);
  // no offers in the bean duel (rules.md 3a: no trading)
  if (!S.view || S.view.phase === 'over' || !S.view.you || (S.view.rules && S.view.rules.duel)) { root.hidden = true; return; }
  root.hidden = false;
  const send = h('button', { class: 'btn primary', type: 'button', id: 'offer-send', text: '→ ' + t('offer_send') });
  send.addEventListener('click', async () => {
    const r = await act(offerCommand(), send);
    if (r && r.ok) clearDraft();
  });
  const clr = h('button', { class: 'btn', type: 'button', id: 'offer-clear', text: '✕ ' + t('offer_clear'), onclick: clearDraft });
  const swap = h('button', {
    class: 'btn small swap' + (isSwapped() ? ' on' : ''), type: 'button', id: 'swap-buttons',
    title: t('swap_title'), 'aria-pressed': isSwapped() ? 'true' : 'false', text: '⇄ ' + t(isSwapped() ? 'swap_on' : 'swap_off'),
  });
  swap.addEventListener('click', () => { setSwapped(!isSwapped()); rerender(); });
  root.append(
    h('div', { class: 'box-head' }, h('span', { text: t('offer_window') }), swap, h('span', { class: 'spacer' }), clr, send),
    row('give', t('offer_give')),
    row('want', t('offer_want')),
    h('div', { class: 'hint-text', text: t('offer_help') }),
  );
}
