import type { IDBPDatabase, IDBPIndex, IDBPTransaction } from 'idb';
import type { OrderRecord, OrderState } from '../../shared/order-record.ts';
import { CANCELLABLE_STATES } from '../order-life/cancellation-phases.ts';
import { IN_FLIGHT_STATES } from '../order-life/phases.ts';
import { type HistorySchema, WORDS_BELOW } from './db.ts';
import { withSchedules } from './order-writes.ts';
import { hasWords, searchWords, startingWith } from './search-words.ts';

/**
 * The groups of states a query may name, as the order's life answers them: what is in
 * flight, and what can be cancelled (a page then keeps those whose life offers Cancel).
 */
type StateGroup = 'in_flight' | 'cancellable';
const STATE_GROUPS: Record<StateGroup, readonly OrderState[]> = {
  in_flight: IN_FLIGHT_STATES,
  cancellable: CANCELLABLE_STATES,
};
const isGroup = (state: OrderState | StateGroup): state is StateGroup => state in STATE_GROUPS;

export interface OrderQuery {
  state?: OrderState | StateGroup;
  retailer?: string;
  batchId?: string;
  /** createdAt in [from, to) (unix ms). */
  from?: number;
  to?: number;
  /** Words each of which begins a word of the order's (search-words.ts says which). */
  search?: string;
  /** Default 50. */
  limit?: number;
  /** Paging: createdAt < before. */
  before?: number;
}

/** A page of orders, newest first, and the `before` of the next page while any may be left. */
export interface OrderPage {
  orders: OrderRecord[];
  next?: number;
}

/**
 * Records a filtered page reads at most per index range: a search through a long
 * history goes a page at a time, each a short transaction that never holds the history.
 */
export const PAGE_READS = 5_000;

const MAX_TIME = Number.MAX_SAFE_INTEGER;
/** Records read at a time when a filter may reject most of them. */
const FILTERED_BATCH = 200;

type OrdersIndex = IDBPIndex<
  HistorySchema,
  ('orders' | 'schedules')[],
  'orders',
  keyof HistorySchema['orders']['indexes']
>;

/**
 * Walks an index range [lower, upper) from the highest key down, in batches of about
 * `size`: a key cursor jumps to where a batch ends and one getAll reads it, a few
 * requests per batch instead of one per record. Records sharing the key at a batch's
 * end all go in that batch, so none is skipped or repeated.
 */
async function* newestFirst(
  index: OrdersIndex,
  lower: IDBValidKey,
  upper: IDBValidKey,
  size: number,
): AsyncGenerator<OrderRecord[]> {
  let top = upper;
  for (;;) {
    const first = await index.openKeyCursor(IDBKeyRange.bound(lower, top, false, true), 'prev');
    if (!first) return;
    const last = size > 1 ? await first.advance(size - 1) : first;
    const bottom = last ? last.key : lower;
    yield (await index.getAll(IDBKeyRange.bound(bottom, top, false, true))).reverse();
    // Past the lower bound nothing is left, and an empty range cannot even be made.
    if (!last || !IDBKeyRange.lowerBound(lower, true).includes(bottom)) return;
    top = bottom;
  }
}

/**
 * Newest first: a search from the words index, anything else from the narrowest index
 * by time. A filtered query stops after about `reads` records; `next` then says where
 * to go on from.
 */
export async function queryOrders(
  db: IDBPDatabase<HistorySchema>,
  query: OrderQuery,
  reads = Number.POSITIVE_INFINITY,
): Promise<OrderPage> {
  const limit = Math.floor(query.limit ?? 50);
  const from = query.from ?? 0;
  const to = Math.min(query.to ?? MAX_TIME, query.before ?? MAX_TIME);
  // Written so that NaN, which no key range accepts, also answers nothing.
  if (!(limit > 0) || !(from < to)) return { orders: [] };
  const words = query.search ? searchWords(query.search) : [];
  const { state } = query;
  const states = state === undefined ? undefined : isGroup(state) ? STATE_GROUPS[state] : [state];
  const { batchId, retailer } = query;
  const wanted = (order: OrderRecord) =>
    (!states || states.includes(order.state)) &&
    (!retailer || order.retailer === retailer) &&
    (!batchId || order.batchId === batchId);

  const bounds = { from, to, limit, reads };
  const tx = db.transaction(['orders', 'schedules', 'words', 'meta']);
  // Until the words of the orders an older version kept are written, a search walks.
  const indexed = words.length > 0 && !(await tx.objectStore('meta').get(WORDS_BELOW));
  const { found, stopped } = indexed
    ? await searchPage(tx, words, bounds, states || retailer || batchId ? wanted : undefined)
    : words.length > 0
      ? await walkPage(tx, query, bounds, states, (o) => wanted(o) && hasWords(o, words), true)
      : await walkPage(tx, query, bounds, states, wanted);
  // What lies below where a range stopped is the next page's, from every range alike.
  const page = found
    .filter((order) => stopped === undefined || order.createdAt >= stopped)
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, limit);
  const orders = await withSchedules(tx.objectStore('schedules'), page);
  await tx.done;
  const next = orders.length >= limit ? orders.at(-1)?.createdAt : stopped;
  return next === undefined ? { orders } : { orders, next };
}

