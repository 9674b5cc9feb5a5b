/**
 * The page readers: one per storefront family, with the structured-data reader as
 * every family's fallback.
 *
 * They run inside the product page, through scripting.executeScript, which serialises
 * each function with Function.prototype.toString: an injected function can refer to
 * nothing outside its own body. So each module is one self-contained installer that
 * puts its pure functions in the content script's global scope (the extension's
 * isolated world, which the page cannot see and which lasts between injections), and
 * `runPageReaders`, injected last with plain data as its argument, looks them up and
 * reads the page. Tests and `readPage` call the same functions directly.
 */
import type { PageDetails } from '../shared/page-details.ts';
import { installAliExpressReader } from './aliexpress.ts';
import { installAmazonReader } from './amazon.ts';
import { installCostcoReader } from './costco.ts';
import { installHomeDepotReader } from './home-depot.ts';
import { installFlightData } from './kit/flight-data.ts';
import { installPageText } from './kit/page-text.ts';
import { installPriceText } from './kit/price-text.ts';
import { familyOfMarkup, pageContextOf } from './page-context.ts';
import { installStructuredData } from './structured-data.ts';
import type { PageContext, PageKit, PageReaderGlobal, Reading } from './types.ts';
import { installWalmartReader } from './walmart.ts';

/** Every installer; each is injected on its own, in any order, before `runPageReaders`. */
export const PAGE_READER_INSTALLERS: readonly (() => void)[] = [
  installPageText,
  installPriceText,
  installFlightData,
  installStructuredData,
  installAmazonReader,
  installWalmartReader,
  installCostcoReader,
  installHomeDepotReader,
  installAliExpressReader,
];

/**
 * Reads the page with its family's reader, then the structured data for what that
 * reader left open. Self-contained: injected into the page with the context as its
 * one argument (the document is then the page's).
 */
export function runPageReaders(context: PageContext, doc: Document = document): PageDetails {
  const space = (globalThis as PageReaderGlobal).__buylinePageReaders;
  const kit = space?.kit as PageKit | undefined;
  if (!space || !kit?.structured || !kit.cleanTitle) return { availability: 'unknown' };
  let fallback: Reading = {};
  let own: Reading = {};
  try {
    fallback = kit.structured(doc, context);
  } catch {
    // A page that breaks one reader still has the others.
  }
  const reader = context.family ? space.readers[context.family] : undefined;
  try {
    if (reader) own = reader(doc, context, kit, fallback);
  } catch {
    // As above: the structured data still reads.
  }
  // null is the family reader saying "no price to pay here": it is not overruled.
  const price = own.price !== undefined ? own.price : fallback.price;
  const details: PageDetails = {
    availability: own.availability ?? fallback.availability ?? 'unknown',
  };
  const title = kit.cleanTitle(own.title ?? fallback.title);
  if (title) details.title = title;
  if (price) details.price = { amount: price.amount, currency: price.currency };
  const image = own.image ?? fallback.image;
  if (image) details.image = image;
  const canonical = own.canonical ?? fallback.canonical;
  if (canonical) details.canonical = canonical;
  return details;
}

/** Installs every reader in this context's global scope (what injection does in a page). */
export function installPageReaders(): void {
  for (const install of PAGE_READER_INSTALLERS) install();
}

/**
 * The context of a document: from its address when given, else its own location, its
 * canonical link, and last its markup.
 */
export function contextOfDocument(doc: Document, address?: string): PageContext {
  const candidates = [
    () => address,
    () => doc.location?.href,
    () => doc.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    () => doc.querySelector('meta[property="og:url"]')?.getAttribute('content'),
  ];
  for (const candidate of candidates) {
    const found = candidate();
    const context = found ? pageContextOf(found) : undefined;
    if (context) return context;
  }
  const family = familyOfMarkup(doc);
  return family ? { family, currency: 'USD' } : { currency: 'USD' };
}

/** Reads a document directly (tests, benchmarks): the same code the page runs. */
export function readPage(doc: Document, address?: string): PageDetails {
  installPageReaders();
  return runPageReaders(contextOfDocument(doc, address), doc);
}
