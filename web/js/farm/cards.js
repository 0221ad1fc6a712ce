// A farm seed card drawn with inline SVG (no emoji font here): a card is "L2 root shape+2"
// (level, category, bonus attribute and bonus; docs/farm.md D1). Its colour is its category,
// its symbol its attribute; the back shows what the parameter set lets it show ("?", "L2").
import { h } from '../dom.js';
import { ft, term } from './words.js';

const NS = 'http://www.w3.org/2000/svg';

// attribute -> symbol markup (viewBox 24, currentColor)
const SYMBOLS = {
  shape: '<path d="M12 3l9 16H3z" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linejoin="round"/>',
  color: '<circle cx="8" cy="9" r="4.5" fill="#e53935"/><circle cx="16" cy="9" r="4.5" fill="#fdd835"/><circle cx="12" cy="16" r="4.5" fill="#1e88e5"/>',
  size: '<path d="M4 20L20 4M4 20v-7M4 20h7M20 4v7M20 4h-7" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>',
  weight: '<path d="M7 9h10l3 12H4z" fill="currentColor"/><circle cx="12" cy="6" r="3" fill="none" stroke="currentColor" stroke-width="2"/>',
  nutrition: '<path d="M12 3c4 5 7 9 7 12a7 7 0 0 1-14 0c0-3 3-7 7-12z" fill="currentColor"/><path d="M12 11v7M8.5 14.5h7" stroke="#fff" stroke-width="2" stroke-linecap="round"/>',
  flavor: '<path d="M5 10h14a7 7 0 0 1-14 0z" fill="currentColor"/><path d="M9 7c0-2 2-2 2-4M14 7c0-2 2-2 2-4" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>',
  texture: '<path d="M4 4h16v16H4z" fill="none" stroke="currentColor" stroke-width="2"/><path d="M4 9.3h16M4 14.6h16M9.3 4v16M14.6 4v16" stroke="currentColor" stroke-width="1.4"/>',
  aroma: '<path d="M6 20c-3-4 3-6 0-10s3-6 0-8M12 20c-3-4 3-6 0-10s3-6 0-8M18 20c-3-4 3-6 0-10s3-6 0-8" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
};
const FALLBACK = '<circle cx="12" cy="12" r="7" fill="currentColor"/>';

export function symbol(attr, title) {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'farm-sym');
  svg.innerHTML = SYMBOLS[attr] || FALLBACK;   // our own fixed markup, never user text
  if (title) {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', title);
  } else svg.setAttribute('aria-hidden', 'true');
  return svg;
}

// "L2 root shape+2" -> {level: 2, category: 'root', attribute: 'shape', bonus: 2}; null for a back
export function parseCard(name) {
  const m = /^L(\d+) (\S+) ([a-z_]+)\+(\d+)$/.exec(name || '');
  return m ? { level: +m[1], category: m[2], attribute: m[3], bonus: +m[4] } : null;
}

// A card's face in the reader's words ("L2 root shape+2", "L2 根菜 形状+2"); a back as it is
export function cardLabel(params, name) {
  const c = parseCard(name);
  return c ? `L${c.level} ${term(params, c.category)} ${term(params, c.attribute)}+${c.bonus}` : name;
}

// One card: a button when onClick is given (the hand), else a figure.
export function cardEl(params, name, opts = {}) {
  const c = parseCard(name);
  const tag = opts.onClick ? 'button' : 'div';
  if (!c) {   // a face-down card: its back (maybe its level / category, info.card_back_shows)
    const back = h(tag, { class: 'farm-card back' + (opts.small ? ' small' : ''), title: name === '?' ? '' : name },
      h('span', { class: 'back-mark', text: name === '?' ? '' : name }));
    back.setAttribute('aria-label', name === '?' ? ft('face_down') : ft('face_down_named', { name }));
    // a figure names itself as an image: a plain div's aria-label is read by nobody (axe:
    // aria-prohibited-attr on the contest slots' backs), so a face-down card said nothing
    if (tag === 'div') back.setAttribute('role', 'img');
    return back;
  }
  const cat = term(params, c.category);
  const attr = term(params, c.attribute);
  const label = cardLabel(params, name);
  const el = h(tag, {
    class: `farm-card cat-${c.category}` + (opts.small ? ' small' : '') + (opts.selected ? ' selected' : ''),
    title: label, 'aria-label': label, 'aria-pressed': opts.onClick ? (opts.selected ? 'true' : 'false') : null,
    role: opts.onClick ? null : 'img',     // (a figure: see the back's above)
    type: opts.onClick ? 'button' : null,
    dataset: opts.index !== undefined ? { card: name, index: String(opts.index) } : { card: name },
  },
  h('span', { class: 'lvl', text: 'L' + c.level }),
  h('span', { class: 'sym' }, symbol(c.attribute)),
  h('span', { class: 'bonus', text: '+' + c.bonus }),
  h('span', { class: 'nm', text: `${cat} · ${attr}` }));
  if (opts.onClick) el.addEventListener('click', () => opts.onClick(el));
  return el;
}
