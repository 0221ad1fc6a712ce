// The room page: connects, keeps the state, renders the board, sends every action as command text.
import { $, h, isSwapped, refuseBlank, showInColumn, withNames, forgetRoving, placeSignals, placeMarket, WIDE } from './dom.js';
import { t, applyStatic, getLang, setLang, onLang, missing } from './i18n.js';
import { S, setHooks, mySeat } from './store.js';
import { Net, FINAL } from './net.js';
import { tokenKey } from './tokens.js';
import { clearErrors, hideNews, showError, showNews } from './feedback.js';
import { renderPanels } from './render/panels.js';
import { renderMarket, renderFaceUp, renderSignals } from './render/market.js';
import { renderOfferWindow, showUnfolded } from './offer.js';
import { renderDeal } from './deal.js';
import { renderFields, renderToPlant, renderHand } from './render/own.js';
import { renderCatalogue } from './render/catalogue.js';
import { renderGameOver } from './render/gameover.js';
import { renderSetup } from './render/setup.js';
import { renderProgress, renderPhase, renderStatus, showStatus, connectionLine } from './render/top.js';
import { icon } from './icons.js';
import { spaceTabs } from './beans.js';
import { FACTS } from './facts.js';
import { focusSpot, restoreFocus } from './focus.js';
import { noteOfferNews, notTakenOf, rememberOffers } from './render/market.js';
import { addAnswer, addChat, addLog, addSystem, keepAnswers, keepChat, resetLog, sayAnswersAgain, setupCommandLine } from './render/chatlog.js';
import { errorText, logText } from './logtext.js';
import { setSpeaker, speakNewOffers } from './speech.js';
import { announce, announceOffers, announceLog, forgetOffers } from './announce.js';
import { tickAway, tickWaits } from './seatmarks.js';
import { renderDuel, isDuel, noteDuelLog } from './render/duel.js';
import { noteServerTime, tickClocks } from './clock.js';
import { renderFarm, renderFarmOver, isFarm, farmStatus, farmUiKey, chooseGameFromLink } from './farm/board.js';

const params = new URLSearchParams(location.search);
const m = location.pathname.match(/^\/r\/([^/]+)/);
S.room = m ? decodeURIComponent(m[1]) : (params.get('room') || 'sample');
let net = null;
// sessionStorage key (+ the room): this tab watches the room without a name (watchNameless)
const WATCHING = 'bohnanza.watching.';

let wasMyTurn = false;

// The page title changes on my turn; a short sound too when the person turned it on.
function notifyTurn(mine) {
  document.title = (mine ? '● ' + t('title_turn') + ' – ' : '') + t('title') + (S.room ? ` · ${S.room}` : '');
  if (mine && !wasMyTurn && S.sound) beep();
  wasMyTurn = mine;
}

let audio = null;
function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const o = audio.createOscillator();
    const g = audio.createGain();
    o.frequency.value = 660;
    g.gain.setValueAtTime(0.08, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    o.connect(g).connect(audio.destination);
    o.start();
    o.stop(audio.currentTime + 0.35);
    window.__bohnanza.beeps = (window.__bohnanza.beeps || 0) + 1;
  } catch { /* no audio here */ }
}

// Each part of the board is rebuilt only when what it shows changed: a state that only moves
// an idle mark must not replace the button under a pointer that is pressing it.
const drawn = new Map();
function part(name, inputs, fn) {
  const key = JSON.stringify(inputs);
  if (drawn.get(name) === key) return;
  drawn.set(name, key);
  fn();
}

// A part drawn again between the press and the release of a pointer takes the pressed
// element away: the release lands on its successor and the browser fires no click, so the
// command is never sent. States keep coming while a button is held (idle marks, other
// players), so while a pointer is down the page keeps the state and draws it once the pointer
// is released, after the click. The same for Space on a focused button: the browser clicks it
// at the key's release, and only if the key went down on that same element (a keyboard
// player's End trading was lost to a bot's move between the two). The press is held however
// long it lasts (a person hesitating over End trading for two seconds lost it, when the page
// drew anyway after 1.5 s); the page leaving the foreground (blur, hidden) ends it, and
// HOLD_MS at most, should a release never come.
const HOLD_MS = 15000;
const pressed = new Set();
let held = null;
function releaseHeld() {
  if (held) { clearTimeout(held); held = null; render(); }
}
function released(id) {
  pressed.delete(id);
  if (!pressed.size && held) setTimeout(releaseHeld, 0); // after the click this release makes
}
// the elements the browser clicks at Space's release (the board's own [role=button] cards act
// at its press, dom.js onActivate: their redraw is not held back)
const CLICKS_ON_KEYUP = 'button, summary, input[type="button"], input[type="submit"], input[type="reset"], input[type="checkbox"], input[type="radio"]';
window.addEventListener('pointerdown', (e) => { pressed.add(e.pointerId); }, true);
for (const ev of ['pointerup', 'pointercancel']) window.addEventListener(ev, (e) => released(e.pointerId), true);
window.addEventListener('keydown', (e) => {
  if (e.key === ' ' && !e.repeat && e.target instanceof Element && e.target.matches(CLICKS_ON_KEYUP)) pressed.add('space');
}, true);
window.addEventListener('keyup', (e) => { if (e.key === ' ') released('space'); }, true);
const letGo = () => { if (pressed.size) { pressed.clear(); if (held) setTimeout(releaseHeld, 0); } };
window.addEventListener('blur', letGo);
document.addEventListener('visibilitychange', () => { if (document.hidden) letGo(); });

