// The status line: what this person can do now, or whom the table waits for and why.
// Everything comes from the server's hints (view.waiting, view.you: plant_fields,
// plant_optional, harvestable, can_buy, offer_notes, deal_owes...); nothing is decided here.
import { t, beanName, getLang } from './i18n.js';
import { sideEntries } from './beans.js';

export function cardsText(side) {
  const e = sideEntries(side);
  if (!e.length) return t('nothing');
  if (getLang() === 'ja') return e.map(([b, n]) => `${beanName(b)}${n}枚`).join('、');
  return e.map(([b, n]) => `${n} ${beanName(b)}`).join(', ');
}

function names(view, seats) {
  return seats.map((i) => view.seats[i]?.name ?? `P${i}`).join(', ');
}

// The engine's plant_advice (hints.plant_advice): the least costly way when a card to plant
// needs a harvest first (R15, R18, R19, R33); null when none is needed.
function adviceLine(you, beans, say) {
  const a = you.plant_advice;
  if (!a || !a.harvest) return null;
  const hv = a.harvest;
  const what = t(hv.harvest_now === 1 ? 'adv_what_1' : 'adv_what', { count: hv.count, bean: beanName(hv.bean), coins: hv.harvest_now, thrown: hv.thrown });
  const list = (bs) => bs.map(beanName).join(getLang() === 'ja' ? '、' : ', ');
  // the cards to plant after the harvest, each bean in its number when more than one ("then
  // plant 2 Red": "then plant Red" read as one card where two wait in the to-plant area)
  const counted = (bs) => bs.map((b) => {
    const n = (you.to_plant || []).filter((x) => x === b).length;
    if (n < 2) return beanName(b);
    return getLang() === 'ja' ? `${beanName(b)}${n}枚` : `${n} ${beanName(b)}`;
  }).join(getLang() === 'ja' ? '、' : ', ');
  if (you.waiting_for === 'plant') {
    return say(you.can_buy ? 'st_adv_nofit_buy' : 'st_adv_nofit', { bean: beanName(you.hand[0]), field: hv.field, what }, 'act');
  }
  const buy = you.can_buy ? t('adv_or_buy') : '';
  // the cards no field takes now (the engine's plant_traded_fields), named as before
  const fits = you.plant_traded_fields || {};
  const stuck = beans.filter((b) => !(fits[b] || []).length);
  const all = stuck.length ? '' : '_all';
  if (a.harvests > 1 && a.steps) {
    // two harvests or more: the whole plan at once, step by step as the engine orders it
    // (trial 4: "harvest field 1 first, then plant Chili, Stink" left out the second
    // harvest), short enough for a phone's header: the fields say what each harvest pays,
    // the line the plan's totals
    let last = null;
    const step = (st) => {
      if (st.step === 'harvest') { last = st.field; return t('adv_step_harvest', { field: st.field }); }
      const there = st.field === last;
      last = null;
      return t(there ? 'adv_step_plant_there' : 'adv_step_plant', { field: st.field, bean: beanName(st.bean) });
    };
    const plan = a.steps.map(step).join(t('adv_then'));
    const coins = a.steps.reduce((c, st) => c + (st.step === 'harvest' ? st.harvest_now : 0), 0);
    const r = say('st_adv_plan' + all, { stuck: list(stuck), k: a.harvests, plan, thrown: a.thrown,
      coins: t(coins === 1 ? 'adv_coins_1' : 'adv_coins', { n: coins }) }, 'act');
    return { ...r, text: r.text + buy };
  }
  // in the number of the cards of that bean to plant first (fourth trial: "drag it" for two)
  const n = (you.to_plant || []).filter((b) => b === a.bean).length;
  const r = a.step === 'plant'
    // every card fits some field but not all at once: after the harvest the others go in
    // (trial 5: "plant Chili, then harvest field 2" left out where Soy goes)
    ? say('st_adv_plant_then' + all + (n > 1 ? '_n' : ''), { bean: beanName(a.bean), field: hv.field, what, stuck: list(stuck), n,
      rest: counted(beans.filter((b) => b !== a.bean)) }, 'act')
    : say('st_adv_harvest' + all, { field: hv.field, what, beans: counted(beans), stuck: list(stuck) }, 'act');
  return { ...r, text: r.text + buy };
}

// -> {text, tone}: tone 'act' (this person must act), 'may' (may act), 'wait', 'over'
// askName: the page waits for the person to type a name (no connection yet); 'full': at the
// gate of a game whose every seat is taken; 'full_table': every seat taken, no game on
export function statusLine(view, room, me, askName = false) {
  return withSeatBot(tableLine(view, room, me, askName), view, room, me);
}

