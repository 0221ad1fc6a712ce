// What a screen reader says by itself, besides the status line (whose turn, what to do now)
// and the news at the top (what a harvest earned, the cards drawn): a line of its own (#said,
// a polite live region read by nobody else) for what else concerns this person, an offer
// they may newly accept, a deal done, a chat line (not the old ones a connection sends again)
// and the answer to a command. The game log is no live region: every bot's plant,
// offer and withdrawal was read out, each harvest twice (with its news), the whole log again
// after a reconnect, and a bot's wait counted down each second (a screen reader player's trial).
import { S, seatName } from './store.js';
import { t } from './i18n.js';
import { sideWords } from './speech.js';
import { logText } from './logtext.js';

const KEEP = 3;                 // lines kept in the region (a new line is what is read)
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
  if (!before) return;
  for (const o of (view.offers || []).filter((x) => now.has(x.id) && !before.has(x.id))) {
    // accepted, the viewer gives what the offer asks and gets what it gives
    announce(t('said_offer', { n: o.id, name: seatName(o.owner), give: sideWords(o.want), get: sideWords(o.give) }));
  }
}

// The log's new lines (not a replay): a deal done, in the log's own words.
export function announceLog(entries) {
  for (const e of entries) if (e.kind === 'deal_done') announce(logText(e));
}

// the board shows a state of another game or room (the sample board's show): nothing said
// of the one before
export function forgetOffers() {
  acceptable = null;
  document.getElementById('said')?.replaceChildren();
}
