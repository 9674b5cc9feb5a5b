import { browser } from '../shared/browser.ts';
import type { ChangeNotice } from '../shared/change-feed.ts';
import { CANCELLABLE_QUERY, type FirstScreen, IN_FLIGHT_QUERY } from '../shared/first-screen.ts';
import { STORED_KEYS } from '../shared/stored-keys.ts';
import { listOrders } from './order-actions.ts';
import { readSettings } from './settings-store.ts';
import { tokenStatus } from './token-store.ts';
import { vaultStatus } from './vault/vault-service.ts';

const { area, key } = STORED_KEYS.firstScreen;
const FEED = STORED_KEYS.changeFeed;

/** Writes what the popup's first screen shows, as the messages it replaces answer. */
async function write(): Promise<void> {
  // Read before the rest: a change announced after this may be missing, and says so.
  const notice = (await browser.storage[FEED.area].get(FEED.key))[FEED.key] as
    | ChangeNotice
    | undefined;
  const [settings, vault, token, inFlight, cancellable] = await Promise.all([
    readSettings(),
    // A vault that cannot be read is left out: the popup asks, and hears why.
    vaultStatus().catch(() => undefined),
    tokenStatus(),
    listOrders(IN_FLIGHT_QUERY),
    listOrders(CANCELLABLE_QUERY),
  ]);
  const screen: FirstScreen = {
    version: browser.runtime.getManifest().version,
    ...(notice?.id ? { feed: notice.id } : {}),
    settings,
    ...(vault ? { vault } : {}),
    token,
    inFlight,
    cancellable,
  };
  await browser.storage[area].set({ [key]: screen });
}

let queue: Promise<void> = Promise.resolve();
/** The write asked for that has not started yet: every change until it starts shares it. */
let next: Promise<void> | undefined;

/**
 * Writes the first screen afresh. Writes run one after another, so one that read older
 * state never lands after one that read newer state; the changes of a busy moment (an
 * order and its notice, the vault and its notice) make one write, not one each.
 */
export function writeFirstScreen(): Promise<void> {
  next ??= queue.then(() => {
    next = undefined;
    return write();
  });
  queue = next.catch(() => undefined);
  return next;
}

type StorageChanges = Record<string, { oldValue?: unknown; newValue?: unknown }>;

/**
 * Whether a storage change touches what the first screen is read from: a change the
 * background announces (orders, settings, vault, token), the settings (whoever wrote
 * them, another device through sync included) and this device's webhook addresses, the
 * vault, or its being unlocked. A use of the vault that only pushes its idle deadline
 * back does not count: the popup does not trust an unlocked status past the deadline
 * it was written with.
 */
export function changesFirstScreen(changes: StorageChanges, changedArea: string): boolean {
  const at = (
    name:
      | 'settings'
      | 'webhooks'
      | 'vault'
      | 'vaultSession'
      | 'changeFeed'
      | 'tokenCheck'
      | 'sealedServiceToken',
  ) => (changedArea === STORED_KEYS[name].area ? changes[STORED_KEYS[name].key] : undefined);
  const session = at('vaultSession');
  const notice = at('changeFeed')?.newValue as ChangeNotice | undefined;
  return (
    // Orders change by the hundred while a batch runs or is paused: rewriting the whole
    // screen (two order queries and their views) for each order kept the worker busy
    // with it, and taking 30 held orders back took far longer. The orders part is
    // trusted only while no change came after it (the popup asks otherwise); the rest
    // is rewritten here.
    notice?.scopes?.some(
      (scope) => scope === 'settings' || scope === 'vault' || scope === 'token',
    ) === true ||
    at('settings') !== undefined ||
    at('tokenCheck') !== undefined ||
    at('sealedServiceToken') !== undefined ||
    at('webhooks') !== undefined ||
    at('vault') !== undefined ||
    // A missing value may come as undefined or null, depending on the browser.
    (session !== undefined && (session.oldValue == null || session.newValue == null))
  );
}

/**
 * Writes the first screen afresh. One that cannot be written is removed, so the popup
 * asks the background rather than show what has changed since.
 */
function refresh(): void {
  writeFirstScreen().catch(async (error: unknown) => {
    console.error('Buyline: could not prepare the popup', error);
    await browser.storage[area].remove(key).catch(() => undefined);
  });
}

/** Whether what is written is this version's, and older than no announced change. */
async function isCurrent(): Promise<boolean> {
  const found = await browser.storage[area].get([key, FEED.key]);
  const screen = found[key] as FirstScreen | undefined;
  const notice = found[FEED.key] as ChangeNotice | undefined;
  return screen?.version === browser.runtime.getManifest().version && screen.feed === notice?.id;
}

/**
 * Keeps the first screen current: written now unless what is written is current, and
 * again on every change it depends on. Called at the top level of each worker start:
 * session storage is empty after a browser restart and may hold what another version
 * wrote, and a change made while the worker sleeps wakes it through this listener (so
 * a worker that merely woke up has nothing to write, and its start is not slowed).
 */
export function keepFirstScreen(): void {
  browser.storage.onChanged.addListener((changes, changedArea) => {
    if (changesFirstScreen(changes as StorageChanges, changedArea)) refresh();
  });
  void isCurrent().then(
    (current) => current || refresh(),
    () => refresh(),
  );
}
