import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { RetailerCode } from '../api/retailers.ts';
import {
  type Draft,
  type DraftItem,
  newDraft,
  suggestedMaxPrice,
} from '../shared/order-form-model.ts';
import type { Settings } from '../shared/settings.ts';
import { type Cart, readCart, readDraft, writeCart, writeDraft } from './stores.ts';

export interface OrderDraft {
  /** Undefined while the saved form is read, and when there is nothing to order. */
  draft: Draft | undefined;
  cart: Cart | undefined;
  /** Replaces the form (kept for this browser session); the maximum price follows the items. */
  update(next: Draft): void;
  addToCart(item: DraftItem): Promise<void>;
  emptyCart(item: DraftItem | undefined): Promise<void>;
  /** Starts a fresh form for a product typed by hand. */
  start(retailer: RetailerCode, items: DraftItem[]): void;
  /** Forgets the form and the cart once the order is placed. */
  finish(): Promise<void>;
}

/** The form to show: the saved one when it is for the same products, else a fresh one. */
function formFor(
  [saved, savedCart]: [Draft | undefined, Cart | undefined],
  settings: Settings,
  retailer: RetailerCode | undefined,
  inView: DraftItem | undefined,
): Draft | undefined {
  const items =
    savedCart && savedCart.retailer === retailer ? savedCart.items : inView ? [inView] : [];
  const same =
    saved &&
    saved.retailer === (retailer ?? '') &&
    saved.items.map((item) => item.productId).join() === items.map((item) => item.productId).join();
  return same ? saved : retailer ? newDraft(settings, retailer, items) : undefined;
}

/**
 * The order form in progress for the product in view (or the cart): picked up again
 * when the popup reopens on the same products, else made from the saved defaults.
 */
export function useOrderDraft(
  settings: Settings,
  retailer: RetailerCode | undefined,
  inView: DraftItem | undefined,
  /** The page was read: the item in view carries what the page says (or that it says nothing). */
  pageRead: boolean,
  /** The saved form and cart, when the popup read them as it opened. */
  saved?: [Draft | undefined, Cart | undefined],
  /** A form to start from instead ("Order again" from the history). */
  seed?: Draft,
): OrderDraft {
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
    void Promise.all([readDraft(), readCart()]).then((found) => {
      if (!live) return;
      setCart(found[1]);
      setDraft(formFor(found, settings, retailer, inView));
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

  const update = (next: Draft) => {
    const withPrice = next.maxPriceEdited
      ? next
      : { ...next, maxPrice: suggestedMaxPrice(settings, next.items) };
    setDraft(withPrice);
    void writeDraft(withPrice);
  };

  return {
    draft,
    cart,
    update,
    async addToCart(item) {
      if (!retailer) return;
      const current = cart?.retailer === retailer ? cart.items : [];
      const items = current.some((entry) => entry.productId === item.productId)
        ? current.map((entry) =>
            entry.productId === item.productId ? { ...entry, quantity: entry.quantity + 1 } : entry,
          )
        : [...current, item];
      const next = { retailer, items };
      await writeCart(next);
      setCart(next);
      if (draft) update({ ...draft, items });
    },
    async emptyCart(item) {
      await writeCart(undefined);
      setCart(undefined);
      if (draft && item) update({ ...draft, items: [item] });
    },
    start(code, items) {
      setDraft(newDraft(settings, code, items));
    },
    async finish() {
      await Promise.all([writeDraft(undefined), writeCart(undefined)]);
      setCart(undefined);
    },
  };
}
