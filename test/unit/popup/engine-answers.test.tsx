// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));
const readTabProduct = vi.hoisted(() => vi.fn());
const activeTab = vi.hoisted(() => vi.fn());
vi.mock('../../../src/popup/tab-product.ts', () => ({ readTabProduct, activeTab }));

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { App } from '../../../src/popup/app.tsx';
import { loadTheRest } from '../../../src/popup/later.ts';
import { OrderDetail } from '../../../src/popup/order-detail.tsx';
import { OrdersList } from '../../../src/popup/orders-list.tsx';
import type { CancellationRecord, OrderRecord } from '../../../src/shared/order-record.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { amazonTab, LOCKED_VAULT, orderRecord, plainRecord, settingsWithHome } from './fixtures.ts';

// Pages render what the background answers about each order: the order in flight for
// the product in view first, the actions it offers (and why not, in words), a refused
// cancellation in words, and each order named once.

let connector: MockConnector;
let inFlight: OrderRecord[];
afterEach(cleanup);
beforeEach(() => {
  fakeBrowser.reset();
  location.hash = '';
  readTabProduct.mockReset().mockResolvedValue(amazonTab());
  activeTab.mockReset().mockResolvedValue({ url: amazonTab().url, product: amazonTab().product });
  inFlight = [];
  connector = mockConnector({
    'settings.get': () => settingsWithHome(),
    'token.status': () => ({ set: true }),
    'vault.status': () => LOCKED_VAULT,
    'orders.query': ({ state }) =>
      state === 'in_flight' ? inFlight.map((order) => orderRecord(order)) : [],
    'order.get': ({ localId }) => {
      const order = inFlight.find((entry) => entry.localId === localId);
      return order ? { order: orderRecord(order), cancellations: [], events: [] } : null;
    },
    'order.undo': () => ({ undone: true, order: null }),
  });
});

// What the popup loads after its first paint is loaded before a test draws it.
beforeAll(() => loadTheRest());

