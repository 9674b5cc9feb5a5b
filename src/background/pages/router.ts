import { ServiceApiError } from '../../api/errors.ts';
import { describeProblems } from '../../api/problems.ts';
import { browser, type Runtime } from '../../shared/browser.ts';
import { type ChangeScope, publishChange } from '../../shared/change-feed.ts';
import { t } from '../../shared/i18n.ts';
import {
  type ErrorKind,
  type MessageType,
  type Payload,
  payloadSchemas,
  type Replies,
  type Reply,
  type ReplyError,
} from '../../shared/protocol.ts';
import { bulkHandlers } from '../bulk/handlers.ts';
import { clock } from '../clock.ts';
import { history } from '../history/connection.ts';
import { exportHistoryCsv, exportHistoryJson } from '../history/export.ts';
import { removeToken, tokenStatus, writeToken } from '../keys/token-store.ts';
import { isBeingPlaced, placingSince } from '../order-life/placing-phase.ts';
import { readPageInTab } from '../placing/page-read.ts';
import { draftProblems, placeOrder } from '../placing/placement.ts';
import { countOrdersAwaitingToken, releaseTokenWaiters } from '../rounds/order-steps.ts';
import { nudge } from '../rounds/scheduler.ts';
import { checkConnection, openGate } from '../rounds/service-gate.ts';
import { syncFromService } from '../rounds/sync.ts';
import {
  importSettings,
  readSettings,
  settingsProblems,
  updateSettings,
} from '../settings-store.ts';
import { markOrdersSeen, refreshBadge } from '../telling/badge.ts';
import {
  createVault,
  deleteVault,
  lockVault,
  removeVaultItem,
  saveVaultItem,
  unlockVault,
  vaultStatus,
} from '../vault/vault-service.ts';
import {
  abortOrder,
  cancelOrder,
  listOrders,
  orderDetail,
  placeReply,
  refreshOrder,
  searchOrders,
  undoPlacedOrder,
  withdrawOrder,
} from './order-requests.ts';
import { UserFacingError } from './user-errors.ts';

/** A failed service call's reply kind, where it is not the same word. */
const KIND_OF_API_ERROR: Partial<Record<ServiceApiError['kind'], ErrorKind>> = {
  invalid_response: 'service',
  outcome_unknown: 'unreachable',
  request_invalid: 'invalid',
};

/** Whatever a handler threw, as a page's reply: its kind, its sentence, and where input problems are. */
function errorReply(error: unknown): ReplyError {
  if (error instanceof ServiceApiError) {
    const problems = 'problems' in error ? (error.problems as ReplyError['problems']) : undefined;
    return {
      kind: KIND_OF_API_ERROR[error.kind] ?? (error.kind as ErrorKind),
      message: error.userMessage,
      ...(problems && error.kind === 'request_invalid' ? { problems } : {}),
    };
  }
  // What the order's life refuses, the vault, no token, a 429 hold (nothing was sent),
  // invalid settings…
  if (error instanceof UserFacingError) {
    const { kind, userMessage: message, problems } = error;
    return { kind, message, ...(problems ? { problems } : {}) };
  }
  return {
    kind: 'internal',
    message: error instanceof Error ? error.message : t('bg_somethingWentWrong'),
  };
}

type Handlers = { [T in MessageType]: (payload: Payload<T>) => Promise<Replies[T]> };

/** What a message changes, told to pages once it succeeds; orders and the vault tell their own. */
const CHANGES: Partial<Record<MessageType, ChangeScope>> = {
  'settings.update': 'settings',
  'settings.import': 'settings',
  'token.set': 'token',
  'token.remove': 'token',
  'token.test': 'token',
  'history.clear': 'orders',
};