function render() {
  if (pressed.size) {
    if (!held) held = setTimeout(() => { pressed.clear(); held = null; render(); }, HOLD_MS);
    return;
  }
  if (held) { clearTimeout(held); held = null; }
  const spot = focusSpot();
  renderParts();
  restoreFocus(spot);
  showUnfolded();
  bringIntoView();
}

// When the table starts waiting for this person, the cards that decision needs come into view
// (a person scrolled down to the offer window missed the to-plant row of phase 3: docs/trial.md);
// the active player's trading brings the market (trial 4: on the phone the market was above
// the screen), and an offer this person may newly accept comes into view too (trial 4: the
// offer card aimed at Cleo was cut under the header). Never while the person is busy: a
// pointer down, a key, a wheel or a touch in the last BUSY_MS, or typing in a text box.
const NEEDS = { plant: '#hand', plant_traded: '#to-plant', provide: '#deal-window', trade: '#market' };
const BUSY_MS = 2500;
let lastNeed = null;
let seenAccept = null;        // the offers I could accept at the last view (null: no game yet)
let lastInput = 0;
// The phase button does not count (trial 6: Cleo tapped End trading on her phone, and phase
// 3's to-plant row stayed two screens above: the page waits for what that press asked for).
for (const ev of ['pointerdown', 'keydown', 'wheel', 'touchstart', 'touchmove']) {
  window.addEventListener(ev, (e) => {
    if (e.target instanceof Element && e.target.closest('#phase-btn')) return;
    lastInput = Date.now();
  }, { capture: true, passive: true });
}
function busy() {
  const a = document.activeElement;
  const typing = a && (a.tagName === 'TEXTAREA' || (a.tagName === 'INPUT' && a.type !== 'button'));
  return pressed.size > 0 || typing || Date.now() - lastInput < BUSY_MS;
}
// the sticky top bar's height (it is two or three lines on a phone) for scroll-margin-top
function noteBarHeight() {
  const bar = document.getElementById('topbar');
  if (bar) document.documentElement.style.setProperty('--bar-h', bar.offsetHeight + 'px');
}
window.addEventListener('resize', noteBarHeight);
// what is focused above the chat at the right column's foot (board.css), as a catalogue card
// reached with Tab, is brought out from under it (the browser sees it in the column, shown)
document.getElementById('right')?.addEventListener('focusin', (e) => {
  if (e.target instanceof Element && !e.target.closest('.chat-box, .log-box')) showInColumn(e.target);
});
// Another player's trading (phase 2) on a phone, where the market and the face-up cards stand
// far above the hand and fields: they come into view once per turn, when it begins, unless
// already in view (trial 5: the face-up cards the status line names were above the screen
// until an offer one may accept arrived). Never again that turn: the person's own scrolling
// is left alone.
const PHONE = window.matchMedia('(max-width: 900px)');
let lastWatch;                // undefined until the first view: a page opened mid-turn stays put
function bringTrading() {
  const bar = document.getElementById('topbar');
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  const boxes = ['#market', '#faceup'].map((s) => document.querySelector(s))
    .filter((el) => el && !el.hidden && el.offsetParent).map((el) => el.getBoundingClientRect());
  if (!boxes.length) return;
  const from = Math.min(...boxes.map((b) => b.top));
  const to = Math.max(...boxes.map((b) => b.bottom));
  if (from >= top - 1 && to <= window.innerHeight + 1) return;          // in view already
  // the market and the face-up cards whole under the bar, else the face-up cards at the foot
  const dy = to - from <= window.innerHeight - top ? from - top - 4 : to - window.innerHeight + 4;
  window.scrollBy(0, dy);
}
function watchTrading() {
  const v = S.view;
  if (!v) return false;
  const y = v.you;
  const watch = y && v.phase === 'trade' && v.active !== y.seat && PHONE.matches ? `${v.turn}` : null;
  if (watch === lastWatch) return false;
  const first = lastWatch === undefined;
  lastWatch = watch;
  if (first || !watch || busy()) return false;
  bringTrading();
  return true;
}
function bringIntoView() {
  noteBarHeight();
  if (watchTrading()) { seenAccept = new Set((S.view.you && S.view.you.can_accept) || []); return; }
  const y = S.view && S.view.you;
  const need = y && y.must_act ? `${S.view.turn}:${y.waiting_for}` : null;
  const accept = new Set((y && y.can_accept) || []);
  const fresh = seenAccept ? [...accept].filter((id) => !seenAccept.has(id)) : [];
  seenAccept = S.view ? accept : null;
  if (need !== lastNeed) {
    lastNeed = need;
    const el = need && NEEDS[y.waiting_for] && document.querySelector(NEEDS[y.waiting_for]);
    if (el && !el.hidden && !busy()) { el.scrollIntoView({ block: 'nearest' }); return; }
  }
  if (fresh.length && !busy()) {
    const card = document.querySelector(`#market .offer[data-offer="${fresh[fresh.length - 1]}"]`);
    if (card) showOffer(card);
  }
}
// An offer card brought whole into view. Where the market's list scrolls by itself (a wide
// screen: about a row and a half, board.css), first within the list by the card's own edges,
// then the page by the card under the sticky top bar: one scrollIntoView took the card's
// scroll margin for the bar (86 px) into the list too, a box taller than the list, so the
// card went 86 px down and its Accept button under the list's edge, while the status line
// said "accept an offer marked Accept" (user8). A list that does not scroll (a phone) leaves
// it to the page, as before.
const EDGE = 6;
function showOffer(card) {
  const list = card.closest('.offers');
  if (!list || list.scrollHeight <= list.clientHeight) { card.scrollIntoView({ block: 'nearest' }); return; }
  const l = list.getBoundingClientRect();
  let c = card.getBoundingClientRect();
  const above = c.top - l.top - EDGE;                        // < 0: its top is hidden
  const below = c.bottom - (l.top + list.clientHeight) + EDGE; // > 0: its foot is hidden
  if (above < 0) list.scrollTop += above;
  else if (below > 0) list.scrollTop += Math.min(below, above);   // its top stays in view
  c = card.getBoundingClientRect();
  const bar = document.getElementById('topbar');
  const top = (bar ? bar.getBoundingClientRect().bottom : 0) + EDGE;
  const dy = c.top < top ? c.top - top : Math.max(0, Math.min(c.bottom - window.innerHeight + EDGE, c.top - top));
  if (dy) window.scrollBy(0, dy);
}

