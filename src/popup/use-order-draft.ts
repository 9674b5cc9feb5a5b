import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { RETAILERS, type RetailerCode } from '../api/retailers.ts';
import { browser } from '../shared/browser.ts';
import {
  type Draft,
  type DraftItem,
  isDraft,
  newDraft,
  suggestedMaxPrice,
} from '../shared/order-form-model.ts';
import { isManaged } from '../shared/order-request-from-form.ts';
import type { Settings } from '../shared/settings.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import type { VaultLabel, VaultStatus } from '../shared/vault-items.ts';
import type { TabProduct } from './tab-product.ts';

/** The products a form is for, as one key: the retailer and the product ids in order. */
const productsOf = (retailer: string, items: readonly DraftItem[]) =>
  `${retailer}|${items.map((item) => item.productId).join()}`;

/**
 * The form to show: the saved one when it is for the same products, else the one kept
 * for them (`kept`: the side panel moves from product to product), else a fresh one.
 */
function formFor(
  [saved, savedCart]: Saved,
  settings: Settings,
  retailer: RetailerCode | undefined,
  inView: DraftItem | undefined,
  kept: readonly Draft[] = [],
): Draft | undefined {
  const items =
    savedCart && savedCart.retailer === retailer ? savedCart.items : inView ? [inView] : [];
  const products = productsOf(retailer ?? '', items);
  const same = [saved, ...kept].find(
    (draft) => draft && productsOf(draft.retailer, draft.items) === products,
  );
  return same ?? (retailer ? newDraft(settings, retailer, items) : undefined);
}

/** How many products' forms are kept for the session: the last ones shown. */
const KEPT_DRAFTS = 20;

/** The forms kept per product, as stored (an older version's or broken entries left out). */
const keptFrom = (stored: unknown): Draft[] =>
  Array.isArray(stored) ? stored.filter((draft): draft is Draft => isDraft(draft)) : [];

// The kept forms are read and written one change at a time, in the order they were made.
let keeping: Promise<void> = Promise.resolve();

/** Keeps a form as its products' own (or forgets theirs, `keep` false), newest last. */
function keepDraft(draft: Draft, keep: boolean): void {
  const products = productsOf(draft.retailer, draft.items);
  keeping = keeping
    .then(async () => {
      const others = keptFrom(await read('productDrafts')).filter(
        (entry) => productsOf(entry.retailer, entry.items) !== products,
      );
      const kept = keep ? [...others, draft].slice(-KEPT_DRAFTS) : others;
      await write('productDrafts', kept.length > 0 ? kept : undefined);
    })
    .catch(() => undefined);
}

/**
 * The order form in progress for the product in view (or the cart): picked up again on
 * the same products, else made from the defaults, with the vault items that fit.
 */
export function useOrderDraft(
  settings: Settings,
  vault: VaultStatus,
  retailer: RetailerCode | undefined,
  inView: DraftItem | undefined,
  /** The page was read: the item in view carries what the page says (or that it says nothing). */
  pageRead: boolean,
  /** The saved form and cart, when the popup read them as it opened. */
  saved?: Saved,
  /** A form to start from instead ("Order again" from the history). */
  seed?: Draft,
) {
  const known = seed ? undefined : saved;
  const [draft, setDraft] = useState<Draft | undefined>(
    () => seed ?? (known && formFor(known, settings, retailer, inView)),
  );
  const [cart, setCart] = useState<Cart | undefined>(known?.[1]);
  // The products the form was made for; another product in view makes it again.
  const madeFor = useRef(known ? `${retailer}|${inView?.productId}` : undefined);

  useLayoutEffect(() => {
    const products = `${retailer}|${inView?.productId}`;
    if (seed || madeFor.current === products) return;
    madeFor.current = products;
    let live = true;
    void Promise.all([
      read('popupDraft').then(draftFrom),
      read('cart').then(cartFrom),
      read('productDrafts').then(keptFrom),
    ]).then(([saved, savedCart, kept]) => {
      if (!live) return;
      setCart(savedCart);
      setDraft(formFor([saved, savedCart], settings, retailer, inView, kept));
    });
    return () => {
      live = false;
    };
  }, [retailer, inView?.productId]);

  // The page's details may arrive after the form: the item in view takes its title and
  // price, and the guard follows unless the buyer typed one.
  useLayoutEffect(() => {
    if (!draft || !inView || !pageRead) return;
    const at = draft.items.findIndex((item) => item.productId === inView.productId);
    const item = draft.items[at];
    if (!item || (item.title === inView.title && item.priceCents === inView.priceCents)) return;
    const items = draft.items.map((entry, index) =>
      index === at ? { ...entry, ...inView, quantity: entry.quantity } : entry,
    );
    update({ ...draft, items });
  }, [draft?.draftId, pageRead, inView?.title, inView?.priceCents, inView?.currency]);

  const [last, setLast] = useState<LastVaultItems>();
  // The vault items last ordered with, by retailer: ids only (stored-keys.ts).
  useEffect(() => {
    void read('lastVaultItems').then((saved) =>
      setLast(typeof saved === 'object' && saved !== null ? (saved as LastVaultItems) : {}),
    );
  }, []);
  useLayoutEffect(() => {
    if (!draft || !last || !vault.unlocked || isManaged(draft)) return;
    const secrets = preselected(draft.secrets, vault.items, draft.retailer, last);
    if (Object.entries(secrets).some(([key, id]) => draft.secrets[key as 'paymentId'] !== id))
      update({ ...draft, secrets });
  }, [draft?.draftId, draft?.mode, vault.items, last]);

  /** Replaces the form (kept for this browser session); the maximum price follows the items. */
  const update = (next: Draft) => {
    const withPrice = next.maxPriceEdited
      ? next
      : { ...next, maxPrice: suggestedMaxPrice(settings, next.items) };
    setDraft(withPrice);
    void write('popupDraft', withPrice);
    keepDraft(withPrice, true);
  };

  return {
    draft,
    cart,
    update,
    async addToCart(item: DraftItem) {
      if (!retailer) return;
      const current = cart?.retailer === retailer ? cart.items : [];
      const items = current.some((entry) => entry.productId === item.productId)
        ? current.map((entry) =>
            entry.productId === item.productId ? { ...entry, quantity: entry.quantity + 1 } : entry,
          )
        : [...current, item];
      const next = { retailer, items };
      await write('cart', next);
      setCart(next);
      if (draft) update({ ...draft, items });
    },
    async emptyCart(item: DraftItem | undefined) {
      await write('cart', undefined);
      setCart(undefined);
      if (draft && item) update({ ...draft, items: [item] });
    },
    /** Starts a fresh form for a product typed by hand. */
    start(code: RetailerCode, items: DraftItem[]) {
      setDraft(newDraft(settings, code, items));
    },
    /** Forgets the form and the cart once the order is placed; remembers its vault items. */
    async finish(placed: Draft, secrets: Draft['secrets'] | undefined) {
      if (secrets) void write('lastVaultItems', { ...last, [placed.retailer]: secrets });
      keepDraft(placed, false);
      await Promise.all([write('popupDraft', undefined), write('cart', undefined)]);
      setCart(undefined);
    },
  };
}

