/** The replies of the bulk messages, and the orders the page sends (from their schemas). */
import type { BulkPayload } from './payload-schemas.ts';
import type { BatchOrderView, BatchView, RowProblem } from './types.ts';

/** One order as the page sends it (the rows of one order_key, or one row). */
export type SentOrder = BulkPayload<'bulk.check'>['orders'][number];

/** A row as the page sends it: its cells, and what reading it found wrong. */
export type SentRow = SentOrder['rows'][number];

export type StartReply =
  | { started: true; view: BatchView }
  | { started: false; problems: string[] };

export type RetryReply =
  | { placed: true; order: BatchOrderView }
  | { placed: false; problems: RowProblem[] };

export interface ExportReply {
  filename: string;
  mime: string;
  content: string;
}
