import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../sandbox/index.ts';
import { expectAccessible, type LaunchedExtension, launchExtension } from './harness/index.ts';

// A new user's first visit to the options page, in Chromium, as they would make it: the
// guide leads through the connection, then an address, then the ordering mode, and the
// built-in sandbox reads as what it is.

let sandbox: RunningSandbox;
let extension: LaunchedExtension;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, processingMs: 200 });
  extension = await launchExtension({ dist: 'dist-test' });
}, 60_000);

afterAll(async () => {
  await extension?.close();
  await sandbox?.close();
});

/** Each step of the guide: its title, then its state and sentence. */
const steps = (page: Page) =>
  page
    .getByRole('region', { name: 'Get started' })
    .locator('li.step')
    .evaluateAll((items) =>
      items.map((item) =>
        [item.querySelector('strong')?.textContent, item.querySelector('p')?.textContent].join(
          ' | ',
        ),
      ),
    );
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    const label = element?.id ? document.querySelector(`label[for="${element.id}"]`) : null;
    return (label ?? element)?.textContent?.trim() ?? '';
  });

describe('the options page on first run', () => {
  it('shows the sandbox as “Local sandbox (demo token)”, then leads through connection, address and mode', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    const guide = page.getByRole('region', { name: 'Get started' });
    const connection = page.getByRole('region', { name: 'Connection' });
    await guide.waitFor({ timeout: 10_000 });

    // Out of the box: the built-in sandbox, named as such.
    await expect
      .poll(() => connection.getByText('Local sandbox (demo token)', { exact: true }).isVisible())
      .toBe(true);
    expect(await connection.getByText('Token: set').count()).toBe(0);
    expect(await steps(page)).toEqual([
      "Connect to your order service | Next: test the connection. Buyline starts with a local test service and its demo token; to order for real, enter your service's address and token instead.",
      'Add a shipping address | Then: add the address orders ship to.',
      'How orders are placed | Done: orders are placed with managed accounts. You can change it under Order defaults.',
    ]);
    await expectAccessible(page);

    // 1. Connection: the guide goes to the address field; this test's sandbox runs on its
    // own port, so its address is typed there, saved, and tested.
    await guide.getByRole('button', { name: 'Enter an address and token' }).click();
    expect(await focused(page)).toBe('Service address');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(sandbox.url);
    await connection.getByRole('button', { name: 'Save connection' }).click();
    await expect.poll(() => connection.getByText('Connection saved.').isVisible()).toBe(true);
    // The same token at another address is no longer the demo's.
    await expect.poll(() => connection.getByText('Token: set').isVisible()).toBe(true);
    // Focus went on to the next step: testing.
    expect(await focused(page)).toBe('Test connection');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => connection.getByText(`Connected to ${sandbox.url}.`).isVisible())
      .toBe(true);
    await expect
      .poll(async () => (await steps(page))[0])
      .toBe(`Connect to your order service | Done: connected to ${sandbox.url}.`);
    await expect.poll(() => focused(page)).toBe('Go to the address form');

    // 2. An address, from the guide's button to the form's first field.
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('Address label');
    const defaults = page.getByRole('region', { name: 'Order defaults' });
    for (const [label, value] of [
      ['Address label', 'Home'],
      ['First name', 'Jane'],
      ['Last name', 'Doe'],
      ['Address line 1', '1 Main St'],
      ['City', 'Cambridge'],
      ['State', 'MA'],
      ['ZIP code', '02139'],
      ['Phone number', '6175550100'],
    ] as const)
      await defaults.getByLabel(label, { exact: true }).fill(value);
    // Enter in a field adds the address.
    await defaults.getByLabel('Phone number', { exact: true }).press('Enter');
    // 3. The ordering mode is the one Order defaults holds: the guide is done.
    await expect
      .poll(() => guide.getByRole('status').textContent())
      .toBe(
        'Set-up done: open a product page and click the Buyline button in the toolbar to order it.',
      );
    await expect.poll(() => focused(page)).toMatch(/^Set-up done/);
    await expectAccessible(page);

    // What the guide led to was stored, and the guide is gone when the page opens again.
    const again = await extension.openExtensionPage('src/options/index.html');
    await again.getByRole('region', { name: 'Connection' }).waitFor({ timeout: 10_000 });
    const settings = (await again.evaluate(() =>
      chrome.runtime.sendMessage({ buyline: 1, type: 'settings.get', payload: {} }),
    )) as { data: { serviceUrl: string; mode: string; addresses: { label: string }[] } };
    expect(settings.data).toMatchObject({
      serviceUrl: sandbox.url,
      mode: 'managed',
      addresses: [{ label: 'Home' }],
    });
    await expect
      .poll(() => again.getByRole('radio', { name: 'Home: 1 Main St, Cambridge' }).isChecked())
      .toBe(true);
    expect(await again.getByRole('region', { name: 'Get started' }).count()).toBe(0);
    expect(await extension.settleProblems()).toEqual([]);
    await again.close();
    await page.close();
  }, 60_000);
});
