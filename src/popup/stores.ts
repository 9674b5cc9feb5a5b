import { browser } from '../shared/browser.ts';
import { type Draft, type DraftItem, isDraft } from '../shared/order-form-model.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';

export interface Cart {
  retailer: string;
  items: DraftItem[];
}

const CART = STORED_KEYS.cart;
const DRAFT = STORED_KEYS.popupDraft;

export async function readCart(): Promise<Cart | undefined> {
  const cart = (await browser.storage[CART.area].get(CART.key))[CART.key] as Cart | undefined;
  return cart && Array.isArray(cart.items) ? cart : undefined;
}

export async function writeCart(cart: Cart | undefined): Promise<void> {
  if (cart && cart.items.length > 0) await browser.storage[CART.area].set({ [CART.key]: cart });
  else await browser.storage[CART.area].remove(CART.key);
}

/** The form in progress survives closing the popup, for this browser session. */
export async function readDraft(): Promise<Draft | undefined> {
  const saved = (await browser.storage[DRAFT.area].get(DRAFT.key))[DRAFT.key];
  // A form saved by an older version of the popup is started afresh.
  return isDraft(saved) ? saved : undefined;
}

export async function writeDraft(draft: Draft | undefined): Promise<void> {
  if (draft) await browser.storage[DRAFT.area].set({ [DRAFT.key]: draft });
  else await browser.storage[DRAFT.area].remove(DRAFT.key);
}
