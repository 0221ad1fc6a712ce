// The offer window: build an offer by clicking cards, '?', clear, send (/offer GIVE for WANT).
import { h, clear, onLeftRight, isSwapped, setSwapped, isTouch, withNames } from './dom.js';
import { t } from './i18n.js';
import { icon } from './icons.js';
import { beanCard, sideEntries, sideText } from './beans.js';
import { S, act, rerender, seatNames } from './store.js';
import { refLabel } from './deal.js';

function bump(sideName, bean, delta) {
  let side = S.draft[sideName];
  if (side === '?') side = {};
  side = { ...side };
  const n = (side[bean] || 0) + delta;
  if (n > 0) side[bean] = n; else delete side[bean];
  S.draft[sideName] = side;
}

// A click on a card anywhere on the board while building an offer.
// During a deal the cards go to the deal window instead (see deal.js).
// With a supply/demand arrow pressed (S.armed), the card gets the marker instead.
export function draftClick(sideName, bean, anchor) {
  if (S.armed) {
    const which = S.armed;
    S.armed = null;
    rerender();
    act(`/${which} ${bean}`, anchor);
    return;
  }
  // no offers here (the bean duel, rules.md §3a: no trading; a watcher; the game over: the
  // engine's can_offer): a click builds no draft nobody can see or send (user10's trial: in a
  // duel a click on a hand card marked it "in offer", with no offer window anywhere)
  if (!S.view?.you?.can_offer) return;
  bump(sideName, bean, 1);
  rerender();
}

// What a click does for this person (market.js): only the active player gives face-up cards
// (R29); for anyone else both buttons put a face-up card under "You get". On a touch screen
// in taps: there is no right button (the catalogue's tap panel has Want +1).
function helpText() {
  const v = S.view;
  const touch = isTouch() ? '_touch' : '';
  if (!v || !v.you || v.you.seat === v.active) return t('offer_help' + touch);
  return t('offer_help' + touch + '_other', { name: v.seats[v.active]?.name ?? `P${v.active}` });
}

// What the send button sends (trial 4 item 6: "Send offer" with nothing under "You get" read
// as a deal until it was in the market): a gift when one side is empty (R30), else an offer.
export function sendLabel() {
  const empty = (side) => side !== '?' && !sideEntries(side).length;
  if (empty(S.draft.want) && !empty(S.draft.give)) return t('offer_send_gift');
  if (empty(S.draft.give) && !empty(S.draft.want)) return t('offer_send_ask_gift');
  return t('offer_send');
}

// Trial 6: "Ask for a gift" was a green button the classic rules refuse (C12, R30: the
// server said so after the tap). The view's rules say whether a request for a gift is
// allowed; the server still decides. True when the draft asks for one and they do not.
export function giftRequestRefused() {
  const rules = S.view?.rules;
  const empty = (side) => side !== '?' && !sideEntries(side).length;
  return !!rules && rules.allow_gift_requests === false && empty(S.draft.give) && !empty(S.draft.want);
}

// The line under a send button that waits for a card under You give (trial 6)
export function giftRequestNote(id) {
  return giftRequestRefused()
    ? h('div', { class: 'hint-text offer-why gift-request-why', id, role: 'status', text: t('offer_no_gift_request') })
    : null;
}

// The send button: the offer window's, and (trial 4 item 6) the catalogue tap panel's, where a
// phone's person builds the offer a screen and a half below the window
// Trial 6: the offer sent from the phone's catalogue panel went out with no word there (the
// market that shows it is two screens above): the panel it went from says so, until the
// panel closes or another bean's opens, and only in the phase of the turn it was sent in
// (board18: a panel left open said "Sent: your offer is in the market" turns later, the
// offer long gone); at: sentAt() then
export const sentFrom = { bean: null, at: null };
export const sentAt = () => (S.view ? `${S.view.turn}/${S.view.phase}` : null);

export function sendButton(attrs = {}) {
  const send = h('button', { class: 'btn primary offer-send', type: 'button', ...attrs }, icon('send'), ' ' + sendLabel());
  // trial 6: a request for a gift under rules that refuse it (C12) waits, saying why
  if (giftRequestRefused()) {
    send.disabled = true;
    send.title = t('offer_no_gift_request');
  }
  send.addEventListener('click', async (e) => {
    e.stopPropagation();
    const r = await act(offerCommand(), send);
    if (r && r.ok) {
      sentFrom.bean = attrs.id === 'tap-send' ? S.tapBean : null;
      sentFrom.at = sentAt();
      clearDraft();
    }
  });
  return send;
}

export function draftIsEmpty() { return draftEmpty(); }

export function setAsk(sideName) {
  S.draft[sideName] = S.draft[sideName] === '?' ? {} : '?';
  rerender();
}

