/**
 * The options page's order defaults as a form edits them, and back: text that is not a
 * number is passed on as typed, so the background's check (the only one) names the field.
 */

import { filledIn, numberOrText, numberText } from './form-values.ts';
import { centsToText, moneyOrText } from './money.ts';
import type { Settings } from './settings.ts';

/** The number fields of the defaults form, as typed. */
export function defaultsTexts(settings: Settings) {
  const shipping = settings.shipping.kind === 'object' ? settings.shipping.shipping : undefined;
  return {
    percent: String(settings.maxPriceTolerance.percent),
    amount: centsToText(settings.maxPriceTolerance.amountCents),
    discount: String(settings.managed.discount),
    timeout: String(settings.managed.queueTimeoutSeconds),
    bid: centsToText(settings.managed.priorityBidCents),
    waiting: String(settings.managedWaitingMinutes),
    fast: String(settings.polling.fastSeconds),
    tracking: String(settings.polling.trackingMinutes),
    idle: String(settings.vaultIdleLockMinutes),
    maxDays: numberText(shipping?.max_days),
    shipMax: centsToText(shipping?.max_price),
    /** Seconds an order is held before sending, when Undo can take it back. */
    hold: String(settings.holdSeconds),
  };
}
export type DefaultsTexts = ReturnType<typeof defaultsTexts>;

/** An empty amount means none: zero. */
const moneyOrZero = (text: string) => moneyOrText(text) ?? 0;
/** A required number left empty is sent as empty, for the check to say it is required. */
const required = (text: string) => numberOrText(text) ?? text.trim();

/** The settings patch of the defaults form: only the fields it owns, not the connection. */
export function defaultsPatch(draft: Settings, text: DefaultsTexts): Record<string, unknown> {
  const shipping =
    draft.shipping.kind === 'method'
      ? draft.shipping
      : {
          kind: 'object',
          shipping: {
            order_by: draft.shipping.shipping.order_by ?? 'price',
            ...(text.maxDays.trim() ? { max_days: numberOrText(text.maxDays) } : {}),
            ...(text.shipMax.trim() ? { max_price: moneyOrText(text.shipMax) } : {}),
          },
        };
  return {
    addresses: draft.addresses,
    defaultAddressId: draft.defaultAddressId,
    mode: draft.mode,
    sellerCriteria: draft.sellerCriteria,
    sellerCriteriaByRetailer: draft.sellerCriteriaByRetailer,
    shipping,
    maxPriceTolerance: {
      percent: numberOrText(text.percent) ?? 0,
      amountCents: moneyOrZero(text.amount),
    },
    gift: draft.gift,
    webhooks: filledIn(draft.webhooks),
    managed: {
      discount: required(text.discount),
      queueTimeoutSeconds: required(text.timeout),
      primeOptout: draft.managed.primeOptout,
      priorityBidCents: moneyOrZero(text.bid),
    },
    managedWaitingMinutes: required(text.waiting),
    notifications: draft.notifications,
    polling: { fastSeconds: required(text.fast), trackingMinutes: required(text.tracking) },
    vaultIdleLockMinutes: required(text.idle),
    holdSeconds: required(text.hold),
  };
}
