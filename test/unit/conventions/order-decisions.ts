/**
 * Where code outside the order's life decides about an order, a cancellation, a bulk
 * batch or a bulk row itself instead of asking src/background/order-life/: a comparison
 * of a state (or a row's status) with one of their names, a `case` on one, a list of
 * them, or a state set imported from the shared record module; in a page also a
 * membership test of a state (the background's own membership tests are against the
 * sets order-life gives it, and a list of states is caught where it is written). Read
 * from the text of the sources, which are this project's, written in one style.
 */
import { CANCELLATION_STATES, ORDER_STATES } from '../../../src/shared/order-record.ts';

/** The folders of the pages. */
const PAGES = ['src/popup/', 'src/options/', 'src/bulk/'];
/** The background, but for the order's life, which alone may name states. */
const BACKGROUND = 'src/background/';
const LIFE = 'src/background/order-life/';

/** A bulk batch's states and a bulk row's marks (src/shared/bulk/types.ts). */
const BULK_NAMES = ['running', 'paused', 'stopped', 'done', 'waiting', 'handed', 'refused'];
const names = [...new Set([...ORDER_STATES, ...CANCELLATION_STATES, ...BULK_NAMES])].join('|');
const literal = `['"\`](?:${names})['"\`]`;
const CHECKS: [string, RegExp, 'pages' | 'everywhere'][] = [
  [
    'compares a state',
    new RegExp(
      `\\.(?:state|status)\\s*[!=]==?\\s*${literal}|${literal}\\s*[!=]==?\\s*[\\w.?]*\\.(?:state|status)\\b`,
    ),
    'everywhere',
  ],
  ['cases on a state', new RegExp(`case\\s+${literal}\\s*:`), 'everywhere'],
  [
    'lists states',
    new RegExp(`\\[[^\\[\\]]*${literal}[^\\[\\]]*${literal}[^\\[\\]]*\\]`),
    'everywhere',
  ],
  ['tests membership of a state', /\.(?:includes|has)\(\s*[\w.?]*\.state\s*\)/, 'pages'],
  [
    'imports a state grouping or predicate',
    /\b(?:IN_FLIGHT_STATES|WATCHED_STATES|IN_FLIGHT_CANCELLATION_STATES|needsAttention|isInFlight|isPlaced|phaseOf)\b/,
    'pages',
  ],
];

const isPage = (file: string) => PAGES.some((dir) => file.startsWith(dir));
const scanned = (file: string) =>
  isPage(file) || (file.startsWith(BACKGROUND) && !file.startsWith(LIFE));

/** Each file outside the order's life that decides about a state: `file:line what`. */
export function orderDecisions(sources: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(sources)) {
    if (!scanned(file)) continue;
    text.split('\n').forEach((line, index) => {
      if (/^\s*(\*|\/\/)/.test(line)) return;
      for (const [what, pattern, where] of CHECKS)
        if ((where === 'everywhere' || isPage(file)) && pattern.test(line))
          found.push(`${file}:${index + 1} ${what}`);
    });
  }
  return found;
}
