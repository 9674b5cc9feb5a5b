// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));
const readTabProduct = vi.hoisted(() => vi.fn());
const activeTab = vi.hoisted(() => vi.fn());
vi.mock('../../../src/popup/tab-product.ts', () => ({ readTabProduct, activeTab }));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { App } from '../../../src/popup/app.tsx';
import { loadTheRest } from '../../../src/popup/later.ts';
import { OrdersList } from '../../../src/popup/orders-list.tsx';
import type { OrderView } from '../../../src/shared/protocol.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { amazonTab, LOCKED_VAULT, opens, orderRecord, settingsWithHome } from './fixtures.ts';

// Words a person reads (names, not codes), the way to bulk orders, the batch filter,
// and "Order again" from an order's detail.

let connector: MockConnector;
let orders: OrderView[];
afterEach(cleanup);
beforeEach(() => {
  fakeBrowser.reset();
  location.hash = '';
  readTabProduct.mockReset().mockResolvedValue(amazonTab());
  activeTab.mockReset().mockResolvedValue({ url: amazonTab().url, product: amazonTab().product });
  orders = [];
  connector = mockConnector({
    'settings.get': () => settingsWithHome(),
    'token.status': () => ({ set: true }),
    'vault.status': () => LOCKED_VAULT,
    'orders.search': () => ({ orders }),
    'orders.seen': () => ({ seen: 1 }),
  });
});

// What the popup loads after its first paint is loaded before a test draws it.
beforeAll(() => loadTheRest());

describe('words a person reads', () => {
  it('names retailers and shipping methods, not their codes', async () => {
    orders = [orderRecord({ retailer: 'amazon_uk', currency: 'GBP', total: 1000 })];
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    const row = await screen.findByRole('button', { name: opens('Sandbox Test Item') });
    expect(row.textContent).toContain('Amazon UK 112-0000001-0000001 · £10.00');
    const retailers = [...(screen.getByLabelText('Retailer') as HTMLSelectElement).options].map(
      (option) => option.textContent,
    );
    expect(retailers).toContain('Amazon UK');
    expect(retailers).toContain('The Home Depot');
    expect(retailers.join()).not.toMatch(/_/);
  });

  it('labels the shipping methods in words', async () => {
    renderWith(connector, <App />);
    const method = (await screen.findByLabelText('Shipping method')) as HTMLSelectElement;
    expect([...method.options].map((option) => option.textContent)).toEqual([
      'Cheapest',
      'Fastest',
      'Marketplace day delivery',
      'Free',
    ]);
  });
});

describe('bulk orders', () => {
  it('opens the bulk orders page in a tab', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({} as never);
    renderWith(connector, <App />);
    fireEvent.click(screen.getByRole('button', { name: 'Bulk orders' }));
    expect(create).toHaveBeenCalledWith({
      url: fakeBrowser.runtime.getURL('src/bulk/index.html'),
    });
  });

  it('filters the orders list by batch when orders came from one', async () => {
    orders = [
      orderRecord({ localId: 'a', title: 'From a batch', batchId: 'batch-1' }),
      orderRecord({ localId: 'b', title: 'By hand' }),
    ];
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    const batch = (await screen.findByLabelText('Batch')) as HTMLSelectElement;
    expect([...batch.options].map((option) => option.value)).toEqual(['', 'batch-1']);
    expect(batch.options[1]?.textContent).toMatch(/^Batch of /);
    fireEvent.change(batch, { target: { value: 'batch-1' } });
    await waitFor(() =>
      expect(connector.callsOf('orders.search').at(-1)).toEqual({ limit: 25, batchId: 'batch-1' }),
    );
  });

  it('has no batch filter when no order came from a batch', async () => {
    orders = [orderRecord()];
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    await screen.findByRole('button', { name: opens('Sandbox Test Item') });
    expect(screen.queryByLabelText('Batch')).toBeNull();
  });
});

describe('order again from the history', () => {
  it('opens the order form with the failed order’s products and maximum, the field to change marked', async () => {
    const failed = orderRecord({
      localId: 'failed-1',
      state: 'failed',
      title: 'Pricey Item',
      productIds: ['B0PRICEY01'],
      request: {
        retailer: 'amazon',
        products: [{ product_id: 'B0PRICEY01', quantity: 2 }],
        max_price: 500,
        shipping_method: 'fastest',
        addax: true,
      },
      failure: {
        code: 'max_price_exceeded',
        message: 'above max_price',
        title: 'The price went above your maximum.',
        fix: 'Raise the maximum price.',
      },
    });
    location.hash = '#order=failed-1';
    connector.answer('order.get', () => ({ order: failed, cancellations: [], events: [] }));
    connector.answer('order.place', ({ draftId }) => ({
      placed: true,
      duplicate: false,
      order: orderRecord({ localId: draftId, state: 'processing' }),
    }));
    renderWith(connector, <App />);
    fireEvent.click(await screen.findByRole('button', { name: 'Order again' }));
    const max = (await screen.findByLabelText('Maximum price (USD)')) as HTMLInputElement;
    expect(max.value).toBe('5.00');
    await waitFor(() => expect(document.activeElement).toBe(max));
    expect(max.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Pricey Item' })).toBeTruthy();
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('2');
    fireEvent.input(max, { target: { value: '60.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('region', { name: 'Placed order' });
    const [sent] = connector.callsOf('order.place');
    expect(sent?.draftId).not.toBe('failed-1');
    expect(sent?.request).toMatchObject({
      products: [{ product_id: 'B0PRICEY01', quantity: 2 }],
      max_price: 6000,
      shipping_method: 'fastest',
      addax: true,
    });
  });
});
