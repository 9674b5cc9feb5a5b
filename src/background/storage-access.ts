import { browser } from '../shared/browser.ts';

/**
 * Keeps local storage (where the service token lives) to Buyline's own trusted
 * contexts: its pages and this worker. By default Chrome lets content scripts, and any
 * script the extension injects into a web page, read storage.local; after
 * `setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' })` they get an error instead. The
 * setting persists, and is made again at every start in case it was lost.
 *
 * Firefox has no `setAccessLevel` on storage.local (only on storage.session): there a
 * script Buyline injects into a page could still read local storage. Buyline declares
 * no content scripts, and the only script it injects (the page reader) never touches
 * storage; the token is never sent to a page.
 */
export async function keepLocalStorageToTrustedContexts(): Promise<boolean> {
  const local = browser.storage.local as {
    setAccessLevel?: (options: { accessLevel: string }) => Promise<void>;
  };
  if (typeof local.setAccessLevel !== 'function') return false;
  try {
    await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch (error) {
    console.error('Buyline: could not keep local storage to the extension’s own pages', error);
    return false;
  }
}
