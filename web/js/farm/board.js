// The farm game's board (issue 17): every seat's facilities, field and VP; the cycle's contest
// schedule, the turn-order cards, the piles; your hand, field and facilities with the actions
// the view allows now; the contest results. Every button sends command text exactly as the
// chat would (docs/farm.md "Commands"); the server decides what is legal.
import { h, clear } from '../dom.js';
import { S, act, mySeat, seatColour, rerender } from '../store.js';
import { ft, term } from './words.js';
import { cardEl, cardLabel, parseCard } from './cards.js';
import { icon } from '../icons.js';
import { statusLine, withSeatBot, nextGameSeat } from '../status.js';
import { doingMark } from '../seatmarks.js';

const FACILITIES = ['transform_pot', 'field', 'synth_pot', 'storage_box'];
const FAC_WORD = { transform_pot: 'transform_pot', field: 'field_f', synth_pot: 'synth_pot', storage_box: 'storage_box' };
const UPGRADE_WORD = { transform_pot: 'pot', field: 'field', synth_pot: 'synth', storage_box: 'box' };

// the board's own state: the hand cards picked (by index), the piles a transform takes from
const F = { sel: [], handKey: '', tp: {}, draws: {} };

// what the board's own state adds to a redraw's inputs (app.js draws a part when they change)
export function farmUiKey() { return JSON.stringify(F); }

export function isFarm() {
  if (S.view) return S.view.game === 'farm';
  return !!(S.roomInfo && S.roomInfo.game && S.roomInfo.game.game === 'farm');
}

function toggle(i) {
  const k = F.sel.indexOf(i);
  if (k >= 0) F.sel.splice(k, 1); else F.sel.push(i);
  rerender();
}

const hRef = (i) => 'h' + (i + 1);

// the status line; a seat of mine a bot plays says so first (status.js withSeatBot)
export function farmStatus() {
  return withSeatBot(farmLine(), S.view, S.roomInfo, mySeat());
}

function farmLine() {
  const v = S.view;
  // before the deal the table's own line (seats, Start game) serves every game
  if (!v) return statusLine(null, S.roomInfo, mySeat(), S.askName);
  const y = v.you;
  if (v.phase === 'over') return { text: ft('st_over') + nextGameSeat(S.roomInfo, mySeat()), tone: 'over' };
  // a watcher: whom the table waits for (README; Bohnanza's watcher line likewise)
  if (!y) {
    if (v.phase === 'prep') {
      const open = v.seats.filter((s) => !s.done).map((s) => s.name);
      return { text: ft('st_watch_prep', { names: open.join(ft('name_sep')) }), tone: 'wait' };
    }
    return { text: ft('st_watch_harvest', { name: v.seats[v.active]?.name ?? '' }), tone: 'wait' };
  }
  if (v.phase === 'prep') {
    if (y.rescue) return { text: ft('st_rescue'), tone: 'act' };
    if (y.done) return { text: ft('st_prep_done'), tone: 'wait' };
    const last = lastToDeclare(v, y.seat);
    return { text: last === null ? ft('st_prep') : ft('st_prep_last', { name: v.seats[last].name }), tone: 'act' };
  }
  if (v.active === y.seat) {
    if (y.must_discard) {
      const key = (v.contest ? 'st_harvest_discard' : 'st_harvest_discard_nc') + (y.must_discard === 1 ? '_1' : '');
      return { text: ft(key, { n: y.must_discard }), tone: 'act' };
    }
    return { text: ft(v.contest ? 'st_harvest_me' : 'st_harvest_me_nc'), tone: 'act' };
  }
  return { text: ft('st_harvest', { name: v.seats[v.active]?.name ?? '' }), tone: 'wait' };
}

