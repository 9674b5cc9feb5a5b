/**
 * Every screen `npm run screenshots` captures, as one table: its name (the PNG's file
 * name), where it lives, and how a buyer reaches it. When the UI changes, change the
 * steps here; each step is what a person does (open the popup on a product, click a
 * button by its name), so the table reads as the journey it pictures.
 */
import type { Locator, Page } from 'playwright-core';
import type { LaunchedExtension } from '../../test/e2e/harness/index.ts';

export interface ScreenContext {
  extension: LaunchedExtension;
  /**
   * Opens a storefront address in a tab and the popup over it: the real popup, or the
   * popup's page in a tab of its own that reads the storefront tab (see screenshots.ts).
   */
  popupOn(url: string): Promise<Page>;
  /** Opens the options page in a tab. */
  options(): Promise<Page>;
  /** Opens another of Buyline's pages in a tab, by its path in the build. */
  extensionPage(path: string): Promise<Page>;
}

export interface Screen {
  name: string;
  /** A popup screen is also captured in the real popup, at the size it takes. */
  surface: 'popup' | 'page';
  /**
   * Brings the screen up and returns the page, and the part of it to capture when that
   * is not the whole page. A screen is reached once and captured in every variant.
   */
  reach(context: ScreenContext): Promise<{ page: Page; part?: Locator }>;
  /** What must be visible without scrolling at the popup's largest height (600 px). */
  aboveFold?(page: Page): Locator;
}

const PRODUCT = 'https://www.amazon.com/Sandbox-Test-Item/dp/B0PLACES01';
/** The sandbox's product whose placed order can be cancelled. */
const CANCELLABLE = 'https://www.amazon.com/dp/B0CANCELOK';
/** The sandbox's product whose order may have been placed though the service failed it. */
const PROBABLY_PLACED = 'https://www.amazon.com/dp/B0PROBPLC1';
/** The sandbox's product whose retailer refuses to cancel it. */
const REFUSES_CANCEL = 'https://www.amazon.com/dp/B0CANCELNO';
const WAIT = { timeout: 30_000 };

async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible', ...WAIT });
}

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place order' });

/** The popup on a product (the cancellable one unless named), its order placed. */
async function placed(context: ScreenContext, url = CANCELLABLE): Promise<Page> {
  const page = await context.popupOn(url);
  await visible(placeOrder(page));
  await placeOrder(page).click();
  await visible(page.getByRole('status').filter({ hasText: /Placed/ }));
  return page;
}

/** The newest order's detail, from the Orders list (the popup given, or one on a product). */
async function orderDetail(context: ScreenContext, popup?: Page): Promise<Page> {
  const page = popup ?? (await context.popupOn(PRODUCT));
  await page.getByRole('button', { name: 'Orders', exact: true }).click();
  await page
    .getByRole('button', { name: /^Open order / })
    .first()
    .click();
  await visible(page.getByRole('button', { name: /^Cancel / }));
  return page;
}

/** One section of the options page, by its heading; the section is what is captured. */
function optionsSection(name: string): Screen['reach'] {
  return async (context) => {
    const page = await context.options();
    const part = page.getByRole('region', { name, exact: true });
    await visible(part);
    return { page, part };
  };
}

export const SCREENS: readonly Screen[] = [
  {
    name: 'popup-order-form',
    surface: 'popup',
    async reach(context) {
      const page = await context.popupOn(PRODUCT);
      await visible(placeOrder(page));
      return { page };
    },
    aboveFold: placeOrder,
  },
  {
    name: 'popup-placed',
    surface: 'popup',
    reach: async (context) => ({ page: await placed(context) }),
  },
  {
    name: 'popup-orders-list',
    surface: 'popup',
    async reach(context) {
      const page = await context.popupOn(PRODUCT);
      await page.getByRole('button', { name: 'Orders', exact: true }).click();
      await visible(page.getByRole('button', { name: /^Open order / }));
      return { page };
    },
  },
  {
    name: 'popup-order-detail',
    surface: 'popup',
    reach: async (context) => ({ page: await orderDetail(context) }),
  },
  {
    name: 'popup-cancel-confirm',
    surface: 'popup',
    async reach(context) {
      const page = await orderDetail(context);
      await page
        .getByRole('button', { name: /^Cancel / })
        .first()
        .click();
      await visible(page.getByRole('button', { name: /^Cancel \d+ × / }));
      return { page };
    },
    aboveFold: (page) => page.getByRole('button', { name: /^Cancel \d+ × / }),
  },
  {
    name: 'popup-order-problems',
    surface: 'popup',
    async reach(context) {
      // A maximum that cannot be sent: Place order looks unavailable, a click says why.
      const page = await context.popupOn(PRODUCT);
      await visible(placeOrder(page));
      await page.getByLabel(/^Maximum price/).fill('-5');
      await placeOrder(page).click();
      await visible(page.getByText("Maximum price can't be negative."));
      return { page };
    },
    aboveFold: placeOrder,
  },
  {
    name: 'popup-check-retailer',
    surface: 'popup',
    async reach(context) {
      // The service may have placed it after all: checking comes first.
      const page = await context.popupOn(PROBABLY_PLACED);
      await visible(placeOrder(page));
      await placeOrder(page).click();
      await visible(page.getByRole('link', { name: /^Check your orders on / }));
      return { page };
    },
  },
  {
    name: 'popup-cancel-refused',
    surface: 'popup',
    async reach(context) {
      const page = await orderDetail(context, await placed(context, REFUSES_CANCEL));
      await page
        .getByRole('button', { name: /^Cancel / })
        .first()
        .click();
      await page.getByRole('button', { name: /^Cancel \d+ × / }).click();
      await visible(page.getByText(/refused to cancel it/));
      return { page };
    },
  },
  { name: 'options-connection', surface: 'page', reach: optionsSection('Connection') },
  { name: 'options-defaults', surface: 'page', reach: optionsSection('Order defaults') },
  { name: 'options-guide', surface: 'page', reach: optionsSection('Get started') },
  { name: 'options-behaviour', surface: 'page', reach: optionsSection('Behaviour') },
  { name: 'options-webhooks', surface: 'page', reach: optionsSection('Webhooks') },
  { name: 'options-vault', surface: 'page', reach: optionsSection('Own-account secrets') },
  { name: 'options-data', surface: 'page', reach: optionsSection('Data') },
];
