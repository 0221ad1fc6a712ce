// Before (and after) a game: seats, join / leave, bots, options, start. Every button sends a command.
import { h, clear } from '../dom.js';
import { t, has } from '../i18n.js';
import { icon } from '../icons.js';
import { S, act, askName, setOption, seatColour, mySeat } from '../store.js';
import { seatMarks, policyName, idleTitle } from '../seatmarks.js';
import { FACTS } from '../facts.js';
import { gameChoice, farmOptions } from '../farm/setup.js';
import { seatsForNextGame } from '../status.js';

// the idle mark of a connected person (Zz), its title with the server's threshold
function idleMark(r) {
  const title = idleTitle(r, { connected: true });
  return h('span', { class: 'seat-badge word-mark on mark-idle', title }, icon('idle', { title }), h('span', { class: 'mark-word', text: t('idle_mark') }));
}

// What the preset sets for the seats the next game deals for, in words (the server's facts,
// by player count: fields, the third field's price or none, the deck passes, the tie-break;
// pitfalls B11, B31, B32: the edition is stated on screen, not only its name). Outside the
// preset's range: its nearest count. Two players of Rio Grande play the bean duel in the
// room's version (duelBase, rules.md 3a, C10): its own entry (facts' duel), as 3fields deals
// 3 fields and no third to buy where by_players says the standard duel's 2 and a third.
function presetRules(name, seated, duelBase) {
  const p = FACTS.presets.find((x) => x.name === name);
  if (!p || !p.by_players) return null;
  const n = Math.min(Math.max(seated, p.min_players), p.max_players);
  const f = (n === 2 && p.duel && p.duel[duelBase || 'standard']) || p.by_players[String(n)];
  if (!f) return null;
  const third = f.third_field_cost === null ? t('preset_third_none') : t('preset_third_buy', { c: f.third_field_cost });
  const passes = f.passes_limit === 1 ? t('preset_passes_1') : t('preset_passes', { n: f.passes_limit });
  return h('div', { class: 'hint-text', id: 'preset-rules', text: t('preset_rules', {
    n, fields: f.start_fields, third, passes, tb: t('tb_' + f.tiebreak) }) });
}