// Either game's line (this one's, farm/board.js farmStatus) when a bot plays my seat (its
// clock ran out in 3 turns in a row, or handed over while I was away: clock.py, any game): that
// said first, since nothing else on the board shows that my moves are not mine now and how to
// take the seat back (a person back at the keyboard read only "Bert is planting.")
export function withSeatBot(line, view, room, me) {
  const mine = room && me !== null && me !== undefined ? room.seats.find((s) => s.seat === me) : null;
  if (view && view.phase !== 'over' && mine && mine.bot && !mine.vacant) {
    return { text: t('st_bot_plays_you') + line.text, tone: 'act' };
  }
  return line;
}

// After a game, to someone watching (no seat) while a seat of the next game is free: how to
// play it (" A seat is free for the next game: Take a seat."), else nothing. The setup box then
// offers Take a seat (render/setup.js); the server seats a /join between games while fewer
// than the most players sit (room/commands.py join, room_full). A watcher read only "Game
// over: Ann won…", with no word that they could play the next one.
export function nextGameSeat(room, me) {
  if (!room || room.running || (me !== null && me !== undefined)) return '';
  return seatsForNextGame(room) < room.max_players ? t('st_over_free_seat') : '';
}

// the seats the next game is dealt for, as the server counts them (RoomInfo.start_seats; a
// room from an older server: its seats not vacant)
export function seatsForNextGame(room) {
  return room.start_seats ?? room.seats.filter((s) => !s.vacant).length;
}

