import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import { cancellationPlan } from './cancellation-plan.ts';
import { type Catalog, loadCatalog } from './catalog.ts';
import { managedDemand } from './managed-demand.ts';
import { placeOrder } from './place.ts';
import type { PlacementContext, SimulatedRetailer } from './types.ts';

export { CANCELLATION_FAILED } from './cancellation-plan.ts';
export type { Catalog, CatalogProduct, Offer } from './catalog.ts';
export { loadCatalog } from './catalog.ts';
export { renderProductPage } from './product-page.ts';
export { productPageUrl } from './product-url.ts';
export * from './test-values.ts';
export type * from './types.ts';

/** The retailer behind the sandbox: a catalog, and the rules of the spec applied to it. */
export function createSimulatedRetailer(catalog: Catalog = loadCatalog()): SimulatedRetailer {
  return {
    place: (request: OrderRequest, ctx: PlacementContext) => placeOrder(catalog, request, ctx),
    managedDemand: (request) => managedDemand(catalog, request),
    cancellationPlan: (request, _merchantOrderId, ctx) => cancellationPlan(catalog, request, ctx),
  };
}
