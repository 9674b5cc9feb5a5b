import { describe, expect, it } from 'vitest';
import {
  orderAnswers,
  orderTitle,
  orderView,
} from '../../../src/background/order-life/order-answers.ts';
import {
  IN_FLIGHT_STATES,
  isInFlight,
  isPlaced,
} from '../../../src/background/order-life/phases.ts';
import {
  type CancellationRecord,
  type CancellationState,
  ORDER_STATES,
  type OrderState,
} from '../../../src/shared/order-record.ts';
import type { OrderActions, OrderPhase } from '../../../src/shared/protocol.ts';
import { orderRecord, type RecordOverrides } from '../background/fixtures.ts';

// What can be done with an order, written out again by hand for every state: a placed
// order of a retailer that takes cancellations, with two merchant orders and a request
// id, as the background sends it to pages. Each row is checked against the answer.
type Row = { phase: OrderPhase; decided: boolean } & OrderActions;
const MOS = ['m-1', 'm-2'];
const EXPECTED: Record<OrderState, Row> = {
  held: {
    phase: 'held',
    decided: false,
    undo: true,
    abort: false,
    withdraw: false,
    cancel: [],
    retry: false,
    refresh: false,
  },
  sending: {
    phase: 'in_flight',
    decided: false,
    undo: false,
    abort: false,
    withdraw: 'may_be_placed',
    cancel: [],
    retry: false,
    refresh: true,
  },
  awaiting_token: {
    phase: 'in_flight',
    decided: false,
    undo: false,
    abort: false,
    withdraw: 'nothing_placed',
    cancel: [],
    retry: false,
    refresh: true,
  },
  unconfirmed: {
    phase: 'in_flight',
    decided: false,
    undo: false,
    abort: false,
    withdraw: 'may_be_placed',
    cancel: [],
    retry: false,
    refresh: true,
  },
  processing: {
    phase: 'in_flight',
    decided: false,
    undo: false,
    abort: true,
    withdraw: false,
    cancel: [],
    retry: false,
    refresh: true,
  },
  placed: {
    phase: 'placed',
    decided: true,
    undo: false,
    abort: false,
    withdraw: false,
    cancel: MOS,
    retry: false,
    refresh: true,
  },
  partly_cancelled: {
    phase: 'placed',
    decided: true,
    undo: false,
    abort: false,
    withdraw: false,
    cancel: ['m-2'],
    retry: false,
    refresh: true,
  },
  cancelled: {
    phase: 'placed',
    decided: true,
    undo: false,
    abort: false,
    withdraw: false,
    cancel: [],
    retry: false,
    refresh: true,
  },
  failed: {
    phase: 'failed',
    decided: true,
    undo: false,
    abort: false,
    withdraw: false,
    cancel: [],
    retry: true,
    refresh: false,
  },
};

const record = (state: OrderState, change: RecordOverrides = {}) =>
  orderRecord({
    state,
    merchantOrderIds: MOS,
    ...(state === 'partly_cancelled' ? { cancelledMerchantOrderIds: ['m-1'] } : {}),
    ...(state === 'cancelled' ? { cancelledMerchantOrderIds: MOS } : {}),
    ...(state === 'failed'
      ? { failure: { code: 'max_price_exceeded', message: 'm', title: 'Too dear.', fix: '' } }
      : {}),
    ...change,
  });

function cancellation(state: CancellationState, merchantOrderId = 'm-1'): CancellationRecord {
  return {
    localId: `c-${merchantOrderId}-${state}`,
    orderLocalId: 'local-1',
    orderRequestId: 'req-1',
    merchantOrderId,
    idempotencyKey: 'k',
    createdAt: 2_000_000,
    updatedAt: 2_000_000,
    state,
    schedule: { nextAt: 0, attempts: 0, count: 0 },
  };
}

describe('what can be done with an order, in every state', () => {
  it.each(ORDER_STATES)('%s', (state) => {
    const { phase, decided, ...actions } = EXPECTED[state];
    const answers = orderAnswers(record(state));
    expect({ phase: answers.phase, decided: answers.decided, ...answers.actions }).toEqual({
      phase,
      decided,
      ...actions,
    });
    expect(answers.unavailable).toBeUndefined();
    expect(isInFlight(state)).toBe(phase === 'held' || phase === 'in_flight');
    expect(isPlaced(state)).toBe(phase === 'placed');
  });

  it('counts as in flight exactly the held, sent and placing states', () => {
    expect([...IN_FLIGHT_STATES].sort()).toEqual([
      'awaiting_token',
      'held',
      'processing',
      'sending',
      'unconfirmed',
    ]);
  });
});

