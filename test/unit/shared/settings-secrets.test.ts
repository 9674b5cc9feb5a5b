import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { route } from '../../../src/background/pages/router.ts';
import { STORED_KEYS } from '../../../src/shared/stored-keys.ts';
import { ADDRESS } from '../../fixtures.ts';
import { fakeBrowser, OWN_PAGE, resetExtension } from '../background/extension-env.ts';

const TOKEN = 'tok_live_5f2c9a71d4';
const CARD_NUMBER = '4111111111114444';
const PASSWORD = 'difference-engine-42';

async function ask(type: string, payload: unknown = {}): Promise<any> {
  const reply = await route({ buyline: 1, type, payload }, OWN_PAGE);
  if (!reply?.ok) throw new Error(reply?.error.message ?? 'no reply');
  return reply.data;
}

describe('settings and secrets', () => {
  beforeEach(resetExtension);

  it('keep the token and the vault’s secrets out of sync storage and out of what pages read', async () => {
    await ask('token.set', { token: TOKEN });
    await ask('vault.create', { passphrase: 'a long and private passphrase' });
    await ask('vault.save', {
      item: {
        kind: 'payment',
        id: 'card',
        label: 'Visa ending 4444',
        payment: {
          name_on_card: 'Ada Lovelace',
          number: CARD_NUMBER,
          security_code: '321',
          expiration_month: 12,
          expiration_year: 2031,
        },
      },
    });
    await ask('vault.save', {
      item: {
        kind: 'credentials',
        id: 'login',
        label: 'ada@example.com on amazon',
        retailer: 'amazon',
        credentials: { email: 'ada@example.com', password: PASSWORD },
      },
    });
    await ask('vault.save', {
      item: { kind: 'billing', id: 'bill', label: 'Home', address: ADDRESS },
    });
    await ask('settings.update', {
      patch: { mode: 'own', addresses: [{ id: 'home', label: 'Home', address: ADDRESS }] },
    });

    const sync = await fakeBrowser.storage.sync.get(null);
    expect(Object.keys(sync)).toEqual([STORED_KEYS.settings.key]);
    const settingsText = JSON.stringify(sync);
    const pageText = JSON.stringify(await ask('settings.get'));
    for (const secret of [TOKEN, CARD_NUMBER, PASSWORD, '"321"']) {
      expect(settingsText).not.toContain(secret);
      expect(pageText).not.toContain(secret);
    }
    // The token is where it belongs, sealed, and pages learn only whether it is set.
    const local = await fakeBrowser.storage.local.get(null);
    expect(local[STORED_KEYS.sealedServiceToken.key]).toBeDefined();
    expect(JSON.stringify(local)).not.toContain(TOKEN);
    expect(JSON.stringify(await ask('token.status'))).not.toContain(TOKEN);
  });

  it('refuse a change that tries to put anything else into the settings', async () => {
    const reply = await route(
      { buyline: 1, type: 'settings.update', payload: { patch: { serviceToken: TOKEN } } },
      OWN_PAGE,
    );
    expect(reply).toMatchObject({ ok: false, error: { problems: [{ field: 'serviceToken' }] } });
    expect(JSON.stringify(await fakeBrowser.storage.sync.get(null))).not.toContain(TOKEN);
  });

  it('declare every secret key outside sync storage', () => {
    expect(STORED_KEYS.settings).toMatchObject({ area: 'sync', secret: false });
    for (const entry of Object.values(STORED_KEYS)) {
      if (entry.secret) expect(entry.area).not.toBe('sync');
    }
  });
});
