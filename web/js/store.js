// The page's state: the last server state, the local offer draft, deal selection, UI toggles.

export const S = {
  room: '',
  version: -1,
  view: null,          // game.view(seat) or null
  roomInfo: null,      // State.room: {name, seats:[{seat,name,connected,idle,vacant,bot,policy,away_since,can_hand_over}], options, running, over, ...}
  you: null,           // welcome.you {name, seat, token}
  welcomed: null,      // a welcome's you while a room is held: S.you from the state after it
  draft: { give: {}, want: {} },   // offer window; a side is a map bean->n or '?'
  draftPicks: [],                  // the hand cards (1-based) clicked into "You give", in order
  dealSel: [],         // [{zone:'h'|'u', index, bean}] cards picked for the pending deal
  dealKey: null,
  dealAutoSent: null,  // the deal (offer and cards) whose cards went without a choice (deal.js)
  dealAutoFailed: null,
  plantBean: null,     // selected to-plant bean (phase 3)
  speaker: localStorage.getItem('bohnanza.speaker') === '1',
  sound: localStorage.getItem('bohnanza.sound') === '1',   // a short sound on my turn (off by default)
  offerOpen: false,    // the offer window unfolded while empty
  offerNews: [],       // [{id, key}] offers that left the market lately (from the log)
  gotNews: [],         // [{side, from}] what my deals of this turn gave me (the log's deal_done)
  offersSeen: null,    // Map id -> {owner, partners}: the offers shown (market.js rememberOffers)
  armed: null,         // 'have' | 'want': the next card pressed gets this marker
  armedBy: null,       // how that arrow was pressed: 'key' | 'pointer' (its hint's words)
  tapBean: null,       // the catalogue bean whose beanometer panel is open (touch)
  pickedOffer: null,   // the offer a finger's tap picked in the market: its Accept shown, focused (touch)
  catTipOff: null,     // the catalogue bean clicked: its hover tip waits for the pointer to leave
  connected: null,    // the socket open (true) or not (false); null: none yet (the sample board has none)
  askName: false,      // the name gate is open: the page waits for a name, not for the server
  noName: false,       // watching without a name (Just watch at an empty gate), under the
                       // guest name the server gave; sitting asks for a name first
  helloName: null,     // the name the connection's hello asked for (null: none)
  gateError: null,     // a name refused (hello's, or the gate's /join), said in the name gate:
                       // {code, message, name} (name: the one typed, kept in the field)
  nameRefused: false,  // the name said in hello was refused (name_taken, bad_name): we watch
                       // under a guest name we did not choose; sitting asks for a name first
  botPolicy: null,     // the policy the Add bot button seats (null: the picker's first, RoomInfo.bot_picker)
};

const hooks = { act: null, render: null, askName: null, redraw: null };
export function setHooks(h) { Object.assign(hooks, h); }

// Open the name gate on the page's connection (a name refused: pick another to sit under).
export function askName() { hooks.askName?.(); }

// Send command text as the chat would; anchor is the element the person acted on (for errors).
export function act(text, anchor) { return hooks.act(text, anchor); }
export function rerender() { hooks.render?.(); }
// Draw one part of the board again though the state it shows is the same (app.js draws a
// part only when its inputs change): a control the server refused shows the room's value.
export function redraw(part) { hooks.redraw?.(part); }

// An option's control sends its command; when the server refuses it (a spectator while a
// person sits, a game begun meanwhile) the controls show the room's options again, not the
// value picked (a new user's report: "Amigo" shown while the room stayed Classic). The room
// did not change, so the setup is drawn again by name: a plain render draws a part only when
// what it shows changed, and the picker read "Amigo" until some later state changed the room
// (in a quiet room, for good).
export function setOption(text, el) {
  return act(text, el).then((res) => { if (!res.ok) redraw('setup'); });
}

export function mySeat() {
  const v = S.view;
  if (v && v.you && typeof v.you.seat === 'number') return v.you.seat;
  return S.you && typeof S.you.seat === 'number' ? S.you.seat : null;
}

export function seatName(i) {
  const v = S.view;
  if (v && v.seats && v.seats[i]) return v.seats[i].name;
  const s = S.roomInfo?.seats?.find((x) => x.seat === i);
  return s ? s.name : `P${i}`;
}

// Every seat's name (the game's, else the room's): for withNames (dom.js).
export function seatNames() {
  const v = S.view;
  if (v && v.seats) return v.seats.map((s) => s.name);
  return (S.roomInfo?.seats || []).map((s) => s.name);
}

const PALETTE = ['#e53935', '#1e88e5', '#43a047', '#fdd835', '#8e24aa', '#fb8c00', '#00acc1'];
export function seatColour(i) { return PALETTE[i % PALETTE.length]; }
// the same colours dark enough for text on white (WCAG AA)
const INK = ['#c62828', '#1565c0', '#2e7d32', '#7a5f00', '#6a1b9a', '#a84300', '#00695c'];
export function seatInk(i) { return INK[i % INK.length]; }
