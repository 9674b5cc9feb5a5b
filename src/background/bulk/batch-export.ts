/**
 * The results of a batch as CSV, for the user's store: every input row as it was
 * read, then what became of its order. Rows of an order that was fixed and placed
 * again show the new order (with the fixed cells).
 */

import { csvText } from '../../shared/bulk/csv-write.ts';
import type { ExportReply } from '../../shared/bulk/messages.ts';
import { clock } from '../clock.ts';
import { BatchNotFoundError } from './batch-control.ts';
import { readBatch } from './batch-view.ts';
import { failureText, orderView } from './order-outcome.ts';

export const OUTCOME_COLUMNS = [
  'order_state',
  'request_id',
  'merchant_order_ids',
  'tracking',
  'failure',
] as const;

function fileName(name: string, now: number): string {
  const base = name.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[^\w.-]+/g, '-') || 'batch';
  return `${base}-results-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

export async function exportBatch(batchId: string, now = clock.now()): Promise<ExportReply> {
  const read = await readBatch(batchId);
  if (!read) throw new BatchNotFoundError();
  const { batch, orders, records } = read;
  const lines: { row: number; cells: string[] }[] = [];
  orders.forEach((order, i) => {
    if (order.retriedBy !== undefined) return;
    const record = records[i];
    const view = orderView(order, record);
    const state = order.status === 'handed' ? (record?.state ?? 'undone') : order.status;
    const outcome = [
      state,
      view.requestId ?? '',
      view.merchantOrderIds.join(' '),
      view.tracking.join('; '),
      failureText(order, record) ?? '',
    ];
    for (const line of order.lines)
      lines.push({
        row: line.row,
        cells: [...batch.columns.map((column) => line.cells[column] ?? ''), ...outcome],
      });
  });
  lines.sort((a, b) => a.row - b.row);
  return {
    filename: fileName(batch.name, now),
    mime: 'text/csv',
    content: csvText([[...batch.columns, ...OUTCOME_COLUMNS], ...lines.map((line) => line.cells)]),
  };
}
