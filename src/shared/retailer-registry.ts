import { RETAILERS, type RetailerCode } from '../api/retailers.ts';
import { STOREFRONT_HOSTS } from './storefront-hosts.ts';

export interface DetectedProduct {
  retailer: RetailerCode;
  productId: string;
}

/** The subdomains each storefront serves product pages on. */
const SUBDOMAINS = /^(|www\.|smile\.|m\.|[a-z]{2}\.)$/;

/** The retailer whose storefront serves this host; exact, so look-alikes never match. */
export function retailerOfHost(hostname: string): RetailerCode | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  for (const [domain, retailer] of Object.entries(STOREFRONT_HOSTS)) {
    if (host === domain || host.endsWith(`.${domain}`)) {
      const prefix = host.slice(0, host.length - domain.length);
      if (SUBDOMAINS.test(prefix)) return retailer;
    }
  }
  return undefined;
}

// ASINs in the path forms amazon uses, old and new: /dp/, /gp/product/, /gp/aw/d/
// (mobile), /exec/obidos/ASIN/ and /o/ASIN/ (old), each possibly after a slug or a
// language prefix such as /-/es/.
const AMAZON_PATTERNS = [
  /\/(?:dp|dp\/product|gp\/product|gp\/aw\/d|exec\/obidos\/(?:asin|ASIN)|o\/(?:asin|ASIN))\/([A-Za-z0-9]{10})(?:[/?#]|$)/,
  /^\/(?:exec\/obidos|o)\/([A-Za-z0-9]{10})(?:[/?#]|$)/,
];

// Item numbers elsewhere: walmart /ip/<slug>/<id>; costco's legacy
// /<slug>.product.<id>.html and newer /p/-/<slug>/<id>; homedepot /p/<slug>/<id> (and
// /pep/ for some); aliexpress /item/<id>.html on every language subdomain.
const ITEM_PATTERNS: Partial<Record<RetailerCode, RegExp[]>> = {
  walmart: [/^\/ip\/(?:[^/]+\/)?(\d{5,20})(?:[/?#]|$)/],
  costco: [/^\/[^/]+\.product\.(\d{5,20})\.html$/, /^\/p\/-\/[^/]+\/(\d{5,20})\/?$/],
  homedepot: [/^\/(?:p|pep)\/(?:[^/]+\/)?(\d{6,12})(?:[/?#]|$)/],
  aliexpress: [/^\/(?:item|i)\/(\d{6,20})\.html$/],
};

/** The path with escapes decoded; as it is when an escape is broken. */
function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}

/**
 * The retailer and product id of a product page, or null for anything else: search,
 * category, store, brand and cart pages, other sites, and look-alike hosts.
 */
export function detectProduct(address: string): DetectedProduct | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const retailer = retailerOfHost(url.hostname);
  if (!retailer) return null;
  const path = decodedPath(url);
  if (RETAILERS[retailer].marketplace) {
    for (const pattern of AMAZON_PATTERNS) {
      const id = pattern.exec(path)?.[1];
      if (id && /^(B0[A-Z0-9]{8}|\d{9}[\dX])$/i.test(id))
        return { retailer, productId: id.toUpperCase() };
    }
    return null;
  }
  for (const pattern of ITEM_PATTERNS[retailer] ?? []) {
    const id = pattern.exec(path)?.[1];
    if (id) return { retailer, productId: id };
  }
  return null;
}

/**
 * Each storefront's page of the buyer's own orders: where a buyer checks whether an
 * order exists before ordering again. One entry per retailer; a retailer without one
 * does not compile.
 */
const ORDERS_PAGES: Record<RetailerCode, string> = {
  amazon: 'https://www.amazon.com/gp/css/order-history',
  amazon_uk: 'https://www.amazon.co.uk/gp/css/order-history',
  amazon_ca: 'https://www.amazon.ca/gp/css/order-history',
  amazon_de: 'https://www.amazon.de/gp/css/order-history',
  amazon_mx: 'https://www.amazon.com.mx/gp/css/order-history',
  walmart: 'https://www.walmart.com/orders',
  costco: 'https://www.costco.com/OrderStatusCmd',
  homedepot: 'https://www.homedepot.com/order/view/summary',
  aliexpress: 'https://www.aliexpress.com/p/order/index.html',
};

/** The orders page of a storefront; none for a retailer this version does not know. */
export function ordersPageOf(retailer: string): string | undefined {
  return Object.hasOwn(ORDERS_PAGES, retailer) ? ORDERS_PAGES[retailer as RetailerCode] : undefined;
}
