// My fields (harvest, buy, plant targets), my to-plant area and my hand (front card marked).
import { h, clear, onLeftRight, onActivate, roving } from '../dom.js';
import { icon } from '../icons.js';
import { t, beanName } from '../i18n.js';
import { beanCard, meterRow, sideEntries } from '../beans.js';
import { S, act, rerender } from '../store.js';
import { draftClick } from '../offer.js';
import { inMyDeal, dealPick, isPicked, mayGive } from '../deal.js';
import { makeDraggable, makeDropTarget } from '../dnd.js';
import { duelPlanting, isDuel } from './duel.js';
import { askConfirm } from '../confirm.js';

// The card to plant that phase 3 highlights before any choice: the first, in to-plant order,
// that some field takes (the engine's plant_traded_fields, R15/R33), the card the status line
// tells to plant first (status.js); when none fits, the first.
export function firstToPlant(y) {
  const a = y.plant_advice;     // the engine's least costly way (hints.plant_advice)
  if (a && a.step === 'plant' && y.to_plant.includes(a.bean)) return a.bean;
  const fits = y.plant_traded_fields || {};
  return y.to_plant.find((b) => (fits[b] || []).length) || y.to_plant[0];
}

// The bean a plant on a field would use now: the front card in phase 1, the selected to-plant
// bean in phase 3, the selected face-up card in the duel's steps 1 and 3.
function plantingBean() {
  const y = S.view.you;
  const duel = duelPlanting();
  if (duel) return duel;
  if (y.waiting_for === 'plant') return { kind: 'front', bean: y.hand[0] };
  if (y.waiting_for === 'plant_traded' && y.to_plant && y.to_plant.length) {
    let bean = S.plantBean;
    if (!bean || !y.to_plant.includes(bean)) bean = firstToPlant(y);
    return { kind: 'toplant', bean };
  }
  return null;
}

function fieldsFor(p) {
  const y = S.view.you;
  if (!p) return [];
  if (p.kind === 'front') return y.plant_fields || [];
  if (p.kind === 'toplant') return (y.plant_traded_fields || {})[p.bean] || [];
  if (p.kind === 'faceup') return (y.face_up_fields || [])[p.index - 1] || [];
  return [];
}

// Which plant a Plant button makes: a plant changes it (the cards planted in phase 1, the cards
// left to plant in phase 3, the duel's face-up cards). The focus kept on a Plant button drawn
// anew (focus.js keys a control by its data) planted the next card on a second Enter, or on a
// key that bounced: phase 1's optional second card (R26) unasked, phase 3's next card into
// the same field (a keyboard player's note). A plant leaves the focus on the button's box
// (the hand, the fields): Tab reaches the next Plant button, a press of its own.
function plantStep(v) {
  const y = v.you || {};
  return [v.turn, v.phase, v.planted, (y.to_plant || []).length, (v.face_up || []).length].join(':');
}

function plantCommand(p, field) {
  if (p.kind === 'faceup') return `/plant u${p.index} ${field}`;
  // a hand card behind the front one, or in phase 3 the front one too: "/plant 2" there plants
  // the to-plant area's card (R33), so a dragged Chili planted the received Red (newuser19)
  if (p.kind === 'card' || (p.kind === 'front' && S.view.phase === 'plant_traded')) {
    return `/plant h${p.index} ${field}`;
  }
  return p.kind === 'front' ? `/plant ${field}` : `/plant ${p.bean} ${field}`;
}

