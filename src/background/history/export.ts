import type { OrderRecord } from '../../shared/order-record.ts';
import type { HistoryStore } from './history-store.ts';
import { redactSecrets } from './redact.ts';

/** The whole history as JSON: orders with their cancellations and events, redacted. */
export async function exportHistoryJson(store: HistoryStore): Promise<string> {
  const [orders, cancellations, events] = await Promise.all([
    store.allOrders(),
    store.allCancellations(),
    store.allEvents(),
  ]);
  const byOrder = <T extends { orderLocalId: string }>(items: T[], localId: string) =>
    items.filter((item) => item.orderLocalId === localId);
  const document = {
    exported_at: new Date().toISOString(),
    orders: orders.map((order) => ({
      ...order,
      cancellations: byOrder(cancellations, order.localId),
      events: byOrder(events, order.localId),
    })),
  };
  return JSON.stringify(redactSecrets(document), null, 2);
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
] as const;

/**
 * One cell, quoted by RFC 4180. A cell a spreadsheet would run as a formula (starting
 * with = + - @) is prefixed with a quote, since the data partly comes from outside.
 */
export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function isoTime(ms: number): string {
  // A time that is no date leaves its cell empty rather than failing the whole export.
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

function money(cents: number | undefined): string {
  return cents === undefined || !Number.isFinite(cents) ? '' : (cents / 100).toFixed(2);
}

function row(order: OrderRecord): string[] {
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
  ];
}

/** One row per order, newest first, CRLF line ends and a header row. */
export async function exportHistoryCsv(store: HistoryStore): Promise<string> {
  const orders = await store.allOrders();
  const lines = [[...CSV_COLUMNS], ...orders.map(row)].map((cells) => cells.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
