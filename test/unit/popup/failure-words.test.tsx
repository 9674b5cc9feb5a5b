// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from '@webext-core/fake-browser';
import { explainErrorCode } from '../../../src/api/error-messages.ts';
import { OrderDetail } from '../../../src/popup/order-detail.tsx';
import type { OrderView } from '../../../src/shared/protocol.ts';
import { type MockConnector, mockConnector } from '../ui/mock-connector.ts';
import { renderWith } from '../ui/render.tsx';
import { orderRecord } from './fixtures.ts';

// A failed order is told in plain words: the service's code is for support, and shows
// only under "Show raw response".

let connector: MockConnector;
let stored: OrderView;
afterEach(cleanup);
beforeEach(() => {
  fakeBrowser.reset();
  connector = mockConnector({
    'order.get': () => ({ order: stored, cancellations: [], events: [] }),
  });
});

function failedWith(code: string, message: string): OrderView {
  const { title, fix } = explainErrorCode(code, message);
  return orderRecord({
    state: 'failed',
    failure: { code, message, title, fix },
    response: { _type: 'error', code, message, data: null },
  });
}

/**
 * The status of a failed order: "Failed" for a reason Buyline explains, "Check the
 * retailer" for one it does not know (nothing says the order was not placed).
 */
async function statusOf(order: OrderView, headline = /^Failed/): Promise<string> {
  stored = order;
  renderWith(connector, <OrderDetail localId={order.localId} onBack={() => undefined} />);
  const status = await screen.findByRole('status');
  await waitFor(() => expect(status.textContent).toMatch(headline));
  return status.textContent ?? '';
}

const UNKNOWN = /^Check the retailer/;

describe('a failed order’s words', () => {
  it.each([['max_price_exceeded'], ['order_probably_placed']])(
    'say %s in a sentence, with no code and no code font',
    async (code) => {
      const text = await statusOf(failedWith(code, 'the service’s words'));
      expect(text).toContain(explainErrorCode(code).title.replace(/\.$/, ''));
      expect(document.body.textContent).not.toContain(code);
      expect(document.querySelector('.status code')).toBeNull();
    },
  );

  it('say an unknown code’s message once, the code not at all', async () => {
    const text = await statusOf(failedWith('quantum_flux', 'The flux was off.'), UNKNOWN);
    expect(text).toContain(
      'The service gave a reason Buyline does not know: The flux was off. Check the order on the retailer’s site, or send its raw response (in the order’s details) to the service’s support.',
    );
    expect(text.split('The flux was off').length).toBe(2);
    expect(document.body.textContent).not.toContain('quantum_flux');
  });

  it('say an unknown code with no message of the service’s own in one sentence', async () => {
    const text = await statusOf(failedWith('quantum_flux', ''), UNKNOWN);
    expect(text).toContain('The service gave a reason Buyline does not know. Check the order');
    expect(text).not.toContain('quantum_flux');
  });

  it('keep the code under "Show raw response"', async () => {
    await statusOf(failedWith('quantum_flux', 'The flux was off.'), UNKNOWN);
    fireEvent.click(screen.getByRole('button', { name: 'Show raw response' }));
    expect(document.querySelector('pre.raw')?.textContent).toContain('"code": "quantum_flux"');
  });
});
