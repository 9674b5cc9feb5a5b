import { isRetailerCode } from '../../src/api/retailers.ts';
import { findProduct, loadCatalog } from './catalog.ts';
import { aliExpressPage } from './pages/aliexpress-page.ts';
import { amazonPage } from './pages/amazon-page.ts';
import { costcoPage } from './pages/costco-page.ts';
import { homeDepotPage } from './pages/home-depot-page.ts';
import { pageModel } from './pages/page-model.ts';
import { walmartPage } from './pages/walmart-page.ts';

/**
 * A product page of the catalog as its storefront serves it: in that storefront's real
 * markup shape (the catalog's `page` picks among its variants), with the traps real
 * pages hold beside the price to pay, which is always the featured offer's price.
 * Undefined for a product or retailer the catalog does not have.
 */
export function renderProductPage(retailer: string, productId: string): string | undefined {
  if (!isRetailerCode(retailer)) return undefined;
  const product = findProduct(loadCatalog(), retailer, productId);
  const model = product ? pageModel(product) : undefined;
  if (!model) return undefined;
  switch (retailer) {
    case 'walmart':
      return walmartPage(model);
    case 'costco':
      return costcoPage(model);
    case 'homedepot':
      return homeDepotPage(model);
    case 'aliexpress':
      return aliExpressPage(model);
    default:
      return amazonPage(model);
  }
}
