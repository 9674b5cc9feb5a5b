import { browser } from '../shared/browser.ts';
import { type Draft, type DraftItem, isDraft } from '../shared/order-form-model.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';

export interface Cart {
  retailer: string;
  items: DraftItem[];
}

type PopupKey = 'cart' | 'popupDraft' | 'lastVaultItems';

/** What the popup keeps under one of its keys (stored-keys.ts says where). */
async function read(name: PopupKey): Promise<unknown> {
  const { area, key } = STORED_KEYS[name];
  return (await browser.storage[area].get(key))[key];
}

/** Keeps a value under one of the popup's keys, or forgets it (undefined). */
async function write(name: PopupKey, value: unknown): Promise<void> {
  const { area, key } = STORED_KEYS[name];
  if (value === undefined) await browser.storage[area].remove(key);
  else await browser.storage[area].set({ [key]: value });
}

export async function readCart(): Promise<Cart | undefined> {
  const cart = (await read('cart')) as Cart | undefined;
  return cart && Array.isArray(cart.items) ? cart : undefined;
}

export const writeCart = (cart: Cart | undefined) =>
  write('cart', cart && cart.items.length > 0 ? cart : undefined);

/** The form in progress survives closing the popup, for this browser session. */
export async function readDraft(): Promise<Draft | undefined> {
  const saved = await read('popupDraft');
  // A form saved by an older version of the popup is started afresh.
  return isDraft(saved) ? saved : undefined;
}

export const writeDraft = (draft: Draft | undefined) => write('popupDraft', draft);

/** The vault items last ordered with, by retailer: ids only (stored-keys.ts). */
export type LastVaultItems = Record<string, Draft['secrets']>;

export async function readLastVaultItems(): Promise<LastVaultItems> {
  const saved = await read('lastVaultItems');
  return typeof saved === 'object' && saved !== null ? (saved as LastVaultItems) : {};
}

export async function rememberVaultItems(retailer: string, ids: Draft['secrets']): Promise<void> {
  await write('lastVaultItems', { ...(await readLastVaultItems()), [retailer]: ids });
}
