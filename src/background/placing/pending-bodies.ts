import { browser } from '../../shared/browser.ts';
import { STORED_KEYS } from '../../shared/stored-keys.ts';

// Bodies of POSTs not yet confirmed, secrets included, so that a restarted worker can
// resend them under the same key: in session storage (memory, trusted contexts only,
// one key each), dropped once the service confirms, so card data never touches the
// disk. After a browser restart an unconfirmed order is looked for in the list instead.
const { area, key: prefix } = STORED_KEYS.pendingBodies;

export async function keepPendingBody(
  localId: string,
  body: Record<string, unknown>,
): Promise<void> {
  await browser.storage[area].set({ [prefix + localId]: body });
}

export async function pendingBody(localId: string): Promise<Record<string, unknown> | undefined> {
  const stored = await browser.storage[area].get(prefix + localId);
  return stored[prefix + localId] as Record<string, unknown> | undefined;
}

export async function dropPendingBody(localId: string): Promise<void> {
  await browser.storage[area].remove(prefix + localId);
}
