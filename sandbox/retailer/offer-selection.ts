import type { SellerSelectionCriteria } from '../../src/api/schemas/product.ts';
import type { PromoCode } from '../../src/api/schemas/promo-code.ts';
import type { CatalogProduct, Offer } from './catalog.ts';

export type Selection = { offer: Offer } | { reason: string };

/** An offer's handling days; with no information, the product's longest projected arrival. */
export function handlingDays(offer: Offer, product: CatalogProduct): number {
  return offer.handling_days ?? Math.max(...product.shipping.map((option) => option.days));
}

/** The item price used to compare offers, after the order's promo pricing for that merchant. */
export function selectionPrice(offer: Offer, promos: readonly PromoCode[]): number {
  let price = offer.price;
  for (const promo of promos) {
    if (promo.merchant_id !== undefined && promo.merchant_id !== offer.merchant_id) continue;
    if (promo.cost_override !== undefined) price = promo.cost_override;
    else if (promo.discount_amount !== undefined) price -= promo.discount_amount;
    else if (promo.discount_percentage !== undefined)
      price -= Math.round((price * promo.discount_percentage) / 100);
  }
  return Math.max(0, price);
}

interface Filter {
  name: string;
  keeps: (offer: Offer) => boolean;
}

function flag(name: string, wanted: boolean | undefined, has: (offer: Offer) => boolean): Filter[] {
  return wanted === undefined
    ? []
    : [{ name: `${name} = ${wanted}`, keeps: (offer) => has(offer) === wanted }];
}

/**
 * Narrows a product's offers by the criteria and takes the cheapest that remains.
 * When nothing remains, the reason names the criterion that removed the last offers,
 * so the user knows what to loosen.
 */
export function selectOffer(
  product: CatalogProduct,
  criteria: SellerSelectionCriteria,
  context: {
    quantity: number;
    postalCode: string;
    promos: readonly PromoCode[];
    takeBuyBox: boolean;
  },
): Selection {
  if (context.takeBuyBox) {
    const buyBox = product.offers.find((offer) => offer.buy_box);
    return buyBox ? { offer: buyBox } : { reason: 'the product has no buy-box offer' };
  }
  const filters: Filter[] = [
    {
      name: 'stock (allow_oos is not set)',
      keeps: (offer) => criteria.allow_oos === true || offer.stock >= context.quantity,
    },
    {
      name: `delivery to postal code ${context.postalCode}`,
      keeps: (offer) =>
        !offer.zip_prefixes ||
        offer.zip_prefixes.some((prefix) => context.postalCode.startsWith(prefix)),
    },
    ...flag('addon', criteria.addon, (offer) => offer.addon),
    ...flag('buy_box', criteria.buy_box, (offer) => offer.buy_box),
    ...flag('first_party_seller', criteria.first_party_seller, (offer) => offer.first_party),
    ...flag('international', criteria.international, (offer) => offer.international),
    ...flag('prime', criteria.prime, (offer) => offer.prime),
  ];
  if (criteria.condition_in) {
    const allowed = criteria.condition_in;
    filters.push({
      name: `condition_in ${allowed.join(', ')}`,
      keeps: (offer) => allowed.includes(offer.condition as never),
    });
  }
  if (criteria.condition_not_in) {
    const refused = criteria.condition_not_in;
    filters.push({
      name: `condition_not_in ${refused.join(', ')}`,
      keeps: (offer) => !refused.includes(offer.condition as never),
    });
  }
  if (criteria.handling_days_max !== undefined) {
    const max = criteria.handling_days_max;
    filters.push({
      name: `handling_days_max ${max}`,
      keeps: (offer) => handlingDays(offer, product) <= max,
    });
  }
  if (criteria.max_item_price !== undefined) {
    const max = criteria.max_item_price;
    filters.push({
      name: `max_item_price ${max}`,
      keeps: (offer) => selectionPrice(offer, context.promos) <= max,
    });
  }
  if (criteria.merchant_id_in) {
    const allowed = criteria.merchant_id_in;
    filters.push({ name: 'merchant_id_in', keeps: (offer) => allowed.includes(offer.merchant_id) });
  }
  if (criteria.merchant_id_not_in) {
    const refused = criteria.merchant_id_not_in;
    filters.push({
      name: 'merchant_id_not_in',
      keeps: (offer) => !refused.includes(offer.merchant_id),
    });
  }
  // The storefront itself has no seller rating; it passes rating criteria.
  if (criteria.min_seller_num_ratings !== undefined) {
    const min = criteria.min_seller_num_ratings;
    filters.push({
      name: `min_seller_num_ratings ${min}`,
      keeps: (offer) => offer.first_party || offer.ratings_count >= min,
    });
  }
  if (criteria.min_seller_percent_positive_feedback !== undefined) {
    const min = criteria.min_seller_percent_positive_feedback;
    filters.push({
      name: `min_seller_percent_positive_feedback ${min}`,
      keeps: (offer) => offer.first_party || offer.positive_percent >= min,
    });
  }

  let remaining = product.offers;
  for (const filter of filters) {
    const kept = remaining.filter(filter.keeps);
    if (kept.length === 0) return { reason: `no offer is left after ${filter.name}` };
    remaining = kept;
  }
  const cheapest = [...remaining].sort(
    (a, b) =>
      selectionPrice(a, context.promos) - selectionPrice(b, context.promos) ||
      handlingDays(a, product) - handlingDays(b, product) ||
      a.merchant_id.localeCompare(b.merchant_id),
  )[0];
  return cheapest ? { offer: cheapest } : { reason: 'the product has no offers' };
}
