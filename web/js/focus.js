// The keyboard focus across a redraw: a part of the board is built anew on each state (app.js
// part), which takes the focused control away; it comes back to the same control drawn anew.
// Never to another control in its place: the focus's position among its box's controls put
// it on Leave seat after Add bot, on another offer's Accept after Withdraw and on Harvest
// after Plant here, where the next Enter did what nobody asked (a keyboard player's trial).
// A control that is gone leaves the focus on its box (nothing pressed; Tab goes on from
// there), else on the status line, which says what to do now: never on the page's body,
// where the next Tab starts again at the top bar (after Start, Accept, Hand over, End trading).

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex="0"]';

// Shown and usable: a control that is hidden or disabled takes no focus.
function usable(el) {
  return !el.disabled && !el.closest('[hidden], [inert]') && el.getClientRects().length > 0;
}

// What the control is, the same for its copy drawn anew: its id; else the data attributes of
// it and of its ancestors up to its box (an offer's number, a field's, a hand card's place)
// with its tag and its name (Accept and Withdraw of one offer; a hand place that now holds
// another bean is another card; a card given into the offer is the same card).
// A control with an id is that id, with what it does when that changes under the same id (the
// phase button's data-label: End planting drawn anew as End trading is another control; the
// focus kept on it, a second Enter, or a key that bounced, ended the trade before any offer).
function keyOf(el, box) {
  if (el.id) return '#' + el.id + (el.dataset.label ? '|' + el.dataset.label : '');
  const path = [];
  for (let e = el; e && e !== box; e = e.parentElement) {
    // (not what changes with its state: a drag under way, a card's spoken words)
    const data = Object.entries(e.dataset).filter(([k]) => k !== 'dragged' && k !== 'say').map(([k, v]) => `${k}=${v}`);
    if (e === el || data.length) path.push(e.tagName + '[' + data.join(',') + ']');
  }
  // its title first: a card's spoken name says its state too ("Soy, in offer")
  const name = el.getAttribute('title') || el.getAttribute('aria-label') || el.textContent.trim();
  return path.join('<') + '|' + name;
}

// Before a redraw: the focused control, its box (its nearest ancestor with an id) and its key.
export function focusSpot() {
  const el = document.activeElement;
  if (!el || el === document.body || el.closest('dialog')) return null;
  const box = el.parentElement && el.parentElement.closest('[id]');
  if (!box) return null;
  return { el, box: box.id, key: keyOf(el, box) };
}

// Focus ``el`` without a scroll; an element that is no control takes it from the script only
// (tabindex -1: Tab never stops there).
function put(el) {
  if (!el.matches(FOCUSABLE) && !el.hasAttribute('tabindex')) el.tabIndex = -1;
  el.focus({ preventScroll: true });
  return document.activeElement === el;
}

// After a redraw: the focus back where focusSpot saw it (see above).
export function restoreFocus(spot) {
  if (!spot) return;
  // still on it, or put somewhere on purpose by the redraw (a dialog, the name gate): kept
  const now = document.activeElement;
  if (now && now !== document.body) return;
  const box = document.getElementById(spot.box);
  const controls = box ? [...box.querySelectorAll(FOCUSABLE)].filter(usable) : [];
  const byId = spot.el.id ? document.getElementById(spot.el.id) : null;
  const again = controls.find((el) => keyOf(el, box) === spot.key) ||
    (byId && keyOf(byId, box) === spot.key ? byId : null);
  if (again && usable(again) && put(again)) return;
  // (not the phase button's box: it is no more than the button's frame, its ring read as the
  // button's, and it says nothing; the status line says what the new phase asks)
  if (box && box.id !== 'phase' && controls.length && put(box)) return;
  const status = document.getElementById('status');
  if (status) put(status);
}
