import { browser, type Tabs } from '../shared/browser.ts';

/** Whether this page is the side panel (the popup's page, in panel mode): its own address says. */
export const inPanel = (): boolean =>
  typeof location !== 'undefined' && /\/src\/panel\/index\.html$/.test(location.pathname);

type Window = Awaited<ReturnType<typeof browser.windows.getLastFocused>>;
/** Both browsers filter by window type; the polyfill's types miss `windowTypes`. */
const lastFocused = browser.windows.getLastFocused as (info: object) => Promise<Window>;

/**
 * The browser window the buyer was in last. Windows of other types are passed over: a
 * panel opened in a window of its own is not the page it is beside.
 */
async function frontWindow(): Promise<number | undefined> {
  const last = await lastFocused({ windowTypes: ['normal'] });
  if (last.type === 'normal' && last.id !== undefined) return last.id;
  const windows = await browser.windows.getAll({ windowTypes: ['normal'] });
  return (windows.find((window) => window.focused) ?? windows[0])?.id;
}

/** The tab the panel is beside: the active tab of that window. */
export async function frontTab(): Promise<Tabs.Tab | undefined> {
  const windowId = await frontWindow();
  if (windowId === undefined) return undefined;
  const [tab] = await browser.tabs.query({ active: true, windowId });
  return tab;
}
