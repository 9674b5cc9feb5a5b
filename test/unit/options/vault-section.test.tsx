// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '../background/extension-env.ts';
import {
  alerts,
  button,
  byLabel,
  choose,
  click,
  messageOf,
  queryButton,
  region,
  statuses,
  type,
  waitFor,
} from './dom.ts';
import { ask, type OptionsPage, openOptions } from './options-env.tsx';

const PASSPHRASE = 'four unrelated words here please';
const CARD_NUMBER = '4111111111114444';
const PASSWORD = 'difference-engine-42';
let page: OptionsPage;
const vault = () => region('Own-account secrets');
/** The labels the section lists, group by group (each item's first line, not its button). */
const listed = () => [...vault().querySelectorAll('ul li > span')].map((item) => item.textContent);

async function createVault() {
  await type(byLabel('New passphrase', vault()), PASSPHRASE);
  await type(byLabel('Repeat passphrase', vault()), PASSPHRASE);
  await click(button('Create vault', vault()));
  await waitFor(() => expect(statuses(vault()).join(' ')).toMatch(/^Vault unlocked until/));
}

async function addCard() {
  await choose(byLabel('Kind of secret', vault()), 'payment');
  await type(byLabel('Name on card', vault()), 'Ada Lovelace');
  await type(byLabel('Card number', vault()), '4111 1111 1111 4444');
  await type(byLabel('Security code', vault()), '321');
  await type(byLabel('Expiration month', vault()), '12');
  await type(byLabel('Expiration year', vault()), '2031');
  await click(button('Save secret', vault()));
}

/** Opens the page and waits for the vault's status to arrive. */
async function open(prepare?: () => Promise<unknown>) {
  page = await openOptions(prepare);
  await waitFor(() => expect(vault().textContent).not.toContain('Loading…'));
}

beforeEach(() => open());
afterEach(() => page.unmount());

