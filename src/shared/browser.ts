import type { Browser } from 'webextension-polyfill';

export type { Browser, Runtime, Tabs } from 'webextension-polyfill';

type ExtensionGlobal = { browser?: Browser; chrome?: Browser };

/**
 * The one import of the extension API (unit tests mock this module with
 * @webext-core/fake-browser): the browser's own promise-based `chrome` namespace, so no
 * polyfill is loaded. Firefox's `browser` namespace is not taken: it logs every request
 * still pending when a page closes as an error, which the Firefox end-to-end tests see.
 */
const scope = globalThis as unknown as ExtensionGlobal;
export const browser: Browser = (scope.chrome ?? scope.browser) as Browser;
