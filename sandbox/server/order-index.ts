import type { OrderJob } from './order-job.ts';

/** Newer first: later creation, then later arrival. */
const newer = (a: OrderJob, b: OrderJob) =>
  a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.seq > b.seq);

/** The first index whose order was created at or after `at` (oldest-first array). */
function firstAtOrAfter(list: OrderJob[], at: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as OrderJob).createdAt < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Puts `job` in its place in an oldest-first array; orders mostly arrive last, so this is mostly a push. */
function insertSorted(list: OrderJob[], job: OrderJob): void {
  let at = list.length;
  while (at > 0 && newer(list[at - 1] as OrderJob, job)) at -= 1;
  if (at === list.length) list.push(job);
  else list.splice(at, 0, job);
}

interface TokenEntry {
  orders: number;
  cancellations: number;
  /** Placed orders, oldest first, all and per retailer: `GET /v1/orders` lists only these. */
  placed: OrderJob[];
  placedAt: Map<string, OrderJob[]>;
}

export interface ListQuery {
  startingAfter?: number | undefined;
  endingBefore?: number | undefined;
  retailer?: string | undefined;
  skip: number;
  limit: number;
}

/**
 * What a list or a count needs, kept up to date as orders come and get placed, so
 * that neither walks every order held.
 */
export class OrderIndex {
  private readonly tokens = new Map<string, TokenEntry>();

  private of(token: string): TokenEntry {
    let entry = this.tokens.get(token);
    if (!entry) {
      entry = { orders: 0, cancellations: 0, placed: [], placedAt: new Map() };
      this.tokens.set(token, entry);
    }
    return entry;
  }

  orderAdded(job: OrderJob): void {
    this.of(job.token).orders += 1;
  }

  cancellationAdded(token: string): void {
    this.of(token).cancellations += 1;
  }

  orderPlaced(job: OrderJob): void {
    const entry = this.of(job.token);
    insertSorted(entry.placed, job);
    const retailer = job.parsed.retailer;
    let list = entry.placedAt.get(retailer);
    if (!list) {
      list = [];
      entry.placedAt.set(retailer, list);
    }
    insertSorted(list, job);
  }

  /** One page of a token's placed orders, newest first. */
  list(token: string, query: ListQuery): OrderJob[] {
    const entry = this.tokens.get(token);
    if (!entry) return [];
    const list = query.retailer === undefined ? entry.placed : entry.placedAt.get(query.retailer);
    if (!list) return [];
    const lo = query.startingAfter === undefined ? 0 : firstAtOrAfter(list, query.startingAfter);
    const hi =
      query.endingBefore === undefined ? list.length : firstAtOrAfter(list, query.endingBefore);
    const page: OrderJob[] = [];
    for (let at = hi - 1 - query.skip; at >= lo && page.length < query.limit; at--)
      page.push(list[at] as OrderJob);
    return page;
  }

  counts(): Record<string, { orders: number; cancellations: number }> {
    const counts: Record<string, { orders: number; cancellations: number }> = {};
    for (const [token, entry] of this.tokens)
      counts[token] = { orders: entry.orders, cancellations: entry.cancellations };
    return counts;
  }
}
