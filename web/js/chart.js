// A small SVG line chart of each player's coins over the turns.
import { seatColour } from './store.js';

const NS = 'http://www.w3.org/2000/svg';
function el(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  return e;
}

// history: [[coins per seat after each turn]]; names: seat names.
export function coinsChart(history, names, labels) {
  const W = 480, H = 220, L = 34, R = 10, T = 10, B = 28;
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': labels.title || 'chart' });
  const turns = history.length;
  const maxC = Math.max(1, ...history.flat().map((x) => x || 0));
  // a single turn stands in the middle (a line needs two points; the dots show it)
  const x = (i) => L + (turns <= 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (turns - 1));
  const y = (c) => H - B - (c * (H - T - B)) / maxC;
  svg.append(el('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, class: 'axis' }));
  svg.append(el('line', { x1: L, y1: T, x2: L, y2: H - B, class: 'axis' }));
  const step = Math.max(1, Math.ceil(maxC / 5));
  for (let c = 0; c <= maxC; c += step) {
    const tx = el('text', { x: L - 6, y: y(c) + 4, 'text-anchor': 'end', class: 'tick' });
    tx.textContent = String(c);
    svg.append(tx, el('line', { x1: L, y1: y(c), x2: W - R, y2: y(c), class: 'grid' }));
  }
  const xl = el('text', { x: (W + L) / 2, y: H - 6, 'text-anchor': 'middle', class: 'tick' });
  xl.textContent = turns <= 1 ? `${labels.turn} 1` : `${labels.turn} 1–${turns}`;
  svg.append(xl);
  // the end dots of seats with the same coins stand side by side, leftwards from the turn
  // (trial 5: two dots on one spot showed one seat), each named in its title
  const last = (s) => (history.length ? history[history.length - 1][s] || 0 : 0);
  const beside = new Map();
  const shift = names.map((_, s) => {
    const k = beside.get(last(s)) || 0;
    beside.set(last(s), k + 1);
    return k * 10;
  });
  names.forEach((name, s) => {
    const pts = history.map((row, i) => `${x(i)},${y(row[s] || 0)}`).join(' ');
    const line = el('polyline', { points: pts, fill: 'none', stroke: seatColour(s), 'stroke-width': 2.5, class: 'series' });
    const title = el('title');
    title.textContent = name;
    line.append(title);
    // a dot where each player ended, so a single turn or equal lines still show
    const dot = el('circle', { cx: x(Math.max(0, turns - 1)) - shift[s], cy: y(last(s)), r: 4, fill: seatColour(s),
      stroke: '#fff', 'stroke-width': 1, class: 'series-end', 'data-seat': s });
    const dotTitle = el('title');
    dotTitle.textContent = `${name}: ${last(s)}`;
    dot.append(dotTitle);
    svg.append(line, dot);
  });
  return svg;
}