// F22: once all but one have declared, the last is done at once. The one other seat still
// preparing whose declaration would end mine, when a person holds it (a bot waits for the
// people, trial user8); else null. Two people: Eve was choosing her base when Dan declared
// (trial user16).
function lastToDeclare(v, me) {
  const open = v.seats.map((s, i) => i).filter((i) => !v.seats[i].done);
  if (open.length !== 2 || !open.includes(me)) return null;
  const other = open.find((i) => i !== me);
  const seat = S.roomInfo?.seats?.find((x) => x.seat === other);
  return seat && !seat.bot ? other : null;
}

// g: the seat's grades, or undefined when the parameter set keeps them from the others (G31):
// each reads "grade ?" with no pip lit
function grades(params, g = {}, prices, me) {
  const row = h('div', { class: 'farm-facilities' });
  for (const k of FACILITIES) {
    const pips = h('span', { class: 'pips', 'aria-hidden': 'true' });
    const max = params?.facilities?.max_grade || 4;
    for (let i = 1; i <= max; i++) pips.append(h('span', { class: 'pip' + (i <= g[k] ? ' on' : '') }));
    const price = prices ? prices[k] : undefined;
    const grade = g[k] ?? '?';
    row.append(h('div', { class: 'fac fac-' + k, dataset: { facility: k, grade: String(grade) }, title: `${ft(FAC_WORD[k])} ${ft('grade', { g: grade })}` },
      h('span', { class: 'fac-name', text: ft(me ? FAC_WORD[k] : 'fac_short_' + k) }), pips,
      h('span', { class: 'fac-grade', text: ft(me ? 'grade' : 'grade_short', { g: grade }) }),
      me && price !== undefined ? h('span', { class: 'fac-price', text: price === null ? ft('top_grade') : ft('next_price', { p: price }) }) : null));
  }
  return row;
}

function seatPanel(v, i) {
  const s = v.seats[i];
  const me = mySeat() === i;
  // what the parameter set keeps from the others (G31) the owner reads in its own part
  const y = me ? v.you : null;
  const marks = [];
  if (v.phase === 'prep' && s.done) marks.push(h('span', { class: 'fmark done', text: ft('done') }));
  if (v.phase === 'harvest' && v.active === i) marks.push(h('span', { class: 'fmark active' }, icon('active'), ' ' + ft('harvesting')));
  if (s.order_card) marks.push(h('span', { class: 'order-card', title: ft('order_cards'), text: String(s.order_card) }));
  // what a bot the game waits for does (SeatInfo.doing): "Bot 1 is ready and waits for you"
  // while it holds its declaration for the people (trial farm17)
  const doing = doingMark(S.roomInfo?.seats?.find((x) => x.seat === i), S.roomInfo, mySeat());
  if (doing) marks.push(doing);
  const field = h('div', { class: 'mini-field' });
  s.field.forEach((b, k) => {
    if (!b) { field.append(h('div', { class: 'slot empty', text: ft('empty_slot') })); return; }
    field.append(h('div', { class: 'slot' + (b.entered ? ' entered' : '') },
      cardEl(v.params, b.base, { small: true }),
      // at the end the synthesis cards are laid open (docs/farm.md D10): their faces, else a count
      ...(b.synth?.length && b.synth.every((c) => parseCard(c)) ? b.synth.map((c) => cardEl(v.params, c, { small: true }))
        : [b.synth?.length ? h('span', { class: 'synth-count', text: ft('synth_n', { n: b.synth.length }) }) : null]),
      b.entered ? h('span', { class: 'fmark', text: ft('entered') }) : null));
  });
  return h('div', { class: 'farm-seat' + (me ? ' me' : '') + (s.must_act ? ' owes' : ''), style: { '--seat': seatColour(i) }, dataset: { seat: String(i) } },
    h('div', { class: 'seat-head' },
      h('span', { class: 'swatch' }), h('strong', { text: s.name }), ...marks),
    h('div', { class: 'seat-nums' },
      h('span', { class: 'vp', text: `${s.vp ?? y?.vp ?? '?'} ${ft('vp')}` }),
      h('span', { class: 'cost', text: `${s.cost ?? y?.cost ?? '?'} ${ft('cost')}` }),
      h('span', { class: 'hand-count', text: ft('hand_count', { n: s.hand_count ?? y?.hand?.length ?? '?' }) })),
    grades(v.params, s.grades ?? y?.grades, null, false),
    field,
    // D10: once the game is over every hand is laid open (the view carries it); one's own
    // stays in Your hand
    v.phase === 'over' && !me && Array.isArray(s.hand) && s.hand.length
      ? h('div', { class: 'open-hand', role: 'group', 'aria-label': ft('open_hand', { name: s.name }) },
        h('span', { class: 'hint-text', text: ft('open_hand', { name: s.name }) + ':' }),
        ...s.hand.map((c) => cardEl(v.params, c, { small: true })))
      : null);
}