export function renderFields(root) {
  clear(root);
  const v = S.view;
  if (!v || !v.you) { root.hidden = true; return; }
  root.hidden = false;
  const y = v.you;
  const seat = v.seats[y.seat];
  const current = plantingBean();
  const legal = fieldsFor(current);
  const meters = new Map((v.catalogue || []).map((c) => [c.bean, c.meter]));
  // the field whose harvest the engine advises now (plant_advice: its next step is a harvest)
  const adv = y.plant_advice && y.plant_advice.step === 'harvest' && y.plant_advice.harvest;
  const advised = adv ? adv.field : null;
  // a second field of the bean to plant while one of its fields grows (the engine's
  // second_fields, R14: allowed, usually a mistake): the bean's field is marked, the
  // empty one warns (trial 4: both read "Plant here")
  const second = (current && current.kind !== 'faceup' && (y.second_fields || {})[current.bean]) || null;
  root.append(h('div', { class: 'box-head' }, h('h2', { text: t('fields') })));
  const row = h('div', { class: 'fields' });
  seat.fields.forEach((f, i) => {
    const n = i + 1;
    const info = (seat.field_info || [])[i];
    const box = h('div', { class: 'field' + (legal.includes(n) ? ' can-plant' : '') + (advised === n ? ' advised' : ''), dataset: { field: String(n) },
      role: 'group', 'aria-label': t('field_no', { n }) });
    const useHere = !!(second && second.use.includes(n) && legal.includes(n));
    const secondHere = !!(second && second.second.includes(n) && legal.includes(n));
    if (useHere) box.classList.add('use-field');
    if (secondHere) box.classList.add('second-field');
    box.append(h('div', { class: 'field-no', text: t('field_no', { n }) },
      advised === n ? h('span', { class: 'advised-tag', text: t('advised_tag') }) : null,
      useHere ? h('span', { class: 'advised-tag use-tag', text: t('use_field_tag') }) : null));
    if (f) {
      const c = beanCard(f[0], { count: f[1] });
      // own field: left = want, right = give
      onLeftRight(c, (btn, e) => draftClick(btn === 'left' ? 'want' : 'give', f[0], e.currentTarget));
      box.append(c);
      if (info) {
        box.append(h('div', { class: 'field-info' },
          h('div', { text: info.harvest_now === 1 ? t('harvest_now_1') : t('harvest_now', { n: info.harvest_now }) }),
          h('div', { text: info.next_coin_at ? t('next_coin', { m: info.next_coin_at }) : t('no_next_coin') })));
      }
      if (meters.has(f[0])) box.append(meterRow(meters.get(f[0])));
    } else box.append(h('div', { class: 'card empty', text: t('field_empty') }));
    const btns = h('div', { class: 'field-btns' });
    let whyEl = null;
    if (current && legal.includes(n)) {
      const p = current;
      // the engine advises a harvest first (plant_advice): planting stays possible, not stressed
      // (data-plant: which plant it is, so the focus never stays on it for the next: focus.js)
      const b = h('button', { class: 'btn plant-here' + (advised || secondHere ? '' : ' primary'), type: 'button',
        dataset: { plant: plantStep(v) },
        // named for its card and field (board18: each field's read "Plant here", alike)
        'aria-label': t('plant_here_name', { bean: beanName(p.bean), n }),
        'aria-describedby': secondHere ? `second-why-${n}` : null }, icon('plant'), ' ' + t('plant_here'));
      b.addEventListener('click', () => act(plantCommand(p, n), box));
      btns.append(b);
    }
    if (f && v.phase !== 'over') {
      const can = (y.harvestable || []).includes(n);
      // not in the engine's harvestable: the button waits, saying why (the timing first, R16:
      // the bean duel harvests on one's own turn only, its rules' harvest_timing; else a lone
      // bean under bean protection, R19). duel17: a lone bean off turn was called protected.
      const offTurn = v.rules?.harvest_timing === 'own_turn' && v.active !== y.seat;
      const why = can ? null : (!offTurn && f[1] === 1 ? t('harvest_protected', { bean: beanName(f[0]) }) : t('harvest_not_now'));
      const b = h('button', { class: 'btn harvest' + (can ? '' : ' hint-off') + (advised === n ? ' primary' : ''), type: 'button', text: t('harvest'),
        disabled: !can, title: why || (advised === n ? t('harvest_advised') : null), 'aria-describedby': can ? null : `harvest-why-${n}`,
        'aria-label': t('harvest_name', { n, count: f[1], bean: beanName(f[0]) }) });
      b.addEventListener('click', async () => {
        // a harvest that pays nothing (the view's field_info) asks first: every card is lost
        if (info && info.harvest_now === 0) {
          const at = b.getBoundingClientRect();
          const yes = await askConfirm(t('harvest_confirm', { n, count: f[1], bean: beanName(f[0]) }), t('harvest'));
          if (yes) act(`/harvest ${n}`, at);
          return;
        }
        act(`/harvest ${n}`, b);
      });
      btns.append(b);
      if (!can) whyEl = h('div', { class: 'hint-text harvest-why', id: `harvest-why-${n}`, text: why });
    }
    box.append(btns);
    if (secondHere) {
      box.append(h('div', { class: 'hint-text second-why', id: `second-why-${n}`,
        text: t('second_field_warn', { bean: beanName(current.bean), use: second.use.join(', ') }) }));
    }
    if (whyEl) box.append(whyEl);     // below the buttons, as narrow as the field
    // a hand card behind the front one is taken too, never hinted: its drop gets the server's
    // reason (R9: the front card is planted; R33: phase 3 plants the to-plant area), where
    // it fell back into the hand without a word (newuser19: a Soy dragged from the back)
    makeDropTarget(box, {
      accepts: (p) => p.kind === 'front' || p.kind === 'toplant' || p.kind === 'faceup'
        || (p.kind === 'card' && p.zone === 'h'),
      hint: (p) => fieldsFor(p).includes(n),
      drop: (p) => act(plantCommand(p, n), box),
    });
    row.append(box);
  });
  if (seat.fields.length < 3 && !seat.third_field && v.phase !== 'over') {
    const cost = v.third_field_cost;
    if (cost !== null && cost !== undefined) {
      // not hinted (can_buy): too few coins for it (R22); the button waits, saying why
      const why = y.can_buy ? null : t('buy_why', { n: cost });
      // "Buy (coin) 3" under the box's "Field 3": short enough for a phone's field, whole
      // in its aria-label (trial: 3つ目の畑を購入（3ターラー） broke over three lines)
      const b = h('button', { class: 'btn buy' + (y.can_buy ? '' : ' hint-off'), type: 'button', id: 'buy-field',
        disabled: !y.can_buy, title: why, 'aria-label': t('buy', { n: cost }),
        'aria-describedby': why ? 'buy-why' : null }, t('buy_short') + ' ', icon('coin'), String(cost));
      b.addEventListener('click', () => act('/buy', b));
      row.append(h('div', { class: 'field locked', dataset: { field: '3' } },
        h('div', { class: 'field-no', text: t('field_no', { n: 3 }) }), icon('lock', { class: 'lock-icon' }), b,
        why ? h('div', { class: 'hint-text buy-why', id: 'buy-why', text: why }) : null));
    }
  }
  root.append(roving(row, 'fields', t('fields')));
}

