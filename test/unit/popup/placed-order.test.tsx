// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { loadTheRest } from '../../../src/popup/later.ts';
import { PlacedOrder } from '../../../src/popup/order-detail.tsx';
import type { OrderView as Order } from '../../../src/shared/protocol.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { orderRecord } from './fixtures.ts';
import { renderOrderView } from './order-view-render.tsx';

let connector: MockConnector;
let stored: Order;
afterEach(cleanup);
beforeEach(() => {
  fakeBrowser.reset();
  stored = orderRecord({ state: 'held', holdUntil: Date.now() + 5_000 });
  connector = mockConnector({
    'order.get': () => ({ order: stored, cancellations: [], events: [] }),
    'order.undo': () => ({ undone: true, order: null }),
    'order.place': ({ draftId }) => ({
      placed: true,
      duplicate: false,
      order: { ...stored, localId: draftId },
    }),
  });
});

// What the popup loads after its first paint is loaded before a test draws it.
beforeAll(() => loadTheRest());

describe('the placed order', () => {
  it('follows the order live from held to placed, on the background’s announcements', async () => {
    renderWith(
      connector,
      <PlacedOrder order={stored} onShowOrders={() => undefined} onUndone={() => undefined} />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Held/);
    expect(
      screen.getByText(/^Not sent yet: it goes out in about 5 s\. Cancelling now sends nothing\.$/),
    ).toBeTruthy();
    stored = orderRecord({ state: 'placed' });
    connector.publish(['orders'], [stored.localId]);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Placed · $21.24 · 112-0000001-0000001'),
    );
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows a failure with what to change', async () => {
    stored = orderRecord({
      state: 'failed',
      failure: {
        code: 'max_price_exceeded',
        message: 'too expensive',
        title: 'The price went above your maximum.',
        fix: 'Raise the maximum price.',
      },
    });
    renderWith(
      connector,
      <PlacedOrder order={stored} onShowOrders={() => undefined} onUndone={() => undefined} />,
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'FailedThe price went above your maximum. Raise the maximum price.',
      ),
    );
  });

  it('undoes a held order: nothing is sent, and the same form comes back as a new order', async () => {
    renderOrderView(connector);
    const max = (await screen.findByLabelText('Maximum price (USD)')) as HTMLInputElement;
    fireEvent.input(max, { target: { value: '25.00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await screen.findByText('Cancelled: nothing was sent.');
    const [placed] = connector.callsOf('order.place');
    expect(connector.callsOf('order.undo')).toEqual([{ localId: placed?.draftId }]);
    expect((screen.getByLabelText('Maximum price (USD)') as HTMLInputElement).value).toBe('25.00');
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(connector.callsOf('order.place')).toHaveLength(2));
    expect(connector.callsOf('order.place')[1]?.draftId).not.toBe(placed?.draftId);
  });

  it('keeps the order when it was sent before the undo arrived', async () => {
    const sent = orderRecord({ state: 'sending' });
    connector.answer('order.undo', () => ({ undone: false, order: sent }));
    const undone = vi.fn();
    renderWith(
      connector,
      <PlacedOrder order={stored} onShowOrders={() => undefined} onUndone={undone} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sending'));
    expect(undone).not.toHaveBeenCalled();
  });
});
