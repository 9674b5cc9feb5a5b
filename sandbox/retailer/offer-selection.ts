import type { SellerSelectionCriteria } from '../../src/api/schemas/product.ts';
import type { PromoCode } from '../../src/api/schemas/promo-code.ts';
import type { CatalogProduct, Offer } from './catalog.ts';
import { formatCents, percentOf } from './money.ts';

export interface SelectionContext {
  quantity: number;
  /** force_offers_postal_code, else the shipping address's ZIP code. */
  postalCode: string;
  promos: readonly PromoCode[];
  takeBuyBox: boolean;
}

/** What removed the last offers, in words the user can act on. */
interface Exclusion {
  /** The criterion's field name, or `stock` / `postal_code` for what the retailer imposes. */
  criterion: string;
  /** What no offer has, e.g. "no seller ships it within 6 days". */
  reason: string;
  /** How to loosen it. */
  hint: string;
}

export type Selection = { offer: Offer } | { excluded: Exclusion };

/** An offer's handling days; with no information, the product's longest projected arrival. */
export function handlingDays(offer: Offer, product: CatalogProduct): number {
  return offer.handling_days ?? Math.max(...product.shipping.map((option) => option.days));
}

/**
 * The item price used to compare offers: the promo objects' discount_amount,
 * discount_percentage and cost_override re-price the offers of their merchant (of every
 * merchant when no merchant_id is given), in the order the codes are listed.
 */
export function selectionPrice(offer: Offer, promos: readonly PromoCode[]): number {
  let price = offer.price;
  for (const promo of promos) {
    if (promo.merchant_id !== undefined && promo.merchant_id !== offer.merchant_id) continue;
    if (promo.cost_override !== undefined) price = promo.cost_override;
    if (promo.discount_amount !== undefined) price -= promo.discount_amount;
    if (promo.discount_percentage !== undefined)
      price -= percentOf(Math.max(0, price), promo.discount_percentage);
  }
  return Math.max(0, price);
}

function deliversTo(offer: Offer, postalCode: string): boolean {
  const code = postalCode.trim().toUpperCase();
  if (offer.zip_prefixes && !offer.zip_prefixes.some((prefix) => code.startsWith(prefix)))
    return false;
  return !offer.excluded_zip_prefixes?.some((prefix) => code.startsWith(prefix));
}

interface Filter extends Exclusion {
  keeps: (offer: Offer) => boolean;
}

/** A boolean criterion: true requires the property, false excludes offers that have it. */
function flag(
  criterion: string,
  wanted: boolean | undefined,
  has: (offer: Offer) => boolean,
  words: { whenTrue: string; whenFalse: string },
): Filter[] {
  if (wanted === undefined) return [];
  return [
    {
      criterion,
      keeps: (offer) => has(offer) === wanted,
      reason: wanted ? words.whenTrue : words.whenFalse,
      hint: `Remove ${criterion} from the seller criteria, or set it to ${!wanted}.`,
    },
  ];
}

