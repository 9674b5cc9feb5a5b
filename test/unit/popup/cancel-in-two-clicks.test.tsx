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
import { PlacedOrder } from '../../../src/popup/order-detail.tsx';
import type { CancellationRecord, OrderRecord } from '../../../src/shared/order-record.ts';
import { type MockConnector, mockConnector, refusal } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { amazonTab, LOCKED_VAULT, orderRecord, plainRecord, settingsWithHome } from './fixtures.ts';

// Cancelling from the popup's first screen: the recent placed orders at a retailer that
// takes cancellations, each with Cancel order; then one confirmation, which names what it
// cancels ("Cancel 1 × Lamp, $21.24"), sends the cancellation of each merchant order still
// open, under a key made when the confirmation was asked.

/** The request kept on the order: one lamp. */
const LAMP_REQUEST = { products: [{ product_id: 'B0PLACES01', quantity: 1 }] };
let connector: MockConnector;
// The background's history: records and cancellations, answered as the background does
// (each order with its life, from its cancellations).
let placed: OrderRecord[];
let cancellations: CancellationRecord[];
const view = (order: OrderRecord) =>
  orderRecord(
    order,
    cancellations.filter((entry) => entry.orderLocalId === order.localId),
  );
const byId = (localId: string) => placed.find((order) => order.localId === localId);
function cancellation(change: Partial<CancellationRecord>): CancellationRecord {
  return {
    localId: `c-${cancellations.length}`,
    orderLocalId: 'one',
    orderRequestId: 'req-1',
    merchantOrderId: '112-0000001-0000001',
    idempotencyKey: 'ck',
    createdAt: Date.UTC(2026, 2, 1, 13) + cancellations.length,
    updatedAt: Date.UTC(2026, 2, 1, 13),
    state: 'sending',
    schedule: { nextAt: 0, attempts: 0, count: 0 },
    ...change,
  };
}
/** The background decides the latest cancellation of an order (and the order with it). */
function decide(
  localId: string,
  change: Partial<CancellationRecord>,
  order?: Partial<OrderRecord>,
) {
  cancellations = cancellations.map((entry) =>
    entry.orderLocalId === localId ? { ...entry, ...change } : entry,
  );
  placed = placed.map((entry) => (entry.localId === localId ? { ...entry, ...order } : entry));
  connector.publish(['orders'], [localId]);
}
afterEach(cleanup);
beforeEach(() => {
  fakeBrowser.reset();
  location.hash = '';
  readTabProduct.mockReset().mockResolvedValue(amazonTab());
  activeTab.mockReset().mockResolvedValue({ url: amazonTab().url, product: amazonTab().product });
  cancellations = [];
  placed = [
    plainRecord({ localId: 'one', title: 'Lamp', request: LAMP_REQUEST }),
    plainRecord({
      localId: 'two',
      title: 'Two sellers',
      retailer: 'amazon_uk',
      merchantOrderIds: ['202-1', '202-2', '202-3'],
      cancelledMerchantOrderIds: ['202-3'],
    }),
    plainRecord({ localId: 'walmart', title: 'Walmart order', retailer: 'walmart' }),
    plainRecord({ localId: 'none', title: 'No merchant orders', merchantOrderIds: [] }),
  ];
  connector = mockConnector({
    'settings.get': () => settingsWithHome(),
    'token.status': () => ({ set: true }),
    'vault.status': () => LOCKED_VAULT,
    // The query the first screen asks: the orders whose life offers Cancel now.
    'orders.query': ({ state }) =>
      placed
        .map(view)
        .filter((order) =>
          state === 'cancellable' ? order.life.actions.cancel.length > 0 : order.state === state,
        ),
    'order.get': ({ localId }) => {
      const order = byId(localId);
      return order ? { order: view(order), cancellations, events: [] } : null;
    },
    'order.cancel': ({ localId, merchantOrderId, draftId }) => {
      cancellations.push(
        cancellation({ localId: draftId, orderLocalId: localId, merchantOrderId }),
      );
      return { order: view(byId(localId) ?? plainRecord()), cancellations, events: [] };
    },
  });
});

const recent = () => screen.findByRole('region', { name: 'Recent orders you can cancel' });
const yours = () => screen.findByRole('region', { name: 'Your cancellations' });

// What the popup loads after its first paint is loaded before a test draws it.
beforeAll(() => loadTheRest());

