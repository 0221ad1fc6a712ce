// The lobby: list rooms from /api/rooms, open or create one.
import { h, clear, $, refuseBlank, withNames } from './dom.js';
import { t, has, applyStatic, getLang, setLang, onLang } from './i18n.js';
import { icon } from './icons.js';
import { FACTS } from './facts.js';
import { tokenKey, tokenRooms } from './tokens.js';

let rooms = [];
// a resting room of mine (not in the server's list) -> its line from /api/rooms/NAME (who
// sits there, a game on or not), or null when the server could not say
let restingLines = new Map();

// The rooms this browser holds a seat's token for (tokens.js; net.js keeps one per room: the
// seat comes back with it). The server lists only the rooms it holds in memory: a room nobody
// has visited for a while rests in storage (parking) and left the list, so a host who came
// back had to remember its name; the lobby lists these too, marked as yours.
const myRooms = tokenRooms;

function roomLink(name) {
  const a = h('a', { href: '/r/' + encodeURIComponent(name), text: name });
  a.addEventListener('click', keepName);   // the room then knows the name typed here
  return a;
}

// a room line's tags: a game on or seats wanted; a seat of this browser's. A room the server
// could not load again (its stored game fails the audit: listing.damaged_line) is damaged:
// it cannot be opened (the server refuses it, room_damaged), so it reads so and has no link
// (it read "waiting", and opening it ended in a refusal). A game played to its end (the
// line's over) is finished: it read "waiting", as if its game were still to begin.
const stateOf = (r) => (r.running ? 'running' : r.over ? 'over' : 'waiting');
const stateTag = (r) => r.damaged
  ? h('span', { class: 'tag damaged', text: t('lobby_damaged') })
  : h('span', { class: 'tag ' + stateOf(r), text: t('lobby_' + stateOf(r)) });
const roomName = (r, name) => (r && r.damaged ? h('span', { class: 'room-name', text: name }) : roomLink(name));
const yoursTag = () => h('span', { class: 'tag yours', text: t('lobby_yours') });

// The list is drawn again only when what it says changed (the 5 s refresh redrew it each
// time: a link a keyboard user had reached lost its focus to the page every 5 s, and a click
// pressed on one link and let go on its redrawn copy opened nothing); a room whose link had
// the focus keeps it in the new list.
let drawn = '';
function renderRooms() {
  const mine = myRooms();
  const key = JSON.stringify([getLang(), rooms, [...restingLines], [...mine].sort()]);
  if (key === drawn) return;
  drawn = key;
  const had = document.activeElement?.closest?.('#rooms li[data-room]')?.dataset.room;
  drawRooms(mine);
  if (had != null) [...$('#rooms').querySelectorAll('li[data-room]')].find((li) => li.dataset.room === had)?.querySelector('a')?.focus({ preventScroll: true });
}

function drawRooms(mine) {
  const ul = clear($('#rooms'));
  const live = new Set(rooms.map((r) => r.room));
  // a resting room of yours (not in the server's list) first, then the live ones
  const resting = [...mine].filter((n) => !live.has(n)).sort();
  if (!rooms.length && !resting.length) { ul.append(h('li', { class: 'nothing', text: t('lobby_none') })); return; }
  for (const name of resting) {
    const r = restingLines.get(name);
    ul.append(h('li', { class: 'mine resting' + (r && r.damaged ? ' damaged' : ''), dataset: { room: name } }, roomName(r, name), ' ',
      r ? stateTag(r) : null, ' ', yoursTag(), ' ',
      r && r.damaged ? null : h('span', { class: 'resting-note', text: t('lobby_resting') }),
      ...(r && !r.damaged ? [' · ', ...facts(r)] : [])));
  }
  for (const r of rooms) {
    const cls = [mine.has(r.room) ? 'mine' : '', r.damaged ? 'damaged' : ''].filter(Boolean).join(' ');
    ul.append(h('li', { class: cls, dataset: { room: r.room } }, roomName(r, r.room), ' ',
      stateTag(r), ' ', mine.has(r.room) ? yoursTag() : null, ' ',
      r.game && r.game !== 'bohnanza' ? h('span', { class: 'tag game', text: has('lobby_tag_' + r.game) ? t('lobby_tag_' + r.game) : r.game }) : null, ' ',
      ...rulesTags(r), ...(r.damaged ? [] : facts(r))));
  }
}

