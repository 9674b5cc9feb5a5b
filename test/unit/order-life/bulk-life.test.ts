import { describe, expect, it } from 'vitest';
import type { StoredRow } from '../../../src/background/history/stored-batches.ts';
import {
  BATCH_EVENTS,
  type BatchEvent,
  BUCKET_WORDS,
  batchStage,
  batchTransition,
  isBatchHandedAll,
  isBatchOver,
  isBatchRunning,
  isRowHanded,
  isRowRefused,
  isRowWaiting,
  progressLines,
  ROW_EVENTS,
  type RowEvent,
  rowBucket,
  rowLife,
  rowTransition,
  stageWords,
} from '../../../src/background/order-life/bulk-life.ts';
import { toFailure } from '../../../src/background/order-life/life-change.ts';
import { orderAnswers } from '../../../src/background/order-life/order-answers.ts';
import type { BatchCounts, BatchOrderStatus, BatchState } from '../../../src/shared/bulk/types.ts';
import { t } from '../../../src/shared/i18n.ts';
import type { OrderState } from '../../../src/shared/order-record.ts';
import { orderRecord } from '../background/fixtures.ts';

// The tables are checked by what must hold of them, not against a copy of themselves:
// every state reachable from where a batch or a row starts, decided states without a
// way out, and the predicates the rest of the background asks agreeing with the tables.
const BATCH_STATES: BatchState[] = ['running', 'paused', 'done', 'stopped'];
const MARKS: BatchOrderStatus[] = ['waiting', 'handed', 'refused', 'cancelled'];

function reachable<S extends string, E extends string>(
  start: S,
  events: readonly E[],
  step: (state: S, event: E) => S | undefined,
): S[] {
  const seen = new Set<S>([start]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const state of [...seen])
      for (const event of events) {
        const to = step(state, event);
        if (to !== undefined && !seen.has(to)) {
          seen.add(to);
          grew = true;
        }
      }
  }
  return [...seen].sort();
}
const exits = <S extends string, E extends string>(
  state: S,
  events: readonly E[],
  step: (state: S, event: E) => S | undefined,
) => events.filter((event) => step(state, event) !== undefined);

describe('the batch table', () => {
  it('reaches every state from a running batch', () => {
    expect(reachable<BatchState, BatchEvent>('running', BATCH_EVENTS, batchTransition)).toEqual(
      [...BATCH_STATES].sort(),
    );
  });

  it('never starts a stopped batch again, and stops every other one on "Cancel the rest"', () => {
    expect(exits<BatchState, BatchEvent>('stopped', BATCH_EVENTS, batchTransition)).toEqual([]);
    for (const state of BATCH_STATES.filter((state) => state !== 'stopped'))
      expect(batchTransition(state, 'cancel_rest'), state).toBe('stopped');
  });

  it('hands rows over only while running, and answers the rest of the background alike', () => {
    for (const state of BATCH_STATES) {
      expect(isBatchRunning(state), state).toBe(batchTransition(state, 'handed_all') !== undefined);
      expect(isBatchOver(state), state).toBe(
        isBatchHandedAll(state) || exits(state, BATCH_EVENTS, batchTransition).length === 0,
      );
    }
  });
});

describe('the row table', () => {
  it('reaches every mark from a waiting row', () => {
    expect(reachable<BatchOrderStatus, RowEvent>('waiting', ROW_EVENTS, rowTransition)).toEqual(
      [...MARKS].sort(),
    );
  });

  it('never hands over again a row refused or cancelled', () => {
    for (const mark of ['refused', 'cancelled'] as const)
      expect(exits<BatchOrderStatus, RowEvent>(mark, ROW_EVENTS, rowTransition)).toEqual([]);
  });

  it('answers the rest of the background as the table says', () => {
    for (const mark of MARKS) {
      expect(isRowWaiting({ status: mark }), mark).toBe(
        rowTransition(mark, 'hand_over') !== undefined,
      );
      expect(isRowHanded({ status: mark }), mark).toBe(
        rowTransition(mark, 'take_back') !== undefined,
      );
    }
    expect(MARKS.filter((status) => isRowRefused({ status }))).toEqual(['refused']);
  });
});

const row = (patch: Partial<StoredRow> = {}): StoredRow => ({
  batchId: 'b',
  index: 0,
  rows: [2],
  lines: [{ row: 2, cells: { retailer: 'amazon', product_id: 'B0PLACES01' } }],
  localId: 'local-1',
  status: 'handed',
  ...patch,
});

