// Player panels: colour, active mark, idle mark, pass mark, name, bot and away marks,
// received/hand count, fields, coins; "Let a bot play" on a seat the server says may be handed over.
import { h, clear, onLeftRight, roving, showInColumn } from '../dom.js';
import { t, beanName } from '../i18n.js';
import { icon } from '../icons.js';
import { beanCard } from '../beans.js';
import { S, act, mySeat, seatColour } from '../store.js';
import { draftClick } from '../offer.js';
import { seatMarks, isIdle, idleTitle, idleWord } from '../seatmarks.js';
import { clockBadge } from './top.js';

// A seat's to-plant area: how many cards, and which (public, R41: they lie face up; user13's
// trial: the panel said "2 to plant" and not which cards). Which ones were in its title only,
// a pointer's hover: a screen reader hears them after the count, and the panel shows them
// (tiny cards, a row of their own: toPlantRow), seen without a pointer (board17).
function toPlant(beans) {
  const names = beans.map((b) => beanName(b)).join(t('list_sep'));
  return h('span', { class: 'received', title: t('to_plant_list', { beans: names }) },
    ' · ' + t('to_plant_n', { n: beans.length }), h('span', { class: 'sr-only', text: t('to_plant_which', { beans: names }) }));
}

function toPlantRow(beans) {
  return h('div', { class: 'panel-to-plant', 'aria-hidden': 'true' }, ...beans.map((b) => beanCard(b, { tiny: true })));
}