// The farm game (farm/board.js): its own board in #farm; the setup, chat, log and top bar stay.
function renderFarmParts(lang, room) {
  const v = S.view;
  showStatus($('#status'), connectionLine() || farmStatus());   // offline or refused: as Bohnanza's line
  $('#progress').replaceChildren();
  const deadlines = S.roomInfo ? S.roomInfo.seats.map((s) => s.deadline) : null;
  part('phase', [lang, v && v.phase, v && v.you, deadlines], () => renderPhase($('#phase')));   // the clocks (G19)
  part('setup', [lang, room, S.you, S.botPolicy], () => renderSetup($('#setup')));
  part('gameover', [lang, v && v.result, v && v.seats], () => renderFarmOver($('#gameover')));
  // what the board reads of the room: a bot's doing (the seat panels' marks, whom a ready bot
  // waits for), which seats a bot plays
  const seats = room ? room.seats.map((s) => [s.doing, s.owes, s.bot, s.vacant, s.name]) : null;
  part('farm', [lang, v, farmUiKey(), seats], () => renderFarm($('#farm')));
  tickClocks();
  const mine = !!(v && v.you && v.you.must_act);
  document.body.classList.toggle('my-turn', mine);
  document.body.classList.toggle('no-game', !v);
  notifyTurn(mine);
  renderToggles(lang);
  $('#room-name').textContent = S.room;
}

