/** Types shared by the page readers, and the name of the script they are built into. */
import type { RetailerCode } from '../api/retailers.ts';
import type { Availability, PageDetails } from '../shared/page-details.ts';

export type ReaderFamily = 'amazon' | 'walmart' | 'costco' | 'homedepot' | 'aliexpress';

/** An amount in minor units with its ISO 4217 currency. */
export type Price = NonNullable<PageDetails['price']>;

/** What is known of the page before reading it: plain data, an executeScript argument. */
export interface PageContext {
  retailer?: RetailerCode;
  family?: ReaderFamily;
  /** The currency a bare "$" or a number without a symbol is in. */
  currency: string;
  /** The product id of the page's address, to pick the page's product among variants. */
  productId?: string;
}

/**
 * One source's reading of a page. `price: null` says the page shows no single price to
 * pay (no buy box, a placeholder, a range): no other source may supply one.
 */
export interface Reading {
  title?: string | undefined;
  price?: Price | null | undefined;
  availability?: Availability | undefined;
  image?: string | undefined;
  canonical?: string | undefined;
}

/** A storefront family's reader; `fallback` is the structured-data reading of the same page. */
export type Reader = (doc: Document, context: PageContext, fallback: Reading) => Reading;

/** What the reader script leaves in the content script's global scope. */
export interface PageReaderGlobal {
  __buylineReadPage?: (context: PageContext) => PageDetails;
}

/** The reader script (in-page.ts), built apart and injected by path: the worker carries no reader. */
export const PAGE_READER_SCRIPT = 'page-reader.js';

export type { Availability };
