/**
 * What a product page says about itself (contract A), read by the page readers of
 * src/page-readers inside the page under activeTab.
 */
export type Availability = 'in_stock' | 'out_of_stock' | 'unknown';

export interface PageDetails {
  /** Title without storefront prefixes/suffixes ("Amazon.com: ", " : Grocery", " - AliExpress"). */
  title?: string;
  /** The price to pay, in minor units, with its ISO 4217 currency; absent when the page shows no single price to pay. */
  price?: { amount: number; currency: string };
  availability: Availability;
  image?: string;
  canonical?: string;
}

const AVAILABILITIES: readonly Availability[] = ['in_stock', 'out_of_stock', 'unknown'];
const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;

/**
 * What came back from the page, checked field by field: the page is not ours, so
 * anything that is not the contract's shape is dropped rather than shown.
 */
export function checkedPageDetails(value: unknown): PageDetails {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const availability = AVAILABILITIES.find((known) => known === raw.availability) ?? 'unknown';
  const details: PageDetails = { availability };
  const title = text(raw.title, 500);
  if (title) details.title = title;
  const price = raw.price as { amount?: unknown; currency?: unknown } | undefined;
  if (
    typeof price?.amount === 'number' &&
    Number.isSafeInteger(price.amount) &&
    price.amount > 0 &&
    typeof price.currency === 'string' &&
    /^[A-Z]{3}$/.test(price.currency)
  )
    details.price = { amount: price.amount, currency: price.currency };
  // An address cut short is a broken one: a long one is dropped instead.
  const image = text(raw.image, Number.POSITIVE_INFINITY);
  if (image && image.length <= 16_384 && /^(https?:|data:image\/)/i.test(image))
    details.image = image;
  const canonical = text(raw.canonical, Number.POSITIVE_INFINITY);
  if (canonical && canonical.length <= 4096 && /^https?:/i.test(canonical))
    details.canonical = canonical;
  return details;
}
