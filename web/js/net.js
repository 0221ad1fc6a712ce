// The WebSocket connection of one room (design.md section 6).
// hello first, then say {id, text}; every say gets exactly one reply {id, ok, code?, message?}.
// State deltas: the hello asks for them; after a full state the server sends patch {version,
// base, ops} (JSON Patch, RFC 6902, on {view, room}); they are applied here and handed on as
// whole states, so the board sees states only. A patch that does not follow the state held
// (a missed version) or does not apply: resync, and the next full state goes on. Versions may
// skip: a change in which this connection sees nothing new (another seat's marker it does not
// see) sends it nothing, and the next patch's base is the version held (the last frame's),
// so only base === held.version is checked. The reply of an accepted command may ride in the
// state or patch of its change (reply: {id, ok}).
import { applyPatch } from '../vendor/fast-json-patch/core.mjs';
import { tokenKey } from './tokens.js';

// the refusals of a room this server will not make or play (server/hub.py): not asked again
export const FINAL = new Set(['room_lookalike', 'bad_room_name', 'room_damaged']);

// the answer of a say that never left the page (no connection): not done, to send again
const NOT_SENT = Object.freeze({ ok: false, code: 'disconnected', sent: false, message: 'Not connected' });
// the same in a room the server refused for good (FINAL): no reconnection is coming, so the
// page does not say "reconnecting…" of it (final: logtext.js errorText)
const NOT_SENT_FINAL = Object.freeze({ ...NOT_SENT, final: true });

export class Net {
  constructor(room, name, handlers) {
    this.room = room;
    this.name = name;
    this.handlers = handlers; // {welcome, state, chat, log, status, other}
    this.nextId = 1;
    this.pending = new Map();
    this.lastActivity = 0;
    this.retry = 0;
    this.closed = false;
    // the watchdog: a socket the network left (Wi-Fi gone, a laptop asleep, a half-open TCP
    // connection) stays "open" in the browser with nothing arriving, for as long as it lasts:
    // the board said nothing, showed a stale turn, and a command sent then never got its reply,
    // not even once the network was back (the page was dead until reloaded). After quietMs
    // without a frame, ask (ping, answered by pong); without any frame deadMs after asking,
    // the connection is lost: reconnect.
    this.quietMs = 15000;
    this.deadMs = 8000;
    // says made while the socket is still opening (the name gate's join, a reconnection):
    // sent right after the hello. Refused at once before, and the automatic /join's answer
    // then took the refusal's bubble away: a chat line typed just after the gate's join
    // stayed unsent with nothing saying so. Not open within openMs: not sent, and said.
    this.opening = [];
    this.openMs = 10000;
  }

  get token() { return localStorage.getItem(tokenKey(this.room)); }

