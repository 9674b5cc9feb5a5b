import type {
  PlacementContext,
  PlacementResult,
  SimulatedRetailer,
} from '../../../sandbox/retailer/types.ts';
import type { OrderRequest } from '../../../src/api/schemas/order-request.ts';

/** Tracking of a placed fake order: one entry after an hour, one after a day. */
export const FIRST_TRACKING_MS = 3_600_000;
export const SECOND_TRACKING_MS = 86_400_000;

export interface PlaceCall {
  requestId: string;
  productId: string;
  now: number;
}

/**
 * A retailer whose answers the tests choose by product id, so that the server's
 * lifecycle (time, queue, abort, cancellation, webhooks) is tested apart from the
 * simulated retailer's rules. It records every place() call.
 *
 * Products: FAKEPLACE1 places (two merchant orders, two tracking entries),
 * FAKEFAIL01 fails with product_unavailable, FAKESCARCE is served by the managed pool
 * only at a managed_discount of -10 or lower. The merchant order id chooses the
 * cancellation path: ending -IM cancelled at once, -AC attempting then cancelled,
 * -AF attempting then failed.
 */
export function fakeRetailer(): SimulatedRetailer & { calls: PlaceCall[] } {
  const calls: PlaceCall[] = [];
  return {
    calls,
    place(request: OrderRequest, ctx: PlacementContext): PlacementResult {
      const productId = request.products[0]?.product_id ?? '';
      calls.push({ requestId: ctx.requestId, productId, now: ctx.now });
      if (productId === 'FAKEFAIL01') {
        return {
          kind: 'failed',
          code: 'product_unavailable',
          message: 'The fake retailer has none.',
          data: { product_id: productId },
        };
      }
      const placedAt = new Date(ctx.now).toISOString();
      const ids = ['IM', 'AC', 'AF'].map((path) => `${ctx.requestId.slice(0, 8)}-${path}`);
      return {
        kind: 'placed',
        order: {
          price_components: {
            converted_payment_total: 1000,
            currency: 'USD',
            payment_currency: 'USD',
            shipping: 0,
            subtotal: 1000,
            tax: 0,
            total: 1000,
          },
          merchant_order_ids: ids.map((id) => ({
            merchant_order_id: id,
            merchant: 'FAKE',
            account: 'fake@example.com',
            placed_at: placedAt,
          })),
          delivery_dates: [{ product_id: productId, date: '2099-01-01' }],
          tracking_schedule: [FIRST_TRACKING_MS, SECOND_TRACKING_MS].map((after, index) => ({
            visible_at: ctx.now + after,
            tracking: {
              product_id: productId,
              merchant_order_id: ids[index] as string,
              carrier: 'FakeShip',
              tracking_number: `FS${index}`,
            },
          })),
        },
      };
    },
    managedDemand(request) {
      const scarce = request.products.some((product) => product.product_id === 'FAKESCARCE');
      return { max_servable_discount: scarce ? -10 : 0 };
    },
    cancellationPlan(_request, merchantOrderId) {
      if (merchantOrderId.endsWith('-IM')) return { via_attempting: false, outcome: 'cancelled' };
      if (merchantOrderId.endsWith('-AC')) return { via_attempting: true, outcome: 'cancelled' };
      return {
        via_attempting: true,
        outcome: { code: 'cancellation_failed', message: 'The fake parcel already left.' },
      };
    },
  };
}
