/**
 * Types shared by the page readers. Only types live here: the readers themselves run
 * inside the product page (scripting.executeScript serialises each function with
 * Function.prototype.toString), so they can share nothing at run time but what they
 * install in the content script's global scope (see registry.ts).
 */
import type { RetailerCode } from '../api/retailers.ts';
import type { Availability, PageDetails } from '../shared/page-details.ts';

/** The storefront families; each has one reader. */
export type ReaderFamily = 'amazon' | 'walmart' | 'costco' | 'homedepot' | 'aliexpress';

/** An amount in minor units with its ISO 4217 currency. */
export interface Price {
  amount: number;
  currency: string;
}

/**
 * What the popup knows about the page before reading it, as plain data (it crosses
 * into the page as an executeScript argument).
 */
export interface PageContext {
  retailer?: RetailerCode;
  family?: ReaderFamily;
  /** The storefront's currency: the one a bare "$" or a number without a symbol is in. */
  currency: string;
  /** The product id of the page's address, to pick the page's product among variants. */
  productId?: string;
}

/**
 * One source's reading of a page. `price: null` says the page shows no single price to
 * pay (no buy box, a placeholder, a range): no other source may then supply one.
 */
export interface Reading {
  title?: string | undefined;
  price?: Price | null | undefined;
  availability?: Availability | undefined;
  image?: string | undefined;
  canonical?: string | undefined;
}

/** The helpers every reader uses, installed by kit/page-text.ts, kit/price-text.ts and structured-data.ts. */
export interface PageKit {
  /** Text with every kind of space made one plain space, trimmed; undefined when empty. */
  text(value: unknown): string | undefined;
  /** The normalised text content of the first element matching a selector. */
  textAt(root: ParentNode, selector: string): string | undefined;
  /** The content of a meta tag by property or name. */
  meta(doc: Document, name: string): string | undefined;
  /** The first of these ids the document has, in the order given. */
  byId(doc: Document, ids: readonly string[]): Element | undefined;
  /** Text parsed as JSON; undefined when it is missing or not JSON. */
  parseJson(source: string | null | undefined): unknown;
  /** An element's text parsed as JSON; undefined when it is missing or not JSON. */
  json(element: Element | null | undefined): unknown;
  /** A title without the storefronts' prefixes and suffixes. */
  cleanTitle(title: string | undefined): string | undefined;
  /** Price text in any storefront's format → minor units; undefined for no single price. */
  parsePrice(text: string | undefined, currency: string): Price | undefined;
  /** A number or a decimal string ("24.88") in a currency → minor units. */
  priceOfAmount(amount: unknown, currency: unknown, fallbackCurrency: string): Price | undefined;
  /** The ISO code a currency symbol or code stands for, in a storefront of this currency. */
  currencyOf(symbol: string, storefrontCurrency: string): string | undefined;
  /** schema.org or Open Graph availability → ours; undefined when it says nothing. */
  availabilityOf(value: unknown): Availability | undefined;
  /**
   * The React Server Components flight data of a Next.js App Router page: every JSON
   * row, and every JSON object held in a string inside them; empty when there is none.
   */
  flight(doc: Document): unknown[];
  /** The structured-data reading: JSON-LD, Open Graph and product meta, canonical link. */
  structured(doc: Document, context: PageContext): Reading;
}

/** A storefront family's reader; `fallback` is the structured-data reading of the same page. */
export type Reader = (
  doc: Document,
  context: PageContext,
  kit: PageKit,
  fallback: Reading,
) => Reading;

/** What the installers put in the content script's global scope. */
export interface PageReaderSpace {
  kit: Partial<PageKit>;
  readers: Partial<Record<ReaderFamily, Reader>>;
}

export interface PageReaderGlobal {
  __buylinePageReaders?: PageReaderSpace;
}

export type { Availability, PageDetails };
