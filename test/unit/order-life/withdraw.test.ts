import { describe, expect, it } from 'vitest';
import { orderAnswers } from '../../../src/background/order-life/order-answers.ts';
import {
  changeOrderRecord,
  type OrderChange,
  type OrderEvent,
} from '../../../src/background/order-life/order-changes.ts';
import type { OrderRecord, OrderState } from '../../../src/shared/order-record.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { orderRecord } from '../background/fixtures.ts';

// The buyer stops an order that is not yet placed. Being sent or looked for, a send may
// have been carried out: the order fails as withdrawn, with the caveat, and nothing offers
// to place it again in one click. A send on its way that the service accepts brings it
// back, so what the buyer sees stays true.

const settings = defaultSettings();
const now = 90_000_000;
const change = (record: OrderRecord, event: OrderEvent): OrderChange =>
  changeOrderRecord(record, event, { now, settings });
const unplaced = (state: OrderState) =>
  orderRecord({ state, requestId: undefined, merchantOrderIds: [] });

describe('withdrawing an order', () => {
  it('stops one being sent or looked for, telling the buyer to check the retailer', () => {
    for (const state of ['sending', 'unconfirmed'] as const) {
      const result = change(unplaced(state), { type: 'withdraw' });
      expect(result, state).toMatchObject({
        event: 'withdraw',
        record: {
          state: 'failed',
          seenAt: now,
          failure: { code: 'withdrawn', needsCheck: true },
        },
      });
      const record = (result as { record: OrderRecord }).record;
      expect(record.failure?.fix).toMatch(/may have it/);
      expect(orderAnswers(record).actions.retry, state).toBe(false);
      expect(orderAnswers(record).shown).toBe('check');
    }
  });

  it('stops one waiting for a token as nothing placed, which can be ordered again', () => {
    const result = change(unplaced('awaiting_token'), { type: 'withdraw' });
    const record = (result as { record: OrderRecord }).record;
    expect(record).toMatchObject({ state: 'failed', failure: { code: 'withdrawn' } });
    expect(record.failure?.needsCheck).toBeUndefined();
    expect(orderAnswers(record).actions).toMatchObject({ retry: true, withdraw: false });
  });

  it('is offered exactly where it applies, with what it risks', () => {
    const offered = (state: OrderState) => orderAnswers(unplaced(state)).actions.withdraw;
    expect(offered('sending')).toBe('may_be_placed');
    expect(offered('unconfirmed')).toBe('may_be_placed');
    expect(offered('awaiting_token')).toBe('nothing_placed');
    for (const state of ['held', 'processing', 'placed', 'cancelled', 'failed'] as const)
      expect(offered(state), state).toBe(false);
  });

  it('is refused in words elsewhere: held orders are undone, placed ones cancelled', () => {
    expect(change(unplaced('held'), { type: 'withdraw' })).toMatchObject({
      refused: 'It has not been sent yet: cancel it, and nothing is sent.',
    });
    expect(change(orderRecord({ state: 'placed' }), { type: 'withdraw' })).toMatchObject({
      refused: 'This order is already placed: cancel it instead.',
    });
    expect(change(orderRecord({ state: 'processing' }), { type: 'withdraw' })).toMatchObject({
      refused: 'The service is already placing it: ask it to stop instead.',
    });
  });

  it('gives way to the service accepting a send that was already on its way', () => {
    const withdrawn = change(unplaced('sending'), { type: 'withdraw' }) as { record: OrderRecord };
    const accepted = change(withdrawn.record, { type: 'accepted', requestId: 'req-late' });
    expect(accepted).toMatchObject({
      event: 'accepted',
      record: { state: 'processing', requestId: 'req-late' },
    });
    expect((accepted as { record: OrderRecord }).record.failure).toBeUndefined();
  });
});
