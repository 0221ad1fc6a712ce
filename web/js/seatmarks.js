// Marks of a seat from the room info the server sends (never decided here):
// a bot playing it (with its policy), its person away (no connection since away_since).
import { h } from './dom.js';
import { t, has } from './i18n.js';
import { icon } from './icons.js';
import { secondsLeft } from './clock.js';

export function policyName(p) {
  const key = 'policy_' + p;
  return has(key) ? t(key) : String(p);
}

// How long ago a Unix time (seconds) was, as m:ss (or h:mm:ss).
export function agoText(since, now = Date.now() / 1000) {
  let s = Math.max(0, Math.floor(now - since));
  const hh = Math.floor(s / 3600); s -= hh * 3600;
  const mm = Math.floor(s / 60); s -= mm * 60;
  const pad = (n) => String(n).padStart(2, '0');
  return hh ? `${hh}:${pad(mm)}:${pad(s)}` : `${mm}:${pad(s)}`;
}

// The bot mark: a robot icon and its level ("easy"), as the server names it (SeatInfo.level,
// issue 15; trial 5: "greedy" where a player expects a level), else its policy ("random").
// A person's seat a bot plays for (handed over) says so.
export function botMark(info) {
  if (!info || !info.bot) return null;
  const forPerson = info.away_since !== null && info.away_since !== undefined && !info.vacant;
  const p = policyName(info.level || info.policy || '');
  return h('span', {
    class: 'seat-badge bot-mark' + (forPerson ? ' for-person' : ''),
    dataset: { policy: info.policy || '', level: info.level || '' },
    title: forPerson ? t('bot_for_title', { p }) : t('bot_title', { p }),
  }, icon('bot', { class: 'bot-icon' }), ' ',
  h('span', { class: 'bot-text', text: forPerson ? t('bot_for', { p }) : p }));
}

// The away mark: "away 1:05", kept current by tickAway().
export function awayMark(info) {
  if (!info || info.away_since === null || info.away_since === undefined) return null;
  const when = new Date(info.away_since * 1000);
  const el = h('span', {
    class: 'seat-badge away-mark',
    dataset: { awaySince: String(info.away_since) },
    title: t('away_title', { time: when.toLocaleTimeString() }),
  });
  el.textContent = t('away_for', { t: agoText(info.away_since) });
  return el;
}

// Refresh the durations of the away marks on the page (called every second).
export function tickAway(root = document) {
  for (const el of root.querySelectorAll('.away-mark[data-away-since]')) {
    el.textContent = t('away_for', { t: agoText(Number(el.dataset.awaySince)) });
  }
}

// What a bot the game waits for is doing, as the server says (SeatInfo.doing, issue 15):
// "Bert is thinking…" or, in phase 2 while people may still trade, "Bert waits for offers:
// about 25 s left", until the server's SeatInfo.waits_until (trial 6: a bot ended its trading
// with no word on how long it waits); kept current by tickWaits(). "ready": the bot holds its
// declaration for the people who still owe the phase (the farm's preparation): "Bert is ready
// and waits for you and Ann" (room: the room info, me: the reader's seat; trial farm17: it
// read "thinking…" for the whole preparation).
export function doingMark(info, room = null, me = null) {
  if (!info || !info.bot || !info.doing) return null;
  const until = info.doing === 'waiting' && typeof info.waits_until === 'number' ? info.waits_until : null;
  const text = info.doing === 'ready' ? readyText(info, room, me) : doingText(info.doing, info.name, until);
  const data = { doing: info.doing };
  if (until !== null) Object.assign(data, { waitsUntil: String(until), name: info.name });
  return h('span', {
    class: 'seat-badge doing-mark', dataset: data, title: text,   // (no live region: it counts down each second)
  }, h('span', { class: 'doing-dots', 'aria-hidden': 'true' }), h('span', { class: 'doing-text', text }));
}

// "Bert is ready and waits for you and Ann": the people the game still waits for (a person's
// seat that owes, not a bot's), the reader first as "you"
function readyText(info, room, me) {
  const people = (room?.seats || []).filter((s) => s.owes && !s.bot && !s.vacant && s.seat !== info.seat)
    .sort((a, b) => (b.seat === me) - (a.seat === me));
  if (!people.length) return t('doing_ready', { name: info.name });
  const names = people.map((s) => (s.seat === me ? t('you') : s.name));
  const who = names.length === 1 ? names[0] : names.slice(0, -1).join(t('list_sep')) + t('list_and') + names[names.length - 1];
  return t('doing_ready_for', { name: info.name, who });
}

function doingText(doing, name, until) {
  if (until === null) return t('doing_' + doing, { name });
  const s = Math.ceil(secondsLeft(until));
  return s > 0 ? t('doing_waiting_left', { name, s }) : t('doing_waiting_end', { name });
}

// Count the bots' waits down between states (called every second and after each render).
export function tickWaits(root = document) {
  for (const el of root.querySelectorAll('.doing-mark[data-waits-until]')) {
    const text = doingText('waiting', el.dataset.name, Number(el.dataset.waitsUntil));
    const span = el.querySelector('.doing-text');
    if (span && span.textContent !== text) { span.textContent = text; el.title = text; }
  }
}

// Whether a seat shows the idle mark (Zz), as the server's seat info says: a person's seat
// (no bot plays it) that the server marks idle (nothing sent for RoomInfo.idle_seconds) or
// whose person has no connection. Never decided from the page's own clock.
export function isIdle(info) {
  return !!(info && !info.bot && !info.vacant && (info.idle || !info.connected));
}

// The idle mark's title: away (no connection) or idle for more than the server's threshold.
export function idleTitle(room, info) {
  if (info && info.connected === false) return t('idle_away_title');
  const s = room && room.idle_seconds;
  return s ? t('idle_title', { s: Math.round(s) }) : t('idle_mark');
}

// The idle mark's word: offline (no connection) or idle.
export function idleWord(info) {
  return t(info && info.connected === false ? 'offline_mark' : 'idle_mark');
}

export function seatMarks(info, room = null, me = null) {
  return [botMark(info), doingMark(info, room, me), awayMark(info)].filter(Boolean);
}
