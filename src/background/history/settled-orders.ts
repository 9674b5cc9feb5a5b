/**
 * The write path tells who listens which orders settled: left flight, or were taken
 * back. Bulk listens (a batch whose last order settled is finished), registered at the
 * worker's start, so the core of the worker never imports bulk.
 */
import type { OrderRecord } from '../../shared/order-record.ts';

type SettledListener = (orders: readonly OrderRecord[]) => Promise<void>;

const listeners = new Set<SettledListener>();

/** Calls `listener` with the orders that settled in each write; again adds nothing. */
export function onOrdersSettled(listener: SettledListener): void {
  listeners.add(listener);
}

/** Tells every listener, one after another, of the orders that settled in one write. */
export async function announceSettled(orders: readonly OrderRecord[]): Promise<void> {
  if (orders.length === 0) return;
  for (const listener of listeners) await listener(orders);
}
