/**
 * How the background tells open pages that something they show has changed, without
 * any page polling: the background writes a fresh notice to one key of session
 * storage, and every page that watches the key re-reads what it shows. Storage, not a
 * port, so a notice written by a worker that then stops is still delivered, and a page
 * opened later simply reads the current state.
 */
import { browser } from './browser.ts';
import { STORED_KEYS } from './stored-keys.ts';

/** What changed: pages re-read only what they show. */
export type ChangeScope = 'orders' | 'settings' | 'vault' | 'token' | 'bulk';

export interface ChangeNotice {
  /** Unique per notice, so two equal notices in a row still fire `onChanged`. */
  id: string;
  at: number;
  scopes: ChangeScope[];
  /** The orders (local ids) that changed, when known. */
  orderIds?: string[];
}

const { area, key } = STORED_KEYS.changeFeed;

/** Background side: announce a change. Never throws; a lost notice only delays a page. */
export async function publishChange(scopes: ChangeScope[], orderIds?: string[]): Promise<void> {
  const notice: ChangeNotice = {
    id: crypto.randomUUID(),
    at: Date.now(),
    scopes,
    ...(orderIds && orderIds.length > 0 ? { orderIds } : {}),
  };
  try {
    await browser.storage[area].set({ [key]: notice });
  } catch (error) {
    // Chrome refuses a worker being stopped with "No SW": no page is open to tell, and a
    // page opened later reads the current state. Not an error.
    if (/\bNo SW\b/.test(error instanceof Error ? error.message : String(error))) return;
    console.error('Buyline: could not announce a change to open pages', error);
  }
}

/**
 * Page side: calls `listener` on every notice that touches one of `scopes`. Returns
 * the function that stops listening.
 */
export function subscribeChanges(
  scopes: readonly ChangeScope[],
  listener: (notice: ChangeNotice) => void,
): () => void {
  const onChanged = (
    changes: Record<string, { newValue?: unknown }>,
    changedArea: string,
  ): void => {
    if (changedArea !== area) return;
    const notice = changes[key]?.newValue as ChangeNotice | undefined;
    if (notice?.scopes?.some((scope) => scopes.includes(scope))) listener(notice);
  };
  browser.storage.onChanged.addListener(onChanged);
  return () => browser.storage.onChanged.removeListener(onChanged);
}
