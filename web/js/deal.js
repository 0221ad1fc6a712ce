// The deal window: both parties pick the exact cards they hand over (/provide h3 u1), or cancel.
import { h, clear, onActivate, isTouch, withNames } from './dom.js';
import { t, beanName } from './i18n.js';
import { icon } from './icons.js';
import { beanCard, beanColour, sideEntries } from './beans.js';
import { S, act, rerender, redraw, mySeat, seatName, seatNames, seatColour } from './store.js';
import { makeDropTarget } from './dnd.js';

// True when I am a party of the pending deal and have not provided yet.
export function inMyDeal() {
  const v = S.view;
  return !!(v && v.deal && v.you && v.you.deal_owes && !v.you.deal_provided);
}

function syncKey() {
  const v = S.view;
  const key = v && v.deal ? `${v.deal.offer}:${(v.you?.hand || []).join(',')}:${(v.face_up || []).join(',')}` : null;
  if (key !== S.dealKey) { S.dealKey = key; S.dealSel = []; }
}

export function dealPick(card) {
  if (!mayGive(card.zone, card.index)) return;
  syncKey();
  const i = S.dealSel.findIndex((c) => c.zone === card.zone && c.index === card.index);
  if (i >= 0) S.dealSel.splice(i, 1); else S.dealSel.push(card);
  rerender();
}

export function dealCommand() {
  return '/provide ' + S.dealSel.map((c) => c.zone + c.index).join(' ');
}

// Whether this card ('h', 2) may go in my part of the deal: the view's deal_cards (the owed
// beans in my hand, and among the face-up cards only for the active player, R29: the partner
// saw them ringed as cards to hand over, and a click picked what the server refuses)
export function mayGive(zone, index) {
  const y = S.view && S.view.you;
  return !!(y && (y.deal_cards || []).includes(zone + index));
}

export function isPicked(zone, index) {
  return S.dealSel.some((c) => c.zone === zone && c.index === index);
}

// The visible name of a card's place: "face-up 1", "hand 3" (the commands' u1, h3). A
// face-up card keeps the number it was turned up with as others leave in deals (the view's
// face_up_places, trial 5: face-up 2 became face-up 1 and the offers naming it changed too);
// the commands still count the cards lying now.
export function refLabel(zone, index) {
  const places = zone === 'u' ? S.view?.face_up_places : null;
  return t(zone === 'u' ? 'ref_faceup' : 'ref_hand', { n: (places && places[index - 1]) || index });
}

// Where each bean owed can come from (issue 10 c): the face-up cards, which are the active
// player's to give (R29), and the hand; each a card to pick, named by its place.
function sourcesRow(owes) {
  const v = S.view;
  const y = v.you;
  const rows = h('div', { class: 'deal-sources', id: 'deal-sources' });
  for (const [bean] of sideEntries(owes)) {
    const from = [];
    (v.face_up || []).forEach((b, i) => { if (b === bean && mayGive('u', i + 1)) from.push({ zone: 'u', index: i + 1, bean }); });
    (y.hand || []).forEach((b, i) => { if (b === bean && mayGive('h', i + 1)) from.push({ zone: 'h', index: i + 1, bean }); });
    if (!from.length) continue;
    const line = h('div', { class: 'deal-source', dataset: { bean } }, h('span', { class: 'row-label', text: t('deal_from', { bean: beanName(bean) }) }));
    for (const zone of ['u', 'h']) {
      const here = from.filter((c) => c.zone === zone);
      if (!here.length) continue;
      const group = h('span', { class: 'source-group', dataset: { zone } });
      for (const c of here) {
        // a chip per card, named by its place; pressed: picked (a press again puts it back)
        const chip = h('button', {
          class: 'btn small source-chip', type: 'button', dataset: { ref: c.zone + c.index },
          'aria-pressed': isPicked(c.zone, c.index) ? 'true' : 'false', style: { '--bean-bg': beanColour(bean) },
        }, h('span', { class: 'chip-swatch' }), refLabel(c.zone, c.index));
        chip.addEventListener('click', () => dealPick(c));
        group.append(chip);
      }
      line.append(group);
    }
    rows.append(line);
    // the engine's deal_front: hand 1 is the card planted next (R9); giving it changes that,
    // another card of the bean keeps it (R11; trial 4: "hand 1 / hand 5" with no word why)
    // the engine's deal_face_up: a face-up card kept is planted this turn (R32, R33), a hand
    // card stays in the hand (trial 5: "face-up 2 / hand 2" with no word why)
    const up = (y.deal_face_up || []).find((c) => c.bean === bean);
    if (up) {
      rows.append(h('div', { class: 'hint-text deal-face-up-note', id: 'deal-face-up-note' },
        t('deal_face_up_note', { bean: beanName(bean) })));
    }
    const front = y.deal_front;
    if (front && front.bean === bean) {
      const keep = front.keep.map((r) => refLabel(r[0], Number(r.slice(1)))).join(t('or_list'));
      rows.append(h('div', { class: 'hint-text deal-front-note', id: 'deal-front-note' },
        t(front.next ? 'deal_front_note' : 'deal_front_note_last', { bean: beanName(bean), next: front.next ? beanName(front.next) : '', keep })));
    }
    // the engine's deal_order: two hand cards of the bean, apart: the first is planted
    // sooner; giving it moves the next one back (R9, R11; trial 5: "hand 3 / hand 5")
    const order = (y.deal_order || []).find((c) => c.bean === bean);
    if (order) {
      const ref = (r) => refLabel(r[0], Number(r.slice(1)));
      rows.append(h('div', { class: 'hint-text deal-order-note', id: 'deal-order-note' },
        t('deal_order_note', { bean: beanName(bean), first: ref(order.first), then: ref(order.then),
          keep: order.keep.map(ref).join(t('or_list')) })));
    }
  }
  return rows.childNodes.length ? rows : null;
}

