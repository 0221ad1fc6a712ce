// The bean catalogue: each bean's card with its count and, always visible under it, the
// beanometer (cards for 1-4 coins); the full beanometer pops up on hover or focus. On a touch
// screen a tap opens it as a panel with Want / Give / marker buttons and changes nothing else.
// Mouse (seed 000): left = want, right = give. '?' at the top right: left = want ?, right = give ?.
import { h, clear, onLeftRight, roving, showInColumn, columnBox, WIDE, COLUMN_PAD } from '../dom.js';
import { t, beanName } from '../i18n.js';
import { beanCard, meterRow } from '../beans.js';
import { S, act, rerender } from '../store.js';
import { draftClick, setAsk, sendButton, draftIsEmpty, giftRequestNote, sentFrom, sentAt } from '../offer.js';
import { makeDropTarget } from '../dnd.js';
import { cardsText } from '../status.js';

// the pointer of the last press: a tap (touch, pen) opens the panel instead of clicking
let lastPointer = 'mouse';
window.addEventListener('pointerdown', (e) => { lastPointer = e.pointerType || 'mouse'; }, { capture: true, passive: true });

function meterBox(entry, id) {
  return h('div', { class: 'meter', id, role: 'tooltip' },
    h('div', { class: 'meter-title', text: `${entry.count} × ${beanName(entry.bean)}` }),
    h('div', { class: 'meter-sub', text: t('meter') }),
    meterRow(entry.meter));
}

