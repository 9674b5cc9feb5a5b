/**
 * The page readers: one per storefront family, with the structured-data reader as
 * every family's fallback. In a tab they run inside the reader script (in-page.ts);
 * tests and benchmarks read a document directly with `readPage`.
 */
import type { PageDetails } from '../shared/page-details.ts';
import { readAliExpress } from './aliexpress.ts';
import { readAmazon } from './amazon.ts';
import { readCostco } from './costco.ts';
import { readHomeDepot } from './home-depot.ts';
import { cleanTitle, forgetMetaTags } from './kit/page-text.ts';
import { familyOfMarkup, pageContextOf } from './page-context.ts';
import { structured } from './structured-data.ts';
import type { PageContext, Reader, ReaderFamily, Reading } from './types.ts';
import { readWalmart } from './walmart.ts';

const READERS: Record<ReaderFamily, Reader> = {
  amazon: readAmazon,
  walmart: readWalmart,
  costco: readCostco,
  homedepot: readHomeDepot,
  aliexpress: readAliExpress,
};

/** Reads the page with its family's reader, then the structured data for what that reader left open. */
export function runPageReaders(context: PageContext, doc: Document): PageDetails {
  forgetMetaTags();
  let fallback: Reading = {};
  let own: Reading = {};
  try {
    fallback = structured(doc, context);
  } catch {
    // A page that breaks one reader still has the others.
  }
  const reader = context.family ? READERS[context.family] : undefined;
  try {
    if (reader) own = reader(doc, context, fallback);
  } catch {
    // As above: the structured data still reads.
  }
  // null is the family reader saying "no price to pay here": it is not overruled.
  const price = own.price !== undefined ? own.price : fallback.price;
  const details: PageDetails = {
    availability: own.availability ?? fallback.availability ?? 'unknown',
  };
  const title = cleanTitle(own.title ?? fallback.title);
  if (title) details.title = title;
  if (price) details.price = { amount: price.amount, currency: price.currency };
  const image = own.image ?? fallback.image;
  if (image) details.image = image;
  const canonical = own.canonical ?? fallback.canonical;
  if (canonical) details.canonical = canonical;
  return details;
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
  return runPageReaders(contextOfDocument(doc, address), doc);
}