describe('the count a row adds to, from its order’s own record', () => {
  const cases: [OrderState, string][] = [
    ['held', 'held'],
    ['sending', 'sent'],
    ['awaiting_token', 'sent'],
    ['unconfirmed', 'sent'],
    ['processing', 'sent'],
    ['placed', 'placed'],
    ['partly_cancelled', 'placed'],
    ['cancelled', 'placed'],
    ['failed', 'failed'],
  ];
  for (const [state, bucket] of cases)
    it(`an order ${state} counts as ${bucket}, and its row says that count's word`, () => {
      const life = rowLife(row(), orderRecord({ state }), 'running');
      expect(rowBucket(row(), orderRecord({ state }))).toBe(bucket);
      expect(life.bucket).toBe(bucket);
      expect(life.status).toBe(t(BUCKET_WORDS[life.bucket]));
    });

  it('counts rows without an order by their mark', () => {
    expect(rowBucket(row({ status: 'waiting' }), undefined)).toBe('waiting');
    expect(rowBucket(row({ status: 'refused' }), undefined)).toBe('failed');
    expect(rowBucket(row({ status: 'cancelled' }), undefined)).toBe('cancelled');
    // Undone while held: the history has no record of it any more, and nothing was sent.
    expect(rowBucket(row(), undefined)).toBe('cancelled');
  });

  it('tells a cancelled row as cancelled, never as a problem', () => {
    const cancelled = rowLife(row({ status: 'cancelled' }), undefined, 'stopped');
    expect(cancelled).toMatchObject({ status: 'Cancelled', detail: 'with the rest, never sent' });
    expect(cancelled.problem).toBeUndefined();
    expect(rowLife(row(), undefined, 'running')).toMatchObject({
      status: 'Cancelled',
      detail: 'taken back in its hold, never sent',
    });
  });

  it('says a waiting row of a paused batch waits for Resume', () => {
    expect(rowLife(row({ status: 'waiting' }), undefined, 'running').detail).toBeUndefined();
    expect(rowLife(row({ status: 'waiting' }), undefined, 'paused').detail).toBe(
      'not sent until you resume',
    );
  });
});

describe('what can be done with a row: its order’s answer', () => {
  const failed = (code: string) =>
    orderRecord({ state: 'failed', failure: toFailure(code, 'the service said so') });

  it('offers Fix and place again for an order that failed and a row the check refused', () => {
    const life = rowLife(row(), failed('product_unavailable'), 'done');
    expect(life.retry).toBe(true);
    expect(life.problem).toBe(
      `${failed('product_unavailable').failure?.title} ${failed('product_unavailable').failure?.fix}`.trim(),
    );
    expect(rowLife(row({ status: 'refused' }), undefined, 'done').retry).toBe(true);
  });

  it('offers no retry for an order that failed with order_probably_placed, as the popup', () => {
    const record = failed('order_probably_placed');
    expect(orderAnswers(record).actions.retry).toBe(false);
    expect(rowLife(row(), record, 'done').retry).toBe(false);
  });

  it('offers no retry for a row fixed already, nor for one not failed', () => {
    expect(rowLife(row({ retriedBy: 3 }), failed('product_unavailable'), 'done')).toMatchObject({
      retry: false,
      fixed: true,
    });
    for (const state of ['held', 'processing', 'placed'] as const)
      expect(rowLife(row(), orderRecord({ state }), 'running').retry).toBe(false);
  });
});

describe('the batch’s stage, true at every moment', () => {
  const counts = (patch: Partial<BatchCounts>): BatchCounts => ({
    waiting: 0,
    held: 0,
    sent: 0,
    placed: 0,
    failed: 0,
    cancelled: 0,
    ...patch,
  });

  it('is waiting out the hold while orders are held, never "still placing"', () => {
    expect(batchStage('done', counts({ held: 20 }))).toBe('holding');
    expect(batchStage('running', counts({ held: 20, waiting: 80 }))).toBe('holding');
    expect(stageWords('holding')).toBe('Waiting out the hold');
    const lines = progressLines('done', counts({ held: 20 }), 20, 0);
    expect(lines).toEqual([
      '0 of 20 orders finished.',
      '20 orders wait out the hold before they are sent: Pause or “Cancel the rest” still takes them back.',
    ]);
  });

  it('is finishing once all were handed over and some are being placed, then finished', () => {
    expect(batchStage('done', counts({ sent: 2, placed: 18 }))).toBe('finishing');
    expect(batchStage('done', counts({ placed: 20 }))).toBe('finished');
    expect(batchStage('running', counts({ waiting: 3 }))).toBe('placing');
  });

  it('says a cancelled rest once, as what went out and what did not', () => {
    expect(progressLines('stopped', counts({ cancelled: 30 }), 30, 0)).toEqual([
      '0 of 30 orders finished.',
      '0 orders went to the service; the other 30 were never sent.',
    ]);
  });
});
