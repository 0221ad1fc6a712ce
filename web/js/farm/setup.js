// Before the start: which game the room deals (/option game), and the farm game's parameter
// set: its name and hash, one key at a time (/option param KEY VALUE), a whole file
// (/option params TOML, read in the browser and sent as text) or the shipped set.
import { h } from '../dom.js';
import { act, setOption } from '../store.js';
import { ft } from './words.js';
import { showError } from '../feedback.js';

// A parameter file as sent: comments, blank lines and runs of spaces outside strings left
// out, so a whole farm.toml fits in one message (the server's max_frame_bytes, 4096).
export function compactToml(text) {
  const out = [];
  for (const line of text.split(/\r?\n/)) {
    let s = '';
    let quote = null;
    for (const ch of line) {
      if (quote) { s += ch; if (ch === quote) quote = null; continue; }
      if (ch === '"' || ch === "'") { quote = ch; s += ch; continue; }
      if (ch === '#') break;
      if ((ch === ' ' || ch === '\t') && (s.endsWith(' ') || s === '')) continue;
      s += ch === '\t' ? ' ' : ch;
    }
    s = s.trimEnd();
    if (s) out.push(s);
  }
  return out.join('\n');
}
const MAX_BYTES = 4000;   // the frame limit less the say's own JSON

export function gameChoice(r) {
  const current = r.game?.game || 'bohnanza';
  const sel = h('select', { id: 'opt-game', 'aria-label': ft('game') },
    h('option', { value: 'bohnanza', text: ft('game_bohnanza') }), h('option', { value: 'farm', text: ft('game_farm') }));
  sel.value = current;
  sel.addEventListener('change', () => setOption(`/option game ${sel.value}`, sel));
  return h('div', { class: 'options game-choice' }, h('label', {}, ft('game') + ' ', sel));
}

// what is typed in the parameter fields survives a redraw of the setup (states keep coming)
const typed = { key: '', value: '' };

export function farmOptions(r) {
  const g = r.game || {};
  const box = h('div', { class: 'options farm-options' });
  box.append(h('div', { class: 'params-id', id: 'params-id', text: ft('params', { name: g.params_name, hash: g.params_hash }) }));
  const key = h('input', { id: 'param-key', placeholder: 'facilities.field.price', 'aria-label': ft('param_key'), autocomplete: 'off' });
  const value = h('input', { id: 'param-value', placeholder: '[5, 10, 15]', 'aria-label': ft('param_value'), autocomplete: 'off' });
  key.value = typed.key;
  value.value = typed.value;
  key.addEventListener('input', () => { typed.key = key.value; });
  value.addEventListener('input', () => { typed.value = value.value; });
  const set = h('button', { class: 'btn', type: 'button', id: 'param-set' }, ft('param_set'));
  set.addEventListener('click', () => {
    if (typed.key.trim() && typed.value.trim()) act(`/option param ${typed.key.trim()} ${typed.value.trim()}`, set);
  });
  box.append(h('div', { class: 'param-row' }, key, value, set));
  const file = h('input', { type: 'file', id: 'param-file', accept: '.toml,text/plain', 'aria-label': ft('param_file') });
  file.addEventListener('change', async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    let text = compactToml(await f.text());
    // the set is named after the file unless it names itself (bohnanza.farm.params)
    if (!/^name ?=/m.test(text)) text = `name = ${JSON.stringify(f.name.replace(/\.toml$/i, ''))}\n` + text;
    const say = `/option params ${text}`;
    const bytes = new TextEncoder().encode(JSON.stringify({ type: 'say', id: 0, text: say })).length;
    file.value = '';
    if (bytes > MAX_BYTES) { showError(file, ft('param_too_big', { n: bytes, max: MAX_BYTES })); return; }
    act(say, file);
  });
  const reset = h('button', { class: 'btn small', type: 'button', id: 'param-default' }, ft('param_default'));
  reset.addEventListener('click', () => act('/option params default', reset));
  box.append(h('label', { class: 'param-file' }, ft('param_file') + ' ', file), reset);
  box.append(h('div', { class: 'hint-text', text: ft('farm_waiting') }));
  return box;
}
