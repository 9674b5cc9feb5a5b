import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { type LaunchedExtension, launchExtension, routeStorefronts } from './harness/index.ts';

// The options page as a user sets Buyline up once: connection, defaults, secrets.

let sandbox: RunningSandbox;
let extension: LaunchedExtension;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 300, control: true, tokens: ['my-token'] });
  extension = await launchExtension({ dist: 'dist-test' });
  await routeStorefronts(extension.context, sandbox.url);
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

async function lastOrder(): Promise<any> {
  const response = await fetch(`${sandbox.url}/v1/orders?limit=1`, {
    headers: { authorization: `Basic ${Buffer.from('my-token:').toString('base64')}` },
  });
  return ((await response.json()) as any[])[0];
}

describe('the options page', () => {
  it('sets the connection and defaults, and the popup’s next order carries them', async () => {
    const options = await extension.openExtensionPage('src/options/index.html');
    await options.getByLabel('Service address').fill(sandbox.url);
    await options.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => options.getByText('Address saved.').isVisible()).toBe(true);
    // Out of the box the token is the default sandbox's; this sandbox wants another.
    await options.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => options.getByText('Token rejected: check it and enter it again.').isVisible())
      .toBe(true);
    await options.getByLabel('Replace token').fill('my-token');
    await options.getByRole('button', { name: 'Save token' }).click();
    await expect
      .poll(() => options.getByText(`Connected to ${sandbox.url}.`).isVisible())
      .toBe(true);
    expect(await options.getByLabel('Replace token').inputValue()).toBe('');

    await options.getByLabel('Address label').fill('Office');
    for (const [label, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Address line 1', '12 Analytical Way'],
      ['City', 'Boston'],
      ['State', 'MA'],
      ['ZIP code', '02110'],
      ['Phone number', '6175550199'],
    ] as const) {
      await options.getByLabel(label, { exact: true }).fill(value);
    }
    await options.getByRole('button', { name: 'Add address' }).click();
    await options.getByLabel('Shipping preference').selectOption('fastest');
    await options.getByLabel('Max price tolerance (%)').fill('20');
    await options.getByLabel('Priority bid').fill('1.50');
    await options.getByRole('button', { name: 'Save defaults' }).click();
    await expect.poll(() => options.getByText('Defaults saved.').isVisible()).toBe(true);

    const tab = await extension.context.newPage();
    await tab.goto('https://www.amazon.com/dp/B0PLACES01');
    await tab.bringToFront();
    const popup = await extension.openPopupOnActiveTab();
    await expect
      .poll(() => popup.getByLabel('Maximum price (USD)').inputValue(), { timeout: 10_000 })
      .toBe('23.99');
    await popup.getByLabel('Maximum price (USD)').fill('40.00');
    await popup.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => popup.getByRole('status').textContent(), { timeout: 15_000 })
      .toMatch(/Placed/);
    const sent = await lastOrder();
    expect(sent.request).toMatchObject({
      shipping_method: 'fastest',
      addax: true,
      managed_priority_bid: 150,
      max_price: 4000,
      shipping_address: { first_name: 'Ada', city: 'Boston', zip_code: '02110' },
    });
    await popup.close();
    await tab.close();
  }, 90_000);

  it('unlocks the vault for an own-account order, and keeps the card and password out of storage', async () => {
    const options = await extension.openExtensionPage('src/options/index.html');
    const passphrase = 'a long and private passphrase';
    await options.getByLabel('New passphrase').fill(passphrase);
    await options.getByLabel('Repeat passphrase').fill(passphrase);
    await options.getByRole('button', { name: 'Create vault' }).click();
    await expect.poll(() => options.getByText(/Vault unlocked/).isVisible()).toBe(true);
    await options.getByLabel('Name on card').fill('Ada Lovelace');
    await options.getByLabel('Card number').fill('4242424242424242');
    await options.getByLabel('Security code').fill('321');
    await options.getByLabel('Expiration month').fill('12');
    await options.getByLabel('Expiration year').fill('2031');
    await options.getByRole('button', { name: 'Save secret' }).click();
    await expect
      .poll(() => options.getByText('Card ending 4242', { exact: true }).isVisible())
      .toBe(true);
    await options.getByLabel('Add', { exact: true }).selectOption('credentials');
    await options.getByLabel('Retailer email').fill('ada@example.com');
    await options.getByLabel('Retailer password').fill('difference-engine-42');
    await options.getByRole('button', { name: 'Save secret' }).click();
    await options.getByLabel('Add', { exact: true }).selectOption('billing');
    for (const [label, value] of [
      ['first name', 'Ada'],
      ['last name', 'Lovelace'],
      ['address line1', '12 Analytical Way'],
      ['city', 'Boston'],
      ['state', 'MA'],
      ['zip code', '02110'],
      ['country', 'US'],
      ['phone number', '6175550199'],
    ] as const) {
      await options.getByLabel(label, { exact: true }).fill(value);
    }
    await options.getByRole('button', { name: 'Save secret' }).click();
    await expect
      .poll(() =>
        options.getByRole('list', { name: 'Saved secrets' }).getByRole('listitem').count(),
      )
      .toBe(3);

    // The popup chooses by label; the background decrypts at placement.
    await options.evaluate(() =>
      chrome.runtime.sendMessage({
        buyline: 1,
        type: 'settings.update',
        payload: { patch: { mode: 'own' } },
      }),
    );
    const tab = await extension.context.newPage();
    await tab.goto('https://www.amazon.com/dp/B0PLACES01');
    await tab.bringToFront();
    const popup = await extension.openPopupOnActiveTab();
    await expect
      .poll(() => popup.getByLabel('Payment').isVisible(), { timeout: 10_000 })
      .toBe(true);
    await popup.getByLabel('Retailer login').selectOption({ label: 'ada@example.com on amazon' });
    await popup.getByLabel('Payment').selectOption({ label: 'Card ending 4242' });
    await popup.getByLabel('Billing address').selectOption({ label: 'Billing: Boston' });
    // The saved default is the fastest shipping, which costs more than the guard allows.
    await popup.getByLabel('Maximum price (USD)').fill('100.00');
    await popup.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => popup.getByRole('status').textContent(), { timeout: 15_000 })
      .toMatch(/Placed/);
    const sent = await lastOrder();
    expect(sent.request.payment_method.number).toBe('4242424242424242');
    expect(sent.merchant_order_ids[0].account).toBe('ada@example.com');

    // Nowhere in extension storage or IndexedDB in clear.
    const everything = await options.evaluate(async () => {
      const dump: Record<string, unknown> = {
        local: await chrome.storage.local.get(null),
        sync: await chrome.storage.sync.get(null),
        session: await chrome.storage.session.get(null),
      };
      for (const info of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(info.name as string);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (const store of Array.from(db.objectStoreNames)) {
          dump[`${info.name}/${store}`] = await new Promise((resolve) => {
            const request = db.transaction(store).objectStore(store).getAll();
            request.onsuccess = () => resolve(request.result);
          });
        }
        db.close();
      }
      return JSON.stringify(dump);
    });
    expect(everything).toContain('buyline-history/orders');
    for (const secret of ['4242424242424242', '"321"', 'difference-engine-42', passphrase])
      expect(everything).not.toContain(secret);
    await popup.close();
  }, 90_000);
});