describe('cancelling from the first screen', () => {
  it('lists the recent placed orders that can be cancelled, and only those', async () => {
    renderWith(connector, <App />);
    const list = await recent();
    expect(within(list).getByText('Lamp')).toBeTruthy();
    expect(within(list).getByText('Two sellers')).toBeTruthy();
    // Walmart takes no cancellations; an order without merchant orders has nothing to cancel.
    expect(within(list).queryByText('Walmart order')).toBeNull();
    expect(within(list).queryByText('No merchant orders')).toBeNull();
    expect(connector.callsOf('orders.query')).toContainEqual({ state: 'cancellable', limit: 10 });
    // The order form is there too, below.
    await screen.findByRole('button', { name: 'Place order' });
  });

  it('tells two orders of one item apart as the Orders list does: the store’s number, then more', async () => {
    const at = Date.UTC(2026, 10, 28, 7, 12);
    placed = [
      plainRecord({ localId: 'a', title: 'Lamp', request: LAMP_REQUEST, createdAt: at }),
      plainRecord({
        localId: 'b',
        title: 'Lamp',
        request: LAMP_REQUEST,
        createdAt: at,
        merchantOrderIds: ['112-0000002-0000002'],
      }),
    ];
    renderWith(connector, <App />);
    const list = await recent();
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('.hint')?.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^Amazon 112-0000001-0000001 · Qty 1 · /);
    expect(rows[1]).toMatch(/^Amazon 112-0000002-0000002 · Qty 1 · /);
    // The title is the row's strongest line, as in the Orders list.
    expect(within(list).getAllByText('Lamp')[0]?.className).toBe('title');
  });

  it('cancels in two clicks: Cancel, then a confirmation naming what it cancels, one request with its own key', async () => {
    renderWith(connector, <App />);
    const list = await recent();
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel order: Lamp' }));
    expect(connector.callsOf('order.cancel')).toEqual([]);
    // The item, its quantity and the amount, on the destructive button.
    const confirm = within(list).getByRole('button', { name: 'Cancel 1 × Lamp, $21.24' });
    expect(confirm.className).toBe('danger');
    // The next step has the focus.
    expect(document.activeElement).toBe(confirm);
    // The retailer's order number once, in the row that tells this order from others.
    expect(
      within(list).getByText('The retailer stops it before it ships, if it still can.'),
    ).toBeTruthy();
    expect(within(list).getAllByText(/112-0000001-0000001/)).toHaveLength(1);
    expect(within(list).getByText(/112-0000001-0000001/).textContent).toMatch(
      /^Amazon 112-0000001-0000001 · Qty 1 · \$21\.24 · /,
    );
    fireEvent.click(confirm);
    await within(await yours()).findByText('Sending cancellation');
    const sent = connector.callsOf('order.cancel');
    expect(sent).toEqual([
      { localId: 'one', merchantOrderId: '112-0000001-0000001', draftId: expect.any(String) },
    ]);
  });

  it('says which merchant orders one Confirm cancels, and cancels each still open', async () => {
    renderWith(connector, <App />);
    const list = await recent();
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel order: Two sellers' }));
    expect(within(list).getByText('This cancels all 2 shipments:')).toBeTruthy();
    // Each shipment by its number and its items (here the answer names none).
    expect(within(list).getByText('Amazon UK order 202-1: —')).toBeTruthy();
    expect(within(list).getByText('Amazon UK order 202-2: —')).toBeTruthy();
    // Not the whole order (one shipment is cancelled already): no amount.
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel Two sellers' }));
    await within(await yours()).findByText('Sending cancellation');
    expect(connector.callsOf('order.cancel').map((call) => call.merchantOrderId)).toEqual([
      '202-1',
      '202-2',
    ]);
  });

  it('repeats the same cancellations, under the same keys, when Confirm is pressed again after an error', async () => {
    let fail = true;
    connector.answer('order.cancel', ({ localId }) => {
      if (fail)
        throw refusal({ kind: 'unreachable', message: 'The service did not answer in time.' });
      cancellations.push(cancellation({ orderLocalId: localId }));
      return { order: view(byId(localId) ?? plainRecord()), cancellations, events: [] };
    });
    renderWith(connector, <App />);
    const list = await recent();
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel order: Lamp' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel 1 × Lamp, $21.24' }));
    await within(list).findByText('The service did not answer in time.');
    fail = false;
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel 1 × Lamp, $21.24' }));
    await within(await yours()).findByText('Sending cancellation');
    const [first, second] = connector.callsOf('order.cancel');
    expect(second?.draftId).toBe(first?.draftId);
  });

  it('keeps a cancelled order on screen, saying Cancelled, after the list drops it', async () => {
    renderWith(connector, <App />);
    let list = await recent();
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel order: Lamp' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel 1 × Lamp, $21.24' }));
    // Under way, it is no longer an order you can cancel: it moves to your cancellations.
    list = await yours();
    await within(list).findByText('Sending cancellation');
    expect(within(await recent()).queryByText('Lamp')).toBeNull();
    decide('one', { state: 'attempting_to_cancel', requestId: 'creq' });
    await within(list).findByText('Attempting to cancel');
    // Decided: the order is cancelled and no longer among the placed orders listed.
    decide(
      'one',
      { state: 'cancelled' },
      {
        state: 'cancelled',
        cancelledMerchantOrderIds: ['112-0000001-0000001'],
      },
    );
    await within(list).findByText('Cancelled');
    expect(within(list).getByText('Lamp')).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Cancel order: Lamp' })).toBeNull();
  });

  it('says a refused cancellation in words, and what the buyer can still do, with no second Cancel', async () => {
    renderWith(connector, <App />);
    let list = await recent();
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel order: Lamp' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel 1 × Lamp, $21.24' }));
    list = await yours();
    await within(list).findByText('Sending cancellation');
    decide('one', {
      state: 'failed',
      failure: {
        code: 'cancellation_failed',
        message: 'Too late.',
        title: 'The retailer could not cancel it.',
        fix: '',
      },
    });
    await within(list).findByText('Cancellation refused: The retailer could not cancel it');
    expect(within(list).queryByText(/Sending cancellation|Cancellation requested/)).toBeNull();
    expect(
      within(list).getByText(
        'The order goes ahead. Once it arrives, you can return it through Amazon.',
      ),
    ).toBeTruthy();
    // Not listed among the orders you can cancel, and no Cancel right below the refusal.
    expect(within(await recent()).queryByText('Lamp')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order: Lamp' })).toBeNull();
  });

  it('leaves an order whose cancellation was refused out of the orders you can cancel', async () => {
    cancellations = [cancellation({ state: 'failed' })];
    renderWith(connector, <App />);
    const list = await recent();
    await within(list).findByText('Two sellers');
    expect(within(list).queryByText('Lamp')).toBeNull();
  });

  it('keeps the order with Keep the order, and gives the focus back to its Cancel', async () => {
    renderWith(connector, <App />);
    const list = await recent();
    fireEvent.click(within(list).getByRole('button', { name: 'Cancel order: Lamp' }));
    fireEvent.click(within(list).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(list).getByRole('button', { name: 'Cancel order: Lamp' }),
      ),
    );
    expect(connector.callsOf('order.cancel')).toEqual([]);
  });

  it('is not on the screen when nothing can be cancelled', async () => {
    placed = [plainRecord({ retailer: 'walmart' })];
    renderWith(connector, <App />);
    await screen.findByRole('button', { name: 'Place order' });
    expect(screen.queryByRole('region', { name: 'Recent orders you can cancel' })).toBeNull();
  });
});

