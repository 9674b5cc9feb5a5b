// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "fetch": { "disableSameOriginPolicy": true } } }
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import type { RunningSandbox } from '../../../sandbox/index.ts';
import { BulkApp } from '../../../src/bulk/app.tsx';
import { templateCsv } from '../../../src/shared/bulk/template.ts';
import { subscribeChanges } from '../../../src/shared/change-feed.ts';
import { BackgroundError } from '../../../src/shared/messaging.ts';
import type { Connector } from '../../../src/ui/connector.ts';
import { ConnectorContext } from '../../../src/ui/connector.ts';
import { startTestSandbox, useFakeClock, useRealClock } from '../background/sandbox-env.ts';
import {
  createdAtSandbox,
  drive,
  fileRow,
  freshExtension,
  loadWorker,
  OVER_A_WINDOW,
  runFor,
  startPayload,
  type Worker,
} from './bulk-env.ts';

// The Bulk orders page in happy-dom, wired to the real background (router, batch store,
// history, scheduler) and the real sandbox: what the page shows comes from the
// background's answers and its pushed changes, never from a timer.

let sandbox: RunningSandbox;
let worker: Worker;
let calls: string[];
let downloads: { name: string; text: () => Promise<string> }[];
let dueNow: ReturnType<typeof setInterval>;

beforeAll(async () => {
  sandbox = await startTestSandbox(100);
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  useFakeClock();
  // The file reader yields between chunks with zero-delay timers: those run as they
  // come (a real interval, not faked, fires what is due now); the clock itself moves
  // only when a test moves it.
  dueNow = setInterval(() => vi.advanceTimersByTime(0), 2);
  await freshExtension(sandbox, {
    addresses: [{ id: 'home', label: 'Home', address: HOME }],
    defaultAddressId: 'home',
  });
  worker = await loadWorker();
  // Each test opens the page afresh, not on the batch the last one left in the address.
  history.replaceState(null, '', location.pathname);
  calls = [];
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
    if (blob) downloads.push({ name: this.download, text: () => blob.text() });
  });
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  clearInterval(dueNow);
  await worker.stop();
  useRealClock();
});

const HOME = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_line1: '12 Analytical Way',
  zip_code: '02110',
  city: 'Boston',
  state: 'MA',
  country: 'US',
  phone_number: '6175550199',
};

/** The page's one way to the background, as the real connector but through `route`. */
const connector: Connector = {
  async call(type, payload) {
    calls.push(type);
    const reply = await worker.ask(type, payload).then(
      (data) => ({ ok: true as const, data }),
      (error: Error) => ({ ok: false as const, error }),
    );
    if (!reply.ok) throw new BackgroundError({ kind: 'internal', message: reply.error.message });
    return reply.data;
  },
  subscribe: subscribeChanges,
};

function openPage() {
  return render(
    <ConnectorContext.Provider value={connector}>
      <BulkApp />
    </ConnectorContext.Provider>,
  );
}

function csv(rows: Record<string, string>[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return `${[columns.join(','), ...rows.map((row) => columns.map((c) => row[c] ?? '').join(','))].join('\r\n')}\r\n`;
}

function pick(text: string, name = 'orders.csv') {
  const input = screen.getByLabelText('Choose a CSV file of orders') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], name, { type: 'text/csv' })] } });
}

const count = (name: string) => document.querySelector(`[data-count="${name}"]`)?.textContent ?? '';

