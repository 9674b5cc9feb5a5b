// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "fetch": { "disableSameOriginPolicy": true } } }
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { history } from '../../../src/background/history/connection.ts';
import { ADDRESS, MANAGED_ORDER } from '../../fixtures.ts';
import { fakeBrowser } from '../background/extension-env.ts';
import {
  connectTo,
  moveDate,
  runUntil,
  startTestSandbox,
  useFakeClock,
  useFixedDate,
  useRealClock,
} from '../background/sandbox-env.ts';
import {
  alerts,
  button,
  byLabel,
  click,
  messageOf,
  queryButton,
  region,
  statuses,
  type,
  waitFor,
} from './dom.ts';
import { ask, type OptionsPage, openOptions } from './options-env.tsx';

const CARD_NUMBER = '4242424242424242';
const PASSWORD = 'difference-engine-42';
let sandbox: RunningSandbox;
let page: OptionsPage;
let downloads: { name: string; blob: Blob }[];
const data = () => region('Data');

beforeAll(async () => {
  sandbox = await startTestSandbox(100);
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  // The date stands still at a fixed moment unless a test moves it; timers stay real
  // for the page.
  useFixedDate();
  page = await openOptions(() => connectTo(sandbox));
  // Downloads are caught where the page hands them to the browser.
  downloads = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  });
});
afterEach(() => {
  page.unmount();
  vi.restoreAllMocks();
  useRealClock();
});