function tableLine(view, room, me, askName) {
  if (!view) {
    if (!room) {
      if (!askName) return { text: t('st_connecting'), tone: 'wait' };
      const key = { full: 'st_name_full', full_table: 'st_name_full_table' }[askName] || 'st_name';
      return { text: t(key), tone: 'act' };
    }
    const seated = seatsForNextGame(room);
    const lo = room.min_players;
    const hi = room.max_players;
    if (me === null || me === undefined) {
      if (room.running) return { text: t('spectating'), tone: 'wait' };
      // the server's rule for a join before the start (room_full): the seats it would deal
      if (seated >= hi) return { text: t('st_watch_full', { n: seated, hi }), tone: 'wait' };
      return { text: t('st_pick_seat', { n: seated, lo, hi }), tone: 'may' };
    }
    if (room.start_ready === false || seated < lo) return { text: t('st_need_players', { n: seated, lo }), tone: 'wait' };
    // people and bots apart, as the seat list shows them (trial 4)
    const taken = room.seats.filter((s) => !s.vacant);
    const bots = taken.filter((s) => s.bot).length;
    const people = taken.length - bots;
    if (bots && taken.length === seated) {
      return { text: t(people === 1 ? 'st_ready_bots_me' : 'st_ready_bots', {
        people: t(people === 1 ? 'n_people_1' : 'n_people', { n: people }),
        bots: t(bots === 1 ? 'n_bots_1' : 'n_bots', { n: bots }) }), tone: 'act' };
    }
    return { text: t('st_ready', { n: seated }), tone: 'act' };
  }
  const you = view.you;
  const name = (i) => view.seats[i]?.name ?? `P${i}`;
  const active = view.active;
  const prefix = you ? '' : t('st_watching');
  const say = (key, vars, tone) => ({ text: prefix + t(key, vars), tone: you ? tone : 'wait' });

  if (view.phase === 'over') {
    const r = view.result || { winners: [], scores: [] };
    const best = Math.max(0, ...(r.scores || []));
    return { text: t('st_over', { names: names(view, r.winners || []), n: best }) + nextGameSeat(room, me), tone: 'over' };
  }
  if (view.rules && view.rules.duel) {
    // the 2-player bean duel (rules.md 3a): one turn in steps, no trading
    const mine = you && you.seat === active;
    if (view.phase === 'plant_offer') {
      if (!you) return say('st_watch_duel_offer', { name: name(active), other: name(1 - active) }, 'wait');
      return mine ? say('wf_plant_offer', {}, 'act') : say('st_duel_wait_offer', { name: name(active) }, 'wait');
    }
    if (view.phase === 'plant_revealed') {
      // R38 duel: after the final exhaustion this step is the last; the rest goes to nobody
      if (view.exhaustions >= view.passes_limit) {
        return mine ? say('wf_plant_revealed_last', {}, 'may') : say('st_duel_wait_revealed_last', { name: name(active) }, 'wait');
      }
      if (!you) return say('st_watch_duel_revealed', { name: name(active), other: name(1 - active) }, 'wait');
      return mine ? say('wf_plant_revealed', {}, 'may') : say('st_duel_wait_revealed', { name: name(active) }, 'wait');
    }
    if (view.phase === 'plant' && mine && you.plant_optional) {
      return say(view.planted >= 2 ? 'st_duel_planted_two' : 'wf_duel_plant', {}, 'may');
    }
    // the opponent (or a spectator) after one or two plants: the optional discard is open too
    if (view.phase === 'plant' && !mine && view.planted >= 1) {
      return say(view.planted >= 2 ? 'st_duel_wait_discard' : 'st_duel_wait_plant2', { name: name(active) }, 'wait');
    }
  }
  if (view.phase === 'plant') {
    if (you && you.waiting_for === 'plant') {
      const bean = beanName(you.hand[0]);
      const fits = (you.plant_fields || []).length > 0;
      if (you.plant_optional) return say(fits ? 'st_plant_second' : 'st_plant_second_nofit', { bean }, 'may');
      if (fits) return say('st_plant', { bean }, 'act');
      const adv = adviceLine(you, [you.hand[0]], say);
      if (adv) return adv;
      return say(you.can_buy ? 'st_plant_nofit_buy' : 'st_plant_nofit', { bean }, 'act');
    }
    const w = (view.waiting || [])[0];
    return say(w && w.optional ? 'st_wait_plant2' : 'st_wait_plant', { name: name(active) }, 'wait');
  }
  if (view.phase === 'trade') {
    const d = view.deal;
    if (d) {
      const mine = you && (you.seat === d.active || you.seat === d.other);
      if (mine) {
        const other = you.seat === d.active ? d.other : d.active;
        if (you.waiting_for === 'provide') {
          if (you.deal_auto_cards) return say('st_provide_auto', { cards: cardsText(you.deal_owes || {}), name: name(other) }, 'wait');
          return say('st_provide', { cards: cardsText(you.deal_owes || {}), name: name(other) }, 'act');
        }
        return say('st_deal_wait', { name: name(other), cards: cardsText(d.owes[String(other)] || {}) }, 'wait');
      }
      return say('st_deal_watch', { a: name(d.active), b: name(d.other), n: d.offer }, 'wait');
    }
    const accept = (you && you.can_accept) || [];
    if (you && you.seat === active) {
      // a yes to my own offer (the view's "answers"), the newest first: name who said yes
      const yes = view.offers.filter((o) => accept.includes(o.id) && o.answers !== null && o.answers !== undefined &&
        view.offers.some((x) => x.id === o.answers && x.owner === active)).pop();
      if (yes) return say('st_yes_to_yours', { name: name(yes.owner), of: yes.answers, n: yes.id }, 'act');
      // every other seat is not interested (the view's passed markers, R28)
      const others = view.seats.map((_, i) => i).filter((i) => i !== active);
      if (others.length && others.every((i) => view.seats[i]?.passed)) {
        return accept.length ? say('st_all_passed_k', { k: accept.length }, 'act') : say('st_all_passed', {}, 'act');
      }
      // my own offer of this turn aimed at one seat that has not passed: whom I wait for (trial
      // 5: a non-active player's status said so, the active player's did not), the newest
      const aimed = view.offers.filter((o) => o.owner === active && o.to !== null && o.to !== undefined &&
        o.turn === view.turn && !view.seats[o.to]?.passed).pop();
      if (!accept.length && aimed) return say('st_trade_active_aimed', { n: aimed.id, name: name(aimed.to) }, 'may');
      return accept.length ? say('st_trade_active_k', { k: accept.length }, 'act') : say('st_trade_active', {}, 'act');
    }
    if (you) {
      const waiting = (you.offer_notes || []).filter((n) => n.note === 'waiting').map((n) => n.id).reverse();
      // an offer of the active player I may accept, made after my newest waiting one (a
      // counter to mine, a gift): named before "your offer waits" (newuser18: Bob's counter
      // "to Ann only" stood in the market with its Accept while Ann's line said only that her
      // own offer waited for Bob)
      const counter = waiting.length && view.offers.filter((o) => o.owner === active && o.id > waiting[0] &&
        accept.includes(o.id)).pop();
      if (counter) {
        const gift = counter.want !== '?' && !sideEntries(counter.want).length;   // R30: nothing back
        return say(gift ? 'st_gift_beside_yours' : 'st_offer_beside_yours', { name: name(active), n: counter.id, list: waiting.map((n) => '#' + n).join(', ') }, 'may');
      }
      if (waiting.length === 1) {
        const copy = view.offers.find((o) => o.id === waiting[0])?.answers;
        return say(copy ? 'st_your_copy_waiting' : 'st_copy_waiting', { n: waiting[0], name: name(active), of: copy }, 'wait');
      }
      if (waiting.length) return say('st_copies_waiting', { list: waiting.map((n) => '#' + n).join(', '), name: name(active) }, 'wait');
      if (view.seats[you.seat]?.passed) {
        // an offer aimed at me since (its "to"), that the engine lets me accept: the newest
        const aimed = view.offers.filter((o) => o.to === you.seat && accept.includes(o.id)).pop();
        if (aimed) {
          const gift = aimed.want !== '?' && !sideEntries(aimed.want).length;   // R30: nothing back
          return say(gift ? 'st_passed_gift_for_you' : 'st_passed_offer_for_you', { name: name(aimed.owner), n: aimed.id }, 'may');
        }
        // any other offer I may still accept (can_accept): the newest (trial 4 item 7)
        const open = view.offers.filter((o) => accept.includes(o.id)).pop();
        if (open) return say('st_passed_open', { name: name(open.owner), n: open.id }, 'may');
        return say('st_passed', { name: name(active) }, 'wait');
      }
      // the active player's prompt of this turn ('?': a card I pick, offer.js), mine to
      // answer: said, as its Answer button stands in the market, maybe scrolled out of view
      // (newuser17: the line said only "click cards to build an offer" under four old offers)
      const ask = !accept.length && view.offers.filter((o) => o.owner === active && o.turn === view.turn &&
        (o.give === '?' || o.want === '?') && (you.party_offers || []).includes(o.id)).pop();
      if (ask) return say('st_trade_other_ask', { name: name(active), n: ask.id }, 'may');
      return say(accept.length ? 'st_trade_other_k' : 'st_trade_other', { name: name(active) }, 'may');
    }
    // a watcher has no offer builder and no Not interested: only what the table waits for
    return say('st_watch_trade', { name: name(active) }, 'wait');
  }
  // phase 3
  if (you && you.waiting_for === 'plant_traded') {
    // the engine's plant_traded_fields over ALL the cards to plant (R33): while some card
    // fits a field, say which to plant; only when none fits, say harvest (R15)
    const fits = you.plant_traded_fields || {};
    const beans = [...new Set(you.to_plant)];
    const fit = beans.filter((b) => (fits[b] || []).length);
    const stuck = beans.filter((b) => !(fits[b] || []).length);
    const list = (bs) => bs.map(beanName).join(getLang() === 'ja' ? '、' : ', ');
    const adv = adviceLine(you, beans, say);
    if (adv) return adv;
    if (!fit.length) return say(you.can_buy ? 'st_plant_traded_nofit' : 'st_plant_traded_nofit_h', { bean: list(stuck) }, 'act');
    if (stuck.length) {
      // each sentence in the number of its cards, as the engine's hint counts them
      const nFit = you.to_plant.filter((b) => fit.includes(b)).length;
      const nStuck = you.to_plant.length - nFit;
      const first = t(nFit > 1 ? 'st_pt_first_n' : 'st_pt_first_1', { fit: list(fit), n: nFit });
      const then = t((you.can_buy ? 'st_pt_then_buy' : 'st_pt_then') + (nStuck > 1 ? '_n' : '_1'), { stuck: list(stuck), n: nStuck });
      return { text: first + (getLang() === 'ja' ? '' : ' ') + then, tone: 'act' };
    }
    return say(you.to_plant.length === 1 ? 'st_plant_traded_1' : 'st_plant_traded', { n: you.to_plant.length }, 'act');
  }
  const seats = (view.waiting || []).filter((w) => w.for === 'plant_traded').map((w) => w.seat);
  return say(seats.length === 1 ? 'st_wait_plant_traded_1' : 'st_wait_plant_traded', { names: names(view, seats) }, 'wait');
}

