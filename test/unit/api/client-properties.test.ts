import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/api/client.ts';
import { ServiceApiError } from '../../../src/api/errors.ts';
import {
  cancellationBody,
  httpStatus,
  listBody,
  orderBody,
  stubFetch,
} from '../ui/service-bodies.ts';

// Whatever a service sends (missing, extra, wrong-typed fields, unknown codes, other
// statuses), the client answers with a typed outcome or one of its own errors: never
// a TypeError from reading a field that was not there.

const clientFor = (status: number, body: unknown) =>
  createServiceClient({
    baseUrl: 'http://service.test',
    token: 'tok',
    timeoutMs: 1_000,
    fetch: stubFetch(status, body),
  });

/** The outcome, or the error, which must be the client's own. */
async function settle<T>(call: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  try {
    return { value: await call };
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceApiError);
    expect((error as ServiceApiError).userMessage).toEqual(expect.any(String));
    return { error };
  }
}

describe('the client over arbitrary service bodies', () => {
  it('reads an order’s status into a typed outcome, or refuses it with its own error', async () => {
    await fc.assert(
      fc.asyncProperty(httpStatus, orderBody, async (status, body) => {
        const { value } = await settle(clientFor(status, body).getOrder('req-1'));
        if (!value) return;
        expect(['processing', 'placed', 'failed']).toContain(value.state);
        if (value.state === 'placed') {
          const { order } = value;
          expect(Array.isArray(order.merchant_order_ids)).toBe(true);
          for (const entry of order.merchant_order_ids)
            expect(typeof entry.merchant_order_id).toBe('string');
          expect(Array.isArray(order.tracking)).toBe(true);
          const total = order.price_components?.total;
          expect(total === undefined || typeof total === 'number').toBe(true);
        }
        if (value.state === 'failed') {
          expect(typeof value.code).toBe('string');
          expect(typeof value.message).toBe('string');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads a list element by element, and says which it could not read', async () => {
    await fc.assert(
      fc.asyncProperty(listBody, async (body) => {
        const { value } = await settle(clientFor(200, body).listOrders({ limit: 10 }));
        if (!value) return;
        expect(Array.isArray(body)).toBe(true);
        expect(value).toHaveLength((body as unknown[]).length);
        for (const entry of value as { readable: boolean; problem?: unknown }[])
          if (!entry.readable) expect(entry.problem).toEqual(expect.any(String));
      }),
      { numRuns: 200 },
    );
  });

  it('reads a cancellation’s status into a typed outcome, or refuses it with its own error', async () => {
    await fc.assert(
      fc.asyncProperty(httpStatus, cancellationBody, async (status, body) => {
        const { value } = await settle(clientFor(status, body).getCancellation('can-1'));
        if (!value) return;
        expect(['processing', 'attempting_to_cancel', 'cancelled', 'failed']).toContain(
          value.state,
        );
      }),
      { numRuns: 200 },
    );
  });
});
