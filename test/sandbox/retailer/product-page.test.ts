// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { productPageUrl, renderProductPage } from '../../../sandbox/retailer/index.ts';
import { priceToCents, readPageDetails } from '../../../src/shared/page-details.ts';
import { detectProduct } from '../../../src/shared/retailer-registry.ts';
import { catalogProduct, shipped } from './retailer-fixtures.ts';

const products = shipped.products;

/** Loads a rendered page into the test document, as a tab would show it. */
function open(html: string): void {
  document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? '';
}

function jsonLd(html: string): unknown {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return block === undefined ? undefined : JSON.parse(block);
}

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
  it('render for every product, with its title and a canonical link at its storefront address', () => {
    for (const product of products) {
      const html = renderProductPage(product.retailer, product.product_id);
      expect(html, product.product_id).toBeDefined();
      open(html as string);
      expect(document.title).toContain(product.title);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        productPageUrl(product.retailer, product.product_id),
      );
      expect(document.querySelector('h1')?.textContent).toBe(product.title);
    }
  });

  it('carry a JSON-LD Product that is valid JSON, on pages of kind full only', () => {
    for (const product of products) {
      const html = renderProductPage(product.retailer, product.product_id) as string;
      const data = jsonLd(html);
      if (product.page !== 'full') {
        expect(data, product.product_id).toBeUndefined();
        continue;
      }
      const box = product.offers.find((offer) => offer.buy_box);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        sku: product.product_id,
        productID: product.product_id,
        image: product.image,
        offers: {
          '@type': 'Offer',
          price: ((box?.price ?? 0) / 100).toFixed(2),
          priceCurrency: product.currency,
          availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/),
        },
      });
    }
  });

  it('carry Open Graph product tags on pages of kind full and og_only, none on bare pages', () => {
    for (const product of products) {
      open(renderProductPage(product.retailer, product.product_id) as string);
      const meta = (property: string) =>
        document.querySelector(`meta[property="${property}"]`)?.getAttribute('content');
      if (product.page === 'bare') {
        expect(document.querySelectorAll('meta[property]'), product.product_id).toHaveLength(0);
        continue;
      }
      const box = product.offers.find((offer) => offer.buy_box);
      expect({
        title: meta('og:title'),
        image: meta('og:image'),
        type: meta('og:type'),
        amount: meta('product:price:amount'),
        currency: meta('product:price:currency'),
      }).toEqual({
        title: product.title,
        image: product.image,
        type: 'product',
        amount: ((box?.price ?? 0) / 100).toFixed(2),
        currency: product.currency,
      });
    }
  });

  it('come in every kind: about one in eight with Open Graph only, one or two with neither', () => {
    const count = (kind: string) => products.filter((product) => product.page === kind).length;
    expect(count('og_only')).toBeGreaterThanOrEqual(Math.floor(products.length / 10));
    expect(count('og_only')).toBeLessThanOrEqual(Math.ceil(products.length / 6));
    expect(count('bare')).toBeGreaterThanOrEqual(1);
    expect(count('bare')).toBeLessThanOrEqual(2);
  });

  it('read back through the extension’s page reader as the product at its buy-box price', () => {
    for (const product of products) {
      open(renderProductPage(product.retailer, product.product_id) as string);
      const details = readPageDetails();
      const box = product.offers.find((offer) => offer.buy_box);
      expect(details.canonical).toBe(productPageUrl(product.retailer, product.product_id));
      if (product.page === 'bare') {
        expect(details.title).toContain(product.title);
        expect(details.price).toBeUndefined();
      } else {
        expect(details.title).toBe(product.title);
        expect(priceToCents(details.price)).toBe(box?.price);
        expect(details.currency).toBe(product.currency);
      }
    }
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
