// Rejection messages shown where the person acted: one at a time, a new one replaces the
// one still showing (two never overlap).
import { h } from './dom.js';
import { t } from './i18n.js';
import { icon } from './icons.js';
import { isTouch } from './dom.js';

// News at the top of the screen (#news in the sticky top bar's empty stretch: above the fold
// at any scroll, over no control, and no taller than the bar's row, so nothing moves when it
// comes or goes): what a harvest earned (issue 10 h, trial 3), a bought field 3 (trial 4).
// Trial 4: the phone's news was gone before it could be tapped open. On a touch screen the
// lines stay until the next news or the close button; with a mouse NEWS_MS, the clock
// stopped while the pointer rests on them or they are open.
const NEWS_MS = 15000;
const NEWS_SHOWN = 2;
let newsTimer = null;
function hideLater(box) {
  clearTimeout(newsTimer);
  newsTimer = null;
  if (isTouch() || box.classList.contains('open') || box.matches(':hover')) return;
  newsTimer = setTimeout(() => { box.hidden = true; }, NEWS_MS);
}
export function showNews(lines) {
  const box = document.getElementById('news');
  if (!box || !lines.length) return;
  const close = h('button', { class: 'btn small news-close', type: 'button', title: t('news_close'), 'aria-label': t('news_close') }, icon('close'));
  close.addEventListener('click', () => { clearTimeout(newsTimer); box.hidden = true; });
  // cut to one line; a tap, click or Enter shows it whole below (a touch screen has no title).
  // At most NEWS_SHOWN lines side by side, the others counted ("+4 more"): the game's end
  // sells every field (R39), and a line per field squeezed into the bar read "Bob …" each
  const body = h('div', { class: 'news-lines', id: 'news-lines', role: 'button', tabindex: '0', 'aria-expanded': 'false' },
    ...lines.map((l, i) => h('div', { class: 'news-line' + (l.mine ? ' mine' : '') + (i >= NEWS_SHOWN ? ' news-extra' : '') },
      l.coins ? h('b', { class: 'news-coins', text: l.coins }) : null, l.coins ? ' ' : null, l.text)));
  // The lines past NEWS_SHOWN are out of sight only (board.css): a screen reader reads every
  // line, where it heard "plus 6 more" and the two first (a screen reader player's note); the
  // count's button is named for what it does, "Show all 8 lines"
  const extra = lines.length - NEWS_SHOWN;
  const more = extra > 0 ? h('button', { class: 'btn small news-more', type: 'button', title: t('news_more_title', { n: extra }),
    'aria-label': t('news_more_label', { n: lines.length }), 'aria-expanded': 'false', 'aria-controls': 'news-lines' },
  t('news_more', { n: extra })) : null;
  const toggle = () => {
    const open = box.classList.toggle('open');
    for (const el of [body, more]) el?.setAttribute('aria-expanded', open ? 'true' : 'false');
    hideLater(box);
  };
  body.addEventListener('click', toggle);
  if (more) more.addEventListener('click', toggle);
  body.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(); } });
  box.classList.remove('open');
  box.replaceChildren(...[body, more, close].filter(Boolean));
  box.title = lines.map((l) => (l.coins ? l.coins + ' ' : '') + l.text).join('\n');
  box.hidden = false;
  if (!box.dataset.watched) {       // once: the pointer on the news stops its clock
    box.dataset.watched = '1';
    box.addEventListener('mouseenter', () => { clearTimeout(newsTimer); newsTimer = null; });
    box.addEventListener('mouseleave', () => { if (!box.hidden) hideLater(box); });
  }
  hideLater(box);
}

// The news put away at once (a new game begins: the last game's final sales stayed at the top
// of the new one, on a touch screen until closed; user11's trial).
export function hideNews() {
  const box = document.getElementById('news');
  if (!box) return;
  clearTimeout(newsTimer);
  newsTimer = null;
  box.classList.remove('open');
  box.hidden = true;
}

// An earlier refusal's message, gone once a later command is accepted (a new user's report:
// it stayed about 5 s after the next command had gone through).
export function clearErrors() {
  for (const old of document.querySelectorAll('.error-bubble')) old.remove();
}

// anchor: an Element or a DOMRect captured when the person acted.
export function showError(anchor, message) {
  const rect = anchor instanceof Element ? anchor.getBoundingClientRect() : anchor;
  clearErrors();
  const bubble = h('div', { class: 'error-bubble', role: 'alert', text: message });
  document.body.append(bubble);
  const bw = Math.min(320, window.innerWidth - 16);
  bubble.style.maxWidth = bw + 'px';
  let left = rect ? rect.left + rect.width / 2 - bw / 2 : window.innerWidth / 2 - bw / 2;
  left = Math.max(8, Math.min(window.innerWidth - bw - 8, left));
  let top = rect ? rect.bottom + 6 : 60;
  if (top > window.innerHeight - 80) top = Math.max(8, (rect ? rect.top : 60) - 70);
  bubble.style.left = left + 'px';
  bubble.style.top = top + 'px';
  const kill = () => bubble.remove();
  setTimeout(() => bubble.classList.add('fade'), 4000);
  setTimeout(kill, 4800);
  bubble.addEventListener('click', kill);
  return bubble;
}
