// Tiny DOM helpers. Every piece of user text goes in through textContent, never as HTML.
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') el.className = v;
      else if (k === 'text') el.textContent = v;
      else if (k === 'style' && typeof v === 'object') {
        for (const [sk, sv] of Object.entries(v)) {
          if (sk.startsWith('--')) el.style.setProperty(sk, sv); else el.style[sk] = sv;
        }
      }
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'dataset') Object.assign(el.dataset, v);
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) { while (el.firstChild) el.removeChild(el.firstChild); return el; }

// Make ``old`` (on the page) show what ``fresh`` (just built, same tag) shows, in place: its
// attributes, and its content when that changed. A control drawn anew for each state is another
// element: a press begun on the one taken away makes no click at its release (the browser
// clicks only where press and release met one element), and the keyboard focus moved to its
// copy is a new focus that a screen reader reads out again. The listeners stay the old
// element's: for a control whose press does the same whatever it shows (the phase button's
// /done). Returns old.
export function patchInPlace(old, fresh) {
  patchAttributes(old, fresh);
  // (its text or icon node is what a pointer pressed: kept when the same)
  if (old.innerHTML !== fresh.innerHTML) old.replaceChildren(...fresh.childNodes);
  return old;
}

// ``old``'s attributes made ``fresh``'s, in place (its children left alone). Returns old.
export function patchAttributes(old, fresh) {
  for (const a of [...old.attributes]) if (!fresh.hasAttribute(a.name)) old.removeAttribute(a.name);
  for (const a of [...fresh.attributes]) if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  return old;
}

// Give ``parent`` the children ``before``, then ``kept`` (already its child, never taken off
// the page), then ``after``: the siblings change around it.
export function around(parent, kept, before, after) {
  for (const c of [...parent.childNodes]) if (c !== kept) c.remove();
  kept.before(...before);
  kept.after(...after);
  return parent;
}
export function $(sel, root = document) { return root.querySelector(sel); }

// Touch screens have no right button: while swapped, a plain click acts as the right button.
const buttons = { swapped: false };
export function setSwapped(v) { buttons.swapped = !!v; }
export function isSwapped() { return buttons.swapped; }

// A contextmenu event that is a finger's long press, not a right button: Android's browsers
// fire one for a finger held still on a card (a PointerEvent of pointerType 'touch'; an older
// Chrome's MouseEvent says so in sourceCapabilities; else a finger still down). It does
// nothing (its menu kept away): a finger resting on the front card before it drags it to a
// field put Chili in the offer's "You get" and unfolded the window under the drag, and one
// resting on its own offer withdrew it (mobile19). A tap, and Reverse taps, are the finger's
// ways; the right button's actions have buttons of their own on a touch screen.
const fingers = new Set();
window.addEventListener('pointerdown', (e) => { if (e.pointerType === 'touch') fingers.add(e.pointerId); }, { capture: true, passive: true });
for (const ev of ['pointerup', 'pointercancel']) {
  window.addEventListener(ev, (e) => { fingers.delete(e.pointerId); }, { capture: true, passive: true });
}
export function longPress(e) {
  if (e.pointerType) return e.pointerType === 'touch';
  return !!(e.sourceCapabilities && e.sourceCapabilities.firesTouchEvents) || fingers.size > 0;
}

// Left and right clicks on one element: handler(button) with button 'left' or 'right'.
// Reachable by keyboard too: the element takes focus (a button to assistive technology);
// Enter or Space is the left button, Shift+Enter, Shift+F10 or the context-menu key the right.
// label: what the element is, for screen readers (default: its title).
export function onLeftRight(el, handler, label) {
  el.addEventListener('click', (e) => { if (el.dataset.dragged) return; handler(buttons.swapped ? 'right' : 'left', e); });
  el.addEventListener('contextmenu', (e) => { e.preventDefault(); if (!longPress(e)) handler('right', e); });
  makeKeyable(el, label);
  el.addEventListener('keydown', (e) => {
    if (e.target !== el) return;
    const right = (e.key === 'Enter' && e.shiftKey) || e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey);
    if (right) { e.preventDefault(); handler('right', e); return; }
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); handler(buttons.swapped ? 'right' : 'left', e); }
  });
}

// An element that acts like a button: focusable, announced as one; its name the label given,
// else a bean card's own words (beans.js data-say), else its title.
export function makeKeyable(el, label) {
  el.tabIndex = 0;
  el.setAttribute('role', 'button');
  const name = label || el.dataset.say || el.getAttribute('title');
  if (name) el.setAttribute('aria-label', name);
}

// Enter or Space on a focusable non-button element runs fn (for plain click handlers).
export function onActivate(el, fn, label) {
  el.addEventListener('click', (e) => { if (el.dataset.dragged) return; fn(e); });
  makeKeyable(el, label);
  el.addEventListener('keydown', (e) => {
    if (e.target !== el) return;
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); fn(e); }
  });
}

