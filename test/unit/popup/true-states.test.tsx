// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, screen, waitFor } from '@testing-library/preact';
import { OrderDetail, PlacedOrder } from '../../../src/popup/order-detail.tsx';
import { orderStateLabel, reasonOf } from '../../../src/popup/order-parts.tsx';
import { OrdersList } from '../../../src/popup/orders-list.tsx';
import { ORDER_STATES, type OrderRecord } from '../../../src/shared/order-record.ts';
import type { OrderView } from '../../../src/shared/protocol.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { opens, orderRecord } from './fixtures.ts';

// Every state as the buyer reads it: its own words and its own colour class, the reason
// of a failure on its list line, "check the retailer" for an order that may exist after
// all, and a failure seen on screen no longer counted on the toolbar badge.

let connector: MockConnector;
let stored: OrderView[];
afterEach(cleanup);
beforeEach(() => {
  stored = [];
  connector = mockConnector({
    'orders.search': () => ({ orders: stored }),
    'orders.seen': ({ localIds }) => ({ seen: localIds.length }),
  });
});

const probablyPlaced = (change: Partial<OrderRecord> = {}) =>
  orderRecord({
    localId: 'check',
    title: 'Maybe placed',
    state: 'failed',
    seenAt: 0,
    failure: {
      code: 'order_probably_placed',
      message: 'The order was probably placed.',
      title: 'The order was probably placed.',
      fix: 'Check your orders on the retailer’s site before placing it again.',
      needsCheck: true,
    },
    ...change,
  });

const tooExpensive = (change: Partial<OrderRecord> = {}) =>
  orderRecord({
    localId: 'expensive',
    title: 'Too dear',
    state: 'failed',
    seenAt: 0,
    failure: {
      code: 'max_price_exceeded',
      message: 'too expensive',
      title: 'The price went above your maximum.',
      fix: 'Raise the maximum price.',
    },
    ...change,
  });

const row = (title: string) => screen.getByRole('button', { name: opens(title) });
const badgeOf = (title: string) => row(title).querySelector('.badge') as HTMLElement;

describe('the states of orders', () => {
  it('each reads in words of its own, never only in a colour', () => {
    const words = [...ORDER_STATES, 'check'].map(orderStateLabel);
    expect(new Set(words).size).toBe(words.length);
    expect(orderStateLabel('check')).toBe('Check the retailer');
    expect(orderStateLabel('partly_cancelled')).toBe('Partly cancelled');
    // A state this version does not know is shown as it came.
    expect(orderStateLabel('teleported')).toBe('teleported');
  });

  it('list cancelled, partly cancelled, failed and “check the retailer” apart, with the reason', async () => {
    stored = [
      orderRecord({ localId: 'a', title: 'Gone', state: 'cancelled' }),
      orderRecord({ localId: 'b', title: 'Half', state: 'partly_cancelled' }),
      orderRecord({ localId: 'c', title: 'Fine', state: 'placed' }),
      tooExpensive(),
      probablyPlaced(),
    ];
    renderWith(connector, <OrdersList onOpen={() => undefined} />);
    await screen.findByRole('button', { name: opens('Maybe placed') });
    expect(badgeOf('Gone').textContent).toBe('Cancelled');
    expect(badgeOf('Half').textContent).toBe('Partly cancelled');
    expect(badgeOf('Fine').textContent).toBe('Placed');
    expect(badgeOf('Too dear').textContent).toBe('Failed');
    expect(badgeOf('Maybe placed').textContent).toBe('Check the retailer');
    // Each state has its own colour class (base.css), beside its own words.
    const classes = ['Gone', 'Half', 'Fine', 'Too dear', 'Maybe placed'].map(
      (title) => badgeOf(title).className,
    );
    expect(new Set(classes).size).toBe(5);
    // A failure's reason, in a few words, on its line; read with the line's name.
    expect(row('Too dear').textContent).toContain('The price went above your maximum.');
    // An order to check says so once, in its badge: no reason saying it again.
    expect(row('Maybe placed').textContent).not.toContain('The order was probably placed.');
    expect(
      screen.getByRole('button', {
        name: /^Open order Too dear Failed Amazon .* · The price went above your maximum\.$/,
      }),
    ).toBeTruthy();
    // The list does not mark failures seen: opening one does.
    expect(connector.callsOf('orders.seen')).toEqual([]);
  });

  it('says “check the retailer” on an order that may exist, and offers no order again', async () => {
    const retry = vi.fn();
    renderWith(
      connector,
      <PlacedOrder
        order={probablyPlaced()}
        onShowOrders={() => undefined}
        onUndone={() => undefined}
        onRetry={retry}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toMatch(/^Check the retailer/);
    expect(status.className).toContain('s-check');
    expect(screen.queryByRole('button', { name: 'Order again' })).toBeNull();
  });

  it('marks a failure seen once it is on screen, so the badge stops counting it', async () => {
    let order = tooExpensive();
    connector.answer('order.get', () => ({ order, cancellations: [], events: [] }));
    renderWith(connector, <OrderDetail localId="expensive" onBack={() => undefined} />);
    await waitFor(() =>
      expect(connector.callsOf('orders.seen')).toEqual([{ localIds: ['expensive'] }]),
    );
    // Once seen, it is not asked again when the order is read again.
    order = tooExpensive({ seenAt: 1 });
    connector.publish(['orders'], ['expensive']);
    await waitFor(() => expect(connector.callsOf('order.get')).toHaveLength(2));
    expect(connector.callsOf('orders.seen')).toHaveLength(1);
  });

  it('does not mark an order seen that has nothing to see', async () => {
    connector.answer('order.get', () => ({
      order: tooExpensive({ seenAt: 5 }),
      cancellations: [],
      events: [],
    }));
    renderWith(connector, <OrderDetail localId="expensive" onBack={() => undefined} />);
    await screen.findByRole('status');
    expect(connector.callsOf('orders.seen')).toEqual([]);
  });

  it('says an unknown code’s message with one full stop', () => {
    const failure = {
      code: 'gremlins',
      message: 'Gremlins ate it.',
      title: 'The service answered gremlins: Gremlins ate it..',
      fix: 'Contact support.',
    };
    expect(reasonOf(failure)).toBe('The service answered gremlins: Gremlins ate it.');
    expect(reasonOf({ ...failure, title: 'The card was declined.' })).toBe(
      'The card was declined.',
    );
  });
});
