import { describe, expect, it } from 'vitest';
import { RETAILER_CODES, RETAILERS } from '../../../src/api/retailers.ts';
import { familyOf, pageContextOf } from '../../../src/page-readers/page-context.ts';

describe('the context a page is read in', () => {
  it.each([
    ['https://www.amazon.com/dp/B0PLACES01', 'amazon', 'amazon', 'USD', 'B0PLACES01'],
    ['https://www.amazon.co.uk/dp/B0PLACES01', 'amazon_uk', 'amazon', 'GBP', 'B0PLACES01'],
    ['https://www.amazon.ca/-/fr/dp/B0PLACES01', 'amazon_ca', 'amazon', 'CAD', 'B0PLACES01'],
    ['https://www.amazon.de/dp/B0PLACES01', 'amazon_de', 'amazon', 'EUR', 'B0PLACES01'],
    ['https://www.amazon.com.mx/dp/B0PLACES01', 'amazon_mx', 'amazon', 'MXN', 'B0PLACES01'],
    ['https://www.walmart.com/ip/Fan/619448939', 'walmart', 'walmart', 'USD', '619448939'],
    ['https://www.costco.com/p/-/vacuum/1161857566', 'costco', 'costco', 'USD', '1161857566'],
    ['https://www.homedepot.com/p/Ladder/202398092', 'homedepot', 'homedepot', 'USD', '202398092'],
    [
      'https://www.aliexpress.com/item/1005002293226328.html',
      'aliexpress',
      'aliexpress',
      'USD',
      '1005002293226328',
    ],
    [
      'https://pt.aliexpress.com/item/1005002293226328.html',
      'aliexpress',
      'aliexpress',
      'BRL',
      '1005002293226328',
    ],
    [
      'https://de.aliexpress.com/item/1005002293226328.html',
      'aliexpress',
      'aliexpress',
      'EUR',
      '1005002293226328',
    ],
  ])('%s is %s, read by the %s reader in %s', (url, retailer, family, currency, productId) => {
    expect(pageContextOf(url)).toEqual({ retailer, family, currency, productId });
  });

  it('knows the storefront of a page that is not a product page, without a product id', () => {
    expect(pageContextOf('https://www.amazon.de/s?k=kanne')).toEqual({
      retailer: 'amazon_de',
      family: 'amazon',
      currency: 'EUR',
    });
  });

  it('is undefined for other sites and what is not an address', () => {
    expect(pageContextOf('https://www.amazon.com.evil.io/dp/B0PLACES01')).toBeUndefined();
    expect(pageContextOf('not a url')).toBeUndefined();
  });

  it('has a reader family for every retailer, in the retailer’s currency', () => {
    for (const code of RETAILER_CODES) {
      expect(['amazon', 'walmart', 'costco', 'homedepot', 'aliexpress']).toContain(familyOf(code));
      const context = pageContextOf(`https://www.${RETAILERS[code].storefront}/`);
      expect(context?.currency, code).toBe(RETAILERS[code].currency);
    }
  });
});
