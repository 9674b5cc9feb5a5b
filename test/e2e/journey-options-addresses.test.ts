import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, type LaunchedExtension, launchExtension } from './harness/index.ts';

// Saved shipping addresses on the options page, in Chromium, as a user keeps them: each
// change saved at once, one default, edit and delete, and a state written out refused
// with what to write, at the field.

let extension: LaunchedExtension;

beforeAll(async () => {
  extension = await launchExtension({ dist: 'dist-test' });
}, 60_000);

afterAll(async () => {
  await extension?.close();
});

const HOME = [
  ['First name', 'Jane'],
  ['Last name', 'Doe'],
  ['Address line 1', '1 Main St'],
  ['City', 'Cambridge'],
  ['State', 'MA'],
  ['ZIP code', '02139'],
  ['Phone number', '6175550100'],
] as const;

const addressesOf = (page: Page) => page.getByRole('group', { name: 'Shipping addresses' });

async function fill(group: Locator, label: string, fields: readonly (readonly [string, string])[]) {
  await group.getByLabel('Address label', { exact: true }).fill(label);
  for (const [name, value] of fields) await group.getByLabel(name, { exact: true }).fill(value);
}

async function stored(page: Page) {
  const reply = (await page.evaluate(() =>
    chrome.runtime.sendMessage({ buyline: 1, type: 'settings.get', payload: {} }),
  )) as {
    data: {
      addresses: { id: string; label: string; address: Record<string, string> }[];
      defaultAddressId: string | null;
    };
  };
  return reply.data;
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    const label = element?.id ? document.querySelector(`label[for="${element.id}"]`) : null;
    return (label ?? element)?.textContent?.trim() ?? '';
  });

describe('saved shipping addresses', () => {
  it('are kept when added, with no other save, and are still there after a reload', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    const addresses = addressesOf(page);
    await fill(addresses, 'Home', HOME);
    await addresses.getByRole('button', { name: 'Add address' }).click();
    await expect
      .poll(() => addresses.getByText('Home added as the default address.').isVisible())
      .toBe(true);

    await page.reload();
    const radio = addressesOf(page).getByRole('radio', { name: 'Home: 1 Main St, Cambridge' });
    await radio.waitFor({ timeout: 10_000 });
    expect(await radio.isChecked()).toBe(true);
    const settings = await stored(page);
    expect(settings.addresses).toHaveLength(1);
    expect(settings.defaultAddressId).toBe(settings.addresses[0]?.id);
    await page.close();
  });

  it('have one default, chosen with a radio, and are edited and deleted in place', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    const addresses = addressesOf(page);
    await addresses.getByRole('radio', { name: 'Home: 1 Main St, Cambridge' }).waitFor();
    await fill(addresses, 'Office', [...HOME, ['Address line 1', '1 Engine St']]);
    await addresses.getByRole('button', { name: 'Add address' }).click();
    await expect.poll(() => addresses.getByText('Office added.').isVisible()).toBe(true);

    // One radio group: choosing Office unchooses Home, and is saved at once.
    const defaults = addresses.getByRole('group', { name: 'Default shipping address' });
    expect(await defaults.getByRole('radio').count()).toBe(2);
    expect(await addresses.getByText('(default)').count()).toBe(0);
    await defaults.getByRole('radio', { name: 'Office: 1 Engine St, Cambridge' }).check();
    await expect
      .poll(() => addresses.getByText('Office is now the default address.').isVisible())
      .toBe(true);
    expect(
      await defaults.getByRole('radio', { name: 'Home: 1 Main St, Cambridge' }).isChecked(),
    ).toBe(false);
    let settings = await stored(page);
    expect(settings.defaultAddressId).toBe(settings.addresses[1]?.id);

    // Edit: the form takes the address, focus on its first field; the change is saved.
    await addresses.getByRole('button', { name: 'Edit Home' }).click();
    expect(await focusedName(page)).toBe('Address label');
    await addresses.getByLabel('City', { exact: true }).fill('Somerville');
    await addresses.getByLabel('ZIP code', { exact: true }).fill('02143');
    await addresses.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => addresses.getByText('Changes to Home saved.').isVisible()).toBe(true);
    expect(await focusedName(page)).toBe('Edit Home');
    settings = await stored(page);
    expect(settings.addresses[0]?.address).toMatchObject({ city: 'Somerville', zip_code: '02143' });

    // Delete asks once; deleting the default moves it to the address left.
    await addresses.getByRole('button', { name: 'Delete Office' }).click();
    const question = addresses.getByRole('group', { name: /^Delete Office: 1 Engine St/ });
    await question.waitFor();
    expect(await focusedName(page)).toBe('Yes, delete Office');
    await expectAccessible(page, { impact: ['serious', 'critical'] });
    await question.getByRole('button', { name: 'Yes, delete Office' }).click();
    await expect
      .poll(() =>
        addresses.getByText('Office deleted; Home is now the default address.').isVisible(),
      )
      .toBe(true);
    settings = await stored(page);
    expect(settings.addresses.map((entry) => entry.label)).toEqual(['Home']);
    expect(settings.defaultAddressId).toBe(settings.addresses[0]?.id);
    expect(await focusedName(page)).toBe('Home: 1 Main St, Somerville');
    await page.close();
  });

  it('refuses “Massachusetts” as a state with what to write, at the field, with focus on it', async () => {
    const page = await extension.openExtensionPage('src/options/index.html');
    const addresses = addressesOf(page);
    await addresses.getByLabel('Address label', { exact: true }).waitFor();
    await fill(addresses, 'Parents', [...HOME, ['State', 'Massachusetts']]);
    await addresses.getByRole('button', { name: 'Add address' }).click();
    const state = addresses.getByLabel('State', { exact: true });
    await expect.poll(() => state.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await state.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'State must be the postal abbreviation, such as MA for Massachusetts.',
    );
    expect(await focusedName(page)).toBe('State');
    expect((await stored(page)).addresses.map((entry) => entry.label)).not.toContain('Parents');
    await expectAccessible(page);

    // Written as asked, the message goes as the field changes, and the address is kept.
    await state.fill('MA');
    expect(await state.getAttribute('aria-invalid')).toBeNull();
    await state.press('Enter');
    await expect.poll(() => addresses.getByText('Parents added.').isVisible()).toBe(true);
    expect(await extension.settleProblems()).toEqual([]);
    await page.close();
  });
});