describe('the order in flight comes first', () => {
  it('shows the held order for the product in view, with Cancel order, above no form', async () => {
    inFlight = [
      plainRecord({
        localId: 'held-1',
        state: 'held',
        holdUntil: Date.now() + 60_000,
        requestId: undefined,
        merchantOrderIds: [],
      }),
    ];
    renderWith(connector, <App />);
    const order = await screen.findByRole('region', { name: 'Placed order' });
    expect(within(order).getByRole('heading', { name: 'Sandbox Test Item' })).toBeTruthy();
    expect(within(order).getByRole('status').textContent).toMatch(/^Held: sending soon/);
    expect(within(order).getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    // Placing another for the same product is a separate choice, not the first button.
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Place another order' }));
    await screen.findByRole('button', { name: 'Place order' });
    // The order on its way stays above the form.
    expect(screen.getByRole('region', { name: 'Placed order' })).toBeTruthy();
    expect(connector.callsOf('orders.query')).toContainEqual({
      state: 'in_flight',
      retailer: 'amazon',
      search: 'B0PLACES01',
      limit: 10,
    });
  });

  it('offers Abort on an order being placed, and shows the form at once when there is none', async () => {
    inFlight = [plainRecord({ localId: 'p-1', state: 'processing', merchantOrderIds: [] })];
    renderWith(connector, <App />);
    await screen.findByRole('button', { name: 'Cancel order' });
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
    cleanup();
    inFlight = [plainRecord({ localId: 'other', state: 'processing', productIds: ['B0OTHER'] })];
    renderWith(connector, <App />);
    await screen.findByRole('button', { name: 'Place order' });
    expect(screen.queryByRole('region', { name: 'Placed order' })).toBeNull();
  });

  it('keeps the form for an order placed later, which is the popup’s own', async () => {
    renderWith(connector, <App />);
    await screen.findByRole('button', { name: 'Place order' });
    await waitFor(() => expect(connector.callsOf('orders.query').length).toBeGreaterThan(1));
    inFlight = [plainRecord({ localId: 'later', state: 'processing' })];
    connector.publish(['orders'], ['later']);
    await waitFor(() => expect(connector.callsOf('orders.query').length).toBeGreaterThan(3));
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place another order' })).toBeNull();
  });

  it('brings the form back when the buyer undoes the order in flight', async () => {
    inFlight = [plainRecord({ localId: 'held-1', state: 'held', holdUntil: Date.now() + 60_000 })];
    renderWith(connector, <App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await screen.findByRole('button', { name: 'Place order' });
    expect(connector.callsOf('order.undo')).toEqual([{ localId: 'held-1' }]);
    expect(screen.queryByRole('region', { name: 'Placed order' })).toBeNull();
  });
});

describe('what an order offers, as the background says', () => {
  it('offers no Cancel and no Abort without a request id, and says why', async () => {
    const synced = orderRecord({ source: 'sync', requestId: undefined, title: 'Synced lamp' });
    connector.answer('order.get', () => ({
      order: synced,
      cancellations: [],
      events: [],
    }));
    renderWith(connector, <OrderDetail localId="order-1" onBack={() => undefined} />);
    await screen.findByText(/Buyline cannot cancel it: cancel it in your Amazon account/);
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says a refused cancellation in words, in the detail and in the Orders row', async () => {
    const refused: CancellationRecord = {
      localId: 'c-1',
      orderLocalId: 'order-1',
      orderRequestId: 'req-1',
      merchantOrderId: '112-0000001-0000001',
      idempotencyKey: 'k',
      createdAt: Date.UTC(2026, 2, 1, 13),
      updatedAt: Date.UTC(2026, 2, 1, 13),
      state: 'failed',
      failure: { code: 'cancellation_failed', message: 'm', title: 'It already shipped.', fix: '' },
      schedule: { nextAt: 0, attempts: 0, count: 0 },
    };
    const order = orderRecord({ title: 'Lamp' }, [refused]);
    connector.answer('order.get', () => ({ order, cancellations: [refused], events: [] }));
    connector.answer('orders.search', () => ({ orders: [order] }));
    renderWith(connector, <OrderDetail localId="order-1" onBack={() => undefined} />);
    const merchants = await screen.findByRole('list', { name: 'Shipments' });
    expect(merchants.textContent).toContain('Cancellation refused: It already shipped.');
    // What the buyer can still do is said once, in the order's headline, not again below.
    expect(screen.getAllByText(/return (it|the items)/)).toHaveLength(1);
    expect(screen.getByText(/return the items once they arrive/)).toBeTruthy();
    cleanup();
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    const row = await screen.findByRole('button', { name: /^Open order Lamp / });
    expect(row.textContent).toContain('Cancellation refused: It already shipped');
  });
});

describe('an order row', () => {
  it('names the order once, and its state apart from its title', async () => {
    const order = orderRecord({ title: 'Probe Desk', state: 'sending', requestId: undefined });
    connector.answer('orders.search', () => ({ orders: [order] }));
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    const row = await screen.findByRole('button', { name: /^Open order Probe Desk Sending / });
    // What is read is what is shown, with "Open order" before it: the title once.
    expect((row.textContent ?? '').split('Probe Desk')).toHaveLength(2);
    // The title has its own element; the state follows it, not inside it.
    expect(row.querySelector('.title')?.textContent).toBe('Probe Desk');
    expect(row.querySelector('.badge')?.textContent).toBe('Sending');
  });

  it('names a synced order as the background does, never “Untitled order”', async () => {
    const synced = orderRecord({ source: 'sync', productIds: ['B0X1'], title: undefined });
    connector.answer('orders.search', () => ({ orders: [synced] }));
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    await screen.findByRole('button', { name: /^Open order Amazon B0X1 Placed / });
    expect(screen.queryByText(/Untitled/)).toBeNull();
  });
});

describe('the detail of a held order', () => {
  it('offers Cancel order, and goes back to the list once it is taken back', async () => {
    const held = orderRecord({ state: 'held', requestId: undefined, merchantOrderIds: [] });
    connector.answer('order.get', () => ({ order: held, cancellations: [], events: [] }));
    let back = 0;
    renderWith(connector, <OrderDetail localId="order-1" onBack={() => (back += 1)} />);
    // One way to stop it, saying what it means while it is held.
    await screen.findByText(/^Not sent yet: .* Cancelling now sends nothing\.$/);
    expect(screen.getAllByRole('button', { name: 'Cancel order' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(back).toBe(1));
    expect(connector.callsOf('order.undo')).toEqual([{ localId: 'order-1' }]);
    expect(connector.callsOf('order.abort')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });
});
