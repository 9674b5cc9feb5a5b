import { RETAILER_CODES } from '../api/retailers.ts';
import { addressSchema } from '../api/schemas/address.ts';
import { webhooksSchema } from '../api/schemas/common.ts';
import { sellerSelectionCriteriaSchema } from '../api/schemas/product.ts';
import { SHIPPING_METHODS, shippingSchema } from '../api/schemas/shipping.ts';
import { z } from '../api/zod.ts';

/** The local sandbox, Buyline's service out of the box (`npm run sandbox`). */
export const SANDBOX_URL = 'http://127.0.0.1:8787';
export const SANDBOX_TOKEN = 'sandbox';

export const NOTIFICATION_KINDS = [
  'placed',
  'failed',
  'tracking',
  'cancellation',
  'managed_waiting',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const on = z.boolean().default(true);

/**
 * Settings, kept in sync storage (nothing secret). Every field has a default, so a
 * fresh install and a damaged store both come out valid.
 */
export const settingsSchema = z.object({
  version: z.number().int().default(1),
  serviceUrl: z
    .url({ protocol: /^https?$/, error: 'must be the http(s) address of the service.' })
    .default(SANDBOX_URL),
  sendIdempotencyKeys: z.boolean().default(true),
  requestTimeoutSeconds: z.number().int().min(3).max(120).default(20),
  notifications: z
    .object({ placed: on, failed: on, tracking: on, cancellation: on, managed_waiting: on })
    .default({
      placed: true,
      failed: true,
      tracking: true,
      cancellation: true,
      managed_waiting: true,
    }),
  polling: z
    .object({
      /** Status reads of an order being placed, while the worker is awake. */
      fastSeconds: z.number().int().min(2).max(60).default(5),
      /** Tracking checks of a placed order. */
      trackingMinutes: z
        .number()
        .int()
        .min(5)
        .max(24 * 60)
        .default(30),
    })
    .default({ fastSeconds: 5, trackingMinutes: 30 }),
  /** A managed order still queued after this many minutes is worth a notification. */
  managedWaitingMinutes: z.number().int().min(1).default(60),

  // Order defaults, applied by the popup to every new order.
  /** Saved shipping addresses; `defaultAddressId` names the one preselected. */
  addresses: z
    .array(z.object({ id: z.string().min(1), label: z.string().min(1), address: addressSchema }))
    .default([]),
  defaultAddressId: z.string().nullable().default(null),
  /** `own`: the user's retailer account (vault secrets); `managed`: addax. */
  mode: z.enum(['own', 'managed']).default('managed'),
  /** Seller criteria for every retailer (null: the service's defaults), and overrides per retailer. */
  sellerCriteria: sellerSelectionCriteriaSchema.nullable().default(null),
  sellerCriteriaByRetailer: z
    .partialRecord(z.enum(RETAILER_CODES), sellerSelectionCriteriaSchema)
    .default({}),
  shipping: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('method'), method: z.enum(SHIPPING_METHODS) }),
      z.object({ kind: z.literal('object'), shipping: shippingSchema }),
    ])
    .default({ kind: 'method', method: 'cheapest' }),
  /** The max_price guard: page price × quantity, plus this much. */
  maxPriceTolerance: z
    .object({
      percent: z.number().min(0).max(100).default(10),
      amountCents: z.number().int().min(0).default(0),
    })
    .default({ percent: 10, amountCents: 0 }),
  gift: z
    .object({ isGift: z.boolean().default(false), message: z.string().max(240).default('') })
    .default({ isGift: false, message: '' }),
  webhooks: webhooksSchema.default({}),
  managed: z
    .object({
      discount: z.number().min(-50).max(0).default(0),
      queueTimeoutSeconds: z.number().int().min(1).default(14_400),
      primeOptout: z.boolean().default(false),
      priorityBidCents: z.number().int().min(0).default(0),
    })
    .default({ discount: 0, queueTimeoutSeconds: 14_400, primeOptout: false, priorityBidCents: 0 }),
  /** The vault locks itself after this many idle minutes. */
  vaultIdleLockMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
});
export type Settings = z.infer<typeof settingsSchema>;

export const CURRENT_SETTINGS_VERSION = 1;

/**
 * Numbered migrations: `MIGRATIONS[n]` turns a version-n object into version n+1.
 * Version 1 is the first; later versions add steps here without touching old ones.
 */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object schema inside a `.default()`, if that is what the field is. */
function objectInside(schema: z.ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodDefault) return objectInside(schema.unwrap() as z.ZodType);
  return undefined;
}

/** Parses field by field: a bad field falls back to its default and keeps the rest. */
function parseLeniently(schema: z.ZodObject, value: unknown): Record<string, unknown> {
  const input = isRecord(value) ? value : {};
  const out: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const nested = objectInside(fieldSchema);
    if (nested) {
      out[field] = parseLeniently(nested, input[field]);
      continue;
    }
    const parsed = fieldSchema.safeParse(input[field]);
    out[field] = parsed.success ? parsed.data : fieldSchema.parse(undefined);
  }
  return out;
}

export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}

/** Reads whatever was stored (old, partial or damaged) into valid current settings. */
export function migrateSettings(stored: unknown): Settings {
  let value: Record<string, unknown> = isRecord(stored) ? { ...stored } : {};
  let version = typeof value.version === 'number' ? value.version : CURRENT_SETTINGS_VERSION;
  while (version < CURRENT_SETTINGS_VERSION) {
    const step = MIGRATIONS[version];
    if (step) value = step(value);
    version += 1;
  }
  return settingsSchema.parse({
    ...parseLeniently(settingsSchema, value),
    version: CURRENT_SETTINGS_VERSION,
  });
}

/** Merges a change into settings, one level deep for nested groups. */
export function mergeSettings(
  current: Settings,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(patch)) {
    const old = merged[field];
    merged[field] = isRecord(old) && isRecord(value) ? { ...old, ...value } : value;
  }
  return merged;
}
