/**
 * The payloads and replies of the bulk messages (their zod payload schemas are in
 * src/shared/protocol.ts, with every other message's). Types only.
 */
import type { Column } from './columns.ts';
import type {
  BatchFilter,
  BatchOrderView,
  BatchView,
  BulkOptions,
  InputRow,
  RowProblem,
} from './types.ts';

/** A row as the page sends it: its cells, and what reading it found wrong. */
export interface SentRow extends InputRow {
  issues?: string[];
}

export interface SentOrder {
  key?: string;
  rows: SentRow[];
}

export interface CheckRequest {
  options: BulkOptions;
  orders: SentOrder[];
}

export interface StartRequest {
  /** Made once per file by the page: a second start of the same batch is the same batch. */
  batchId: string;
  name: string;
  columns: Column[];
  options: BulkOptions;
  orders: SentOrder[];
}

export type StartReply =
  | { started: true; view: BatchView }
  | { started: false; problems: string[] };

export interface GetRequest {
  batchId: string;
  offset?: number;
  limit?: number;
  filter?: BatchFilter;
}

export interface RetryRequest {
  batchId: string;
  /** The failed order to fix. */
  index: number;
  /** Made once per fix: a second submit of the same fix is the same order. */
  draftId: string;
  lines: InputRow[];
}

export type RetryReply =
  | { placed: true; order: BatchOrderView }
  | { placed: false; problems: RowProblem[] };

export interface ExportReply {
  filename: string;
  mime: string;
  content: string;
}
