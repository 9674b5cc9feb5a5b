/**
 * The messages Buyline's pages send to its background: the schema each payload must pass
 * on arrival, and (in `Replies`) what it answers; the router implements exactly this map.
 * Nothing here ever carries the service token back.
 */
import type { FieldProblem } from '../api/problems.ts';
import { RETAILER_CODES } from '../api/retailers.ts';
import { z } from '../api/zod.ts';
import type { ExportReply, RetryReply, StartReply } from './bulk/messages.ts';
import { bulkPayloadBuilders } from './bulk/payload-schemas.ts';
import type { BatchSummary, BatchView, CheckReply } from './bulk/types.ts';
import { ORDER_STATES, type OrderRecord } from './order-record.ts';
import type { OrderDetail, OrderView } from './order-view.ts';
import type { PageDetails } from './page-details.ts';
import type { Settings } from './settings.ts';
import { type VaultStatus, vaultItemInputSchema } from './vault-items.ts';

/**
 * A map of schemas that builds each one the first time it is read, then keeps it: a
 * wake that only polls checks no message, so building every schema at start-up would be
 * wasted work. Reading a key twice gives the same schema; `in` and `Object.keys` see every key.
 */
export function lazySchemas<B extends Record<string, () => unknown>>(
  builders: B,
): { readonly [K in keyof B]: ReturnType<B[K]> } {
  const schemas = {} as { [K in keyof B]: ReturnType<B[K]> };
  for (const [key, build] of Object.entries(builders)) {
    Object.defineProperty(schemas, key, {
      enumerable: true,
      configurable: true,
      get() {
        const schema = build();
        Object.defineProperty(schemas, key, { value: schema, enumerable: true });
        return schema;
      },
    });
  }
  return schemas;
}

const localId = () => z.string().check(z.minLength(1), z.maxLength(100));
const empty = () => z.strictObject({});
const anyRecord = () => z.record(z.string(), z.unknown());
const whole = () => z.optional(z.number().check(z.int()));
const nonEmpty = () => z.string().check(z.minLength(1));
const secretRefs = () =>
  z.strictObject({ credentialsId: nonEmpty(), paymentId: nonEmpty(), billingId: nonEmpty() });
const byId = () => z.strictObject({ localId: localId() });
const orderQuery = () =>
  z.strictObject({
    /** A state, or a group the order's life answers: in flight, or can be cancelled. */
    state: z.optional(z.enum([...ORDER_STATES, 'in_flight', 'cancellable'])),
    retailer: z.optional(z.enum(RETAILER_CODES)),
    /** Only the orders of this bulk batch. */
    batchId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    from: whole(),
    to: whole(),
    search: z.optional(z.string().check(z.maxLength(200))),
    limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(500))),
    before: whole(),
  });

/** `count`: the last timed orders at that storefront (at most 20); `medianMs` from five on. */
export type UsualPlacingTime =
  | { beingPlaced: false }
  | { beingPlaced: true; retailer: string; since: number; count: number; medianMs?: number };

export const payloadSchemas = lazySchemas({
  'settings.get': empty,
  'settings.update': () => z.strictObject({ patch: anyRecord() }),
  'token.status': empty,
  'token.set': () =>
    z.strictObject({ token: z.string().check(z.trim(), z.minLength(1), z.maxLength(1000)) }),
  'token.remove': empty,
  'token.test': empty,
  /** `draftId` is made once per order form: a second submit of the same draft is the same order. */
  'order.place': () =>
    z.strictObject({
      draftId: z.uuid(),
      request: anyRecord(),
      title: z.optional(z.string().check(z.maxLength(500))),
      /** Own-account orders: which vault items the background adds at the moment of placement. */
      secrets: z.optional(secretRefs()),
    }),
  /**
   * What placing this request would refuse, asked as the form changes: the same check as
   * `order.place`, with nothing recorded or sent, so Place order can look unavailable.
   */
  'order.check': () => z.strictObject({ request: anyRecord(), secrets: z.optional(secretRefs()) }),
  'orders.query': orderQuery,
  /** The same filters, answered a page at a time (a search reads a share of the history). */
  'orders.search': orderQuery,
  'order.get': byId,
  'order.refresh': byId,
  'order.abort': byId,
  'order.cancel': () =>
    z.strictObject({ localId: localId(), merchantOrderId: nonEmpty(), draftId: z.uuid() }),
  /** Takes back an order still held before sending: it is removed and nothing is sent. */
  'order.undo': byId,
  /** Stops an order not yet placed that is past its hold (`life.actions.withdraw`). */
  'order.withdraw': byId,
  'orders.sync': () =>
    z.strictObject({ from: whole(), to: whole(), retailer: z.optional(z.enum(RETAILER_CODES)) }),
  'history.export': () => z.strictObject({ format: z.enum(['json', 'csv']) }),
  'history.clear': empty,
  'vault.status': empty,
  'vault.create': () => z.strictObject({ passphrase: z.string().check(z.minLength(10)) }),
  'vault.unlock': () => z.strictObject({ passphrase: nonEmpty() }),
  'vault.lock': empty,
  /** Adds or replaces (same id) one secret item; the vault must be unlocked. */
  'vault.save': () => z.strictObject({ item: vaultItemInputSchema() }),
  'vault.remove': () => z.strictObject({ id: nonEmpty() }),
  /** Deletes the vault and every secret in it (a forgotten passphrase, damaged data). */
  'vault.delete': empty,
  /** Checks a settings change without saving it: the options page's address editor. */
  'settings.check': () => z.strictObject({ patch: anyRecord() }),
  /** Imports a settings file's text: checked strictly here, saved only when all of it is valid. */
  'settings.import': () => z.strictObject({ text: z.string().check(z.maxLength(1_000_000)) }),
  /** Bulk orders (src/background/bulk): check, start, control, read and export batches. */
  ...bulkPayloadBuilders,
  /** The buyer has seen these orders' failures: the badge stops showing "!" for them. */
  'orders.seen': () =>
    z.strictObject({
      localIds: z.array(localId()).check(z.minLength(1), z.maxLength(10_000)),
    }),
  /** How many orders wait for a working token (nothing was placed): shown beside the token. */
  'orders.awaitingToken': empty,
  /**
   * Reads the product page in a tab. The background injects the readers, so their code
   * stays out of the popup's bundle; the popup's activeTab grant covers the whole extension.
   */
  'page.read': () => z.strictObject({ tabId: z.number().check(z.int(), z.gte(0)) }),
  /** How long placing usually takes at an order's storefront; the page decides nothing. */
  'orders.usualPlacingTime': byId,
});

