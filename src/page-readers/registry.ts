/**
 * The page readers: one per storefront family, the structured-data reader the fallback
 * of each. Tabs run them in the reader script (in-page.ts); tests call `readPage`.
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

/** A document's context: its address when given, else its location, canonical link or markup. */
export function contextOfDocument(doc: Document, address?: string): PageContext {
  const found =
    pageContextOf(address) ??
    pageContextOf(doc.location?.href) ??
    pageContextOf(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')) ??
    pageContextOf(doc.querySelector('meta[property="og:url"]')?.getAttribute('content'));
  if (found) return found;
  const family = familyOfMarkup(doc);
  return family ? { family, currency: 'USD' } : { currency: 'USD' };
}

/** Reads a document directly (tests, benchmarks): the same code the page runs. */
export function readPage(doc: Document, address?: string): PageDetails {
  return runPageReaders(contextOfDocument(doc, address), doc);
}