// The two switches of the top bar: an icon and a word (hidden on a phone, where the
// aria-label still names them), the state in aria-pressed and the tooltip.
function renderToggles(lang) {
  part('toggles', [lang, S.speaker, S.sound], () => {
    // named for what it does, holding the word it shows (a screen reader heard "Read aloud"
    // and not which things it reads aloud: the new offers, a11y19)
    const toggle = (b, on, iconOn, iconOff, short, titleOn, titleOff, name) => {
      // a phone shows a shorter word under the icon (trial 4: icons only there)
      b.replaceChildren(icon(on ? iconOn : iconOff), h('span', { class: 'btn-text', text: t(short) }),
        h('span', { class: 'btn-text-tiny', 'aria-hidden': 'true', text: t(short + '_tiny') }));
      b.title = t(on ? titleOn : titleOff);
      b.setAttribute('aria-label', t(name));
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
      b.classList.toggle('off', !on);
    };
    toggle($('#speaker'), S.speaker, 'speaker', 'speaker_off', 'speaker_short', 'speaker_on', 'speaker_off', 'speaker_name');
    toggle($('#sound'), S.sound, 'bell', 'bell_off', 'sound_short', 'sound_on', 'sound_off', 'sound_name');
  });
}

function renderParts() {
  const v = S.view;
  const r = S.roomInfo;
  const lang = getLang();
  const duel = isDuel();
  // what each part shows: the room without the server's clock (room.now changes with every
  // state and is read only to count down between states, clock.js)
  const room = r && { ...r, now: undefined };
  const farm = isFarm();
  if (document.body.classList.contains('farm-game') !== farm) { drawn.clear(); document.body.classList.toggle('farm-game', farm); }
  if (farm) { renderFarmParts(lang, room); return; }
  $('#farm').hidden = true;
  $('#gameover').classList.remove('farm-over');   // (the farm's final table was drawn there)
  const ui = { draft: S.draft, sel: S.dealSel, armed: S.armed, tap: S.tapBean, open: S.offerOpen,
    pb: S.plantBean, sw: isSwapped(), news: S.offerNews, got: S.gotNews, dc: S.duelCard, dr: S.duelReveal,
    po: S.pickedOffer };
  const deadlines = r ? r.seats.map((s) => s.deadline) : null;
  part('progress', [lang, v && [v.exhaustions, v.passes_limit, v.deck_count, v.discard_count, v.discard_top, v.phase, duel]],
    () => renderProgress($('#progress')));
  renderStatus($('#status'));
  part('players', [lang, v, room, S.you, ui.armed], () => renderPanels($('#players')));
  // (the passed mark after Not interested is the seat's, not in you; the active seat names the
  // button's tooltip)
  const passed = !!(v && v.you && v.seats?.[v.you.seat]?.passed);
  part('phase', [lang, v && v.phase, v && v.planted, v && v.you, v && v.active, passed, deadlines], () => renderPhase($('#phase')));
  part('signals', [lang, v && v.phase, v && v.signals, v && v.you && v.you.signals, ui.armed], () => renderSignals($('#signals')));
  part('setup', [lang, room, S.you, S.botPolicy], () => renderSetup($('#setup')));
  part('gameover', [lang, v && v.result, v && v.seats, v && v.history], () => renderGameOver($('#gameover')));
  part('game', [lang, v, ui], () => {
    renderMarket($('#market'));
    renderDuel($('#duel'));
    renderFaceUp($('#faceup'));
    renderDeal($('#deal-window'));
    renderOfferWindow($('#offer-window'));
    renderFields($('#fields'));
    renderToPlant($('#to-plant'));
    renderHand($('#hand'));
    renderCatalogue($('#catalogue-box'));
  });
  $('#market').hidden = !S.view || S.view.phase === 'over' || duel;
  // the face-up tabs of an offer side by side, measured once the parts stand on the page
  for (const sel of ['#market', '#offer-window']) spaceTabs($(sel));
  document.body.classList.toggle('duel-game', duel);
  tickClocks();
  const mine = !!(S.view && S.view.you && S.view.you.must_act);
  document.body.classList.toggle('my-turn', mine);
  document.body.classList.toggle('no-game', !S.view);
  document.body.classList.toggle('in-deal', !!(S.view && S.view.deal));
  placeMarket(!!(S.view && S.view.deal));
  // outside phase 2 the market waits below the fields: the cards to plant come first
  document.body.classList.toggle('market-quiet', !!(S.view && S.view.phase !== 'trade'));
  notifyTurn(mine);
  renderToggles(lang);
  $('#room-name').textContent = S.room;
}

// Send command text exactly as the chat would; show a rejection where the person acted.
async function actImpl(text, anchor) {
  const rect = anchor instanceof Element ? anchor.getBoundingClientRect() : anchor;
  if (!net) { // sample mode: taken, unless a test answers otherwise (window.__bohnanza.answer)
    addSystem($('#log'), '» ' + text, 'sent');
    window.__bohnanza.sent.push(text);
    return window.__bohnanza.answer?.(text) || { ok: true };
  }
  window.__bohnanza.sent.push(text); // the command text, as the chat would send it
  const r = await net.say(text);
  if (!r.ok) showError(anchor && anchor.isConnected ? anchor : rect, errorText(r));
  else {
    clearErrors();
    // (kept for every tab of the seat, in each language: chatlog.js addAnswer)
    if (r.message) { addAnswer($('#chat'), r, Date.now() / 1000 - (S.clockSkew || 0)); announce(r.message); }
  }
  return r;
}

