/**
 * The payload schemas of the bulk messages, which the protocol map takes in as they
 * are. The one module of src/shared/bulk that uses zod: only the background's router
 * runs it (through src/shared/protocol.ts); the Bulk orders page never imports it.
 */
import { z } from '../../api/zod.ts';
import { COLUMNS, ROW_CAP } from './columns.ts';

const batchId = z.uuid();
const row = z.strictObject({
  row: z.number().int().min(1),
  cells: z.partialRecord(z.enum(COLUMNS), z.string().max(10_000)),
  issues: z.array(z.string().max(1_000)).max(20).optional(),
});
const order = z.strictObject({
  key: z.string().max(200).optional(),
  rows: z.array(row).min(1).max(ROW_CAP),
});
const options = z.strictObject({
  mode: z.enum(['own', 'managed']),
  secrets: z
    .strictObject({
      credentialsId: z.string().min(1).max(100),
      paymentId: z.string().min(1).max(100),
      billingId: z.string().min(1).max(100),
    })
    .optional(),
});
const one = z.strictObject({ batchId });

export const bulkPayloadSchemas = {
  /** The dry run of some orders of a file (the page sends a file in chunks). */
  'bulk.check': z.strictObject({ options, orders: z.array(order).min(1).max(2_000) }),
  /** Records the batch, then places it; `batchId` is made once per file by the page. */
  'bulk.start': z.strictObject({
    batchId,
    name: z.string().trim().min(1).max(300),
    columns: z.array(z.enum(COLUMNS)).max(COLUMNS.length),
    options,
    orders: z.array(order).min(1).max(ROW_CAP),
  }),
  'bulk.pause': one,
  'bulk.resume': one,
  /** Orders not yet handed to placement are never sent; the others go on. */
  'bulk.cancelRest': one,
  'bulk.get': z.strictObject({
    batchId,
    offset: z.number().int().min(0).optional(),
    limit: z.number().int().min(1).max(1_000).optional(),
    filter: z.enum(['all', 'problems', 'failed', 'active']).optional(),
  }),
  'bulk.list': z.strictObject({}),
  /** The results as CSV: each input row with its outcome. */
  'bulk.export': one,
  /** Fix and place again: a failed order's rows, corrected, as a new order. */
  'bulk.retry': z.strictObject({
    batchId,
    index: z.number().int().min(0),
    draftId: z.uuid(),
    lines: z.array(row).min(1).max(ROW_CAP),
  }),
} as const;
