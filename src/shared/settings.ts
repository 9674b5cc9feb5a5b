import {
  countLines,
  GIFT_MESSAGE_MAX_CHARS,
  GIFT_MESSAGE_MAX_LINES,
  SHIPPING_METHODS,
} from '../api/contract-constants.ts';
import { RETAILER_CODES } from '../api/retailers.ts';
import { addressSchema } from '../api/schemas/address.ts';
import { shippingSchema, webhooksSchema } from '../api/schemas/common.ts';
import { sellerSelectionCriteriaSchema } from '../api/schemas/product.ts';
import { z } from '../api/zod.ts';
import { normaliseAddress } from './address-rules.ts';
import { t } from './i18n.ts';
import { SANDBOX_URL } from './service-address.ts';

export { SANDBOX_URL };
export const SANDBOX_TOKEN = 'sandbox';

const on = z._default(z.boolean(), true);
/** A group of settings: missing, it is its fields' defaults. */
const group = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.prefault(z.object(shape), {} as never);
const wholeIn = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max));
const wholeFrom = (min: number) => z.number().check(z.int(), z.gte(min));

/**
 * Settings, kept in sync storage (nothing secret). Every field has a default, so a
 * fresh install and a damaged store both come out valid.
 */
export const settingsSchema = z.object({
  version: z._default(z.number().check(z.int()), 2),
  serviceUrl: z._default(
    z.url({ protocol: /^https?$/, error: t('options_serviceUrlInvalid') }),
    SANDBOX_URL,
  ),
  sendIdempotencyKeys: z._default(z.boolean(), true),
  requestTimeoutSeconds: z._default(wholeIn(3, 120), 20),
  notifications: group({
    placed: on,
    failed: on,
    tracking: on,
    cancellation: on,
    managed_waiting: on,
  }),
  polling: group({
    /** Status reads of an order being placed, while the worker is awake. */
    fastSeconds: z._default(wholeIn(2, 60), 5),
    /** Tracking checks of a placed order. */
    trackingMinutes: z._default(wholeIn(5, 24 * 60), 30),
  }),
  /** A managed order still queued after this many minutes is worth a notification. */
  managedWaitingMinutes: z._default(wholeFrom(1), 60),
  /** Seconds a placed order waits before it is sent, so Undo can take it back; 0: at once. */
  holdSeconds: z._default(wholeIn(0, 60), 5),

  // Order defaults, applied by the popup to every new order.
  /** Saved shipping addresses; `defaultAddressId` names the one preselected. */
  addresses: z._default(
    z.array(
      z.object({
        id: z.string().check(z.minLength(1)),
        label: z.string().check(z.minLength(1)),
        address: addressSchema,
      }),
    ),
    [],
  ),
  defaultAddressId: z._default(z.nullable(z.string()), null),
  /** `own`: the user's retailer account (vault secrets); `managed`: addax. */
  mode: z._default(z.enum(['own', 'managed']), 'managed'),
  /** Seller criteria for every retailer (null: the service's defaults), and overrides per retailer. */
  sellerCriteria: z._default(z.nullable(sellerSelectionCriteriaSchema), null),
  sellerCriteriaByRetailer: z._default(
    z.partialRecord(z.enum(RETAILER_CODES), sellerSelectionCriteriaSchema),
    {},
  ),
  shipping: z._default(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('method'), method: z.enum(SHIPPING_METHODS) }),
      z.object({ kind: z.literal('object'), shipping: shippingSchema }),
    ]),
    { kind: 'method', method: 'cheapest' },
  ),
  /** The max_price guard: page price × quantity, plus this much. */
  maxPriceTolerance: group({
    percent: z._default(z.number().check(z.gte(0), z.lte(100)), 10),
    amountCents: z._default(wholeFrom(0), 0),
  }),
  gift: group({
    isGift: z._default(z.boolean(), false),
    /** The packing slip's limits, as the order request has them. */
    message: z._default(
      z.string().check(
        z.maxLength(GIFT_MESSAGE_MAX_CHARS),
        z.refine((text: string) => countLines(text) <= GIFT_MESSAGE_MAX_LINES, {
          error: t('options_giftMessageLines', GIFT_MESSAGE_MAX_LINES),
        }),
      ),
      '',
    ),
  }),
  webhooks: z._default(webhooksSchema, {}),
  managed: group({
    discount: z._default(z.number().check(z.gte(-50), z.lte(0)), 0),
    queueTimeoutSeconds: z._default(wholeFrom(1), 14_400),
    primeOptout: z._default(z.boolean(), false),
    priorityBidCents: z._default(wholeFrom(0), 0),
  }),
  /** The vault locks itself after this many idle minutes. */
  vaultIdleLockMinutes: z._default(wholeIn(1, 24 * 60), 15),
});
export type Settings = z.infer<typeof settingsSchema>;
export type NotificationKind = keyof Settings['notifications'];

/** The settings schema that refuses unknown fields: how a change by the user is checked. */
export function strictSettingsSchema() {
  return z.catchall(settingsSchema, z.never());
}

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
  for (const { field, suggestion } of suggestions) if (suggestion) corrected[field] = suggestion;
  return { ...entry, address: corrected };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema inside a default, if the field has one. */
function withoutDefault(schema: z.ZodMiniType): z.ZodMiniType {
  return schema instanceof z.ZodMiniDefault || schema instanceof z.ZodMiniPrefault
    ? withoutDefault(schema.def.innerType as z.ZodMiniType)
    : schema;
}

/** The value parsed, in a list of one, or an empty list when it is bad. */
function good<T>(schema: z.core.$ZodType<T>, value: unknown): T[] {
  const checked = z.safeParse(schema, value);
  return checked.success ? [checked.data] : [];
}

/**
 * Parses one field leniently: a bad value falls back to its default. Groups go field
 * by field, and lists and maps keep their good entries, so that one bad address or
 * override does not take the others with it.
 */
function parseField(schema: z.ZodMiniType, value: unknown): unknown {
  const inner = withoutDefault(schema);
  if (inner instanceof z.ZodMiniObject) return parseLeniently(inner, value);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (inner instanceof z.ZodMiniArray && Array.isArray(value))
    return value.flatMap((entry) => good(inner.def.element, entry));
  if (inner instanceof z.ZodMiniRecord && isRecord(value)) {
    const entry = z.object({ key: inner.def.keyType, value: inner.def.valueType });
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, item]) =>
        good(entry, { key, value: item }).map((kept) => [kept.key, kept.value]),
      ),
    );
  }
  return schema.parse(undefined);
}

function parseLeniently(schema: z.ZodMiniObject, value: unknown): Record<string, unknown> {
  const input = isRecord(value) ? value : {};
  const out: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.shape) as [string, z.ZodMiniType][]) {
    const parsed = parseField(fieldSchema, input[field]);
    if (parsed !== undefined) out[field] = parsed;
  }
  return out;
}

/**
 * A deep copy without `undefined`-valued keys, which zod keeps for an optional field it
 * was given as `undefined`: Firefox's structured clone keeps them too (Chrome drops them),
 * and a page reading `settings.webhooks.request_failed.trim()` then fails.
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
function parseSettings(value: unknown): Settings {
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
  const value = { ...upgradeSettings(isRecord(stored) ? stored : {}, plan), version: plan.current };
  // Settings this version wrote parse whole in one pass; only others go field by field.
  const whole = settingsSchema.safeParse(value);
  if (whole.success) return withoutUndefined(whole.data);
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