/** Chooses a file in the "Import settings" field. */
async function importFile(content: string) {
  const input = byLabel('Import settings', data());
  const file = new File([content], 'buyline-settings.json', { type: 'application/json' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('the data section', () => {
  it('exports the history as CSV and JSON, with no secret of an own-account order in them', async () => {
    await ask('vault.create', { passphrase: 'four unrelated words here please' });
    const items = [
      {
        kind: 'payment',
        id: 'card',
        label: 'Visa ending 4242',
        payment: {
          name_on_card: 'Ada Lovelace',
          number: CARD_NUMBER,
          security_code: '321',
          expiration_month: 12,
          expiration_year: 2031,
        },
      },
      {
        kind: 'credentials',
        id: 'login',
        label: 'ada@example.com on amazon',
        retailer: 'amazon',
        credentials: { email: 'ada@example.com', password: PASSWORD },
      },
      { kind: 'billing', id: 'bill', label: 'Home', address: ADDRESS },
    ];
    for (const item of items) await ask('vault.save', { item });
    const { addax: _managed, max_price: _price, ...ownAccount } = MANAGED_ORDER;
    const draftId = crypto.randomUUID();
    // The background follows the order on a fake clock, moved by runUntil.
    useFakeClock();
    const placed = await ask('order.place', {
      draftId,
      request: ownAccount,
      secrets: { credentialsId: 'login', paymentId: 'card', billingId: 'bill' },
    });
    expect(placed.placed).toBe(true);
    await runUntil(draftId, (order) => order.state === 'placed');
    useFixedDate();
    const today = new Date().toISOString().slice(0, 10);

    await click(button('Export history (CSV)', data()));
    await click(button('Export history (JSON)', data()));
    await waitFor(() => expect(downloads).toHaveLength(2));
    // Named by the day of the export, as the clock has it.
    expect(downloads.map((file) => file.name)).toEqual([
      `buyline-history-${today}.csv`,
      `buyline-history-${today}.json`,
    ]);
    for (const file of downloads) {
      const content = await file.blob.text();
      expect(content).toContain(draftId);
      for (const secret of [CARD_NUMBER, PASSWORD, '"321"']) expect(content).not.toContain(secret);
    }
    expect(statuses(data()).at(-1)).toBe(`History exported as buyline-history-${today}.json.`);
  }, 30_000);

  it('exports the settings as settings.get answers, and imports them back', async () => {
    await ask('settings.update', { patch: { mode: 'own', managed: { priorityBidCents: 250 } } });
    await click(button('Export settings', data()));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const exported = await downloads[0]?.blob.text();
    // Webhook addresses stay out unless asked for (settings-export-webhooks.test.tsx).
    const { webhooks: _left, ...withoutWebhooks } = await ask('settings.get');
    expect(JSON.parse(exported ?? '')).toEqual(withoutWebhooks);

    await ask('settings.update', { patch: { mode: 'managed', managed: { priorityBidCents: 0 } } });
    await importFile(exported ?? '');
    await waitFor(() =>
      expect(statuses(data())).toContain('Settings imported from buyline-settings.json.'),
    );
    expect(await ask('settings.get')).toMatchObject({
      mode: 'own',
      managed: { priorityBidCents: 250 },
    });
    // The other sections show what was imported.
    expect(byLabel('Priority bid', region('Order defaults')).value).toBe('2.50');
  });

  it('shows what is wrong with an imported file, and changes nothing', async () => {
    const before = await ask('settings.get');
    await importFile(JSON.stringify({ ...before, mode: 'both', polling: { fastSeconds: 0 } }));
    await waitFor(() => expect(alerts(data()).join(' ')).toMatch(/^Not imported:/));
    const shown = alerts(data()).join(' ');
    expect(shown).toContain('mode must be one of: "own", "managed".');
    expect(shown).toContain('polling.fastSeconds must be 2 or more.');
    expect(byLabel('Import settings', data()).getAttribute('aria-invalid')).toBe('true');
    expect(await ask('settings.get')).toEqual(before);

    await importFile('this is not json');
    await waitFor(() => expect(alerts(data()).join(' ')).toMatch(/The file is not JSON/));
  });

  it('asks for access before an imported address beyond this machine is used', async () => {
    const file = {
      ...(await ask('settings.get')),
      serviceUrl: 'https://orders.example.com',
      mode: 'own',
    };
    await importFile(JSON.stringify(file));
    await waitFor(() =>
      expect(queryButton('Allow access and use https://orders.example.com', data())).toBeDefined(),
    );
    expect(await ask('settings.get')).toMatchObject({ mode: 'own', serviceUrl: sandbox.url });
    await click(button('Allow access and use https://orders.example.com', data()));
    await waitFor(async () =>
      expect((await ask('settings.get')).serviceUrl).toBe('https://orders.example.com'),
    );
    expect(page.permissionRequests).toEqual([['https://orders.example.com/*']]);
  });

  it('syncs orders of a date range, both days included, and shows the counts', async () => {
    const headers = {
      authorization: `Basic ${btoa('sandbox:')}`,
      'content-type': 'application/json',
    };
    const post = () =>
      fetch(`${sandbox.url}/v1/orders`, {
        method: 'POST',
        headers,
        body: JSON.stringify(MANAGED_ORDER),
      });
    // An order on the first day (the fixed date), and one on the next day, each placed
    // once the clock has moved past its processing.
    const firstDay = new Date();
    await post();
    moveDate(24 * 3_600_000);
    const nextDay = new Date();
    await post();
    moveDate(1_000);
    const listed = async () =>
      ((await (await fetch(`${sandbox.url}/v1/orders?limit=100`, { headers })).json()) as unknown[])
        .length;
    // The service holds those two and any an earlier test of this file placed, all on
    // one of the two days.
    const atService = await listed();
    expect(atService).toBeGreaterThanOrEqual(2);

    const sync = region('Data');
    await type(byLabel('From date', sync), '2026-03-10');
    await type(byLabel('To date', sync), '2026-03-01');
    await click(button('Sync orders', sync));
    expect(messageOf(byLabel('To date', sync))).toBe('To date must not be before the from date.');

    const sent = vi.mocked(fakeBrowser.runtime.sendMessage);
    const day = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const midnight = (date: Date, days = 0) =>
      new Date(date.getFullYear(), date.getMonth(), date.getDate() + days).getTime();
    // The next day alone: its one order, and none of the first day's.
    await type(byLabel('From date', sync), day(nextDay));
    await type(byLabel('To date', sync), day(nextDay));
    await click(button('Sync orders', sync));
    await waitFor(() =>
      expect(statuses(sync)).toContain('Synced: 1 imported, 0 updated, 0 unchanged.'),
    );
    expect(sent).toHaveBeenCalledWith({
      buyline: 1,
      type: 'orders.sync',
      payload: { from: midnight(nextDay), to: midnight(nextDay, 1) },
    });

    // Both days: the first day's orders come in, the next day's is already here.
    await type(byLabel('From date', sync), day(firstDay));
    await click(button('Sync orders', sync));
    await waitFor(() =>
      expect(statuses(sync)).toContain(
        `Synced: ${atService - 1} imported, 0 updated, 1 unchanged.`,
      ),
    );
    expect(sent).toHaveBeenCalledWith({
      buyline: 1,
      type: 'orders.sync',
      payload: { from: midnight(firstDay), to: midnight(nextDay, 1) },
    });
  });

  it('clears the history only after a confirmation', async () => {
    const draftId = crypto.randomUUID();
    await ask('order.place', { draftId, request: MANAGED_ORDER });
    await click(button('Clear history…', data()));
    await click(button('Keep the history', data()));
    expect(await (await history()).getOrder(draftId)).toBeDefined();

    await click(button('Clear history…', data()));
    await click(button('Clear the history', data()));
    await waitFor(() => expect(statuses(data())).toContain('History cleared.'));
    expect(await (await history()).getOrder(draftId)).toBeUndefined();
  });
});