function owedRow(owes, picked) {
  // greyed hints of what is owed, replaced by the picked cards as they come in
  const row = h('div', { class: 'deal-slots' });
  const left = [...picked];
  for (const [bean, n] of sideEntries(owes)) {
    for (let k = 0; k < n; k++) {
      const j = left.findIndex((c) => c.bean === bean);
      if (j >= 0) {
        const c = left.splice(j, 1)[0];
        const card = beanCard(bean, { small: true, label: refLabel(c.zone, c.index) });
        onActivate(card, () => dealPick(c));
        row.append(card);
      } else row.append(beanCard(bean, { small: true, extraClass: 'owed' }));
    }
  }
  for (const c of left) {
    const card = beanCard(c.bean, { small: true, label: refLabel(c.zone, c.index), extraClass: 'extra' });
    onActivate(card, () => dealPick(c));
    row.append(card);
  }
  if (!row.childNodes.length) row.append(h('span', { class: 'nothing', text: t('nothing') }));
  return row;
}

export function renderDeal(root) {
  clear(root);
  syncKey();
  const v = S.view;
  if (!v || !v.deal) { root.hidden = true; return; }
  root.hidden = false;
  const d = v.deal;
  const me = mySeat();
  const party = me === d.active || me === d.other;
  if (!party) {
    root.className = 'deal-window watching';
    root.append(h('div', { class: 'box-head' },
      withNames(h('span'), t('deal_watch', { a: seatName(d.active), b: seatName(d.other), n: d.offer }), seatNames())));
    return;
  }
  root.className = 'deal-window';
  const other = me === d.active ? d.other : d.active;
  const owesMe = d.owes[String(other)] || {};
  const iOwe = (v.you && v.you.deal_owes) || d.owes[String(me)] || {};
  const provided = !!(v.you && v.you.deal_provided) || d.provided[String(me)];
  root.style.setProperty('--seat', seatColour(other));
  const cancel = h('button', { class: 'btn danger', type: 'button', id: 'deal-cancel', text: t('deal_cancel') });
  cancel.addEventListener('click', () => act('/cancel', cancel));
  root.append(h('div', { class: 'box-head' },
    withNames(h('h2'), t('deal_with', { n: d.offer, name: seatName(other) }), seatNames()), h('span', { class: 'spacer' }), cancel));
  // what I receive on top, what I hand over below (seed 000: in this window my side is below)
  // a gift (R30): the side that gives nothing says so, with no "provided" mark for nothing
  const getRow = !sideEntries(owesMe).length
    ? h('div', { class: 'deal-row get gift' }, h('span', { class: 'row-label', text: t('deal_you_get') }),
      h('span', { class: 'nothing', text: t('deal_get_gift', { name: seatName(other) }) }))
    : h('div', { class: 'deal-row get' }, h('span', { class: 'row-label', text: t('deal_you_get') }),
      sideCardsPlain(owesMe),
      d.provided[String(other)] ? h('span', { class: 'deal-status done' }, icon('check'), ' ' + t('deal_provided'))
        : h('span', { class: 'deal-status', text: t('deal_waiting', { name: seatName(other) }) }));
  const give = h('div', { class: 'deal-row give' + (provided ? ' done' : '') },
    h('span', { class: 'row-label', text: t(isTouch() ? 'deal_you_give_touch' : 'deal_you_give') }));
  if (!sideEntries(iOwe).length) {
    give.classList.add('gift');
    give.append(h('span', { class: 'nothing', text: t('deal_give_gift', { name: seatName(other) }) }));
  } else if (provided) {
    const auto = !!(v.you && v.you.deal_auto_cards);
    give.append(sideCardsPlain(iOwe), h('span', { class: 'deal-status done' }, icon('check'), ' ' + t(auto ? 'deal_auto_done' : 'deal_provided')));
  } else if (v.you && v.you.deal_auto_cards && S.dealAutoFailed !== `${d.offer}:${v.you.deal_auto_cards.join(' ')}`) {
    // which cards changes nothing (the engine's deal_auto_cards: one way, or alike cards side
    // by side, R11): they go at once, with no choice to ask for (trial 3)
    const cards = v.you.deal_auto_cards;
    give.append(h('span', { class: 'deal-status', id: 'deal-auto', text: t('deal_auto', { cards: cards.map((c) => refLabel(c[0], Number(c.slice(1)))).join(', ') }) }));
    const key = `${d.offer}:${cards.join(' ')}`;
    if (S.dealAutoSent !== key) {
      S.dealAutoSent = key;
      // refused (the cards changed meanwhile): the usual choice comes back
      queueMicrotask(async () => {
        const r = await act('/provide ' + cards.join(' '), root);
        // (drawn again by name: dealAutoFailed is none of what the board's part is drawn
        // from, and a plain render left 'Handing over…' with no button until a later state)
        if (r && !r.ok && r.code !== 'in_flight') { S.dealAutoFailed = key; redraw('game'); }   // (in_flight: app.js boardAct)
      });
    }
  } else {
    give.append(owedRow(iOwe, S.dealSel));
    // the button waits until the picked cards are the beans owed (the server checks the cards)
    const picked = {};
    for (const c of S.dealSel) picked[c.bean] = (picked[c.bean] || 0) + 1;
    const ready = sideEntries(iOwe).every(([b, n]) => picked[b] === n) &&
      Object.keys(picked).every((b) => (iOwe[b] || 0) === picked[b]);
    const send = h('button', { class: 'btn primary', type: 'button', id: 'deal-provide', text: t('deal_provide'),
      disabled: !ready, title: ready ? null : t('deal_pick_first') });
    send.addEventListener('click', async () => {
      const r = await act(dealCommand(), send);
      if (r && r.ok) { S.dealSel = []; rerender(); }
    });
    give.append(send);
    // where each card can come from, as buttons; the row's label then needs no how-to
    const sources = sourcesRow(iOwe);
    if (sources) {
      give.querySelector('.row-label').textContent = t('deal_you_give_short');
      give.insertBefore(sources, send);
    }
    makeDropTarget(give, {
      accepts: (p) => (p.kind === 'card' || p.kind === 'front') && mayGive(p.zone, p.index),
      hint: (p) => Object.prototype.hasOwnProperty.call(iOwe, p.bean),
      drop: (p) => { if (!isPicked(p.zone, p.index)) dealPick({ zone: p.zone, index: p.index, bean: p.bean }); },
    });
  }
  root.append(h('div', { class: 'deal-rows' }, getRow, give));
}

function sideCardsPlain(side) {
  const row = h('div', { class: 'deal-slots' });
  const e = sideEntries(side);
  if (!e.length) row.append(h('span', { class: 'nothing', text: t('nothing') }));
  for (const [bean, n] of e) row.append(beanCard(bean, { small: true, count: n }));
  return row;
}
