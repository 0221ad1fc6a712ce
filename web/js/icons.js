// Interface icons drawn as inline SVG (no emoji: they render as empty boxes without an emoji
// font). icon(name, {title}) gives an <svg> sized 1em that takes the text colour; with a title
// it is announced (role img), without one it is decoration (aria-hidden).
const NS = 'http://www.w3.org/2000/svg';

// name -> [viewBox size, markup using currentColor]
const ICONS = {
  coin: [24, '<circle cx="12" cy="12" r="10" fill="#f2c230" stroke="#8a6a00" stroke-width="2"/>' +
    '<circle cx="12" cy="12" r="6" fill="none" stroke="#8a6a00" stroke-width="1.6"/>' +
    '<path d="M10 9.5c0-1 1-1.6 2-1.6s2 .6 2 1.6M12 8v8" stroke="#8a6a00" stroke-width="1.6" fill="none" stroke-linecap="round"/>'],
  bot: [24, '<rect x="4" y="7" width="16" height="12" rx="3" fill="currentColor"/>' +
    '<path d="M12 3v4" stroke="currentColor" stroke-width="2" stroke-linecap="round"/><circle cx="12" cy="3" r="1.6" fill="currentColor"/>' +
    '<circle cx="9" cy="12" r="1.8" fill="#fff"/><circle cx="15" cy="12" r="1.8" fill="#fff"/>' +
    '<path d="M9 16h6" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/>' +
    '<path d="M2 11v4M22 11v4" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'],
  pass: [24, '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2.6"/>' +
    '<path d="M6 18L18 6" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/>'],
  speaker: [24, '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>' +
    '<path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'],
  speaker_off: [24, '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>' +
    '<path d="M16 9l6 6M22 9l-6 6" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'],
  bell: [24, '<path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6z" fill="currentColor"/>' +
    '<path d="M10 19a2 2 0 0 0 4 0" fill="currentColor"/>'],
  bell_off: [24, '<path d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6z" fill="currentColor" opacity=".45"/>' +
    '<path d="M4 4l16 16" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>'],
  trophy: [24, '<path d="M7 3h10v5a5 5 0 0 1-10 0z" fill="#f2c230" stroke="#8a6a00" stroke-width="1.4"/>' +
    '<path d="M7 5H3.5a3.5 3.5 0 0 0 4 4M17 5h3.5a3.5 3.5 0 0 1-4 4" fill="none" stroke="#8a6a00" stroke-width="1.6"/>' +
    '<path d="M12 13v4M8 21h8l-1-4H9z" fill="#f2c230" stroke="#8a6a00" stroke-width="1.4"/>'],
  lock: [24, '<rect x="5" y="10" width="14" height="11" rx="2" fill="currentColor"/>' +
    '<path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" stroke-width="2.2"/>'],
  active: [24, '<path d="M7 4l13 8-13 8z" fill="currentColor"/>'],
  check: [24, '<path d="M4 12.5l5 5L20 6.5" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>'],
  close: [24, '<path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.8" stroke-linecap="round"/>'],
  up: [24, '<path d="M12 4l9 14H3z" fill="currentColor"/>'],
  down: [24, '<path d="M12 20L3 6h18z" fill="currentColor"/>'],
  swap: [24, '<path d="M4 8h14l-4-4M20 16H6l4 4" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>'],
  again: [24, '<path d="M19 12a7 7 0 1 1-2.05-4.95M19 4v4h-4" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>'],
  send: [24, '<path d="M4 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>'],
  plant: [24, '<path d="M12 4v14M6 12l6 6 6-6" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>'],
  idle: [24, '<path d="M4 6h7l-7 8h7M13 12h6l-6 7h6" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>'],
  clock: [24, '<circle cx="12" cy="13" r="8.5" fill="none" stroke="currentColor" stroke-width="2.2"/>' +
    '<path d="M12 8.5V13l3 2M9.5 2.5h5" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/>'],
  hourglass: [24, '<path d="M6 3h12M6 21h12M7 3c0 5 10 6 10 9s-10 4-10 9M17 3c0 5-10 6-10 9s10 4 10 9" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>'],
  trash: [24, '<path d="M4 6h16M9 6V4h6v2" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>' +
    '<path d="M6 6l1 14h10l1-14z" fill="currentColor"/><path d="M10 10v7M14 10v7" stroke="#fff" stroke-width="1.6" stroke-linecap="round"/>'],
  info: [24, '<circle cx="12" cy="12" r="10" fill="currentColor"/><path d="M12 11v6" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/><circle cx="12" cy="7.5" r="1.5" fill="#fff"/>'],
};

export function icon(name, opts = {}) {
  const [size, markup] = ICONS[name] || ICONS.info;
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('class', 'icon icon-' + name + (opts.class ? ' ' + opts.class : ''));
  svg.setAttribute('focusable', 'false');
  svg.innerHTML = markup; // fixed markup from this file, never user text
  if (opts.title) {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', opts.title);
    const title = document.createElementNS(NS, 'title');
    title.textContent = opts.title;
    svg.prepend(title);
  } else svg.setAttribute('aria-hidden', 'true');
  return svg;
}

export const ICON_NAMES = Object.keys(ICONS);
