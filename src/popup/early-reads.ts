import type { Draft } from '../shared/order-form-model.ts';
import type { OrderRecord } from '../shared/order-record.ts';
import type { TokenStatus } from '../shared/protocol.ts';
import type { DetectedProduct } from '../shared/retailer-registry.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import type { Connector } from '../ui/connector.ts';
import { activeTabProduct } from './active-tab.ts';
import { CANCELLABLE_QUERY } from './cancellable-orders.tsx';
import { type Cart, readCart, readDraft } from './stores.ts';
import { readTabProduct, type TabProduct } from './tab-product.ts';

/**
 * Everything the popup's first screen needs, asked for at once when the popup starts,
 * before its first render: the reads run side by side instead of one after another
 * behind the render that asks for them.
 */
export interface EarlyReads {
  settings: Promise<Settings>;
  token: Promise<TokenStatus>;
  vault: Promise<VaultStatus>;
  /** Only when the popup opens on the order view: the recent orders it offers to cancel. */
  cancellable?: Promise<OrderRecord[]>;
  /** Only when the popup opens on the order view: the product from the address, then the page. */
  product?: Promise<{ url?: string; product: DetectedProduct | null }>;
  tab?: Promise<TabProduct>;
  saved: Promise<[Draft | undefined, Cart | undefined]>;
}

export function startEarlyReads(connector: Connector, view: 'order' | 'other'): EarlyReads {
  const reads = {
    settings: connector.call('settings.get', {}),
    token: connector.call('token.status', {}),
    vault: connector.call('vault.status', {}),
    saved: Promise.all([readDraft(), readCart()]),
    // The page in view is read for the order view only; the orders list never waits for it.
    ...(view === 'order'
      ? {
          product: activeTabProduct(),
          tab: readTabProduct(connector),
          cancellable: connector.call('orders.query', CANCELLABLE_QUERY),
        }
      : {}),
  };
  // A read nobody takes must not report an unhandled rejection; whoever takes it sees it.
  for (const read of Object.values(reads)) read.catch(() => undefined);
  return reads;
}

/** A read that answers with the early one the first time, and asks afresh after that. */
export function firstFrom<T, A extends unknown[]>(
  early: Promise<T> | undefined,
  read: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  let pending = early;
  return (...args) => {
    const answer = pending ?? read(...args);
    pending = undefined;
    return answer;
  };
}
