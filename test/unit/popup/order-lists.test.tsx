// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { OrderDetail } from '../../../src/popup/order-detail.tsx';
import { OrdersList } from '../../../src/popup/orders-list.tsx';
import type { CancellationRecord } from '../../../src/shared/order-record.ts';
import type { OrderView } from '../../../src/shared/protocol.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { opens, orderRecord } from './fixtures.ts';

let connector: MockConnector;
afterEach(cleanup);

function cancellation(change: Partial<CancellationRecord> = {}): CancellationRecord {
  return {
    localId: 'cancel-1',
    orderLocalId: 'order-1',
    orderRequestId: 'req-1',
    merchantOrderId: '112-0000001-0000001',
    idempotencyKey: 'k',
    createdAt: 0,
    updatedAt: 0,
    state: 'attempting_to_cancel',
    schedule: { nextAt: 0, attempts: 0, count: 0 },
    ...change,
  };
}

describe('the orders list', () => {
  let stored: OrderView[];
  beforeEach(() => {
    stored = [orderRecord(), orderRecord({ localId: 'order-2', title: 'Other', state: 'failed' })];
    // Answered as the background does: a full page says where the next one starts.
    connector = mockConnector({
      'orders.search': ({ limit = 50 }) =>
        stored.length >= limit
          ? { orders: stored, next: (stored.at(-1) as OrderView).createdAt }
          : { orders: stored },
    });
  });

  it('shows each order’s title, state, retailer and total, and opens one', async () => {
    const opened: string[] = [];
    renderWith(connector, <OrdersList onOpen={(id) => opened.push(id)} />);
    const row = await screen.findByRole('button', { name: opens('Sandbox Test Item') });
    expect(row.textContent).toContain('Placed');
    // The retailer by its name, not its code.
    expect(row.textContent).toContain('Amazon 112-0000001-0000001 · $21.24');
    fireEvent.click(row);
    expect(opened).toEqual(['order-1']);
  });

  it('names cancelled and partly cancelled orders so, not “Placed”', async () => {
    stored = [
      orderRecord({ state: 'cancelled' }),
      orderRecord({ localId: 'order-2', title: 'Half', state: 'partly_cancelled' }),
      orderRecord({ localId: 'order-3', title: 'Waiting', state: 'held' }),
    ];
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    const text = (name: string) =>
      screen.getByRole('button', { name: opens(name) }).textContent ?? '';
    await screen.findByRole('button', { name: opens('Half') });
    expect(text('Sandbox Test Item')).toContain('Cancelled');
    expect(text('Half')).toContain('Partly cancelled');
    expect(text('Waiting')).toContain('Held');
    expect(text('Sandbox Test Item')).not.toContain('Placed');
  });

  it('reads again only when the background announces a change to orders', async () => {
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    await screen.findByRole('button', { name: opens('Other') });
    expect(connector.callsOf('orders.search')).toHaveLength(1);
    connector.publish(['vault']);
    stored = [orderRecord({ state: 'cancelled' })];
    connector.publish(['orders'], ['order-1']);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: opens('Sandbox Test Item') }).textContent,
      ).toContain('Cancelled'),
    );
    expect(connector.callsOf('orders.search')).toHaveLength(2);
  });

  it('filters by state, retailer and search, a page at a time', async () => {
    stored = Array.from({ length: 25 }, (_, index) =>
      orderRecord({ localId: `order-${index}`, title: `Order ${index}`, createdAt: 1000 - index }),
    );
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    await screen.findByRole('button', { name: opens('Order 24') });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'in_flight' } });
    fireEvent.change(screen.getByLabelText('Retailer'), { target: { value: 'walmart' } });
    fireEvent.input(screen.getByLabelText('Search orders'), { target: { value: ' B0 ' } });
    await waitFor(() =>
      expect(connector.callsOf('orders.search').at(-1)).toEqual({
        limit: 25,
        state: 'in_flight',
        retailer: 'walmart',
        search: 'B0',
      }),
    );
    stored = [orderRecord({ localId: 'older', title: 'Older' })];
    fireEvent.click(await screen.findByRole('button', { name: 'More' }));
    await screen.findByRole('button', { name: opens('Older') });
    expect(connector.callsOf('orders.search').at(-1)).toMatchObject({ before: 976 });
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('goes on through the history while a search finds less than a page, then stops', async () => {
    // The background read its share of the history and found nothing yet, then one
    // order further back, and then came to the end.
    const pages: Record<number, { orders: OrderView[]; next?: number }> = {
      0: { orders: [], next: 5_000 },
      5000: {
        orders: [orderRecord({ localId: 'found', title: 'Found', createdAt: 4_200 })],
        next: 4_000,
      },
      4000: { orders: [] },
    };
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    connector.answer('orders.search', async ({ before }) => {
      if (before === 5_000) await held;
      return pages[before ?? 0] as (typeof pages)[0];
    });
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    fireEvent.input(screen.getByLabelText('Search orders'), { target: { value: 'P0' } });
    await waitFor(() => expect(connector.callsOf('orders.search')).toHaveLength(3));
    // A change announced while the search goes on reads the first page again and draws
    // it; the page the search was waiting for still counts.
    connector.publish(['orders']);
    await waitFor(() => expect(connector.callsOf('orders.search')).toHaveLength(4));
    await act(async () => undefined);
    release();
    await screen.findByRole('button', { name: opens('Found') });
    await waitFor(() =>
      expect(connector.callsOf('orders.search').map((query) => query.before)).toEqual([
        undefined,
        undefined,
        5_000,
        undefined,
        4_000,
      ]),
    );
    expect(connector.callsOf('orders.search').at(-1)).toMatchObject({ search: 'P0' });
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('says so when there are no orders', async () => {
    stored = [];
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    await screen.findByText('No orders yet.');
  });
});