function schedule(v) {
  const box = h('section', { class: 'box farm-schedule', 'aria-label': ft('schedule') },
    h('div', { class: 'box-head' }, h('h2', { text: ft('schedule') }),
      h('span', { class: 'chip', text: ft('contest_level', { l: v.contest_level }) })));
  const list = h('ol', { class: 'contest-list' });
  // every turn of the cycle, with its contest or none (F2, G21: the view says which)
  for (const { turn, contest: c } of v.cycle_turns) {
    if (!c) {
      list.append(h('li', { class: 'no-contest' + (turn === v.turn ? ' now' : ''), dataset: { turn: String(turn) }, text: ft('no_contest', { t: turn }) }));
      continue;
    }
    list.append(h('li', { class: 'contest-slot' + (c.turn === v.turn ? ' now' : ''), dataset: { turn: String(c.turn) } },
      h('span', { class: 'turn', text: ft('turn', { t: c.turn }) }),
      h('span', { class: 'cat cat-' + c.category, text: term(v.params, c.category) }),
      h('span', { class: 'eval', text: term(v.params, c.evaluation) }),
      // the lowest base level it admits (F30, G25), none when contest.eligibility asks none
      c.min_level != null ? h('span', { class: 'lvl', text: 'L' + c.min_level + '+' }) : null,
      c.turn === v.turn ? h('span', { class: 'chip now-chip', text: ft('now') }) : null));
  }
  box.append(list);
  const order = h('div', { class: 'order-row' }, h('span', { class: 'row-label', text: ft('order_cards') + ':' }),
    ...v.order_stack.map((n) => h('span', { class: 'order-card', text: String(n) })),
    h('span', { class: 'hint-text', text: ft(v.order_stack.length ? 'order_left' : 'order_none') }));
  box.append(order);
  // the piles (G2): how many cards each holds and how many lie face up beside it (G5)
  box.append(h('div', { class: 'pile-row', 'aria-label': ft('piles') }, h('span', { class: 'row-label', text: ft('piles') + ':' }),
    ...v.piles.map((p) => {
      const [lv, cat] = p.pile.split(' ');
      const discards = p.discards ? p.discards.length : (p.discard_count || 0);
      // the discards lie face up (G5, G31 public): their faces, newest first, where the view
      // has them (farm19: the board showed only their count)
      const faces = p.discards && p.discards.length
        ? '; ' + ft('discards_beside', { cards: p.discards.map((c) => cardLabel(v.params, c)).join(', ') }) : '';
      return h('span', { class: 'pile cat-' + cat, dataset: { pile: p.pile }, title: `${pileLabel(v, p.pile)}: ${ft('cards_left', { n: p.count })}${faces}` },
        `${lv} ${term(v.params, cat)} ${p.count}`, discards ? h('small', { text: ` (+${discards})` }) : null);
    })));
  if (v.harvest_order && v.harvest_order.length) {
    box.append(h('div', { class: 'order-row' }, h('span', { class: 'row-label', text: ft('harvest_order') + ':' }),
      ...v.harvest_order.map((i) => h('span', { class: 'who' + (i === v.active ? ' now' : ''), text: v.seats[i].name }))));
  }
  return box;
}

