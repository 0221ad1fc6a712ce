// A question before an action that loses something (trial 3: a harvest for 0 coins went out
// with no word): a modal dialog, answered by mouse, touch or keyboard (Enter / the focused
// button says yes, Escape says no). One at a time; it lives outside the re-rendered boxes.
import { h } from './dom.js';
import { t } from './i18n.js';
import { focusSpot, restoreFocus } from './focus.js';

let open = null;

// -> Promise<boolean>: true when the person said yes.
export function askConfirm(text, yes) {
  if (open) open.close('no');
  const ok = h('button', { class: 'btn primary', type: 'button', id: 'confirm-yes', text: yes });
  const no = h('button', { class: 'btn', type: 'button', id: 'confirm-no', text: t('cancel') });
  const dlg = h('dialog', { class: 'confirm-box', id: 'confirm', 'aria-labelledby': 'confirm-text' },
    h('p', { id: 'confirm-text', text }), h('div', { class: 'confirm-btns' }, ok, no));
  // the control that asked: the dialog gives the focus back to it, or to its copy when a
  // state drew it anew meanwhile (the browser's own return found it gone: the body)
  const asker = focusSpot();
  document.body.append(dlg);
  open = dlg;
  return new Promise((resolve) => {
    ok.addEventListener('click', () => dlg.close('yes'));
    no.addEventListener('click', () => dlg.close('no'));
    // a tap or click on the shade outside the box says no
    dlg.addEventListener('click', (e) => { if (e.target === dlg) dlg.close('no'); });
    dlg.addEventListener('close', () => {
      if (open === dlg) open = null;
      dlg.remove();
      restoreFocus(asker);
      resolve(dlg.returnValue === 'yes');
    });
    dlg.showModal();
    ok.focus();
  });
}
