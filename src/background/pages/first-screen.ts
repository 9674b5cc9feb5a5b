import { browser } from '../../shared/browser.ts';
import type { ChangeNotice } from '../../shared/change-feed.ts';
import { CANCELLABLE_QUERY, type FirstScreen, IN_FLIGHT_QUERY } from '../../shared/first-screen.ts';
import { STORED_KEYS } from '../../shared/stored-keys.ts';
import { tokenStatus } from '../keys/token-store.ts';
import { readSettings } from '../settings-store.ts';
import { vaultStatus } from '../vault/vault-service.ts';
import { listOrders } from './order-requests.ts';

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

/** Writes the first screen afresh, in turn: older state never lands after newer. */
export function writeFirstScreen(): Promise<void> {
  next ??= queue.then(() => {
    next = undefined;
    return write();
  });
  queue = next.catch(() => undefined);
  return next;
}

type StorageChanges = Record<string, { oldValue?: unknown; newValue?: unknown }>;

/** Where the first screen is read from, besides announced changes and the vault's session. */
const SOURCES = ['settings', 'tokenCheck', 'sealedServiceToken', 'webhooks', 'vault'] as const;

/**
 * Whether a storage change touches what the first screen is read from (whoever wrote it,
 * another device through sync included). A use of the vault that only pushes its idle
 * deadline back does not count: the popup trusts no unlocked status past its deadline.
 */
export function changesFirstScreen(changes: StorageChanges, changedArea: string): boolean {
  const at = (name: (typeof SOURCES)[number] | 'vaultSession' | 'changeFeed') =>
    changedArea === STORED_KEYS[name].area ? changes[STORED_KEYS[name].key] : undefined;
  const session = at('vaultSession');
  const notice = at('changeFeed')?.newValue as ChangeNotice | undefined;
  return (
    // Orders change by the hundred while a batch runs: rewriting the screen for each kept
    // the worker busy. The orders part is trusted only while no change came after it
    // (the popup asks otherwise).
    notice?.scopes?.some((scope) => ['settings', 'vault', 'token'].includes(scope)) === true ||
    SOURCES.some((name) => at(name) !== undefined) ||
    // A missing value may come as undefined or null, depending on the browser.
    (session !== undefined && (session.oldValue == null || session.newValue == null))
  );
}

/** Writes the first screen afresh, or removes it so the popup asks rather than show stale state. */
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
 * Keeps the first screen current: written once `after` settles unless what is written is
 * current, and on every change it depends on. A change made while the worker sleeps wakes
 * it through this listener, so a worker that merely woke up has little to write; what it
 * has waits for the round it woke for (`after`), whose first poll it would slow.
 */
export function keepFirstScreen(after: Promise<unknown> = Promise.resolve()): void {
  browser.storage.onChanged.addListener((changes, changedArea) => {
    if (changesFirstScreen(changes as StorageChanges, changedArea)) refresh();
  });
  void after
    .catch(() => undefined)
    .then(isCurrent)
    .catch(() => false)
    .then((current) => current || refresh());
}
