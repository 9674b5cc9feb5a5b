import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import type { RunningSandbox } from '../../../sandbox/index.ts';
import { route } from '../../../src/background/pages/router.ts';
import type { UsualPlacingTime } from '../../../src/shared/protocol.ts';
import { MANAGED_ORDER } from '../../fixtures.ts';
import { OWN_PAGE, resetExtension } from './extension-env.ts';
import {
  connectTo,
  runUntil,
  startTestSandbox,
  useFakeClock,
  useRealClock,
} from './sandbox-env.ts';

/** The sandbox takes this long (of fake time) to place each order. */
const PROCESSING_MS = 20_000;

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox(PROCESSING_MS);
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await resetExtension();
  await connectTo(sandbox);
  useFakeClock();
});
afterEach(async () => {
  await resetExtension();
  useRealClock();
});

/** A managed order of the product that always places. */
const REQUEST = MANAGED_ORDER;

async function ask<T>(type: string, payload: unknown): Promise<T> {
  const reply = (await route({ buyline: 1, type, payload }, OWN_PAGE)) as {
    ok: boolean;
    data?: T;
    error?: { message: string };
  };
  if (!reply.ok) throw new Error(reply.error?.message);
  return reply.data as T;
}

async function place(): Promise<string> {
  const draftId = crypto.randomUUID();
  const result = await ask<{ placed: boolean }>('order.place', { draftId, request: REQUEST });
  expect(result.placed).toBe(true);
  return draftId;
}

const usual = (localId: string) => ask<UsualPlacingTime>('orders.usualPlacingTime', { localId });

describe('how long placing usually takes, through the sandbox', () => {
  it('is told beside the sixth order from the five placed before it', async () => {
    for (let n = 0; n < 5; n++) {
      const localId = await place();
      const placed = await runUntil(localId, (order) => order.state === 'placed');
      expect(placed.placedAt).toBeDefined();
    }
    const sixth = await place();
    const busy = await runUntil(sixth, (order) => order.state === 'processing');
    const answer = await usual(sixth);
    expect(answer).toMatchObject({
      beingPlaced: true,
      retailer: 'amazon',
      since: busy.createdAt,
      count: 5,
    });
    // Placed after the sandbox's 20 s, seen at the next read of the fast cadence.
    const medianMs = answer.beingPlaced ? answer.medianMs : undefined;
    expect(medianMs).toBeGreaterThanOrEqual(PROCESSING_MS);
    expect(medianMs).toBeLessThan(PROCESSING_MS + 5_000);
    await runUntil(sixth, (order) => order.state === 'placed');
    expect(await usual(sixth)).toEqual({ beingPlaced: false });
  });
});