// A card's beanometer tip kept inside what shows of its column (the side column scrolls by
// itself on a wide screen; else the window): shifted sideways when it would run past an edge
// (at 1280 px the last column's tip ran off the screen), shown above the card when there is
// no room below it and there is above.
function placeTip(card) {
  requestAnimationFrame(() => {
    const tip = card.querySelector('.meter');
    if (!tip) return;
    tip.style.removeProperty('--tip-dx');
    tip.classList.remove('above');
    if (!tip.offsetParent) return;                                 // not shown
    const col = WIDE.matches ? card.closest('#right') : null;   // a phone: the window
    const box = col ? columnBox(col, card)
      : { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    const left = Math.max(box.left, 0) + COLUMN_PAD;
    const right = Math.min(box.right, window.innerWidth) - COLUMN_PAD;
    const r = tip.getBoundingClientRect();
    const dx = r.right > right ? right - r.right : r.left < left ? left - r.left : 0;
    if (dx) tip.style.setProperty('--tip-dx', `${Math.round(dx)}px`);
    const bar = document.getElementById('topbar');
    const top = Math.max(box.top, bar ? bar.getBoundingClientRect().bottom : 0);
    if (r.bottom > Math.min(box.bottom, window.innerHeight)
        && card.getBoundingClientRect().top - r.height - 4 >= top) tip.classList.add('above');
  });
}

// The draft's count of ``bean`` on each side, as lines ("You get 2 × Blue in your offer").
function draftNote(bean) {
  const count = (side) => (side && side !== '?' ? side[bean] || 0 : 0);
  return [['want', 'tap_note_get'], ['give', 'tap_note_give']]
    .filter(([side]) => count(S.draft[side]))
    .map(([side, key]) => h('div', { text: t(key, { n: count(S.draft[side]), bean: beanName(bean) }) }));
}

// Run ``fn`` (it re-renders the board) and scroll so the panel's button ``sel`` stays where
// the finger left it: on a phone the offer window above the catalogue opens on the first card
// and would push the panel, and its note, off screen.
function keepInPlace(button, sel, fn) {
  const before = button.getBoundingClientRect().top;
  fn();
  const now = document.querySelector('#tap-panel ' + sel);
  if (now) window.scrollBy(0, now.getBoundingClientRect().top - before);
}

// ``offers``: the seat may post offers and markers (renderCatalogue); without, the panel
// shows the bean's beanometer only (the duel's tap offered Want +1 and markers that went
// nowhere or were refused, rules.md §3a)
function tapPanel(entry, offers) {
  const close = () => { S.tapBean = null; sentFrom.bean = null; rerender(); };
  const btn = (text, fn, cls = 'btn') => {
    const b = h('button', { class: cls, type: 'button', text });
    b.addEventListener('click', (e) => { e.stopPropagation(); fn(b); });
    return b;
  };
  const panel = h('div', { class: 'tap-panel', id: 'tap-panel', role: 'dialog', 'aria-label': beanName(entry.bean) },
    // the bean and how many of its cards the game has (trial 6: "20 × Blue" read as nothing)
    h('div', { class: 'box-head' }, h('span', { class: 'tap-head', text: t('tap_head', { bean: beanName(entry.bean), n: entry.count }) }), h('span', { class: 'spacer' }),
      btn(t('close'), close, 'btn small tap-close')),
    h('div', { class: 'meter-sub', text: t('meter') }),
    meterRow(entry.meter));
  if (!offers) return panel;
  panel.append(
    h('div', { class: 'tap-btns' },
      btn(t('want_one'), (b) => keepInPlace(b, '.tap-want', () => draftClick('want', entry.bean)), 'btn tap-want'),
      btn(t('give_one'), (b) => keepInPlace(b, '.tap-give', () => draftClick('give', entry.bean)), 'btn tap-give'),
      btn(t('mark_want'), (b) => act(`/want ${entry.bean}`, b), 'btn small'),
      btn(t('mark_have'), (b) => act(`/have ${entry.bean}`, b), 'btn small')),
    // what the offer being built now holds of this bean, beside the buttons: on a phone the
    // offer window is off screen (trial: Want +1 changed it with nothing to see)
    h('div', { class: 'tap-note', role: 'status', 'aria-live': 'polite' }, ...draftNote(entry.bean),
      ...(sentFrom.bean === entry.bean && sentFrom.at === sentAt() && draftIsEmpty() ? [h('div', { class: 'tap-sent', id: 'tap-sent', text: t('tap_sent') })] : [])));
  // trial 4 item 6: the offer is sent from where it was built (the offer window is far above
  // on a phone) while the draft holds something; trial 5: wherever an offer may be posted
  // (the engine's can_offer: any phase of a running game, design.md §4), as the offer
  // window's Send; outside phase 2 it says that the deal waits for phase 2 (R28)
  if (S.view?.you?.can_offer && !draftIsEmpty()) {
    // the whole offer it sends, in words (the panel names only its own bean)
    const words = (side) => (side === '?' ? t('ask_any') : cardsText(side));
    panel.append(h('div', { class: 'tap-send' },
      h('div', { class: 'tap-draft', text: t('offer_sum', { give: t('row_you_give'), a: words(S.draft.give), get: t('row_you_get'), b: words(S.draft.want) }) }),
      ...(S.view.phase === 'trade' ? [] : [h('div', { class: 'hint-text tap-send-why', text: t('offer_phase2_only') })]),
      sendButton({ id: 'tap-send' }), ...[giftRequestNote('tap-gift-why')].filter(Boolean)));
  }
  return panel;
}

export function renderCatalogue(root) {
  clear(root);
  const v = S.view;
  if (!v || !v.catalogue) { root.hidden = true; return; }
  root.hidden = false;
  // named for what it adds, "any card (?)"; how it works is its tooltip (description)
  // the '?' with its word beside it, so it reads as a card, not as help (trial)
  const q = h('button', { class: 'btn ask-btn', type: 'button', id: 'catalogue-ask', title: t('ask_any_help') },
    h('span', { class: 'ask-q', 'aria-hidden': 'true', text: '?' }), h('span', { class: 'ask-word', text: t('ask_any_short') }));
  onLeftRight(q, (btn) => setAsk(btn === 'left' ? 'want' : 'give'), t('ask_any'));
  q.setAttribute('aria-describedby', 'catalogue-ask-hint');
  // the coin ladder under each card, labelled once (trial 4: "1 2 3 4" over "4 6 8 10" had no
  // word on the board): the coins on top, the cards of a field they need below (§1c)
  const legend = h('div', { class: 'meter-legend', id: 'meter-legend' },
    h('span', { class: 'meter-strip', 'aria-hidden': 'true' },
      h('span', { class: 'tier' }, h('span', { class: 'coin-disc', text: '1' }), h('b', { text: '4' }))),
    h('span', { class: 'legend-words' }, h('span', { text: t('legend_coins') }), h('span', { text: t('legend_cards') })));
  // once the game is over nobody makes offers: no "?" and no word on it (board5b saw both);
  // nor in the bean duel (rules.md §3a: no trading, the server refuses offers and markers) or
  // for a watcher: the server's can_offer says (the offer window hides by the same facts)
  const offers = v.phase !== 'over' && !!(v.you && v.you.can_offer);
  root.append(h('div', { class: 'box-head' }, h('h2', { text: t('catalogue') }), legend, h('span', { class: 'spacer' }), offers ? q : null),
    // what "? any card" does, in words (trial 4: no hint of it without a tooltip)
    ...(offers ? [h('div', { class: 'hint-text ask-hint', id: 'catalogue-ask-hint', text: t('ask_any_hint') })] : []));
  const list = h('div', { class: 'catalogue' });
  for (const entry of v.catalogue) {
    const c = beanCard(entry.bean, { count: entry.count });
    c.removeAttribute('title');
    const tipId = 'meter-' + entry.bean;
    c.append(meterBox(entry, tipId));
    c.setAttribute('aria-describedby', tipId);
    c.classList.add('cat');
    // after a click the tip goes until the pointer leaves the card (trial 4: it stayed over
    // the cards below it)
    if (S.catTipOff === entry.bean) c.classList.add('tip-off');
    c.addEventListener('pointerenter', () => placeTip(c));
    c.addEventListener('focus', () => placeTip(c));
    c.addEventListener('pointerleave', () => {
      if (S.catTipOff === entry.bean) S.catTipOff = null;
      c.classList.remove('tip-off');
    });
    onLeftRight(c, (btn, e) => {
      S.catTipOff = entry.bean;
      c.classList.add('tip-off');
      if (btn === 'left' && lastPointer !== 'mouse' && e.type === 'click') {
        S.tapBean = S.tapBean === entry.bean ? null : entry.bean;   // a tap: the panel only
        sentFrom.bean = null;
        rerender();
        return;
      }
      // no offers here (the duel, a watcher, the game over): a click builds nothing unseen
      if (offers) draftClick(btn === 'left' ? 'want' : 'give', entry.bean, e.currentTarget);
    }, beanName(entry.bean));
    makeDropTarget(c, {
      accepts: (p) => p.kind === 'signal',
      hint: () => true,
      drop: (p) => act(`/${p.which} ${entry.bean}`, c),
    });
    list.append(h('div', { class: 'cat-entry', dataset: { bean: entry.bean } }, c, meterRow(entry.meter)));
  }
  root.append(roving(list, 'catalogue', t('catalogue')));
  // a board drawn anew under the pointer keeps its open tip in place
  requestAnimationFrame(() => list.querySelectorAll('.card.cat').forEach((c) => {
    if (c.matches(':hover, :focus-visible')) placeTip(c);
  }));
  const tapped = v.catalogue.find((e) => e.bean === S.tapBean);
  if (tapped) root.append(tapPanel(tapped, offers));
  // on a wide screen the panel opens in the right column, which scrolls by itself: a panel
  // just opened, or grown (Want +1 adds the offer's Send below its buttons), is brought
  // whole into view there (at 1024x768 its buttons and Send were below the column's edge); a
  // phone keeps the page where the finger left it (keepInPlace)
  const shown = tapped ? tapped.bean : null;
  const opened = shown !== last.bean;
  last.bean = shown;
  if (shown && WIDE.matches) {
    requestAnimationFrame(() => {
      const panel = document.getElementById('tap-panel');
      if (!panel) return;
      const tall = panel.offsetHeight;
      if (opened || tall > last.height + 1) showInColumn(panel);
      last.height = tall;
    });
  }
}

const last = { bean: null, height: 0 };   // the panel the last drawing showed, and its height
