import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { fakeBrowser } from '@webext-core/fake-browser';
import {
  createVault,
  deleteVault,
  lockVault,
  removeVaultItem,
  saveVaultItem,
  secretsForOrder,
  unlockVault,
  vaultStatus,
} from '../../../../src/background/vault/vault-service.ts';
import { STORED_KEYS } from '../../../../src/shared/stored-keys.ts';
import {
  BILLING,
  CARD,
  CARD_NUMBER,
  GIFT,
  LOGIN,
  PASSPHRASE,
  PASSWORD,
  REFS,
  rejection,
  TOTP_KEY,
} from './vault-fixtures.ts';

beforeEach(() => fakeBrowser.reset());

describe('the vault', () => {
  it('round-trips every kind of secret through lock and unlock', async () => {
    await createVault(PASSPHRASE);
    for (const item of [CARD, GIFT, LOGIN, BILLING]) await saveVaultItem(item);
    await lockVault();
    await unlockVault(PASSPHRASE);
    expect(await secretsForOrder(REFS)).toEqual({
      retailer_credentials: LOGIN.kind === 'credentials' && LOGIN.credentials,
      payment_method: CARD.kind === 'payment' && CARD.payment,
      billing_address: BILLING.kind === 'billing' && BILLING.address,
    });
    const withGift = await secretsForOrder({ ...REFS, paymentId: 'gift' });
    expect(withGift.payment_method).toEqual({ use_gift: true });
  });

  it('shows pages labels only, never a secret value', async () => {
    await createVault(PASSPHRASE);
    await saveVaultItem(CARD);
    await saveVaultItem(LOGIN);
    const status = await saveVaultItem(BILLING);
    expect(status.items).toEqual([
      { id: 'card', kind: 'payment', label: 'Visa ending 4444' },
      { id: 'login', kind: 'credentials', label: 'jane@example.com on amazon', retailer: 'amazon' },
      { id: 'bill', kind: 'billing', label: 'Billing: Cambridge' },
    ]);
    const everyAnswer = JSON.stringify([status, await vaultStatus(), await lockVault()]);
    for (const secret of [CARD_NUMBER, PASSWORD, TOTP_KEY, '02139'])
      expect(everyAnswer).not.toContain(secret);
  });

  it('shows no labels while locked', async () => {
    await createVault(PASSPHRASE);
    await saveVaultItem(CARD);
    expect(await lockVault()).toEqual({ exists: true, unlocked: false, items: [] });
    expect(await vaultStatus()).toEqual({ exists: true, unlocked: false, items: [] });
  });

  it('keeps several logins for one retailer, replaces an item by id, and removes one', async () => {
    await createVault(PASSPHRASE);
    await saveVaultItem(LOGIN);
    const second = { ...LOGIN, id: 'login-2', label: 'work@example.com on amazon' };
    let status = await saveVaultItem(second);
    expect(status.items.filter((item) => item.retailer === 'amazon')).toHaveLength(2);
    status = await saveVaultItem({ ...second, label: 'Work account on amazon' });
    expect(status.items.map((item) => item.label)).toEqual([
      'jane@example.com on amazon',
      'Work account on amazon',
    ]);
    status = await removeVaultItem('login');
    expect(status.items.map((item) => item.id)).toEqual(['login-2']);
  });

  it('loses no item when saves arrive together', async () => {
    await createVault(PASSPHRASE);
    const status = await Promise.all(
      [CARD, GIFT, LOGIN, BILLING].map((item) => saveVaultItem(item)),
    );
    expect(status.at(-1)?.items).toHaveLength(4);
    expect((await vaultStatus()).items.map((item) => item.id).sort()).toEqual([
      'bill',
      'card',
      'gift',
      'login',
    ]);
  });

  it('refuses a label that repeats the card number or the password', async () => {
    await createVault(PASSPHRASE);
    expect(await rejection(saveVaultItem({ ...CARD, label: 'Visa 4111 1111 1111 4444' }))).toMatch(
      /must not contain the card number/,
    );
    expect(await rejection(saveVaultItem({ ...LOGIN, label: `jane / ${PASSWORD}` }))).toMatch(
      /must not contain/,
    );
    expect((await vaultStatus()).items).toEqual([]);
  });

  it('refuses changes and an order’s secrets while locked, with what to do', async () => {
    await createVault(PASSPHRASE);
    await saveVaultItem(CARD);
    await lockVault();
    expect(await rejection(saveVaultItem(LOGIN))).toBe(
      'The vault is locked: unlock it in Options first.',
    );
    expect(await rejection(secretsForOrder(REFS))).toBe(
      'The vault is locked: unlock it to place own-account orders.',
    );
    // The page is told the kind, so it can offer to unlock on the spot.
    await expect(secretsForOrder(REFS)).rejects.toMatchObject({ locked: true });
    await expect(saveVaultItem(LOGIN)).rejects.toMatchObject({ locked: true });
  });

  it('says which chosen secret is gone', async () => {
    await createVault(PASSPHRASE);
    await saveVaultItem(LOGIN);
    await saveVaultItem(BILLING);
    expect(await rejection(secretsForOrder(REFS))).toBe(
      'The chosen payment method is not in the vault: choose another in the order form.',
    );
    // An id of the wrong kind is not taken for the kind asked.
    expect(await rejection(secretsForOrder({ ...REFS, paymentId: 'bill' }))).toMatch(
      /payment method is not in the vault/,
    );
  });

  it('says when there is no vault, and refuses a second one', async () => {
    expect(await vaultStatus()).toEqual({ exists: false, unlocked: false, items: [] });
    expect(await rejection(secretsForOrder(REFS))).toMatch(/There is no vault yet/);
    expect(await rejection(unlockVault(PASSPHRASE))).toMatch(/There is no vault yet/);
    await createVault(PASSPHRASE);
    expect(await rejection(createVault('another passphrase'))).toMatch(/already exists/);
  });

  it('deletes the vault, so that a new one can be made', async () => {
    await createVault(PASSPHRASE);
    await saveVaultItem(CARD);
    expect(await deleteVault()).toEqual({ exists: false, unlocked: false, items: [] });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    // Nothing of the vault is left in session memory: only the notice telling pages.
    const session = await fakeBrowser.storage.session.get(null);
    expect(Object.keys(session)).toEqual([STORED_KEYS.changeFeed.key]);
    expect(session[STORED_KEYS.changeFeed.key]).toMatchObject({ scopes: ['vault'] });
    const fresh = await createVault('another passphrase');
    expect(fresh).toMatchObject({ exists: true, unlocked: true, items: [] });
  });
}, 60_000);
