import { WEBHOOK_KEYS, type WebhookKey } from '../api/contract-constants.ts';
import type { MessageKey } from '../shared/i18n.ts';

/**
 * Each of the service's webhook events, named by the orders its address is called for:
 * one label on every page (Options' defaults, the popup's fields for one order), never
 * the event's API name. A new event without a label fails to compile.
 */
const WEBHOOK_LABELS: Record<WebhookKey, MessageKey> = {
  request_succeeded: 'webhookSucceeded',
  request_failed: 'webhookFailed',
  tracking_obtained: 'webhookTrackingObtained',
  tracking_updated: 'webhookTrackingUpdated',
  status_updated: 'webhookStatusUpdated',
  case_updated: 'webhookCaseUpdated',
};

/** The webhook events in the contract's order, each with its label's message key. */
export const WEBHOOK_FIELDS: readonly (readonly [WebhookKey, MessageKey])[] = WEBHOOK_KEYS.map(
  (key) => [key, WEBHOOK_LABELS[key]] as const,
);
