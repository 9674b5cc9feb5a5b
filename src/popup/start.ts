import { browser } from '../shared/browser.ts';
import type { ChangeNotice } from '../shared/change-feed.ts';
import {
  CANCELLABLE_QUERY,
  type FirstScreen,
  IN_FLIGHT_QUERY,
  vaultAsOf,
} from '../shared/first-screen.ts';
import type { Draft } from '../shared/order-form-model.ts';
import type { OrderView, TokenStatus } from '../shared/protocol.ts';
import type { DetectedProduct } from '../shared/retailer-registry.ts';
import type { Settings } from '../shared/settings.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import type { Connector } from '../ui/connector.ts';
import { activeTabProduct } from './active-tab.ts';
import { readInFlight } from './orders-in-flight.tsx';
import { type Cart, cartFrom, draftFrom } from './stores.ts';

/**
 * What the popup's first screen is drawn from, read once as it opens. What could not
 * be read is missing, and the view that shows it reads it (and shows why it cannot).
 */
export interface PopupStart {
  settings?: Settings | undefined;
  vault?: VaultStatus | undefined;
  token?: TokenStatus | undefined;
  cancellable?: OrderView[] | undefined;
  /** For the order view: the product the tab's address names. */
  tab?: { url?: string; product: DetectedProduct | null } | undefined;
  /** For the order view: the orders in flight for that product. */
  inFlight?: OrderView[] | undefined;
  /** For the order view: the form in progress and the cart, as saved. */
  saved?: [Draft | undefined, Cart | undefined] | undefined;
}

const { firstScreen: FIRST, changeFeed: FEED, popupDraft: DRAFT, cart: CART } = STORED_KEYS;

/**
 * Reads the first screen's data in one go: what the background keeps written for it
 * (background/first-screen.ts), the popup's saved form and cart, and the tab's address.
 * Only what that cannot tell (nothing written yet, another version's, or older than
 * the last change announced) is asked of the background.
 */
export async function readStart(
  connector: Connector,
  view: 'order' | 'other',
): Promise<PopupStart> {
  const [session, local, tab] = (await Promise.all([
    browser.storage[FIRST.area].get([FIRST.key, FEED.key, DRAFT.key]).catch(() => ({})),
    browser.storage[CART.area].get(CART.key).catch(() => ({})),
    view === 'order' ? activeTabProduct().catch(() => undefined) : undefined,
  ])) as [Record<string, unknown>, Record<string, unknown>, PopupStart['tab']];
  const written = thisVersions(session[FIRST.key]);
  // The orders written are taken only when no change was announced after them.
  const screen =
    written?.feed === (session[FEED.key] as ChangeNotice | undefined)?.id ? written : undefined;
  const ask = <T>(known: T | undefined, question: () => Promise<T>) =>
    known !== undefined ? known : question().catch(() => undefined);
  const product = tab?.product;
  const [settings, vault, token, cancellable, inFlight] = await Promise.all([
    ask(written?.settings, () => connector.call('settings.get', {})),
    ask(vaultAsOf(written?.vault, Date.now()), () => connector.call('vault.status', {})),
    ask(written?.token, () => connector.call('token.status', {})),
    ask(screen?.cancellable, () => connector.call('orders.query', CANCELLABLE_QUERY)),
    product
      ? ask(screen && inFlightOf(screen, product), () => readInFlight(connector, product))
      : [],
  ]);
  const order = {
    tab,
    inFlight,
    saved: [draftFrom(session[DRAFT.key]), cartFrom(local[CART.key])] as [
      Draft | undefined,
      Cart | undefined,
    ],
  };
  return { settings, vault, token, cancellable, ...(view === 'order' ? order : {}) };
}

/**
 * What the background wrote, when it is this version's. Its settings, vault and token
 * are rewritten on every change of theirs (background/first-screen.ts); its orders are
 * current only while its `feed` is the latest notice.
 */
function thisVersions(stored: unknown): FirstScreen | undefined {
  const screen = stored as FirstScreen | undefined;
  return screen?.settings && screen.version === manifestVersion() ? screen : undefined;
}

/** The product's orders in flight, unless the list written is full and may miss some. */
function inFlightOf(screen: FirstScreen, product: DetectedProduct): OrderView[] | undefined {
  if (!Array.isArray(screen.inFlight) || screen.inFlight.length >= IN_FLIGHT_QUERY.limit)
    return undefined;
  return screen.inFlight.filter(
    (order) => order.retailer === product.retailer && order.productIds.includes(product.productId),
  );
}

/** This extension's version, or undefined where the manifest cannot be read. */
function manifestVersion(): string | undefined {
  try {
    return browser.runtime.getManifest().version;
  } catch {
    return undefined;
  }
}
