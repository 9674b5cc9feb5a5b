import { describe, expect, it } from 'vitest';
import { changeCancellationRecord } from '../../../src/background/order-life/life-change.ts';
import {
  changeOrderRecord,
  type OrderChange,
  type OrderEvent,
} from '../../../src/background/order-life/order-changes.ts';
import { IDLE } from '../../../src/background/order-life/timing.ts';
import type { CancellationRecord, OrderRecord } from '../../../src/shared/order-record.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { orderRecord } from '../background/fixtures.ts';

// The record-level rules of two events: a POST answered `already_exists` (decisions.md,
// "Duplicate protection") and a POST refused for its token (nothing placed).

const settings = defaultSettings();
const now = 80_000_000;

function change(record: OrderRecord, event: OrderEvent): OrderChange {
  return changeOrderRecord(record, event, { now, settings });
}
function changed(record: OrderRecord, event: OrderEvent): OrderRecord {
  const result = change(record, event);
  if (!('record' in result)) throw new Error(`not changed: ${JSON.stringify(result)}`);
  return result.record;
}
const sending = (overrides: Parameters<typeof orderRecord>[0] = {}) =>
  orderRecord({ state: 'sending', requestId: undefined, ...overrides });

describe('an order POST answered already_exists', () => {
  it('with a request id is the accepted order: read by that id at the quick cadence', () => {
    for (const state of ['sending', 'unconfirmed'] as const) {
      const result = change(sending({ state }), {
        type: 'post_already_exists',
        requestId: 'req-9',
      });
      expect(result, state).toMatchObject({
        event: 'accepted',
        record: { state: 'processing', requestId: 'req-9', schedule: { nextAt: now + 1_000 } },
      });
    }
  });

  it('without one is unconfirmed, marked never to be sent again, and looked for in 5 s', () => {
    const result = change(sending(), { type: 'post_already_exists' });
    expect(result).toMatchObject({
      event: 'post_already_exists',
      record: {
        state: 'unconfirmed',
        alreadyAtService: true,
        schedule: { rule: 'reconcile', nextAt: now + 5_000 },
      },
    });
    const record = (result as { record: OrderRecord }).record;
    expect(record.failure).toBeUndefined();
    expect(record.schedule.lastError).toBe(
      'The service already has this order from an earlier send.',
    );
  });

  it('is refused once the order is placed or decided, and never fails it', () => {
    for (const state of ['processing', 'placed', 'cancelled', 'failed'] as const)
      expect(change(orderRecord({ state }), { type: 'post_already_exists' }), state).toHaveProperty(
        'refused',
      );
  });
});

describe('an order POST refused for its token', () => {
  it('waits for a working token with nothing due, saying why', () => {
    const record = changed(sending(), { type: 'token_refused', error: 'Token rejected.' });
    expect(record.state).toBe('awaiting_token');
    expect(record.schedule.nextAt).toBe(IDLE);
    expect(record.schedule.lastError).toBe(
      'The service rejected the token, so nothing was placed. The order goes out as soon as a working token is saved in Options.',
    );
    expect(record.idempotencyKey).toBe('key-1');
  });

  it('goes out at once, under the same key, when a token is saved', () => {
    const waiting = changed(sending(), { type: 'token_refused', error: 'Token rejected.' });
    const released = changed(waiting, { type: 'token_ready' });
    expect(released).toMatchObject({
      state: 'sending',
      idempotencyKey: 'key-1',
      schedule: { nextAt: now, attempts: 0 },
    });
  });

  it('keeps an unconfirmed order unconfirmed (an earlier send may be placed), waking it on a token', () => {
    const unconfirmed = sending({ state: 'unconfirmed' });
    const refused = changed(unconfirmed, { type: 'token_refused', error: 'Token rejected.' });
    expect(refused).toMatchObject({
      state: 'unconfirmed',
      schedule: { rule: 'unauthorized', nextAt: now + 5 * 60_000 },
    });
    expect(changed(refused, { type: 'token_ready' }).schedule.nextAt).toBe(now);
  });
});

describe('abort', () => {
  it('is refused with a sentence for an order without a request id', () => {
    expect(change(orderRecord({ requestId: undefined }), { type: 'abort' })).toEqual({
      refused:
        'The service never gave Buyline its reference for this order, so it cannot be stopped from here; check it in your retailer account.',
      event: 'abort',
    });
    expect(change(orderRecord(), { type: 'abort' })).toHaveProperty('record');
  });
});

describe('a cancellation POST answered already_exists', () => {
  const cancellation = (state: CancellationRecord['state']): CancellationRecord => ({
    localId: 'c-1',
    orderLocalId: 'local-1',
    orderRequestId: 'req-1',
    merchantOrderId: 'M-1',
    idempotencyKey: 'ckey-1',
    createdAt: now - 1_000,
    updatedAt: now - 1_000,
    state,
    schedule: { nextAt: now, attempts: 0, count: 0 },
  });

  it('is sent and unconfirmed without an id (asked again under its key), processing with one', () => {
    const lost = changeCancellationRecord(
      cancellation('sending'),
      { type: 'post_already_exists' },
      { now, settings },
    );
    expect(lost).toMatchObject({
      event: 'post_already_exists',
      record: { state: 'unconfirmed', idempotencyKey: 'ckey-1', schedule: { rule: 'reconcile' } },
    });
    expect((lost as { record: CancellationRecord }).record.failure).toBeUndefined();
    const found = changeCancellationRecord(
      cancellation('unconfirmed'),
      { type: 'post_already_exists', requestId: 'creq-1' },
      { now, settings },
    );
    expect(found).toMatchObject({
      event: 'accepted',
      record: { state: 'processing', requestId: 'creq-1' },
    });
  });
});
