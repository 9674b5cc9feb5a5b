import type { CatalogProduct, Offer } from '../catalog.ts';
import { loadCatalog } from '../catalog.ts';
import { productPageUrl } from '../product-url.ts';

/** What every storefront's page is drawn from: a catalog product as its page shows it. */
export interface PageModel {
  product: CatalogProduct;
  /** The featured offer: its price is the page's price to pay, the sandbox's price. */
  offer: Offer;
  /** Some seller has stock; without any, the page shows the product unavailable. */
  inStock: boolean;
  url: string;
  /** Other products of the storefront, for the carousels and their trap prices. */
  related: { product: CatalogProduct; price: number }[];
  /** The lowest price of the other sellers, shown as "other sellers from". */
  othersFrom?: number;
}

export function pageModel(product: CatalogProduct): PageModel | undefined {
  const offer = product.offers.find((candidate) => candidate.buy_box) ?? product.offers[0];
  if (!offer) return undefined;
  const others = product.offers
    .filter((candidate) => candidate !== offer && candidate.stock > 0)
    .map((candidate) => candidate.price);
  const related = loadCatalog()
    .products.filter(
      (candidate) =>
        candidate.retailer === product.retailer &&
        candidate.product_id !== product.product_id &&
        !candidate.test_value,
    )
    .slice(0, 6)
    .flatMap((candidate) => {
      const featured = candidate.offers.find((entry) => entry.buy_box);
      return featured ? [{ product: candidate, price: featured.price }] : [];
    });
  return {
    product,
    offer,
    inStock: product.offers.some((candidate) => candidate.stock > 0),
    url: productPageUrl(product.retailer, product.product_id),
    related,
    ...(others.length > 0 ? { othersFrom: Math.min(...others) } : {}),
  };
}

/** A list price above the price to pay, for the struck-through traps. */
export const listPriceOf = (cents: number) => Math.ceil((cents * 1.3) / 100) * 100 - 1;

/** The decimal text structured data carries: "19.99". */
export const decimal = (cents: number) => (cents / 100).toFixed(2);

/** Words of a slug as a storefront puts them in its addresses: "Cast-Iron-Skillet-12". */
export const titleSlug = (slug: string) =>
  slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('-');
