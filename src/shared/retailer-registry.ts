import { RETAILERS, type RetailerCode } from '../api/retailers.ts';

export interface DetectedProduct {
  retailer: RetailerCode;
  productId: string;
}

/** Storefront host (without subdomains) → retailer. Exact: look-alikes never match. */
const HOSTS: Record<string, RetailerCode> = {
  'amazon.com': 'amazon',
  'amazon.co.uk': 'amazon_uk',
  'amazon.ca': 'amazon_ca',
  'amazon.de': 'amazon_de',
  'amazon.com.mx': 'amazon_mx',
  'walmart.com': 'walmart',
  'costco.com': 'costco',
  'homedepot.com': 'homedepot',
  'aliexpress.com': 'aliexpress',
};

/** The subdomains each storefront serves product pages on. */
const SUBDOMAINS = /^(|www\.|smile\.|m\.|[a-z]{2}\.)$/;

function retailerOfHost(hostname: string): RetailerCode | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  for (const [domain, retailer] of Object.entries(HOSTS)) {
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
  /\/(?:dp|gp\/product|gp\/aw\/d|exec\/obidos\/(?:asin|ASIN)|o\/(?:asin|ASIN))\/([A-Za-z0-9]{10})(?:[/?#]|$)/,
  /^\/(?:exec\/obidos|o)\/([A-Za-z0-9]{10})(?:[/?#]|$)/,
];

const ITEM_PATTERNS: Partial<Record<RetailerCode, RegExp>> = {
  walmart: /^\/ip\/(?:[^/]+\/)?(\d{5,20})(?:[/?#]|$)/,
  costco: /\.product\.(\d{5,20})\.html$/,
  homedepot: /^\/p\/(?:[^/]+\/)?(\d{6,12})(?:[/?#]|$)/,
  aliexpress: /^\/(?:item|i)\/(\d{6,20})\.html$/,
};

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
  const path = decodeURIComponent(url.pathname);
  if (RETAILERS[retailer].marketplace) {
    for (const pattern of AMAZON_PATTERNS) {
      const id = pattern.exec(path)?.[1];
      if (id && /^(B0[A-Z0-9]{8}|\d{9}[\dX])$/i.test(id))
        return { retailer, productId: id.toUpperCase() };
    }
    return null;
  }
  const id = ITEM_PATTERNS[retailer]?.exec(path)?.[1];
  return id ? { retailer, productId: id } : null;
}
