import { browser } from '../shared/browser.ts';

type Area = 'local' | 'sync';

/**
 * Keeps a storage area to Buyline's own pages and worker: by default Chrome lets any
 * script the extension injects into a web page read it. The setting persists, and is
 * made again at every start in case it was lost. Firefox has no `setAccessLevel` there:
 * the only script Buyline injects (the page reader) never touches storage.
 */
async function keepToTrustedContexts(area: Area): Promise<boolean> {
  const storage = browser.storage[area] as {
    setAccessLevel?: (options: { accessLevel: string }) => Promise<void>;
  };
  if (typeof storage.setAccessLevel !== 'function') return false;
  try {
    await storage.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch (error) {
    console.error(`Buyline: could not keep ${area} storage to the extension’s own pages`, error);
    return false;
  }
}

/** Both areas: local holds the sealed token, vault and webhooks; sync the settings. Says which is kept. */
export async function keepStorageToTrustedContexts(): Promise<Record<Area, boolean>> {
  const [local, sync] = await Promise.all([
    keepToTrustedContexts('local'),
    keepToTrustedContexts('sync'),
  ]);
  return { local, sync };
}