// a Bohnanza room's rules when they are not the classic game's, and hidden money (the line's
// preset and hidden_money): the list said "playing" alike for a classic game, an Amigo
// game and a bean duel, and a newcomer opened a room to learn what it played (newuser19)
function rulesTags(r) {
  if (r.damaged || (r.game && r.game !== 'bohnanza')) return [];
  const out = [];
  if (r.preset && r.preset !== 'classic') {
    const k = 'preset_' + r.preset.replace('-', '_');
    out.push(h('span', { class: 'tag rules', text: has(k) ? t(k) : r.preset }), ' ');
  }
  if (r.hidden_money) out.push(h('span', { class: 'tag rules', text: t('hiddenmoney') }), ' ');
  return out;
}

// the seats, bots, people and free seats of a room's line, a dot between two (none before
// the first: a room nobody sits in began with a stray dot)
function facts(r) {
  const parts = [
    // each name whole and a bidi isolate (dom.js withNames): two right-to-left names were one
    // run, drawn in the reverse order, and the count after them was pulled into it
    r.seats && r.seats.length ? withNames(h('span', { class: 'seats' }), r.seats.join(', '), r.seats) : null,
    // one bot, one free seat: the singular (user8 read "1 bots")
    r.bots ? h('span', { class: 'bots' }, icon('bot'), ' ' + t(r.bots === 1 ? 'n_bots_1' : 'n_bots', { n: r.bots })) : null,
    h('span', { class: 'people', text: t('lobby_people', { n: r.people ?? 0 }) }),
    // a finished game's free seats are the next game's (its own are over: /join starts anew)
    r.free_seats ? h('span', { class: 'free', text: t((r.free_seats === 1 ? 'lobby_free_1' : 'lobby_free') + (r.over ? '_next' : ''), { n: r.free_seats }) }) : null,
  ].filter(Boolean);
  return parts.flatMap((p, i) => (i ? [' · ', p] : [p]));
}

async function load() {
  try {
    const res = await fetch('/api/rooms');
    rooms = res.ok ? await res.json() : [];
  } catch { rooms = []; }
  await lookUpResting();
  renderRooms();
}

// Each room of mine the list leaves out is asked for by name: a resting one says who sits
// there; one the server no longer holds (forgotten: nobody visited it for a day) is gone, and
// so is its seat (its token is dropped). The lobby listed it as "your seat, resting: it wakes
// up as you open it", and opening it made an empty room of that name, "That token holds no
// seat in this room". A question the server did not answer changes nothing.
async function lookUpResting() {
  const live = new Set(rooms.map((r) => r.room));
  const lines = new Map();
  await Promise.all([...myRooms()].filter((n) => !live.has(n)).map(async (name) => {
    let res;
    try { res = await fetch('/api/rooms/' + encodeURIComponent(name)); } catch { res = null; }
    if (res && res.status === 404) { localStorage.removeItem(tokenKey(name)); return; }
    lines.set(name, res && res.ok ? await res.json().catch(() => null) : null);
  }));
  restingLines = lines;
}

applyStatic();
// the server's limits (characters), not copies of them in the page
$('#lobby-name').maxLength = FACTS.limits.name;
$('#lobby-room').maxLength = FACTS.limits.room_name;
onLang(() => { applyStatic(); renderRooms(); });
$('#lang').addEventListener('click', () => setLang(getLang() === 'ja' ? 'en' : 'ja'));
$('#refresh').addEventListener('click', load);
// the last name used, unless the person typed one while this script was still loading (a
// slow start overwrote it with nothing, and the form then did nothing at all)
if (!$('#lobby-name').value) $('#lobby-name').value = localStorage.getItem('bohnanza.name') || '';
// The name typed here goes with the person into the room, by the form or by a room's link in
// the list: the room's name gate then stays closed (issue 10: the name was asked twice).
function keepName() {
  const name = $('#lobby-name').value.trim();
  if (name) localStorage.setItem('bohnanza.name', name);
}
$('#lobby-name').addEventListener('change', keepName);
$('#open-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const name = $('#lobby-name').value.trim();
  const room = $('#lobby-room').value.trim().normalize('NFC');
  if (!name) { refuseBlank($('#lobby-name'), t('name_blank')); return; }
  if (!room) return;
  localStorage.setItem('bohnanza.name', name);
  const game = $('#lobby-game').value;   // a new room asks for it (farm/board.js)
  location.href = '/r/' + encodeURIComponent(room) + (game && game !== 'bohnanza' ? '?game=' + encodeURIComponent(game) : '');
});
load();
setInterval(load, 5000);