describe('the order detail', () => {
  let order: OrderView;
  let cancellations: CancellationRecord[];
  beforeEach(() => {
    order = orderRecord({
      response: {
        _type: 'order_response',
        price_components: { subtotal: 1999, shipping: 0, tax: 125, total: 2124, currency: 'USD' },
        merchant_order_ids: [],
        tracking: [{ carrier: 'UPS', tracking_number: '1Z999', product_id: 'B0PLACES01' }],
        delivery_dates: [],
      },
      deliveryDates: [{ productId: 'B0PLACES01', date: '2026-03-05' }],
      request: { products: [{ product_id: 'B0PLACES01', quantity: 2 }] },
    });
    cancellations = [];
    connector = mockConnector({
      // Answered as the background does: the order with its life, from its cancellations.
      'order.get': () => ({ order: orderRecord(order, cancellations), cancellations, events: [] }),
      'order.cancel': ({ merchantOrderId }) => {
        cancellations = [cancellation({ merchantOrderId })];
        return { order: orderRecord(order, cancellations), cancellations, events: [] };
      },
      'order.refresh': () => ({
        order: orderRecord(order, cancellations),
        cancellations,
        events: [],
      }),
    });
  });

  it('shows the money, tracking and delivery dates', async () => {
    renderWith(connector, <OrderDetail localId="order-1" onBack={() => undefined} />);
    const prices = await screen.findByRole('table', { name: 'Price components' });
    expect(prices.textContent).toBe('Subtotal$19.99Shipping$0.00Tax$1.25Total$21.24');
    expect(screen.getByRole('list', { name: 'Tracking' }).textContent).toBe(
      'UPS 1Z999 (B0PLACES01)',
    );
    // The date in the browser's language, as that calendar day wherever the buyer is.
    expect(screen.getByRole('list', { name: 'Delivery dates' }).textContent).toBe(
      'B0PLACES01: Delivery by Mar 5, 2026',
    );
  });

  it('cancels a merchant order in two clicks, with one request, naming what it cancels', async () => {
    renderWith(connector, <OrderDetail localId="order-1" onBack={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep the order' }));
    expect(connector.callsOf('order.cancel')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    // The retailer's number shows once on the screen: in the order's shipments.
    expect(screen.getAllByText(/112-0000001-0000001/)).toHaveLength(1);
    const confirm = screen.getByRole('button', { name: 'Cancel 2 × Sandbox Test Item, $21.24' });
    expect(confirm.className).toBe('danger');
    fireEvent.click(confirm);
    await screen.findByText('Attempting to cancel');
    expect(connector.callsOf('order.cancel')).toEqual([
      expect.objectContaining({ localId: 'order-1', merchantOrderId: '112-0000001-0000001' }),
    ]);
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
  });

  it('follows pushed changes to this order only, and shows it cancelled', async () => {
    renderWith(connector, <OrderDetail localId="order-1" onBack={() => undefined} />);
    await screen.findByRole('status');
    connector.publish(['orders'], ['another-order']);
    await Promise.resolve();
    expect(connector.callsOf('order.get')).toHaveLength(1);
    order = { ...order, state: 'cancelled' };
    cancellations = [cancellation({ state: 'cancelled' })];
    connector.publish(['orders'], ['order-1']);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Cancelled/));
    expect(screen.getByRole('list', { name: 'Shipments' }).textContent).toContain('Cancelled');
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
  });

  it('offers abort while the service is still placing the order', async () => {
    order = orderRecord({ state: 'processing', merchantOrderIds: [] });
    connector.answer('order.abort', () => ({ order, cancellations, events: [] }));
    renderWith(connector, <OrderDetail localId="order-1" onBack={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(connector.callsOf('order.abort')).toEqual([{ localId: 'order-1' }]));
  });

  it('says when the order is not in the history', async () => {
    connector.answer('order.get', () => null);
    renderWith(connector, <OrderDetail localId="gone" onBack={() => undefined} />);
    await screen.findByText('This order is not in the history.');
  });
});
