/**
 * The names the options page gives the contract's codes: a retailer by its name ("Amazon
 * UK", not `amazon_uk`), a shipping method, the ordering mode, a webhook. Every one is a
 * message of the page's language. Numbers and times are written as the browser's
 * language writes them (navigator.language), through Intl: amounts in the hints, times
 * in the statuses.
 */
import type { ShippingMethod, WebhookKey } from '../api/contract-constants.ts';
import type { RetailerCode } from '../api/retailers.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
import { dateFormat, numberFormat, userLocale } from '../shared/locale-format.ts';
import type { Settings } from '../shared/settings.ts';

const RETAILER_NAMES: Record<RetailerCode, MessageKey> = {
  amazon: 'options_retailerAmazon',
  amazon_uk: 'options_retailerAmazonUk',
  amazon_ca: 'options_retailerAmazonCa',
  amazon_de: 'options_retailerAmazonDe',
  amazon_mx: 'options_retailerAmazonMx',
  walmart: 'options_retailerWalmart',
  costco: 'options_retailerCostco',
  homedepot: 'options_retailerHomeDepot',
  aliexpress: 'options_retailerAliExpress',
};

export const retailerName = (code: RetailerCode): string => t(RETAILER_NAMES[code]);

const SHIPPING_METHOD_NAMES: Record<ShippingMethod, MessageKey> = {
  cheapest: 'options_shippingCheapest',
  fastest: 'options_shippingFastest',
  marketplace_day: 'options_shippingMarketplaceDay',
  free: 'options_shippingFree',
};

export const shippingMethodName = (method: ShippingMethod): string =>
  t(SHIPPING_METHOD_NAMES[method]);

type Mode = Settings['mode'];

/** The ordering mode in a few words, as the guide and the statuses say it. */
export const modeName = (mode: Mode): string =>
  t(mode === 'managed' ? 'options_modeManagedName' : 'options_modeOwnName');

/** The ordering mode as a choice names it. */
export const modeOption = (mode: Mode): string =>
  t(mode === 'managed' ? 'options_modeManagedOption' : 'options_modeOwnOption');

/** The ordering mode with what it means. */
export const modeChoice = (mode: Mode): string =>
  t(mode === 'managed' ? 'options_modeManagedChoice' : 'options_modeOwnChoice');

const WEBHOOK_LABELS: Record<WebhookKey, MessageKey> = {
  request_succeeded: 'options_webhookSucceeded',
  request_failed: 'options_webhookFailed',
  tracking_obtained: 'options_webhookTrackingObtained',
  tracking_updated: 'options_webhookTrackingUpdated',
  status_updated: 'options_webhookStatusUpdated',
  case_updated: 'options_webhookCaseUpdated',
};

export const webhookLabel = (key: WebhookKey): string => t(WEBHOOK_LABELS[key]);

/**
 * An amount in minor units as a plain number with two decimals, the way a money field
 * takes it ("1.50", "1,50"): no currency, since the defaults apply to every storefront,
 * and no grouping, which a money field would refuse.
 */
export const amountText = (cents: number, locale = userLocale()): string =>
  numberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);

/** A moment as a short time ("14:05", "2:05 PM"). */
export const timeText = (at: number, locale = userLocale()): string =>
  dateFormat(locale, { timeStyle: 'short' }).format(at);

/** A moment as a date and a time ("12 Mar 2026, 14:05"). */
export const dateTimeText = (at: number, locale = userLocale()): string =>
  dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
