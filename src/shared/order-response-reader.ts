/**
 * What the pages show of a service answer kept on an order record (its money and
 * tracking), read without trusting its shape: each part is read on its own, so one bad
 * value hides only itself, and every part that could not be read is named, so a view can
 * say so instead of showing nothing or failing.
 */

const PRICE_KEYS = ['subtotal', 'shipping', 'tax', 'total', 'managed_cost'] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];

/** A tracking line's fields, and the answer's names for them. */
const TRACKING_FIELDS = [
  ['carrier', 'carrier'],
  ['trackingNumber', 'tracking_number'],
  ['merchantOrderId', 'merchant_order_id'],
  ['productId', 'product_id'],
] as const;
type TrackingLine = Partial<Record<(typeof TRACKING_FIELDS)[number][0], string>>;

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
  const list = body.tracking ?? [];
  if (!Array.isArray(list)) facts.unreadable.push('tracking');
  (Array.isArray(list) ? list : []).forEach((entry, index) => {
    const path = `tracking.${index}`;
    if (!isRecord(entry)) {
      facts.unreadable.push(path);
      return;
    }
    const line: TrackingLine = {};
    for (const [key, field] of TRACKING_FIELDS) {
      const text = textAt(entry, field, `${path}.${field}`, facts.unreadable);
      if (text !== undefined) line[key] = text;
    }
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
