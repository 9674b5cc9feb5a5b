import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import {
  HOME_ADDRESS,
  type LaunchedExtension,
  launchExtension,
  routeStorefronts,
  setUpThroughOptions,
} from './harness/index.ts';

// The popup as a buyer uses it: over a storefront tab at its real address, with the
// test build (a programmatic popup gets no activeTab), against the real sandbox.

let sandbox: RunningSandbox;
let extension: LaunchedExtension;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 400, control: true, seed: 5 });
  extension = await launchExtension({ dist: 'dist-test' });
  await routeStorefronts(extension.context, sandbox.url);
  // Set up as a buyer does, on the options page. Out of the box Buyline holds the
  // sandbox's token and orders with managed accounts. Orders are sent at once here;
  // the hold before sending has its own test (order-states.test.ts).
  await setUpThroughOptions(extension, {
    serviceUrl: sandbox.url,
    address: HOME_ADDRESS,
    holdSeconds: 0,
  });
}, 60_000);

// Each test starts with no form in progress and an empty cart, whatever the one before
// left: a test must not depend on another's leftovers.
beforeEach(async () => {
  const page = await extension.openExtensionPage('src/options/index.html');
  await page.evaluate(async () => {
    await chrome.storage.session.remove('popupDraft');
    await chrome.storage.local.remove('cart');
  });
  await page.close();
});

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

/** Opens a storefront address in a tab and the popup over it. */
async function popupOn(url: string): Promise<Page> {
  const tab = await extension.context.newPage();
  await tab.goto(url);
  await tab.bringToFront();
  return extension.openPopupOnActiveTab();
}

/** Places the product at this address from the popup, with the defaults; the popup shows it placed. */
async function placeOn(url: string): Promise<Page> {
  const popup = await popupOn(url);
  await expect
    .poll(() => popup.getByRole('button', { name: 'Place order' }).isVisible(), {
      timeout: 10_000,
    })
    .toBe(true);
  await popup.getByRole('button', { name: 'Place order' }).click();
  await expect
    .poll(() => popup.getByRole('status').textContent(), { timeout: 15_000 })
    .toMatch(/Placed/);
  return popup;
}

async function orderCount(): Promise<number> {
  const state = (await (await fetch(`${sandbox.url}/_control/state`)).json()) as {
    tokens: Record<string, { orders: number }>;
  };
  return state.tokens.sandbox?.orders ?? 0;
}

async function lastOrder(): Promise<any> {
  const response = await fetch(`${sandbox.url}/v1/orders?limit=1`, {
    headers: { authorization: `Basic ${Buffer.from('sandbox:').toString('base64')}` },
  });
  return ((await response.json()) as any[])[0];
}

