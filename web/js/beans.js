// Bean cards: colours and the card element used everywhere on the board.
import { h } from './dom.js';
import { beanName, t, getLang } from './i18n.js';
import { FACTS } from './facts.js';

export const BEAN_ORDER = FACTS.beans.map((b) => b.slug);

const COLOURS = {
  coffee: ['#5b3a1e', '#fff'], wax: ['#e8d36a', '#222'], blue: ['#2f6fd6', '#fff'],
  chili: ['#d8431f', '#fff'], stink: ['#8a7f3c', '#fff'], green: ['#3f9b3a', '#fff'],
  soy: ['#d9b45a', '#222'], blackeyed: ['#f2f0e6', '#111'], red: ['#9c1c2c', '#fff'],
  garden: ['#9fd37b', '#222'], cocoa: ['#3b2314', '#fff'],
};

export function beanColour(slug) { return (COLOURS[slug] || ['#888', '#fff'])[0]; }

// A bean card: the bean's drawn face (web/img/beans/SLUG.svg: a colour, a face and a symbol
// of its own, so colour is never the only cue), its name on top, the count badge at the bottom
// (never over the name) and an optional label tab above the card (next, h2, u1).
// opts: {small, tiny, count, label, extraClass}
export function beanCard(slug, opts = {}) {
  const [bg, fg] = COLOURS[slug] || ['#888', '#fff'];
  const size = opts.tiny ? ' tiny' : (opts.small ? ' small' : '');
  const el = h('div', {
    class: 'card bean-' + slug + size + (opts.extraClass ? ' ' + opts.extraClass : ''),
    title: beanName(slug),
    dataset: { bean: slug },
    style: { '--bean-bg': bg, '--bean-fg': fg },
  });
  if (!opts.tiny) {
    const name = beanName(slug);
    // a name without spaces (Japanese) stays on one line, sized to the card (board.css)
    // small cards only: a long Japanese name may break at its part there (two lines)
    const parts = opts.small ? nameParts(name) : [name];
    // the longest piece that may not break: a word ("Black-", "eyed") or a part (インゲン)
    const pieces = /\s|-/.test(name) ? name.split(/(?<=[\s-])/) : parts.filter((p) => typeof p === 'string');
    const longest = Math.max(...pieces.map((p) => [...p.trim()].length));
    el.append(h('span', { class: 'bean-name' + (/\s|-/.test(name) ? '' : ' one-line'),
      style: { '--chars': String([...name].length), '--part-chars': String(longest) } }, ...parts));
  }
  el.append(h('img', { class: 'bean-art', src: `/img/beans/${slug}.svg`, alt: '', draggable: 'false' }));
  if (opts.count !== undefined && opts.count !== null) el.append(h('span', { class: 'count', text: String(opts.count) }));
  if (opts.label) el.append(h('span', { class: 'label', text: opts.label }));
  // what a screen reader says of the card once it is a control (dom.js makeKeyable): its
  // count and its tab too ("2 × Blue", "Chili, next", "Red, face-up 1"); its name alone
  // left a field's count, the front card and a face-up card's place unsaid
  const count = opts.count !== undefined && opts.count !== null ? `${opts.count} × ` : '';
  el.dataset.say = count + beanName(slug) + (opts.label ? t('list_sep') + opts.label : '');
  return el;
}

// A name without spaces in parts with a break chance (<wbr>) between them: where the script
// changes (紅花|インゲン, コーヒー|豆), else a long one in the middle (ゴガツ|ササゲ). One
// line wherever it fits; a phone's small field cards break it there into two legible lines
// (trial 4: the Garden name at 5 px lost its dakuten).
const SCRIPT = [[/\p{Script=Han}/u, 'han'], [/\p{Script=Hiragana}/u, 'hira'], [/[\p{Script=Katakana}ー]/u, 'kata']];
function scriptOf(ch) { const m = SCRIPT.find(([re]) => re.test(ch)); return m ? m[1] : 'other'; }
function nameParts(name) {
  const chars = [...name];
  if (/\s|-/.test(name) || chars.length < 5 || chars.every((c) => scriptOf(c) === 'other')) return [name];
  const cuts = [];
  for (let i = 1; i < chars.length; i++) if (scriptOf(chars[i]) !== scriptOf(chars[i - 1])) cuts.push(i);
  if (!cuts.length && chars.length >= 6) cuts.push(Math.floor(chars.length / 2));
  const out = [];
  let at = 0;
  for (const c of cuts) { out.push(chars.slice(at, c).join(''), h('wbr')); at = c; }
  out.push(chars.slice(at).join(''));
  return out;
}

// A card's tab above it ("face-up 2") is wider than a small card: in a row of cards the card
// after a tabbed one, tabbed too, moves right until the two tabs no longer overlap (user13's trial: an offer of
// face-up 2 and face-up 1 read "face-up face-up 1", the first tab's place under the second).
// Measured once the row is on the page; a card on the next line of a wrapped row stays.
export function spaceTabs(root) {
  for (const card of root.querySelectorAll('.card.from-face-up')) {
    const tab = card.querySelector(':scope > .label');
    const nextTab = card.nextElementSibling?.querySelector(':scope > .label');
    if (!tab || !nextTab || !card.offsetWidth) continue;
    const a = tab.getBoundingClientRect();
    const b = nextTab.getBoundingClientRect();
    if (b.bottom <= a.top || b.top >= a.bottom) continue;   // the next card on the next line
    const over = a.right + 3 - b.left;
    if (over > 0) card.style.marginRight = `${over}px`;
  }
}

// The beanometer as a strip, as on the real cards: for 1, 2, 3, 4 coins (gold discs) the
// cards a harvest needs ("—": no such tier). A screen reader hears the tiers themselves ("4
// cards: 1 coin, 6 cards: 2 coins, ..."): an image's content is not read, and its name alone,
// "cards for 1 / 2 / 3 / 4 coins", left out every number the strip shows (a screen reader
// pass, a11y19), the catalogue's tooltip (the card's description) too.
export function meterWords(meter) {
  const tiers = [];
  meter.forEach((m, k) => {
    if (m === null || m === undefined) return;
    tiers.push(t(k === 0 ? 'meter_tier_1' : 'meter_tier', { n: m, c: k + 1 }));
  });
  return t('meter_said', { tiers: tiers.join(getLang() === 'ja' ? '、' : ', ') });
}

export function meterRow(meter) {
  const row = h('div', { class: 'meter-strip', role: 'img', 'aria-label': meterWords(meter) });
  meter.forEach((m, k) => {
    const none = m === null || m === undefined;
    row.append(h('span', { class: 'tier' + (none ? ' none' : '') },
      h('span', { class: 'coin-disc', text: String(k + 1) }),
      h('b', { text: none ? '—' : String(m) })));
  });
  return row;
}

// Order the beans of a side map for display and for command text.
export function sideEntries(side) {
  if (!side || side === '?') return [];
  return Object.entries(side).filter(([, n]) => n > 0)
    .sort((a, b) => BEAN_ORDER.indexOf(a[0]) - BEAN_ORDER.indexOf(b[0]));
}

// Command text of one side: "nothing", "?", or "2 blue, red".
export function sideText(side) {
  if (side === '?') return '?';
  const e = sideEntries(side);
  if (!e.length) return 'nothing';
  return e.map(([b, n]) => (n === 1 ? b : `${n} ${b}`)).join(', ');
}
