import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import type { CancellationScript, Catalog } from './catalog.ts';
import { orderedProducts } from './ordered-products.ts';
import type { PlacementContext, SimulatedRetailer } from './types.ts';

export type CancellationPlan = ReturnType<SimulatedRetailer['cancellationPlan']>;

/** The code of a cancellation the retailer refuses; the published list has none for it. */
export const CANCELLATION_FAILED = 'cancellation_failed';

const ALREADY_SHIPPED = {
  code: CANCELLATION_FAILED,
  message:
    'The retailer could not cancel the order because it has already shipped. Return the items once they arrive.',
};

/** Share of cancellations that wait on the retailer first (the spec: about half). */
const ATTEMPTING_SHARE = 0.5;
/** Share of cancellations that end cancelled. */
const SUCCESS_SHARE = 0.85;

const SCRIPTED: Record<CancellationScript, CancellationPlan> = {
  immediate: { via_attempting: false, outcome: 'cancelled' },
  attempt_then_cancel: { via_attempting: true, outcome: 'cancelled' },
  attempt_then_fail: { via_attempting: true, outcome: ALREADY_SHIPPED },
};

/**
 * How a cancellation goes. An order with a designated test product follows that
 * product's script (the first such product of the order decides; the merchant order
 * within the order does not matter). Any other: about half go through
 * attempting_to_cancel, and most end cancelled, drawn from ctx.random.
 */
export function cancellationPlan(
  catalog: Catalog,
  order: OrderRequest,
  ctx: PlacementContext,
): CancellationPlan {
  const script = orderedProducts(catalog, order).find(
    (product) => product.cancellation,
  )?.cancellation;
  if (script) return structuredClone(SCRIPTED[script]);
  const viaAttempting = ctx.random() < ATTEMPTING_SHARE;
  const cancelled = ctx.random() < SUCCESS_SHARE;
  return { via_attempting: viaAttempting, outcome: cancelled ? 'cancelled' : ALREADY_SHIPPED };
}