// The piles a shipment or the rescue cards may come from (F26/G15, G23: the player chooses):
// the engine's hint (you.ship_draws, you.rescue_draw: the piles a draw may name, and the pile
// of each card it brings when none is named, docs/farm.md D5, so as many choices as cards
// come, G5). The board works out no pile's legality, count or default itself (before, it did,
// and offered a pile's discards where piles.reshuffle = never keeps them).
// Only the piles the player picked are kept (for this turn's phase), each other choice is the
// engine's default of this view: kept defaults went stale when a shipment emptied a pile, and
// Ship then named a pile that could not supply (refused, G5; trial user12).
function drawChoice(v, key, draw) {
  const piles = draw ? draw.piles.map((p) => p.pile) : [];
  const dflt = draw?.default || [];
  if (!piles.length || !dflt.length) return { els: [], named: [] };
  const at = `${v.turn_number} ${v.phase}`;
  const mine = F.draws[key]?.at === at ? F.draws[key].picks : {};
  const chosen = dflt.map((d, j) => (piles.includes(mine[j]) ? mine[j] : d));
  const els = chosen.map((pick, j) => {
    const sel = h('select', { id: `${key}-pile${j + 1}`, class: 'draw-pile', 'aria-label': ft('draw_from', { k: j + 1 }) },
      ...piles.map((p) => h('option', { value: p, text: pileLabel(v, p) })));
    sel.value = pick;
    sel.addEventListener('change', () => { F.draws[key] = { at, picks: { ...mine, [j]: sel.value } }; rerender(); });
    return sel;
  });
  return { els: [h('span', { class: 'hint-text', text: ft('cards_from') }), ...els], named: chosen };
}

function pileLabel(v, pile) {
  const [lv, cat] = pile.split(' ');
  return cat ? `${lv} ${term(v.params, cat)}` : lv;   // piles by level only (G2): "L1"
}

