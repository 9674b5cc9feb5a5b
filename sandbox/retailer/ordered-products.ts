import type { OrderRequest } from '../../src/api/schemas/order-request.ts';
import { type Catalog, type CatalogProduct, findProduct, successorOf } from './catalog.ts';

/** The catalog products an order names, after expired ids redirect; unknown ids are left out. */
export function orderedProducts(catalog: Catalog, order: OrderRequest): CatalogProduct[] {
  return order.products.flatMap((item) => {
    const id = successorOf(catalog, order.retailer, item.product_id) ?? item.product_id;
    const product = findProduct(catalog, order.retailer, id);
    return product ? [product] : [];
  });
}
