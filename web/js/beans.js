// Bean cards: colours and the card element used everywhere on the board.
import { h } from './dom.js';
import { beanName, beanBoth } from './i18n.js';
import { FACTS } from './facts.js';

export const BEAN_ORDER = FACTS.beans.map((b) => b.slug);

const COLOURS = {
  coffee: ['#5b3a1e', '#fff'], wax: ['#e8d36a', '#222'], blue: ['#2f6fd6', '#fff'],
  chili: ['#d8431f', '#fff'], stink: ['#8a7f3c', '#fff'], green: ['#3f9b3a', '#fff'],
  soy: ['#d9b45a', '#222'], blackeyed: ['#f2f0e6', '#111'], red: ['#9c1c2c', '#fff'],
  garden: ['#9fd37b', '#222'], cocoa: ['#3b2314', '#fff'],
};

export function beanColour(slug) { return (COLOURS[slug] || ['#888', '#fff'])[0]; }

// A bean card. opts: {small, count, label, extraClass}
export function beanCard(slug, opts = {}) {
  const [bg, fg] = COLOURS[slug] || ['#888', '#fff'];
  const el = h('div', {
    class: 'card bean-' + slug + (opts.small ? ' small' : '') + (opts.extraClass ? ' ' + opts.extraClass : ''),
    title: beanBoth(slug),
    dataset: { bean: slug },
    style: { '--bean-bg': bg, '--bean-fg': fg },
  });
  el.append(h('span', { class: 'bean-dot' }), h('span', { class: 'bean-name', text: beanName(slug) }));
  if (opts.count !== undefined && opts.count !== null) el.append(h('span', { class: 'count', text: String(opts.count) }));
  if (opts.label) el.append(h('span', { class: 'label', text: opts.label }));
  return el;
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
