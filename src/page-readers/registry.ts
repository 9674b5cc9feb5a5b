/** The page readers: one per storefront family, with structured data the fallback of each. */
import type { PageDetails } from '../shared/page-details.ts';
import { readAliExpress } from './aliexpress.ts';
import { readAmazon } from './amazon.ts';
import { readCostco } from './costco.ts';
import { readHomeDepot } from './home-depot.ts';
import { cleanTitle, forgetMetaTags } from './kit/page-text.ts';
import { pageContextOf } from './page-context.ts';
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

/** A reader that throws reads nothing: the page still has the others. */
function attempt(read: () => Reading): Reading {
  try {
    return read();
  } catch {
    return {};
  }
}

/** Reads the page with its family's reader, then the structured data for what that reader left open. */
export function runPageReaders(context: PageContext, doc: Document): PageDetails {
  forgetMetaTags();
  const fallback = attempt(() => structured(doc, context));
  const reader = context.family ? READERS[context.family] : undefined;
  const own = reader ? attempt(() => reader(doc, context, fallback)) : {};
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
 * Reads a document directly (tests, benchmarks) the way a tab is read: in the context of
 * its address (by default its location), other sites as a plain page in dollars.
 */
export function readPage(doc: Document, address = doc.location?.href): PageDetails {
  return runPageReaders(pageContextOf(address) ?? { currency: 'USD' }, doc);
}
