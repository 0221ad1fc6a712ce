// The turn clock on the board (/option clock): each seat's deadline comes from the server
// (room.seats[i].deadline, Unix seconds) with the server's own time (room.now); the board only
// counts down between states, correcting for the difference between the two clocks.
import { S } from './store.js';

// Seconds left before `deadline` (server time), as this page's clock says now.
export function secondsLeft(deadline, now = Date.now() / 1000) {
  return Math.max(0, deadline - (now - (S.clockSkew || 0)));
}

export function clockText(deadline) {
  const s = Math.ceil(secondsLeft(deadline));
  const m = Math.floor(s / 60);
  return m ? `${m}:${String(s % 60).padStart(2, '0')}` : `${s}s`;
}

// A state arrived: remember how far this page's clock is from the server's.
export function noteServerTime(room) {
  if (room && typeof room.now === 'number') S.clockSkew = Date.now() / 1000 - room.now;
}

// Refresh every countdown on the page (called every second and after each render).
export function tickClocks(root = document) {
  for (const el of root.querySelectorAll('[data-deadline]')) {
    const d = Number(el.dataset.deadline);
    el.querySelector('.clock-text').textContent = clockText(d);
    el.classList.toggle('low', secondsLeft(d) <= 10);
  }
}
