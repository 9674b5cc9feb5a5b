import { describe, expect, it, vi } from 'vitest';

// The step errors' module reaches the gate, which reaches the extension API.
vi.mock('../../../src/shared/browser.ts', async () => ({
  browser: (await import('@webext-core/fake-browser')).fakeBrowser,
}));

import { explainErrorCode } from '../../../src/api/error-messages.ts';
import { OutcomeUnknownError } from '../../../src/api/errors.ts';
import type { OrderStatus } from '../../../src/api/outcomes.ts';
import { importedOrder, newOrder } from '../../../src/background/order-life/new-order.ts';
import {
  changeOrderRecord,
  type OrderEvent,
} from '../../../src/background/order-life/order-changes.ts';
import { needsAttention } from '../../../src/background/order-life/phases.ts';
import { keysOf } from '../../../src/background/order-life/service-body.ts';
import { IDLE } from '../../../src/background/order-life/timing.ts';
import { meaningOf } from '../../../src/background/rounds/step-errors.ts';
import type { OrderRecord } from '../../../src/shared/order-record.ts';
import { defaultSettings } from '../../../src/shared/settings.ts';
import { orderRecord } from '../background/fixtures.ts';

const settings = defaultSettings();
const now = 50_000_000;
const ctx = { now, settings };

function changed(record: OrderRecord, event: OrderEvent, at = now): OrderRecord {
  const change = changeOrderRecord(record, event, { now: at, settings });
  if (!('record' in change)) throw new Error(`not changed: ${JSON.stringify(change)}`);
  return change.record;
}

const failedWith = (code: string): OrderStatus => ({
  state: 'failed',
  code,
  message: `the service says ${code}`,
  data: {},
  body: { _type: 'error', code, message: `the service says ${code}`, data: {} },
});
const placed: OrderStatus = {
  state: 'placed',
  order: {
    _type: 'order_response',
    merchant_order_ids: [{ merchant_order_id: 'M-1', merchant: 'amazon', account: 'a' }],
    tracking: [],
    delivery_dates: [],
  },
};

describe('a failure the buyer must check at the retailer', () => {
  it('is order_probably_placed: final, marked needsCheck, and nothing is sent again', () => {
    const after = changed(orderRecord(), {
      type: 'status',
      status: failedWith('order_probably_placed'),
    });
    expect(after.state).toBe('failed');
    expect(after.failure).toMatchObject({
      code: 'order_probably_placed',
      needsCheck: true,
      fix: 'Check your orders on the retailer’s site before placing it again.',
    });
    // Final: no next step of any kind (no read, no resend).
    expect(after.schedule.nextAt).toBe(IDLE);
  });

  it('is also a duplicate order, and an order Buyline could not confirm for a day', () => {
    const refused = changed(orderRecord({ state: 'sending', requestId: undefined }), {
      type: 'status',
      status: failedWith('duplicate_order'),
    });
    expect(refused.failure?.needsCheck).toBe(true);
    let record = changed(orderRecord({ state: 'sending', requestId: undefined }), {
      type: 'post_unknown',
      error: 'lost',
      resendable: false,
    });
    while (record.state === 'unconfirmed')
      record = changed(record, { type: 'not_listed' }, record.schedule.nextAt);
    expect(record.failure).toMatchObject({ code: 'not_confirmed', needsCheck: true });
  });

  it('is not any other failure', () => {
    for (const code of ['max_price_exceeded', 'product_unavailable', 'some_new_code']) {
      const after = changed(orderRecord(), { type: 'status', status: failedWith(code) });
      expect(after.failure).not.toHaveProperty('needsCheck');
    }
  });
});

