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

/** A stored cart, or nothing when what is stored is not one. */
export function cartFrom(stored: unknown): Cart | undefined {
  const cart = stored as Cart | undefined;
  return cart && Array.isArray(cart.items) ? cart : undefined;
}

export const readCart = async () => cartFrom(await read('cart'));

export const writeCart = (cart: Cart | undefined) =>
  write('cart', cart && cart.items.length > 0 ? cart : undefined);

/**
 * The form in progress survives closing the popup, for this browser session. A form
 * saved by an older version of the popup is started afresh.
 */
export const draftFrom = (stored: unknown) => (isDraft(stored) ? stored : undefined);

export const readDraft = async () => draftFrom(await read('popupDraft'));

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
