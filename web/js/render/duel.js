// The bean duel's table (rules.md 3a; rio-grande with 2 players): no market. The steps of a
// turn, the discard pile (a drop target for the cards you may discard) and the face-up cards:
// the offer your opponent left (step 1: plant or discard each), then the 3 revealed cards with
// the matching cards pulled from the discard pile (step 3), shown one after another as they
// come. Every button and drop sends command text; what is legal comes from the view's hints.
import { h, clear, isTouch } from '../dom.js';
import { t } from '../i18n.js';
import { beanCard } from '../beans.js';
import { icon } from '../icons.js';
import { S, act, rerender, seatName } from '../store.js';
import { makeDraggable, makeDropTarget } from '../dnd.js';
import { refLabel } from '../deal.js';

export function isDuel() { return !!(S.view && S.view.rules && S.view.rules.duel); }

const STEPS = [['plant_offer', 'duel_step1'], ['plant', 'duel_step2'], ['plant_revealed', 'duel_step3'], ['draw', 'duel_step4']];

// The log lines of a change: remember the last reveal and the cards it pulled, to mark them
// and to show them coming in (called by app.js for every batch of log entries).
export function noteDuelLog(entries, live) {
  for (const e of entries) {
    if (e.kind === 'reveal') S.duelReveal = { cards: e.cards || [], pulled: [], fresh: live };
    else if (e.kind === 'pull' && S.duelReveal) S.duelReveal.pulled = e.cards || [];
    else if (e.kind === 'leave' || e.kind === 'turn') S.duelCard = null;
  }
}

// Which face-up cards came from the discard pile: the last ones of each pulled bean.
function pulledMarks(faceUp) {
  const marks = faceUp.map(() => false);
  const r = S.duelReveal;
  if (!r || S.view.phase !== 'plant_revealed') return marks;
  for (const bean of r.pulled) {
    for (let i = faceUp.length - 1; i >= 0; i--) {
      if (!marks[i] && faceUp[i] === bean) { marks[i] = true; break; }
    }
  }
  return marks;
}

// The face-up card a plant on a field would take now (own.js asks): the one selected, else the
// first that fits a field.
export function duelPlanting() {
  const v = S.view;
  const y = v && v.you;
  if (!isDuel() || !y || !['plant_offer', 'plant_revealed'].includes(y.waiting_for) || !v.face_up.length) return null;
  const fits = y.face_up_fields || [];
  let i = S.duelCard;
  if (i === null || i === undefined || i >= v.face_up.length) {
    i = fits.findIndex((f) => f && f.length);
    if (i < 0) i = 0;
  }
  return { kind: 'faceup', index: i + 1, bean: v.face_up[i], fields: fits[i] || [] };
}

function stepBar(v) {
  const bar = h('div', { class: 'duel-steps' });
  for (const [phase, key] of STEPS) {
    bar.append(h('span', { class: 'duel-step' + (v.phase === phase ? ' on' : ''), dataset: { step: phase }, text: t(key) }));
  }
  return bar;
}

function discardPile(v, y) {
  const canDiscard = new Set((y && y.can_discard) || []);
  const pile = h('div', { class: 'duel-discard', id: 'duel-discard', title: t('discard') });
  pile.append(h('div', { class: 'row-label', text: `${t('discard')} (${v.discard_count})` }));
  pile.append(v.discard_top ? beanCard(v.discard_top, { extraClass: 'discard-top' }) : h('div', { class: 'card empty', text: '—' }));
  if (canDiscard.size) pile.append(h('div', { class: 'hint-text', text: t('duel_drop_discard') }));
  makeDropTarget(pile, {
    accepts: (p) => (p.kind === 'front' || p.kind === 'card' || p.kind === 'faceup') && !!p.zone,
    hint: (p) => canDiscard.has(p.zone + p.index),
    drop: (p) => act(`/discard ${p.zone}${p.index}`, pile),
  });
  return pile;
}

