/** The background's answers to the bulk messages, whose payloads the router checked. */
import type { bulkPayloadBuilders } from '../../shared/bulk/payload-schemas.ts';
import type { CheckReply } from '../../shared/bulk/types.ts';
import type { Payload, Replies } from '../../shared/protocol.ts';
import { cancelRest, pauseBatch, resumeBatch } from './batch-controls.ts';
import { BatchNotFoundError } from './batch-records.ts';
import { pumpBatch } from './batch-runner.ts';
import { batchContext, retryOrder, startBatch } from './batch-start.ts';
import { batchView, exportBatch, listBatches } from './batch-view.ts';
import { batchProblems, checkOrder } from './check-orders.ts';

type BulkType = keyof typeof bulkPayloadBuilders;

export const bulkHandlers: {
  [T in BulkType]: (payload: Payload<T>) => Promise<Replies[T]>;
} = {
  'bulk.check': async ({ options, orders }): Promise<CheckReply> => {
    const context = await batchContext(options, true);
    return {
      // Without the request bodies, which the page never needs.
      orders: orders.map((order) => {
        const { request: _request, sources: _sources, ...shown } = checkOrder(order, context);
        return shown;
      }),
      batchProblems: batchProblems(context),
    };
  },
  'bulk.start': async (payload) => {
    const problems = await startBatch(payload);
    if (problems) return { started: false, problems };
    // The first orders are handed over at once; the scheduler's rounds carry the batch on.
    await pumpBatch(payload.batchId);
    const view = await batchView(payload.batchId);
    if (!view) throw new BatchNotFoundError();
    return { started: true, view };
  },
  'bulk.pause': ({ batchId }) => pauseBatch(batchId),
  'bulk.resume': ({ batchId }) => resumeBatch(batchId),
  'bulk.cancelRest': ({ batchId }) => cancelRest(batchId),
  'bulk.get': ({ batchId, ...page }) => batchView(batchId, page),
  'bulk.list': () => listBatches(),
  'bulk.export': ({ batchId }) => exportBatch(batchId),
  'bulk.retry': (payload) => retryOrder(payload),
};
