// The room page: connects, keeps the state, renders the board, sends every action as command text.
import { $ } from './dom.js';
import { t, applyStatic, getLang, setLang, onLang } from './i18n.js';
import { S, setHooks } from './store.js';
import { Net } from './net.js';
import { showError } from './feedback.js';
import { renderPanels } from './render/panels.js';
import { renderMarket, renderFaceUp, renderSignals } from './render/market.js';
import { renderOfferWindow } from './offer.js';
import { renderDeal } from './deal.js';
import { renderFields, renderToPlant, renderHand } from './render/own.js';
import { renderCatalogue } from './render/catalogue.js';
import { renderGameOver } from './render/gameover.js';
import { renderSetup } from './render/setup.js';
import { renderProgress, renderPhase } from './render/top.js';
import { addChat, addLog, addSystem, relog, resetLists, setupCommandLine } from './render/chatlog.js';
import { errorText } from './logtext.js';
import { setSpeaker, speakNewOffers } from './speech.js';
import { tickAway } from './seatmarks.js';
import { renderDuel, isDuel, noteDuelLog } from './render/duel.js';
import { noteServerTime, tickClocks } from './clock.js';

const params = new URLSearchParams(location.search);
const m = location.pathname.match(/^\/r\/([^/]+)/);
S.room = m ? decodeURIComponent(m[1]) : (params.get('room') || 'sample');
let net = null;

function render() {
  renderProgress($('#progress'));
  renderPanels($('#players'));
  renderPhase($('#phase'));
  renderSignals($('#signals'));
  renderSetup($('#setup'));
  renderGameOver($('#gameover'));
  renderMarket($('#market'));
  renderDuel($('#duel'));
  renderFaceUp($('#faceup'));
  renderDeal($('#deal-window'));
  renderOfferWindow($('#offer-window'));
  renderFields($('#fields'));
  renderToPlant($('#to-plant'));
  renderHand($('#hand'));
  renderCatalogue($('#catalogue-box'));
  $('#market').hidden = !S.view || S.view.phase === 'over' || isDuel();
  document.body.classList.toggle('duel-game', isDuel());
  tickClocks();
  document.body.classList.toggle('my-turn', !!(S.view && S.view.you && S.view.you.must_act));
  document.body.classList.toggle('no-game', !S.view);
  $('#speaker').textContent = S.speaker ? '🔊' : '🔈';
  $('#speaker').title = t(S.speaker ? 'speaker_on' : 'speaker_off');
  $('#speaker').classList.toggle('off', !S.speaker);
  $('#room-name').textContent = S.room;
}

// Send command text exactly as the chat would; show a rejection where the person acted.
async function actImpl(text, anchor) {
  const rect = anchor instanceof Element ? anchor.getBoundingClientRect() : anchor;
  if (!net) { // sample mode
    addSystem($('#log'), '» ' + text, 'sent');
    window.__bohnanza.sent.push(text);
    return { ok: true };
  }
  window.__bohnanza.sent.push(text); // the command text, as the chat would send it
  const r = await net.say(text);
  if (!r.ok) showError(anchor && anchor.isConnected ? anchor : rect, errorText(r));
  else if (r.message) addSystem($('#chat'), r.message);
  return r;
}

setHooks({ act: actImpl, render });

window.__bohnanza = {
  S,
  sent: [],
  replies: [],
  get state() { return { version: S.version, view: S.view, room: S.roomInfo, you: S.you }; },
};

function onState(msg) {
  S.version = msg.version;
  S.view = msg.view;
  S.roomInfo = msg.room;
  noteServerTime(msg.room);
  if (msg.room && msg.room.you) S.you = { ...S.you, ...msg.room.you };
  render();
  speakNewOffers(S.view);
}

function connect(name) {
  net = new Net(S.room, name, {
    welcome: (msg) => { S.you = msg.you; render(); },
    opened: () => resetLists($('#chat'), $('#log')),
    state: onState,
    chat: (msg) => addChat($('#chat'), msg),
    log: (msg) => { noteDuelLog(msg.entries || [], !msg.replay); addLog($('#log'), msg.entries || []); },
    other: (msg) => { if (msg.type === 'error') addSystem($('#chat'), msg.message, 'error'); },
    reply: (msg) => window.__bohnanza.replies.push(msg),
    status: (s) => {
      S.connected = s === 'open';
      const c = $('#conn');
      c.textContent = s === 'open' ? '' : t(s === 'connecting' ? 'connecting' : 'disconnected');
      c.className = 'conn ' + s;
    },
  });
  net.connect();
  window.__bohnanza.net = net;
  for (const ev of ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove']) {
    window.addEventListener(ev, () => {
      const me = S.roomInfo?.seats?.find((x) => x.seat === S.you?.seat);
      net.activity(!!(me && me.idle));
    }, { passive: true });
  }
}

function start() {
  applyStatic();
  setInterval(() => { tickAway(); tickClocks(); }, 1000); // away marks and clocks between states
  onLang(() => { applyStatic(); render(); relog($('#log')); });
  $('#lang').addEventListener('click', () => setLang(getLang() === 'ja' ? 'en' : 'ja'));
  $('#speaker').addEventListener('click', () => { setSpeaker(!S.speaker); render(); });
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
      addLog($('#log'), [{ kind: 'plant', seat: 0, bean: 'blue', field: 1, text: 'Ann planted blue in field 1' }]);
    });
    render();
    return;
  }
  const name = localStorage.getItem('bohnanza.name');
  const hasToken = !!localStorage.getItem('bohnanza.token.' + S.room);
  if (name || hasToken) { connect(name); render(); return; }
  $('#name-gate').hidden = false;
  $('#name-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const n = $('#name-input').value.trim();
    if (!n) return;
    localStorage.setItem('bohnanza.name', n);
    $('#name-gate').hidden = true;
    connect(n);
  });
  render();
}

start();
