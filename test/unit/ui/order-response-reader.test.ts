import { describe, expect, it } from 'vitest';
import { readOrderResponse, refusedPriceOf } from '../../../src/shared/order-response-reader.ts';

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
      shipments: [],
      unreadable: [],
    });
  });

  it('reads which products each merchant order holds, from delivery dates and tracking', () => {
    const facts = readOrderResponse({
      _type: 'order_response',
      delivery_dates: [
        { product_id: 'P1', quantity: 2, merchant_order_id: 'm1' },
        { product_id: 'P2', merchant_order_id: 'm2' },
        { product_id: 'P3' },
        'not an entry',
      ],
      tracking: [
        { product_id: 'P1', merchant_order_id: 'm1' },
        { product_id: 'P4', merchant_order_id: 'm2' },
      ],
    });
    expect(facts.shipments).toEqual([
      { merchantOrderId: 'm1', productId: 'P1', quantity: 2 },
      { merchantOrderId: 'm2', productId: 'P2' },
      { merchantOrderId: 'm2', productId: 'P4' },
    ]);
  });

  it('reads the figures of a refused price, in cents, only when the answer gives both', () => {
    const refused = {
      _type: 'error',
      code: 'max_price_exceeded',
      message: 'The order would cost $24.99, more than the max_price of $20.00.',
      data: { max_price: 2000, price: 2499 },
    };
    expect(readOrderResponse(refused).refusedPrice).toEqual({ price: 2499, maximum: 2000 });
    expect(refusedPriceOf(refused)).toEqual({ price: 2499, maximum: 2000 });
    expect(refusedPriceOf({ ...refused, data: { max_price: 2000 } })).toBeUndefined();
    expect(refusedPriceOf({ ...refused, code: 'other' })).toBeUndefined();
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
