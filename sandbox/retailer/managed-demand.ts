import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import type { Catalog } from './catalog.ts';
import { orderedProducts } from './ordered-products.ts';
import type { ManagedDemand } from './types.ts';

/**
 * How deep a discount the managed pool serves for an order: any discount in range (0)
 * for most products; a scarce product (managed_max_discount in the catalog) only when
 * the client pays enough above face value, so the whole order waits for its scarcest
 * product.
 */
export function managedDemand(catalog: Catalog, order: OrderRequest): ManagedDemand {
  const limits = orderedProducts(catalog, order).map(
    (product) => product.managed_max_discount ?? 0,
  );
  return { max_servable_discount: Math.min(0, ...limits) };
}
