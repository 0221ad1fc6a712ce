// The top bar: progress (deck pass of the limit, draw pile, discard, the phase), the status
// line (what to do now, from the server's hints: status.js) and the phase button beside it.
import { h, clear, withNames, patchInPlace, patchAttributes, around } from '../dom.js';
import { t } from '../i18n.js';
import { beanCard } from '../beans.js';
import { S, act, mySeat, seatName, seatNames } from '../store.js';
import { statusLine } from '../status.js';
import { announceStatus } from '../announce.js';
import { icon } from '../icons.js';
import { clockText } from '../clock.js';
import { isDuel } from './duel.js';

const PHASE_NO = { plant: 1, trade: 2, plant_traded: 3 };
// the bean duel's steps (rules.md 3a): its phases are steps of one turn
const DUEL_STEP = { plant_offer: 'duel_step1', plant: 'duel_step2', plant_revealed: 'duel_step3' };

// A countdown of the turn clock (clock.js keeps its text current).
export function clockBadge(deadline, extra = '') {
  return h('span', { class: 'clock-mark ' + extra, dataset: { deadline: String(deadline) }, title: t('clock_title') },
    icon('clock'), ' ', h('span', { class: 'clock-text', text: clockText(deadline) }));
}

export function renderProgress(root) {
  clear(root);
  const v = S.view;
  if (!v) return;
  const pass = Math.min(v.exhaustions + 1, v.passes_limit || 3);
  const chip = (id, label, value) => h('span', { class: 'prog', id, title: label },
    h('small', { text: label + ' ' }), String(value));
  root.append(
    chip('prog-pass', t('pass'), `${pass}/${v.passes_limit || 3}`),
    chip('prog-deck', t('deck'), v.deck_count),
    chip('prog-discard', t('discard'), v.discard_count),
  );
  // the discard's top card has a slot of its own from the start, so nothing moves when the
  // first card is discarded
  const slot = h('span', { class: 'discard-slot', 'aria-hidden': v.discard_top ? null : 'true' });
  if (v.discard_top) slot.append(beanCard(v.discard_top, { tiny: true, extraClass: 'discard-top' }));
  root.append(slot);
  if (v.phase !== 'over') {
    const duel = !!(v.rules && v.rules.duel);
    const title = t(duel && v.phase === 'plant' ? 'duel_phase_plant' : 'phase_' + v.phase);
    root.append(h('span', { class: 'prog phase-chip', id: 'prog-phase', title },
      duel ? t(DUEL_STEP[v.phase] || 'phase_' + v.phase) : t('phase_short', { n: PHASE_NO[v.phase] })));
  }
}

// What the connection says before any advice, in both games' status lines: the room refused
// (net.js FINAL), or no connection under a board drawn before (break11: the line said "Your
// turn: plant…", advice on a state that may be gone, while reconnecting); null when connected.
export function connectionLine() {
  return S.refusedRoom ? { text: S.refusedRoom, tone: 'over' }
    : S.view && S.connected === false ? { text: t('st_offline'), tone: 'wait' } : null;
}

export function renderStatus(root) {
  return showStatus(root, connectionLine() || statusLine(S.view, S.roomInfo, mySeat(), S.askName));
}

// The status line of either game on the screen (written only when its text changes) and to a
// screen reader (announce.js: at once when it asks this person to act, else once it settles).
export function showStatus(root, line) {
  if (root.textContent !== line.text) withNames(root, line.text, seatNames());   // names stay whole
  root.className = 'status tone-' + line.tone;
  const y = S.view && S.view.you;
  announceStatus(line.text, line.tone === 'act' || line.tone === 'over' || !!(y && y.seat === S.view.active));
  return line;
}

