/**
 * What the pages show of a service answer kept on an order record (its money and
 * tracking; the background reads delivery dates into the record), read without
 * trusting its shape: the service adds fields, leaves optional ones out, and may send
 * a value of a type we did not expect. Each part is read on its own, so one bad value
 * hides only itself, and every part that could not be read is named, so a view can
 * say so instead of showing nothing or failing.
 */

export const PRICE_KEYS = ['subtotal', 'shipping', 'tax', 'total', 'managed_cost'] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];

export interface TrackingLine {
  carrier?: string;
  trackingNumber?: string;
  merchantOrderId?: string;
  productId?: string;
}

export interface ResponseFacts {
  prices: { key: PriceKey; cents: number }[];
  currency?: string;
  tracking: TrackingLine[];
  /** Where the answer had something that could not be read, such as `tracking.1.carrier`. */
  unreadable: string[];
}

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text field: the text, nothing when absent, or noted as unreadable. */
function textAt(record: Record_, key: string, path: string, unreadable: string[]) {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  unreadable.push(path);
  return undefined;
}

/** A list field: its entries, nothing when absent, or noted as unreadable. */
function listAt(record: Record_, key: string, unreadable: string[]): unknown[] {
  const value = record[key];
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  unreadable.push(key);
  return [];
}

function readPrices(body: Record_, facts: ResponseFacts) {
  const prices = body.price_components;
  if (prices === undefined || prices === null) return;
  if (!isRecord(prices)) {
    facts.unreadable.push('price_components');
    return;
  }
  for (const key of PRICE_KEYS) {
    const value = prices[key];
    if (value === undefined || value === null) continue;
    if (typeof value === 'number' && Number.isFinite(value))
      facts.prices.push({ key, cents: value });
    else facts.unreadable.push(`price_components.${key}`);
  }
  const currency = prices.currency;
  if (typeof currency === 'string' && currency !== '') facts.currency = currency;
  else if (currency !== undefined && currency !== null)
    facts.unreadable.push('price_components.currency');
}

function readTracking(body: Record_, facts: ResponseFacts) {
  listAt(body, 'tracking', facts.unreadable).forEach((entry, index) => {
    const path = `tracking.${index}`;
    if (!isRecord(entry)) {
      facts.unreadable.push(path);
      return;
    }
    const line: TrackingLine = {};
    const carrier = textAt(entry, 'carrier', `${path}.carrier`, facts.unreadable);
    const number = textAt(entry, 'tracking_number', `${path}.tracking_number`, facts.unreadable);
    const merchant = textAt(
      entry,
      'merchant_order_id',
      `${path}.merchant_order_id`,
      facts.unreadable,
    );
    const product = textAt(entry, 'product_id', `${path}.product_id`, facts.unreadable);
    if (carrier !== undefined) line.carrier = carrier;
    if (number !== undefined) line.trackingNumber = number;
    if (merchant !== undefined) line.merchantOrderId = merchant;
    if (product !== undefined) line.productId = product;
    if (Object.keys(line).length > 0) facts.tracking.push(line);
  });
}

export function readOrderResponse(body: unknown): ResponseFacts {
  const facts: ResponseFacts = { prices: [], tracking: [], unreadable: [] };
  if (body === undefined || body === null) return facts;
  if (!isRecord(body)) {
    facts.unreadable.push('the answer');
    return facts;
  }
  // An error-shaped answer (in progress, failed) carries no order facts.
  if (body._type === 'error') return facts;
  readPrices(body, facts);
  readTracking(body, facts);
  return facts;
}
