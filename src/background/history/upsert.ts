import type { IDBPDatabase } from 'idb';
import type { OrderRecord } from '../../shared/order-record.ts';
import { clock } from '../clock.ts';
import type { HistorySchema } from './db.ts';
import { stateEvent } from './record-ops.ts';
import { withSchedule, writeOrder } from './schedules.ts';

/** What can tie a record to what the service says about an order. */
export interface OrderLookup {
  localId?: string;
  requestId?: string;
  merchantOrderIds?: readonly string[];
}

/**
 * Finds the order these keys name (by local id, request id, or any of its merchant
 * order ids) and writes `change(existing)` in one transaction: a new record when
 * none exists, so that reading the same list twice never makes two. `change` decides
 * everything else (src/background/order-life); returning undefined writes nothing.
 */
export async function upsertOrder(
  db: IDBPDatabase<HistorySchema>,
  lookup: OrderLookup,
  change: (existing: OrderRecord | undefined) => OrderRecord | undefined,
  note: { created: string; updated: string },
): Promise<{ before: OrderRecord | undefined; after: OrderRecord } | undefined> {
  const tx = db.transaction(['orders', 'events', 'schedules'], 'readwrite');
  const stores = { orders: tx.objectStore('orders'), schedules: tx.objectStore('schedules') };
  const { orders } = stores;
  const events = tx.objectStore('events');
  let found = lookup.localId ? await orders.get(lookup.localId) : undefined;
  if (!found && lookup.requestId) found = await orders.index('requestId').get(lookup.requestId);
  for (const id of lookup.merchantOrderIds ?? []) {
    if (found) break;
    found = await orders.index('merchantOrderIds').get(id);
  }
  const existing = await withSchedule(stores.schedules, found);
  const changed = change(existing);
  if (!changed) {
    await tx.done;
    return undefined;
  }
  const now = clock.now();
  const { after, writes } = writeOrder(
    stores,
    existing,
    existing ? { ...changed, localId: existing.localId } : changed,
    now,
  );
  await Promise.all(writes);
  const event = stateEvent(existing, after, now, existing ? note.updated : note.created);
  if (event) await events.add(event);
  await tx.done;
  return { before: existing, after };
}