// The board's presses (not the chat's lines): one that repeats a command still waiting for its
// answer is not sent again. It was pressed on a board the first one is changing (a double
// click, or a slow network where nothing seemed to happen): a second Plant planted the next
// card too, a second End planting ended the trading as well (break11). The server still
// decides everything; the press after the answer is drawn is sent as always.
const flying = new Set();
async function boardAct(text, anchor) {
  if (flying.has(text)) return { ok: false, code: 'in_flight', quiet: true };
  flying.add(text);
  try { return await actImpl(text, anchor); } finally { flying.delete(text); }
}

setHooks({ act: boardAct, render, askName: openGate, redraw: (name) => { drawn.delete(name); render(); } });

window.__bohnanza = {
  S,
  sent: [],
  replies: [],
  get state() { return { version: S.version, view: S.view, room: S.roomInfo, you: S.you }; },
  missing,                   // i18n keys asked for without a text (the tests want none)
};

// A room opened from the lobby for a game (?game=, farm/board.js chooseGameFromLink: only an
// empty room takes it): read at the first state, then dropped from the address (a reload,
// or the address copied for friends, carries no game); ignored, the chat says what it plays
function gameFromLink() {
  const game = params.get('game');
  if (!game) return;
  params.delete('game');
  const rest = params.toString();
  history.replaceState(null, '', location.pathname + (rest ? '?' + rest : '') + location.hash);
  const done = chooseGameFromLink(game);
  if (done && done.ignored) {
    const plays = done.ignored === 'farm' ? t('lobby_game_farm') : t('title');
    addSystem($('#chat'), t('link_game_ignored', { game: plays }));
  }
}

function onState(msg) {
  // a new game in the room (its number changed): the news of the last one is put away
  const before = S.roomInfo && S.roomInfo.game_no;
  if (before && msg.room && msg.room.game_no && msg.room.game_no !== before) hideNews();
  S.version = msg.version;
  S.view = msg.view;
  S.roomInfo = msg.room;
  noteServerTime(msg.room);
  if (S.welcomed) { S.you = S.welcomed; S.welcomed = null; }   // drawn with its room (connect)
  if (msg.room && msg.room.you) S.you = { ...S.you, ...msg.room.you };
  gameFromLink();
  if (mySeat() !== null) { S.nameRefused = S.noName = false; S.gateError = null; }   // seated (under a name of one's own)
  rememberOffers(S.view);
  render();
  speakNewOffers(S.view);
  announceOffers(S.view);
}

// A harvest (the log's harvest entries, in the page's language) shows at the top what it
// earned: the fields may be below the fold (issue 10 h). Coins hidden (R42): no figure.
// Buying field 3 (the log's buy entry, R21-R25) too: coins and the discard pile change
// (trial 4: 3 -> 0 coins and 4 -> 7 discards with nothing saying why); its price is the
// entry's cost, told to the buyer only, like a harvest's coins.
function noteNews(entries) {
  // Bohnanza's log kinds: the farm's own "harvest" line opens its harvest phase (it stood at
  // the top as a harvest's news through the phases after it: user9's trial)
  if (isFarm()) return;
  const me = S.you?.seat;
  const isMe = (e) => e.seat === me && me !== null && me !== undefined;
  // my offers a seat did not take (the log's not_taken, trial 4 items 8 and 19)
  const notTaken = entries.flatMap(notTakenOf).map((n) => ({ mine: true, text: t(n.key, { n: n.n, name: n.name }), coins: null }));
  // trial 6: my own draw at my turn's end (R34): the hand grew by 3 with nothing saying so
  const drew = (e) => e.kind === 'draw' && isMe(e) && Array.isArray(e.cards) && e.cards.length > 0;
  const lines = entries.filter((e) => e.kind === 'harvest' || e.kind === 'buy' || drew(e)).map((e) => {
    const mine = isMe(e);
    if (e.kind === 'draw') return { mine, text: logText(e), coins: null };
    if (e.kind === 'buy') {
      const name = S.view?.seats?.[e.seat]?.name ?? `P${e.seat}`;
      const n = typeof e.cost === 'number' ? e.cost : null;
      const text = mine ? (n === null ? t('news_buy_you') : t(n === 1 ? 'news_buy_you_1' : 'news_buy_you_n', { n })) : t('news_buy', { name });
      return { mine, text, coins: null };
    }
    const n = typeof e.coins === 'number' ? e.coins : null;
    return { mine, text: logText(e), coins: mine && n !== null ? t(n === 1 ? 'harvest_toast_1' : 'harvest_toast', { n }) : null };
  });
  showNews([...notTaken, ...lines]);
}