function actions(v, y) {
  const bar = h('div', { class: 'farm-actions' });
  // the picks stay after a press: one the server takes changes the hand, and mine() lets them
  // go; one it refuses leaves the cards marked as the board still holds them (they were
  // forgotten while still marked, so un-picking one picked it alone: trial user16)
  const btn = (id, label, cmd, cls = 'btn') => {
    const b = h('button', { class: cls, type: 'button', id }, label);
    b.addEventListener('click', () => act(typeof cmd === 'function' ? cmd() : cmd, b));
    return b;
  };
  const picked = F.sel.map(hRef);
  if (v.phase === 'prep' && !y.done) {
    if (y.rescue) {
      const pick = drawChoice(v, 'farm-draw', y.rescue_draw);
      bar.append(h('span', { class: 'draw-choice' },
        btn('farm-draw', ft('draw_rescue', { n: y.rescue }), () => ['/draw', pick.named.join(', ')].join(' ').trim(), 'btn primary'), ...pick.els));
    }
    if (F.sel.length && y.free_slots.length) {
      bar.append(btn('farm-plant', ft('plant') + ` (${F.sel.length})`, () => '/plant ' + picked.join(' '), 'btn primary'));
    }
    if (F.sel.length) {
      for (const [slot, room] of Object.entries(y.synth_room || {})) {
        if (room > 0) bar.append(btn('farm-synth-' + slot, ft('synth_on', { s: slot }), () => `/synth b${slot} ` + picked.join(' ')));
      }
    }
    // what the pot makes of the cards picked (F13-F17, G14): the view's ways for their levels,
    // each with how many cards it takes, the piles it may take them from and the engine's
    // default pile for each card (one that supplies them all, G5: the board named the first
    // pile for both cards of a 3-for-2 and was refused when it held one). Only the player's
    // own picks are kept (F.tp: way -> {card: pile}), until the hand changes.
    const key = F.sel.map((i) => parseCard(y.hand[i])?.level).sort((a, b) => a - b).join(',');
    ((y.transforms || {})[key] || []).forEach((way, k) => {
      const piles = way.piles.map((p) => p.pile);
      const picks = F.tp[k] || {};
      const chosen = Array.from({ length: way.get }, (_, j) => (piles.includes(picks[j]) ? picks[j] : way.default?.[j] ?? piles[0]));
      const pick = (j) => {
        const id = k ? `farm-pile-w${k + 1}-${j + 1}` : 'farm-pile' + (j ? j + 1 : '');
        const sel = h('select', { id, class: 'transform-pile', 'aria-label': ft('transform_into') },
          ...piles.map((p) => h('option', { value: p, text: pileLabel(v, p) })));
        sel.value = chosen[j];
        sel.addEventListener('change', () => { F.tp[k] = { ...picks, [j]: sel.value }; rerender(); });
        return sel;
      };
      bar.append(h('span', { class: 'transform' },
        btn(k ? `farm-transform-w${k + 1}` : 'farm-transform', ft('transform'), () => `/transform ${picked.join(' ')} for ${chosen.join(', ')}`),
        ' ' + ft('transform_into') + ' ', ...chosen.map((_, j) => pick(j))));
    });
    bar.append(btn('farm-declare', ft('declare'), '/done', 'btn' + (F.sel.length ? '' : ' primary')));
  }
  if (v.phase === 'harvest' && v.active === y.seat) {
    for (const k of y.can_upgrade) {
      bar.append(btn('farm-upgrade-' + k, `${ft(FAC_WORD[k])}: ${ft('upgrade', { p: y.prices[k] })}`, `/upgrade ${UPGRADE_WORD[k]}`));
    }
    if (y.must_discard) {
      const ok = F.sel.length === y.must_discard;
      const n = y.must_discard;
      const b = btn('farm-adjust', ft(n === 1 ? 'adjust_1' : 'adjust', { n, k: F.sel.length }), () => '/adjust ' + picked.join(' '), 'btn primary');
      b.disabled = !ok;
      bar.append(b);
    } else {
      bar.append(btn('farm-end', ft('end_harvest'), '/done', 'btn primary'));
    }
  }
  return bar.childNodes.length ? bar : null;
}

function ownField(v, y) {
  const box = h('div', { class: 'own-field' });
  y.field.forEach((b, k) => {
    const slot = k + 1;
    if (!b) { box.append(h('div', { class: 'slot empty', dataset: { slot: String(slot) } }, h('span', { class: 'slot-label', text: ft('slot', { s: slot }) }), h('span', { text: ft('empty_slot') }))); return; }
    const btns = [];
    if (y.can_ship.includes(slot)) {
      const pick = drawChoice(v, 'farm-ship-' + slot, y.ship_draws?.[slot]);
      const sb = h('button', { class: 'btn small primary', type: 'button', id: 'farm-ship-' + slot }, ft('ship'));
      sb.addEventListener('click', () => { delete F.draws['farm-ship-' + slot]; act(`/ship b${slot}` + (pick.named.length ? ' for ' + pick.named.join(', ') : ''), sb); });
      btns.push(sb, ...pick.els);
    }
    if (y.can_enter.includes(slot)) {
      const b = h('button', { class: 'btn small', type: 'button', id: 'farm-enter-' + slot }, icon('trophy'), ' ' + ft('enter'));
      b.addEventListener('click', () => act(`/enter b${slot}`, b));
      btns.push(b);
    }
    box.append(h('div', { class: 'slot' + (b.entered ? ' entered' : ''), dataset: { slot: String(slot) } },
      h('span', { class: 'slot-label', text: ft('slot', { s: slot }) + (b.new ? ' · ' + ft('new') : '') + (b.entered ? ' · ' + ft('entered') : '') }),
      h('div', { class: 'vegetable' }, cardEl(v.params, b.base), ...b.synth.map((c) => cardEl(v.params, c, { small: true }))),
      btns.length ? h('div', { class: 'slot-btns' }, ...btns) : null));
  });
  return box;
}