export function renderToPlant(root) {
  clear(root);
  const v = S.view;
  const y = v && v.you;
  if (!y || !y.to_plant || !y.to_plant.length) { root.hidden = true; return; }
  root.hidden = false;
  const current = plantingBean();
  root.append(h('span', { class: 'row-label', text: t('to_plant') }));
  y.to_plant.forEach((bean, i) => {
    const sel = current && current.kind === 'toplant' && current.bean === bean;
    const c = beanCard(bean, { extraClass: sel ? 'selected' : '' });
    c.dataset.toplant = String(i);
    onActivate(c, () => { S.plantBean = bean; rerender(); });
    c.setAttribute('aria-pressed', sel ? 'true' : 'false');
    makeDraggable(c, () => ({ kind: 'toplant', bean }));
    root.append(c);
  });
  roving(root, 'toplant', t('to_plant'));
}

// The hand cards the offer being built gives (trial 5: nothing in the hand said which), as
// 1-based places: for each bean of "You give", as many as it names beyond the face-up cards it
// names (the active player's face-up cards of the bean come first, as the offer window and the
// face-up row tag them, R29), the cards clicked into the offer first, then from the back (the
// front ones are planted next, R11). The deal still asks for the exact cards (R31).
function inOffer(y, v) {
  const out = new Set();
  if (inMyDeal()) return out;
  const active = y.seat === v.active;
  for (const [bean, n] of sideEntries(S.draft.give)) {
    const up = active ? (v.face_up || []).filter((b) => b === bean).length : 0;
    let need = n - Math.min(n, up);
    const picks = (S.draftPicks || []).filter((i) => y.hand[i - 1] === bean);
    const back = y.hand.map((b, i) => (b === bean ? i + 1 : 0)).filter(Boolean).reverse();
    for (const i of new Set([...picks, ...back])) {
      if (need-- <= 0) break;
      out.add(i);
    }
  }
  return out;
}

