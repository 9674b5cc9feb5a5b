import { RETAILER_CODES } from '../api/retailers.ts';
import { addressSchema } from '../api/schemas/address.ts';
import { webhooksSchema } from '../api/schemas/common.ts';
import {
  countLines,
  GIFT_MESSAGE_MAX_CHARS,
  GIFT_MESSAGE_MAX_LINES,
} from '../api/schemas/order-request.ts';
import { sellerSelectionCriteriaSchema } from '../api/schemas/product.ts';
import { SHIPPING_METHODS, shippingSchema } from '../api/schemas/shipping.ts';
import { z } from '../api/zod.ts';
import { normaliseAddress } from './address-rules.ts';
import { t } from './i18n.ts';

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
  version: z.number().int().default(2),
  serviceUrl: z
    .url({ protocol: /^https?$/, error: t('options_serviceUrlInvalid') })
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
  /**
   * Seconds a placed order waits before it is sent, so that Undo can still take it
   * back; 0 sends at once.
   */
  holdSeconds: z.number().int().min(0).max(60).default(5),

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
    .object({
      isGift: z.boolean().default(false),
      /** The packing slip's limits, as the order request has them. */
      message: z
        .string()
        .max(GIFT_MESSAGE_MAX_CHARS)
        .refine((text) => countLines(text) <= GIFT_MESSAGE_MAX_LINES, {
          error: t('options_giftMessageLines', GIFT_MESSAGE_MAX_LINES),
        })
        .default(''),
    })
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

export const CURRENT_SETTINGS_VERSION = 2;

type Migration = (old: Record<string, unknown>) => Record<string, unknown>;

/**
 * Numbered migrations: `MIGRATIONS[n]` turns a version-n object into version n+1.
 * Version 1 is the first; a release that changes a stored shape raises
 * CURRENT_SETTINGS_VERSION and adds its step here, never touching the old ones.
 */
const MIGRATIONS: Record<number, Migration> = {
  // Version 2 checks addresses by country (ISO codes, US state abbreviations, ZIP
  // shapes). A saved address that broke a rule would be dropped when read, so each
  // takes the corrections the rules suggest ("UK" → "GB", "Massachusetts" → "MA").
  1: (old) => ({
    ...old,
    ...(Array.isArray(old.addresses) ? { addresses: old.addresses.map(withSuggestions) } : {}),
  }),
};

function withSuggestions(entry: unknown): unknown {
  if (!isRecord(entry) || !isRecord(entry.address)) return entry;
  const { address, suggestions } = normaliseAddress(entry.address as Record<string, string>);
  const corrected: Record<string, string> = { ...address };
  for (const suggestion of suggestions) corrected[suggestion.field] = suggestion.value;
  return { ...entry, address: corrected };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema inside a `.default()`, if the field has one. */
function withoutDefault(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodDefault ? withoutDefault(schema.unwrap() as z.ZodType) : schema;
}

/**
 * Parses one field leniently: a bad value falls back to its default. Groups go field
 * by field, and lists and maps keep their good entries, so that one bad address or
 * override does not take the others with it.
 */
function parseField(schema: z.ZodType, value: unknown): unknown {
  const inner = withoutDefault(schema);
  if (inner instanceof z.ZodObject) return parseLeniently(inner, value);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (inner instanceof z.ZodArray && Array.isArray(value)) {
    const element = inner.element as z.ZodType;
    return value.flatMap((entry) => {
      const checked = element.safeParse(entry);
      return checked.success ? [checked.data] : [];
    });
  }
  if (inner instanceof z.ZodRecord && isRecord(value)) {
    const entry = z.object({
      key: inner.keyType as z.ZodType,
      value: inner.valueType as z.ZodType,
    });
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, item]) => {
        const checked = entry.safeParse({ key, value: item });
        return checked.success ? [[checked.data.key, checked.data.value]] : [];
      }),
    );
  }
  return schema.parse(undefined);
}

function parseLeniently(schema: z.ZodObject, value: unknown): Record<string, unknown> {
  const input = isRecord(value) ? value : {};
  const out: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const parsed = parseField(fieldSchema, input[field]);
    if (parsed !== undefined) out[field] = parsed;
  }
  return out;
}

/**
 * A deep copy without `undefined`-valued keys. An optional field zod was given as
 * `undefined` comes out as a key with an `undefined` value; Chrome's messaging drops
 * such keys, but Firefox's structured clone keeps them, and a page that reads
 * `settings.webhooks.request_failed.trim()` then fails. Settings never carry them.
 */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withoutUndefined(item)) as T;
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner !== undefined) out[key] = withoutUndefined(inner);
  }
  return out as T;
}

/** Parses complete settings; the one way settings objects are made. */
export function parseSettings(value: unknown): Settings {
  return withoutUndefined(settingsSchema.parse(value));
}

export function defaultSettings(): Settings {
  return parseSettings({});
}

/** What the migration steps run with; tests pass their own to exercise the machinery. */
export interface MigrationPlan {
  migrations: Record<number, Migration>;
  current: number;
}
/** The steps this version of Buyline runs. */
export const PLAN: MigrationPlan = { migrations: MIGRATIONS, current: CURRENT_SETTINGS_VERSION };

/**
 * Runs the numbered steps from the stored version up to the current one. A value
 * without a version is taken as current (version 1 is the first that was ever stored).
 */
export function upgradeSettings(
  stored: Record<string, unknown>,
  plan: MigrationPlan = PLAN,
): Record<string, unknown> {
  let value = { ...stored };
  let version =
    typeof value.version === 'number' && Number.isInteger(value.version)
      ? value.version
      : plan.current;
  while (version < plan.current) {
    const step = plan.migrations[version];
    if (step) value = step(value);
    version += 1;
  }
  return { ...value, version: Math.max(version, plan.current) };
}

/** Reads whatever was stored (old, partial or damaged) into valid current settings. */
export function migrateSettings(stored: unknown, plan: MigrationPlan = PLAN): Settings {
  const value = upgradeSettings(isRecord(stored) ? stored : {}, plan);
  return parseSettings({ ...parseLeniently(settingsSchema, value), version: plan.current });
}

/**
 * Maps whose entries the user adds and removes: a change carries the whole map, so an
 * entry left out of it is removed (merging would bring an emptied webhook back).
 */
const REPLACED_WHOLE: ReadonlySet<string> = new Set(['webhooks', 'sellerCriteriaByRetailer']);

/** Merges a change into settings, one level deep for nested groups. */
export function mergeSettings(
  current: Settings,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(patch)) {
    const old = merged[field];
    merged[field] =
      isRecord(old) && isRecord(value) && !REPLACED_WHOLE.has(field) ? { ...old, ...value } : value;
  }
  return merged;
}