describe('the popup', () => {
  it('orders the product in view with the saved defaults and shows it placed', async () => {
    const popup = await popupOn(
      'https://www.amazon.com/Sandbox-Test-Item/dp/B0PLACES01/ref=sr_1_1?keywords=test',
    );
    await expect
      .poll(
        () => popup.getByRole('heading', { name: 'Sandbox Test Item: Always Places' }).isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    // The page's price beside the product, and the max_price guard from it: the page
    // price (19.99) plus the default 10% tolerance.
    expect(await popup.getByText('Page price: $19.99').isVisible()).toBe(true);
    expect(await popup.getByLabel('Maximum price (USD)').inputValue()).toBe('21.99');
    await expect
      .poll(() =>
        popup
          .getByText(
            '1 × Sandbox Test Item: Always Places to Cambridge, at most $21.99, managed account',
          )
          .isVisible(),
      )
      .toBe(true);
    await popup.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => popup.getByRole('status').textContent(), { timeout: 15_000 })
      .toMatch(/Placed · \$21\.24/);
    const sent = await lastOrder();
    expect(sent.request).toMatchObject({
      retailer: 'amazon',
      addax: true,
      max_price: 2199,
      products: [{ product_id: 'B0PLACES01', quantity: 1 }],
      shipping_method: 'cheapest',
    });
    await popup.close();
  }, 60_000);

  it('warns, without blocking, when the page says the item is unavailable and shows no price', async () => {
    const popup = await popupOn('https://www.amazon.com/dp/B0OOSTOCK1');
    await expect
      .poll(() => popup.getByText('The page says this item is unavailable.').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    // No price to pay on the page: no guess, the buyer is asked for a maximum.
    expect(await popup.getByText('No price on this page: set a maximum price.').isVisible()).toBe(
      true,
    );
    expect(await popup.getByLabel('Maximum price (USD)').inputValue()).toBe('');
    expect(await popup.getByRole('button', { name: 'Place order' }).isEnabled()).toBe(true);
    await popup.close();
  }, 60_000);

  it('shows a failure with its reason and what to change', async () => {
    const popup = await popupOn('https://www.amazon.com/dp/B0PLACES01');
    const max = popup.getByLabel('Maximum price (USD)');
    await expect.poll(() => max.isVisible(), { timeout: 10_000 }).toBe(true);
    await max.fill('5.00');
    await popup.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => popup.getByRole('status').textContent(), { timeout: 15_000 })
      .toContain('The price went above your maximum.');
    expect(await popup.getByRole('status').textContent()).toContain('Raise the maximum price');
    await popup.close();
  }, 60_000);

  it('shows a validation error at its field before anything is sent', async () => {
    const before = await orderCount();
    const popup = await popupOn('https://www.amazon.com/dp/B0PLACES01');
    // One product's quantity is labelled "Quantity", and its problem names it so.
    const quantity = popup.getByLabel('Quantity', { exact: true });
    await expect.poll(() => quantity.isVisible(), { timeout: 10_000 }).toBe(true);
    await quantity.fill('0');
    await popup.getByLabel('Maximum price (USD)').fill('abc');
    await popup.getByRole('button', { name: 'Place order' }).click();
    // The background checked the request and answered with the problems, at their fields.
    await expect
      .poll(() => popup.getByText('Quantity must be a whole number, 1 or more.').isVisible())
      .toBe(true);
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    expect(await popup.getByLabel('Maximum price (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(await orderCount()).toBe(before);
    await popup.close();
  }, 60_000);

  it('places one order of two products gathered in a cart across tabs', async () => {
    const first = await popupOn('https://www.amazon.com/dp/B0PLACES01');
    await expect
      .poll(() => first.getByRole('button', { name: 'Add to cart' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await first.getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(() => first.getByRole('button', { name: 'Empty cart (1)' }).isVisible())
      .toBe(true);
    await first.close();
    const second = await popupOn('https://www.amazon.com/dp/B0ZIPONLY1');
    await expect
      .poll(() => second.getByRole('button', { name: 'Add to cart' }).isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await second.getByRole('button', { name: 'Add to cart' }).click({ timeout: 5_000 });
    await expect
      .poll(() => second.getByRole('heading', { name: 'Cart: 2 products' }).isVisible())
      .toBe(true);
    await second.getByRole('button', { name: 'Place order' }).click({ timeout: 5_000 });
    await expect
      .poll(
        () =>
          second
            .getByRole('status')
            .textContent({ timeout: 1_000 })
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toMatch(/Placed/);
    const sent = await lastOrder();
    expect(
      sent.request.products.map((product: { product_id: string }) => product.product_id).sort(),
    ).toEqual(['B0PLACES01', 'B0ZIPONLY1']);
    expect(sent.merchant_order_ids).toHaveLength(2);
    await second.close();
  }, 60_000);

  it('finds an order in the list by a word of its title or a part of its merchant order id', async () => {
    const popup = await placeOn('https://www.amazon.com/dp/B0PLACES01');
    const merchantOrderId: string = (await lastOrder()).merchant_order_ids[0].merchant_order_id;
    // Its last part: "112-3456789-1234567" is found by "1234567".
    const part = merchantOrderId.split('-').at(-1) as string;
    expect(part.length).toBeGreaterThan(3);
    await popup.getByRole('button', { name: 'See all orders' }).click();
    const search = popup.getByRole('searchbox', { name: 'Search orders' });
    const rows = popup.getByRole('button', {
      name: /^Open order Sandbox Test Item: Always Places/,
    });
    await search.fill('always PLAC');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await search.fill(part);
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await search.fill('lways');
    await expect
      .poll(() => popup.getByText('No orders match the search and filters.').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await rows.count()).toBe(0);
    await popup.close();
  }, 60_000);

  it('cancels a placed order from the toolbar: attempting to cancel, then cancelled', async () => {
    const popup = await placeOn('https://www.amazon.com/dp/B0CANCELOK');
    await popup.getByRole('button', { name: 'See all orders' }).click();
    await popup
      .getByRole('button', { name: /Open order Sandbox Test Item: Cancels via Attempting/ })
      .first()
      .click();
    const cancel = popup.getByRole('button', { name: 'Cancel order' });
    await expect.poll(() => cancel.isVisible(), { timeout: 10_000 }).toBe(true);
    await cancel.click();
    await popup.getByRole('button', { name: /^Cancel \d+ × / }).click();
    await expect
      .poll(() => popup.getByText('Attempting to cancel').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await fetch(`${sandbox.url}/_control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_ms: 60_000 }),
    });
    await popup.getByRole('button', { name: 'Refresh' }).click();
    // The merchant order's cancellation, and the order itself: every merchant order of it
    // was cancelled, so it is cancelled.
    await expect
      .poll(() => popup.getByRole('list', { name: 'Shipments' }).textContent(), {
        timeout: 20_000,
      })
      .toContain('Cancelled');
    await expect.poll(() => popup.getByRole('status').textContent()).toMatch(/^Cancelled/);
    await popup.close();
  }, 90_000);

  it('offers manual entry on a page that is not a product', async () => {
    const popup = await popupOn('https://www.amazon.com/s?k=water+bottle');
    await expect
      .poll(
        () => popup.getByText('This page is not a product page of a supported store.').isVisible(),
        { timeout: 10_000 },
      )
      .toBe(true);
    await popup.getByLabel('Product id').fill('https://www.amazon.com/dp/B0PLACES01');
    await popup.getByRole('button', { name: 'Order this product' }).click();
    await popup.getByLabel('Maximum price (USD)').fill('50.00');
    await popup.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => popup.getByRole('status').textContent(), { timeout: 15_000 })
      .toMatch(/Placed/);
    expect((await lastOrder()).request.max_price).toBe(5000);
    await popup.close();
  }, 60_000);
});