describe('the placed screen', () => {
  it('offers Cancel once the order is placed, and a link to its detail', async () => {
    const opened = vi.fn();
    const order = orderRecord({ localId: 'one', title: 'Lamp', request: LAMP_REQUEST });
    renderWith(
      connector,
      <PlacedOrder
        order={order}
        onShowOrders={() => undefined}
        onUndone={() => undefined}
        onOpen={opened}
      />,
    );
    // The placed screen's one Cancel says what it cancels: the order, not the dialog.
    expect(screen.getByRole('button', { name: 'Cancel order: Lamp' }).textContent).toBe(
      'Cancel order',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order: Lamp' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel 1 × Lamp, $21.24' }));
    await screen.findByText('Sending cancellation');
    expect(connector.callsOf('order.cancel')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Open order details' }));
    expect(opened).toHaveBeenCalledWith('one');
  });

  it('offers no cancellation of a placed order before it is placed, nor where the retailer takes none', async () => {
    const held = orderRecord({ state: 'processing', merchantOrderIds: [] });
    connector.answer('order.get', () => ({ order: held, cancellations: [], events: [] }));
    const { rerender } = renderWith(
      connector,
      <PlacedOrder order={held} onShowOrders={() => undefined} onUndone={() => undefined} />,
    );
    // Being placed, Cancel order asks the service to stop, and says so.
    expect(screen.queryByRole('button', { name: /^Cancel order: / })).toBeNull();
    expect(screen.getByText(/The service is placing it: cancelling asks it to stop/)).toBeTruthy();
    const walmart = orderRecord({ localId: 'w', retailer: 'walmart' });
    connector.answer('order.get', () => ({ order: walmart, cancellations: [], events: [] }));
    rerender(
      <PlacedOrder order={walmart} onShowOrders={() => undefined} onUndone={() => undefined} />,
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Placed/));
    expect(screen.queryByRole('button', { name: /^Cancel / })).toBeNull();
  });
});
