// The seat tokens this browser holds, one per room (localStorage): net.js stores the one a
// welcome gives and forgets one that holds no seat; the room page asks whether it has one; the
// lobby lists the rooms they are for ("your seat"). The key is spelled here only.
const PREFIX = 'bohnanza.token.';

export const tokenKey = (room) => PREFIX + room;

// the rooms this browser holds a seat's token for
export function tokenRooms() {
  const out = new Set();
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k && k.startsWith(PREFIX) && localStorage.getItem(k)) out.add(k.slice(PREFIX.length));
  }
  return out;
}
