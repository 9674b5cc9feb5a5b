/**
 * Where a page decides about an order itself instead of rendering what the background
 * answered (`life` on every order it sends): a comparison of a state with an order or
 * cancellation state, a list of such states, a membership test of a state, or a state
 * grouping or predicate imported from the shared record module. Read from the text of
 * the sources, which are this project's, written in one style.
 */
import { CANCELLATION_STATES, ORDER_STATES } from '../../../src/shared/order-record.ts';

/** The folders of the pages. */
export const PAGES = ['src/popup/', 'src/options/', 'src/bulk/'];

const names = [...new Set([...ORDER_STATES, ...CANCELLATION_STATES])].join('|');
const literal = `['"\`](?:${names})['"\`]`;
const CHECKS: [string, RegExp][] = [
  [
    'compares a state',
    new RegExp(`\\.state\\s*[!=]==?\\s*${literal}|${literal}\\s*[!=]==?\\s*[\\w.?]*\\.state\\b`),
  ],
  ['cases on a state', new RegExp(`case\\s+${literal}\\s*:`)],
  ['lists states', new RegExp(`\\[[^\\[\\]]*${literal}[^\\[\\]]*${literal}[^\\[\\]]*\\]`)],
  ['tests membership of a state', /\.(?:includes|has)\(\s*[\w.?]*\.state\s*\)/],
  [
    'imports a state grouping or predicate',
    /\b(?:IN_FLIGHT_ORDER_STATES|PLACED_ORDER_STATES|IN_FLIGHT_CANCELLATION_STATES|needsAttention)\b/,
  ],
];

/** Each page file that decides about an order, with what it does: `file:line what`. */
export function orderDecisions(sources: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of Object.entries(sources)) {
    if (!PAGES.some((dir) => file.startsWith(dir))) continue;
    text.split('\n').forEach((line, index) => {
      if (/^\s*(\*|\/\/)/.test(line)) return;
      for (const [what, pattern] of CHECKS)
        if (pattern.test(line)) found.push(`${file}:${index + 1} ${what}`);
    });
  }
  return found;
}
