import { describe, expect, it } from 'vitest';
import { readPage } from '../../../src/page-readers/registry.ts';
import { FIXTURE_PAGES, fixtureHtml } from '../../fixtures/pages/readings.ts';
import { documentOf } from './documents.ts';

const families = ['amazon', 'walmart', 'costco', 'homedepot', 'aliexpress'];

describe('the fixture corpus', () => {
  it('holds at least three pages of every storefront family', () => {
    for (const family of families)
      expect(
        FIXTURE_PAGES.filter((page) => page.file.startsWith(`${family}/`)).length,
        family,
      ).toBeGreaterThanOrEqual(3);
  });

  it('holds pages with no price to pay and out-of-stock pages in every family', () => {
    for (const family of families) {
      const pages = FIXTURE_PAGES.filter((page) => page.file.startsWith(`${family}/`));
      expect(
        pages.some((page) => page.expected.price === undefined),
        family,
      ).toBe(true);
      expect(
        pages.some((page) => page.expected.availability === 'out_of_stock'),
        family,
      ).toBe(true);
    }
  });
});

describe.each(FIXTURE_PAGES)('$file ($shows)', ({ file, url, expected }) => {
  const details = readPage(documentOf(fixtureHtml(file), url), url);

  it('reads the title without the storefront’s words around it', () => {
    expect(details.title).toBe(expected.title);
  });

  it(
    expected.price
      ? `reads the price to pay: ${expected.price.amount} ${expected.price.currency}`
      : 'reads no price',
    () => {
      expect(details.price).toEqual(expected.price);
    },
  );

  it(`reads the availability: ${expected.availability}`, () => {
    expect(details.availability).toBe(expected.availability);
  });

  it('reads the main image and the canonical address', () => {
    expect(details.image).toBe(expected.image);
    expect(details.canonical).toBe(expected.canonical);
  });

  it('reads nothing more than the contract’s fields', () => {
    expect(details).toEqual(expected);
  });
});
