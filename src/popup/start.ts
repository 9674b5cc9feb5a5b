import { useRef, useState } from 'preact/hooks';
import { browser, type Tabs } from '../shared/browser.ts';
import type { ChangeNotice } from '../shared/change-feed.ts';
import {
  CANCELLABLE_QUERY,
  type FirstScreen,
  IN_FLIGHT_QUERY,
  vaultAsOf,
} from '../shared/first-screen.ts';
import type { OrderView, TokenStatus } from '../shared/protocol.ts';
import type { DetectedProduct } from '../shared/retailer-registry.ts';
import type { Settings } from '../shared/settings.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import type { VaultStatus } from '../shared/vault-items.ts';
import type { Connector } from '../ui/connector.ts';
import { useBackground } from '../ui/use-background.ts';
import { takeStartReads } from './start-reads.ts';
import { productOf } from './tab-product.ts';
import { cartFrom, draftFrom, type Saved } from './use-order-draft.ts';

/**
 * What the popup's first screen is drawn from, read once as it opens. What could not
 * be read is missing, and the view that shows it reads it (and shows why it cannot).
 */
export interface PopupStart {
  settings?: Settings | undefined;
  vault?: VaultStatus | undefined;
  token?: TokenStatus | undefined;
  cancellable?: OrderView[] | undefined;
  // For the order view: the product the tab's address names, its orders in flight, the saved form.
  tab?: { url?: string; tabId?: number; product: DetectedProduct | null } | undefined;
  inFlight?: OrderView[] | undefined;
  saved?: Saved | undefined;
}

const { firstScreen: FIRST, changeFeed: FEED, popupDraft: DRAFT, cart: CART } = STORED_KEYS;

/**
 * Reads the first screen's data in one go: what the background keeps written for it,
 * the saved form and cart, the tab's address. Only what that cannot tell (nothing
 * written, another version's, older than the last change) is asked of the background.
 */
export async function readStart(
  connector: Connector,
  view: 'order' | 'other',
  /** The tab in view, when it is not the popup's (the side panel's, front-tab.ts). */
  tabInView?: () => Promise<Tabs.Tab | undefined>,
): Promise<PopupStart> {
  const [session, local, front] = await takeStartReads(tabInView);
  const tab = view === 'order' && front ? productOf(front) : undefined;
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
    saved: [draftFrom(session[DRAFT.key]), cartFrom(local[CART.key])] as Saved,
  };
  return { settings, vault, token, cancellable, ...(view === 'order' ? order : {}) };
}

/**
 * What the background wrote, when it is this version's: its settings, vault and token are
 * rewritten at each change; its orders are current only while `feed` is the latest notice.
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

/** The orders the background says are still in flight for that very product. */
async function readInFlight(
  connector: Connector,
  product: Pick<DetectedProduct, 'retailer' | 'productId'>,
): Promise<OrderView[]> {
  const { retailer, productId } = product;
  const query = { state: 'in_flight', retailer, search: productId, limit: 10 } as const;
  const orders = await connector.call('orders.query', query);
  return orders.filter((order) => order.productIds.includes(productId));
}

/**
 * The orders in flight for the product in view (`initial`: as the popup opened). One
 * found stays while the popup is open, unless the buyer took it back (Undo).
 */
export function useOrdersInFlight(
  product: Pick<DetectedProduct, 'retailer' | 'productId'> | undefined,
  initial?: OrderView[],
): { orders: OrderView[]; drop: (localId: string) => void } {
  const read = useBackground(
    (c) => (product ? readInFlight(c, product) : Promise.resolve([])),
    ['orders'],
    [product?.retailer, product?.productId],
    undefined,
    initial,
  );
  // The orders on their way as the popup opened, each then followed by its own view; one
  // placed from this popup later is the popup's own (shown as placed), not one to put first.
  const found = useRef<OrderView[]>();
  found.current ??= read.data;
  const [dropped, setDropped] = useState<string[]>([]);
  return {
    orders: (found.current ?? []).filter((order) => !dropped.includes(order.localId)),
    drop: (localId) => setDropped((ids) => [...ids, localId]),
  };
}
