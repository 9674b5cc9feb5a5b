import { describe, expect, it } from 'vitest';
import {
  BATCH_EVENTS,
  type BatchEvent,
  batchTransition,
  ROW_EVENTS,
  type RowEvent,
  rowTransition,
} from '../../../src/background/bulk/batch-life.ts';
import type { BatchOrderStatus, BatchState } from '../../../src/shared/bulk/types.ts';

// The whole tables, written out again by hand: every (state, event) pair either leads
// to the state named here or is refused. A pair missing here must be refused.
const BATCHES: Record<BatchState, Partial<Record<BatchEvent, BatchState>>> = {
  running: {
    pause: 'paused',
    cancel_rest: 'stopped',
    handed_all: 'done',
    vault_trouble: 'paused',
  },
  paused: { resume: 'running', cancel_rest: 'stopped' },
  done: { pause: 'paused', cancel_rest: 'stopped' },
  stopped: {},
};

const ROWS: Record<BatchOrderStatus, Partial<Record<RowEvent, BatchOrderStatus>>> = {
  waiting: { hand_over: 'handed', refuse: 'refused', cancel: 'cancelled' },
  handed: { take_back: 'waiting', cancel: 'cancelled' },
  refused: {},
  cancelled: {},
};

const pairs = <S extends string, E extends string>(states: S[], events: readonly E[]) =>
  states.flatMap((state) => events.map((event) => [state, event] as const));

describe('the batch table', () => {
  it.each(pairs(Object.keys(BATCHES) as BatchState[], BATCH_EVENTS))('%s on %s', (state, event) => {
    expect(batchTransition(state, event)).toBe(BATCHES[state][event]);
  });

  it('never starts a stopped batch again', () => {
    expect(BATCH_EVENTS.map((event) => batchTransition('stopped', event))).toEqual(
      BATCH_EVENTS.map(() => undefined),
    );
  });
});

describe('the row table', () => {
  it.each(pairs(Object.keys(ROWS) as BatchOrderStatus[], ROW_EVENTS))('%s on %s', (mark, event) => {
    expect(rowTransition(mark, event)).toBe(ROWS[mark][event]);
  });

  it('never hands over again a row refused or cancelled', () => {
    for (const mark of ['refused', 'cancelled'] as const)
      expect(ROW_EVENTS.map((event) => rowTransition(mark, event))).toEqual(
        ROW_EVENTS.map(() => undefined),
      );
  });
});