describe('an order whose outcome is uncertain', () => {
  it('is shown as one to check when it failed for a reason Buyline does not know', () => {
    const unknown = orderAnswers(
      record('failed', {
        failure: { code: 'quantum_flux', message: 'm', title: 'Odd.', fix: '' },
      }),
    );
    // Nothing says it was not placed: checking comes first, ordering again second.
    expect(unknown).toMatchObject({ shown: 'check', actions: { retry: true } });
    expect(orderAnswers(record('failed')).shown).toBe('failed');
  });
});

describe('what cannot be done, and why', () => {
  it.each(ORDER_STATES)('offers no abort and no cancel without a request id (%s)', (state) => {
    const answers = orderAnswers(record(state, { requestId: undefined }));
    expect(answers.actions.abort).toBe(false);
    expect(answers.actions.cancel).toEqual([]);
  });

  it('says why a synced placed order offers no Cancel, and a processing one no Abort', () => {
    expect(
      orderAnswers(record('placed', { requestId: undefined, source: 'sync' })).unavailable,
    ).toBe('order_noRequestIdCancel');
    expect(orderAnswers(record('processing', { requestId: undefined })).unavailable).toBe(
      'order_noRequestIdAbort',
    );
    const words = orderView(record('placed', { requestId: undefined, source: 'sync' })).life;
    expect(words.unavailable).toMatch(/Buyline cannot cancel it: cancel it in your Amazon account/);
  });

  it('says why an order at a retailer without cancellations offers no Cancel', () => {
    const answers = orderAnswers(record('placed', { retailer: 'walmart' }));
    expect(answers.actions.cancel).toEqual([]);
    expect(answers.unavailable).toBe('order_retailerNoCancel');
  });

  it('offers no abort twice, and no order again after a failure that may have placed it', () => {
    expect(orderAnswers(record('processing', { abortRequested: true })).actions.abort).toBe(false);
    const check = record('failed', {
      failure: {
        code: 'order_probably_placed',
        message: 'm',
        title: 'T.',
        fix: '',
        needsCheck: true,
      },
    });
    expect(orderAnswers(check).actions.retry).toBe(false);
    expect(orderAnswers(check).shown).toBe('check');
  });
});

describe('an order with cancellations', () => {
  it('offers no Cancel for a merchant order whose cancellation is under way', () => {
    for (const state of ['sending', 'unconfirmed', 'processing', 'attempting_to_cancel'] as const) {
      const answers = orderAnswers(record('placed'), [cancellation(state)]);
      expect(answers.actions.cancel).toEqual(['m-2']);
      expect(answers.decided).toBe(false);
      expect(answers.actions.refresh).toBe(true);
    }
  });

  it('offers no Cancel again for a refused merchant order, and tells the refusal', () => {
    const refused = {
      ...cancellation('failed'),
      failure: { code: 'x', message: 'm', title: 'Too late.', fix: '' },
    };
    const view = orderView(record('placed'), [refused]);
    expect(view.life.actions.cancel).toEqual(['m-2']);
    expect(view.life.cancellation).toEqual({
      state: 'failed',
      merchantOrderId: 'm-1',
      underWay: false,
      refused: true,
      reason: 'Too late.',
    });
  });

  it('says what the buyer can still do once every open merchant order was refused', () => {
    const refusals = MOS.map((id) => ({ ...cancellation('failed', id), createdAt: 3_000_000 }));
    const view = orderView(record('placed'), refusals);
    expect(view.life.actions.cancel).toEqual([]);
    expect(view.life.unavailable).toBe(
      'Amazon refused to cancel it. Contact Amazon, or return the items once they arrive.',
    );
  });

  it('takes the latest cancellation of a merchant order', () => {
    const older = { ...cancellation('failed'), createdAt: 1 };
    const view = orderView(record('placed'), [older, cancellation('processing')]);
    expect(view.life.cancellation).toMatchObject({
      state: 'processing',
      underWay: true,
      refused: false,
    });
  });
});

describe('the name of an order', () => {
  it('is its title, else the best title known, else its storefront and product ids', () => {
    expect(orderTitle({ title: 'Desk', productIds: ['B0X'], retailer: 'amazon' })).toBe('Desk');
    expect(orderTitle({ productIds: ['B0X'], retailer: 'amazon' }, 'Earlier desk')).toBe(
      'Earlier desk',
    );
    expect(orderTitle({ productIds: ['B0X'], retailer: 'amazon_uk' })).toBe('Amazon UK B0X');
    expect(orderTitle({ productIds: [], retailer: 'walmart' })).toBe('Order at Walmart');
  });
});
