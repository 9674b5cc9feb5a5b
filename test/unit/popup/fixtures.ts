import { orderView } from '../../../src/background/order-life/order-answers.ts';
import type { TabProduct } from '../../../src/popup/tab-product.ts';
import type { CancellationRecord, OrderRecord } from '../../../src/shared/order-record.ts';
import type { OrderView } from '../../../src/shared/protocol.ts';
import { defaultSettings, type Settings } from '../../../src/shared/settings.ts';
import type { VaultStatus } from '../../../src/shared/vault-items.ts';
import { ADDRESS } from '../../fixtures.ts';

/** Saved settings with one address, the default, and the defaults otherwise. */
export function settingsWithHome(change: Partial<Settings> = {}): Settings {
  return {
    ...defaultSettings(),
    addresses: [{ id: 'home', label: 'Home', address: ADDRESS }],
    defaultAddressId: 'home',
    ...change,
  };
}

export const LOCKED_VAULT: VaultStatus = { exists: true, unlocked: false, items: [] };
export const OPEN_VAULT: VaultStatus = {
  exists: true,
  unlocked: true,
  items: [
    { id: 'login', kind: 'credentials', label: 'ada@example.com on amazon', retailer: 'amazon' },
    { id: 'card', kind: 'payment', label: 'Visa ending 4242' },
    { id: 'billing', kind: 'billing', label: 'Billing: Ada Lovelace, Boston' },
  ],
};

/** The popup over an amazon product page that shows a price. */
export function amazonTab(change: Partial<TabProduct['details']> = {}): TabProduct {
  return {
    url: 'https://www.amazon.com/dp/B0PLACES01',
    product: { retailer: 'amazon', productId: 'B0PLACES01' },
    details: {
      title: 'Sandbox Test Item',
      price: { amount: 1999, currency: 'USD' },
      availability: 'in_stock',
      ...change,
    },
  };
}

/** Changes to a record; a field given as `undefined` is left out of it. */
export type RecordChange = { [K in keyof OrderRecord]?: OrderRecord[K] | undefined };

/**
 * An order as the background sends it to pages: the record, with its life answered by
 * the background's own order life (so a view test sees the actions the background
 * would offer). `cancellations` are the order's, for its latest cancellation.
 */
export function orderRecord(
  change: RecordChange = {},
  cancellations: CancellationRecord[] = [],
): OrderView {
  const { life: _life, ...record } = change as RecordChange & Partial<OrderView>;
  return orderView(plainRecord(record), cancellations);
}

/** The record alone, as the history keeps it. */
export function plainRecord(change: RecordChange = {}): OrderRecord {
  const record: Record<string, unknown> = {
    localId: 'order-1',
    idempotencyKey: 'key-1',
    requestId: 'req-1',
    retailer: 'amazon',
    productIds: ['B0PLACES01'],
    title: 'Sandbox Test Item',
    managed: true,
    createdAt: Date.UTC(2026, 2, 1, 12),
    updatedAt: Date.UTC(2026, 2, 1, 12),
    state: 'placed',
    request: {},
    merchantOrderIds: ['112-0000001-0000001'],
    trackingCount: 0,
    trackingDone: false,
    schedule: { nextAt: 0, attempts: 0, count: 1 },
    source: 'buyline',
    total: 2124,
    currency: 'USD',
    ...change,
  };
  for (const [key, value] of Object.entries(record)) if (value === undefined) delete record[key];
  return record as unknown as OrderRecord;
}

/**
 * The name of an order's line in the list: "Open order <title>", then its state and
 * facts as they read on screen.
 */
export const opens = (title: string) =>
  new RegExp(`^Open order ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `);
