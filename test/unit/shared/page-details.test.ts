// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { readPage } from '../../../src/page-readers/registry.ts';
import { checkedPageDetails } from '../../../src/shared/page-details.ts';

// The structured-data reader: what every storefront family falls back on, and all a
// page of another shape gives.

function page(head: string, title = 'Page title') {
  document.head.innerHTML = `<title>${title}</title>${head}`;
  document.title = title;
}

beforeEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const jsonLd = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const AT = 'https://www.walmart.com/ip/Lamp/123456789';

describe('reading structured data', () => {
  it('reads a JSON-LD Product with its offer', () => {
    page(
      `${jsonLd({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Lamp',
        image: ['https://img/1.png'],
        offers: {
          '@type': 'Offer',
          price: '19.99',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      })}<link rel="canonical" href="${AT}">`,
    );
    expect(readPage(document, AT)).toEqual({
      title: 'Lamp',
      image: 'https://img/1.png',
      price: { amount: 1999, currency: 'USD' },
      availability: 'in_stock',
      canonical: AT,
    });
  });

  it('finds the Product inside @graph and a WebPage’s mainEntity, with an image object', () => {
    page(
      jsonLd({
        '@graph': [
          { '@type': 'WebPage' },
          {
            '@type': ['Product', 'Thing'],
            name: 'Fan',
            image: { '@type': 'ImageObject', url: 'https://img/fan.png' },
            offers: { '@type': 'AggregateOffer', lowPrice: 24.5, priceCurrency: 'EUR' },
          },
        ],
      }),
    );
    expect(readPage(document, AT)).toMatchObject({
      title: 'Fan',
      image: 'https://img/fan.png',
      price: { amount: 2450, currency: 'EUR' },
    });
    page(
      jsonLd({
        '@type': 'ItemPage',
        mainEntity: {
          '@type': 'Product',
          name: 'Mat',
          offers: [{ price: 5, availability: 'OutOfStock' }],
        },
      }),
    );
    expect(readPage(document, AT)).toMatchObject({
      title: 'Mat',
      price: { amount: 500, currency: 'USD' },
      availability: 'out_of_stock',
    });
  });

  it('gives no price for a range of offers, or offers that disagree', () => {
    page(
      jsonLd({
        '@type': 'Product',
        name: 'Shirt',
        offers: {
          '@type': 'AggregateOffer',
          lowPrice: 12.99,
          highPrice: 15.99,
          priceCurrency: 'USD',
        },
      }),
    );
    expect(readPage(document, AT).price).toBeUndefined();
    page(
      jsonLd({
        '@type': 'Product',
        name: 'Shirt',
        offers: [
          { price: 12.99, priceCurrency: 'USD' },
          { price: 15.99, priceCurrency: 'USD' },
        ],
      }),
    );
    expect(readPage(document, AT).price).toBeUndefined();
  });

  it('does not let a product meta tag stand in for a JSON-LD range', () => {
    page(
      `${jsonLd({
        '@type': 'Product',
        name: 'Shirt',
        offers: { '@type': 'AggregateOffer', lowPrice: '12.99', highPrice: '15.99' },
      })}<meta property="product:price:amount" content="12.99">`,
    );
    expect(readPage(document, AT).price).toBeUndefined();
  });

  it('decodes the HTML entities some storefronts leave in JSON-LD names', () => {
    page(jsonLd({ '@type': 'Product', name: 'Hershey&#39;s Kisses &amp; Hugs &#x2013; 2 lb' }));
    expect(readPage(document, AT).title).toBe("Hershey's Kisses & Hugs \u2013 2 lb");
    page(
      jsonLd({ '@type': 'Product', name: 'Odd &#99999999; &nbsp;entity', offers: { price: 2 } }),
    );
    expect(readPage(document, AT)).toMatchObject({
      title: 'Odd &#99999999; &nbsp;entity',
      price: { amount: 200, currency: 'USD' },
    });
  });

  it('picks the page’s own product among several, by the id in its address', () => {
    page(
      jsonLd([
        { '@type': 'Product', name: 'Related', sku: '555555555', offers: { price: 3 } },
        { '@type': 'Product', name: 'Lamp', sku: '123456789', offers: { price: 40 } },
      ]),
    );
    expect(readPage(document, AT)).toMatchObject({
      title: 'Lamp',
      price: { amount: 4000, currency: 'USD' },
    });
    expect(readPage(document, 'https://www.walmart.com/ip/Other/999999999').price).toBe(undefined);
  });

  it('reads a ProductGroup variant, and only what all variants agree on when none is the page’s', () => {
    const group = (ids: string[]) =>
      jsonLd({
        '@type': 'ProductGroup',
        name: 'Sheets',
        hasVariant: ids.map((sku, index) => ({
          '@type': 'Product',
          sku,
          name: `Sheets ${index}`,
          offers: {
            price: 10 + index,
            availability: index === 0 ? 'InStock' : 'OutOfStock',
          },
        })),
      });
    page(group(['111111111', '123456789']));
    expect(readPage(document, AT)).toMatchObject({
      title: 'Sheets 1',
      price: { amount: 1100, currency: 'USD' },
      availability: 'out_of_stock',
    });
    page(group(['111111111', '222222222']));
    const details = readPage(document, AT);
    expect(details.price).toBeUndefined();
    expect(details.availability).toBe('unknown');
    expect(details.title).toBe('Sheets');
  });

  it('falls back to Open Graph and product meta tags, then the title', () => {
    page(
      '<meta property="og:title" content="Kettle"><meta property="og:image" content="https://img/k.png"><meta property="product:price:amount" content="39.00"><meta property="product:price:currency" content="GBP"><meta property="og:availability" content="out of stock">',
    );
    expect(readPage(document, AT)).toEqual({
      title: 'Kettle',
      image: 'https://img/k.png',
      price: { amount: 3900, currency: 'GBP' },
      availability: 'out_of_stock',
    });
    page('', 'Just a title - Walmart.com');
    expect(readPage(document, AT)).toEqual({
      title: 'Just a title',
      availability: 'unknown',
    });
  });

  it('survives broken JSON-LD and a page with nothing', () => {
    page(
      '<script type="application/ld+json">{ not json</script><meta property="og:title" content="Still here">',
    );
    expect(readPage(document, AT)).toEqual({ title: 'Still here', availability: 'unknown' });
    page('', '');
    expect(readPage(document, AT)).toEqual({ availability: 'unknown' });
  });

  it('reads the current document when given nothing', () => {
    page('<meta property="og:title" content="Here">');
    expect(readPage(document)).toMatchObject({ title: 'Here' });
  });
});

describe('what comes back from the page', () => {
  it('keeps the contract’s fields', () => {
    const details = {
      title: 'Lamp',
      price: { amount: 1999, currency: 'USD' },
      availability: 'in_stock',
      image: 'https://img/1.png',
      canonical: 'https://www.amazon.com/dp/B0PLACES01',
    };
    expect(checkedPageDetails(details)).toEqual(details);
  });

  it('drops what is not the contract’s shape', () => {
    expect(
      checkedPageDetails({
        title: '  ',
        price: { amount: 19.99, currency: 'USD' },
        availability: 'maybe',
        image: 'javascript:alert(1)',
        canonical: 'file:///etc/passwd',
        extra: 'x',
      }),
    ).toEqual({ availability: 'unknown' });
    expect(checkedPageDetails({ price: { amount: 100, currency: 'usd' } })).toEqual({
      availability: 'unknown',
    });
    expect(checkedPageDetails(null)).toEqual({ availability: 'unknown' });
    expect(checkedPageDetails({ title: 'x'.repeat(2000) }).title).toHaveLength(500);
    expect(checkedPageDetails({ image: `data:image/png;base64,${'A'.repeat(20_000)}` })).toEqual({
      availability: 'unknown',
    });
  });
});
