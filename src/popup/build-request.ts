import type { FieldProblem } from '../api/problems.ts';
import { describeProblems } from '../api/problems.ts';
import { RETAILERS } from '../api/retailers.ts';
import { orderRequestSchema } from '../api/schemas/order-request.ts';
import type { SellerSelectionCriteria } from '../api/schemas/product.ts';
import type { Settings } from '../shared/settings.ts';
import type { Draft } from './draft.ts';

export interface BuiltOrder {
  request: Record<string, unknown>;
  secrets?: { credentialsId: string; paymentId: string; billingId: string };
  problems: FieldProblem[];
}

/** "19.99" → 1999; undefined for empty; NaN for text that is not an amount. */
export function parseMoney(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(trimmed);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
}

function parseWhole(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

const list = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);

const triValue = (value: '' | 'yes' | 'no') => (value === '' ? undefined : value === 'yes');

/** Keeps only the keys whose value is defined. */
function defined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

export function criteriaOf(criteria: Draft['criteria']): SellerSelectionCriteria | undefined {
  if (criteria.useDefaults) return undefined;
  return defined({
    addon: triValue(criteria.addon),
    buy_box: triValue(criteria.buy_box),
    first_party_seller: triValue(criteria.first_party_seller),
    international: triValue(criteria.international),
    prime: triValue(criteria.prime),
    allow_oos: triValue(criteria.allow_oos),
    condition_in: criteria.condition_in.length > 0 ? criteria.condition_in : undefined,
    condition_not_in: criteria.condition_not_in.length > 0 ? criteria.condition_not_in : undefined,
    handling_days_max: parseWhole(criteria.handling_days_max),
    max_item_price: parseMoney(criteria.max_item_price),
    merchant_id_in:
      list(criteria.merchant_id_in).length > 0 ? list(criteria.merchant_id_in) : undefined,
    merchant_id_not_in:
      list(criteria.merchant_id_not_in).length > 0 ? list(criteria.merchant_id_not_in) : undefined,
    min_seller_num_ratings: parseWhole(criteria.min_seller_num_ratings),
    min_seller_percent_positive_feedback: parseNumber(
      criteria.min_seller_percent_positive_feedback,
    ),
  }) as SellerSelectionCriteria;
}

// Own-account secrets are added by the background from the vault; the popup checks the
// rest of the order with stand-ins of the right shape.
const STAND_INS = {
  retailer_credentials: { email: 'stand-in@example.com', password: 'x' },
  payment_method: { use_gift: true },
  billing_address: {
    first_name: 'x',
    last_name: 'x',
    address_line1: 'x',
    zip_code: '00000',
    city: 'x',
    state: 'x',
    country: 'ZZ',
    phone_number: 'x',
  },
};

/** Builds the order request from the form and the saved settings, and checks it with the shared schema. */
export function buildOrder(draft: Draft, settings: Settings): BuiltOrder {
  const problems: FieldProblem[] = [];
  const retailer = draft.retailer;
  const marketplace = retailer !== '' && RETAILERS[retailer].marketplace;
  const managed = draft.mode === 'managed' && retailer !== '' && RETAILERS[retailer].managed;
  const address = settings.addresses.find((entry) => entry.id === draft.addressId)?.address;
  if (!address)
    problems.push({
      field: 'shipping_address',
      message: 'shipping_address is required: add an address in Options and choose it.',
    });

  const criteria = criteriaOf(draft.criteria);
  const request: Record<string, unknown> = {
    retailer,
    products: draft.items.map((item) =>
      defined({
        product_id: item.productId,
        quantity: item.quantity,
        seller_selection_criteria: criteria,
      }),
    ),
    shipping_address: address,
    is_gift: draft.isGift,
  };
  if (draft.shippingKind === 'method') request.shipping_method = draft.shippingMethod;
  else
    request.shipping = defined({
      order_by: draft.orderBy,
      max_days: parseWhole(draft.maxDays),
      max_price: parseMoney(draft.shippingMaxPrice),
    });

  const maxPrice = parseMoney(draft.maxPrice);
  if (maxPrice !== undefined) request.max_price = maxPrice;
  if (draft.isGift && draft.giftMessage !== '') request.gift_message = draft.giftMessage;
  if (draft.isGift && draft.requireGift) request.require_gift = true;

  if (managed) {
    request.addax = true;
    Object.assign(
      request,
      defined({
        managed_discount: parseNumber(draft.managed.discount),
        addax_queue_timeout: parseWhole(draft.managed.queueTimeout),
        managed_prime_optout: draft.managed.primeOptout || undefined,
        managed_priority_bid: parseMoney(draft.managed.bid) || undefined,
      }),
    );
  }

  const advanced = draft.advanced;
  const promo = list(advanced.promoCodes).map((code) => ({ code }));
  Object.assign(
    request,
    defined({
      promo_codes: promo.length > 0 ? promo : undefined,
      po_number: marketplace ? parseWhole(advanced.poNumber) : undefined,
      marketplace_day:
        marketplace && advanced.marketplaceDay.trim() ? advanced.marketplaceDay.trim() : undefined,
      max_delivery_days: marketplace ? parseWhole(advanced.maxDeliveryDays) : undefined,
      fail_if_taxed: advanced.failIfTaxed || undefined,
      strict_expired_product_id: advanced.strictExpired || undefined,
      take_buybox_offers: advanced.takeBuybox || undefined,
      force_offers_postal_code: advanced.forcePostalCode.trim() || undefined,
    }),
  );
  const hooks = defined(
    Object.fromEntries(
      Object.entries(advanced.webhooks).map(([key, url]) => [key, url.trim() || undefined]),
    ),
  );
  if (Object.keys(hooks).length > 0) request.webhooks = hooks;
  if (advanced.clientNotes.trim()) {
    try {
      const notes = JSON.parse(advanced.clientNotes);
      if (typeof notes !== 'object' || notes === null || Array.isArray(notes))
        throw new Error('not an object');
      request.client_notes = notes;
    } catch {
      problems.push({
        field: 'client_notes',
        message: 'client_notes must be a JSON object, such as {"ref": "A-12"}.',
      });
    }
  }

  let secrets: BuiltOrder['secrets'];
  if (!managed) {
    const { credentialsId, paymentId, billingId } = draft.secrets;
    if (!credentialsId)
      problems.push({
        field: 'retailer_credentials',
        message: 'retailer_credentials is required: choose a retailer login from the vault.',
      });
    if (!paymentId)
      problems.push({
        field: 'payment_method',
        message: 'payment_method is required: choose a card or the gift balance from the vault.',
      });
    if (!billingId)
      problems.push({
        field: 'billing_address',
        message: 'billing_address is required: choose a billing address from the vault.',
      });
    if (credentialsId && paymentId && billingId) secrets = { credentialsId, paymentId, billingId };
  }

  const checked = orderRequestSchema.safeParse(managed ? request : { ...request, ...STAND_INS });
  if (!checked.success) {
    const known = new Set(problems.map((problem) => problem.field));
    for (const problem of describeProblems(checked.error)) {
      if (!known.has(problem.field) && !(problem.field.startsWith('shipping_address') && !address))
        problems.push(problem);
    }
  }
  return secrets ? { request, secrets, problems } : { request, problems };
}
