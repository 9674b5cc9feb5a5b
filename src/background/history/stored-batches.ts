/**
 * What the history database keeps of a bulk batch and of each of its orders
 * (history/db.ts), beside the orders the rows become. Bulk (src/background/bulk) reads
 * and writes them; the database only needs to know their shape.
 */
import type { Column } from '../../shared/bulk/columns.ts';
import type { Sources } from '../../shared/bulk/sources.ts';
import type { BatchOrderView, BatchSummary, SecretChoice } from '../../shared/bulk/types.ts';

export interface StoredBatch
  extends Pick<
    BatchSummary,
    'id' | 'name' | 'createdAt' | 'updatedAt' | 'state' | 'pauseReason' | 'mode'
  > {
  /** Vault item ids (never the secrets) for own-account batches. */
  secrets?: SecretChoice;
  /** The file's columns, in its order, for the results export. */
  columns: Column[];
  orderCount: number;
  rowCount: number;
  /** Orders below this index were all handed over, refused or cancelled. */
  nextIndex: number;
  /** At most this many orders of the batch wait to be accepted at once. */
  concurrency: number;
  /** `orderCount` when its end was told: told again only once a fixed order joined it. */
  finishNoted?: number;
}

/** One order of a batch; its local id (placement's draft id) is fixed when it is recorded. */
export interface StoredRow
  extends Pick<
    BatchOrderView,
    'index' | 'key' | 'rows' | 'lines' | 'localId' | 'status' | 'problems' | 'retryOf' | 'retriedBy'
  > {
  batchId: string;
  /** The order's draft, without secrets (placement builds and checks the request). */
  request?: Record<string, unknown>;
  sources?: Sources;
}
