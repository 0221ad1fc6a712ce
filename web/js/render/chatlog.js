// Chat with the command line (history on the arrow keys) and the game log.
import { h, clear, withNames } from '../dom.js';
import { seatInk, seatNames } from '../store.js';
import { logText } from '../logtext.js';
import { t, getLang } from '../i18n.js';
import { showError } from '../feedback.js';

const MAX_LINES = 300;

function append(list, node, before = null) {
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 20;
  list.insertBefore(node, before);
  while (list.childNodes.length > MAX_LINES) list.removeChild(list.firstChild);
  if (atBottom) list.scrollTop = list.scrollHeight;
}

// A chat line is the same line wherever it comes from: live, or sent again on a connection
// (replay: the server's newest stored lines, logbook.backlog_frames), which repeats the live
// line's ts exactly (protocol.py Chat).
const chatKey = (msg) => JSON.stringify([msg.ts ?? null, msg.seat ?? null, msg.name, msg.text]);

function chatNode(msg) {
  const line = h('div', { class: 'chat-line' + (msg.seat === null || msg.seat === undefined ? ' spectator' : '') });
  line.append(h('b', { style: { color: msg.seat !== null && msg.seat !== undefined ? seatInk(msg.seat) : '' }, text: msg.name + ': ' }),
    h('span', { text: msg.text }));
  line.dataset.key = chatKey(msg);
  if (typeof msg.ts === 'number') line.dataset.ts = String(msg.ts);
  return line;
}

// A chat line in the chat. One sent again (replay) that the chat shows already is not shown
// twice; one it does not show (said while this page was away) goes before the first line
// said after it, so the chat keeps the order of the room's chat. A reconnection (a dropped
// connection, a server restart) and a reload (kept: keepChat) no longer empty the chat: the
// page's own lines (a command's answer such as /help's) stayed gone after every reconnection.
export function addChat(list, msg) {
  const line = chatNode(msg);
  if (msg.replay) {
    const key = line.dataset.key;
    const shown = [...list.children];
    if (shown.some((n) => n.dataset.key === key)) return;
    const later = typeof msg.ts === 'number' ? shown.find((n) => n.dataset.ts && Number(n.dataset.ts) > msg.ts) : null;
    append(list, line, later || null);
  } else {
    append(list, line);
  }
  save(list);
}

export function addSystem(list, text, cls = 'system', once = false) {
  // once: a connection's error said again by each reconnection (hello's name taken) shows
  // once in a row (the chat is kept across reconnections now)
  const last = list.lastElementChild;
  if (once && last && !last.dataset.key && last.textContent === text) return;
  // command output (e.g. /help) keeps its line breaks but is still plain text
  append(list, h('div', { class: 'chat-line ' + cls, text }));
  save(list);
}

// The chat's lines kept for this tab (sessionStorage, under ``key``: the room's): a reload
// shows them again, a command's answers too (this person's own: another person never sees
// them; this browser's other tabs in the room do, keepAnswers below), and the server's
// replay then adds only the lines said since.
let kept = null;   // {list, key}

export function keepChat(list, key) {
  kept = { list, key };
  let lines = [];
  try { lines = JSON.parse(sessionStorage.getItem(key) || '[]'); } catch { lines = []; }
  if (!Array.isArray(lines)) return;
  for (const x of lines) {
    if (!x || typeof x.text !== 'string') continue;
    if (x.chat) append(list, chatNode(x.chat));
    else if (x.answer && typeof x.answer === 'object' && typeof x.answer.text === 'string') append(list, answerNode(x.answer));
    else append(list, h('div', { class: 'chat-line ' + (x.cls === 'error' ? 'error' : 'system'), text: x.text }));
  }
}

function save(list) {
  if (!kept || kept.list !== list) return;
  const lines = [...list.children].map((n) => {
    if (n.answer) return { text: n.textContent, answer: n.answer };
    if (!n.dataset.key) return { text: n.textContent, cls: n.classList.contains('error') ? 'error' : 'system' };
    const [ts, seat, name, text] = JSON.parse(n.dataset.key);
    return { text, chat: { ts, seat, name, text } };
  });
  try { sessionStorage.setItem(kept.key, JSON.stringify(lines)); } catch { /* full: not kept */ }
}

