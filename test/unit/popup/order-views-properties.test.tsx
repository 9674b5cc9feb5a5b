// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, screen, waitFor } from '@testing-library/preact';
import fc from 'fast-check';
import { createServiceClient } from '../../../src/api/client.ts';
import type { OrderStatus } from '../../../src/api/outcomes.ts';
import type { ErrorResponse } from '../../../src/api/schemas/responses.ts';
import { OrderDetail, PlacedOrder } from '../../../src/popup/order-detail.tsx';
import { OrderRow } from '../../../src/popup/orders-list.tsx';
import { readOrderResponse } from '../../../src/shared/order-response-reader.ts';
import type { OrderView } from '../../../src/shared/protocol.ts';
import { mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { orderBody, stubFetch } from '../ui/service-bodies.ts';
import { opens, orderRecord } from './fixtures.ts';

// Arbitrary service bodies go through the client, as the background reads them, and
// the order they describe into every view that shows an order: the list row, the
// detail and the placed screen. None may throw; each shows the order, and says when
// part of the service's answer could not be read.

afterEach(cleanup);

/** The record the background keeps after a read, as far as this test needs it. */
function recordOf(status: OrderStatus | undefined, body: unknown): OrderView {
  if (!status)
    // The client refused the body: a record may still hold it from an older version.
    return { ...orderRecord({ state: 'processing' }), response: body as ErrorResponse };
  if (status.state === 'placed') {
    const prices = status.order.price_components;
    const record = orderRecord({
      state: 'placed',
      response: status.order,
      merchantOrderIds: status.order.merchant_order_ids.map((entry) => entry.merchant_order_id),
    });
    if (prices?.total === undefined) delete record.total;
    else record.total = prices.total;
    if (prices?.currency !== undefined) record.currency = prices.currency;
    return record;
  }
  if (status.state === 'failed')
    return orderRecord({
      state: 'failed',
      response: status.body,
      failure: { code: status.code, message: status.message, title: 'It failed.', fix: '' },
    });
  return { ...orderRecord({ state: 'processing' }), response: status.body };
}

async function throughClient(body: unknown): Promise<OrderView> {
  const client = createServiceClient({
    baseUrl: 'http://service.test',
    token: 'tok',
    fetch: stubFetch(200, body),
  });
  const status = await client.getOrder('req-1').catch(() => undefined);
  return recordOf(status, body);
}

const unreadableNote = /could not read part of the service’s answer/;

describe('views of an order, over arbitrary service bodies', () => {
  it('the list row shows the order and says when details were unreadable', async () => {
    await fc.assert(
      fc.asyncProperty(orderBody, async (body) => {
        const order = await throughClient(body);
        renderWith(
          mockConnector(),
          <ul>
            <OrderRow order={order} onOpen={() => undefined} />
          </ul>,
        );
        const row = screen.getByRole('button', { name: opens('Sandbox Test Item') });
        const unreadable = readOrderResponse(order.response).unreadable.length > 0;
        expect(row.textContent?.includes('some details unreadable')).toBe(unreadable);
        cleanup();
      }),
      { numRuns: 150 },
    );
  });

  it('the detail shows the order, what it could read, and names what it could not', async () => {
    await fc.assert(
      fc.asyncProperty(orderBody, async (body) => {
        const order = await throughClient(body);
        const connector = mockConnector({
          'order.get': () => ({ order, cancellations: [], events: [] }),
        });
        renderWith(connector, <OrderDetail localId={order.localId} onBack={() => undefined} />);
        await screen.findByRole('heading', { name: 'Sandbox Test Item' });
        const facts = readOrderResponse(order.response);
        for (const part of facts.unreadable)
          expect(screen.getByText(unreadableNote).textContent).toContain(part);
        if (facts.unreadable.length === 0) expect(screen.queryByText(unreadableNote)).toBeNull();
        if (facts.prices.length > 0)
          expect(
            screen.getByRole('table', { name: 'Price components' }).querySelectorAll('tr'),
          ).toHaveLength(facts.prices.length);
        cleanup();
      }),
      { numRuns: 100 },
    );
  });

  it('the placed screen shows the order’s state, and what it could not read', async () => {
    await fc.assert(
      fc.asyncProperty(orderBody, async (body) => {
        const order = await throughClient(body);
        const connector = mockConnector({
          'order.get': () => ({ order, cancellations: [], events: [] }),
        });
        renderWith(
          connector,
          <PlacedOrder order={order} onShowOrders={() => undefined} onUndone={() => undefined} />,
        );
        await waitFor(() => expect(connector.callsOf('order.get')).toHaveLength(1));
        expect(screen.getByRole('status').textContent).not.toBe('');
        const unreadable = readOrderResponse(order.response).unreadable.length > 0;
        expect(screen.queryByText(unreadableNote) !== null).toBe(unreadable);
        cleanup();
      }),
      { numRuns: 100 },
    );
  });
});