function onLog(msg) {
  if (msg.replay && S.relog) { S.relog = false; resetLog($('#log')); }  // after a switch
  noteDuelLog(msg.entries || [], !msg.replay);
  noteOfferNews(msg.entries || []);
  if (!msg.replay) { noteNews(msg.entries || []); announceLog(msg.entries || []); }
  addLog($('#log'), msg.entries || []);
  // the market's news (what left it, what a deal gave me) when the log comes after the state
  if (S.view) render();
}

// A chat line: in the chat, and said to a screen reader unless it is one of the lines the
// server sends again on a connection (replay: the chat was a live region, and after each
// reconnection it read out up to 50 old lines; announce.js)
function onChat(msg) {
  addChat($('#chat'), msg);
  if (!msg.replay) announce(`${msg.name}: ${msg.text}`);
}

function connect(name) {
  S.helloName = name;
  net = new Net(S.room, name, {
    welcome: (msg) => {
      // the server sends the room with this seat in the state right after the welcome
      // (arrival.py, Room._seat_connections): a room already held is the one before, so the
      // seat waits for that state (drawn with the room before it, a seat just taken showed
      // Start saying "0 seated" until the state came: a CI flake)
      if (S.roomInfo) S.welcomed = msg.you;
      else S.you = msg.you;
      if (S.joinOnArrival) {
        S.joinOnArrival = false;
        if (msg.you && (msg.you.seat === null || msg.you.seat === undefined)) {
          // the name was refused (its error came first, in the chat): ask for another
          if (S.nameRefused) openGate();
          else actImpl(msg.you.name ? `/join ${msg.you.name}` : '/join', $('#status'));
        }
      }
      // the longest line the server takes (its chat_max_len), never a copy of it here
      if (msg.line_max) $('#chat-input').maxLength = msg.line_max;
      render();
    },
    // the log comes again whole on every connection; the chat keeps its lines (the replay
    // adds those said meanwhile: chatlog.js addChat)
    opened: () => resetLog($('#log')),
    state: onState,
    chat: onChat,
    log: onLog,
    other: (msg) => {
      if (msg.type !== 'error') return;
      // hello's name refused (taken in this room, or not a name): we watch as a guest
      if (msg.code === 'name_taken' || msg.code === 'bad_name') {
        S.nameRefused = true;
        // the gate that opens again says why and keeps what was typed (trial 7: an empty
        // field, the reason only in the chat behind the dimmed overlay)
        S.gateError = { code: msg.code, message: msg.message, name: S.helloName };
      }
      addSystem($('#chat'), msg.message, 'error', true);
      announce(msg.message);
      // a room this server will not make or play: the page says why where one looks, for good
      // (a session breaking the server: "reconnecting…" stood there without end)
      if (FINAL.has(msg.code)) {
        S.refusedRoom = msg.message;
        render();
      }
    },
    reply: (msg) => window.__bohnanza.replies.push(msg),
    status: (s) => {
      S.connected = s === 'open';
      const c = $('#conn');
      c.textContent = s === 'open' ? '' : t({ connecting: 'connecting', refused: 'conn_refused' }[s] || 'disconnected');
      c.className = 'conn ' + s;
      if (S.view) render();   // the status line says so (render/top.js renderStatus)
    },
  });
  net.lang = getLang();
  net.connect();
  window.__bohnanza.net = net;
  const used = () => {
    const me = S.roomInfo?.seats?.find((x) => x.seat === S.you?.seat);
    net.activity(!!(me && me.idle));
  };
  for (const ev of ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove', 'focus']) {
    window.addEventListener(ev, used, { passive: true });
  }
  // coming back to the tab counts as use too
  document.addEventListener('visibilitychange', () => { if (!document.hidden) { used(); net.ping(); } });
  // the network back (or a tab back from the background): is the connection still alive?
  // (a silent one is given up after net.deadMs and a new one follows)
  window.addEventListener('online', () => net.ping());
}