// The answers to this person's commands (a reply's message: /help, /who, /option, "You sit
// in seat 1."), kept for the room in this browser (localStorage, under ``key``): every tab of
// the seat shows them, one opened later too, and each tab takes those another tab gets as
// they come (a second tab of the same seat showed none of them). Each keeps the reply's texts
// (each language the server writes, protocol.py Reply.texts) and is shown in the page's
// language, again after a switch (they stayed in the language they were said in); an answer
// without a text in it says which language it is in (its lang attribute: a screen reader
// reads it in that language's voice).
const ANSWERS_MAX = 40;
const ANSWERS_AGE = 6 * 3600;   // seconds: a page opened on another day starts without them
let answers = null;   // {list, key}

function answerNode(a) {
  const line = h('div', { class: 'chat-line system answer' });
  line.answer = a;
  line.dataset.answer = a.id;
  if (typeof a.ts === 'number') line.dataset.ts = String(a.ts);
  sayAnswer(line);
  return line;
}

function sayAnswer(line) {
  const a = line.answer;
  const text = a.texts && typeof a.texts[getLang()] === 'string' ? a.texts[getLang()] : null;
  line.textContent = text ?? a.text;
  if (text === null && a.lang && a.lang !== getLang()) line.setAttribute('lang', a.lang);
  else line.removeAttribute('lang');
}

function storedAnswers() {
  if (!answers) return [];
  try {
    const xs = JSON.parse(localStorage.getItem(answers.key) || '[]');
    const since = Date.now() / 1000 - ANSWERS_AGE;
    return Array.isArray(xs) ? xs.filter((a) => a && typeof a.id === 'string' && typeof a.text === 'string' &&
      typeof a.ts === 'number' && a.ts > since) : [];
  } catch { return []; }
}

// the answers this chat lacks, each in its place by its time (the chat's lines carry the
// server's, the answers the server's as this page reckons it)
function mergeAnswers(list) {
  const shown = new Set([...list.children].map((n) => n.dataset.answer).filter(Boolean));
  let added = false;
  for (const a of storedAnswers()) {
    if (shown.has(a.id)) continue;
    const later = typeof a.ts === 'number' ? [...list.children].find((n) => n.dataset.ts && Number(n.dataset.ts) > a.ts) : null;
    append(list, answerNode(a), later || null);
    added = true;
  }
  if (added) save(list);
}

export function keepAnswers(list, key) {
  answers = { list, key };
  mergeAnswers(list);
  window.addEventListener('storage', (e) => { if (e.key === key) mergeAnswers(list); });
}

// A command's answer (the reply ``r``, at ``ts``: the server's time) in the chat, kept.
export function addAnswer(list, r, ts) {
  const a = { id: `${ts.toFixed(3)}-${Math.random().toString(36).slice(2, 8)}`, ts, text: r.message,
    lang: getLang(), texts: r.texts && typeof r.texts === 'object' ? r.texts : null };
  append(list, answerNode(a));
  save(list);
  if (!answers || answers.list !== list) return;
  try {
    localStorage.setItem(answers.key, JSON.stringify([...storedAnswers(), a].slice(-ANSWERS_MAX)));
  } catch { /* full: this tab shows it all the same */ }
}

// The page's language changed: every kept answer in it (their texts), else as it was said.
export function sayAnswersAgain(list) {
  for (const n of list.querySelectorAll('.chat-line.answer')) if (n.answer) sayAnswer(n);
  save(list);
}

const logEntries = [];

export function addLog(list, entries) {
  for (const e of entries) {
    logEntries.push(e);
    // the seat names in a line never wrap (issue 10 k)
    append(list, withNames(h('div', { class: 'log-line kind-' + (e.kind || 'x') }), logText(e), seatNames()));
  }
  while (logEntries.length > MAX_LINES) logEntries.shift();
}

// The log again (the server sent it in another language): the lines so far are replaced.
export function resetLog(list) { logEntries.length = 0; clear(list); }


