import type { InputRow } from './types.ts';

type Order<R> = { key?: string; rows: R[] };

/**
 * Puts rows into orders: rows sharing an order_key (trimmed) make one order, where its
 * first row appears; a row without a key is an order of its own.
 */
export function groupOrders<R extends InputRow>(rows: readonly R[]): Order<R>[] {
  const orders: Order<R>[] = [];
  const byKey = new Map<string, Order<R>>();
  for (const row of rows) {
    const key = (row.cells.order_key ?? '').trim();
    const existing = key ? byKey.get(key) : undefined;
    if (existing) existing.rows.push(row);
    else {
      const order = key ? { key, rows: [row] } : { rows: [row] };
      if (key) byKey.set(key, order);
      orders.push(order);
    }
  }
  return orders;
}

/** Splits a list into chunks of at most `size`, to send in several messages. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}
