import { RETAILERS, type RetailerCode } from '../api/retailers.ts';
import { detectProduct, retailerOfHost } from '../shared/retailer-registry.ts';
import type { PageContext, ReaderFamily } from './types.ts';

/**
 * Which reader reads each retailer's pages: Amazon's five storefronts share one. Every
 * retailer is named, so a new one does not compile until a reader is chosen for it.
 */
const FAMILIES: Readonly<Record<RetailerCode, ReaderFamily>> = {
  amazon: 'amazon',
  amazon_uk: 'amazon',
  amazon_ca: 'amazon',
  amazon_de: 'amazon',
  amazon_mx: 'amazon',
  walmart: 'walmart',
  costco: 'costco',
  homedepot: 'homedepot',
  aliexpress: 'aliexpress',
};

/** Which reader reads a retailer's pages. */
export function familyOf(retailer: RetailerCode): ReaderFamily {
  return FAMILIES[retailer];
}

/** The currency of a bare number or an ambiguous sign on each AliExpress language storefront. */
const ALIEXPRESS_CURRENCIES: Readonly<Record<string, string>> = {
  pt: 'BRL',
  es: 'EUR',
  fr: 'EUR',
  de: 'EUR',
  it: 'EUR',
  nl: 'EUR',
  pl: 'PLN',
  ru: 'RUB',
  ja: 'JPY',
  ko: 'KRW',
  tr: 'TRY',
  he: 'ILS',
  th: 'THB',
  vi: 'VND',
};

/** What a reader needs to know about the page at this address; undefined for other sites. */
export function pageContextOf(address: string | null | undefined): PageContext | undefined {
  let url: URL;
  try {
    url = new URL(address ?? '');
  } catch {
    return undefined;
  }
  const retailer = retailerOfHost(url.hostname);
  if (!retailer) return undefined;
  const product = detectProduct(url.href);
  const language = /^([a-z]{2})\./.exec(url.hostname.toLowerCase())?.[1] ?? '';
  const currency =
    (retailer === 'aliexpress' ? ALIEXPRESS_CURRENCIES[language] : undefined) ??
    RETAILERS[retailer].currency;
  return {
    retailer,
    family: familyOf(retailer),
    currency,
    ...(product ? { productId: product.productId } : {}),
  };
}
