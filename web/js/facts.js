// The game's facts as the engine and the bots package write them, fetched once from the
// server (/api/facts) before the board renders: bean slugs in catalogue order with their names
// per language, the presets with their player ranges, the bot policies and the default one.
const res = await fetch('/api/facts');
if (!res.ok) throw new Error(`/api/facts: ${res.status}`);
export const FACTS = await res.json();
