import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import {
  askBackground,
  type LaunchedExtension,
  launchExtension,
  routeStorefronts,
  setUpThroughOptions,
} from './harness/index.ts';

// The options page as a user sets Buyline up once, in Chromium against the sandbox:
// connection, defaults, then the vault and an own-account order.

const TOKEN = 'my-token';
const CARD_NUMBER = '4242424242424242';
const SECURITY_CODE = '321';
const PASSWORD = 'difference-engine-42';
const PASSPHRASE = 'orbit lantern velvet quarry cobalt';

let sandbox: RunningSandbox;
let extension: LaunchedExtension;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 200, control: true, tokens: [TOKEN] });
  extension = await launchExtension({ dist: 'dist-test' });
  await routeStorefronts(extension.context, sandbox.url);
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

/** Asks the background from an extension page, as Buyline's pages do. */
const ask = askBackground;

const section = (page: Page, name: string) => page.getByRole('region', { name });

describe('the options page', () => {
  it('stores the connection and the defaults set through it', async () => {
    const options = await extension.openExtensionPage('src/options/index.html');
    const connection = section(options, 'Connection');
    await connection.getByLabel('Service address').fill(sandbox.url);
    await connection.getByLabel('Request timeout (seconds)').fill('15');
    await connection.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => connection.getByText('Connection saved.').isVisible()).toBe(true);
    // Out of the box the token is the default sandbox's; this sandbox wants another.
    await connection.getByRole('button', { name: 'Test connection' }).click();
    await expect
      .poll(() => connection.getByText('Token rejected: check it and enter it again.').isVisible())
      .toBe(true);
    await connection.getByLabel('Replace token').fill(TOKEN);
    await connection.getByRole('button', { name: 'Save token' }).click();
    await expect
      .poll(() => connection.getByText(`Connected to ${sandbox.url}.`).isVisible())
      .toBe(true);
    expect(await connection.getByLabel('Replace token').inputValue()).toBe('');
    expect(await options.content()).not.toContain(TOKEN);

    // The address and the ordering mode are saved as they are made; the other defaults,
    // and the behaviour, each with their own button.
    const defaults = section(options, 'Order defaults');
    await defaults.getByLabel('Address label').fill('Office');
    for (const [label, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Address line 1', '12 Analytical Way'],
      ['City', 'Boston'],
      ['State', 'MA'],
      ['ZIP code', '02110'],
      ['Phone number', '6175550199'],
    ] as const) {
      await defaults.getByLabel(label, { exact: true }).fill(value);
    }
    await defaults.getByRole('button', { name: 'Add address' }).click();
    await expect
      .poll(() => defaults.getByText('Office added as the default address.').isVisible())
      .toBe(true);
    await defaults.getByLabel('Ordering mode').selectOption('own');
    await expect
      .poll(() =>
        defaults.getByText('Saved: orders are placed with your own retailer account.').isVisible(),
      )
      .toBe(true);
    await defaults.getByLabel('Shipping preference').selectOption('fastest');
    await defaults.getByLabel('Room above the page price (%)').fill('20');
    await defaults.getByLabel('Priority bid').fill('1.50');
    await defaults.getByRole('button', { name: 'Save defaults' }).click();
    await expect.poll(() => defaults.getByText('Defaults saved.').isVisible()).toBe(true);
    const behaviour = section(options, 'Behaviour');
    await behaviour.getByLabel('Notify when tracking arrives').uncheck();
    await behaviour.getByLabel('Lock the vault after idle (minutes)').fill('30');
    await behaviour.getByRole('button', { name: 'Save behaviour' }).click();
    await expect.poll(() => behaviour.getByText('Behaviour saved.').isVisible()).toBe(true);

    const settings = await ask(options, 'settings.get');
    expect(settings).toMatchObject({
      serviceUrl: sandbox.url,
      requestTimeoutSeconds: 15,
      mode: 'own',
      shipping: { kind: 'method', method: 'fastest' },
      maxPriceTolerance: { percent: 20, amountCents: 0 },
      managed: { priorityBidCents: 150 },
      notifications: { tracking: false, placed: true },
      vaultIdleLockMinutes: 30,
      addresses: [
        { label: 'Office', address: { first_name: 'Ada', city: 'Boston', zip_code: '02110' } },
      ],
    });
    expect(settings.defaultAddressId).toBe(settings.addresses[0].id);
    expect(JSON.stringify(settings)).not.toContain(TOKEN);

    // A page opened afterwards shows what was stored.
    const again = await extension.openExtensionPage('src/options/index.html');
    expect(await section(again, 'Connection').getByLabel('Service address').inputValue()).toBe(
      sandbox.url,
    );
    expect(await section(again, 'Order defaults').getByLabel('Priority bid').inputValue()).toBe(
      '1.50',
    );
    await again.close();
    await options.close();
  }, 60_000);

  it('imports a settings file through a button that names no file it does not have', async () => {
    const options = await extension.openExtensionPage('src/options/index.html');
    const data = section(options, 'Data');
    const settings = await ask(options, 'settings.get');
    await data.getByLabel('Import settings').setInputFiles({
      name: 'buyline-settings.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ ...settings, holdSeconds: 7 })),
    });
    await data.getByText('Settings imported from buyline-settings.json.').waitFor();
    expect((await ask(options, 'settings.get')).holdSeconds).toBe(7);
    // The browser's control, which reads "No file chosen" once cleared for the next pick,
    // is out of sight; its label is the button the buyer sees.
    const control = await data.getByLabel('Import settings').boundingBox();
    expect(control?.width ?? 0).toBeLessThanOrEqual(1);
    expect(await data.getByText('Import settings', { exact: true }).isVisible()).toBe(true);
    await options.close();
  });

  it('follows the system’s dark mode', async () => {
    const options = await extension.openExtensionPage('src/options/index.html');
    const background = () =>
      options.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await options.emulateMedia({ colorScheme: 'light' });
    expect(await background()).toBe('rgb(255, 255, 255)');
    await options.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBe('rgb(17, 24, 39)');
    await options.close();
  });

  it('unlocks the vault, places an own-account order with its secrets, and keeps them out of storage', async () => {
    // Its own set-up, through the options page, whatever an earlier test left.
    await setUpThroughOptions(extension, {
      serviceUrl: sandbox.url,
      token: TOKEN,
      mode: 'own',
      address: {
        label: 'Home',
        first_name: 'Ada',
        last_name: 'Lovelace',
        address_line1: '12 Analytical Way',
        city: 'Boston',
        state: 'MA',
        zip_code: '02110',
        phone_number: '6175550199',
      },
    });
    const options = await extension.openExtensionPage('src/options/index.html');
    // Orders go out at once: no hold before sending.
    const behaviour = section(options, 'Behaviour');
    await behaviour.getByLabel('Hold each order before sending (seconds)').fill('0');
    await behaviour.getByRole('button', { name: 'Save behaviour' }).click();
    await expect.poll(() => behaviour.getByText('Behaviour saved.').isVisible()).toBe(true);
    const vault = section(options, 'Own-account secrets');
    await vault.getByLabel('New passphrase').fill(PASSPHRASE);
    await vault.getByLabel('Repeat passphrase').fill(PASSPHRASE);
    await vault.getByRole('button', { name: 'Create vault' }).click();
    await expect.poll(() => vault.getByText(/Vault unlocked/).isVisible()).toBe(true);
    await vault.getByRole('button', { name: 'Lock vault' }).click();
    // Unlocked from the keyboard: the passphrase, then Enter.
    await vault.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await vault.getByLabel('Passphrase', { exact: true }).press('Enter');
    await expect.poll(() => vault.getByText(/Vault unlocked/).isVisible()).toBe(true);

    await vault.getByLabel('Kind of secret').selectOption('payment');
    await vault.getByLabel('Name on card').fill('Ada Lovelace');
    await vault.getByLabel('Card number').fill(CARD_NUMBER);
    await vault.getByLabel('Security code').fill(SECURITY_CODE);
    await vault.getByLabel('Expiration month').fill('12');
    await vault.getByLabel('Expiration year').fill('2031');
    await vault.getByRole('button', { name: 'Save secret' }).click();
    await expect.poll(() => vault.getByText('Saved: Visa ending 4242.').isVisible()).toBe(true);
    await vault.getByLabel('Kind of secret').selectOption('credentials');
    await vault.getByLabel('Retailer email').fill('ada@example.com');
    await vault.getByLabel('Retailer password').fill(PASSWORD);
    await vault.getByRole('button', { name: 'Save secret' }).click();
    await expect
      .poll(() => vault.getByText('Saved: ada@example.com on Amazon.').isVisible())
      .toBe(true);
    await vault.getByLabel('Kind of secret').selectOption('billing');
    for (const [label, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Address line 1', '12 Analytical Way'],
      ['City', 'Boston'],
      ['State', 'MA'],
      ['ZIP code', '02110'],
      ['Phone number', '6175550199'],
    ] as const) {
      await vault.getByLabel(label, { exact: true }).fill(value);
    }
    await vault.getByRole('button', { name: 'Save secret' }).click();
    await expect
      .poll(() => vault.getByRole('listitem').allTextContents())
      .toEqual([
        expect.stringContaining('ada@example.com on Amazon'),
        expect.stringContaining('Visa ending 4242'),
        expect.stringContaining('Billing: Ada Lovelace, Boston'),
      ]);
    expect(await options.content()).not.toContain(CARD_NUMBER);

    // The popup names the secrets by label (the page never holds them); the background
    // decrypts them at placement.
    const status = await ask(options, 'vault.status');
    expect(JSON.stringify(status)).not.toContain(CARD_NUMBER);
    const tab = await extension.context.newPage();
    await tab.goto('https://www.amazon.com/dp/B0PLACES01');
    await tab.bringToFront();
    const popup = await extension.openPopupOnActiveTab();
    // The account's choices sit in a section folded to one line: unfolded, as a user
    // would to check them, when it is folded.
    const choose = async (label: string, option: string) => {
      const select = popup.getByLabel(label, { exact: true });
      await select.waitFor({ state: 'attached', timeout: 10_000 });
      if (!(await select.isVisible()))
        await select.locator('xpath=ancestor::details[1]/summary').click();
      await select.selectOption({ label: option });
    };
    await choose('Retailer login', 'ada@example.com on Amazon');
    await choose('Payment', 'Visa ending 4242');
    await choose('Billing address', 'Billing: Ada Lovelace, Boston');
    await popup.getByLabel('Maximum price (USD)').fill('100.00');
    await popup.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => popup.getByRole('status').textContent(), { timeout: 20_000 })
      .toMatch(/^Placed/);
    expect(await popup.content()).not.toContain(CARD_NUMBER);
    await popup.close();
    await tab.close();
    const [latest] = await ask(options, 'orders.query', { limit: 1 });
    const draftId = latest.localId as string;

    // Placed on the sandbox, with the secrets the vault held.
    const { order } = await ask(options, 'order.get', { localId: draftId });
    const response = await fetch(`${sandbox.url}/v1/orders/${order.requestId}`, {
      headers: { authorization: `Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}` },
    });
    const atService = (await response.json()) as any;
    expect(atService._type).toBe('order_response');
    expect(atService.request.payment_method.number).toBe(CARD_NUMBER);
    expect(atService.request.retailer_credentials.password).toBe(PASSWORD);
    expect(atService.merchant_order_ids[0].account).toBe('ada@example.com');

    // Nowhere in extension storage or IndexedDB in clear; session holds only the key.
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
      return dump;
    });
    // Session storage holds the vault's key, the change feed's last notice and the popup's
    // first screen (settings and vault labels, checked for secrets below), nothing else.
    expect(Object.keys(everything.session as object).sort()).toEqual([
      'changeFeed',
      'firstScreen',
      'vaultSession',
    ]);
    const text = JSON.stringify(everything);
    expect(text).toContain(draftId);
    for (const secret of [CARD_NUMBER, `"${SECURITY_CODE}"`, PASSWORD, PASSPHRASE])
      expect(text).not.toContain(secret);
    await options.close();
  }, 90_000);
});