// A row of cards the player picks from (the hand, the to-plant row, the face-up cards, the
// fields, the bean list) is one stop of Tab, a toolbar: the arrow keys move along it (Home and
// End to its ends), Tab leaves it (a keyboard player's trial: the way to field 2 or the
// catalogue's Wax was a Tab on every card of a 12-card hand). The card that keeps the row's
// stop is the one last focused there (by its place: data-ref, data-toplant, its field or
// bean), across the redraws of every state; else a chosen one; else the first. name: the
// row's (one per row), label: what a screen reader calls it.
const roved = new Map();
export function roving(row, name, label) {
  const items = [...row.querySelectorAll('.card[role="button"]')];
  row.setAttribute('role', 'toolbar');
  if (label) row.setAttribute('aria-label', label);
  const keyOf = (el) => el.dataset.ref || el.dataset.toplant || el.closest('[data-field]')?.dataset.field ||
    el.closest('[data-bean]')?.dataset.bean || String(items.indexOf(el));
  const last = roved.get(name);
  const stop = items.find((el) => keyOf(el) === last) ||
    items.find((el) => el.getAttribute('aria-pressed') === 'true' || el.classList.contains('selected')) || items[0];
  const take = (el) => { for (const x of items) x.tabIndex = x === el ? 0 : -1; };
  take(stop);
  // a row kept across redraws (#to-plant, #faceup) drops the listeners of its cards before
  const on = {
    focusin: (e) => {
      if (!items.includes(e.target)) return;
      roved.set(name, keyOf(e.target));
      take(e.target);
    },
    keydown: (e) => {
      const i = items.indexOf(e.target);
      if (i < 0 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const to = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: items.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      items[Math.max(0, Math.min(items.length - 1, to))].focus();
    },
  };
  for (const [k, f] of Object.entries(row.roving || {})) row.removeEventListener(k, f);
  row.roving = on;
  for (const [k, f] of Object.entries(on)) row.addEventListener(k, f);
  return row;
}
// another game or room shown (the sample board's show): no row's stop kept from it
export function forgetRoving() { roved.clear(); }

// A touch screen (a coarse pointer): the board's hints speak of taps there, not of clicks.
export function isTouch() { return !!(window.matchMedia && window.matchMedia('(pointer: coarse)').matches); }

// Put text into el with every one of names (seat names) in a span of its own that never
// wraps ("Ann", "さくら"): a Japanese sentence may break between any two characters, a name
// must not (issue 10 k). Returns el.
export function withNames(el, text, names) {
  const list = [...new Set((names || []).filter((n) => n && n.trim()))].sort((a, b) => b.length - a.length);
  if (!list.length) { el.textContent = text; return el; }
  const rx = new RegExp('(' + list.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|') + ')', 'g');
  const parts = String(text).split(rx);
  el.replaceChildren(...parts.map((p, i) => (i % 2 ? h('span', { class: 'nm', text: p }) : document.createTextNode(p))));
  return el;
}

// A name field that holds spaces alone: ``required`` takes it, the name does not (trimmed it
// is empty), so the field says so itself, as for an empty one, until the next keystroke (a new
// user's report: an all-space name did nothing, silently)
export function refuseBlank(input, message) {
  input.setCustomValidity(message);
  input.reportValidity();
  input.addEventListener('input', () => input.setCustomValidity(''), { once: true });
}

// The side columns of a wide screen stand under the top bar and scroll by themselves
// (board.css): ``el`` whole in view inside its column (above the chat's foot: columnBox) by
// scrolling the column alone
// (scrollIntoView would scroll the page too, past the sticky column), its top first when it
// is taller; nothing on a phone, where the columns are the page's.
export const WIDE = window.matchMedia('(min-width: 901px)');
export const COLUMN_PAD = 6;                                 // a side column's padding (board.css)
// What shows of the column ``col`` for ``el`` in it (a DOMRect's top, bottom, left, right):
// the chat stays at the right column's foot (board.css), so what stands before it in the
// column (the catalogue and its tap panel) shows only above the chat's top.
export function columnBox(col, el) {
  const c = col.getBoundingClientRect();
  const chat = col.id === 'right' ? col.querySelector(':scope > .chat-box') : null;
  if (!chat || chat.contains(el) || !(chat.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING)) return c;
  return { top: c.top, left: c.left, right: c.right, bottom: Math.min(c.bottom, chat.getBoundingClientRect().top) };
}
export function showInColumn(el) {
  const col = el.closest('#right, #left');
  if (!col || !WIDE.matches) return;
  const r = el.getBoundingClientRect();
  const c = columnBox(col, el);
  const room = COLUMN_PAD;
  if (r.bottom > c.bottom - room) col.scrollTop += Math.min(r.bottom - c.bottom + room, r.top - c.top - room);
  else if (r.top < c.top + room) col.scrollTop -= c.top + room - r.top;
}

// The Supply & demand box (#signals) stands under the seats on a wide screen and after the
// bean catalogue on a phone (board.css's order): it is moved in the page to where it is seen,
// so Tab and a screen reader's reading go in that order (a keyboard player's trial at 390 px:
// Tab went from the seats down past the bean catalogue to it, then back up to the market).
export function placeSignals() {
  const box = document.getElementById('signals');
  const left = document.getElementById('left');
  const chat = document.querySelector('#right > .chat-box');
  if (!box || !left || !chat) return;
  const had = box.contains(document.activeElement) ? document.activeElement : null;
  if (WIDE.matches) { if (box.parentElement !== left) left.append(box); }
  else if (box.nextElementSibling !== chat) chat.before(box);
  if (had && document.activeElement !== had) had.focus({ preventScroll: true });
}

// On a phone during a deal the deal window, the face-up cards and the hand stand above the
// market (board.css: body.in-deal), but the market came first in the page: Tab and a screen
// reader's reading went through every offer before the cards the deal asks for (a keyboard
// player's trial at 390x844). The market is moved in the page after the deal window while a
// deal shows on a phone, and back before the duel's box (its place in room.html) otherwise.
export function placeMarket(inDeal) {
  const market = document.getElementById('market');
  const deal = document.getElementById('deal-window');
  const home = document.getElementById('duel');
  if (!market || !deal || !home) return;
  const had = market.contains(document.activeElement) ? document.activeElement : null;
  if (inDeal && !WIDE.matches) { if (deal.nextElementSibling !== market) deal.after(market); }
  else if (market.nextElementSibling !== home) home.before(market);
  if (had && document.activeElement !== had) had.focus({ preventScroll: true });
}
