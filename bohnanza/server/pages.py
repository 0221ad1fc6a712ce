"""HTTP routes: the lobby, room pages, the room list, the protocol schema, static files.

``/`` serves ``web/index.html`` and ``/r/{room}`` serves ``web/room.html`` when the board
provides them; until then small built-in pages that can join, chat and show the state.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from .facts import facts
from .hub import Hub, valid_room_name
from .protocol import protocol_schema
from .settings import Settings

LOBBY_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bohnanza</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:sans-serif;max-width:50em;margin:2em auto}td,th{padding:.2em .8em;text-align:left}</style>
</head><body>
<h1>Bohnanza</h1>
<form id="open"><input id="room" placeholder="room name" pattern="[A-Za-z0-9][A-Za-z0-9_-]*" maxlength="32" required>
<button>Open or create</button></form>
<h2>Rooms</h2>
<table><thead><tr><th>Room</th><th>Seats</th><th>Game</th></tr></thead><tbody id="rooms"></tbody></table>
<script>
document.getElementById('open').onsubmit = (e) => {
  e.preventDefault();
  location.href = '/r/' + encodeURIComponent(document.getElementById('room').value.trim());
};
async function load() {
  const rooms = await (await fetch('/api/rooms')).json();
  const body = document.getElementById('rooms');
  body.replaceChildren();
  for (const r of rooms) {
    const tr = document.createElement('tr');
    const a = document.createElement('a');
    a.href = '/r/' + encodeURIComponent(r.room); a.textContent = r.room;
    const td1 = document.createElement('td'); td1.append(a);
    const td2 = document.createElement('td');
    td2.textContent = r.seats.length + '/' + r.max_players + ' ' + r.seats.join(', ');
    const td3 = document.createElement('td'); td3.textContent = r.running ? 'running' : 'waiting';
    tr.append(td1, td2, td3); body.append(tr);
  }
}
load(); setInterval(load, 5000);
</script></body></html>
"""

ROOM_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bohnanza room</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:sans-serif;margin:1em}#main{display:flex;gap:1em}
#out{height:60vh;overflow:auto;border:1px solid #ccc;padding:.5em;flex:1;white-space:pre-wrap}
#state{height:60vh;overflow:auto;border:1px solid #ccc;padding:.5em;flex:1;font-size:80%;white-space:pre-wrap}
.err{color:#a00}.log{color:#555}.me{font-weight:bold}</style>
</head><body>
<div><a href="/">Lobby</a> &middot; room <b id="title"></b> &middot; <span id="who"></span></div>
<div id="seats"></div>
<div id="main"><div id="out"></div><div id="state"></div></div>
<form id="f"><input id="line" size="80" maxlength="400" autocomplete="off"
 placeholder="chat, or a command: /join NAME, /start, /help"><button>Send</button></form>
<script>
const room = decodeURIComponent(location.pathname.split('/').pop());
document.getElementById('title').textContent = room;
const out = document.getElementById('out');
const key = 'bohnanza.token.' + room;
let ws, nextId = 1, lastVersion = -1, lastActivity = 0;
function line(text, cls) {
  const d = document.createElement('div'); d.textContent = text; if (cls) d.className = cls;
  out.append(d); out.scrollTop = out.scrollHeight;
}
function connect() {
  ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws/' + encodeURIComponent(room));
  ws.onopen = () => ws.send(JSON.stringify({type: 'hello', name: localStorage.getItem('bohnanza.name') || null, token: localStorage.getItem(key) || null}));
  ws.onmessage = (ev) => {
    const m = JSON.parse(ev.data);
    if (m.type === 'welcome') {
      lastVersion = -1;
      if (m.you.token) localStorage.setItem(key, m.you.token);
      if (m.you.seat === null && !m.you.token) { /* spectator */ }
      document.getElementById('who').textContent = (m.you.seat === null ? 'watching as ' : 'seat ' + (m.you.seat + 1) + ': ') + m.you.name;
    } else if (m.type === 'state') {
      if (m.version <= lastVersion) return; lastVersion = m.version;
      const s = document.getElementById('seats'); s.replaceChildren();
      for (const seat of m.room.seats) {
        const span = document.createElement('span');
        span.textContent = '[' + (seat.seat + 1) + ' ' + seat.name + (seat.idle ? ' idle' : '') + (seat.connected ? '' : ' away') + '] ';
        s.append(span);
      }
      document.getElementById('state').textContent = 'version ' + m.version + '\\n' + JSON.stringify(m.view, null, 1);
    } else if (m.type === 'chat') { line(m.name + ': ' + m.text, m.seat === null ? '' : 'me'); }
    else if (m.type === 'log') { for (const e of m.entries) line('* ' + e.text, 'log'); }
    else if (m.type === 'reply') { if (!m.ok) line((m.code || 'error') + ': ' + (m.message || ''), 'err'); else if (m.message) line(m.message); }
    else if (m.type === 'error') { line(m.code + ': ' + m.message, 'err'); if (m.code === 'bad_token') localStorage.removeItem(key); }
  };
  ws.onclose = () => { line('disconnected; reconnecting...', 'err'); setTimeout(connect, 1500); };
}
document.getElementById('f').onsubmit = (e) => {
  e.preventDefault(); const t = document.getElementById('line').value; if (!t) return;
  const m = t.match(/^\\/join\\s+(.+)/); if (m) localStorage.setItem('bohnanza.name', m[1].trim());
  ws.send(JSON.stringify({type: 'say', id: nextId++, text: t})); document.getElementById('line').value = '';
};
for (const ev of ['keydown', 'mousemove', 'click']) document.addEventListener(ev, () => {
  const now = Date.now(); if (ws && ws.readyState === 1 && now - lastActivity > 3000) { lastActivity = now; ws.send('{"type":"activity"}'); }
});
connect();
</script></body></html>
"""


def register(app: FastAPI, settings: Settings) -> None:
    web: Path = settings.web_dir

    def page(name: str, fallback: str) -> Response:
        path = web / name
        if path.is_file():
            return FileResponse(path, media_type="text/html")
        return HTMLResponse(fallback)

    @app.get("/", include_in_schema=False)
    async def lobby() -> Response:
        return page("index.html", LOBBY_HTML)

    @app.get("/r/{room}", include_in_schema=False)
    async def room_page(room: str) -> Response:
        if not valid_room_name(room, settings.room_name_max_len):
            raise HTTPException(404, "A room name is 1-32 letters, digits, '-' or '_'.")
        return page("room.html", ROOM_HTML)

    @app.get("/api/rooms")
    async def rooms(request: Request) -> list[dict[str, Any]]:
        hub: Hub = request.app.state.hub
        return hub.listing()

    @app.get("/api/facts")
    async def game_facts() -> dict[str, Any]:
        return facts()

    @app.get("/protocol.json")
    async def protocol() -> JSONResponse:
        return JSONResponse(protocol_schema())

    if web.is_dir():
        app.mount("/", StaticFiles(directory=web), name="web")