export function renderHand(root) {
  const scrolled = root.querySelector('.hand')?.scrollLeft || 0;   // the row drawn before
  clear(root);
  const v = S.view;
  const y = v && v.you;
  if (!y) { root.hidden = true; return; }
  root.hidden = false;
  const head = h('div', { class: 'box-head' }, h('h2', { text: `${t('hand')} (${y.hand.length})` }),
    h('span', { class: 'hint-text', text: t('hand_title') }));
  if (y.waiting_for === 'plant' && y.hand.length && !(isDuel() && S.view.planted >= 2)) {
    // no field takes the front card (the engine's plant_fields): the button waits, saying why
    const fits = (y.plant_fields || []).length > 0;
    const why = fits ? null : t('plant_no_field', { bean: beanName(y.hand[0]) });
    // the optional second card (R26) has a button of its own, named so ("Plant Red too"):
    // the focus never stays on it from the first plant (data-label, focus.js keyOf)
    const second = S.view.planted >= 1 && !isDuel();
    const b = h('button', { class: 'btn' + (fits ? ' primary' : ''), type: 'button', id: 'plant-front', disabled: !fits, title: why,
      dataset: { label: plantStep(S.view) } }, icon('plant'), ' ' + (second ? t('plant_front_second', { bean: beanName(y.hand[0]) }) : t('plant_front')));
    b.addEventListener('click', () => act('/plant', b));
    head.append(h('span', { class: 'spacer' }), b);
  }
  root.append(head);
  const row = h('div', { class: 'hand' });
  const deal = inMyDeal();
  const discardable = new Set(y.can_discard || []);
  const offered = inOffer(y, v);
  // trial 6: a card handed over stays in the hand until the deal is done (R31): it says so
  const handed = new Set(y.deal_handed || []);
  y.hand.forEach((bean, i) => {
    const idx = i + 1;
    const gone = handed.has('h' + idx);
    const c = beanCard(bean, {
      label: gone ? t('hand_handed') : (i === 0 ? t('hand_front') : null),
      extraClass: (i === 0 ? 'front' : '') + (deal && isPicked('h', idx) ? ' picked' : '') +
        (deal && mayGive('h', idx) ? ' can-give' : '') + (gone ? ' handed' : ''),   // (the view's deal_cards)
    });
    c.dataset.ref = 'h' + idx;
    // its name tells it from the hand's other cards of its bean by place and role ("Chili,
    // card 1 of 5, next to plant"): two Chili cards were both named "Chili" (beans.js data-say)
    const role = gone ? t('hand_handed') : (i === 0 ? t('hand_front_say') : null);
    c.dataset.say = t('hand_card_say', { bean: beanName(bean), i: idx, n: y.hand.length }) +
      (role ? t('list_sep') + role : '');
    if (offered.has(idx)) {
      c.classList.add('in-offer');
      c.append(h('span', { class: 'in-offer-tag', text: t('hand_in_offer'), title: t('hand_in_offer_title') }));
      c.dataset.say += t('list_sep') + t('hand_in_offer');
    }
    // hand: left = give, right = want; in a deal: pick the exact card
    onLeftRight(c, (btn, e) => {
      if (deal) { if (btn === 'left') dealPick({ zone: 'h', index: idx, bean }); return; }
      if (btn === 'left' && !S.armed) S.draftPicks = [...(S.draftPicks || []), idx];
      draftClick(btn === 'left' ? 'give' : 'want', bean, e.currentTarget);
    });
    if (deal) c.setAttribute('aria-pressed', isPicked('h', idx) ? 'true' : 'false');   // picked for the deal
    // the front card always drags as the card to plant: a drop out of turn gets the server's reason
    makeDraggable(c, () => (i === 0
      ? { kind: 'front', zone: 'h', index: idx, bean }
      : { kind: 'card', zone: 'h', index: idx, bean }));
    makeDropTarget(c, {
      accepts: (p) => p.kind === 'signal',
      hint: () => true,
      drop: (p) => act(`/${p.which} ${bean}`, c),
    });
    if (discardable.has('h' + idx)) {
      // the duel's one discard from any position of the hand (rules.md 3a)
      const b = h('button', { class: 'btn small discard-btn', type: 'button', dataset: { discard: 'h' + idx }, title: t('duel_discard_hand'), 'aria-label': t('duel_discard_hand') }, icon('trash'));
      b.addEventListener('click', () => act(`/discard h${idx}`, b));
      row.append(h('div', { class: 'hand-slot' }, c, b));
      return;
    }
    row.append(c);
  });
  const wrap = h('div', { class: 'hand-wrap' }, roving(row, 'hand', t('hand')));
  root.append(wrap);
  // the row drawn anew stays scrolled where the person left it: it went back to its first
  // card on each redraw, so a card pressed far along the row (a give, a deal's pick) left
  // the view, focus ring and all (a keyboard player's trial: hand 15 behind "+3 ›")
  row.scrollLeft = scrolled;
  handCues(wrap, row);
}

