import { csvText } from '../../shared/bulk/csv-write.ts';
import type { CancellationRecord, OrderRecord } from '../../shared/order-record.ts';
import { clock } from '../clock.ts';
import type { HistoryStore } from './history-store.ts';
import { redactForExport } from './redact.ts';

/**
 * Every order, newest first, and its cancellations, oldest first, grouped once so an
 * export costs the same per order however long the history. Read from the store, not
 * the createdAt index, so a record whose time is no valid key is exported too.
 */
async function readAll({ db }: HistoryStore) {
  const [orders, schedules, cancellations] = await Promise.all([
    db.getAll('orders'),
    db.getAll('schedules'),
    db.getAll('cancellations'),
  ]);
  const scheduleOf = new Map(schedules.map((entry) => [entry.localId, entry.schedule]));
  return {
    orders: orders
      .map((order) => ({ ...order, schedule: scheduleOf.get(order.localId) ?? order.schedule }))
      .sort((a, b) => (b.createdAt || 0) - (a.createdAt || 0)),
    cancellationsOf: groupedByOrder(cancellations.sort((a, b) => a.createdAt - b.createdAt)),
  };
}

function groupedByOrder<T extends { orderLocalId: string }>(items: T[]) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.orderLocalId) ?? [];
    groups.set(item.orderLocalId, group);
    group.push(item);
  }
  return (localId: string) => groups.get(localId) ?? [];
}

/** The whole history as JSON: orders with their cancellations and events, redacted. */
export async function exportHistoryJson(store: HistoryStore): Promise<string> {
  const [{ orders, cancellationsOf }, events] = await Promise.all([
    readAll(store),
    store.db.getAllFromIndex('events', 'at'),
  ]);
  const eventsOf = groupedByOrder(events);
  const document = {
    exported_at: new Date(clock.now()).toISOString(),
    orders: orders.map((order) => ({
      ...order,
      cancelledMerchantOrderIds: order.cancelledMerchantOrderIds ?? [],
      cancellations: cancellationsOf(order.localId),
      events: eventsOf(order.localId),
    })),
  };
  return JSON.stringify(redactForExport(document), null, 2);
}

function isoTime(ms: number): string {
  // A time that is no date leaves its cell empty rather than failing the whole export.
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

function money(cents: number | undefined): string {
  return cents === undefined || !Number.isFinite(cents) ? '' : (cents / 100).toFixed(2);
}

/** The CSV's columns, each with its cell of an order and the order's cancellations. */
const CSV_COLUMNS: Record<
  string,
  (order: OrderRecord, cancellations: CancellationRecord[]) => string
> = {
  created: (order) => isoTime(order.createdAt),
  local_id: (order) => order.localId,
  request_id: (order) => order.requestId ?? '',
  retailer: (order) => order.retailer,
  state: (order) => order.state,
  product_ids: (order) => order.productIds.join(' '),
  total: (order) => money(order.total),
  currency: (order) => order.currency ?? '',
  merchant_order_ids: (order) => order.merchantOrderIds.join(' '),
  tracking_count: (order) => String(order.trackingCount),
  failure_code: (order) => order.failure?.code ?? '',
  cancelled_merchant_order_ids: (order) => (order.cancelledMerchantOrderIds ?? []).join(' '),
  // Each cancellation asked for, as "merchant order: state", oldest first.
  cancellations: (_order, cancellations) =>
    cancellations.map(({ merchantOrderId, state }) => `${merchantOrderId}: ${state}`).join('; '),
};

/**
 * One row per order, newest first, under a header row, quoted as the bulk page's files
 * are (csv-write.ts guards against formulas, since the data partly comes from outside).
 */
export async function exportHistoryCsv(store: HistoryStore): Promise<string> {
  const { orders, cancellationsOf } = await readAll(store);
  const cells = Object.values(CSV_COLUMNS);
  return csvText([
    Object.keys(CSV_COLUMNS),
    ...orders.map((order) => cells.map((cell) => cell(order, cancellationsOf(order.localId)))),
  ]);
}
