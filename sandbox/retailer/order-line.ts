import type { CatalogProduct, Offer, ShippingOption } from './catalog.ts';

/** One ordered product once its offer and shipping are chosen. */
export interface OrderLine {
  /** Position in the order's `products`. */
  index: number;
  /** The id the order asked for (an expired id redirects to `product`). */
  requested: string;
  product: CatalogProduct;
  quantity: number;
  offer: Offer;
  shipping: ShippingOption;
  /** The seller's handling days plus the shipping method's transit days. */
  deliveryDays: number;
}