export function renderPanels(root) {
  clear(root);
  const v = S.view;
  if (!v) return;
  const me = mySeat();
  const idle = new Map((S.roomInfo?.seats || []).map((s) => [s.seat, s]));
  v.seats.forEach((seat, i) => {
    const info = idle.get(i);
    const isActive = v.active === i && v.phase !== 'over';
    const panel = h('div', {
      class: 'panel' + (isActive ? ' active' : '') + (i === me ? ' mine' : ''),
      style: { '--seat': seatColour(i) },
      dataset: { seat: String(i) },
    });
    // never on the viewer's own panel: a person reading the board is not away to himself
    // (trial 5 item 9: "Bob (you) · idle" read as away or nothing to do)
    const idleOn = isIdle(info) && i !== me;
    const mark = (cls, on, title, ic) => h('span', { class: 'mark ' + cls + (on ? ' on' : ''), title,
      'aria-hidden': on ? null : 'true' }, icon(ic, on ? { title } : {}));
    const marks = h('div', { class: 'marks' },
      mark('mark-active', isActive, t('active_mark'), 'active'),
    );
    // idle (Zz) and not interested: an icon and a word, readable without hovering (trial: the
    // Zz's meaning was only in its tooltip); shown only while on
    const word = (cls, title, ic, text) => h('span', { class: 'seat-badge word-mark on ' + cls, title },
      icon(ic, { title }), h('span', { class: 'mark-word', text }));
    const passedOn = seat.passed && v.phase === 'trade';
    const name = h('span', { class: 'name', title: seat.name }, seat.name,
      i === me ? h('span', { class: 'you-tag', text: ` (${t('you')})` }) : null);
    const got = (seat.to_plant || []).length;
    const counts = h('span', { class: 'counts' },
      h('span', { class: 'hand-count', text: t('in_hand', { n: seat.hand_count }) }),
      got ? toPlant(seat.to_plant) : null);
    const hidden = seat.coins === null || seat.coins === undefined;
    const coins = h('span', {
      class: 'coins' + (hidden ? ' hidden-money' : ''),
      title: hidden ? t('hidden') : t('coins'),
    }, icon('coin', { title: t('coins') }), ' ',
    // hidden money (R42): a screen reader heard "coins, question mark"; it hears "coins hidden"
    ...(hidden ? [h('span', { 'aria-hidden': 'true', text: '?' }), h('span', { class: 'sr-only', text: t('hidden') })]
      : [String(seat.coins)]));
    const fields = h('div', { class: 'mini-fields' });
    seat.fields.forEach((f, fi) => {
      let el;
      if (f) {
        el = beanCard(f[0], { small: true, count: f[1] });
        // other players' fields: left = give, right = want; own fields: left = want, right = give
        const own = i === me;
        onLeftRight(el, (btn, e) => draftClick(own ? (btn === 'left' ? 'want' : 'give') : (btn === 'left' ? 'give' : 'want'), f[0], e.currentTarget),
          `${seat.name}: ${t('field_no', { n: fi + 1 })}, ${f[1]} × ${beanName(f[0])}`);
      } else el = h('div', { class: 'card small empty', text: t('field_empty') });
      el.dataset.field = String(fi + 1);
      fields.append(el);
    });
    // a third field still to buy (R21): none where the rules sell none (amigo, rules.md §3b:
    // 4-5 players keep 2 fields; user10's trial: a lock on every Amigo seat promised one)
    const buyable = v.third_field_cost !== null && v.third_field_cost !== undefined;
    if (buyable && !seat.third_field && seat.fields.length < 3) fields.append(h('div', { class: 'card small locked' }, icon('lock')));
    roving(fields, 'seat-fields-' + i, t('seat_fields', { name: seat.name }));   // one stop of Tab (dom.js)
    panel.append(h('div', { class: 'panel-head' }, marks, name));
    const badges = seatMarks(info, S.roomInfo, me);
    if (idleOn) badges.unshift(word('mark-idle', idleTitle(S.roomInfo, info), 'idle', idleWord(info)));
    // trial 4 item 7: a seat that passed with offers of this turn still waiting for the active
    // player (the view's offers: its own, this turn, for the active player) is not "not
    // interested": its offers stand, it makes no more
    // (complete offers, as the view's "waiting" notes: a prompt with '?' asks first, C12)
    const offersWait = passedOn && v.offers.some((o) => o.owner === i && o.turn === v.turn && o.give !== '?' && o.want !== '?' &&
      (o.partners || []).includes(v.active));
    // (trial 5 item 4: not the pass sign either, which read as "not interested")
    if (offersWait) badges.unshift(word('mark-offers-wait', t('offers_wait_title', { name: seat.name }), 'swap', t('offers_wait_mark')));
    else if (passedOn) badges.unshift(word('mark-pass', t('pass_mark'), 'pass', t('pass_mark')));
    if (info && info.deadline !== null && info.deadline !== undefined && v.phase !== 'over') badges.push(clockBadge(info.deadline));
    if (info && info.timeouts) badges.push(h('span', { class: 'seat-badge timeout-mark', title: t('timeouts_title') }, icon('hourglass'), `×${info.timeouts}`));
    if (info && info.bot) panel.classList.add('bot');
    // shown to the other seated players when the server flags the seat (away long enough)
    if (info && info.can_hand_over && me !== null && i !== me && S.roomInfo?.running) {
      const b = h('button', {
        class: 'btn small handover-btn', type: 'button', dataset: { seat: String(i) },
        title: t('handover_title', { name: info.name }),
      }, icon('bot'), ' ' + t('handover'));
      b.addEventListener('click', () => act(`/handover ${info.name}`, b));
      badges.push(b);
    }
    if (badges.length) panel.append(h('div', { class: 'panel-badges' }, ...badges));
    panel.append(h('div', { class: 'panel-row' }, counts, coins), ...(got ? [toPlantRow(seat.to_plant)] : []), fields);
    root.append(panel);
  });
  // a new turn: the active player's panel whole in view in the left column (with 5 seats at
  // 1280x800 the last stood below the column's edge); the person's own scrolling is left
  // alone the rest of the turn
  const turn = v.phase === 'over' ? null : `${v.turn}:${v.active}`;
  if (turn !== lastTurn) {
    lastTurn = turn;
    if (turn) {
      requestAnimationFrame(() => {        // the panel drawn last (a state may come first)
        const active = root.querySelector('.panel.active');
        if (active) showInColumn(active);
      });
    }
  }
}

let lastTurn = null;   // the turn (and active seat) the last drawing showed
