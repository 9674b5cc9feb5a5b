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

/** One product of one merchant order (a shipment), as delivery dates and tracking name it. */
interface ShipmentItem {
  merchantOrderId: string;
  productId: string;
  quantity?: number;
}

export interface ResponseFacts {
  prices: { key: PriceKey; cents: number }[];
  currency?: string;
  tracking: TrackingLine[];
  /** Which products each merchant order holds, once each, in the answer's order. */
  shipments: ShipmentItem[];
  /** The price the service reported when it refused an order above its maximum. */
  refusedPrice?: { price: number; maximum: number };
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

/**
 * The products of each merchant order, from `delivery_dates` (which the sandbox and the
 * service fill with `merchant_order_id`, `product_id` and `quantity`) and `tracking`.
 * Entries without both ids say nothing about a shipment and are passed over quietly:
 * the spec leaves the fields of delivery dates open.
 */
function readShipments(body: Record_, facts: ResponseFacts) {
  const seen = new Map<string, ShipmentItem>();
  for (const list of [body.delivery_dates, body.tracking]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (!isRecord(entry)) continue;
      const { merchant_order_id: merchantOrderId, product_id: productId, quantity } = entry;
      if (typeof merchantOrderId !== 'string' || typeof productId !== 'string') continue;
      const key = `${merchantOrderId} ${productId}`;
      const known = seen.get(key) ?? { merchantOrderId, productId };
      if (known.quantity === undefined && Number.isInteger(quantity) && (quantity as number) > 0)
        known.quantity = quantity as number;
      seen.set(key, known);
    }
  }
  facts.shipments = [...seen.values()];
}

/**
 * The figures of a `max_price_exceeded` refusal (an error answer, or the failure kept on
 * the order), when its `data` carries them: `price` and `max_price`, in cents.
 */
export function refusedPriceOf(error: unknown): { price: number; maximum: number } | undefined {
  if (!isRecord(error) || error.code !== 'max_price_exceeded' || !isRecord(error.data)) return;
  const { price, max_price: maximum } = error.data;
  return Number.isFinite(price) && Number.isFinite(maximum)
    ? { price: price as number, maximum: maximum as number }
    : undefined;
}

export function readOrderResponse(body: unknown): ResponseFacts {
  const facts: ResponseFacts = { prices: [], tracking: [], shipments: [], unreadable: [] };
  if (body === undefined || body === null) return facts;
  if (!isRecord(body)) {
    facts.unreadable.push('the answer');
    return facts;
  }
  // An error-shaped answer (in progress, failed) carries no order facts, but a refused
  // price carries the figures the buyer compares.
  if (body._type === 'error') {
    const refused = refusedPriceOf(body);
    if (refused) facts.refusedPrice = refused;
    return facts;
  }
  readPrices(body, facts);
  readTracking(body, facts);
  readShipments(body, facts);
  return facts;
}
