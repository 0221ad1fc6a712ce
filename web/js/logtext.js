// Game-log lines and rejection messages: the server writes them in the language this page
// said it reads (hello.lang, and lang after a switch), so the page shows their text as is.
import { t } from './i18n.js';

export function logText(entry) {
  return entry.text || entry.kind;
}

// A rejection's message (the server's, in the page's language); the page's own (no
// connection) from its catalogue.
export function errorText(reply) {
  // a command the connection took away unanswered: perhaps done, perhaps not (break11: the
  // page said "Disconnected" of a plant the server had made); the board that comes back shows
  if (reply.code === 'disconnected') return t(reply.sent ? 'disconnected_sent' : reply.final ? 'not_sent_final' : 'not_sent');
  return reply.message || reply.code || 'error';
}
