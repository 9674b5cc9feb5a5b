/**
 * The Bulk orders page's screens for `npm run screenshots`: a file of orders reviewed
 * before Place (one row with a problem), and the batch once placed. Each step is what a
 * buyer does on the page.
 */
import type { Locator, Page } from 'playwright-core';
import { ADDRESS } from '../../test/fixtures.ts';
import type { Screen, ScreenContext } from './screens.ts';

const WAIT = { timeout: 30_000 };

/** Three orders to two people, and a row whose quantity is not a number. */
function ordersFile(): string {
  const header = ['retailer', 'product_id', 'quantity', 'max_price', ...Object.keys(ADDRESS)];
  const row = (product: string, quantity: string, max: string, first = ADDRESS.first_name) =>
    ['amazon', product, quantity, max, ...Object.values({ ...ADDRESS, first_name: first })].join(
      ',',
    );
  const rows = [
    row('B0PLACES01', '1', '25.00'),
    row('B0PLACES01', '2', '45.00', 'Ada'),
    row('B0CANCELOK', '1', '30.00'),
    row('B0PLACES01', 'two', '25.00'),
  ];
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}

async function visible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible', ...WAIT });
}

/** The Bulk orders page with the file loaded and checked. */
async function reviewed(context: ScreenContext): Promise<Page> {
  const page = await context.extensionPage('src/bulk/index.html');
  await visible(page.getByLabel('Ordering mode'));
  await page.getByLabel('Choose a CSV file of orders').setInputFiles({
    name: 'orders.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(ordersFile()),
  });
  await visible(page.getByRole('table', { name: 'Orders to place' }));
  return page;
}

export const BULK_SCREENS: readonly Screen[] = [
  {
    name: 'bulk-review',
    surface: 'page',
    reach: async (context) => ({ page: await reviewed(context) }),
  },
  {
    name: 'bulk-batch',
    surface: 'page',
    async reach(context) {
      const page = await reviewed(context);
      await page.getByRole('button', { name: 'Place 3 orders' }).click();
      await visible(page.getByText('4 of 4 orders finished.'));
      return { page };
    },
  },
];
