/**
 * The replies of the bulk messages, and the orders the page sends (the payloads' types
 * come from their zod schemas, payload-schemas.ts, through src/shared/protocol.ts).
 * Types only.
 */
import type { BatchOrderView, BatchView, InputRow, RowProblem } from './types.ts';

/** A row as the page sends it: its cells, and what reading it found wrong. */
export interface SentRow extends InputRow {
  issues?: string[] | undefined;
}

/** One order as the page sends it (the rows of one order_key, or one row). */
export interface SentOrder {
  key?: string | undefined;
  rows: SentRow[];
}

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