// A hand wider than its row scrolls sideways; at each end where cards are out of view a cue
// says how many ("+2 ›"), and a tap on it scrolls that way (a new user's report: on a phone
// the seventh card was out of view with nothing to say so)
function handCues(wrap, row) {
  const cue = (side) => {
    const b = h('button', { class: `hand-more ${side}`, type: 'button', hidden: true });
    b.addEventListener('click', () => row.scrollBy({ left: (side === 'right' ? 1 : -1) * row.clientWidth * 0.8, behavior: 'smooth' }));
    wrap.append(b);
    return b;
  };
  const left = cue('left');
  const right = cue('right');
  const update = () => {
    row.classList.toggle('scrolls', row.scrollWidth > row.clientWidth + 1);   // (board.css)
    const box = row.getBoundingClientRect();
    let before = 0;
    let after = 0;
    for (const card of row.children) {
      const r = card.getBoundingClientRect();
      if (r.left < box.left - 1) before++;
      else if (r.right > box.right + 1) after++;
    }
    for (const [b, n, key] of [[left, before, 'hand_more_left'], [right, after, 'hand_more_right']]) {
      b.hidden = n === 0;
      b.textContent = t(key, { n });
      const title = t(n === 1 ? 'hand_more_title_1' : 'hand_more_title', { n });
      b.setAttribute('aria-label', title);
      b.title = title;
    }
  };
  row.addEventListener('scroll', update, { passive: true });
  // a card reached with Tab comes whole into the row, out from under a cue: the browser
  // leaves a card that shows in part where it is (a keyboard player's trial: the last card
  // focused under "+1 ›")
  row.addEventListener('focusin', (e) => {
    const r = e.target.getBoundingClientRect();
    const box = row.getBoundingClientRect();
    const cover = (b) => (b.hidden ? 0 : b.getBoundingClientRect().width);
    const over = r.right - (box.right - cover(right));
    const under = box.left + cover(left) - r.left;
    if (over > 0) row.scrollLeft += over;
    else if (under > 0) row.scrollLeft -= under;
  });
  requestAnimationFrame(update);
  cuesNow = update;
}
let cuesNow = null;   // the cues of the hand shown last (the row is made anew at each render)
window.addEventListener('resize', () => { if (cuesNow) cuesNow(); });
