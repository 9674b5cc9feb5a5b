import { csvText } from '../../shared/bulk/csv-write.ts';
import type { CancellationRecord, OrderRecord } from '../../shared/order-record.ts';
import { clock } from '../clock.ts';
import type { HistoryStore } from './history-store.ts';
import { redactForExport } from './redact.ts';

/**
 * Items by the order they belong to, grouped once, so an export costs the same per
 * order whatever the history's size.
 */
function groupedByOrder<T extends { orderLocalId: string }>(items: T[]) {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.orderLocalId);
    if (list) list.push(item);
    else groups.set(item.orderLocalId, [item]);
  }
  return (localId: string) => groups.get(localId) ?? [];
}

/** The whole history as JSON: orders with their cancellations and events, redacted. */
export async function exportHistoryJson(store: HistoryStore): Promise<string> {
  const [orders, cancellations, events] = await Promise.all([
    store.allOrders(),
    store.allCancellations(),
    store.allEvents(),
  ]);
  const cancellationsOf = groupedByOrder(cancellations);
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

const CSV_COLUMNS = [
  'created',
  'local_id',
  'request_id',
  'retailer',
  'state',
  'product_ids',
  'total',
  'currency',
  'merchant_order_ids',
  'tracking_count',
  'failure_code',
  'cancelled_merchant_order_ids',
  'cancellations',
] as const;

function isoTime(ms: number): string {
  // A time that is no date leaves its cell empty rather than failing the whole export.
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

function money(cents: number | undefined): string {
  return cents === undefined || !Number.isFinite(cents) ? '' : (cents / 100).toFixed(2);
}

/** Each cancellation asked for, as "merchant order: state", oldest first. */
function cancellationCell(cancellations: CancellationRecord[]): string {
  return cancellations
    .map((cancellation) => `${cancellation.merchantOrderId}: ${cancellation.state}`)
    .join('; ');
}

function row(order: OrderRecord, cancellations: CancellationRecord[]): string[] {
  return [
    isoTime(order.createdAt),
    order.localId,
    order.requestId ?? '',
    order.retailer,
    order.state,
    order.productIds.join(' '),
    money(order.total),
    order.currency ?? '',
    order.merchantOrderIds.join(' '),
    String(order.trackingCount),
    order.failure?.code ?? '',
    (order.cancelledMerchantOrderIds ?? []).join(' '),
    cancellationCell(cancellations),
  ];
}

/**
 * One row per order, newest first, CRLF line ends and a header row, quoted as the bulk
 * page's files are (csv-write.ts: a cell a spreadsheet would run as a formula is
 * prefixed with a quote, since the data partly comes from outside). The state says
 * `partly_cancelled` or `cancelled` once cancellations succeeded, and the last two
 * columns say which merchant orders and how each cancellation went.
 */
export async function exportHistoryCsv(store: HistoryStore): Promise<string> {
  const [orders, cancellations] = await Promise.all([store.allOrders(), store.allCancellations()]);
  const cancellationsOf = groupedByOrder(cancellations);
  return csvText([
    CSV_COLUMNS,
    ...orders.map((order) => row(order, cancellationsOf(order.localId))),
  ]);
}