function filtersFor(
  product: CatalogProduct,
  criteria: SellerSelectionCriteria,
  context: SelectionContext,
): Filter[] {
  const money = (cents: number) => formatCents(cents, product.currency);
  const filters: Filter[] = [
    {
      criterion: 'stock',
      keeps: (offer) => criteria.allow_oos === true || offer.stock >= context.quantity,
      reason:
        context.quantity === 1
          ? 'it is out of stock with every seller'
          : `no seller has ${context.quantity} in stock`,
      hint:
        context.quantity === 1
          ? 'Try again later, or set allow_oos to order it anyway.'
          : 'Order fewer, or set allow_oos to order it anyway.',
    },
    {
      criterion: 'postal_code',
      keeps: (offer) => deliversTo(offer, context.postalCode),
      reason: `no seller delivers it to postal code ${context.postalCode}`,
      hint: 'Ship to another address, or set force_offers_postal_code to choose offers for another postal code.',
    },
    ...flag('addon', criteria.addon, (offer) => offer.addon, {
      whenTrue: 'no offer of it is an add-on item',
      whenFalse: 'every offer of it is an add-on item',
    }),
    ...flag('buy_box', criteria.buy_box, (offer) => offer.buy_box, {
      whenTrue: 'the buy-box offer is not available',
      whenFalse: 'only the buy-box offer is available',
    }),
  ];
  const { condition_in: wantedConditions, condition_not_in: refusedConditions } = criteria;
  if (wantedConditions) {
    filters.push({
      criterion: 'condition_in',
      keeps: (offer) => wantedConditions.includes(offer.condition),
      reason: `no offer of it is in condition ${wantedConditions.join(' or ') || '(none listed)'}`,
      hint: 'Add more conditions to condition_in.',
    });
  }
  if (refusedConditions) {
    filters.push({
      criterion: 'condition_not_in',
      keeps: (offer) => !refusedConditions.includes(offer.condition),
      reason: `every offer of it is in an excluded condition (${refusedConditions.join(', ')})`,
      hint: 'Remove some conditions from condition_not_in.',
    });
  }
  filters.push(
    ...flag('first_party_seller', criteria.first_party_seller, (offer) => offer.first_party, {
      whenTrue: 'the storefront itself does not sell it',
      whenFalse: 'only the storefront itself sells it',
    }),
  );
  const maxHandling = criteria.handling_days_max;
  if (maxHandling !== undefined) {
    filters.push({
      criterion: 'handling_days_max',
      keeps: (offer) => handlingDays(offer, product) <= maxHandling,
      reason: `no seller ships it within ${maxHandling} day${maxHandling === 1 ? '' : 's'}`,
      hint: 'Raise handling_days_max.',
    });
  }
  filters.push(
    ...flag('international', criteria.international, (offer) => offer.international, {
      whenTrue: 'no international seller offers it',
      whenFalse: 'only international sellers offer it',
    }),
  );
  const maxPrice = criteria.max_item_price;
  if (maxPrice !== undefined) {
    filters.push({
      criterion: 'max_item_price',
      keeps: (offer) => selectionPrice(offer, context.promos) <= maxPrice,
      reason: `no offer of it costs ${money(maxPrice)} or less`,
      hint: 'Raise max_item_price.',
    });
  }
  const { merchant_id_in: allowed, merchant_id_not_in: refused } = criteria;
  if (allowed) {
    filters.push({
      criterion: 'merchant_id_in',
      keeps: (offer) => allowed.includes(offer.merchant_id),
      reason: `none of the sellers in merchant_id_in (${allowed.join(', ')}) offers it`,
      hint: 'Add other sellers to merchant_id_in, or remove it.',
    });
  }
  if (refused) {
    filters.push({
      criterion: 'merchant_id_not_in',
      keeps: (offer) => !refused.includes(offer.merchant_id),
      reason: 'every seller of it is listed in merchant_id_not_in',
      hint: 'Remove some sellers from merchant_id_not_in.',
    });
  }
  // The storefront itself has no seller rating of its own: it passes rating criteria.
  const minRatings = criteria.min_seller_num_ratings;
  if (minRatings !== undefined) {
    filters.push({
      criterion: 'min_seller_num_ratings',
      keeps: (offer) => offer.first_party || offer.ratings_count >= minRatings,
      reason: `no seller of it has ${minRatings} ratings or more`,
      hint: 'Lower min_seller_num_ratings.',
    });
  }
  const minPositive = criteria.min_seller_percent_positive_feedback;
  if (minPositive !== undefined) {
    filters.push({
      criterion: 'min_seller_percent_positive_feedback',
      keeps: (offer) => offer.first_party || offer.positive_percent >= minPositive,
      reason: `no seller of it has ${minPositive}% positive feedback or more`,
      hint: 'Lower min_seller_percent_positive_feedback.',
    });
  }
  filters.push(
    ...flag('prime', criteria.prime, (offer) => offer.prime, {
      whenTrue: 'no offer of it is prime',
      whenFalse: 'every offer of it is prime',
    }),
  );
  return filters;
}

/**
 * Step 2 of placement: narrows a product's offers by the criteria and takes the
 * cheapest that remains (item price after promo pricing; on a tie, the one that ships
 * sooner). When nothing remains, the exclusion names the criterion that removed the
 * last offers, so the user knows what to loosen.
 */
export function selectOffer(
  product: CatalogProduct,
  criteria: SellerSelectionCriteria,
  context: SelectionContext,
): Selection {
  if (context.takeBuyBox) {
    // The buy box is taken without looking at the other offers, but it must still
    // have the units the order asks for.
    const buyBox = product.offers.find((offer) => offer.buy_box);
    if (!buyBox) {
      return {
        excluded: {
          criterion: 'buy_box',
          reason: 'the page has no buy-box offer',
          hint: 'Turn off take_buybox_offers.',
        },
      };
    }
    if (criteria.allow_oos === true || buyBox.stock >= context.quantity) return { offer: buyBox };
    return {
      excluded: {
        criterion: 'stock',
        reason: 'the buy-box offer does not have the units ordered in stock',
        hint: 'Turn off take_buybox_offers to consider other sellers, or set allow_oos.',
      },
    };
  }
  let remaining = product.offers;
  for (const filter of filtersFor(product, criteria, context)) {
    const kept = remaining.filter(filter.keeps);
    if (kept.length === 0) {
      const { criterion, reason, hint } = filter;
      return { excluded: { criterion, reason, hint } };
    }
    remaining = kept;
  }
  const cheapest = [...remaining].sort(
    (a, b) =>
      selectionPrice(a, context.promos) - selectionPrice(b, context.promos) ||
      handlingDays(a, product) - handlingDays(b, product) ||
      a.merchant_id.localeCompare(b.merchant_id),
  )[0];
  return cheapest
    ? { offer: cheapest }
    : {
        excluded: {
          criterion: 'offers',
          reason: 'no seller offers it',
          hint: 'Choose another product.',
        },
      };
}
