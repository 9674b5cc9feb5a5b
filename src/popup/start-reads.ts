import { browser, type Tabs } from '../shared/browser.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';

/** The classic script that starts the reads as the popup's page begins to load. */
export const POPUP_READS_SCRIPT = 'popup-reads.js';

/** What the popup's first screen is read from: two storage areas and the tab in front. */
export type StartReads = [
  session: Record<string, unknown>,
  local: Record<string, unknown>,
  tab: Tabs.Tab | undefined,
];

const { firstScreen: FIRST, changeFeed: FEED, popupDraft: DRAFT, cart: CART } = STORED_KEYS;
const EARLY = 'buylineStartReads';

/** The popup's tab: the active one of its window. */
const popupTab = () =>
  browser.tabs.query({ active: true, currentWindow: true }).then(([tab]) => tab);

/**
 * Reads what the first screen is drawn from, all at once; what fails reads as missing.
 * `tab` finds the tab in view: the side panel gives its own (front-tab.ts).
 */
function startReads(tab: () => Promise<Tabs.Tab | undefined> = popupTab): Promise<StartReads> {
  return Promise.all([
    browser.storage[FIRST.area].get([FIRST.key, FEED.key, DRAFT.key]).catch(() => ({})),
    browser.storage[CART.area].get(CART.key).catch(() => ({})),
    tab().catch(() => undefined),
  ]);
}

/**
 * Run by popup-reads.js, which the page loads with `async` ahead of its modules: the reads
 * are under way while the page's code still loads (some 4 ms of every opening).
 */
export function startReadsEarly(): void {
  (globalThis as { [EARLY]?: Promise<StartReads> })[EARLY] = startReads();
}

/**
 * The reads that script started, taken once; if it has not run (the side panel's page
 * does not load it), reads started now, with `tab` finding the tab in view.
 */
export function takeStartReads(tab?: () => Promise<Tabs.Tab | undefined>): Promise<StartReads> {
  const scope = globalThis as { [EARLY]?: Promise<StartReads> };
  const early = scope[EARLY];
  delete scope[EARLY];
  return early ?? startReads(tab);
}
