// @vitest-environment happy-dom

import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import {
  roughDuration,
  slowerThanUsual,
  UsualPlacingTime,
} from '../../../src/popup/order-parts.tsx';
import type { UsualPlacingTime as Reply } from '../../../src/shared/protocol.ts';
import { mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { orderRecord } from './fixtures.ts';

const SENT = Date.UTC(2026, 2, 1, 12);
const MINUTE = 60_000;
const busy = orderRecord({ state: 'processing', createdAt: SENT });
const usual = (change: Partial<Extract<Reply, { beingPlaced: true }>> = {}): Reply => ({
  beingPlaced: true,
  retailer: 'amazon',
  since: SENT,
  count: 12,
  medianMs: 2 * MINUTE,
  ...change,
});

afterEach(cleanup);

describe('how long placing usually takes, beside an order being placed', () => {
  it('says how long orders at that storefront usually take, asking for this order', async () => {
    const connector = mockConnector({ 'orders.usualPlacingTime': () => usual() });
    renderWith(connector, <UsualPlacingTime order={busy} now={SENT + 3 * MINUTE} />);
    await screen.findByText(
      'Orders at Amazon usually take about 2 minutes to place (your last 12).',
    );
    expect(screen.queryByText(/longer than usual/)).toBeNull();
    expect(connector.callsOf('orders.usualPlacingTime')).toEqual([{ localId: 'order-1' }]);
  });

  it('says this one is taking longer than usual past twice the usual time', async () => {
    const connector = mockConnector({ 'orders.usualPlacingTime': () => usual() });
    renderWith(connector, <UsualPlacingTime order={busy} now={SENT + 5 * MINUTE} />);
    await screen.findByText('This one is taking longer than usual.');
    expect(screen.getByText(/usually take about 2 minutes/).textContent).toBe(
      'Orders at Amazon usually take about 2 minutes to place (your last 12). This one is taking longer than usual.',
    );
  });

  it('shows nothing from fewer than five orders, or for an order not being placed', async () => {
    const connector = mockConnector({
      'orders.usualPlacingTime': ({ localId }) =>
        localId === 'few'
          ? { beingPlaced: true, retailer: 'walmart', since: SENT, count: 4 }
          : localId === 'held'
            ? { beingPlaced: false }
            : usual(),
    });
    // Asked in this order and answered alike: once the last shows, the first two are in.
    const view = renderWith(
      connector,
      <>
        <UsualPlacingTime order={{ localId: 'few', state: 'processing' }} now={SENT} />
        <UsualPlacingTime order={{ localId: 'held', state: 'held' }} now={SENT} />
        <UsualPlacingTime order={busy} now={SENT} />
      </>,
    );
    await screen.findByText(/your last 12/);
    expect(connector.callsOf('orders.usualPlacingTime')).toHaveLength(3);
    expect(view.container.querySelectorAll('p')).toHaveLength(1);
    expect(view.container.textContent).toBe(
      'Orders at Amazon usually take about 2 minutes to place (your last 12).',
    );
  });

  it('asks again when the order’s state changes, and drops the answer of the old state', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const connector = mockConnector({ 'orders.usualPlacingTime': () => usual() });
    const view = renderWith(connector, <UsualPlacingTime order={busy} now={SENT} />);
    await screen.findByText(/your last 12/);
    connector.answer(
      'orders.usualPlacingTime',
      () => new Promise<Reply>((resolve) => (answer = resolve)),
    );
    view.rerender(<UsualPlacingTime order={{ ...busy, state: 'unconfirmed' }} now={SENT} />);
    // Until the background answers for the new state, the old answer is not shown.
    await waitFor(() => expect(connector.callsOf('orders.usualPlacingTime')).toHaveLength(2));
    expect(view.container.textContent).toBe('');
    answer(usual({ count: 13, medianMs: 40_000 }));
    await screen.findByText(
      'Orders at Amazon usually take about 40 seconds to place (your last 13).',
    );
  });
});

describe('the durations it names', () => {
  it('are said in the unit a buyer would use', () => {
    expect(roughDuration(40_000, 'en')).toBe('40 seconds');
    expect(roughDuration(89_000, 'en')).toBe('89 seconds');
    expect(roughDuration(150_000, 'en')).toBe('3 minutes');
    expect(roughDuration(61 * MINUTE, 'en')).toBe('61 minutes');
    expect(roughDuration(3 * 60 * MINUTE, 'en')).toBe('3 hours');
    expect(roughDuration(200, 'en')).toBe('1 second');
  });

  it('call an order slow past twice the usual time and a minute more', () => {
    expect(slowerThanUsual(4 * MINUTE, 2 * MINUTE)).toBe(false);
    expect(slowerThanUsual(4 * MINUTE + 1, 2 * MINUTE)).toBe(true);
    expect(slowerThanUsual(25_000, 10_000)).toBe(false);
    expect(slowerThanUsual(75_000, 10_000)).toBe(true);
  });
});
