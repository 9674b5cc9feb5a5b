import type { Browser } from 'webextension-polyfill';

export type { Browser, Runtime, Tabs } from 'webextension-polyfill';

type ExtensionGlobal = { browser?: Browser; chrome?: Browser };

/**
 * The one import of the extension API; unit tests replace this module with
 * @webext-core/fake-browser (`vi.mock('…/shared/browser.ts')`). Pages and the worker
 * use the browser's own promise-based `chrome` namespace (Manifest V3 in Chrome and
 * Firefox alike), which is all they need, so no polyfill is loaded (webextension-polyfill
 * gives the types alone). Firefox's `browser` namespace is not taken: it logs every
 * request still pending when a page closes as an error ("Promise rejected after context
 * unloaded"), which the Firefox end-to-end tests see.
 */
const scope = globalThis as unknown as ExtensionGlobal;
export const browser: Browser = (scope.chrome ?? scope.browser) as Browser;
