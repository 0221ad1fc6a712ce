// The bean market (two rows per offer, flipped for each viewer), face-up cards and the signals.
import { h, clear, onLeftRight, withNames, roving, longPress } from '../dom.js';
import { icon } from '../icons.js';
import { noteText, cardsText } from '../status.js';
import { t, beanName, getLang } from '../i18n.js';
import { beanCard, sideEntries } from '../beans.js';
import { S, act, rerender, mySeat, seatColour, seatName, seatNames } from '../store.js';
import { draftClick, loadOffer } from '../offer.js';
import { dealPick, inMyDeal, isPicked, mayGive, refLabel } from '../deal.js';
import { makeDraggable } from '../dnd.js';

// faceUp: the face-up cards (1-based) this side gives, as the view's offer says (face_up,
// R29), or that could fill what another player's offer asks of the active player
// (face_up_wanted, R29): those cards are labelled by their place, "face-up 1", as in the deal window
function sideCards(side, faceUp = [], faceUpBeans = []) {
  const row = h('div', { class: 'offer-side' });
  if (side === '?') {
    row.append(h('div', { class: 'card small ask', title: t('ask_any') },
      h('span', { class: 'ask-q', text: '?' }), h('span', { class: 'ask-word', text: t('ask_any_short') })));
  }
  else {
    const e = sideEntries(side);
    if (!e.length) row.append(h('span', { class: 'nothing', text: t('nothing') }));
    for (const [bean, n] of e) {
      const at = faceUp.filter((i) => faceUpBeans[i - 1] === bean).slice(0, n);
      const label = at.length ? at.map((i) => refLabel('u', i)).join(', ') : null;
      // more of the bean than its face-up places: those cards apart from the rest (a new
      // player read "2 Blue" of which one is face-up 2 as two cards of face-up 2)
      const card = beanCard(bean, { small: true, count: at.length ? at.length : n, label, extraClass: at.length ? 'from-face-up' : '' });
      // trial 6: several places stack, one a line, inside the offer ("face-up 1, face-up 2"
      // in one line stuck out of its offer card)
      const tag = at.length > 1 ? card.querySelector('.label') : null;
      if (tag) {
        tag.replaceChildren(...at.map((i, k) => h('span', { text: refLabel('u', i) + (k < at.length - 1 ? ',' : '') })));
        at.slice(1).forEach((_, k) => tag.insertBefore(document.createTextNode(' '), tag.children[k + 1]));
        card.classList.add('tags-' + Math.min(at.length, 3));
      }
      row.append(card);
      if (at.length && n > at.length) row.append(beanCard(bean, { small: true, count: n - at.length }));
    }
  }
  return row;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
// seats by name, "you" for this viewer
const seatList = (seats) => seats.map((i) => (i === mySeat() ? t('you') : seatName(i))).join(t('list_sep'));

// A gift (R30): one side gives nothing (a '?' is a prompt, not a gift)
function giftKind(o) {
  if (o.give === '?' || o.want === '?') return null;
  const g = sideEntries(o.give).length;
  const w = sideEntries(o.want).length;
  if (g && !w) return 'gift_tag';
  if (w && !g) return 'gift_ask_tag';
  return null;
}

// Recent news about offers that left the market or whose deal was called off (from the log).
// A deal's news covers its offer and the offer it answered (the log's deal_done "answers"):
// both were traded, even when the answered one leaves after as stale (its owner gave the cards).
const NEWS_KIND = { deal_done: 'gone_traded', withdraw: 'gone_withdrawn', offer_stale: 'gone_stale', deal_cancel: 'gone_cancelled' };
// Trial 4 items 8 and 19: a seat that passes (Not interested) or ends trading without taking
// my offer says no by not taking it (issue 15); the log's pass and phase entries name the
// offers it left (not_taken): the active player's offers a passing seat did not answer, the
// offers to the active player it did not take as it ended phase 2 (they stay, C13).
// -> [] or [{id, key, n, name}]: one line for my own offers among them ("#9, #13")
export function notTakenOf(e) {
  const me = mySeat();
  const v = S.view;
  if (me === null || !v || !Array.isArray(e.not_taken) || e.seat === me) return [];
  const mine = (id) => (e.kind === 'pass' ? v.active === me : (v.offers || []).some((o) => o.id === id && o.owner === me));
  const ids = e.not_taken.filter(mine);
  if (!ids.length) return [];
  const key = (e.kind === 'pass' ? 'not_taken_pass' : 'not_taken_end') + (ids.length > 1 ? '_n' : '');
  return [{ id: `${e.kind}-${e.seat}`, key, n: ids.map((i) => '#' + i).join(', '), name: seatName(e.seat) }];
}

// The offers this board has shown, by id: whose each was and who could take it (the view's
// partners). News of an offer leaving is for those it concerned (user11's trial: at a table
// with a random bot, "Offer #9 was withdrawn. Offer #10 … #11 …" filled the market, offers
// between other seats that were never this person's to take, some never shown at all)
export function rememberOffers(v) {
  if (!v || !Array.isArray(v.offers)) return;
  if (!S.offersSeen) S.offersSeen = new Map();
  for (const o of v.offers) S.offersSeen.set(o.id, { owner: o.owner, partners: o.partners || [] });
}

function concernsMe(id) {
  const me = mySeat();
  if (me === null) return true;   // a watcher follows every offer
  const o = S.offersSeen && S.offersSeen.get(id);
  return !!o && (o.owner === me || o.partners.includes(me));
}

export function noteOfferNews(entries) {
  // names are read when the line is drawn, from seat numbers (the log a page is sent as it
  // connects comes before the state that names the seats: a watcher read "P0 and P1 traded")
  const put = (id, key, name, list, deal) => {
    S.offerNews = [...(S.offerNews || []).filter((n) => n.id !== id), { id, key, name, list, deal }].slice(-3);
  };
  const sideOf = (beans) => {
    const side = {};
    for (const b of beans || []) side[b] = (side[b] || 0) + 1;
    return side;
  };
  // an offer left untaken as phase 2 ends is news into the next turn, which the same batch
  // of lines may begin (phase 3 and 4 pass by themselves): put after the turn's reset
  let carried = [];      // from the turn before the last one begun in this batch
  let later = [];        // since then
  // trial 6: offers that leave as their owner ends trading gave face-up cards, which are now
  // hers to plant (R32, R33): the log's phase entry to plant_traded, then its offer_stale ones
  let ended = null;
  for (const e of entries) {
    if (e.kind === 'phase' && e.phase === 'plant_traded') ended = e.seat;
    else if (e.kind !== 'offer_stale') ended = null;
    if (e.kind === 'turn') {
      S.offerNews = []; S.gotNews = [];
      carried = later.filter((n) => n.key === 'not_taken_end');
      later = [];
    }
    later.push(...notTakenOf(e));
    const key = e.kind === 'offer_stale' && e.why === 'gift_request' ? 'gone_gift_request' : NEWS_KIND[e.kind];
    if (!key) continue;
    const id = e.kind === 'withdraw' || e.kind === 'offer_stale' ? e.id : e.offer;
    if (id === undefined) continue;
    if (key === 'gone_stale' && (S.offerNews || []).some((n) => n.id === id && (n.key === 'gone_traded' || n.key === 'traded_quiet'))) continue;
    const me = mySeat();
    // trial 6: a bystander reads who traded what with whom (the log's deal_done: the active
    // player e.seat gave active_gave, e.other gave other_gave; R30, R31), once for the deal
    // (the offer it answered is traded too, quietly); a party reads "You got …" instead, so
    // its offers are marked traded quietly (no line repeated)
    const party = e.kind === 'deal_done' && me !== null && (e.seat === me || e.other === me);
    if (e.kind === 'deal_done') {
      put(id, party ? 'traded_quiet' : key, undefined, undefined,
        { a: e.seat, b: e.other, x: sideOf(e.active_gave), y: sideOf(e.other_gave) });
      if (e.answers !== undefined && e.answers !== null) put(e.answers, 'traded_quiet');
    } else if (e.kind === 'offer_stale' && ended !== null && e.seat === ended) {
      put(id, e.seat === me ? 'gone_kept_mine' : 'gone_kept', { seat: e.seat });
    } else if (e.kind === 'deal_cancel' || concernsMe(id)) put(id, key);
    // trial 4: each party reads what the deal gave them (to plant in phase 3, R33)
    if (e.kind === 'deal_done' && me !== null && (e.seat === me || e.other === me)) {
      const got = (e.seat === me ? e.other_gave : e.active_gave) || [];
      const side = {};
      for (const b of got) side[b] = (side[b] || 0) + 1;
      if (got.length) S.gotNews = [...(S.gotNews || []), { side, from: e.seat === me ? e.other : e.seat }].slice(-3);
      // trial 5: the giver of a gift got nothing and read only "Offer #2 was traded."
      const gave = (e.seat === me ? e.active_gave : e.other_gave) || [];
      if (!got.length && gave.length) {
        const given = {};
        for (const b of gave) given[b] = (given[b] || 0) + 1;
        S.gotNews = [...(S.gotNews || []), { side: given, to: e.seat === me ? e.other : e.seat }].slice(-3);
      }
    }
  }
  for (const n of [...carried, ...later]) put(n.id, n.key, n.name, n.n);
}

// What the offer means for me: the server's note (waiting, refused), or what the view says
// itself: the offers I may accept (can_accept), the deal's offer, a prompt ('?'), my own
// offer as the active player (open to the others, or to the one seat it is aimed at).
function noteOf(o, v, me, notes) {
  if (notes.has(o.id)) return notes.get(o.id);
  if (me === null || v.phase !== 'trade') return null;
  if ((v.you.can_accept || []).includes(o.id)) return { id: o.id, note: 'accept' };
  if (v.deal && v.deal.offer === o.id) return { id: o.id, note: 'deal' };
  if (o.give === '?' || o.want === '?') return { id: o.id, note: 'ask' };
  if (o.owner === me && me === v.active) {
    return o.to === null || o.to === undefined ? { id: o.id, note: 'open' } : { id: o.id, note: 'open_to', seat: o.to };
  }
  return null;
}

// Whom an offer is for now (the view's partners: the seats that may be the other party of a
// deal on it with this turn's active player, R28, rules.md T28), as a text key and its name:
// 'you', 'name', 'open' (the active player's offer to all), 'later' (aimed at a seat whose
// turn it is not: it waits for that turn, C13)
function whomOf(o, v, me) {
  const p = o.partners || [];
  if (o.owner === v.active && (o.to === null || o.to === undefined)) return { key: 'open' };
  if (!p.length) return { key: 'later', name: seatName(o.to) };
  if (p.length === 1) return p[0] === me ? { key: 'you' } : { key: 'for', name: seatName(p[0]) };
  return { key: 'open' };
}

// Who made it and when: "made on Bot 2's turn" (the view's turn_active), for an offer of an
// earlier turn only (its turn < the view's turn); null for an offer of this turn.
function madeOf(o, v, me) {
  if (!o.turn || !v.turn || o.turn >= v.turn) return null;
  const ta = o.turn_active;
  if (ta === null || ta === undefined) return t('made_earlier');
  return ta === me ? t('made_on_you') : t('made_on', { name: seatName(ta) });
}

function offerEl(o, v, me, notes) {
  const mine = o.owner === me;
  // a party the offer could be between (the engine's party_offers: R28, R30): anyone else
  // reads it as a watcher, the owner's rows
  const party = mine || (me !== null && ((v.you && v.you.party_offers) || []).includes(o.id));
  const spectator = me === null;
  const note = noteOf(o, v, me, notes);
  const viewerIsOwner = mine || !party;
  const give = viewerIsOwner ? o.give : o.want;   // what the viewer (or, watching, the owner) gives
  const get = viewerIsOwner ? o.want : o.give;
  const hasAsk = o.give === '?' || o.want === '?';
  const canAccept = !!note && note.note === 'accept';
  const ownerName = seatName(o.owner);
  const el = h('div', {
    class: 'offer' + (o.to_active ? '' : ' from-active') + (canAccept ? ' can-accept' : '') +
      (mine ? ' mine' : '') + (hasAsk ? ' has-ask' : '') + (note ? ' note-' + note.note : ''),
    style: { '--seat': seatColour(o.owner) },
    dataset: { offer: String(o.id), owner: String(o.owner) },
  });
  const head = h('div', { class: 'offer-head' },
    h('span', { class: 'offer-id' }, h('span', { class: 'swatch' }), mine ? t('offer_by_you', { n: o.id }) : t('offer_by', { n: o.id, name: ownerName })));
  const gift = giftKind(o);
  if (gift) head.append(h('span', { class: 'gift-tag', text: t(gift) }));
  if (o.answers !== null && o.answers !== undefined) {
    // a yes to an offer (an Accept by a non-active player): whose yes to which offer
    const key = me === v.active ? 'note_copy_of_yours' : (mine ? 'note_answers_mine' : 'note_answers');
    head.append(withNames(h('span', { class: 'answers' }), t(key, { n: o.answers, name: ownerName }), seatNames()));
  }
  // addressed to one player only (/offer ... to N): the view's "to" (a seat it is not for
  // reads it in the offer's note instead)
  if (o.to !== null && o.to !== undefined && !(note && note.code === 'not_for_you')) {
    head.append(h('span', { class: 'offer-to-tag', text: t('offer_to_tag', { name: o.to === me ? t('you') : seatName(o.to) }) }));
  }
  // the rows in words, shown only while the market is folded outside phase 2 (css): a chip
  // says what it is (trial 4: it said only "phase 2 only")
  const words = (side) => (side === '?' ? t('ask_any') : cardsText(side));
  const sum = h('span', { class: 'offer-sum' },
    t('offer_sum', { give: party ? t('sum_give') : t('row_gives', { name: ownerName }), a: words(give),
      get: party ? t('sum_get') : t('row_gets', { name: ownerName }), b: words(get) }));
  head.append(sum);       // on the head's line: a folded offer stays two lines high
  el.append(head,
    h('div', { class: 'offer-row give' },
      h('span', { class: 'row-label', text: party ? t('row_you_give') : t('row_gives', { name: ownerName }) }),
      sideCards(give, give === o.give ? o.face_up || [] : o.face_up_wanted || [], v.face_up || [])),
    h('div', { class: 'offer-row get' },
      h('span', { class: 'row-label', text: party ? t('row_you_get') : t('row_gets', { name: ownerName }) }),
      sideCards(get, get === o.give ? o.face_up || [] : o.face_up_wanted || [], v.face_up || [])));
  // the active player sees which copies answer this offer; another player, their own copies
  if (me === v.active && mine) {
    const copies = v.offers.filter((x) => x.answers === o.id).map((x) => `#${x.id} ${seatName(x.owner)}`);
    if (copies.length) el.append(h('div', { class: 'answered-by', text: t('answered_by', { list: copies.join(', ') }) }));
  } else if (party && !mine && !(note && note.note === 'answered')) {
    // my copies that wait (a copy in the deal does not: the deal window shows it)
    const inDeal = v.deal ? v.deal.offer : null;
    const copies = v.offers.filter((x) => x.answers === o.id && x.owner === me && x.id !== inDeal).map((x) => `#${x.id}`);
    if (copies.length) el.append(h('div', { class: 'answered-by', text: t('your_copies', { list: copies.join(', '), name: seatName(v.active) }) }));
  }
  // trial 5: the active player's offer that made a deal through a yes stays open while its
  // owner holds what it gives (C13), and says so (the view's traded: whom it traded with)
  const traded = o.traded || [];
  if (traded.length && v.phase !== 'over') {
    el.append(withNames(h('div', { class: 'offer-traded' }), t(traded.length === 1 ? 'offer_traded_1' : 'offer_traded_n',
      { n: traded.length, names: seatList(traded), cards: cardsText(o.give) }), seatNames()));
  }
  // trial 5: the seats that passed leaving it untaken (the view's declined; a bot's "not
  // interested" said nothing on the offer)
  const declined = o.declined || [];
  if (declined.length && v.phase === 'trade') {
    el.append(withNames(h('div', { class: 'offer-declined' }), t('offer_declined', { names: seatList(declined) }), seatNames()));
  }
  const foot = h('div', { class: 'offer-foot' });
  // each button's accessible name says which offer it is for and what it gives and takes,
  // for the one who presses it (the rows above, as they read): every offer's Accept (and
  // Withdraw, Answer, Offer again) was named the same, the offer only in its tooltip, and a
  // screen reader's list of buttons read "Accept, Accept, Withdraw" with nothing to tell them apart
  const named = (key) => t(key, { n: o.id, name: ownerName, a: words(give), b: words(get) });
  if (canAccept) {
    // the engine says whether this accept starts the deal (accept_deal) or posts a copy
    const deal = ((v.you && v.you.accept_deal) || []).includes(o.id);
    const b = h('button', {
      class: 'btn accept-btn', type: 'button',
      title: t(deal ? 'accept_title_active' : 'accept_title_other', { n: o.id, name: seatName(me === v.active ? o.owner : v.active) }),
      'aria-label': named('accept_name'),
    }, icon('check'), ' ' + t('accept'));
    b.addEventListener('click', (e) => { e.stopPropagation(); act(`/accept ${o.id}`, el); });
    foot.append(b);
  }
  // no note: outside phase 2 (offers wait for it, R28), or another player's offer to the
  // active player (not for this seat); the view's phase and to_active say which
  let why = note ? noteText(note, v) : null;
  const whom = whomOf(o, v, me);
  const made = madeOf(o, v, me);
  if (!note && !spectator && v.phase !== 'over') {
    if (v.phase !== 'trade') {
      // folded to its head outside phase 2 (trial 4: "phase 2 only" said nothing): for whom
      // in this turn's phase 2, or (phase 3) the next one; and when it was made
      const k = v.phase === 'plant' ? { you: 'chip_for_you', for: 'chip_for', open: 'chip_open', later: 'chip_later' }[whom.key] : 'chip_next';
      const w = t(k, { name: whom.name });
      why = made ? t('chip_made', { made, whom: w }) : w;
    } else if (!mine && o.to_active) why = t('note_for', { name: seatName(v.active) });
  }
  // an offer of an earlier turn says whom it is for now in its own line (below): not twice
  if (made && v.phase === 'trade' && note && (note.note === 'open' || note.note === 'open_to')) why = null;
  if (why) foot.append(h('span', { class: 'offer-note', text: why }));
  if (hasAsk && !mine && party) {
    const b = h('button', { class: 'btn small answer-btn', type: 'button', title: t('answer_title', { n: o.id }),
      'aria-label': named('answer_name'), text: t('answer') });
    b.addEventListener('click', (e) => { e.stopPropagation(); loadOffer(o, false, true); });
    foot.append(b);
  }
  // my own offer into the offer window, to send again (changed or not): a click on the offer
  // did it, with no key to do it (a keyboard player's trial: after a reload the draft was
  // gone and only the mouse brought the offer back). An icon, its words in its name and
  // title: with them written out, an own offer widened and at 1366x768 the fourth offer
  // wrapped into a second row the market scrolled to (trial 6's four offers in one row)
  if (mine && v.you && v.you.can_offer && v.phase !== 'over') {
    const b = h('button', { class: 'btn small reoffer-btn', type: 'button', title: t('reoffer_title', { n: o.id }), 'aria-label': named('reoffer_name') },
      icon('again'));
    b.addEventListener('click', (e) => { e.stopPropagation(); loadOffer(o, true, true); });
    foot.append(b);
  }
  if (mine && ((v.you && v.you.can_withdraw) || []).includes(o.id)) {
    const b = h('button', { class: 'btn small withdraw-btn', type: 'button', title: t('withdraw_title', { n: o.id }),
      'aria-label': named('withdraw_name') },
      icon('close'), ' ' + t('withdraw'));
    b.addEventListener('click', (e) => { e.stopPropagation(); act(`/withdraw ${o.id}`, el); });
    foot.append(b);
  }
  if (foot.childNodes.length) el.append(foot);
  // C13: an offer from an earlier turn says on whose turn it was made and whom it is for now
  // (trial 4: Dee's offer made for Bot 2 came back on her turn as "open to all, made in
  // turn 1"; rules.md T28); one short line, the whole explanation in its title
  if (made && v.phase !== 'over') {
    const now = t({ you: 'now_for_you', for: 'now_for', open: 'now_open', later: 'now_later' }[whom.key], { name: whom.name });
    el.append(h('div', {
      class: 'offer-age', text: t('offer_when', { made: cap(made), now }),
      title: t('offer_when_title', { n: o.id, owner: ownerName, made, t: o.turn, now }),
    }));
  }
  // a click on the offer: accept it (or open a '?' offer or my own in the offer window);
  // the right button withdraws my own. A finger's tap only picks it (tapaccept19: on a phone
  // people tap a card to look at it, and a tap on an offer's card made a deal at once, which
  // cannot be undone): picked, it shows its rows whole and its Accept, large and focused;
  // only that button sends /accept (the server alone says whether it may).
  const picked = S.pickedOffer === o.id;
  if (picked) el.classList.add('picked');
  if (picked && canAccept) {
    el.append(h('div', { class: 'offer-pick-hint', text: t('tap_accept_hint') }));
  }
  el.addEventListener('pointerdown', (e) => { el._finger = e.pointerType === 'touch'; });
  el.addEventListener('click', (e) => {
    if (spectator) return;
    if (hasAsk || mine) loadOffer(o, mine);
    else if (e.pointerType ? e.pointerType === 'touch' : !!el._finger) pickOffer(o.id);
    else act(`/accept ${o.id}`, el);
  });
  el.addEventListener('contextmenu', (e) => { e.preventDefault(); if (mine && !longPress(e)) act(`/withdraw ${o.id}`, el); });
  return el;
}

// The offer a finger's tap picked (S.pickedOffer, its id; null: none): kept across the
// redraws of every state while it is in the market, let go by a second tap, replaced by
// another tapped. Its Accept takes the focus.
function pickOffer(id) {
  S.pickedOffer = S.pickedOffer === id ? null : id;
  rerender();
  if (S.pickedOffer === null) return;
  const el = document.querySelector(`#market .offer[data-offer="${id}"]`);
  const b = el && el.querySelector('.accept-btn');
  if (b) b.focus({ preventScroll: true });
  if (el) el.scrollIntoView({ block: 'nearest' });
}

export function renderMarket(root) {
  clear(root);
  const v = S.view;
  if (!v) return;
  const me = mySeat();
  root.append(h('div', { class: 'box-head' }, h('h2', { text: t('market') })));
  const list = h('div', { class: 'offers' });
  const notes = new Map(((v.you && v.you.offer_notes) || []).map((n) => [n.id, n]));
  if (!v.offers.some((o) => o.id === S.pickedOffer)) S.pickedOffer = null;
  if (!v.offers.length) list.append(h('span', { class: 'nothing', text: t('market_empty') }));
  for (const o of v.offers) list.append(offerEl(o, v, me, notes));
  root.append(list);
  const news = (S.offerNews || []).filter((n) => n.key !== 'traded_quiet' &&
    (!v.offers.some((o) => o.id === n.id) || n.key === 'gone_cancelled' || n.key.startsWith('not_taken')));
  // the giver's line is for phase 2, where the gift was made; from phase 3 on only what a
  // person got stays (to plant, R33): at 1366x768 the extra line pushed the fields below the
  // screen in phase 3 (test_e2e_trial); and a "plant it in phase 3" line goes once nothing
  // of what it names is left in my to-plant area (new-player trial 7: it stayed after all was
  // planted, beside "Waiting for Bob…")
  const toPlant = (me !== null && v.seats[me] && v.seats[me].to_plant) || [];
  const got = (S.gotNews || []).filter((g) => (g.to === undefined
    ? v.phase === 'trade' || sideEntries(g.side).some(([b]) => toPlant.includes(b))
    : v.phase === 'trade'));
  if (news.length || got.length) {
    root.append(h('div', { class: 'offer-news', role: 'status' },
      ...got.map((g) => (g.to !== undefined
        ? withNames(h('div', { class: 'gave-news' }), t('gave_gift', { cards: cardsText(g.side), name: seatName(g.to) }), seatNames())
        : withNames(h('div', { class: 'got-news' }), t(sideEntries(g.side).reduce((k, [, n]) => k + n, 0) === 1 ? 'got_cards_1' : 'got_cards',
          { cards: cardsText(g.side), name: seatName(g.from) }), seatNames()))),
      ...news.map((n) => h('div', { class: 'news-' + n.key, text: n.deal
        ? t(n.key, { n: n.id, a: seatName(n.deal.a), b: seatName(n.deal.b), x: cardsText(n.deal.x), y: cardsText(n.deal.y) })
        : t(n.key, { n: n.list ?? n.id, name: typeof n.name === 'object' ? seatName(n.name.seat) : n.name }) }))));
  }
}

export function renderFaceUp(root) {
  clear(root);
  const v = S.view;
  // the duel shows its face-up cards in its own area (render/duel.js)
  if (!v || !v.face_up || !v.face_up.length || (v.rules && v.rules.duel)) { root.hidden = true; return; }
  root.hidden = false;
  root.append(h('span', { class: 'row-label', text: t('face_up') }));
  // the face-up cards my offer draft names (trial 4): the side the active player gives (R29),
  // the first cards of each bean up to the count, as the offer window's "face-up N" tags
  const draftSide = v.you && S.draft ? S.draft[v.you.seat === v.active ? 'give' : 'want'] : null;
  const chosen = new Set();
  for (const [bean, n] of sideEntries(draftSide)) {
    v.face_up.map((b, i) => (b === bean ? i + 1 : 0)).filter(Boolean).slice(0, n).forEach((i) => chosen.add(i));
  }
  // trial 5: a face-up card that left in a deal leaves its place, marked, so that the others
  // keep their numbers (the view's face_up_places and face_up_gone)
  const places = v.face_up_places || v.face_up.map((b, i) => i + 1);
  const gone = (place) => {
    for (const g of (v.face_up_gone || []).filter((x) => x.place === place)) {
      const c = beanCard(g.bean, { label: t('ref_faceup', { n: g.place }), extraClass: 'gone' });
      c.title = t('face_up_gone_title', { n: g.place, bean: beanName(g.bean) });
      c.dataset.gone = String(g.place);
      c.append(h('span', { class: 'gone-word', text: t('face_up_gone') }));
      root.append(c);
    }
  };
  v.face_up.forEach((bean, i) => {
    for (let p = (i ? places[i - 1] : 0) + 1; p < places[i]; p++) gone(p);
    const c = beanCard(bean, { label: refLabel('u', i + 1),
      extraClass: (inMyDeal() && isPicked('u', i + 1) ? 'picked' : '') + (inMyDeal() && mayGive('u', i + 1) ? ' can-give' : '') +
        (!inMyDeal() && chosen.has(i + 1) ? ' in-draft' : '') });
    c.dataset.ref = 'u' + (i + 1);
    // face-up: the active player's to give (left = give, right = want, seed 000); the others
    // can only ask for them (R29), so their left click asks; in a deal: pick the card
    const mineToGive = v.you && v.you.seat === v.active;
    onLeftRight(c, (btn, e) => {
      if (inMyDeal()) { if (btn === 'left') dealPick({ zone: 'u', index: i + 1, bean }); return; }
      draftClick(mineToGive && btn === 'left' ? 'give' : 'want', bean, e.currentTarget);
    });
    makeDraggable(c, () => ({ kind: 'card', zone: 'u', index: i + 1, bean }));
    root.append(c);
  });
  for (const g of v.face_up_gone || []) if (g.place > (places[places.length - 1] || 0)) gone(g.place);
  roving(root, 'faceup', t('face_up'));
  const mineFields = v.you ? (v.seats[v.you.seat] || {}).fields || [] : [];
  const note = keptNote(v.you && v.you.kept_face_up, mineFields.some((f) => f === null));
  if (note && !inMyDeal()) root.append(note);
}

// Trial 6: three newcomers pressed End trading and only then read that the face-up cards
// nobody took were theirs to plant, at the cost of a field. The engine says what ending
// trading now leaves (hints.kept_face_up: R32, R33, the least costly way to plant them).
// With an empty field in view, the beans left without one are those the empty fields run
// short of (the cards to plant take them first: hints.kept_face_up), not beans no field can
// take (newuser17: "No field fits Soy" beside an empty field 2, which a received Stink takes).
function keptNote(k, emptyField = false) {
  if (!k) return null;
  const sep = getLang() === 'ja' ? '、' : ', ';
  const nofit = emptyField ? 'kept_face_up_cost_noneleft' : 'kept_face_up_cost_nofit';
  const text = !k.harvests ? t('kept_face_up_fit') : t(k.no_field.length ? nofit : 'kept_face_up_cost', {
    beans: k.no_field.map(beanName).join(sep),
    harvests: t(k.harvests === 1 ? 'kept_harvests_1' : 'kept_harvests', { k: k.harvests }),
    coins: t(k.harvest_now === 1 ? 'adv_coins_1' : 'adv_coins', { n: k.harvest_now }),
    thrown: k.thrown,
  });
  return h('div', { class: 'hint-text kept-note' + (k.harvests ? ' costly' : ''), id: 'kept-face-up', text });
}

// Supply and demand: the markers this viewer may see, and my own arrows: drag one onto a card,
// or press it (mouse, touch or keyboard) and then press a card.
export function renderSignals(root) {
  clear(root);
  const v = S.view;
  if (!v || v.phase === 'over' || (v.rules && v.rules.duel)) { root.hidden = true; return; }
  root.hidden = false;
  const seen = v.signals || { want: {}, have: {} };
  // whose markers these are, as the view says (signals.of): the active player's, named; or,
  // for the active player, the others' summed without names (seed 000); never "I have"
  const of = seen.of;
  const named = of !== null && of !== undefined;
  const whose = (which) => (named ? t('signal_seen_' + which, { name: seatName(of) })
    : t(seen.of === null ? 'signal_others_' + which : 'signal_seen_any_' + which));
  const short = (which) => (seen.of === null ? t('signal_others_short_' + which) : whose(which));
  const line = (cls, arrow, map, label, text) => {
    const d = h('div', { class: 'signal-line ' + cls, role: 'group', 'aria-label': label, title: label, dataset: named ? { seat: String(of) } : {} },
      icon(arrow, { class: 'arrow' }), h('span', { class: 'signal-whose', text }));
    for (const [bean, n] of sideEntries(map || {})) d.append(beanCard(bean, { small: true, count: n > 1 ? n : null }));
    return d;
  };
  root.append(h('div', { class: 'box-head' }, h('h2', { text: t('signals') })));
  if (v.you) root.append(h('div', { class: 'hint-text', text: t('signals_hint') }));
  root.append(line('have', 'up', seen.have, whose('have'), short('have')), line('want', 'down', seen.want, whose('want'), short('want')));
  if (v.you) {
    const mine = v.you.signals || { want: [], have: [] };
    const token = (which, arrow) => {
      const b = h('button', {
        class: 'btn signal-token ' + which + (S.armed === which ? ' armed' : ''), type: 'button',
        title: t('signal_' + which), 'aria-label': t('signal_' + which), 'aria-pressed': S.armed === which ? 'true' : 'false',
      }, icon(arrow), h('span', { class: 'btn-text', text: t('signal_' + which + '_short') }));
      // how it was pressed says how the next card is pressed (the hint below): a key's press
      // is a click of detail 0
      b.addEventListener('click', (e) => {
        if (b.dataset.dragged) return;
        S.armed = S.armed === which ? null : which;
        S.armedBy = e.detail === 0 ? 'key' : 'pointer';
        rerender();
      });
      makeDraggable(b, () => ({ kind: 'signal', which }));
      return b;
    };
    const x = h('button', { class: 'btn small', type: 'button', title: t('signal_clear'), 'aria-label': t('signal_clear') },
      icon('close'), h('span', { class: 'btn-text', text: t('signal_clear_short') }));
    x.addEventListener('click', () => act('/signals clear', x));
    const own = h('div', { class: 'signal-own', role: 'group', 'aria-label': t('signals_mine') },
      h('span', { class: 'signal-whose', text: t('signals_mine') }), token('have', 'up'), token('want', 'down'), x);
    for (const b of mine.have || []) own.append(beanCard(b, { small: true, extraClass: 'sig-have' }));
    for (const b of mine.want || []) own.append(beanCard(b, { small: true, extraClass: 'sig-want' }));
    root.append(own);
    // the way to the card in the way the arrow was pressed: "click" told a keyboard player
    // nothing of the keys (the arrows along a row, Enter); a pointer's words are a click's, a
    // tap's on a touch screen (i18n.js t: the _touch twin)
    if (S.armed) {
      const how = S.armedBy === 'key' ? 'marker_armed_key' : 'marker_armed';
      root.append(h('div', { class: 'hint-text armed-hint', role: 'status', text: t(how) }));
    }
  }
}