// What picking cards can do in this preparation, as the view says (F18 free slots, F19 the
// synthesis cards a new base takes, G11 the room left on this phase's bases)
function prepHint(y) {
  if (y.free_slots.length) {
    const n = y.new_base_synth || 0;
    // the fewest cards a transform the hand allows takes ("1,1": two level-1 cards)
    const ways = Object.keys(y.transforms || {}).map((k) => k.split(',').length);
    const more = ways.length ? ft('transform_hint', { n: Math.min(...ways) }) : '';
    return ft(n === 0 ? 'plant_hint_0' : n === 1 ? 'plant_hint_1' : 'plant_hint', { n }) + more;
  }
  return ft(Object.values(y.synth_room || {}).some((room) => room > 0) ? 'full_synth_hint' : 'full_hint');
}

function mine(v, y) {
  const key = JSON.stringify([y.hand, v.phase, v.turn_number, y.done]);
  if (key !== F.handKey) { F.handKey = key; F.sel = []; F.tp = {}; }
  const box = h('section', { class: 'box farm-mine', 'aria-label': ft('hand') });
  box.append(h('div', { class: 'box-head' }, h('h2', { text: ft('hand') }),
    h('span', { class: 'hint-text', text: ft(y.hand.length === 1 ? 'hand_n1' : 'hand_n', { n: y.hand.length, l: y.hand_limit }) }),
    h('span', { class: 'spacer' }),
    h('span', { class: 'vp', text: `${y.vp} ${ft('vp')}` }), h('span', { class: 'cost', text: `${y.cost} ${ft('cost')}` })));
  const hand = h('div', { class: 'farm-hand' });
  y.hand.forEach((c, i) => {
    const at = F.sel.indexOf(i);
    const el = cardEl(v.params, c, { index: i, selected: at >= 0, onClick: () => toggle(i) });
    if (at >= 0) el.append(h('span', { class: 'sel-no', text: String(at + 1) }));
    hand.append(el);
  });
  // an empty hand says so instead of leaving a blank row (G23: rescue cards come at the next
  // preparation when the field is empty too)
  if (!y.hand.length) hand.append(h('span', { class: 'hint-text empty-hand', text: ft('hand_empty') }));
  box.append(hand);
  if (v.phase === 'prep' && !y.done && y.hand.length) box.append(h('div', { class: 'hint-text', text: prepHint(y) }));
  const bar = actions(v, y);
  if (bar) box.append(bar);
  box.append(h('div', { class: 'box-head sub' }, h('h3', { text: ft('field') })));
  box.append(ownField(v, y));
  box.append(h('div', { class: 'box-head sub' }, h('h3', { text: ft('facilities') })));
  box.append(grades(v.params, y.grades, y.prices, true));
  return box;
}

function results(v) {
  if (!v.contests.length) return null;
  const box = h('section', { class: 'box farm-results', 'aria-label': ft('results') },
    h('div', { class: 'box-head' }, h('h2', { text: ft('results') })));
  for (const c of [...v.contests].reverse()) {
    // the entries come in placed order (F39, G29: the engine ranks them, docs/farm.md)
    const rows = c.entries.length ? c.entries.map((e) => h('li', { class: e.place ? 'placed p' + e.place : '' },
      h('span', { class: 'place', text: e.place ? ft('place', { p: e.place }) : '–' }),
      h('strong', { text: v.seats[e.seat]?.name ?? '' }),
      h('span', { text: ft('score', { s: e.score }) }),
      e.vp ? h('span', { class: 'vp', text: `+${e.vp} ${ft('vp')}` }) : null,
      h('span', { class: 'veg' }, cardEl(v.params, e.card, { small: true }), ...e.synth.map((x) => cardEl(v.params, x, { small: true })))))
      : [h('li', { class: 'nothing', text: ft('no_entries') })];
    box.append(h('div', { class: 'result' },
      h('div', { class: 'result-head', text: `${ft('cycle', { c: c.cycle, n: v.params?.game?.cycles ?? 3 })} ${ft('turn', { t: c.turn })}: ${term(v.params, c.category)} / ${term(v.params, c.evaluation)}` }),
      h('ol', {}, ...rows)));
  }
  return box;
}