export type MessageType = keyof typeof payloadSchemas;
export type Payload<T extends MessageType> = z.input<(typeof payloadSchemas)[T]>;

export type TokenStatus = {
  set: boolean;
  /** The local sandbox's built-in demo token at the sandbox's address, not the user's. */
  demo?: boolean;
  /** The last check's answer, if any. */
  check?: ConnectionCheck;
};
export type ConnectionCheck = {
  result: 'connected' | 'token_rejected' | 'not_reachable' | 'not_the_service' | 'no_token';
  message: string;
  at: number;
};

export type {
  OrderActions,
  OrderDetail,
  OrderLife,
  OrderPhase,
  OrderView,
  ShownState,
} from './order-view.ts';
/** What a sync did: orders imported (not followed here before), updated, unchanged, skipped. */
export type SyncResult = {
  imported: number;
  updated: number;
  unchanged: number;
  skipped: { reason: string; count: number }[];
};
export type PlaceResult<Order = OrderRecord> =
  | { placed: true; order: Order; duplicate: boolean }
  | { placed: false; problems: FieldProblem[] };
/** What `order.place` answers a page: the order placed as pages are given it. */
export type PlaceReply = PlaceResult<OrderView>;

export interface Replies {
  'settings.get': Settings;
  'settings.update': Settings;
  'token.status': TokenStatus;
  'token.set': TokenStatus;
  'token.remove': TokenStatus;
  'token.test': ConnectionCheck;
  'order.place': PlaceReply;
  'order.check': { problems: FieldProblem[] };
  'orders.query': OrderView[];
  /** `next` is the `before` of the following page, while any may be left. */
  'orders.search': { orders: OrderView[]; next?: number };
  'order.get': OrderDetail | null;
  'order.refresh': OrderDetail | null;
  'order.abort': OrderDetail;
  'order.cancel': OrderDetail;
  /** `undone` only while the order was held; `order` is then null (it is gone). */
  'order.undo': { undone: boolean; order: OrderView | null };
  'order.withdraw': OrderDetail;
  'orders.sync': SyncResult;
  'history.export': { filename: string; mime: string; content: string };
  'history.clear': { cleared: true };
  'vault.status': VaultStatus;
  'vault.create': VaultStatus;
  'vault.unlock': VaultStatus;
  'vault.lock': VaultStatus;
  'vault.save': VaultStatus;
  'vault.remove': VaultStatus;
  'vault.delete': VaultStatus;
  'settings.check': { problems: FieldProblem[] };
  /** `heldServiceUrl`: the file's service address, kept out until the user allows access to it. */
  'settings.import': { settings: Settings; heldServiceUrl?: string };
  'bulk.check': CheckReply;
  'bulk.start': StartReply;
  'bulk.pause': BatchSummary;
  'bulk.resume': BatchSummary;
  'bulk.cancelRest': BatchSummary;
  'bulk.get': BatchView | null;
  'bulk.list': BatchSummary[];
  'bulk.export': ExportReply;
  'bulk.retry': RetryReply;
  'orders.seen': { seen: number };
  'orders.awaitingToken': { count: number };
  'page.read': PageDetails;
  'orders.usualPlacingTime': UsualPlacingTime;
}

export interface Envelope<T extends MessageType = MessageType> {
  buyline: 1;
  type: T;
  payload: Payload<T>;
}

/**
 * What kind of refusal or failure a reply carries, so a page can tell a problem with
 * what the user typed from a locked vault or an unreachable service without reading it.
 */
export type ErrorKind =
  | 'invalid' // The input breaks a rule; `problems` says where.
  | 'refused' // The message came from outside Buyline's pages, or is unknown.
  | 'vault_locked' // Own-account secrets are needed and the vault is locked.
  | 'no_token' // The service token is missing.
  | 'unauthorized' // The service rejected the token.
  | 'unreachable' // The service could not be reached or did not answer in time.
  | 'rate_limited' // The service asked us to wait (a 429 hold is in force).
  | 'not_found' // The record asked for does not exist.
  | 'service' // The service refused the request.
  | 'internal'; // Anything else; the message says what happened.

export interface ReplyError {
  kind: ErrorKind;
  message: string;
  problems?: FieldProblem[];
}

export type Reply<T extends MessageType> =
  | { ok: true; data: Replies[T] }
  | { ok: false; error: ReplyError };

/**
 * What the background asks of an open side panel (runtime.sendMessage to Buyline's own
 * pages): show an order, at its cancellation's confirmation when `confirm`. A panel that
 * shows it answers true; with none open the background opens the popup or a tab.
 */
export interface ShowOrderRequest {
  buylineShow: 1;
  localId: string;
  confirm: boolean;
}
