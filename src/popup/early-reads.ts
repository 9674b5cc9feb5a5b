import type { Draft } from '../shared/order-form-model.ts';
import type { OrderView, TokenStatus } from '../shared/protocol.ts';
import type { DetectedProduct } from '../shared/retailer-registry.ts';
import type { Settings } from '../shared/settings.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import type { Connector } from '../ui/connector.ts';
import { activeTabProduct } from './active-tab.ts';
import { CANCELLABLE_QUERY } from './cancellable-orders.tsx';
import { readFirstScreen } from './first-screen.ts';
import { readInFlight } from './orders-in-flight.tsx';
import { type Cart, readCart, readDraft } from './stores.ts';
import { readTabProduct, type TabProduct } from './tab-product.ts';

/** A read started early that keeps its answer once it has come, for a render to use at once. */
export type EarlyRead<T> = Promise<T> & { answer?: T; taken?: boolean };

function remembered<T>(read: Promise<T>): EarlyRead<T> {
  const early = read as EarlyRead<T>;
  // Registered first, so whoever else waits for the read finds the answer kept.
  read.then(
    (answer) => {
      early.answer = answer;
    },
    // A read nobody takes must not report an unhandled rejection; whoever takes it sees it.
    () => undefined,
  );
  return early;
}

/**
 * Everything the popup's first screen needs, asked for at once when the popup starts,
 * before its first render: the reads run side by side instead of one after another
 * behind the render that asks for them.
 */
export interface EarlyReads {
  settings: EarlyRead<Settings>;
  token: EarlyRead<TokenStatus>;
  vault: EarlyRead<VaultStatus>;
  /** Only when the popup opens on the order view: the recent orders it offers to cancel. */
  cancellable?: EarlyRead<OrderView[]>;
  /** Only when the popup opens on the order view: the orders in flight for the product in view. */
  inFlight?: EarlyRead<OrderView[]>;
  /** Only when the popup opens on the order view: the product from the address, then the page. */
  product?: EarlyRead<{ url?: string; product: DetectedProduct | null }>;
  tab?: EarlyRead<TabProduct>;
  saved: EarlyRead<[Draft | undefined, Cart | undefined]>;
}

export function startEarlyReads(connector: Connector, view: 'order' | 'other'): EarlyReads {
  // The settings and the vault as the background wrote them ahead, so the form does not
  // wait for the worker; whatever that cannot tell is asked of it.
  const ahead = readFirstScreen();
  const product = view === 'order' ? remembered(activeTabProduct()) : undefined;
  return {
    settings: remembered(
      ahead.then((screen) => screen.settings ?? connector.call('settings.get', {})),
    ),
    token: remembered(connector.call('token.status', {})),
    vault: remembered(ahead.then((screen) => screen.vault ?? connector.call('vault.status', {}))),
    saved: remembered(Promise.all([readDraft(), readCart()])),
    // The page in view is read for the order view only; the orders list never waits for it.
    ...(product
      ? {
          product,
          // An order already on its way for this product is shown before the form.
          inFlight: remembered(
            product.then((found) => (found.product ? readInFlight(connector, found.product) : [])),
          ),
          tab: remembered(readTabProduct(connector)),
          cancellable: remembered(connector.call('orders.query', CANCELLABLE_QUERY)),
        }
      : {}),
  };
}

/**
 * Resolves once the reads the first screen is drawn from have come (or failed), or
 * after `ms` at the latest: the popup is drawn once, complete, rather than drawn empty
 * and then again; an answer slower than that shows as loading.
 */
export function firstScreenRead(reads: EarlyReads, ms: number): Promise<void> {
  const needed = [reads.settings, reads.vault, reads.saved, reads.product, reads.inFlight];
  const settled = Promise.allSettled(needed.filter((read) => read !== undefined));
  return Promise.race([
    settled.then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ]);
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

/**
 * The early read while its answer has not come. One whose answer had come when the view
 * was drawn is the view's starting point, so the view's next read asks afresh.
 */
export function unanswered<T>(early: EarlyRead<T> | undefined): EarlyRead<T> | undefined {
  return early?.answer === undefined ? early : undefined;
}

/**
 * The early read for the first view that takes it: a view drawn again later (the order
 * view after the orders list) reads afresh, not what the popup found when it opened.
 */
export function take<T>(early: EarlyRead<T> | undefined): EarlyRead<T> | undefined {
  if (!early || early.taken) return undefined;
  early.taken = true;
  return early;
}