  connect() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(this.room)}`);
    this.ws = ws;
    this.handlers.status?.('connecting');
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.heard = Date.now();
      this.pingAt = 0;
      clearInterval(this.watch);
      this.watch = setInterval(() => this.check(ws), 1000);
      this.held = null; // the last whole state (patches apply to it)
      this.resyncing = false;
      const hello = { type: 'hello', name: this.name, lang: this.lang || 'en', deltas: true };
      if (this.token) hello.token = this.token;
      this.sentToken = this.token;   // (welcome: a token that holds no seat is forgotten)
      ws.send(JSON.stringify(hello));
      this.handlers.opened?.();
      // what was said while it opened goes now, in its order, after the hello
      for (const o of this.opening.splice(0)) { clearTimeout(o.timer); this.send(ws, o.text, o.resolve); }
      this.handlers.status?.('open');
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;   // a socket given up as lost says nothing more
      this.heard = Date.now();
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      this.dispatch(msg);
    };
    ws.onclose = () => this.lost(ws);
  }

  // The connection ws is gone (closed, or silent past the watchdog): its commands without a
  // reply are answered 'disconnected', and a new connection follows.
  lost(ws) {
    if (this.ws !== ws) return;
    this.ws = null;
    clearInterval(this.watch);
    // sent, unanswered: the server may have taken it (stored, its answer lost), or not
    for (const [, p] of this.pending) p.resolve({ ok: false, code: 'disconnected', sent: true, message: 'Connection lost' });
    this.pending.clear();
    // never sent (the socket closed while opening): refused as not connected
    for (const o of this.opening.splice(0)) { clearTimeout(o.timer); o.resolve(NOT_SENT); }
    if (this.closed) return;
    this.handlers.status?.('closed');
    const delay = Math.min(5000, 300 * 2 ** this.retry++);
    setTimeout(() => this.connect(), delay);
  }

  // The watchdog's look (every second while open; later in a throttled background tab).
  check(ws, now = Date.now()) {
    if (this.ws !== ws || ws.readyState !== WebSocket.OPEN) return;
    if (this.pingAt && this.heard < this.pingAt) {
      if (now - this.pingAt < this.deadMs) return;
      try { ws.close(); } catch { /* closing a dead socket */ }
      this.lost(ws);
    } else if (now - this.heard >= this.quietMs) {
      this.ping(ws, now);
    }
  }

  // Ask whether the connection is alive (also when the network comes back, or the tab does)
  ping(ws = this.ws, now = Date.now()) {
    if (!ws || ws !== this.ws || ws.readyState !== WebSocket.OPEN) return;
    if (this.pingAt && this.heard < this.pingAt) return;   // asked already
    this.pingAt = now;
    ws.send(JSON.stringify({ type: 'ping' }));
  }

  dispatch(msg) {
    switch (msg.type) {
      case 'welcome':
        // let in: the next loss reconnects at once again (a refusal after the socket opened,
        // as "too many rooms, try later", keeps backing off: it reconnected 3 times a second)
        this.retry = 0;
        if (msg.you?.token) localStorage.setItem(tokenKey(this.room), msg.you.token);
        // no seat (/leave stood every tab of it up; a bot plays it now): the token this
        // connection sat by, or presented in its hello, holds nothing now and is forgotten (the
        // lobby listed the room as 'your seat', and opening it said "That token holds no seat
        // in this room"). Only that one: another tab may have just taken a seat under a new token
        else if (msg.you && msg.you.seat == null && this.token
                 && (this.token === this.seatedBy || this.token === this.sentToken)) localStorage.removeItem(tokenKey(this.room));
        this.seatedBy = msg.you?.seat == null ? null : msg.you.token || this.token || null;
        this.handlers.welcome?.(msg);
        break;
      case 'reply': {
        const p = this.pending.get(msg.id);
        if (p) { this.pending.delete(msg.id); p.resolve(msg); }
        this.handlers.reply?.(msg);
        break;
      }
      case 'state':
        this.held = msg;
        this.resyncing = false;
        // the change's log lines come with its state (earlier ones: 'log' on connect)
        if (msg.log && msg.log.length) this.handlers.log?.({ version: msg.version, entries: msg.log });
        this.handlers.state?.(msg);
        // the reply of my command may ride in its state (after it: the state is drawn first)
        if (msg.reply) this.dispatch({ type: 'reply', ...msg.reply });
        break;
      case 'patch': {
        const held = this.held;
        let doc = null;
        if (held && !this.resyncing && held.version === msg.base) {
          try {
            // a new object (the held one unchanged): the board may still hold the old view
            doc = applyPatch({ view: held.view, room: held.room }, msg.ops, false, false).newDocument;
          } catch { doc = null; }
        }
        if (doc) {
          if (window.__bohnanza) window.__bohnanza.patches = (window.__bohnanza.patches || 0) + 1;
          this.dispatch({ type: 'state', version: msg.version, view: doc.view, room: doc.room, log: msg.log });
        } else {
          this.resync();
        }
        if (msg.reply) this.dispatch({ type: 'reply', ...msg.reply });
        break;
      }
      case 'pong': break;   // alive (heard is set)
      case 'chat': this.handlers.chat?.(msg); break;
      case 'log': this.handlers.log?.(msg); break;
      case 'error':
        // a token that holds no seat here: forget it, we are watching
        if (msg.code === 'bad_token') localStorage.removeItem(tokenKey(this.room));
        // a room this server will not make or play: asking again is refused again (a review:
        // a reconnect and a red line every 5 s); the page says why and stays
        if (FINAL.has(msg.code)) { this.closed = true; this.handlers.status?.('refused'); }
        this.handlers.other?.(msg);
        break;
      default: this.handlers.other?.(msg);
    }
  }

  // A patch that does not follow the state held: ask once for a full state.
  resync() {
    if (this.resyncing || !this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    this.resyncing = true;
    window.__bohnanza && (window.__bohnanza.resyncs = (window.__bohnanza.resyncs || 0) + 1);
    this.ws.send(JSON.stringify({ type: 'resync' }));
  }

  // The person switched language: the server writes in it from now on and sends the log
  // again in it (a log frame with replay: true).
  setLang(lang) {
    this.lang = lang;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: 'lang', lang }));
  }

  // Send one command or chat line; resolves with the server's reply. While the socket opens
  // it waits for the open (at most openMs); with no socket (between reconnections) it is
  // refused at once, not sent.
  say(text) {
    return new Promise((resolve) => {
      const ws = this.ws;
      if (ws && ws.readyState === WebSocket.CONNECTING) {
        const o = { text, resolve };
        o.timer = setTimeout(() => {
          const i = this.opening.indexOf(o);
          if (i >= 0) { this.opening.splice(i, 1); resolve(NOT_SENT); }
        }, this.openMs);
        this.opening.push(o);
        return;
      }
      if (!ws || ws.readyState !== WebSocket.OPEN) { resolve(this.closed ? NOT_SENT_FINAL : NOT_SENT); return; }
      this.send(ws, text, resolve);
    });
  }

  send(ws, text, resolve) {
    const id = this.nextId++;
    this.pending.set(id, { resolve, text });
    ws.send(JSON.stringify({ type: 'say', id, text }));
    // no reply soon: is the connection still there? (the watchdog then gives it up)
    setTimeout(() => { if (this.pending.has(id)) this.ping(ws); }, 4000);
  }

  // Tell the server the person is using the page, at most every 3 seconds; input inside the
  // quiet time is reported when it ends, so the idle mark never outlives real use.
  // urgent (my seat is shown idle): report at once.
  activity(urgent = false) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    const wait = (urgent ? 500 : 3000) - (now - this.lastActivity);
    if (wait <= 0) {
      clearTimeout(this.activityTimer);
      this.activityTimer = null;
      this.lastActivity = now;
      this.ws.send(JSON.stringify({ type: 'activity' }));
    } else if (!this.activityTimer) {
      this.activityTimer = setTimeout(() => { this.activityTimer = null; this.activity(); }, wait);
    }
  }
}
