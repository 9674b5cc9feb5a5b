import browser from 'webextension-polyfill';

export type { Browser, Runtime, Tabs } from 'webextension-polyfill';
/**
 * The one import of the extension API. Chrome and Firefox share the promise-based
 * `browser` namespace through webextension-polyfill, and unit tests replace this
 * module with @webext-core/fake-browser (`vi.mock('…/shared/browser.ts')`).
 */
export { browser };
