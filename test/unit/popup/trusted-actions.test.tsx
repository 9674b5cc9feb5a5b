// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { OrderDetail, PlacedOrder } from '../../../src/popup/order-detail.tsx';
import { distinctFacts } from '../../../src/popup/order-facts.ts';
import type { CancellationRecord, OrderRecord } from '../../../src/shared/order-record.ts';
import type { OrderView } from '../../../src/shared/protocol.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { orderRecord } from './fixtures.ts';

// The actions a buyer can trust: the safe one first where the order may exist, one verb
// for stopping an order with what it means there, confirmations that name what they do,
// states that stay true, and the figures of a refused price.

let connector: MockConnector;
let shown: OrderView;
let cancellations: CancellationRecord[];
afterEach(cleanup);
beforeEach(() => {
  cancellations = [];
  connector = mockConnector({
    'order.get': () => ({ order: shown, cancellations, events: [] }),
    'orders.seen': ({ localIds }) => ({ seen: localIds.length }),
    'orders.usualPlacingTime': () => ({ beingPlaced: false }),
    'order.withdraw': () => ({ order: shown, cancellations, events: [] }),
  });
});

const placedScreen = (order: OrderView, onRetry?: (order: OrderView) => void) => {
  shown = order;
  return renderWith(
    connector,
    <PlacedOrder
      order={order}
      onShowOrders={() => undefined}
      onUndone={() => undefined}
      {...(onRetry ? { onRetry } : {})}
    />,
  );
};
const detail = (order: OrderView) => {
  shown = order;
  return renderWith(connector, <OrderDetail localId={order.localId} onBack={() => undefined} />);
};
const failed = (failure: Partial<NonNullable<OrderRecord['failure']>>, change = {}) =>
  orderRecord({
    state: 'failed',
    merchantOrderIds: [],
    failure: { code: 'x', message: '', title: 'Failed.', fix: 'Fix it.', ...failure },
    ...change,
  });