// The phase button stays the same element while it does the same (its data-label): a state
// that changes only its words, its reason or whether it waits updates it in place (fast bots
// send a state every few hundred milliseconds; app.js holds a state back while a press lasts,
// this keeps the button under a press that outlasts that, and the focus on it unread again).
// End planting becoming End trading is another control, drawn anew (focus.js).
export function renderPhase(root) {
  const nodes = phaseNodes();
  const fresh = nodes.map((n) => n.querySelector?.('#phase-btn')).find(Boolean);
  const old = root.querySelector('#phase-btn');
  if (old && fresh && old.dataset.label === fresh.dataset.label && old.parentElement.parentElement === root) {
    const wrap = old.parentElement;
    const freshWrap = fresh.parentElement;
    const at = nodes.indexOf(freshWrap);
    patchAttributes(wrap, freshWrap);
    around(wrap, patchInPlace(old, fresh), [], [...freshWrap.childNodes].filter((c) => c !== fresh));
    around(root, wrap, nodes.slice(0, at), nodes.slice(at + 1));
    return;
  }
  clear(root).append(...nodes);
}

// What #phase shows: the turn clocks, the phase button in its wrap, the reason it waits.
function phaseNodes() {
  const out = [];
  const root = { append: (...n) => out.push(...n) };
  const v = S.view;
  if (!v) return out;
  const y = v.you;
  // the turn clock of the seat(s) the game waits for; mine in large
  for (const s of S.roomInfo?.seats || []) {
    if (s.deadline === null || s.deadline === undefined || v.phase === 'over') continue;
    const mine = y && s.seat === y.seat;
    root.append(h('div', { class: 'clock-line' + (mine ? ' mine' : '') },
      clockBadge(s.deadline, mine ? 'big' : ''), ' ', h('span', { text: mine ? t('clock_yours') : seatName(s.seat) })));
  }
  if (v.phase === 'over' || !y) return out;
  let label = y.done_label;
  // why the button waits (the view's done_blocked: a deal is open, R31), in full beside it on
  // a laptop and in a few words under it on a phone (trial 5: the phone's End planting was
  // disabled with no reason shown)
  let why = y.done_blocked ? 'done_blocked_deal' : null;
  // phase 1 before the first plant: the button shows what it will do once a card is planted
  // (R19, R26: the first card must be planted)
  if (!label && y.waiting_for === 'plant') { label = 'end_planting'; why = 'done_blocked_plant'; }
  if (!label) return out;
  // trial 4 item 7: after Not interested (the view's passed mark) the button shows it is on
  // and says how to get back in (an offer or an accept clears the mark, design.md 4)
  const passed = label === 'not_interested' && !!v.seats[y.seat]?.passed;
  if (passed) why = 'done_passed_why';
  const blocked = why ? t(why) : null;
  // what a press does (the rules of the phase it ends: R27, R32; the duel's step 3, §3a)
  const does = { end_planting: isDuel() ? 'done_end_planting_duel_title' : 'done_end_planting_title',
    end_trading: 'done_end_trading_title', not_interested: 'done_not_interested_title' }[label];
  const title = blocked || (does ? t(does, { name: seatName(v.active) }) : null);
  const b = h('button', {
    class: 'btn phase-btn' + (blocked ? '' : ' primary') + (passed ? ' passed' : ''), type: 'button', id: 'phase-btn',
    disabled: !!blocked, dataset: { label }, title, 'aria-pressed': passed ? 'true' : null,
  }, t(passed ? 'done_passed' : 'done_' + label));
  if (blocked) b.setAttribute('aria-describedby', 'phase-why');
  b.addEventListener('click', () => act('/done', b));
  // the phone's few words under the button (its row keeps its height; the full reason is
  // the button's description)
  root.append(h('span', { class: 'phase-btn-wrap' }, b,
    blocked ? h('span', { class: 'phase-why-short', id: 'phase-why-short', 'aria-hidden': 'true', text: t(why + '_short') }) : null));
  if (blocked) root.append(h('span', { class: 'phase-why', id: 'phase-why', text: blocked }));
  return out;
}
