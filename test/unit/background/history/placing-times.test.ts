import { IDBCursor } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryStore } from '../../../../src/background/history/history-store.ts';
import { median, PLACING_SAMPLE } from '../../../../src/background/history/placing-times.ts';
import { orderRecord, type RecordOverrides } from '../fixtures.ts';
import { freshStore } from './open-store.ts';

const DAY = Date.UTC(2026, 2, 1, 9);
const MINUTE = 60_000;

let store: HistoryStore;
beforeEach(async () => {
  ({ store } = await freshStore());
});
afterEach(() => store.close());

/** An order placed here `took` ms after it went out, the `n`th of the day (an hour apart). */
function timed(n: number, took: number, change: RecordOverrides = {}) {
  const createdAt = DAY + n * 60 * MINUTE;
  return orderRecord({
    localId: `timed-${n}`,
    state: 'placed',
    createdAt,
    placedAt: createdAt + took,
    ...change,
  });
}

async function add(...records: ReturnType<typeof orderRecord>[]) {
  for (const record of records) await store.addOrder(record);
}

/** How many records a cursor steps onto while `run` runs (every open and continue). */
async function cursorSteps<T>(run: () => Promise<T>): Promise<{ result: T; steps: number }> {
  const cursor = IDBCursor.prototype as unknown as { _iterate: (...args: unknown[]) => unknown };
  const spy = vi.spyOn(cursor, '_iterate');
  try {
    return { result: await run(), steps: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

describe('how long placing usually takes at a storefront', () => {
  it('is the median of the last placed orders there, from going out to placed', async () => {
    await add(
      timed(1, 1 * MINUTE),
      timed(2, 5 * MINUTE),
      timed(3, 2 * MINUTE),
      // Held for a minute first: placing is counted from when it went out.
      timed(4, 4 * MINUTE, { sentAt: DAY + 4 * 60 * MINUTE + MINUTE }),
      timed(5, 30 * MINUTE),
      timed(6, 2.5 * MINUTE, { state: 'cancelled' }),
    );
    // 1, 5, 2, 3, 30, 2.5 minutes: the middle two are 2.5 and 3.
    expect(await store.usualPlacingTimes('amazon')).toEqual({
      count: 6,
      medianMs: 2.75 * MINUTE,
    });
  });

  it('gives no figure from fewer than five, and counts only timed orders of that storefront', async () => {
    await add(
      timed(1, MINUTE),
      timed(2, MINUTE),
      timed(3, MINUTE),
      timed(4, MINUTE),
      // Synced, failed, still processing, or at another storefront: none is timed here.
      orderRecord({ localId: 'synced', state: 'placed', source: 'sync', createdAt: DAY }),
      orderRecord({ localId: 'failed', state: 'failed', createdAt: DAY + 1 }),
      orderRecord({ localId: 'busy', state: 'processing', createdAt: DAY + 2 }),
      timed(9, MINUTE, { localId: 'walmart-1', retailer: 'walmart' }),
    );
    expect(await store.usualPlacingTimes('amazon')).toEqual({ count: 4 });
    await add(timed(5, 3 * MINUTE));
    expect(await store.usualPlacingTimes('amazon')).toEqual({ count: 5, medianMs: MINUTE });
    expect(await store.usualPlacingTimes('walmart')).toEqual({ count: 1 });
    expect(await store.usualPlacingTimes('costco')).toEqual({ count: 0 });
  });

  it('takes the last 20 placed, newest first, reading no more than those', async () => {
    // 300 old orders took an hour; the 20 newest took 2 minutes; many synced orders
    // at the same storefront are newer still and never read.
    for (let n = 0; n < 300; n++) await add(timed(n, 60 * MINUTE));
    for (let n = 300; n < 320; n++) await add(timed(n, 2 * MINUTE));
    for (let n = 0; n < 200; n++)
      await add(
        orderRecord({
          localId: `synced-${n}`,
          state: 'placed',
          source: 'sync',
          createdAt: DAY + 500 * 60 * MINUTE + n,
        }),
      );
    const { result, steps } = await cursorSteps(() => store.usualPlacingTimes('amazon'));
    expect(result).toEqual({ count: PLACING_SAMPLE, medianMs: 2 * MINUTE });
    expect(steps).toBeLessThanOrEqual(PLACING_SAMPLE);
    expect(steps).toBeGreaterThan(0);
  });

  it('leaves out a duration a clock set back made negative', async () => {
    await add(...[1, 2, 3, 4, 5].map((n) => timed(n, n * MINUTE)), timed(6, -5 * MINUTE));
    expect(await store.usualPlacingTimes('amazon')).toEqual({ count: 5, medianMs: 3 * MINUTE });
  });
});

describe('the median', () => {
  it('is the middle value, or the mean of the middle two', () => {
    expect(median([])).toBeUndefined();
    expect(median([7])).toBe(7);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 10])).toBe(3.5);
  });
});
