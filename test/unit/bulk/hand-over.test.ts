import { IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { historyDb } from '../../../src/background/bulk/batch-records.ts';
import { pumpBatch } from '../../../src/background/bulk/batch-runner.ts';
import { history } from '../../../src/background/history/connection.ts';
import type { StoredBatch, StoredRow } from '../../../src/background/history/stored-batches.ts';
import { MANAGED_ORDER } from '../../fixtures.ts';
import { resetExtension } from '../background/extension-env.ts';

// Handing a row over writes the new order, the row's state and the batch's cursor in
// one transaction. A worker stopped inside it (the transaction aborted) or any write of
// it failing leaves none of them: never an order whose row still waits (which a second
// hand-over would find again, but a page would show wrongly), nor a row marked handed
// over without its order (which would never be sent).

const AT = Date.UTC(2026, 0, 5, 9);
const BATCH_ID = 'b6f4e0de-4c2b-4d8e-9d39-1f0c5a7b2e11';
const LOCAL_ID = '0f5b8e3c-6a1d-4f2e-8b7c-3d9e1a2b4c5d';

function batch(): StoredBatch {
  return {
    id: BATCH_ID,
    name: 'orders.csv',
    createdAt: AT,
    updatedAt: AT,
    state: 'running',
    mode: 'managed',
    columns: ['retailer', 'product_id'],
    orderCount: 1,
    rowCount: 1,
    nextIndex: 0,
    concurrency: 10,
  };
}

function row(): StoredRow {
  return {
    batchId: BATCH_ID,
    index: 0,
    rows: [2],
    lines: [{ row: 2, cells: { retailer: 'amazon', product_id: 'B0PLACES01' } }],
    localId: LOCAL_ID,
    status: 'waiting',
    request: { ...MANAGED_ORDER },
  };
}

async function recorded() {
  const db = await historyDb();
  return {
    order: await (await history()).getOrder(LOCAL_ID),
    row: await db.get('batchRows', [BATCH_ID, 0]),
    batch: await db.get('batches', BATCH_ID),
  };
}

/** Makes the next write to `store` fail the way `how` says; the real write otherwise. */
function failWrite(store: string, method: 'put' | 'add', how: 'stop' | 'throw') {
  const real = IDBObjectStore.prototype[method];
  return vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<typeof real>
  ) {
    if (this.name !== store) return real.apply(this, args);
    // The worker stopped here: the browser ends the transaction unfinished.
    if (how === 'stop') this.transaction.abort();
    else throw new DOMException('injected failure', 'DataCloneError');
    return real.apply(this, args);
  });
}

describe('handing a row over', () => {
  beforeEach(async () => {
    await resetExtension();
    vi.spyOn(Date, 'now').mockReturnValue(AT);
    const db = await historyDb();
    await db.put('batches', batch());
    await db.put('batchRows', row());
  });
  afterEach(() => vi.restoreAllMocks());

  it('writes the order, the row handed over and the cursor together', async () => {
    await pumpBatch(BATCH_ID, AT);
    const { order, row: handed, batch: moved } = await recorded();
    expect(order?.batchId).toBe(BATCH_ID);
    expect(handed?.status).toBe('handed');
    expect(moved?.nextIndex).toBe(1);
  });

  for (const [store, method, how] of [
    ['batches', 'put', 'stop'],
    ['batches', 'put', 'throw'],
    ['batchRows', 'put', 'stop'],
    ['events', 'add', 'throw'],
  ] as const) {
    it(`leaves neither the order nor the row's state when the ${store} write ${how === 'stop' ? 'is cut by a stop' : 'fails'}`, async () => {
      const injected = failWrite(store, method, how);
      await expect(pumpBatch(BATCH_ID, AT)).rejects.toThrow();
      injected.mockRestore();
      const after = await recorded();
      expect(after.order).toBeUndefined();
      expect(after.row?.status).toBe('waiting');
      expect(after.batch?.nextIndex).toBe(0);

      // The next step hands the same row over, once, under the same draft id.
      await pumpBatch(BATCH_ID, AT);
      const again = await recorded();
      expect(again.order?.localId).toBe(LOCAL_ID);
      expect(again.row?.status).toBe('handed');
      expect(again.batch?.nextIndex).toBe(1);
      expect(await (await history()).countBatchOrders(BATCH_ID, ['held', 'sending'])).toBe(1);
    });
  }
});
