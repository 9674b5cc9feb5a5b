/**
 * The side panel's screens for `npm run screenshots` (scripts/screenshots.ts captures
 * them with the others). The panel's page opens in a popup-type window of its own, as
 * the end-to-end tests open it (test/e2e/side-panel-window.ts): the main window's
 * active tab stays the storefront page it is beside, whatever is brought to the front.
 */
import type { Locator, Page } from 'playwright-core';
import { openPanelWindow } from '../test/e2e/side-panel-window.ts';
import type { Screen, ScreenContext } from './screenshots/screens.ts';

const PRODUCT = 'https://www.amazon.com/Sandbox-Test-Item/dp/B0PLACES01';
const CANCELLABLE = 'https://www.amazon.com/dp/B0CANCELOK';
const SEARCH = 'https://www.amazon.com/s?k=water+bottle';
const WAIT = { timeout: 15_000 };

async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible', ...WAIT });
}

/** A storefront address in the main window's front tab, then the panel beside it. */
async function panelBeside(context: ScreenContext, url: string): Promise<Page> {
  const store = await context.extension.context.newPage();
  await store.goto(url);
  await store.bringToFront();
  return openPanelWindow(context.extension);
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place order' });

export const PANEL_SCREENS: readonly Screen[] = [
  {
    name: 'panel-order-form',
    surface: 'page',
    async reach(context) {
      const page = await panelBeside(context, PRODUCT);
      await visible(page.getByText('Page price: $19.99'));
      return { page };
    },
    aboveFold: placeOrder,
  },
  {
    name: 'panel-other-page',
    surface: 'page',
    async reach(context) {
      const page = await panelBeside(context, SEARCH);
      await visible(page.getByRole('searchbox', { name: 'Search orders' }));
      return { page };
    },
  },
  {
    name: 'panel-cancel-from-notice',
    surface: 'page',
    async reach(context) {
      const page = await panelBeside(context, CANCELLABLE);
      await visible(placeOrder(page));
      await placeOrder(page).click();
      const worker = await context.extension.serviceWorker();
      const notice = async () =>
        Object.keys(await worker.evaluate(() => chrome.notifications.getAll())).find((id) =>
          /^buyline:order:[^:]+:placed$/.test(id),
        );
      for (let tries = 0; tries < 60 && !(await notice()); tries++) await page.waitForTimeout(250);
      // The notice's "Cancel order", as its click runs the worker's listeners.
      await worker.evaluate(
        (id) =>
          (
            chrome.notifications.onButtonClicked as unknown as {
              dispatch(id: string, index: number): void;
            }
          ).dispatch(id, 0),
        (await notice()) ?? '',
      );
      await visible(page.getByRole('button', { name: /^Cancel \d+ × / }));
      return { page };
    },
  },
];