describe('the Bulk orders page', () => {
  it('offers the template to download', async () => {
    openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Download the template' }));
    expect(downloads.map((file) => file.name)).toEqual(['buyline-bulk-orders-template.csv']);
    expect(await downloads[0]?.text()).toBe(templateCsv());
  });

  it('refuses a bad file in one sentence and sends nothing', async () => {
    openPage();
    await screen.findByText('Ordering mode');
    const before = await createdAtSandbox(sandbox);
    pick('retailer,product_id,colour\namazon,B0PLACES01,red\n');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The file has a column Buyline does not know: “colour” \(column C\)\./,
    );
    expect(calls).not.toContain('bulk.check');
    expect(screen.queryByRole('button', { name: /^Place/ })).toBeNull();
    expect(await createdAtSandbox(sandbox)).toBe(before);
  });

  it('reads a file, shows the defaults and the dry run, places, follows, exports and fixes', async () => {
    openPage();
    await screen.findByText('Ordering mode');
    const before = await createdAtSandbox(sandbox);
    const rows = [
      { retailer: 'amazon', product_id: 'B0PLACES01', quantity: '1', max_price: '40' },
      { retailer: 'amazon', product_id: 'B0PLACES01', quantity: '0', max_price: '40' },
      { retailer: 'amazon', product_id: 'B0PLACES01', quantity: '2', max_price: '80' },
    ];
    pick(csv(rows));

    // Dry run: the row's problem by row and column, the defaults the file falls back on.
    expect(
      await screen.findByText('Row 3, quantity: must be a whole number of at least 1.'),
    ).toBeTruthy();
    await screen.findByText('3 rows make 3 orders: 2 ready to place, 1 with problems.');
    // The file read is named at its control, and the orders to place are reviewed with
    // the total of their maximum prices.
    expect(screen.getByText('Loaded: orders.csv')).toBeTruthy();
    expect(
      screen.getByText(
        'At most $120.00 in all for these 2 orders: the sum of their maximum prices.',
      ),
    ).toBeTruthy();
    const review = screen.getByRole('table', { name: 'Orders to place' });
    expect(within(review).getAllByText('Ada Lovelace')).toHaveLength(2);
    const defaults = screen.getByRole('region', { name: 'Defaults that apply' });
    expect(
      within(defaults).getByText(/Ship to your default address “Home” \(Boston, MA\)\./),
    ).toBeTruthy();
    expect(within(defaults).getByText(/Shipping: cheapest\./)).toBeTruthy();
    expect(await createdAtSandbox(sandbox)).toBe(before);

    fireEvent.click(screen.getByRole('button', { name: 'Place 2 orders' }));
    await screen.findByRole('heading', { name: /orders\.csv/ });
    // Progress follows the background's pushed changes as the worker goes on.
    await drive(
      worker,
      (await worker.ask('bulk.list'))[0].id,
      (view) => view.batch.counts.placed === 2,
    );
    await vi.waitFor(() => expect(count('placed')).toBe('2'), { timeout: 5_000 });
    expect(count('failed')).toBe('1');
    expect(screen.getByText('3 of 3 orders finished.')).toBeTruthy();
    expect(await createdAtSandbox(sandbox)).toBe(before + 2);

    fireEvent.click(screen.getByRole('button', { name: 'Export results' }));
    await vi.waitFor(() => expect(downloads).toHaveLength(1));
    const exported = (await downloads[0]?.text())?.trim().split('\r\n') ?? [];
    expect(exported[0]).toBe(
      'retailer,product_id,quantity,max_price,order_state,request_id,merchant_order_ids,tracking,failure',
    );
    expect(exported[1]).toMatch(/^amazon,B0PLACES01,1,40,placed,[0-9a-f]{32},/);
    expect(exported[2]).toBe(
      'amazon,B0PLACES01,0,40,refused,,,,"Row 3, quantity: must be a whole number of at least 1."',
    );

    // Fix and place again: the refused row, corrected, becomes a new order.
    const row3 = document.querySelector('tr[data-rows="3"]') as HTMLElement;
    fireEvent.click(within(row3).getByRole('button', { name: 'Fix and place again' }));
    const form = await screen.findByRole('form', { name: 'Fix row 3' });
    fireEvent.input(within(form).getByLabelText('Quantity'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Place again as a new order' }));
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'Fix row 3' })).toBeNull());
    const batchId = (await worker.ask('bulk.list'))[0].id;
    await drive(worker, batchId, (view) => view.batch.counts.placed === 3);
    await vi.waitFor(() => expect(count('placed')).toBe('3'), { timeout: 5_000 });
    expect(count('failed')).toBe('0');
    expect(await createdAtSandbox(sandbox)).toBe(before + 3);

    // The batch stays in Buyline: a new file can be started, and the batch opened again.
    fireEvent.click(screen.getByRole('button', { name: 'New batch' }));
    const earlier = await screen.findByRole('region', { name: 'Earlier batches' });
    expect(within(earlier).getByText(/3 placed, 0 failed of 3\./)).toBeTruthy();
    fireEvent.click(within(earlier).getByRole('button', { name: 'orders.csv' }));
    await screen.findByRole('heading', { name: /orders\.csv/ });
    expect(location.hash).toBe(`#batch=${batchId}`);
  }, 60_000);

  it('pauses, resumes and cancels the rest from its buttons', async () => {
    // Orders wait in the hold before sending, so each control has something to take back.
    await worker.ask('settings.update', { patch: { holdSeconds: 5 } });
    openPage();
    await screen.findByText('Ordering mode');
    // More orders than a batch hands over at once, so some wait for their turn.
    const row = { retailer: 'amazon', product_id: 'B0PLACES01', max_price: '40' };
    pick(csv(Array.from({ length: OVER_A_WINDOW }, () => row)));
    fireEvent.click(await screen.findByRole('button', { name: `Place ${OVER_A_WINDOW} orders` }));
    // A control is pressed once it is ready (not while the last one is under way). The
    // background is busy placing meanwhile, so the page may take a moment to show it.
    // Bounds, not waits: each press hands up to a window of orders over before it answers.
    const find = (name: string) => screen.findByRole('button', { name }, { timeout: 20_000 });
    const press = async (name: string) => {
      const control = (await find(name)) as HTMLButtonElement;
      await vi.waitFor(() => expect(control.disabled).toBe(false), { timeout: 20_000 });
      fireEvent.click(control);
    };
    await press('Pause');
    await find('Resume');
    expect(screen.getByText('Paused')).toBeTruthy();
    await press('Resume');
    await find('Pause');
    await press('Cancel the rest');
    await screen.findByText('The rest was cancelled', {}, { timeout: 5_000 });
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    await vi.waitFor(() => expect(Number(count('cancelled'))).toBeGreaterThan(0), {
      timeout: 5_000,
    });
    expect(Number(count('waiting'))).toBe(0);
  }, 90_000);

  it('says in plain words what was held, sent and cancelled', async () => {
    await worker.ask('settings.update', { patch: { holdSeconds: 5 } });
    openPage();
    const managed = await screen.findByRole('option', { name: /^Managed accounts/ });
    expect(managed.textContent).not.toMatch(/addax/);
    const before = await createdAtSandbox(sandbox);
    const row = { retailer: 'amazon', product_id: 'B0PLACES01', max_price: '40' };
    pick(csv([row, row, row]));
    fireEvent.click(await screen.findByRole('button', { name: 'Place 3 orders' }));
    // Every order handed over, all three held: waiting out the hold, not "still placing".
    await screen.findByText('Waiting out the hold');
    expect(screen.queryByText('Still placing the last orders')).toBeNull();
    expect(screen.getByText('0 of 3 orders finished.')).toBeTruthy();
    expect(
      screen.getByText(
        '3 orders wait out the hold before they are sent: Pause or “Cancel the rest” still takes them back.',
      ),
    ).toBeTruthy();
    // The tally and the rows say the same word.
    expect(count('held')).toBe('3');
    expect(
      screen.getAllByText('Held: sent when its hold ends; can still be taken back'),
    ).toHaveLength(3);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the rest' }));
    await screen.findByText('The rest was cancelled');
    await screen.findByText('0 orders went to the service; the other 3 were never sent.');
    expect(screen.getByText('0 of 3 orders finished.')).toBeTruthy();
    // Cancelled by the buyer is no problem: said once, never in red.
    await vi.waitFor(() =>
      expect(screen.getAllByText('Cancelled: with the rest, never sent')).toHaveLength(3),
    );
    expect(document.querySelectorAll('td.problems.error')).toHaveLength(0);
    await runFor(worker, 15);
    expect(await createdAtSandbox(sandbox)).toBe(before);
  });

  it('shows the batch still running, with its rows and controls, when the page is opened again', async () => {
    await worker.ask('settings.update', { patch: { holdSeconds: 5 } });
    await worker.ask('bulk.start', startPayload([fileRow()], 'earlier.csv'));
    // A second later (the clock moves only when a test moves it): the newer batch.
    vi.setSystemTime(Date.now() + 1_000);
    await worker.ask('bulk.start', startPayload([fileRow(), fileRow()], 'running.csv'));
    openPage();
    // The newest batch under way is the one shown: its heading, rows and controls.
    const shown = <T,>(find: () => T) => vi.waitFor(find, { timeout: 5_000 });
    await shown(() => screen.getByRole('heading', { name: /running\.csv/ }));
    const rows = await shown(() => screen.getByRole('table', { name: 'Orders of the batch' }));
    await shown(() => expect(within(rows).getAllByRole('row')).toHaveLength(3));
    await shown(() => screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Cancel the rest' })).toBeTruthy();
    // The other batches are a click away.
    const others = screen.getByRole('region', { name: 'Other batches' });
    fireEvent.click(within(others).getByRole('button', { name: 'earlier.csv' }));
    await shown(() => screen.getByRole('heading', { name: /earlier\.csv/ }));
    // A new batch can still be started.
    fireEvent.click(screen.getByRole('button', { name: 'New batch' }));
    await shown(() => screen.getByText('Ordering mode'));
    const current = await shown(() => screen.getByRole('region', { name: 'Current batches' }));
    expect(within(current).getByRole('button', { name: 'running.csv' })).toBeTruthy();
  });
});
