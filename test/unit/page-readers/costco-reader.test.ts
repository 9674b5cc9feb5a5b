import { describe, expect, it } from 'vitest';
import { readPage } from '../../../src/page-readers/registry.ts';
import { documentOf } from './documents.ts';

// The Costco reader's rules for its two newer shapes, one at a time: the legacy page
// whose price only og:price holds, and the page rendered by React Server Components.

const read = (url: string, body: string, head = '') =>
  readPage(documentOf(`<html><head>${head}</head><body>${body}</body></html>`, url), url);

const LEGACY = 'https://www.costco.com/olive-oil.product.100387112.html';
const NEW = 'https://www.costco.com/p/-/dyson-v15/4000212345';

/** Flight data as the server streams it: rows of `<id>:<json>`, split across pushes. */
function flight(...rows: unknown[]): string {
  const text = `${rows.map((row, index) => `${index + 1}:${JSON.stringify(row)}`).join('\n')}\n`;
  const half = Math.floor(text.length / 2);
  return [text.slice(0, half), text.slice(half)]
    .map((chunk) => `<script>self.__next_f.push(${JSON.stringify([1, chunk])})</script>`)
    .join('');
}

describe('the Costco reader on a legacy page', () => {
  it('reads og:price when the page draws "Your Price" later', () => {
    const details = read(
      LEGACY,
      '<div id="price-container"></div>',
      '<meta property="og:price" content="44.99"><meta property="og:price:currency" content="USD">',
    );
    expect(details.price).toEqual({ amount: 4499, currency: 'USD' });
  });

  it.each([['- -.- -'], ['--'], ['Sign In for Price']])(
    'gives no price while "Your Price" is %j, og:price or not',
    (shown) => {
      const details = read(
        LEGACY,
        `<span class="value" automation-id="productPriceOutput">${shown}</span>`,
        '<meta property="og:price" content="44.99">',
      );
      expect(details.price).toBeUndefined();
    },
  );

  it('gives no price for an og:price that is a range', () => {
    const details = read(LEGACY, '', '<meta property="og:price" content="$39.99 - $44.99">');
    expect(details.price).toBeUndefined();
  });
});

describe('the Costco reader on a page rendered from server components', () => {
  it('reads the price the page shows for its own product id', () => {
    const details = read(
      NEW,
      '<span data-testid="Text_Price_1700452211">$279.99</span><span data-testid="Text_Price_4000212345">$599.99</span>',
    );
    expect(details.price).toEqual({ amount: 59_999, currency: 'USD' });
  });

  it('reads the sale price of the product naming its id in the flight data, not a related one', () => {
    const details = read(
      NEW,
      flight(
        { itemNumber: '1700452211', pricing: { salePrice: '279.99' } },
        {
          product: {
            itemNumber: '4000212345',
            pricing: { listPrice: '749.99', salePrice: 599.99 },
          },
        },
      ),
    );
    expect(details.price).toEqual({ amount: 59_999, currency: 'USD' });
  });

  it('reads a JSON-LD Product a server component renders inside the flight data', () => {
    const ld = {
      '@type': 'Product',
      sku: '1134771',
      offers: { price: '599.99', priceCurrency: 'USD' },
    };
    const details = read(
      NEW,
      flight(['$', 'script', null, { dangerouslySetInnerHTML: { __html: JSON.stringify(ld) } }]),
    );
    expect(details.price).toEqual({ amount: 59_999, currency: 'USD' });
  });

  it.each([
    ['a placeholder', { itemNumber: '4000212345', price: '--' }],
    ['a range', { itemNumber: '4000212345', pricing: { minPrice: '549.99', maxPrice: '599.99' } }],
    [
      'two prices',
      [
        { productId: '4000212345', price: 599.99 },
        { sku: '4000212345', price: 549.99 },
      ],
    ],
  ])('gives no price for %s, whatever the JSON-LD says', (_, row) => {
    const details = read(
      NEW,
      flight(row),
      '<script type="application/ld+json">{"@type":"Product","offers":{"price":"599.99"}}</script>',
    );
    expect(details.price).toBeUndefined();
  });

  it('reads the availability from its add-to-cart button', () => {
    const out = read(NEW, '<button data-testid="Button_AddToCart" disabled>Out of Stock</button>');
    const inStock = read(NEW, '<button data-testid="Button_AddToCart">Add to Cart</button>');
    expect([out.availability, inStock.availability]).toEqual(['out_of_stock', 'in_stock']);
  });
});