export function renderSetup(root) {
  clear(root);
  const r = S.roomInfo;
  if (!r) { root.hidden = true; return; }
  const running = r.running;
  const me = mySeat();
  if (running && me !== null) { root.hidden = true; return; }
  root.hidden = false;
  // seats taken of those the rules allow, before the start; while a game runs no seat can be
  // taken (user13's trial: a running duel's watcher read "Seats (2/7)"), so the count alone.
  // Between games the seats a leaver's bot played go at the next start (server
  // Table.between_games): they are not counted, as the Start line counts them (newuser17: after
  // a game two people had left, the list read "Seats (4/5)" above "Needs 3-5 players (2 seated)")
  const next = seatsForNextGame(r);
  const count = running ? `${r.seats.length}` : `${next}/${r.max_players}`;
  root.append(h('div', { class: 'box-head' }, h('h2', { text: `${t('seats')} (${count})` })));
  const seats = h('ul', { class: 'seat-list' });
  for (const s of r.seats) {
    const away = s.away_since !== null && s.away_since !== undefined;
    // a seat a leaver's bot played, between games: it goes at the next start, said so
    const gone = !running && s.vacant;
    // a bot's own seat (not a person's handed over: away, or connected, a bot playing for them
    // after the turn clock or /handover; /removebot refuses those, not_a_bot): removable
    // before the start; the server decides
    const person = away || s.connected;
    const remove = !running && s.bot && !person && !gone ? h('button', {
      class: 'btn small remove-bot', type: 'button', dataset: { seat: String(s.seat) },
      // named for its bot (a screen reader read "Remove, Remove": the bot was in the tooltip)
      title: t('removebot_title', { name: s.name }), 'aria-label': t('removebot_name', { name: s.name }),
    }, icon('close'), ' ' + t('removebot')) : null;
    if (remove) remove.addEventListener('click', () => act(`/removebot ${s.name}`, remove));
    seats.append(h('li', {
      style: { '--seat': seatColour(s.seat) },
      class: (s.vacant ? 'vacant' : '') + (s.bot ? ' bot' : '') + (gone ? ' gone' : ''),
      dataset: { seat: String(s.seat) },
    },
    h('span', { class: 'swatch' }), h('span', { class: 'seat-name', text: s.name + (s.seat === me ? ` (${t('you')})` : '') }),
    ...(gone ? [] : seatMarks(s, r, me)),
    gone ? h('span', { class: 'seat-gone', text: t('seat_gone_next') }) : null,
    s.idle && !s.bot && !away ? idleMark(r) : null,
    remove));
  }
  root.append(seats);
  const btns = h('div', { class: 'setup-btns' });
  const mk = (id, label, cmd, cls = 'btn', ic = null) => {
    const b = h('button', { class: cls, type: 'button', id }, ic ? icon(ic) : null, ic ? ' ' + label : label);
    b.addEventListener('click', () => act(typeof cmd === 'function' ? cmd() : cmd, b));
    return b;
  };
  if (me === null && (!running || r.seats.some((s) => s.vacant))) {
    // every seat taken before the start: Take a seat stays (a seat may free; the server
    // decides) but is not the button the page points to (trial user16; the gate's likewise)
    const full = !running && seatsForNextGame(r) >= r.max_players;
    const join = h('button', { class: full ? 'btn' : 'btn primary', type: 'button', id: 'btn-join' }, t('join'));
    // watching under a guest name because the name asked for was refused: ask for a name
    // first, never sit under the guest name (a new user's report: seated as "guest2")
    join.addEventListener('click', () => {
      if (S.nameRefused || S.noName) askName();
      else act(S.you?.name ? `/join ${S.you.name}` : '/join', join);
    });
    btns.append(join);
  }
  else if (!running) btns.append(mk('btn-leave', t('leave'), '/leave'));
  if (!running) {
    // the policies in the order the server gives for the picker (the levels first, easiest
    // first: RoomInfo.bot_picker), its first one picked; the pick is kept across renders;
    // /addbot alone seats the server's default
    const def = FACTS.default_policy;
    const policies = r.bot_picker && r.bot_picker.length ? r.bot_picker : FACTS.bot_picker;
    if (!policies.includes(S.botPolicy)) S.botPolicy = policies[0];
    const pick = h('select', { id: 'addbot-policy', title: t('addbot_policy'), 'aria-label': t('addbot_policy') },
      ...policies.map((p) => h('option', { value: p, text: has('policy_desc_' + p) ? t('policy_desc_' + p) : policyName(p) })));
    pick.value = S.botPolicy;
    pick.addEventListener('change', () => { S.botPolicy = pick.value; });
    const add = mk('btn-addbot', t('addbot'), () => (S.botPolicy === def ? '/addbot' : `/addbot ${S.botPolicy}`), 'btn', 'bot');
    // how soon the bots act (/option botspeed; the server keeps it in the room options)
    const speed = h('select', { id: 'opt-botspeed', title: t('botspeed_option'), 'aria-label': t('botspeed_option') },
      ...['slow', 'normal', 'fast'].map((v) => h('option', { value: v, text: t('botspeed_' + v) })));
    speed.value = r.options.bot_speed || 'normal';
    speed.addEventListener('change', () => setOption(`/option botspeed ${speed.value}`, speed));
    btns.append(h('span', { class: 'addbot' }, add, pick), h('label', { class: 'botspeed' }, t('botspeed_option') + ' ', speed));
    // Start as the server would take it (RoomInfo.start_ready, start_seats): /start seats no
    // bots, so with too few (or too many) seats the button waits and says why
    if (me !== null) {
      const start = mk('btn-start', t('start'), '/start', 'btn primary');
      if (r.start_ready === false) {
        const why = t('start_why', { n: r.start_seats, lo: r.min_players, hi: r.max_players }) + otherRules(r);
        start.disabled = true;
        start.setAttribute('aria-describedby', 'start-why');
        btns.append(start, h('span', { class: 'start-why', id: 'start-why', text: why }));
      } else btns.append(start);
    }
  }
  root.append(btns);
  if (!running) root.append(gameChoice(r));   // which game the room deals (farm/setup.js)
  if (!running && r.game && r.game.game === 'farm') {
    root.append(farmOptions(r));
  } else if (!running) {
    const hm = h('input', { type: 'checkbox', id: 'opt-hiddenmoney' });
    hm.checked = !!r.options.hidden_money;
    hm.addEventListener('change', () => setOption(`/option hiddenmoney ${hm.checked ? 'on' : 'off'}`, hm));
    const presetName = (p) => { const k = 'preset_' + p.replace('-', '_'); return has(k) ? t(k) : p; };
    const preset = h('select', { id: 'opt-preset', 'aria-label': t('preset') },
      ...FACTS.presets.map((p) => h('option', { value: p.name, text: presetName(p.name) })));
    preset.value = r.options.preset;
    preset.addEventListener('change', () => setOption(`/option rules ${preset.value}`, preset));
    const opts = h('div', { class: 'options' },
      h('label', {}, hm, ' ' + t('hiddenmoney')),
      h('label', {}, t('preset') + ' ', preset),
      // the chosen preset's player range, as the server says
      h('span', { class: 'range', id: 'preset-range', text: t('players_range', { lo: r.min_players, hi: r.max_players }) }));
    if (r.options.preset === 'rio-grande') {
      // the 2-player bean duel's version (rules.md 3a, C10)
      const duel = h('select', { id: 'opt-duel', 'aria-label': t('duel_option') },
        h('option', { value: 'standard', text: t('duel_standard') }), h('option', { value: '3fields', text: t('duel_3fields') }));
      duel.value = r.options.duel_base || 'standard';
      duel.addEventListener('change', () => setOption(`/option duel ${duel.value}`, duel));
      opts.append(h('label', {}, t('duel_option') + ' ', duel));
    }
    // the turn clock: seconds per decision, or off
    const current = r.options.clock;
    const choices = [null, 30, 60, 120, 300];
    if (current && !choices.includes(current)) choices.push(current);
    const clock = h('select', { id: 'opt-clock', 'aria-label': t('clock_option') },
      ...choices.map((c) => h('option', { value: c === null ? 'off' : String(c), text: c === null ? t('clock_off') : t('clock_seconds', { n: c }) })));
    clock.value = current ? String(current) : 'off';
    clock.addEventListener('change', () => setOption(`/option clock ${clock.value}`, clock));
    opts.append(h('label', {}, t('clock_option') + ' ', clock));
    root.append(opts);
    const rules = presetRules(r.options.preset, next, r.options.duel_base);
    if (rules) root.append(rules);
    root.append(h('div', { class: 'hint-text', id: 'setup-invite', text: t('setup_invite', { url: location.href.split('?')[0] }) }));
  } else if (me === null) root.append(h('div', { class: 'hint-text', text: t('spectating') }));
  if (!running && me === null && r.arrangers === 'seated') seatedOnly(root);
}

