/**
 * The payload schemas of the bulk messages, for the protocol map. The one module of
 * src/shared/bulk that uses zod: the Bulk orders page imports only its types.
 */
import { z } from '../../api/zod.ts';
import { COLUMNS, ROW_CAP } from './columns.ts';

// Builders, not schemas: each message's schema is built the first time one arrives.
const batchId = () => z.uuid();
const upTo100 = () => z.string().check(z.minLength(1), z.maxLength(100));
const row = () =>
  z.strictObject({
    row: z.number().check(z.int(), z.gte(1)),
    cells: z.partialRecord(z.enum(COLUMNS), z.string().check(z.maxLength(10_000))),
    issues: z.optional(z.array(z.string().check(z.maxLength(1_000))).check(z.maxLength(20))),
  });
const order = () =>
  z.strictObject({
    key: z.optional(z.string().check(z.maxLength(200))),
    rows: z.array(row()).check(z.minLength(1), z.maxLength(ROW_CAP)),
  });
const options = () =>
  z.strictObject({
    mode: z.enum(['own', 'managed']),
    secrets: z.optional(
      z.strictObject({ credentialsId: upTo100(), paymentId: upTo100(), billingId: upTo100() }),
    ),
  });
const one = () => z.strictObject({ batchId: batchId() });

export const bulkPayloadBuilders = {
  /** The dry run of some orders of a file (the page sends a file in chunks). */
  'bulk.check': () =>
    z.strictObject({
      options: options(),
      orders: z.array(order()).check(z.minLength(1), z.maxLength(2_000)),
    }),
  /** Records the batch, then places it; `batchId` is made once per file by the page. */
  'bulk.start': () =>
    z.strictObject({
      batchId: batchId(),
      name: z.string().check(z.trim(), z.minLength(1), z.maxLength(300)),
      columns: z.array(z.enum(COLUMNS)).check(z.maxLength(COLUMNS.length)),
      options: options(),
      orders: z.array(order()).check(z.minLength(1), z.maxLength(ROW_CAP)),
    }),
  'bulk.pause': one,
  'bulk.resume': one,
  'bulk.cancelRest': one,
  'bulk.get': () =>
    z.strictObject({
      batchId: batchId(),
      offset: z.optional(z.number().check(z.int(), z.gte(0))),
      limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(1_000))),
      filter: z.optional(z.enum(['all', 'problems', 'failed', 'active'])),
    }),
  'bulk.list': () => z.strictObject({}),
  'bulk.export': one,
  /** Fix and place again: a failed order's rows, corrected, as a new order. */
  'bulk.retry': () =>
    z.strictObject({
      batchId: batchId(),
      index: z.number().check(z.int(), z.gte(0)),
      draftId: z.uuid(),
      lines: z.array(row()).check(z.minLength(1), z.maxLength(ROW_CAP)),
    }),
} as const;

/** A bulk message's payload as the page sends it (the protocol's `Payload`, without it). */
export type BulkPayload<T extends keyof typeof bulkPayloadBuilders> = z.input<
  ReturnType<(typeof bulkPayloadBuilders)[T]>
>;
