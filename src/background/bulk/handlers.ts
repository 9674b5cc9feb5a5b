/**
 * The background's answers to the bulk messages; the router takes them in as they are
 * (`...bulkHandlers` at the end of its map). Payloads were checked by the router.
 */
import type { CheckReply } from '../../shared/bulk/types.ts';
import type { Payload, Replies } from '../../shared/protocol.ts';
import { BatchNotFoundError, cancelRest, pauseBatch, resumeBatch } from './batch-control.ts';
import { exportBatch } from './batch-export.ts';
import { retryOrder } from './batch-retry.ts';
import { pumpBatch } from './batch-runner.ts';
import { batchContext, startBatch } from './batch-start.ts';
import { batchView, listBatches } from './batch-view.ts';
import { batchProblems, checkOrder, forPage } from './check-orders.ts';

type BulkType =
  | 'bulk.check'
  | 'bulk.start'
  | 'bulk.pause'
  | 'bulk.resume'
  | 'bulk.cancelRest'
  | 'bulk.get'
  | 'bulk.list'
  | 'bulk.export'
  | 'bulk.retry';

type BulkHandlers = { [T in BulkType]: (payload: Payload<T>) => Promise<Replies[T]> };

/** Hands the first orders over at once; the scheduler's rounds carry the batch on. */
const kick = (batchId: string) => pumpBatch(batchId);

export const bulkHandlers: BulkHandlers = {
  'bulk.check': async ({ options, orders }): Promise<CheckReply> => {
    const context = await batchContext(options, true);
    return {
      orders: orders.map((order) => forPage(checkOrder(order, context))),
      batchProblems: batchProblems(context),
    };
  },
  'bulk.start': async (payload) => {
    const reply = await startBatch(payload);
    if (reply.started) {
      await kick(payload.batchId);
      const view = await batchView(payload.batchId);
      if (view) return { started: true, view };
    }
    return reply;
  },
  'bulk.pause': ({ batchId }) => pauseBatch(batchId),
  'bulk.resume': async ({ batchId }) => {
    await resumeBatch(batchId);
    await kick(batchId);
    const view = await batchView(batchId, { limit: 1 });
    if (!view) throw new BatchNotFoundError();
    return view.batch;
  },
  'bulk.cancelRest': ({ batchId }) => cancelRest(batchId),
  'bulk.get': ({ batchId, ...page }) => batchView(batchId, page),
  'bulk.list': () => listBatches(),
  'bulk.export': ({ batchId }) => exportBatch(batchId),
  'bulk.retry': (payload) => retryOrder(payload),
};