type QueryTx = IDBPTransaction<
  HistorySchema,
  ('orders' | 'schedules' | 'words' | 'meta')[],
  'readonly'
>;
/** A page's bounds: createdAt in [from, to), at most `limit` orders and about `reads` read. */
type Bounds = { from: number; to: number; limit: number; reads: number };
/** What a page found, and the time a walk stopped at before the end (all above it was read). */
type Found = { found: OrderRecord[]; stopped?: number | undefined };

/**
 * A page of orders whose words begin with each of `words`: the keys of each word's
 * matches come from the words index, read as keys alone ([createdAt, localId], which
 * sort newest first without a record read), and only the orders the page takes are read.
 * `wanted`, when other filters apply, is checked on records read a batch at a time.
 */
async function searchPage(
  tx: QueryTx,
  words: readonly string[],
  { from, to, limit, reads }: Bounds,
  wanted?: (order: OrderRecord) => boolean,
): Promise<Found> {
  const index = tx.objectStore('words').index('words');
  const each = await Promise.all(words.map((word) => index.getAllKeys(startingWith(word))));
  // The fewest matches are walked; the other words' matches only confirm them.
  each.sort((a, b) => a.length - b.length);
  const [fewest = [], ...others] = each;
  const alsoIn = others.map((keys) => new Set(keys.map(([, localId]) => localId)));
  const taken = new Set<string>();
  const hits = fewest
    .filter(([createdAt, localId]) => {
      if (!(createdAt >= from && createdAt < to) || taken.has(localId)) return false;
      taken.add(localId);
      return alsoIn.every((keys) => keys.has(localId));
    })
    .sort(([a, x], [b, y]) => b - a || (x < y ? 1 : x > y ? -1 : 0));
  const orders = tx.objectStore('orders');
  const found: OrderRecord[] = [];
  const size = wanted ? Math.max(limit, FILTERED_BATCH) : limit;
  for (let at = 0; at < hits.length && found.length < limit; ) {
    // A batch takes in every hit of its last time, so where it ends no tie is split.
    let end = Math.min(at + size, hits.length);
    while (end < hits.length && hits[end]?.[0] === hits[end - 1]?.[0]) end += 1;
    const batch = await Promise.all(hits.slice(at, end).map(([, localId]) => orders.get(localId)));
    for (const order of batch)
      if (order && found.length < limit && (!wanted || wanted(order))) found.push(order);
    at = end;
    if (found.length < limit && at >= reads && at < hits.length)
      return { found, stopped: hits[at - 1]?.[0] };
  }
  return { found };
}

/**
 * A page of orders walked newest first from the narrowest index (a batch's, a
 * retailer's, or each state's orders by time), the other filters applied in batches.
 * A filtered walk stops a range after `reads` records.
 */
async function walkPage(
  tx: QueryTx,
  { batchId, retailer }: OrderQuery,
  { from, to, limit, reads }: Bounds,
  states: readonly OrderState[] | undefined,
  wanted: (order: OrderRecord) => boolean,
  searched = false,
): Promise<Found> {
  // One index range of orders by time, within those of `key` when one is given.
  const range = (name: keyof HistorySchema['orders']['indexes'], key?: string) => ({
    index: tx.objectStore('orders').index(name) as unknown as OrdersIndex,
    lower: key === undefined ? from : [key, from],
    upper: key === undefined ? to : [key, to],
  });
  const sources = batchId
    ? [range('batchId_createdAt', batchId)]
    : retailer
      ? [range('retailer_createdAt', retailer)]
      : (states?.map((state) => range('state_createdAt', state)) ?? [range('createdAt')]);
  // Only a filter the index does not do needs more than `limit` records read.
  const filtered =
    searched || [batchId, retailer, states].filter((filter) => filter !== undefined).length > 1;
  const size = filtered ? Math.max(limit, FILTERED_BATCH) : limit;
  const found: OrderRecord[] = [];
  // The newest time a range stopped at before its end: all above it has been read.
  let stopped: number | undefined;
  for (const { index, lower, upper } of sources) {
    let taken = 0;
    let read = 0;
    for await (const batch of newestFirst(index, lower, upper, size)) {
      for (const order of batch) {
        if (taken >= limit) break;
        if (!wanted(order)) continue;
        found.push(order);
        taken += 1;
      }
      read += batch.length;
      // A batch shorter than asked for was the range's last.
      const oldest = batch.length >= size ? batch.at(-1)?.createdAt : undefined;
      if (taken < limit && read >= reads && oldest !== undefined) {
        stopped = Math.max(stopped ?? oldest, oldest);
        break;
      }
      if (taken >= limit) break;
    }
  }
  return { found, stopped };
}