function start() {
  applyStatic();
  setInterval(() => { tickAway(); tickClocks(); tickWaits(); }, 1000); // away marks, clocks, bots' waits between states
  onLang((lang) => {
    applyStatic();
    sayAnswersAgain($('#chat'));
    render();
    if (net) { S.relog = true; net.setLang(lang); }   // the server writes the log again
  });
  $('#lang').addEventListener('click', () => setLang(getLang() === 'ja' ? 'en' : 'ja'));
  $('#speaker').addEventListener('click', () => { setSpeaker(!S.speaker); render(); });
  $('#sound').addEventListener('click', () => {
    S.sound = !S.sound;
    localStorage.setItem('bohnanza.sound', S.sound ? '1' : '0');
    render();
  });
  setupCommandLine($('#chat-input'), (text) => actImpl(text, $('#chat-input')));
  $('#chat-form').addEventListener('submit', (e) => {
    e.preventDefault();
    $('#chat-input').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
  });
  if (params.has('sample')) {
    const file = params.get('sample') || 'sample-view';
    fetch(`/dev/${encodeURIComponent(file)}.json`).then((r) => r.json()).then((msg) => {
      S.you = msg.room.you;
      onState(msg);
      addChat($('#chat'), { name: 'Ann', seat: 0, text: 'Hello <b>not bold</b>' });
      sampleLog();
    });
    // one log line as the server would write it in the page's language
    const sampleLog = () => {
      resetLog($('#log'));
      const text = getLang() === 'ja' ? 'Annが青豆を畑1に植えた' : 'Ann planted Blue in field 1';
      addLog($('#log'), [{ kind: 'plant', seat: 0, bean: 'blue', field: 1, text }]);
    };
    // the sample board takes log lines as the server sends them (a log frame)
    window.__bohnanza.log = onLog;
    window.__bohnanza.chat = onChat;   // and chat lines (a chat frame)
    // the sample board takes a state as the server pushes one: the page keeps its scroll and
    // local state (the tests of what comes into view)
    window.__bohnanza.push = (msg) => { S.you = msg.room.you; onState(msg); };
    // the sample board shows another state without a reload (a fresh page's local state)
    window.__bohnanza.show = (msg, lang) => {
      Object.assign(S, { draft: { give: {}, want: {} }, dealSel: [], dealKey: null, plantBean: null,
        offerOpen: false, offerNews: [], gotNews: [], armed: null, tapBean: null, pickedOffer: null, offersSeen: null });
      window.__bohnanza.sent.length = 0;
      forgetOffers();
      forgetRoving();
      if (lang && lang !== getLang()) { setLang(lang); sampleLog(); }
      S.you = msg.room.you;
      onState(msg);
      window.scrollTo(0, 0);
    };
    render();
    return;
  }
  // the chat this tab showed before a reload (a command's answers too: this person's own)
  keepChat($('#chat'), 'bohnanza.chat.' + S.room);
  // the answers to this person's commands, from every tab of this browser in the room
  keepAnswers($('#chat'), 'bohnanza.answers.' + S.room);
  // the name typed in the lobby (its form without its script: /open?name=...): dropped from
  // the address, which is the link friends get, and kept only by a person with no name here
  // yet and no seat in this room. A link is anyone's to craft: before, /r/ROOM?name=Bob
  // silently replaced the name a player had (the one the next room they open or join takes)
  if (params.has('name')) {
    const given = (params.get('name') || '').trim();
    if (given && !localStorage.getItem('bohnanza.name') && !localStorage.getItem(tokenKey(S.room))) {
      localStorage.setItem('bohnanza.name', given);
    }
    params.delete('name');
    const rest = params.toString();
    history.replaceState(null, '', location.pathname + (rest ? '?' + rest : '') + location.hash);
  }
  $('#name-form').addEventListener('submit', onGate);
  const name = localStorage.getItem('bohnanza.name');
  const hasToken = !!localStorage.getItem(tokenKey(S.room));
  if (name || hasToken) { connect(name); render(); return; }
  // a nameless watcher reloading the page: watching still, no gate (the gate's Just watch)
  if (sessionStorage.getItem(WATCHING + S.room) === '1') { watchNameless(); return; }
  openGate();
}

// Watching without a name (the gate's Just watch with its box empty): the server gives a
// guest name; a seat taken later asks for one (never sat under the guest name: setup.js)
function watchNameless() {
  S.noName = true;
  closeGate();
  S.joinOnArrival = false;
  connect(null);
  render();
}

// The name gate: before the connection, the name for hello; on it (the name asked for was
// refused), the name to sit under.
function openGate() {
  $('#name-gate').hidden = false;
  // the board under its shade is out of reach, as under a modal dialog: Tab went on from the
  // gate to the chat and the log behind it, out of sight (a keyboard player's trial); the
  // top bar stays (its status line says what to do)
  $('#board').inert = true;
  S.askName = true;           // the status line says what to do: give a name
  $('#name-input').maxLength = FACTS.limits.name;   // the server's limit (characters)
  // a name refused: kept in the field, selected (typing replaces it), the reason beside it
  if (net) $('#name-input').value = (S.gateError && S.gateError.name) || '';
  $('#name-input').focus();
  $('#name-input').select();
  sayGateError();
  showSeated();
  render();
}