describe('the vault section', () => {
  it('asks for the passphrase twice, with a strength hint, and says what is wrong at the field', async () => {
    const passphrase = byLabel('New passphrase', vault());
    await type(passphrase, 'short');
    expect(messageOf(passphrase)).toMatch(/^Too short/);
    await type(passphrase, 'aaaaaaaaaaaa');
    expect(messageOf(passphrase)).toMatch(/^Weak/);
    await type(passphrase, PASSPHRASE);
    expect(messageOf(passphrase)).toBe('Strong.');
    await type(byLabel('Repeat passphrase', vault()), `${PASSPHRASE}!`);
    await click(button('Create vault', vault()));
    expect(messageOf(byLabel('Repeat passphrase', vault()))).toBe(
      'The two passphrases differ: type the same one twice.',
    );
    expect((await ask('vault.status')).exists).toBe(false);
  });

  it('saves a card, a login and a billing address, and shows only their labels', async () => {
    await createVault();
    await addCard();
    await waitFor(() => expect(statuses(vault())).toContain('Saved: Visa ending 4444.'));

    await choose(byLabel('Kind of secret', vault()), 'credentials');
    await type(byLabel('Retailer email', vault()), 'ada@example.com');
    await type(byLabel('Retailer password', vault()), PASSWORD);
    await click(button('Save secret', vault()));
    await waitFor(() => expect(statuses(vault())).toContain('Saved: ada@example.com on Amazon.'));

    await choose(byLabel('Kind of secret', vault()), 'billing');
    for (const [label, value] of [
      ['First name', 'Ada'],
      ['Last name', 'Lovelace'],
      ['Address line 1', '12 Analytical Way'],
      ['City', 'Boston'],
      ['State', 'MA'],
      ['ZIP code', '02110'],
      ['Phone number', '6175550199'],
    ] as const)
      await type(byLabel(label, vault()), value);
    await click(button('Save secret', vault()));
    await waitFor(() =>
      expect(statuses(vault())).toContain('Saved: Billing: Ada Lovelace, Boston.'),
    );

    expect(listed()).toEqual([
      'ada@example.com on Amazon',
      'Visa ending 4444',
      'Billing: Ada Lovelace, Boston',
    ]);
    // The secrets left the page with the save: not in the page, not in any form field.
    const html = document.body.innerHTML;
    for (const secret of [CARD_NUMBER, '4111 1111 1111 4444', PASSWORD]) {
      expect(html).not.toContain(secret);
      for (const input of document.querySelectorAll('input'))
        expect(input.value).not.toContain(secret);
    }
    const local = JSON.stringify(await fakeBrowser.storage.local.get(null));
    expect(local).not.toContain(CARD_NUMBER);
    expect(local).not.toContain(PASSWORD);
  });

  it('checks a secret before sending it, and shows the problem at its field', async () => {
    await createVault();
    await choose(byLabel('Kind of secret', vault()), 'payment');
    await type(byLabel('Card number', vault()), '4111');
    await type(byLabel('Expiration month', vault()), '13');
    await click(button('Save secret', vault()));
    expect(messageOf(byLabel('Card number', vault()))).toBe(
      'Card number must be the card number: 12 to 19 digits, no spaces.',
    );
    expect(messageOf(byLabel('Expiration month', vault()))).toBe(
      'Expiration month must be a month number from 1 to 12.',
    );
    expect(messageOf(byLabel('Name on card', vault()))).toMatch(/^Name on card is required/);

    await click(byLabel('Pay from the retailer account’s gift balance', vault()));
    await click(button('Save secret', vault()));
    await waitFor(() => expect(statuses(vault())).toContain('Saved: Gift balance.'));
    expect((await ask('vault.status')).items.map((item: any) => item.label)).toEqual([
      'Gift balance',
    ]);
  });

  it('locks, refuses a wrong passphrase at the field, unlocks, and removes an item', async () => {
    await createVault();
    await addCard();
    await waitFor(() => expect(statuses(vault())).toContain('Saved: Visa ending 4444.'));
    await click(button('Lock vault', vault()));
    await waitFor(() => expect(byLabel('Passphrase', vault())).toBeTruthy());
    expect(listed()).toEqual([]);

    await type(byLabel('Passphrase', vault()), 'not the passphrase');
    await click(button('Unlock vault', vault()));
    await waitFor(() =>
      expect(messageOf(byLabel('Passphrase', vault()))).toBe(
        'Wrong passphrase: check it and try again.',
      ),
    );
    await type(byLabel('Passphrase', vault()), PASSPHRASE);
    await click(button('Unlock vault', vault()));
    await waitFor(() => expect(listed()).toEqual(['Visa ending 4444']));

    await click(button('Remove Visa ending 4444', vault()));
    await waitFor(() => expect(listed()).toEqual([]));
    expect((await ask('vault.status')).items).toEqual([]);
  });

  it('offers a way out of damaged data: delete the vault, after a confirmation', async () => {
    page.unmount();
    await open(async () => {
      await ask('vault.create', { passphrase: PASSPHRASE });
      const { vault: stored } = await fakeBrowser.storage.local.get('vault');
      await fakeBrowser.storage.local.set({ vault: { ...(stored as object), salt: 'AAAA' } });
    });
    await waitFor(() =>
      expect(alerts(vault())).toContain(
        'The vault’s data is damaged or was changed: restore it from a backup or create a new vault.',
      ),
    );
    await click(button('Delete the vault…', vault()));
    await click(button('Keep the vault', vault()));
    expect(await fakeBrowser.storage.local.get('vault')).not.toEqual({});
    await click(button('Delete the vault…', vault()));
    await click(button('Delete the vault and its secrets', vault()));
    await waitFor(() => expect(byLabel('New passphrase', vault())).toBeTruthy());
    expect(await fakeBrowser.storage.local.get('vault')).toEqual({});
    expect(queryButton('Delete the vault…', vault())).toBeUndefined();
  });
});
