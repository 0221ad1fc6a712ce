// What a screen reader says by itself: the status line (whose turn, what to do now: its own
// quiet copy in #status-said, below), the news at the top (what a harvest earned, the cards drawn): a line of its own (#said,
// a polite live region read by nobody else) for what else concerns this person, an offer
// they may newly accept, a deal done, a chat line (not the old ones a connection sends again)
// and the answer to a command. The game log is no live region: every bot's plant,
// offer and withdrawal was read out, each harvest twice (with its news), the whole log again
// after a reconnect, and a bot's wait counted down each second (a screen reader player's trial).
import { S, seatName } from './store.js';
import { t } from './i18n.js';
import { sideWords } from './speech.js';
import { logText } from './logtext.js';

// lines kept in the region; a new line is what is read: the region says aria-atomic="false"
// (room.html), since a role=status region is atomic by itself and was read whole, the two
// lines before each new one again (a keyboard player's trial: three offers in a row, six
// lines heard)
const KEEP = 3;
let acceptable = null;          // the offers this seat could accept at the last view

export function announce(text) {
  const box = document.getElementById('said');
  if (!box || !text) return;
  const line = document.createElement('div');
  line.textContent = text;
  box.append(line);
  while (box.childNodes.length > KEEP) box.removeChild(box.firstChild);
}

// After each state: the offers this seat may accept that it could not before (the view's
// can_accept: R28, R29), each as "Offer #3 from Bob: you give 1 Chili, you get 1 Red"; none
// on the first view (a page opened or reloaded says what the status line says).
export function announceOffers(view) {
  const y = view && view.you;
  const now = new Set((y && y.can_accept) || []);
  const before = acceptable;
  acceptable = y ? now : null;
  // no game view (the finished game put away as the table changed: newuser17, it threw)
  if (!before || !y) return;
  for (const o of (view.offers || []).filter((x) => now.has(x.id) && !before.has(x.id))) {
    // accepted, the viewer gives what the offer asks and gets what it gives
    announce(t('said_offer', { n: o.id, name: seatName(o.owner), give: sideWords(o.want), get: sideWords(o.give) }));
  }
}

// The log's new lines (not a replay): a deal done, in the log's own words.
export function announceLog(entries) {
  for (const e of entries) if (e.kind === 'deal_done') announce(logText(e));
}

// The status line as a screen reader hears it (#status-said, a polite live region; the line
// on the screen, #status, is no live region). The screen's line follows every state; said
// each time, it was read 4-5 times in each bot's turn ("Bot 1 is planting.", "Bot 1 may plant
// a second card.", "Bot 1 is trading...", "Bot 1 and Bot 2 are making a deal", "Bot 1 is
// trading..." again), a flood under which nobody heard their own turn come (a screen reader
// player's trial). So a line is said only when it differs from the last one said; a line
// that asks this person to act (tone act or over, or their own turn) at once; any other
// (another seat's play) once it has stood for SETTLE_MS, or at the latest MAX_MS after the
// first of a run of changes, the newest one then (never one the table has already left).
// A line that asks this person to act is said again in the same words when the screen showed
// another line since (their next turn, "Your turn: plant Chili" again: the other seats' lines
// had passed unsaid, faster than SETTLE_MS, and the turn that came was never said).
const SETTLE_MS = 1200;
const MAX_MS = 4000;
let spoken = null;              // the status text last said
let left = false;               // the screen showed another line since it was said
let pending = null;             // {text, since, timer}: a line waiting to settle

function sayStatus(text, again = false) {
  if (pending) { clearTimeout(pending.timer); pending = null; }
  if (text === spoken && !again) return;
  spoken = text;
  left = false;
  const box = document.getElementById('status-said');
  if (box) box.replaceChildren(document.createTextNode(text));
}

export function announceStatus(text, urgent) {
  if (urgent) { sayStatus(text, left); return; }
  if (text === spoken) { left = false; sayStatus(text); return; }   // back before it was said
  left = true;
  const since = pending ? pending.since : Date.now();
  if (pending) clearTimeout(pending.timer);
  const wait = Math.max(0, Math.min(SETTLE_MS, since + MAX_MS - Date.now()));
  pending = { text, since, timer: setTimeout(() => sayStatus(text), wait) };
}

// the board shows a state of another game or room (the sample board's show): nothing said
// of the one before
export function forgetOffers() {
  acceptable = null;
  document.getElementById('said')?.replaceChildren();
  if (pending) { clearTimeout(pending.timer); pending = null; }
  spoken = null;
  left = false;
  document.getElementById('status-said')?.replaceChildren();
}