describe('the safe action first', () => {
  it('checks an order that failed for a reason Buyline does not know before ordering again', () => {
    const retry = vi.fn();
    placedScreen(
      failed({
        code: 'brand_new_code',
        title: 'The service gave a reason Buyline does not know.',
        fix: 'Check the order on the retailer’s site.',
      }),
      retry,
    );
    const check = screen.getByRole('link', { name: 'Check your orders on Amazon' });
    expect(check.getAttribute('href')).toBe('https://www.amazon.com/gp/css/order-history');
    expect(check.className).toContain('primary');
    // Ordering again is there, secondary, and says when it is safe.
    const again = screen.getByRole('button', { name: 'Order again' });
    expect(again.className).not.toContain('primary');
    expect(screen.getByText(/^Order again only once your orders show this one was not placed/));
    expect(check.compareDocumentPosition(again) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('checks an order that may exist, with the retailer’s order number beside, and offers no order again', () => {
    placedScreen(
      failed(
        {
          code: 'order_probably_placed',
          title: 'The order was probably placed.',
          needsCheck: true,
        },
        { retailer: 'walmart', merchantOrderIds: ['W-77'] },
      ),
      vi.fn(),
    );
    const check = screen.getByRole('link', { name: 'Check your orders on Walmart' });
    expect(check.getAttribute('href')).toBe('https://www.walmart.com/orders');
    expect(screen.getByText('Look for order W-77.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Order again' })).toBeNull();
  });

  it('keeps Order again first after a failure that placed nothing, and says what it keeps', () => {
    placedScreen(failed({ code: 'product_unavailable', title: 'Unavailable.' }), vi.fn());
    expect(screen.queryByRole('link', { name: /^Check your orders/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Order again' }).className).toContain('primary');
    expect(screen.getByText(/^Order again starts a new order with the same items/)).toBeTruthy();
  });
});

describe('one verb for stopping an order', () => {
  it('withdraws an order waiting for a token, saying nothing was placed', async () => {
    placedScreen(
      orderRecord({ state: 'awaiting_token', requestId: undefined, merchantOrderIds: [] }),
    );
    expect(screen.getByText('Nothing is placed yet: cancelling stops Buyline sending it.'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() =>
      expect(connector.callsOf('order.withdraw')).toEqual([{ localId: 'order-1' }]),
    );
  });

  it('asks first where the service may already have placed it, with the caveat', async () => {
    placedScreen(orderRecord({ state: 'unconfirmed', requestId: undefined, merchantOrderIds: [] }));
    expect(
      screen.getByText(
        'The service may already have placed it. Cancelling here stops Buyline following it; then check your orders on Amazon.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(connector.callsOf('order.withdraw')).toEqual([]);
    const anyway = screen.getByRole('button', { name: 'Cancel it anyway' });
    expect(anyway.className).toBe('danger');
    expect(document.activeElement).toBe(anyway);
    fireEvent.click(anyway);
    await waitFor(() =>
      expect(connector.callsOf('order.withdraw')).toEqual([{ localId: 'order-1' }]),
    );
  });

  it('keeps the order when the buyer thinks again', () => {
    placedScreen(orderRecord({ state: 'sending', requestId: undefined, merchantOrderIds: [] }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep the order' }));
    expect(connector.callsOf('order.withdraw')).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel order' }));
  });
});

describe('confirmations name what they do', () => {
  const twoShipments = () =>
    orderRecord({
      merchantOrderIds: ['113-0000001-0000001', '113-0000002-0000002'],
      productIds: ['B0LAMP0001', 'B0SHADE002'],
      request: {
        products: [
          { product_id: 'B0LAMP0001', quantity: 1 },
          { product_id: 'B0SHADE002', quantity: 2 },
        ],
      },
      response: {
        _type: 'order_response',
        merchant_order_ids: [],
        tracking: [],
        delivery_dates: [
          { product_id: 'B0LAMP0001', quantity: 1, merchant_order_id: '113-0000001-0000001' },
          { product_id: 'B0SHADE002', quantity: 2, merchant_order_id: '113-0000002-0000002' },
        ],
      } as unknown as OrderRecord['response'],
    });

  it('names each shipment of a two-shipment order by its items, and its number once', async () => {
    detail(twoShipments());
    const shipments = await screen.findByRole('list', { name: 'Shipments' });
    const [lamp, shade] = within(shipments).getAllByRole('listitem');
    expect(lamp?.textContent).toContain('Amazon order 113-0000001-0000001: 1 × B0LAMP0001');
    expect(shade?.textContent).toContain('Amazon order 113-0000002-0000002: 2 × B0SHADE002');
    // Two buttons that say which items each cancels, not two numbers.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel 2 × B0SHADE002' }));
    expect(screen.getByRole('button', { name: 'Cancel 2 × B0SHADE002' }).className).toBe('danger');
    expect(screen.getAllByText(/113-0000002-0000002/)).toHaveLength(1);
    expect(
      screen.getByText('The retailer stops it before it ships, if it still can.'),
    ).toBeTruthy();
  });
});

describe('states that stay true', () => {
  const attempting: CancellationRecord = {
    localId: 'c-1',
    orderLocalId: 'order-1',
    orderRequestId: 'req-1',
    merchantOrderId: '112-0000001-0000001',
    idempotencyKey: 'k',
    createdAt: 1,
    updatedAt: 1,
    state: 'attempting_to_cancel',
    schedule: { nextAt: 0, attempts: 0, count: 0 },
  };

  it('heads an order whose cancellation is under way so, not “Placed”', async () => {
    cancellations = [attempting];
    detail(orderRecord({}, cancellations));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toMatch(/^Cancellation under way/),
    );
    expect(screen.getByRole('list', { name: 'Shipments' }).textContent).toContain(
      'Attempting to cancel',
    );
  });

  it('hides the tracking and delivery of a cancelled order; the raw response keeps them', async () => {
    cancellations = [{ ...attempting, state: 'cancelled' }];
    detail(
      orderRecord(
        {
          state: 'cancelled',
          cancelledMerchantOrderIds: ['112-0000001-0000001'],
          response: {
            _type: 'order_response',
            merchant_order_ids: [],
            tracking: [
              {
                carrier: 'UPS',
                tracking_number: '1Z999',
                product_id: 'B0PLACES01',
                merchant_order_id: '112-0000001-0000001',
              },
            ],
            delivery_dates: [],
          } as unknown as OrderRecord['response'],
          deliveryDates: [{ productId: 'B0PLACES01', date: '2026-03-05' }],
        },
        cancellations,
      ),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Cancelled/));
    expect(screen.queryByRole('list', { name: 'Tracking' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Delivery dates' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show raw response' }));
    expect(document.querySelector('pre.raw')?.textContent).toContain('1Z999');
  });
});

describe('the price guard’s figures', () => {
  it('says the price the service found beside the maximum', () => {
    placedScreen(
      failed({
        code: 'max_price_exceeded',
        title: 'The price went above your maximum.',
        fix: 'Raise the maximum price.',
        data: { max_price: 2000, price: 2499 },
      }),
    );
    expect(
      screen.getByText('The service found a price of $24.99; your maximum was $20.00.'),
    ).toBeTruthy();
  });

  it('says nothing made up when the service gave no figures', () => {
    placedScreen(
      failed({ code: 'max_price_exceeded', title: 'The price went above your maximum.' }),
    );
    expect(screen.queryByText(/The service found a price/)).toBeNull();
  });
});

describe('each order told apart at a glance', () => {
  const twin = (localId: string, createdAt: number) =>
    orderRecord({
      localId,
      createdAt,
      request: { products: [{ product_id: 'B0PLACES01', quantity: 1 }] },
    });

  it('carries the retailer’s order number and the quantity on each row', () => {
    const facts = distinctFacts([twin('a', Date.UTC(2026, 10, 28, 7, 12, 5))]);
    expect(facts.get('a')?.join(' · ')).toMatch(
      /^Amazon 112-0000001-0000001 · Qty 1 · \$21\.24 · Nov 28, 2026, \d+:12 (AM|PM)$/,
    );
  });

  it('adds the seconds where two rows would read the same, and numbers them where even those match', () => {
    const minute = Date.UTC(2026, 10, 28, 7, 12);
    const seconds = distinctFacts([twin('a', minute + 5_000), twin('b', minute + 40_000)]);
    expect(seconds.get('a')?.at(-1)).toMatch(/:12:05/);
    expect(seconds.get('b')?.at(-1)).toMatch(/:12:40/);
    const same = distinctFacts([twin('a', minute), twin('b', minute)]);
    expect(same.get('a')?.at(-1)).toBe('1 of 2 alike');
    expect(same.get('b')?.at(-1)).toBe('2 of 2 alike');
  });
});
