// Drag and drop with pointer events (mouse and touch alike).
// A draggable element carries a payload; a drop target has el._drop = {accepts(p), hint(p), drop(p, el)}.
// A press that moves less than a few pixels stays a click.
import { S } from './store.js';

let drag = null;

export function makeDraggable(el, payloadFn) {
  el.classList.add('draggable');
  el.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    // a text selection over the card would turn this press into the browser's own drag of
    // that text (which cancels ours): pressing a card drops the selection
    window.getSelection?.()?.removeAllRanges();
    drag = { el, payloadFn, x: e.clientX, y: e.clientY, started: false, pointerId: e.pointerId };
  });
}

export function makeDropTarget(el, spec) {
  el._drop = spec;
  el.dataset.drop = '1';
}

function start(e) {
  drag.started = true;
  drag.payload = drag.payloadFn();
  S.dragging = drag.payload;
  const ghost = drag.el.cloneNode(true);
  ghost.classList.add('drag-ghost');
  ghost.removeAttribute('data-drop');
  for (const x of ghost.querySelectorAll('[data-drop]')) x.removeAttribute('data-drop');
  ghost.style.width = drag.el.offsetWidth + 'px';
  document.body.append(ghost);
  drag.ghost = ghost;
  drag.el.classList.add('drag-source');
  document.body.classList.add('is-dragging');
  for (const t of document.querySelectorAll('[data-drop]')) {
    if (!t._drop || !t._drop.accepts(drag.payload)) continue;
    t.classList.add('drop-target');
    if (t._drop.hint?.(drag.payload)) t.classList.add('drop-hint');
  }
  move(e);
}

function move(e) {
  drag.lastX = e.clientX;
  drag.lastY = e.clientY;
  if (!drag.scrolling) drag.scrolling = requestAnimationFrame(edgeScroll);
  drag.ghost.style.left = e.clientX - drag.ghost.offsetWidth / 2 + 'px';
  drag.ghost.style.top = e.clientY - drag.ghost.offsetHeight / 2 + 'px';
  const over = targetAt(e.clientX, e.clientY);
  for (const t of document.querySelectorAll('.drop-over')) if (t !== over) t.classList.remove('drop-over');
  if (over) over.classList.add('drop-over');
}

// A card held near the top or the bottom of the window scrolls the page, faster the nearer
// the edge (the sticky top bar's lower edge counts as the top): on a phone the to-plant row
// or the hand and the fields stand more than a screen apart, and a finger that holds a card
// cannot scroll the page itself (user13's trial: a card could not reach a field below).
const EDGE = 56;   // px from the edge where the page starts to scroll
function edgeSpeed(y) {
  const bar = document.getElementById('topbar');
  const top = bar && getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().bottom : 0;
  const bottom = window.innerHeight;
  if (y > bottom - EDGE) return Math.ceil((Math.min(y, bottom) - (bottom - EDGE)) / 4) + 2;
  if (y < top + EDGE) return -(Math.ceil((top + EDGE - Math.max(y, top)) / 4) + 2);
  return 0;
}

function edgeScroll() {
  if (!drag || !drag.started) return;
  drag.scrolling = 0;
  const dy = edgeSpeed(drag.lastY);
  if (!dy) return;
  const before = window.scrollY;
  window.scrollBy(0, dy);
  if (window.scrollY === before) return;   // the page's end: nothing more to scroll
  move({ clientX: drag.lastX, clientY: drag.lastY });   // what lies under the card now
}

function targetAt(x, y) {
  if (drag.ghost) drag.ghost.style.display = 'none';
  const under = document.elementFromPoint(x, y);
  if (drag.ghost) drag.ghost.style.display = '';
  let t = under && under.closest('[data-drop]');
  while (t && !(t._drop && t._drop.accepts(drag.payload))) t = t.parentElement && t.parentElement.closest('[data-drop]');
  return t;
}

function finish(e, cancelled) {
  const d = drag;
  drag = null;
  if (!d || !d.started) return;
  if (d.scrolling) cancelAnimationFrame(d.scrolling);
  const target = cancelled ? null : (drag = d, targetAt(e.clientX, e.clientY));
  drag = null;
  d.ghost.remove();
  d.el.classList.remove('drag-source');
  document.body.classList.remove('is-dragging');
  for (const t of document.querySelectorAll('.drop-target,.drop-hint,.drop-over')) {
    t.classList.remove('drop-target', 'drop-hint', 'drop-over');
  }
  S.dragging = null;
  // suppress the click that follows a drag
  d.el.dataset.dragged = '1';
  setTimeout(() => { delete d.el.dataset.dragged; }, 0);
  if (target) target._drop.drop(d.payload, target);
}

window.addEventListener('pointermove', (e) => {
  if (!drag || e.pointerId !== drag.pointerId) return;
  if (!drag.started) {
    if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 6) return;
    start(e);
  } else move(e);
  e.preventDefault();
}, { passive: false });
window.addEventListener('pointerup', (e) => { if (drag && e.pointerId === drag.pointerId) finish(e, false); });
window.addEventListener('pointercancel', (e) => { if (drag && e.pointerId === drag.pointerId) finish(e, true); });
// no native drag (of a text selection or a card) competes with ours; a drag of selected text
// starts on a Text node (no closest()), so look from its parent element
function elementOf(node) { return node && node.nodeType === 1 ? node : node && node.parentElement; }
window.addEventListener('dragstart', (e) => {
  const el = elementOf(e.target);
  if (drag || (el && el.closest('.draggable'))) e.preventDefault();
});
// nor a text selection while a card is dragged
window.addEventListener('selectstart', (e) => { if (drag) e.preventDefault(); });
