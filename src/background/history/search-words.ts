/**
 * The history's search answers from an index of words: finding an order costs what it
 * finds, not the history's size. Each order's words sit in a small row of their own (the
 * `words` store), written only when they change, so a change of state never rewrites them.
 * An order matches when each word of the search begins one of its words: those of its
 * title, product ids, merchant order ids, request id and local id, without case or
 * accents; a word also counts from each of its parts on ("112-3456789" is found by "112"
 * and by "3456789", "B0LAMP0005" by "lamp").
 */
import type { OrderRecord } from '../../shared/order-record.ts';

/** One order's words, keyed by [createdAt, localId]: a search sorts by key, not by record. */
export type WordsRow = { createdAt: number; localId: string; words: string[] };

export type Searched = Pick<
  OrderRecord,
  'localId' | 'createdAt' | 'requestId' | 'title' | 'productIds' | 'merchantOrderIds'
>;

const RUN = /\p{L}+|\p{N}+/gu;
const EDGES = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** Text without case or accents, so "Café" is found by "cafe". */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Each whitespace-separated token of a title or id, trimmed of punctuation, from each
 * run of letters or of digits on: "112-3456789-1234567" gives itself, "3456789-1234567"
 * and "1234567"; "B0LAMP0005" gives "lamp0005" and "0005" among others. So a part of a
 * word, or a run of parts, begins one of its words.
 */
function wordsIn(text: string, into: Set<string>): void {
  for (const token of folded(text).split(/\s+/)) {
    const whole = token.replace(EDGES, '');
    for (const run of whole.matchAll(RUN)) into.add(whole.slice(run.index));
  }
}

/**
 * An order's words, as the index keeps them. Its local and request ids, long and of no
 * parts anyone reads aloud, count whole only.
 */
export function wordsOf(order: Searched): string[] {
  const words = new Set<string>();
  const { localId, requestId, title, productIds, merchantOrderIds } = order;
  for (const text of [title, ...productIds, ...merchantOrderIds]) if (text) wordsIn(text, words);
  for (const id of [localId, requestId]) if (id) words.add(folded(id));
  return [...words];
}

/** Whether each of `words` begins one of the order's: what the index tells, on a record. */
export function hasWords(order: Searched, words: readonly string[]): boolean {
  const own = wordsOf(order);
  return words.every((word) => own.some((each) => each.startsWith(word)));
}

/** The row the `words` store keeps for an order. */
export function wordsRow(order: Searched): WordsRow {
  return { createdAt: order.createdAt, localId: order.localId, words: wordsOf(order) };
}

/** Whether an order's change left what its row is made of as it was: then it is not written. */
export function sameWords(before: Searched, after: Searched): boolean {
  const made = (o: Searched) =>
    JSON.stringify([
      o.createdAt,
      o.localId,
      o.requestId,
      o.title,
      o.productIds,
      o.merchantOrderIds,
    ]);
  return made(before) === made(after);
}

/**
 * The words a search asks for, without those another of them begins (each must begin
 * a word of the order, so "lamp" says nothing "lamps" does not). None for a search of
 * punctuation alone.
 */
export function searchWords(search: string): string[] {
  const tokens = folded(search).split(/\s+/);
  const words = [...new Set(tokens.map((token) => token.replace(EDGES, '')))].filter(Boolean);
  return words.filter((word) => !words.some((other) => other !== word && other.startsWith(word)));
}

/** The index range of every word that begins with `word` (U+FFFF sorts after any unit). */
export function startingWith(word: string): IDBKeyRange {
  return IDBKeyRange.bound(word, `${word}\uffff`);
}
