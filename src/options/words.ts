/**
 * The names the options page gives the contract's codes: a retailer by its name ("Amazon
 * UK", not `amazon_uk`), a shipping method, the ordering mode, a webhook. Every one is a
 * message of the page's language.
 */
import type { ShippingMethod, WebhookKey } from '../api/contract-constants.ts';
import type { RetailerCode } from '../api/retailers.ts';
import { type MessageKey, t } from '../shared/i18n.ts';
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
