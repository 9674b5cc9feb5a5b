import type { Browser } from 'webextension-polyfill';

export type { Browser, Runtime, Tabs } from 'webextension-polyfill';

type ExtensionGlobal = { browser?: Browser; chrome?: Browser };

/**
 * The one import of the extension API; unit tests replace this module with
 * @webext-core/fake-browser (`vi.mock('…/shared/browser.ts')`). Pages use the browser's
 * own promise-based `chrome` namespace (Manifest V3 in Chrome and Firefox alike), which
 * is all they need, so webextension-polyfill stays out of their bundles. Firefox's
 * `browser` namespace is not taken: it logs every request still pending when a page
 * closes as an error ("Promise rejected after context unloaded"), which the Firefox
 * end-to-end tests see. The background installs the polyfill before anything else
 * runs (src/background/polyfill.ts), for what Chrome's own namespace lacks there: an
 * onMessage listener that answers with a promise.
 */
const scope = globalThis as unknown as ExtensionGlobal;
export let browser: Browser = (scope.chrome ?? scope.browser) as Browser;

/** Replaces the namespace every module reads `browser` from (the background's polyfill). */
export function useExtensionApi(api: Browser): void {
  browser = api;
}