// The reason an offer note gives, for the market (null: nothing to say).
export function noteText(note, view) {
  const name = (i) => view.seats[i]?.name ?? `P${i}`;
  const you = view.you;
  if (!note) return null;
  switch (note.note) {
    case 'open': return t('note_open');
    case 'open_to': return t('note_open_to', { name: name(note.seat) });
    case 'waiting': return t('note_waiting', { name: name(view.active) });
    case 'answered': return t(note.in_deal ? 'note_answered_in_deal' : 'note_answered', { n: note.copy, name: name(view.active) });
    case 'deal': return t('note_deal');
    case 'ask': return t('note_ask');
    case 'accept': return null;
    case 'refused':
      switch (note.code) {
        case 'cannot_provide':
          return note.seat === you?.seat ? t('note_lacks_you', { cards: cardsText(note.missing) })
            : t('note_lacks', { name: name(note.seat), cards: cardsText(note.missing) });
        case 'not_active_party': return t('note_for', { name: name(view.active) });
        case 'not_for_you': {
          const mine = view.offers.find((o) => o.id === note.id)?.owner === you?.seat;
          return t(mine ? 'note_not_for_you_mine' : 'note_not_for_you', { name: name(note.seat) });
        }
        case 'wrong_phase': return t('note_phase2');
        case 'deal_in_progress': return t('note_after_deal');
        case 'too_many_offers': return t('note_too_many');
        default: return null;
      }
    default: return null;
  }
}
