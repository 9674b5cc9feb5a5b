import { describe, expect, it } from 'vitest';
import { readOrderResponse } from '../../../src/shared/order-response-reader.ts';

describe('reading a service answer kept on an order', () => {
  it('reads the money and the tracking of a placed order, unknown fields and all', () => {
    const facts = readOrderResponse({
      _type: 'order_response',
      price_components: { subtotal: 1999, tax: 125, total: 2124, currency: 'GBP', extra: 1 },
      tracking: [{ carrier: 'UPS', tracking_number: '1Z', merchant_order_id: 'm1', new: true }],
      something_new: { deep: [1, 2] },
    });
    expect(facts).toEqual({
      prices: [
        { key: 'subtotal', cents: 1999 },
        { key: 'tax', cents: 125 },
        { key: 'total', cents: 2124 },
      ],
      currency: 'GBP',
      tracking: [{ carrier: 'UPS', trackingNumber: '1Z', merchantOrderId: 'm1' }],
      unreadable: [],
    });
  });

  it('names each part it could not read, and still reads the rest', () => {
    const facts = readOrderResponse({
      _type: 'order_response',
      price_components: { subtotal: '19.99', total: 2124, currency: 5 },
      tracking: [null, { carrier: ['UPS'], tracking_number: '1Z' }],
    });
    expect(facts.prices).toEqual([{ key: 'total', cents: 2124 }]);
    expect(facts.tracking).toEqual([{ trackingNumber: '1Z' }]);
    expect(facts.unreadable).toEqual([
      'price_components.subtotal',
      'price_components.currency',
      'tracking.0',
      'tracking.1.carrier',
    ]);
  });

  it('reads nothing from an answer in the error shape, and says when the answer is no object', () => {
    expect(readOrderResponse({ _type: 'error', code: 'request_processing' }).unreadable).toEqual(
      [],
    );
    expect(readOrderResponse(undefined).unreadable).toEqual([]);
    expect(readOrderResponse('oops').unreadable).toEqual(['the answer']);
    expect(readOrderResponse({ price_components: [], tracking: {} }).unreadable).toEqual([
      'price_components',
      'tracking',
    ]);
  });
});