export function renderDuel(root) {
  clear(root);
  const v = S.view;
  if (!isDuel() || !v) { root.hidden = true; return; }
  root.hidden = false;
  const y = v.you;
  const me = y ? y.seat : null;
  const mine = me !== null && me === v.active && v.phase !== 'over';
  const other = (v.active + 1) % v.seats.length;
  root.append(h('div', { class: 'box-head' }, h('span', { text: t('duel_title') }),
    h('span', { class: 'spacer' }), stepBar(v)));
  const row = h('div', { class: 'duel-row' });
  row.append(discardPile(v, y));
  const area = h('div', { class: 'duel-faceup', id: 'duel-faceup', dataset: { phase: v.phase } });
  let label;
  if (v.phase === 'plant_offer') label = t('duel_offer_from', { name: seatName(other), to: seatName(v.active) });
  else if (v.phase === 'plant_revealed') label = t('duel_revealed', { name: seatName(v.active) });
  else if (v.phase === 'over' && v.face_up.length) label = t('duel_left_over');
  else label = t('duel_no_faceup');
  area.append(h('div', { class: 'row-label', text: label }));
  const cards = h('div', { class: 'duel-cards' });
  const pulled = pulledMarks(v.face_up);
  const fresh = S.duelReveal && S.duelReveal.fresh;
  const chosen = duelPlanting();
  const canDiscard = new Set((y && y.can_discard) || []);
  v.face_up.forEach((bean, i) => {
    const ref = 'u' + (i + 1);
    const fits = mine && y.face_up_fields ? (y.face_up_fields[i] || []) : [];
    const sel = mine && chosen && chosen.index === i + 1;
    const c = beanCard(bean, {
      label: pulled[i] ? '↩ ' + refLabel('u', i + 1) : refLabel('u', i + 1),
      extraClass: (pulled[i] ? 'pulled' : '') + (sel ? ' selected' : '') + (fresh ? ' appear' : ''),
    });
    c.dataset.ref = ref;
    if (fresh) c.style.animationDelay = `${(pulled[i] ? 3 + pulled.slice(0, i).filter(Boolean).length : i) * 0.35}s`;
    if (pulled[i]) c.title = t('duel_pulled');
    const slot = h('div', { class: 'duel-card' }, c);
    if (mine) {
      c.addEventListener('click', () => { if (!c.dataset.dragged) { S.duelCard = i; rerender(); } });
      makeDraggable(c, () => ({ kind: 'faceup', zone: 'u', index: i + 1, bean }));
      const btns = h('div', { class: 'duel-btns' });
      for (const f of fits) {
        const b = h('button', { class: 'btn small primary', type: 'button', dataset: { plant: `${ref}-${f}` }, text: `↓ #${f}`, title: t('plant_here') });
        b.addEventListener('click', () => act(`/plant ${ref} ${f}`, b));
        btns.append(b);
      }
      if (canDiscard.has(ref)) {
        const b = h('button', { class: 'btn small', type: 'button', dataset: { discard: ref }, title: t('duel_discard') }, icon('trash'), ' ' + t('duel_discard'));
        b.addEventListener('click', () => act(`/discard ${ref}`, b));
        btns.append(b);
      }
      slot.append(btns);
    }
    cards.append(slot);
  });
  if (!v.face_up.length) cards.append(h('span', { class: 'nothing', text: '—' }));
  area.append(cards);
  if (mine && v.phase === 'plant_revealed') area.append(h('div', { class: 'hint-text', text: t(y.done_label === 'end_game' ? 'duel_rest_last' : 'duel_rest_to', { name: seatName(other) }) }));
  if (mine && v.phase === 'plant_offer') area.append(h('div', { class: 'hint-text duel-offer-hint', text: t(isTouch() ? 'duel_offer_hint_touch' : 'duel_offer_hint') }));
  row.append(area);
  root.append(row);
  if (fresh) S.duelReveal.fresh = false; // shown coming in once; later renders show it as it is
}
