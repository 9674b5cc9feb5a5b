/**
 * The popup's order form as the user fills it, and how it starts from the saved
 * settings. Text fields stay text until the request is made (order-request-from-form.ts);
 * nothing here checks a value: the background does, once.
 */
import type { ShippingMethod, ShippingOrderBy } from '../api/contract-constants.ts';
import type { RetailerCode } from '../api/retailers.ts';
import { numberText } from './form-values.ts';
import { centsToText } from './money.ts';
import { type CriteriaForm, criteriaFormFor } from './seller-criteria-form.ts';
import type { Settings } from './settings.ts';

export interface DraftItem {
  productId: string;
  /** The last whole number in the quantity field. */
  quantity: number;
  /** The quantity field's text while it is not a whole number, sent so for the check to name. */
  quantityText?: string;
  title?: string;
  /** The page's price of one item, in minor units, in `currency`. */
  priceCents?: number;
  currency?: string;
}

export interface Draft {
  /** Made once per form: the order's local id, so a second submit is the same order. */
  draftId: string;
  retailer: RetailerCode | '';
  items: DraftItem[];
  mode: 'own' | 'managed';
  addressId: string;
  shippingKind: 'method' | 'object';
  shippingMethod: ShippingMethod;
  orderBy: ShippingOrderBy;
  maxDays: string;
  shippingMaxPrice: string;
  /** Money text in the storefront currency; sent in cents. */
  maxPrice: string;
  /** Set when the user typed a maximum price, so a quantity change does not overwrite it. */
  maxPriceEdited: boolean;
  criteria: CriteriaForm;
  isGift: boolean;
  giftMessage: string;
  requireGift: boolean;
  managed: { discount: string; queueTimeout: string; primeOptout: boolean; bid: string };
  /** Own-account orders: which vault items to use, by id; the background adds them. */
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

/**
 * The max_price guard: the page's price times the quantity, plus the saved tolerance.
 * Empty when any item has no page price or no whole quantity: a guess would be worse.
 */
export function suggestedMaxPrice(settings: Settings, items: readonly DraftItem[]): string {
  const unknown = (item: DraftItem) =>
    item.priceCents === undefined || item.quantityText !== undefined;
  if (items.length === 0 || items.some(unknown)) return '';
  const goods = items.reduce((sum, item) => sum + (item.priceCents ?? 0) * item.quantity, 0);
  const { percent, amountCents } = settings.maxPriceTolerance;
  return centsToText(Math.ceil(goods * (1 + percent / 100)) + amountCents);
}

/** A new form with the user's saved defaults. */
export function newDraft(
  settings: Settings,
  retailer: RetailerCode | '',
  items: DraftItem[],
  draftId: string = crypto.randomUUID(),
): Draft {
  const address =
    settings.addresses.find((entry) => entry.id === settings.defaultAddressId) ??
    settings.addresses[0];
  const limits = settings.shipping.kind === 'object' ? settings.shipping.shipping : undefined;
  return {
    draftId,
    retailer,
    items,
    mode: settings.mode,
    addressId: address?.id ?? '',
    shippingKind: settings.shipping.kind,
    shippingMethod: settings.shipping.kind === 'method' ? settings.shipping.method : 'cheapest',
    orderBy: limits?.order_by ?? 'price',
    maxDays: numberText(limits?.max_days),
    shippingMaxPrice: centsToText(limits?.max_price),
    maxPrice: suggestedMaxPrice(settings, items),
    maxPriceEdited: false,
    criteria: criteriaFormFor(settings, retailer),
    isGift: settings.gift.isGift,
    giftMessage: settings.gift.message,
    requireGift: false,
    managed: {
      discount: String(settings.managed.discount),
      queueTimeout: String(settings.managed.queueTimeoutSeconds),
      primeOptout: settings.managed.primeOptout,
      bid: centsToText(settings.managed.priorityBidCents),
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

/** A form kept from an earlier popup, when it still has the shape this version fills. */
export function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<Record<keyof Draft, unknown>>;
  const parts = ['criteria', 'managed', 'secrets', 'advanced'] as const;
  return (
    typeof draft.draftId === 'string' &&
    Array.isArray(draft.items) &&
    parts.every((part) => typeof draft[part] === 'object')
  );
}