// Lines pasted together go out one by one, a few a second, each answered on its own. A line
// the server refuses for the rate (too much chat at once: nothing was done) says so, waits and
// goes again, the others after it in their order: before, it was dropped, and a paste of more
// lines than the room's chat takes at once lost every line past the burst. A line the page
// could not send (no connection) stops them: before, every line was refused in turn and all
// were gone, the box empty under "Send it again". It comes back into the box (when the person
// is not typing there; else it waits first in line) and the others wait: the next line the
// server takes from the box sends them on.
const queue = [];
let pumping = false;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
async function pump(onSend, input) {
  if (pumping) return;
  pumping = true;
  let waitMs = 700;   // after a rate refusal; doubled up to 5 s while refusals go on
  while (queue.length) {
    const line = queue.shift();
    const r = await onSend(line);
    if (r && r.code === 'disconnected' && !r.sent) {
      if (!input.value.trim()) input.value = line;
      else queue.unshift(line);
      break;
    }
    if (r && r.code === 'rate_limited') {
      queue.unshift(line);
      await pause(waitMs);
      waitMs = Math.min(5000, waitMs * 2);
      continue;
    }
    waitMs = 700;
    if (queue.length) await pause(150);
  }
  pumping = false;
}

// The command line: Enter sends, ArrowUp / ArrowDown walk the history; a paste of several
// lines sends each line. onSend(text) resolves with the server's reply: the line is emptied
// once the server took it, and kept (to mend and send again) when it refused it.
export function setupCommandLine(input, onSend) {
  // the line holds what the server takes (maxLength, welcome.line_max): what would not fit is
  // left out by the browser, and the line says so (a new user's report: a pasted line was
  // cut silently)
  const over = (adding) => {
    const max = input.maxLength;
    if (!(max > 0)) return false;
    const chosen = Math.abs((input.selectionEnd ?? 0) - (input.selectionStart ?? 0));
    return input.value.length - chosen + adding > max;
  };
  const sayCut = () => showError(input, t('line_cut', { n: input.maxLength }));
  input.addEventListener('beforeinput', (e) => {
    if (e.inputType === 'insertText' && e.data && over(e.data.length)) sayCut();
  });
  input.addEventListener('paste', (e) => {
    const text = (e.clipboardData || window.clipboardData)?.getData('text') || '';
    if (!/[\r\n]/.test(text)) { if (over(text.length)) sayCut(); return; }
    e.preventDefault();
    const lines = text.split(/\r?\n|\r/).map((l) => l.trim()).filter(Boolean);
    queue.push(...lines);
    pump(onSend, input);
  });
  const history = JSON.parse(sessionStorage.getItem('bohnanza.cmdhistory') || '[]');
  let pos = history.length;
  let stash = '';
  // the typed lines on their way (sent, not answered yet). The line keeps its text until the
  // server takes it: on a slow network nothing seemed to happen, and Enter again sent the line
  // twice. As the board's presses (app.js boardAct): the same line is not sent again while
  // the first waits for its answer, and the line looks busy meanwhile (board.css .sending).
  const flying = new Set();
  const busy = () => {
    input.classList.toggle('sending', flying.size > 0);
    if (flying.size) input.setAttribute('aria-busy', 'true'); else input.removeAttribute('aria-busy');
  };
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.isComposing) {
      e.preventDefault();
      const text = input.value.trim();
      if (!text || flying.has(text)) return;
      if (history[history.length - 1] !== text) history.push(text);
      while (history.length > 100) history.shift();
      sessionStorage.setItem('bohnanza.cmdhistory', JSON.stringify(history));
      pos = history.length;
      flying.add(text);
      busy();
      Promise.resolve(onSend(text)).then((r) => {
        // emptied only when taken, and only if the person has not typed on meanwhile
        if (r && r.ok && input.value.trim() === text) input.value = '';
        if (r && r.ok && queue.length) pump(onSend, input);   // pasted lines held back go on
      }).finally(() => { flying.delete(text); busy(); });
    } else if (e.key === 'ArrowUp') {
      if (pos === history.length) stash = input.value;
      if (pos > 0) { pos--; input.value = history[pos]; e.preventDefault(); }
    } else if (e.key === 'ArrowDown') {
      if (pos < history.length) { pos++; input.value = pos === history.length ? stash : history[pos]; e.preventDefault(); }
    }
  });
}
