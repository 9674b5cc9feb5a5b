import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_TRACKING_MS, fakeRetailer, SECOND_TRACKING_MS } from './fake-retailer.ts';
import { type Api, managedOrder, openApi, ownOrder } from './helpers.ts';

// A processing time far longer than any test: orders move only when the clock does.
const PROCESSING = 60_000;
const ABORT_DELAY = PROCESSING / 4;

let api: Api;
let retailer: ReturnType<typeof fakeRetailer>;
afterEach(() => api?.close());

async function open() {
  retailer = fakeRetailer();
  api = await openApi({ retailer, processingMs: PROCESSING });
}

const product = (product_id: string) => ({ products: [{ product_id, quantity: 1 }] });

describe('an order’s life with a fake retailer', () => {
  it('asks the retailer once, when processing ends, and keeps its answer; tracking fills in', async () => {
    await open();
    const id = await api.create(ownOrder(product('FAKEPLACE1')));
    const processing = (await api.get(`/v1/orders/${id}`)).body;
    expect(processing).toMatchObject({
      _type: 'error',
      code: 'request_processing',
      request_id: id,
      request: { products: [{ product_id: 'FAKEPLACE1' }] },
    });
    const createdAt = Date.parse(processing.created_at);
    await api.advance(PROCESSING - 1_000);
    expect((await api.get(`/v1/orders/${id}`)).body.code).toBe('request_processing');
    expect(retailer.calls).toEqual([]);
    await api.advance(1_000);
    const placed = (await api.get(`/v1/orders/${id}`)).body;
    expect(placed).toMatchObject({ _type: 'order_response', request_id: id, tracking: [] });
    expect(retailer.calls).toEqual([
      { requestId: id, productId: 'FAKEPLACE1', now: createdAt + PROCESSING },
    ]);
    expect((await api.get(`/v1/orders/${id}`)).body).toEqual(placed);

    await api.advance(FIRST_TRACKING_MS);
    const partial = (await api.get(`/v1/orders/${id}`)).body;
    expect(partial.tracking).toEqual([
      {
        product_id: 'FAKEPLACE1',
        merchant_order_id: placed.merchant_order_ids[0].merchant_order_id,
        carrier: 'FakeShip',
        tracking_number: 'FS0',
        obtained_at: new Date(createdAt + PROCESSING + FIRST_TRACKING_MS).toISOString(),
      },
    ]);
    await api.advance(SECOND_TRACKING_MS);
    const full = (await api.get(`/v1/orders/${id}`)).body;
    expect(full.tracking).toHaveLength(2);
    // Only tracking changes once an order is final.
    expect({ ...full, tracking: [] }).toEqual(placed);
    expect(retailer.calls).toHaveLength(1);
  });

  it('ends with the retailer’s failure, which never changes', async () => {
    await open();
    const id = await api.create(ownOrder(product('FAKEFAIL01')));
    await api.advance(PROCESSING);
    const failed = (await api.get(`/v1/orders/${id}`)).body;
    expect(failed).toMatchObject({
      _type: 'error',
      code: 'product_unavailable',
      message: 'The fake retailer has none.',
      data: { product_id: 'FAKEFAIL01', msg: 'The fake retailer has none.' },
      request_id: id,
    });
    await api.advance(SECOND_TRACKING_MS);
    expect((await api.get(`/v1/orders/${id}`)).body).toEqual(failed);
  });

  it('aborts an order still processing before the retailer is asked', async () => {
    await open();
    const id = await api.create(ownOrder(product('FAKEPLACE1')));
    const first = await api.post(`/v1/orders/${id}/abort`, { idempotency_key: 'abort-1' });
    expect(first).toMatchObject({ status: 200, body: { code: 'request_processing' } });
    await api.advance(ABORT_DELAY);
    const aborted = (await api.get(`/v1/orders/${id}`)).body;
    expect(aborted).toMatchObject({ _type: 'error', code: 'aborted_request', request_id: id });
    await api.advance(PROCESSING);
    expect((await api.get(`/v1/orders/${id}`)).body).toEqual(aborted);
    expect(retailer.calls).toEqual([]);
    // The same key gets the first answer again; a new abort answers the final body.
    expect((await api.post(`/v1/orders/${id}/abort`, { idempotency_key: 'abort-1' })).body).toEqual(
      first.body,
    );
    expect((await api.post(`/v1/orders/${id}/abort`)).body).toEqual(aborted);
  });

  it('lets the retailer win when the order finishes before the abort takes effect', async () => {
    await open();
    const id = await api.create(ownOrder(product('FAKEPLACE1')));
    await api.advance(PROCESSING - ABORT_DELAY / 2);
    await api.post(`/v1/orders/${id}/abort`);
    await api.advance(ABORT_DELAY);
    expect((await api.get(`/v1/orders/${id}`)).body._type).toBe('order_response');
  });

  it('aborts a managed order waiting in the queue', async () => {
    await open();
    const busy = [
      await api.create(managedOrder(product('FAKEPLACE1'))),
      await api.create(managedOrder(product('FAKEPLACE1'))),
    ];
    const waiting = await api.create(managedOrder(product('FAKEPLACE1')));
    expect((await api.post(`/v1/orders/${waiting}/abort`)).body.message).toBe(
      'The order is waiting in the managed queue.',
    );
    await api.advance(ABORT_DELAY);
    expect((await api.get(`/v1/orders/${waiting}`)).body.code).toBe('aborted_request');
    await api.advance(3 * PROCESSING);
    for (const id of busy)
      expect((await api.get(`/v1/orders/${id}`)).body._type).toBe('order_response');
    expect(retailer.calls.map((call) => call.requestId).sort()).toEqual([...busy].sort());
  });

  it('never serves a discount the pool does not serve, and fails it at the queue timeout', async () => {
    await open();
    const tooCheap = await api.create(
      managedOrder({ ...product('FAKESCARCE'), addax_queue_timeout: 600 }),
    );
    const paying = await api.create(
      managedOrder({ ...product('FAKESCARCE'), managed_discount: -10 }),
    );
    await api.advance(PROCESSING);
    expect((await api.get(`/v1/orders/${paying}`)).body._type).toBe('order_response');
    await api.advance(600_000 - PROCESSING - 1_000);
    expect((await api.get(`/v1/orders/${tooCheap}`)).body.code).toBe('request_processing');
    await api.advance(1_000);
    expect((await api.get(`/v1/orders/${tooCheap}`)).body).toMatchObject({
      _type: 'error',
      code: 'managed_temporarily_overloaded',
    });
    expect(retailer.calls.map((call) => call.requestId)).toEqual([paying]);
  });
});