export interface Cart {
  retailer: string;
  items: DraftItem[];
}

/** The form in progress and the cart, as saved. */
export type Saved = [Draft | undefined, Cart | undefined];

type PopupKey = 'cart' | 'popupDraft' | 'productDrafts' | 'lastVaultItems';

/** What the popup keeps under one of its keys (stored-keys.ts says where). */
async function read(name: PopupKey): Promise<unknown> {
  const { area, key } = STORED_KEYS[name];
  return (await browser.storage[area].get(key))[key];
}

async function write(name: PopupKey, value: unknown): Promise<void> {
  const { area, key } = STORED_KEYS[name];
  if (value === undefined) await browser.storage[area].remove(key);
  else await browser.storage[area].set({ [key]: value });
}

export function cartFrom(stored: unknown): Cart | undefined {
  const cart = stored as Cart | undefined;
  return cart && Array.isArray(cart.items) ? cart : undefined;
}

/** The form in progress survives closing the popup for the session (not an older version's). */
export const draftFrom = (stored: unknown) => (isDraft(stored) ? stored : undefined);

type LastVaultItems = Record<string, Draft['secrets']>;

/**
 * The vault items an own-account order names: the form's key, the kind, the request's
 * field, the label and what to do when the order lacks it.
 */
export const SECRETS = [
  ['credentialsId', 'credentials', 'retailer_credentials', 'popup_login', 'popup_chooseLogin'],
  ['paymentId', 'payment', 'payment_method', 'popup_payment', 'popup_choosePayment'],
  ['billingId', 'billing', 'billing_address', 'popup_billing', 'popup_chooseBilling'],
] as const;

/** The vault items of a kind that fit an order at `retailer` (a login must be for it). */
export const fitting = (items: readonly VaultLabel[], kind: string, retailer: string) =>
  items.filter(
    (item) => item.kind === kind && (kind !== 'credentials' || item.retailer === retailer),
  );

/**
 * The vault items an own-account order starts with: for each left unchosen, the one last
 * used at this retailer while the vault holds it, else the only one that fits, else none.
 */
export function preselected(
  secrets: Draft['secrets'],
  items: readonly VaultLabel[],
  retailer: string,
  last: LastVaultItems,
): Draft['secrets'] {
  const chosen = { ...secrets };
  for (const [key, kind] of SECRETS) {
    if (chosen[key]) continue;
    const fits = fitting(items, kind, retailer);
    chosen[key] =
      fits.find((item) => item.id === last[retailer]?.[key])?.id ??
      (fits.length === 1 ? (fits[0]?.id ?? '') : '');
  }
  return chosen;
}

/** The product in view as an item of the order form, with the page's title and price. */
export function itemOf(tab: TabProduct): DraftItem | undefined {
  if (!tab.product) return undefined;
  const { title, price } = tab.details;
  return {
    productId: tab.product.productId,
    quantity: 1,
    ...(title ? { title } : {}),
    ...(price ? { priceCents: price.amount } : {}),
    currency: price?.currency ?? RETAILERS[tab.product.retailer].currency,
  };
}
