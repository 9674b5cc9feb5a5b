import type { RetailerCode } from '../api/retailers.ts';
import type { SellerSelectionCriteria } from '../api/schemas/product.ts';
import type { ShippingMethod } from '../api/schemas/shipping.ts';
import type { Settings } from '../shared/settings.ts';

export interface DraftItem {
  productId: string;
  quantity: number;
  title?: string;
  /** Page price of one item, in cents. */
  priceCents?: number;
  currency?: string;
}

type TriState = '' | 'yes' | 'no';

/** The order form as the user fills it; text fields stay text until the request is built. */
export interface Draft {
  draftId: string;
  retailer: RetailerCode | '';
  items: DraftItem[];
  mode: 'own' | 'managed';
  addressId: string;
  shippingKind: 'method' | 'object';
  shippingMethod: ShippingMethod;
  orderBy: 'price' | 'speed';
  maxDays: string;
  shippingMaxPrice: string;
  /** Money text in the storefront currency; sent in cents. */
  maxPrice: string;
  /** Set when the user typed a maximum price, so a quantity change does not overwrite it. */
  maxPriceEdited: boolean;
  criteria: {
    useDefaults: boolean;
    addon: TriState;
    buy_box: TriState;
    first_party_seller: TriState;
    international: TriState;
    prime: TriState;
    allow_oos: TriState;
    condition_in: string[];
    condition_not_in: string[];
    handling_days_max: string;
    max_item_price: string;
    merchant_id_in: string;
    merchant_id_not_in: string;
    min_seller_num_ratings: string;
    min_seller_percent_positive_feedback: string;
  };
  isGift: boolean;
  giftMessage: string;
  requireGift: boolean;
  managed: { discount: string; queueTimeout: string; primeOptout: boolean; bid: string };
  secrets: { credentialsId: string; paymentId: string; billingId: string };
  advanced: {
    promoCodes: string;
    poNumber: string;
    marketplaceDay: string;
    maxDeliveryDays: string;
    failIfTaxed: boolean;
    strictExpired: boolean;
    takeBuybox: boolean;
    forcePostalCode: string;
    clientNotes: string;
    webhooks: Record<string, string>;
  };
}

const tri = (value: boolean | undefined): TriState =>
  value === undefined ? '' : value ? 'yes' : 'no';
const money = (cents: number | undefined) => (cents === undefined ? '' : (cents / 100).toFixed(2));

/** The criteria form for a retailer: its override, else the general default, else the spec's defaults. */
export function criteriaDraft(settings: Settings, retailer: RetailerCode | ''): Draft['criteria'] {
  const saved: SellerSelectionCriteria | null | undefined =
    (retailer ? settings.sellerCriteriaByRetailer[retailer] : undefined) ?? settings.sellerCriteria;
  const c = saved ?? {};
  return {
    useDefaults: !saved,
    addon: tri(c.addon),
    buy_box: tri(c.buy_box),
    first_party_seller: tri(c.first_party_seller),
    international: tri(c.international),
    prime: tri(c.prime),
    allow_oos: tri(c.allow_oos),
    condition_in: [...(c.condition_in ?? [])],
    condition_not_in: [...(c.condition_not_in ?? [])],
    handling_days_max: c.handling_days_max === undefined ? '' : String(c.handling_days_max),
    max_item_price: money(c.max_item_price),
    merchant_id_in: (c.merchant_id_in ?? []).join(', '),
    merchant_id_not_in: (c.merchant_id_not_in ?? []).join(', '),
    min_seller_num_ratings:
      c.min_seller_num_ratings === undefined ? '' : String(c.min_seller_num_ratings),
    min_seller_percent_positive_feedback:
      c.min_seller_percent_positive_feedback === undefined
        ? ''
        : String(c.min_seller_percent_positive_feedback),
  };
}

/** A new draft with the user's saved defaults. */
export function newDraft(
  settings: Settings,
  retailer: RetailerCode | '',
  items: DraftItem[],
): Draft {
  const address =
    settings.addresses.find((entry) => entry.id === settings.defaultAddressId) ??
    settings.addresses[0];
  return {
    draftId: crypto.randomUUID(),
    retailer,
    items,
    mode: settings.mode,
    addressId: address?.id ?? '',
    shippingKind: settings.shipping.kind,
    shippingMethod: settings.shipping.kind === 'method' ? settings.shipping.method : 'cheapest',
    orderBy:
      settings.shipping.kind === 'object'
        ? (settings.shipping.shipping.order_by ?? 'price')
        : 'price',
    maxDays:
      settings.shipping.kind === 'object' && settings.shipping.shipping.max_days !== undefined
        ? String(settings.shipping.shipping.max_days)
        : '',
    shippingMaxPrice:
      settings.shipping.kind === 'object' ? money(settings.shipping.shipping.max_price) : '',
    maxPrice: suggestedMaxPrice(settings, items),
    maxPriceEdited: false,
    criteria: criteriaDraft(settings, retailer),
    isGift: settings.gift.isGift,
    giftMessage: settings.gift.message,
    requireGift: false,
    managed: {
      discount: String(settings.managed.discount),
      queueTimeout: String(settings.managed.queueTimeoutSeconds),
      primeOptout: settings.managed.primeOptout,
      bid: money(settings.managed.priorityBidCents),
    },
    secrets: { credentialsId: '', paymentId: '', billingId: '' },
    advanced: {
      promoCodes: '',
      poNumber: '',
      marketplaceDay: '',
      maxDeliveryDays: '',
      failIfTaxed: false,
      strictExpired: false,
      takeBuybox: false,
      forcePostalCode: '',
      clientNotes: '',
      webhooks: { ...settings.webhooks } as Record<string, string>,
    },
  };
}

/** The max_price guard: the page price × quantity, plus the tolerance from settings. */
export function suggestedMaxPrice(settings: Settings, items: DraftItem[]): string {
  if (items.length === 0 || items.some((item) => item.priceCents === undefined)) return '';
  const goods = items.reduce((sum, item) => sum + (item.priceCents ?? 0) * item.quantity, 0);
  const { percent, amountCents } = settings.maxPriceTolerance;
  return money(Math.ceil(goods * (1 + percent / 100)) + amountCents);
}
