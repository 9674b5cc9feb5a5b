// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { OrdersWaitingForToken } from '../../../src/options/connection-section.tsx';
import { mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';

afterEach(cleanup);

describe('orders waiting for a working token, in Options', () => {
  it('says how many wait, reads again when orders change, and says nothing when none does', async () => {
    let count = 3;
    const connector = mockConnector({ 'orders.awaitingToken': () => ({ count }) });
    renderWith(connector, <OrdersWaitingForToken />);
    await screen.findByText(
      '3 orders wait for a working token. They go out as soon as one is saved.',
    );
    count = 1;
    connector.publish(['orders']);
    await screen.findByText(
      '1 order waits for a working token. It goes out as soon as one is saved.',
    );
    count = 0;
    connector.publish(['token']);
    await waitFor(() => expect(screen.queryByTestId('orders-waiting-for-token')).toBeNull());
    expect(connector.callsOf('orders.awaitingToken')).toHaveLength(3);
  });
});