// The rules (FACTS.presets, the server's player ranges) that deal for the seats taken when the
// room's own do not: user13's trial, two friends in a classic room read "Needs 3-5 players"
// and nothing of the bean duel Rio Grande deals for two (rules.md §3a)
function otherRules(r) {
  const n = r.start_seats;
  if ((r.game && r.game.game === 'farm') || (n >= r.min_players && n <= r.max_players)) return '';
  const fits = FACTS.presets.filter((p) => p.name !== r.options.preset && n >= p.min_players && n <= p.max_players);
  if (!fits.length) return '';
  const names = fits.map((p) => { const k = 'preset_' + p.name.replace('-', '_'); return has(k) ? t(k) : p.name; });
  return t(n === 2 ? 'start_why_duel' : 'start_why_rules', { n, rules: names.join(' / ') });
}

// Watching while a person sits: the server takes bots, options and the start from the seated
// only (RoomInfo.arrangers, setup.py may_arrange), so those controls wait, and say why; Take
// a seat stays (a new user's report: a spectator's picks were refused one by one)
function seatedOnly(root) {
  for (const el of root.querySelectorAll('button, select, input')) {
    if (el.id === 'btn-join') continue;
    el.disabled = true;
    el.setAttribute('aria-describedby', 'setup-seated-only');
  }
  const why = h('div', { class: 'hint-text', id: 'setup-seated-only', text: t('setup_seated_only') });
  const btns = root.querySelector('.setup-btns');
  if (btns) btns.after(why); else root.append(why);
}
