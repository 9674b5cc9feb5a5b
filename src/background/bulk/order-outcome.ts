/**
 * What became of each order of a batch, read from the order's own record in the
 * history (the one source of truth), and the counts the progress bar shows.
 */

import { problemText } from '../../shared/bulk/sources.ts';
import type { BatchCounts, BatchOrderView } from '../../shared/bulk/types.ts';
import { t } from '../../shared/i18n.ts';
import type { OrderRecord } from '../../shared/order-record.ts';
import { orderPhase } from '../order-life/order-phase.ts';
import type { StoredRow } from './batch-records.ts';

export type Bucket = keyof BatchCounts;

/**
 * Which count an order of a batch adds to. The order's own record says it whenever
 * there is one (whatever the row was marked: a row taken back whose undo lost the race
 * with its hold's end was sent, and says so); without one, the row's mark.
 */
export function bucketOf(order: StoredRow, record: OrderRecord | undefined): Bucket {
  if (record) return orderPhase(record.state);
  if (order.status === 'waiting') return 'waiting';
  if (order.status === 'refused') return 'failed';
  // Cancelled with the rest, or handed over and then undone while held: never sent.
  return 'cancelled';
}

export function emptyCounts(): BatchCounts {
  return { waiting: 0, held: 0, sent: 0, placed: 0, failed: 0, cancelled: 0 };
}

function trackingOf(record: OrderRecord): string[] {
  const response = record.response as { tracking?: unknown } | undefined;
  const tracking = Array.isArray(response?.tracking) ? response.tracking : [];
  return tracking.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { carrier, tracking_number } = entry as { carrier?: unknown; tracking_number?: unknown };
    if (typeof tracking_number !== 'string') return [];
    return [typeof carrier === 'string' ? `${carrier} ${tracking_number}` : tracking_number];
  });
}

/** Why an order of a batch did not go through, in words. */
export function failureText(order: StoredRow, record: OrderRecord | undefined): string | undefined {
  if (order.status === 'refused')
    return (order.problems ?? []).map(problemText).join(' ') || t('bulk_refusedByCheck');
  if (!record && order.status === 'cancelled') return t('bulk_cancelledBeforeSent');
  if (!record && order.status === 'handed') return t('bulk_undoneBeforeSent');
  const failure = record?.state === 'failed' ? record.failure : undefined;
  if (!failure) return undefined;
  return `${failure.title} ${failure.fix}`.trim() || failure.code;
}

export function orderView(order: StoredRow, record: OrderRecord | undefined): BatchOrderView {
  const failure = failureText(order, record);
  return {
    index: order.index,
    ...(order.key ? { key: order.key } : {}),
    rows: order.rows,
    status: order.status,
    localId: order.localId,
    ...(order.problems && order.problems.length > 0 ? { problems: order.problems } : {}),
    ...(record ? { state: record.state } : {}),
    ...(record?.requestId ? { requestId: record.requestId } : {}),
    merchantOrderIds: record?.merchantOrderIds ?? [],
    tracking: record ? trackingOf(record) : [],
    ...(failure ? { failure } : {}),
    ...(order.retryOf !== undefined ? { retryOf: order.retryOf } : {}),
    ...(order.retriedBy !== undefined ? { retriedBy: order.retriedBy } : {}),
    lines: order.lines,
    fixable: canRetry(order, record),
  };
}

/** Whether an order failed in a way the user can fix and place again. */
export function canRetry(order: StoredRow, record: OrderRecord | undefined): boolean {
  if (order.retriedBy !== undefined) return false;
  return order.status === 'refused' || record?.state === 'failed';
}
