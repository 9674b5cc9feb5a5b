import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { history } from '../../../src/background/history/connection.ts';
import { route } from '../../../src/background/pages/router.ts';
import { OWN_PAGE, resetExtension } from './extension-env.ts';
import { orderRecord } from './fixtures.ts';
import { connectTo, type SeenRequest, startTestSandbox } from './sandbox-env.ts';

// An order known without its request id (found in the service's list before its id was
// known, or imported from it) cannot be aborted or cancelled through the service: the
// background refuses with a sentence and sends nothing (never `/v1/orders/undefined/…`).

const seen: SeenRequest[] = [];
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox(150, seen);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await resetExtension();
  await connectTo(sandbox);
  seen.length = 0;
});
afterEach(() => resetExtension());

async function refusal(type: string, payload: unknown): Promise<string | undefined> {
  const reply = (await route({ buyline: 1, type, payload }, OWN_PAGE)) as {
    ok: boolean;
    error?: { message: string };
  };
  expect(reply.ok, type).toBe(false);
  return reply.error?.message;
}

describe('an order without a request id', () => {
  it('is never aborted: refused in words, nothing sent', async () => {
    await (await history()).addOrder(
      orderRecord({ localId: 'found-1', state: 'processing', requestId: undefined }),
      'test',
    );
    expect(await refusal('order.abort', { localId: 'found-1' })).toBe(
      'The service never gave Buyline its reference for this order, so it cannot be stopped from here; check it in your retailer account.',
    );
    expect(seen).toEqual([]);
  });

  it('is never cancelled: refused in words, nothing sent', async () => {
    await (await history()).addOrder(
      orderRecord({
        localId: 'sync-mo-M-1',
        state: 'placed',
        requestId: undefined,
        merchantOrderIds: ['M-1'],
        source: 'sync',
      }),
      'test',
    );
    expect(
      await refusal('order.cancel', {
        localId: 'sync-mo-M-1',
        merchantOrderId: 'M-1',
        draftId: crypto.randomUUID(),
      }),
    ).toBe(
      'The service never gave Buyline its reference for this order, so it cannot be cancelled from here; cancel it in your retailer account.',
    );
    expect(seen).toEqual([]);
    expect(await (await history()).cancellationsOf('sync-mo-M-1')).toEqual([]);
  });
});