/** One async handler per message of the protocol; the router checks payloads first. */
const handlers: Handlers = {
  'settings.get': () => readSettings(),
  'settings.update': ({ patch }) => updateSettings(patch),
  'token.status': () => tokenStatus(),
  'token.set': async ({ token }) => {
    await writeToken(token.trim());
    // What waited for a working token goes out now, under its same key.
    await releaseTokenWaiters({ now: clock.now(), settings: await readSettings() });
    nudge();
    return tokenStatus();
  },
  'token.remove': () => removeToken(),
  'token.test': () => checkConnection(),
  'order.place': async ({ draftId, request, title, secrets }) => {
    const result = await placeOrder(draftId, request, { title, secrets });
    if (result.placed) nudge();
    return placeReply(result);
  },
  'order.check': async ({ request, secrets }) => ({
    problems: draftProblems(request, undefined, secrets !== undefined),
  }),
  'orders.query': (query) => listOrders(query),
  'orders.search': (query) => searchOrders(query),
  'order.get': ({ localId }) => orderDetail(localId),
  'order.refresh': ({ localId }) => refreshOrder(localId),
  'order.abort': ({ localId }) => abortOrder(localId),
  'order.cancel': ({ localId, merchantOrderId, draftId }) =>
    cancelOrder(localId, merchantOrderId, draftId),
  'order.undo': ({ localId }) => undoPlacedOrder(localId),
  'order.withdraw': ({ localId }) => withdrawOrder(localId),
  'orders.sync': async (range) => {
    const counts = await syncFromService(await openGate(), range);
    nudge();
    return counts;
  },
  'history.export': async ({ format }) => {
    const store = await history();
    const stamp = new Date(clock.now()).toISOString().slice(0, 10);
    const csv = format === 'csv';
    return {
      filename: `buyline-history-${stamp}.${csv ? 'csv' : 'json'}`,
      mime: csv ? 'text/csv' : 'application/json',
      content: await (csv ? exportHistoryCsv : exportHistoryJson)(store),
    };
  },
  'history.clear': async () => {
    await (await history()).clear();
    await refreshBadge();
    return { cleared: true };
  },
  'vault.status': () => vaultStatus(),
  'vault.create': ({ passphrase }) => createVault(passphrase),
  'vault.unlock': ({ passphrase }) => unlockVault(passphrase),
  'vault.lock': () => lockVault(),
  'vault.save': ({ item }) => saveVaultItem(item),
  'vault.remove': ({ id }) => removeVaultItem(id),
  'vault.delete': () => deleteVault(),
  'settings.check': async ({ patch }) => ({ problems: await settingsProblems(patch) }),
  'settings.import': ({ text }) => importSettings(text),
  ...bulkHandlers,
  'orders.seen': ({ localIds }) => markOrdersSeen(localIds),
  'orders.awaitingToken': async () => ({ count: await countOrdersAwaitingToken() }),
  'page.read': ({ tabId }) => readPageInTab(tabId),
  // How long placing usually takes, read only while the order is being placed (when it shows).
  'orders.usualPlacingTime': async ({ localId }) => {
    const store = await history();
    const order = await store.getOrder(localId);
    if (!order || !isBeingPlaced(order.state)) return { beingPlaced: false };
    const times = await store.usualPlacingTimes(order.retailer);
    return { beingPlaced: true, retailer: order.retailer, since: placingSince(order), ...times };
  },
};

/**
 * Only Buyline's own pages may talk to the background. Anything injected into a web page
 * carries the web page's URL and is refused; web pages and other extensions cannot reach
 * runtime.onMessage at all (no externally_connectable).
 */
export function isOwnPage(sender: Runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id) return false;
  const origin = browser.runtime.getURL('');
  return typeof sender.url === 'string' && sender.url.startsWith(origin);
}

/** Handles one message: refuses strangers, checks the payload, runs its handler. */
export async function route(
  message: unknown,
  sender: Runtime.MessageSender,
): Promise<Reply<MessageType> | undefined> {
  if (!isOwnPage(sender))
    return { ok: false, error: { kind: 'refused', message: t('bg_notOwnPage') } };
  const { buyline, type, payload } = (message ?? {}) as Record<string, unknown>;
  if (buyline !== 1) return undefined;
  if (typeof type !== 'string' || !(type in payloadSchemas))
    return { ok: false, error: { kind: 'refused', message: t('bg_unknownRequest', String(type)) } };
  const messageType = type as MessageType;
  const checked = payloadSchemas[messageType].safeParse(payload ?? {});
  if (!checked.success) {
    const problems = describeProblems(checked.error);
    const message = problems.map((problem) => problem.message).join(' ');
    return { ok: false, error: { kind: 'invalid', message, problems } };
  }
  try {
    const handler = handlers[messageType] as (payload: unknown) => Promise<unknown>;
    const data = (await handler(checked.data)) as Replies[MessageType];
    const scope = CHANGES[messageType];
    if (scope) await publishChange([scope]);
    return { ok: true, data };
  } catch (error) {
    return { ok: false, error: errorReply(error) };
  }
}
