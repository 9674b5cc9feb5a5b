// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { renderProductPage } from '../../../sandbox/retailer/index.ts';
import { priceToCents, readPageDetails } from '../../../src/shared/page-details.ts';

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

describe('reading a product page', () => {
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
      })}<link rel="canonical" href="https://www.amazon.com/dp/B0PLACES01">`,
    );
    expect(readPageDetails()).toEqual({
      title: 'Lamp',
      image: 'https://img/1.png',
      price: '19.99',
      currency: 'USD',
      availability: 'in_stock',
      canonical: 'https://www.amazon.com/dp/B0PLACES01',
    });
  });

  it('finds the Product inside @graph, with an AggregateOffer or offers as a list', () => {
    page(
      jsonLd({
        '@graph': [
          { '@type': 'WebPage' },
          {
            '@type': ['Product', 'Thing'],
            name: 'Fan',
            offers: { '@type': 'AggregateOffer', lowPrice: 24.5, priceCurrency: 'EUR' },
          },
        ],
      }),
    );
    expect(readPageDetails()).toMatchObject({ title: 'Fan', price: '24.5', currency: 'EUR' });
    page(
      jsonLd([
        {
          '@type': 'Product',
          name: 'Mat',
          offers: [{ price: 5, priceCurrency: 'GBP', availability: 'OutOfStock' }],
        },
      ]),
    );
    expect(readPageDetails()).toMatchObject({
      title: 'Mat',
      price: '5',
      availability: 'out_of_stock',
    });
  });

  it('falls back to Open Graph and product meta tags, then the title', () => {
    page(
      '<meta property="og:title" content="Kettle"><meta property="og:image" content="https://img/k.png"><meta property="product:price:amount" content="39.00"><meta property="product:price:currency" content="GBP">',
    );
    expect(readPageDetails()).toEqual({
      title: 'Kettle',
      image: 'https://img/k.png',
      price: '39.00',
      currency: 'GBP',
    });
    page('', 'Just a title');
    expect(readPageDetails()).toEqual({ title: 'Just a title' });
  });

  it('survives broken JSON-LD and a page with nothing', () => {
    page(
      '<script type="application/ld+json">{ not json</script><meta property="og:title" content="Still here">',
    );
    expect(readPageDetails()).toEqual({ title: 'Still here' });
    page('', '');
    expect(readPageDetails()).toEqual({});
  });

  it('reads the sandbox’s demo pages', () => {
    const html = renderProductPage('amazon', 'B0PLACES01') as string;
    document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
    expect(readPageDetails()).toMatchObject({
      title: 'Sandbox Test Item: Always Places',
      price: '19.99',
      currency: 'USD',
      availability: 'in_stock',
    });
  });
});

describe('prices', () => {
  it.each([
    ['19.99', 1999],
    ['$1,234.56', 123_456],
    ['1.234,56 €', 123_456],
    ['24.5', 2450],
    ['5', 500],
    ['1,299', 129_900],
  ])('%s is %i cents', (text, cents) => {
    expect(priceToCents(text)).toBe(cents);
  });

  it('is undefined for no price', () => {
    expect(priceToCents(undefined)).toBeUndefined();
    expect(priceToCents('free')).toBeUndefined();
  });
});