export function clearDraft() { S.draft = { give: {}, want: {} }; S.draftPicks = []; S.offerOpen = false; rerender(); }

function draftEmpty() {
  const empty = (side) => side !== '?' && !sideEntries(side).length;
  return empty(S.draft.give) && empty(S.draft.want);
}

// Load an offer from the market into the window, seen from my side (to complete a '?').
// Whom it goes to: my own offer keeps its addressee; an answer goes back to the one who asked
// (user8: the active player's answer to Cleo's '?' went to everyone, so another seat could
// take the deal Cleo asked for; "to N", R28 and design.md 4). Anyone else's offers go to the
// active player in any case (the "To" list's default).
// focus: the press came from a button (Answer, Offer again): the focus goes on to the offer
// window's Send (else Clear), where a keyboard player goes on (it stayed in the market)
export function loadOffer(offer, mine, focus = false) {
  const copy = (s) => (s === '?' ? '?' : { ...s });
  const v = S.view;
  const active = !!(v && v.you && v.you.seat === v.active);
  const to = mine ? offer.to ?? null : active ? offer.owner : null;
  S.draft = mine ? { give: copy(offer.give), want: copy(offer.want), to }
    : { give: copy(offer.want), want: copy(offer.give), to };
  S.draftPicks = [];
  S.offerOpen = true;
  rerender();
  if (focus) {
    const send = document.getElementById('offer-send');
    (send && !send.disabled ? send : document.getElementById('offer-clear'))?.focus({ preventScroll: true });
  }
  document.getElementById('offer-window')?.scrollIntoView({ block: 'nearest' });
}

// "to N" (a seat number from 1) addresses the offer to one player only (R28, R30: a gift for
// one person); without it the market's usual addressees (design.md 4)
export function offerCommand() {
  const to = S.draft.to === S.view?.you?.seat ? null : S.draft.to;   // (the seats changed)
  return `/offer ${sideText(S.draft.give)} for ${sideText(S.draft.want)}` +
    (to === null || to === undefined ? '' : ` to ${to + 1}`);
}

// To: everyone (the active player's offer) or the active player (anyone else's), or one seat.
function toChoice() {
  const v = S.view;
  const me = v.you.seat;
  const name = (i) => v.seats[i]?.name ?? `P${i}`;
  const sel = h('select', { id: 'offer-to', class: 'offer-to' });
  const everyone = me === v.active ? t('offer_to_all') : t('offer_to_active', { name: name(v.active) });
  sel.append(h('option', { value: '', text: everyone }));
  // trial 6: Cleo (not the active player) read "the active player (Bob)", "Bob only" and
  // "Ann only" and could not tell them apart: an offer aimed at one seat waits for that
  // seat's turn (rules.md T28, C13), so for anyone but the active player each says when
  const key = (i) => (me === v.active ? 'offer_to_one' : i === v.active ? 'offer_to_one_keep' : 'offer_to_one_later');
  v.seats.forEach((s, i) => { if (i !== me) sel.append(h('option', { value: String(i), text: t(key(i), { name: name(i) }) })); });
  const to = S.draft.to;
  sel.value = to === null || to === undefined || to === me || !v.seats[to] ? '' : String(to);
  sel.addEventListener('change', () => { S.draft.to = sel.value === '' ? null : Number(sel.value); rerender(); });
  return h('label', { class: 'offer-to-label' }, h('span', { class: 'row-label', text: t('offer_to') }), sel);
}

function row(sideName, label) {
  const side = S.draft[sideName];
  const cards = h('div', { class: 'offer-cards' });
  if (side === '?') {
    const q = h('div', { class: 'card ask' }, h('span', { class: 'ask-q', text: '?' }), h('span', { class: 'ask-word', text: t('ask_any_short') }));
    onLeftRight(q, () => setAsk(sideName), t('ask_any'));
    cards.append(q);
  } else {
    const entries = sideEntries(side);
    if (!entries.length) cards.append(h('span', { class: 'nothing', text: t('nothing') }));
    // the side the active player gives (R29: only they give face-up cards): a bean lying
    // face up (the view's face_up) is tagged by its place, "face-up 1", as the market tags it
    const v = S.view;
    const activeSide = (v.you.seat === v.active) === (sideName === 'give');
    for (const [bean, n] of entries) {
      const at = activeSide ? (v.face_up || []).map((b, i) => (b === bean ? i + 1 : 0)).filter(Boolean).slice(0, n) : [];
      const c = beanCard(bean, { count: n, label: at.length ? at.map((i) => refLabel('u', i)).join(', ') : null,
        extraClass: at.length ? 'from-face-up' : '' });
      onLeftRight(c, (btn) => { bump(sideName, bean, btn === 'left' ? -1 : 1); rerender(); });
      cards.append(c);
    }
  }
  const ask = h('button', { class: 'btn ask-btn', type: 'button', title: t('ask_any_help'), 'aria-label': `${label}: ${t('ask_any')}`, onclick: () => setAsk(sideName) },
    h('span', { class: 'ask-q', 'aria-hidden': 'true', text: '?' }), h('span', { class: 'ask-word', text: t('ask_any_short') }));
  return h('div', { class: 'offer-row ' + (sideName === 'give' ? 'give' : 'get'), dataset: { side: sideName } },
    h('span', { class: 'row-label', text: label }), cards, ask);
}

