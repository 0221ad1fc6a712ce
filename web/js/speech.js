// The speaker toggle: new offers are read aloud with the browser's speech synthesis.
import { S, seatName } from './store.js';
import { t, getLang, beanName } from './i18n.js';
import { sideEntries } from './beans.js';

let seen = null;

// "1 Chili, 2 Red" (紅花インゲン1枚、赤豆2枚, as the market counts cards): one side of an
// offer in words (the speaker, announce.js)
export function sideWords(side) {
  if (side === '?') return t('any_said');   // "?": cards the other picks (a mark read aloud as such)
  const e = sideEntries(side);
  if (!e.length) return t('nothing');
  if (getLang() === 'ja') return e.map(([b, n]) => `${beanName(b)}${n}枚`).join('、');
  return e.map(([b, n]) => `${n} ${beanName(b)}`).join(', ');
}

export function setSpeaker(on) {
  S.speaker = on;
  localStorage.setItem('bohnanza.speaker', on ? '1' : '0');
  if (!on && window.speechSynthesis) window.speechSynthesis.cancel();
}

// Called after every state: speak the offers not seen before (not on the first state).
export function speakNewOffers(view) {
  const offers = (view && view.offers) || [];
  const ids = new Set(offers.map((o) => o.id));
  if (seen === null) { seen = ids; return; }
  const fresh = offers.filter((o) => !seen.has(o.id));
  seen = ids;
  if (!S.speaker || !fresh.length || !window.speechSynthesis) return;
  // another's offers: one's own, just sent, was read back to its maker ("Ann gives 1 Blue as
  // a gift" to Ann, a screen reader pass a11y19)
  const me = view.you ? view.you.seat : null;
  for (const o of fresh.filter((x) => me === null || x.owner !== me)) {
    // a gift (R30) or a request for one reads as such, never "offers nothing for"
    const empty = (side) => side !== '?' && !sideEntries(side).length;
    const key = empty(o.want) ? 'speak_gift' : empty(o.give) ? 'speak_gift_ask' : 'speak_offer';
    const text = t(key, { name: seatName(o.owner), give: sideWords(o.give), want: sideWords(o.want) });
    const u = new SpeechSynthesisUtterance(text);
    u.lang = getLang() === 'ja' ? 'ja-JP' : 'en-US';
    window.speechSynthesis.speak(u);
  }
}
