// The bean market (two rows per offer, flipped for each viewer), face-up cards and the signals.
import { h, clear, onLeftRight } from '../dom.js';
import { t } from '../i18n.js';
import { beanCard, sideEntries } from '../beans.js';
import { S, act, mySeat, seatColour, seatName } from '../store.js';
import { draftClick, loadOffer } from '../offer.js';
import { dealPick, inMyDeal, isPicked } from '../deal.js';
import { makeDraggable } from '../dnd.js';

function sideCards(side) {
  const row = h('div', { class: 'offer-side' });
  if (side === '?') row.append(h('div', { class: 'card small ask', text: '?' }));
  else {
    const e = sideEntries(side);
    if (!e.length) row.append(h('span', { class: 'nothing', text: t('nothing') }));
    for (const [bean, n] of e) row.append(beanCard(bean, { small: true, count: n }));
  }
  return row;
}

export function renderMarket(root) {
  clear(root);
  const v = S.view;
  if (!v) return;
  const me = mySeat();
  root.append(h('div', { class: 'box-head' }, h('span', { text: t('market') })));
  const list = h('div', { class: 'offers' });
  const acceptable = new Set((v.you && v.you.can_accept) || []);
  if (!v.offers.length) list.append(h('span', { class: 'nothing', text: t('market_empty') }));
  for (const o of v.offers) {
    const mine = o.owner === me;
    const viewerIsOwner = mine || me === null;
    const top = viewerIsOwner ? o.give : o.want;
    const bottom = viewerIsOwner ? o.want : o.give;
    const hasAsk = o.give === '?' || o.want === '?';
    const el = h('div', {
      class: 'offer' + (o.to_active ? '' : ' from-active') + (acceptable.has(o.id) ? ' can-accept' : '') +
        (mine ? ' mine' : '') + (hasAsk ? ' has-ask' : ''),
      style: { '--seat': seatColour(o.owner) },
      dataset: { offer: String(o.id), owner: String(o.owner) },
      title: `#${o.id} ${seatName(o.owner)}`,
    },
    h('div', { class: 'offer-id', text: t('offer_by', { n: o.id, name: seatName(o.owner) }) }),
    h('div', { class: 'offer-top', title: t('you_give') }, sideCards(top)),
    h('div', { class: 'offer-bottom', title: t('you_get') }, sideCards(bottom)));
    // left: accept (or open a '?' offer / my own in the offer window); right: withdraw my own
    onLeftRight(el, (btn) => {
      if (me === null) return;
      if (btn === 'right') { if (mine) act(`/withdraw ${o.id}`, el); return; }
      if (hasAsk || mine) loadOffer(o, mine);
      else act(`/accept ${o.id}`, el);
    });
    list.append(el);
  }
  root.append(list);
}

export function renderFaceUp(root) {
  clear(root);
  const v = S.view;
  // the duel shows its face-up cards in its own area (render/duel.js)
  if (!v || !v.face_up || !v.face_up.length || (v.rules && v.rules.duel)) { root.hidden = true; return; }
  root.hidden = false;
  root.append(h('span', { class: 'row-label', text: t('face_up') }));
  v.face_up.forEach((bean, i) => {
    const c = beanCard(bean, { label: 'u' + (i + 1), extraClass: inMyDeal() && isPicked('u', i + 1) ? 'picked' : '' });
    c.dataset.ref = 'u' + (i + 1);
    // face-up: left = give, right = want (active player); in a deal: pick the card
    onLeftRight(c, (btn) => {
      if (inMyDeal()) { if (btn === 'left') dealPick({ zone: 'u', index: i + 1, bean }); return; }
      draftClick(btn === 'left' ? 'give' : 'want', bean);
    });
    makeDraggable(c, () => ({ kind: 'card', zone: 'u', index: i + 1, bean }));
    root.append(c);
  });
}

// Supply and demand: the markers this viewer may see, and my own draggable arrows.
export function renderSignals(root) {
  clear(root);
  const v = S.view;
  if (!v || v.phase === 'over' || (v.rules && v.rules.duel)) { root.hidden = true; return; }
  root.hidden = false;
  const seen = v.signals || { want: {}, have: {} };
  const line = (cls, arrow, map) => {
    const d = h('div', { class: 'signal-line ' + cls }, h('span', { class: 'arrow', text: arrow }));
    for (const [bean, n] of sideEntries(map || {})) d.append(beanCard(bean, { small: true, count: n > 1 ? n : null }));
    return d;
  };
  root.append(h('div', { class: 'box-head' }, h('span', { text: t('signals') })));
  root.append(line('have', '▲', seen.have), line('want', '▼', seen.want));
  if (v.you) {
    const mine = v.you.signals || { want: [], have: [] };
    const toMap = (arr) => Object.fromEntries((arr || []).map((b) => [b, 1]));
    const have = h('span', { class: 'signal-token have', title: t('signal_have'), text: '▲' });
    const want = h('span', { class: 'signal-token want', title: t('signal_want'), text: '▼' });
    makeDraggable(have, () => ({ kind: 'signal', which: 'have' }));
    makeDraggable(want, () => ({ kind: 'signal', which: 'want' }));
    const x = h('button', { class: 'btn small', type: 'button', title: t('signal_clear'), text: '✕' });
    x.addEventListener('click', () => act('/signals clear', x));
    const own = h('div', { class: 'signal-own' }, have, want, x);
    for (const b of mine.have || []) own.append(beanCard(b, { small: true, extraClass: 'sig-have' }));
    for (const b of mine.want || []) own.append(beanCard(b, { small: true, extraClass: 'sig-want' }));
    void toMap;
    root.append(own);
  }
}