// The final table, in #gameover (room.html: above the room's set-up, as Bohnanza's end of
// game): the winner is the first thing a player reads when the game ends, not below the
// seats and parameters the set-up shows again for the next game.
export function renderFarmOver(root) {
  clear(root);
  const v = S.view;
  const over = !!(v && v.game === 'farm' && v.result);
  root.hidden = !over;
  root.classList.toggle('farm-over', over);
  if (!over) return;
  const rows = v.result.standings || [];
  const win = rows.filter((r) => r.winner).map((r) => v.seats[r.seat]?.name).join(', ');
  // the final table as the engine ranks it (F3, G30, docs/farm.md D21): best first, each
  // row's place its own, so a shared win reads 1, 1
  const tb = v.result.tiebreak;
  root.append(h('div', { class: 'box-head' }, icon('trophy'), h('h2', { text: ft('winners', { w: win }) })));
  if (tb) root.append(h('div', { class: 'tiebreak hint-text', text: ft('tiebreak_' + tb) }));
  root.append(h('ol', {}, ...rows.map((r) => h('li', { class: r.winner ? 'winner' : '', value: String(r.place), dataset: { seat: String(r.seat), place: String(r.place) },
      text: `${v.seats[r.seat]?.name ?? ''}: ${r.vp} ${ft('vp')}, ${r.cost} ${ft('cost')}` }))));
}

export function renderFarm(root) {
  clear(root);
  const v = S.view;
  if (!v || v.game !== 'farm') { root.hidden = true; return; }
  root.hidden = false;
  const head = h('div', { class: 'farm-head' },
    h('strong', { text: ft('cycle', { c: v.cycle, n: v.params?.game?.cycles ?? 3 }) + ' · ' + ft('turn', { t: v.turn }) }),
    h('span', { class: 'chip phase-' + v.phase, text: ft('phase_' + v.phase) }),
    h('span', { class: 'params', text: ft('params', { name: v.params_name, hash: v.params_hash }) }));
  root.append(head);
  root.append(schedule(v));
  if (v.you) root.append(mine(v, v.you));
  const seats = h('section', { class: 'farm-seats', 'aria-label': ft('players') });
  v.seats.forEach((_, i) => seats.append(seatPanel(v, i)));
  root.append(seats);
  const res = results(v);
  if (res) root.append(res);
}

// A room opened from the lobby for a game (/r/ROOM?game=farm): the link picks the game of a
// room this person is making, never of one others use. A link is anyone's to craft: before,
// a seated player who opened /r/THEIR_ROOM?game=farm had their own page send /option game
// farm and switch the table they sat at (an attacker review). So the page asks the room for
// that game (/option game; the server decides) once, at its first state, and only when the
// room is empty: no game run in it yet, nobody seated (not this visitor either: a room they
// already sit in is theirs as it is), still at the default game. Otherwise the link's game
// is ignored and the chat says which game the room plays. Returns the command sent, or null.
let chosen = false;
export function chooseGameFromLink(game) {
  const r = S.roomInfo;
  if (chosen || !game || !r) return null;
  chosen = true;
  // a game's id, one word (the lobby's choices): never more words on the command line
  if (!/^[a-z][a-z0-9_-]{0,31}$/.test(game)) return null;
  const current = r.game?.game || 'bohnanza';
  if (current === game) return null;
  const fresh = !r.running && !r.over && !r.game_no && mySeat() === null
    && !(r.seats || []).length && current === 'bohnanza';
  if (!fresh || r.arrangers !== 'anyone') return { ignored: current };
  const text = `/option game ${game}`;
  act(text, document.body);
  return { sent: text };
}