// The refusal of the name typed at the gate, in the gate (in the page's language when it is
// name_taken; the server's words, already in it, for a name that is not one)
function sayGateError() {
  const el = $('#gate-error');
  const e = S.gateError;
  el.hidden = !e;
  el.textContent = !e ? '' : e.code === 'name_taken' && e.name
    ? t('gate_name_taken', { name: e.name }) : e.message;
}
onLang(sayGateError);

function closeGate() {
  $('#name-gate').hidden = true;
  $('#board').inert = false;
  S.askName = false;
}

async function onGate(e) {
  e.preventDefault();
  const watch = !!(e.submitter && e.submitter.id === 'gate-watch');
  const n = $('#name-input').value.trim();
  if (net) {  // connected, watching: sit under this name, or go on watching
    if (watch) { closeGate(); render(); return; }
    if (!n) { refuseBlank($('#name-input'), t('name_blank')); return; }
    const r = await actImpl(`/join ${n}`, $('#name-input'));
    if (r.ok) {   // (refused: the gate stays, the error in it)
      localStorage.setItem('bohnanza.name', n);
      S.nameRefused = false;
      S.gateError = null;
      closeGate();
      render();
    } else if (r.code !== 'disconnected') {
      clearErrors();    // (not twice: the bubble over the gate, and the gate's line)
      S.gateError = { code: r.code, message: errorText(r), name: n };
      sayGateError();
    }
    return;
  }
  if (!n && watch && !$('#name-input').value) {
    // watching needs no name: the server gives a guest one; a seat taken later asks for one
    // (never sat under the guest name: setup.js)
    // (kept for this tab: a reload goes on watching, user10's trial: it asked again)
    sessionStorage.setItem(WATCHING + S.room, '1');
    watchNameless();
    return;
  }
  if (!n) {   // empty: the field's own message; spaces alone: ours
    if ($('#name-input').value) refuseBlank($('#name-input'), t('name_blank'));
    else $('#name-input').reportValidity();
    return;
  }
  localStorage.setItem('bohnanza.name', n);
  closeGate();
  // Take a seat (the form's first button, and Enter): /join once connected; the server
  // decides (a running game without a free seat refuses, and the person watches)
  S.joinOnArrival = !watch;
  connect(n);
  render();
}

// The name gate says who already sits in this room and how many seats are free (the lobby's
// line of it, /api/rooms/NAME: trial 4, a room link showed only a name box). A resting room
// (parked: nobody connected for a while) is not in the lobby's list: its line comes all the
// same (the gate said "Nobody is seated yet." of a game three sat in)
async function showSeated() {
  let room = null;
  try {
    const res = await fetch('/api/rooms/' + encodeURIComponent(S.room));
    room = res.ok ? await res.json() : null;
  } catch { room = null; }
  gateRoom = room;
  sayGateSeated();
  if (!gateSaid) { gateSaid = true; onLang(sayGateSeated); }   // (once: the gate may open again)
  $('#gate-seated').hidden = false;
}
let gateRoom = null;   // this room as /api/rooms gave it when the gate last opened
let gateSaid = false;
function sayGateSeated() {
  const r = gateRoom;
  const el = $('#gate-seated');
  // every seat taken, a game on or not (before the start, after a game over: user10's trial,
  // "0 seats free" beside a green Take a seat that the server refuses, room_full)
  const full = !!(r && r.free_seats === 0 && r.seats.length);
  // Just watch is the way in (Take a seat stays, for a seat that frees meanwhile: the server
  // decides), and the status line says so
  $('#gate-watch').classList.toggle('primary', full);
  $('#gate-join').classList.toggle('primary', !full);
  if (S.askName) { S.askName = full ? (r.running ? 'full' : 'full_table') : true; render(); }
  if (!r || !r.seats.length) el.textContent = t('gate_nobody');
  // the names as a page's names are (dom.js withNames: each whole and a bidi isolate)
  else if (full) withNames(el, t(r.running ? 'gate_full_game' : 'gate_full_table', { names: r.seats.join(', ') }), r.seats);
  else withNames(el, t(r.free_seats === 1 ? 'gate_seated_1' : 'gate_seated', { names: r.seats.join(', '), n: r.free_seats }), r.seats);
}

placeSignals();
WIDE.addEventListener('change', placeSignals);
WIDE.addEventListener('change', () => placeMarket(!!(S.view && S.view.deal)));
start();
