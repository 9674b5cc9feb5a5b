import type { InputRow, OrderGroup } from './types.ts';

/**
 * Puts rows into orders: rows sharing an order_key make one order (in the order
 * their first row appears), a row without a key is an order of its own. Keys are
 * compared as written, without surrounding spaces.
 */
export function groupOrders<R extends InputRow>(
  rows: readonly R[],
): (OrderGroup & { rows: R[] })[] {
  const orders: (OrderGroup & { rows: R[] })[] = [];
  const byKey = new Map<string, OrderGroup & { rows: R[] }>();
  for (const row of rows) {
    const key = (row.cells.order_key ?? '').trim();
    if (key === '') {
      orders.push({ rows: [row] });
      continue;
    }
    const existing = byKey.get(key);
    if (existing) existing.rows.push(row);
    else {
      const order = { key, rows: [row] };
      byKey.set(key, order);
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
