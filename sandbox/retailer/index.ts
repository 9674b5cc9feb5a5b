import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import { type Catalog, findProduct, loadCatalog } from './catalog.ts';
import { placeOrder } from './place.ts';
import type { PlacementContext, SimulatedRetailer } from './types.ts';

export type { Catalog, CatalogProduct, Offer, ShippingOption } from './catalog.ts';
export { loadCatalog } from './catalog.ts';
export { productPageUrl, renderProductPage } from './product-page.ts';
export * from './test-values.ts';

/** The retailer behind the sandbox: the catalog plus the rules of the spec. */
export function createSimulatedRetailer(catalog: Catalog = loadCatalog()): SimulatedRetailer {
  const productsOf = (request: OrderRequest) =>
    request.products.map((item) => {
      const id = catalog.expired_ids[request.retailer]?.[item.product_id] ?? item.product_id;
      return findProduct(catalog, request.retailer, id);
    });
  return {
    place: (request: OrderRequest, ctx: PlacementContext) => placeOrder(catalog, request, ctx),

    managedDemand(request) {
      const limits = productsOf(request).map((product) => product?.managed_max_discount ?? 0);
      return { max_servable_discount: Math.min(0, ...limits) };
    },

    cancellationPlan(request, _merchantOrderId, ctx) {
      const designed = productsOf(request).find((product) => product?.cancellation)?.cancellation;
      const shipped = {
        code: 'cancellation_failed',
        message: 'The retailer could not cancel the order: it has already shipped.',
      };
      if (designed === 'immediate') return { via_attempting: false, outcome: 'cancelled' };
      if (designed === 'attempt_then_cancel') return { via_attempting: true, outcome: 'cancelled' };
      if (designed === 'attempt_then_fail') return { via_attempting: true, outcome: shipped };
      // About half wait on the retailer first (spec's state table); most then succeed.
      const viaAttempting = ctx.random() < 0.5;
      return {
        via_attempting: viaAttempting,
        outcome: ctx.random() < 0.85 ? 'cancelled' : shipped,
      };
    },
  };
}