// Touch screens have no right button: this switch makes a tap act as one.
function swapButton() {
  const swap = h('button', {
    class: 'btn small swap' + (isSwapped() ? ' on' : ''), type: 'button', id: 'swap-buttons',
    title: t('swap_title'), 'aria-pressed': isSwapped() ? 'true' : 'false',
  }, icon('swap'), ' ' + t((isSwapped() ? 'swap_on' : 'swap_off') + (isTouch() ? '_touch' : '')));
  swap.addEventListener('click', () => { setSwapped(!isSwapped()); rerender(); });
  return swap;
}

// Folded on the last render: the first card of a new offer unfolds the window, and the
// window then scrolls into view (at 1366x768 it opens below the fold, and a click that seems
// to do nothing was the trial's first hesitation, docs/trial.md): showUnfolded, once the
// board stands and the focus is back (app.js render).
let folded = true;
let unfolded = null;   // the window unfolded by this render, not yet brought into view

// The offer window just unfolded brought into view, but never so far that what has the focus
// (the hand or face-up card just pressed, above the window) goes under the sticky top bar: at
// 200% zoom (640 x 400 CSS px, the bar a third of it) the window is taller than the screen
// below the bar, and scrolled to its top it took the card pressed with Enter, a click or a
// tap up under the bar, its focus ring and name hidden (mobile19's keyboard trial).
export function showUnfolded() {
  const root = unfolded;
  unfolded = null;
  if (!root || root.hidden) return;
  const before = window.scrollY;
  root.scrollIntoView({ block: 'nearest' });
  const keep = document.activeElement;
  if (!keep || keep === document.body || root.contains(keep) || !keep.closest('#board')) return;
  const bar = document.getElementById('topbar');
  const top = (bar ? bar.getBoundingClientRect().bottom : 0) + 8;   // its ring shows whole
  const hidden = top - keep.getBoundingClientRect().top;
  const moved = window.scrollY - before;
  if (hidden > 0 && moved > 0) window.scrollBy(0, -Math.min(hidden, moved));
}

export function renderOfferWindow(root) {
  clear(root);
  // no offers in the bean duel (rules.md 3a: no trading)
  if (!S.view || S.view.phase === 'over' || !S.view.you || (S.view.rules && S.view.rules.duel)) { root.hidden = true; return; }
  root.hidden = false;
  const empty = draftEmpty();
  // outside phase 2 an offer may still be posted (design.md: /offer at any time of a running
  // game) but only phase 2 makes deals (R28): the window says so in every state (trial 3:
  // Send in phase 3 read as "trading goes on"); the server, not the board, decides what is legal
  const later = S.view.phase === 'trade' ? null
    : h('span', { class: 'hint-text offer-why', id: 'offer-why', text: t('offer_phase2_only') });
  // an empty offer window folds away to one line (issue 10, point 3)
  if (empty && !S.offerOpen) {
    root.classList.add('folded');
    const open = h('button', { class: 'btn small', type: 'button', id: 'offer-open', text: t('offer_open') });
    open.addEventListener('click', () => { S.offerOpen = true; rerender(); });
    root.append(h('div', { class: 'box-head' }, h('h2', { text: t('offer_window') }),
      later || h('span', { class: 'hint-text fold-hint', text: t(isTouch() ? 'offer_fold_touch' : 'offer_fold') }), h('span', { class: 'spacer' }), swapButton(), open));
    folded = true;
    return;
  }
  root.classList.remove('folded');
  const send = sendButton({ id: 'offer-send' });
  const clr = h('button', { class: 'btn', type: 'button', id: 'offer-clear', onclick: clearDraft }, icon('close'), ' ' + t('offer_clear'));
  const swap = swapButton();
  root.append(
    h('div', { class: 'box-head' }, h('h2', { text: t('offer_window') }), swap, h('span', { class: 'spacer' }), clr, send),
    ...(later ? [later] : []),
    ...[giftRequestNote('offer-gift-why')].filter(Boolean),
    row('give', t('offer_give')),
    row('want', t('offer_want')),
    toChoice(),
    withNames(h('div', { class: 'hint-text', id: 'offer-help' }), helpText(), seatNames()),
  );
  if (folded) {
    folded = false;
    unfolded = root;
  }
}
