import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import {
  type CatalogProduct,
  productPageUrl,
  renderProductPage,
} from '../../../sandbox/retailer/index.ts';
import { RETAILERS } from '../../../src/api/retailers.ts';
import { readPage } from '../../../src/page-readers/registry.ts';
import { detectProduct } from '../../../src/shared/retailer-registry.ts';
import { catalogProduct, shipped } from './retailer-fixtures.ts';

const products = shipped.products;
const amazonFamily = products.filter((product) => RETAILERS[product.retailer].marketplace);
const inStock = (product: CatalogProduct) => product.offers.some((offer) => offer.stock > 0);
const featured = (product: CatalogProduct) => product.offers.find((offer) => offer.buy_box);

/** A demo page parsed as the tab would hold it (its scripts not run). */
function pageOf(product: CatalogProduct): Document {
  const html = renderProductPage(product.retailer, product.product_id);
  if (!html) throw new Error(`no page for ${product.product_id}`);
  const window = new Window({ url: productPageUrl(product.retailer, product.product_id) });
  return new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

const kinds = (retailer: (code: string) => boolean) =>
  new Set(products.filter((product) => retailer(product.retailer)).map((product) => product.page));

describe('product page addresses', () => {
  it.each([
    ['amazon', 'B0PLACES01', 'https://www.amazon.com/dp/B0PLACES01'],
    ['amazon_uk', 'B0G3QM95DR', 'https://www.amazon.co.uk/dp/B0G3QM95DR'],
    ['amazon_ca', 'B069Y3XY5T', 'https://www.amazon.ca/dp/B069Y3XY5T'],
    ['amazon_de', 'B018A52DN9', 'https://www.amazon.de/dp/B018A52DN9'],
    ['amazon_mx', 'B0UQYQNSJG', 'https://www.amazon.com.mx/dp/B0UQYQNSJG'],
    ['walmart', '473723880', 'https://www.walmart.com/ip/air-fryer-5-8-quart/473723880'],
    [
      'costco',
      '1161857566',
      'https://www.costco.com/robot-vacuum-with-self-empty-base.product.1161857566.html',
    ],
    ['costco', '1860207886', 'https://www.costco.com/p/-/patio-dining-set-7-pieces/1860207886'],
    ['homedepot', '202398092', 'https://www.homedepot.com/p/fiberglass-step-ladder-6-ft/202398092'],
    ['aliexpress', '1005002293226328', 'https://www.aliexpress.com/item/1005002293226328.html'],
  ])('%s %s is at %s', (retailer, id, url) => {
    expect(productPageUrl(retailer, id)).toBe(url);
  });

  it('is an address the extension recognises as that product, for every product', () => {
    for (const product of products) {
      expect(detectProduct(productPageUrl(product.retailer, product.product_id))).toEqual({
        retailer: product.retailer,
        productId: product.product_id,
      });
    }
  });
});

describe('product pages', () => {
  it('render for every product, with its title and a canonical link to the same product', () => {
    for (const product of products) {
      const page = pageOf(product);
      expect(page.title, product.product_id).toContain(product.title);
      const canonical = page.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
      expect(detectProduct(canonical), product.product_id).toEqual({
        retailer: product.retailer,
        productId: product.product_id,
      });
    }
  });

  it('read back through the extension’s page reader as the product at its featured price', () => {
    for (const product of products) {
      const details = readPage(
        pageOf(product),
        productPageUrl(product.retailer, product.product_id),
      );
      const id = `${product.retailer} ${product.product_id} (${product.page})`;
      expect(details.title, id).toBe(product.title);
      expect(details.image, id).toBe(product.image);
      const noPrice =
        product.page === 'costco_placeholder' ||
        product.page === 'aliexpress_served' ||
        (!inStock(product) && RETAILERS[product.retailer].marketplace);
      expect(details.price, id).toEqual(
        noPrice ? undefined : { amount: featured(product)?.price, currency: product.currency },
      );
      expect(details.availability, id).toBe(
        product.page === 'aliexpress_served'
          ? 'unknown'
          : inStock(product)
            ? 'in_stock'
            : 'out_of_stock',
      );
    }
  });

  it('carry no JSON-LD, Open Graph or price meta on the amazon storefronts', () => {
    for (const product of amazonFamily) {
      const page = pageOf(product);
      expect(
        page.querySelector('script[type="application/ld+json"]'),
        product.product_id,
      ).toBeNull();
      expect(page.querySelector('meta[property]'), product.product_id).toBeNull();
      expect(page.querySelector('#productTitle')?.textContent).toBe(product.title);
    }
  });

  it('put the traps real Amazon pages hold beside the buy box price', () => {
    const page = pageOf(catalogProduct('amazon', 'B0HBTRQJGF'));
    const box = page.querySelector('#corePriceDisplay_desktop_feature_div');
    expect(box?.querySelector('.priceToPay .a-offscreen')?.textContent).toBe('$24.95');
    expect(box?.querySelector('[data-a-strike="true"] .a-offscreen')?.textContent).toMatch(/^\$/);
    const unit = box?.querySelector('.a-size-base.a-color-secondary');
    expect(unit?.querySelector('.a-text-price .a-offscreen')?.textContent).toBe('$2.50');
    expect(unit?.textContent).toMatch(/^\(.*\/ Count\)$/);
    expect(page.querySelectorAll('#sp_detail .a-price').length).toBeGreaterThan(2);
    expect(page.querySelector('#olpLinkWidget_feature_div .a-price')).not.toBeNull();
    const options = JSON.parse(
      page.querySelector('.twister-plus-buying-options-price-data')?.textContent ?? '{}',
    );
    expect(options.desktop_buybox_group_1[0]).toMatchObject({
      priceAmount: 24.95,
      buyingOptionType: 'NEW',
    });
  });

  it('show at least one Amazon product unavailable, without a buy box', () => {
    const page = pageOf(catalogProduct('amazon', 'B0OOSTOCK1'));
    expect(page.querySelector('#outOfStock')?.textContent).toContain('Currently unavailable.');
    expect(page.querySelector('#buybox-see-all-buying-choices')).not.toBeNull();
    expect(page.querySelector('#apex_desktop .a-price')).toBeNull();
  });

  it('write each storefront’s local price formats', () => {
    const text = (retailer: string, id: string, selector: string) =>
      pageOf(catalogProduct(retailer, id)).querySelector(selector)?.textContent;
    expect(text('amazon_de', 'B018A52DN9', '.priceToPay .a-offscreen')).toBe('24,99\u00a0€');
    expect(text('amazon_ca', 'B0AJTCDUJ7', '.priceToPay .a-offscreen')).toBe('18,99\u00a0$');
    expect(text('amazon_mx', 'B0ZF1ASH5Z', '.priceToPay .a-offscreen')).toBe('$1,299.00');
    expect(text('amazon_de', 'B02X8TAUV7', '.a-price-whole')).toBe('89,');
    expect(text('aliexpress', '1005002293226328', '[class*="price-default--current--"]')).toBe(
      'US $5.99',
    );
  });

  it('use every storefront’s shapes: Walmart with __NEXT_DATA__ only and with a ProductGroup', () => {
    const nextOnly = pageOf(catalogProduct('walmart', '473723880'));
    expect(nextOnly.querySelector('script#__NEXT_DATA__')).not.toBeNull();
    expect(nextOnly.querySelector('script[type="application/ld+json"]')).toBeNull();
    const group = pageOf(catalogProduct('walmart', '919754443'));
    expect(group.querySelector('script#__NEXT_DATA__')).toBeNull();
    const data = JSON.parse(
      group.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
    );
    expect(data['@type']).toBe('ProductGroup');
    expect(data.hasVariant.map((variant: { sku: string }) => variant.sku)).toContain('919754443');
    // The pickup widget's words are no availability.
    expect(nextOnly.body.textContent).toContain('Out of stock at Cambridge Supercenter');
  });

  it('use every storefront’s shapes: Costco’s placeholder, Home Depot’s Apollo state, AliExpress’s hashed classes', () => {
    const costco = pageOf(catalogProduct('costco', '1196293158'));
    expect(costco.querySelector('[automation-id="productPriceOutput"]')?.textContent).toBe('--');
    const homeDepot = renderProductPage('homedepot', '317673606') as string;
    expect(homeDepot).toMatch(/window\.__APOLLO_STATE__=\{/);
    expect(homeDepot).not.toMatch(/"availability"/);
    const aliexpress = pageOf(catalogProduct('aliexpress', '1005001329850281'));
    expect(aliexpress.querySelector('h1[data-pl]')?.textContent).toBe('LED Strip Lights, 5 m, RGB');
  });

  it('give every retailer only its own storefront’s shapes, and use each shape', () => {
    expect(kinds((code) => code.startsWith('amazon'))).toEqual(
      new Set(['full', 'amazon_split_price', 'amazon_price_table', 'amazon_french']),
    );
    expect(kinds((code) => code === 'walmart')).toEqual(
      new Set(['full', 'walmart_next_data', 'walmart_product_group']),
    );
    expect(kinds((code) => code === 'costco')).toEqual(
      new Set(['full', 'costco_placeholder', 'costco_new']),
    );
    expect(kinds((code) => code === 'homedepot')).toEqual(new Set(['full']));
    expect(kinds((code) => code === 'aliexpress')).toEqual(new Set(['full', 'aliexpress_served']));
  });

  it('escape the catalog’s text, such as a seller name with an ampersand', () => {
    const product = catalogProduct('amazon', 'B0XGF0GYYS');
    expect(product.offers.some((offer) => offer.seller_name.includes('&'))).toBe(true);
    const html = renderProductPage('amazon', 'B0XGF0GYYS') as string;
    expect(html).toContain('Hearth &amp; Home Outlet');
    expect(html).not.toContain('Hearth & Home');
  });

  it('are undefined for a product or retailer the catalog does not have', () => {
    expect(renderProductPage('amazon', 'B0NOTHERE0')).toBeUndefined();
    expect(renderProductPage('walmart', 'B0PLACES01')).toBeUndefined();
    expect(renderProductPage('ebay', 'B0PLACES01')).toBeUndefined();
  });
});
