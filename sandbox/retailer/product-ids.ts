import { RETAILERS, type RetailerCode } from '../../src/api/retailers.ts';
import { type Catalog, type CatalogProduct, findProduct, successorOf } from './catalog.ts';
import { type Failure, fail } from './failure.ts';

// An ASIN: B0 and eight capitals or digits, or a book's ISBN-10.
const ASIN = /^(B0[A-Z0-9]{8}|\d{9}[\dX])$/;
// The other storefronts number their items; the number is what their page URLs carry.
const ITEM_NUMBER = /^\d{6,20}$/;

/** Whether `productId` has the shape of a product id of that storefront. */
function isProductIdShape(retailer: RetailerCode, productId: string): boolean {
  return RETAILERS[retailer].marketplace ? ASIN.test(productId) : ITEM_NUMBER.test(productId);
}

export interface ResolvedProduct {
  product: CatalogProduct;
  /** The id the order asked for; differs from product.product_id after a redirect. */
  requested: string;
}

/**
 * Step 1 of placement: the catalog product an ordered id stands for. An expired id
 * redirects to its successor, or fails when the order is strict about expired ids.
 */
export function resolveProduct(
  catalog: Catalog,
  retailer: RetailerCode,
  requested: string,
  strictExpired: boolean,
  at: Record<string, unknown>,
): ResolvedProduct | Failure {
  const storefront = RETAILERS[retailer].storefront;
  const successor = successorOf(catalog, retailer, requested);
  if (successor !== undefined && strictExpired) {
    return fail(
      'expired_product_id',
      `Product ${requested} is no longer sold on ${storefront}; it was replaced by ${successor}. Order ${successor}, or turn off strict_expired_product_id to buy the replacement.`,
      { ...at, successor },
    );
  }
  const id = successor ?? requested;
  const product = findProduct(catalog, retailer, id);
  if (product) return { product, requested };
  if (!isProductIdShape(retailer, id)) {
    const shape = RETAILERS[retailer].marketplace
      ? 'a 10-character ASIN such as B0C1234XYZ'
      : 'the item number in the product page address';
    return fail(
      'unsupported_product_id',
      `“${id}” is not a product id of ${storefront}: it should be ${shape}. Copy the id from the product page address.`,
      at,
    );
  }
  return fail(
    'product_unavailable',
    `Product ${id} is not available on ${storefront}. Check the id, or choose another product.`,
    at,
  );
}