describe('internal_error', () => {
  it('read as an order’s outcome is its final failure, safe to place again, never placed again by itself', () => {
    const after = changed(orderRecord(), { type: 'status', status: failedWith('internal_error') });
    expect(after.state).toBe('failed');
    expect(after.failure?.code).toBe('internal_error');
    // Nothing was placed: the buyer may place it again, without checking first.
    expect(after.failure).not.toHaveProperty('needsCheck');
    expect(explainErrorCode('internal_error').retryable).toBe(true);
    // Buyline itself sends nothing more for it: no resend, no second order.
    expect(after.schedule.nextAt).toBe(IDLE);
    // And the service's later word that it was placed after all is still taken.
    expect(changed(after, { type: 'status', status: placed }).state).toBe('placed');
  });

  it('in a 5xx answer is retried with backoff: a POST resent under its key, a GET read again', () => {
    const post = new OutcomeUnknownError(
      'POST',
      '/v1/orders',
      'server_error',
      500,
      'internal_error',
    );
    expect(meaningOf(post, now).kind).toBe('unknown');
    const sending = changed(orderRecord({ state: 'sending', requestId: undefined }), {
      type: 'post_unknown',
      error: post.userMessage,
      resendable: true,
    });
    expect(sending).toMatchObject({ state: 'sending', schedule: { rule: 'unknown_post' } });

    const get = new OutcomeUnknownError(
      'GET',
      '/v1/orders/r1',
      'server_error',
      500,
      'internal_error',
    );
    const meaning = meaningOf(get, now);
    expect(meaning).toMatchObject({ kind: 'trouble', trouble: 'failed_read' });
    const waited = changed(orderRecord(), {
      type: 'waited',
      trouble: 'failed_read',
      error: get.userMessage,
    });
    expect(waited).toMatchObject({
      state: 'processing',
      schedule: { rule: 'failed_read', nextAt: now + 5_000 },
    });
  });
});

describe('whether a failure was seen', () => {
  it('a new failure waits to be seen; read again it stays as seen as it was; placed after all, nothing to see', () => {
    const failed = changed(orderRecord(), {
      type: 'status',
      status: failedWith('product_unavailable'),
    });
    expect(failed.seenAt).toBe(0);
    expect(needsAttention(failed)).toBe(true);
    const seen = { ...failed, seenAt: now };
    const readAgain = changed(seen, { type: 'status', status: failedWith('product_unavailable') });
    expect(readAgain.seenAt).toBe(now);
    expect(needsAttention(readAgain)).toBe(false);
    const late = changed(failed, { type: 'status', status: placed });
    expect(late.state).toBe('placed');
    expect(late).not.toHaveProperty('seenAt');
    expect(needsAttention(late)).toBe(false);
    // A refused POST is a new failure too.
    const refused = changed(orderRecord({ state: 'sending', requestId: undefined }), {
      type: 'post_refused',
      failure: { code: 'invalid_request', message: '', title: 't', fix: 'f' },
    });
    expect(needsAttention(refused)).toBe(true);
  });

  it('an order imported already failed is history, not news', () => {
    const body = {
      _type: 'error' as const,
      code: 'product_unavailable',
      request_id: 'r-9',
      request: { retailer: 'amazon', products: [{ product_id: 'B0TEST0001', quantity: 1 }] },
    };
    const record = importedOrder(body, failedWith('product_unavailable'), keysOf(body), ctx);
    expect(record).toMatchObject({ state: 'failed', seenAt: now });
    expect(needsAttention(record as OrderRecord)).toBe(false);
  });
});

describe('an order of a batch', () => {
  const request = {
    retailer: 'amazon' as const,
    products: [{ product_id: 'B0TEST0001', quantity: 1 }],
  };

  it('keeps its batch from the click', () => {
    expect(newOrder('d1', request as never, undefined, ctx, 'batch-1').batchId).toBe('batch-1');
    expect(newOrder('d2', request as never, undefined, ctx)).not.toHaveProperty('batchId');
  });

  it('imported from the service, gets the batch its notes name', () => {
    const body = {
      _type: 'order_response' as const,
      merchant_order_ids: [{ merchant_order_id: 'M-7', merchant: 'amazon', account: 'a' }],
      tracking: [],
      delivery_dates: [],
      request: { ...request, client_notes: { buyline_ref: 'd7', buyline_batch: 'batch-7' } },
    };
    expect(keysOf(body).batchId).toBe('batch-7');
    expect(importedOrder(body, { state: 'placed', order: body }, keysOf(body), ctx)).toMatchObject({
      localId: 'd7',
      batchId: 'batch-7',
    });
  });
});
