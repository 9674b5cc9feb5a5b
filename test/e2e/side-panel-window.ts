import type { Page } from 'playwright-core';
import type { LaunchedExtension } from './harness/index.ts';

/**
 * Opens the side panel's page as a test can drive it: in a popup-type window of its
 * own, made by the worker (chrome.windows.create), so the main window's active tab stays
 * the page the panel is beside and switching tabs there fires the real tab events the
 * panel follows. (Chrome's side panel itself opens only from a user gesture, which
 * headless Chromium cannot make.)
 */
export async function openPanelWindow(extension: LaunchedExtension): Promise<Page> {
  const worker = await extension.serviceWorker();
  const opened = extension.context.waitForEvent('page', {
    predicate: (page) => page.url().includes('/src/panel/index.html'),
  });
  await worker.evaluate(
    (url) => chrome.windows.create({ url, type: 'popup', focused: false, width: 400, height: 800 }),
    extension.extensionUrl('src/panel/index.html'),
  );
  const panel = await opened;
  await panel.waitForLoadState();
  return panel;
}

/** The panel's main text, to wait on with expect.poll. */
export const panelText = (panel: Page) => () => panel.locator('main').textContent();