describe('a cancellation’s life with a fake retailer', () => {
  async function placed() {
    const id = await api.create(ownOrder(product('FAKEPLACE1')));
    await api.advance(PROCESSING);
    const body = (await api.get(`/v1/orders/${id}`)).body;
    const merchant = (path: string) =>
      (body.merchant_order_ids as { merchant_order_id: string }[])
        .map((entry) => entry.merchant_order_id)
        .find((entry) => entry.endsWith(path)) as string;
    return { id, merchant };
  }

  const cancel = async (id: string, merchantOrderId: string) =>
    (await api.post(`/v1/orders/${id}/cancel`, { merchant_order_id: merchantOrderId })).body
      .request_id as string;
  const read = async (id: string) => (await api.get(`/v1/cancellations/${id}`)).body;

  it('goes processing → cancelled at once', async () => {
    await open();
    const { id, merchant } = await placed();
    const cancellation = await cancel(id, merchant('-IM'));
    expect(await read(cancellation)).toMatchObject({ code: 'request_processing' });
    await api.advance(PROCESSING);
    expect(await read(cancellation)).toMatchObject({
      _type: 'cancellation_response',
      merchant_order_id: merchant('-IM'),
      request: { merchant_order_id: merchant('-IM') },
    });
    const order = (await api.get(`/v1/orders/${id}`)).body;
    expect(order._type).toBe('order_response');
    expect(order.cancelled_merchant_order_ids).toEqual([merchant('-IM')]);
  });

  it('goes processing → attempting_to_cancel → cancelled', async () => {
    await open();
    const { id, merchant } = await placed();
    const cancellation = await cancel(id, merchant('-AC'));
    await api.advance(PROCESSING);
    expect(await read(cancellation)).toMatchObject({
      _type: 'error',
      code: 'attempting_to_cancel',
    });
    await api.advance(10 * PROCESSING - 1_000);
    expect((await read(cancellation)).code).toBe('attempting_to_cancel');
    await api.advance(1_000);
    expect((await read(cancellation))._type).toBe('cancellation_response');
  });

  it('goes processing → attempting_to_cancel → failed with the retailer’s code', async () => {
    await open();
    const { id, merchant } = await placed();
    const cancellation = await cancel(id, merchant('-AF'));
    await api.advance(PROCESSING);
    expect((await read(cancellation)).code).toBe('attempting_to_cancel');
    await api.advance(10 * PROCESSING);
    expect(await read(cancellation)).toMatchObject({
      _type: 'error',
      code: 'cancellation_failed',
      message: 'The fake parcel already left.',
    });
    expect((await api.get(`/v1/orders/${id}`)).body.cancelled_merchant_order_ids).toBeUndefined();
    // A failed cancellation is over: asking again starts a new one.
    expect(await cancel(id, merchant('-AF'))).not.toBe(cancellation);
  });

  it('refuses a failed order, saying it is not placed', async () => {
    await open();
    const id = await api.create(ownOrder(product('FAKEFAIL01')));
    await api.advance(PROCESSING);
    const refused = await api.post(`/v1/orders/${id}/cancel`, { merchant_order_id: 'x-IM' });
    expect(refused).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
    expect(refused.body.message).toContain('Only an order that was placed can be cancelled');
  });

  it('keeps another token out of the order and its cancellation', async () => {
    await open();
    const { id, merchant } = await placed();
    const cancellation = await cancel(id, merchant('-IM'));
    for (const answer of [
      await api.get(`/v1/cancellations/${cancellation}`, 'other'),
      await api.post(`/v1/orders/${id}/abort`, undefined, 'other'),
      await api.post(`/v1/orders/${id}/cancel`, { merchant_order_id: merchant('-AC') }, 'other'),
    ]) {
      expect(answer).toMatchObject({ status: 404, body: { code: 'invalid_request_id' } });
    }
  });
});

describe('the list limit', () => {
  it('clamps a limit above the maximum of 1000', async () => {
    await open();
    for (let batch = 0; batch < 11; batch++) {
      await Promise.all(
        Array.from({ length: batch < 10 ? 100 : 1 }, () =>
          api.create(ownOrder(product('FAKEPLACE1'))),
        ),
      );
    }
    // Only placed orders are listed: let them all be placed first.
    await api.advance(PROCESSING);
    const listed = await api.get('/v1/orders?limit=5000');
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1000);
    expect((await api.get('/v1/orders?limit=5000&skip=1000')).body).toHaveLength(1);
  });
});
