/**
 * Every key Buyline stores in extension storage, and where it lives. Secrets live in
 * `local` (never synced) or `session` (memory only, gone when the browser closes), and
 * are read by the background alone; `sync` holds only what is safe on every device of
 * the user. IndexedDB (the history) is described in src/background/history/db.ts; the
 * key the token is sealed with, in src/background/token-store.ts.
 */
export const STORED_KEYS = {
  /** User settings (no secrets). */
  settings: { area: 'sync', key: 'settings', secret: false },
  /**
   * The service token, sealed: AES-GCM under a non-extractable key kept apart in the
   * background's own IndexedDB database (src/background/token-store.ts), so the token is
   * never on disk in clear. Background only; never synced, never sent to a page. Local
   * storage is kept to trusted contexts where the browser allows it (Chrome: see
   * src/background/storage-access.ts), so content scripts cannot read it.
   */
  sealedServiceToken: { area: 'local', key: 'sealedServiceToken', secret: true },
  /**
   * The service token in clear, as versions before the sealed token stored it. Read only
   * to seal it (src/background/token-store.ts), which removes it.
   */
  serviceToken: { area: 'local', key: 'serviceToken', secret: true },
  /**
   * The webhook addresses of the settings (a webhook URL often carries a secret in its
   * path or query), kept on this device: never synced, and left out of exported settings
   * unless the user asks. Pages read them with the settings.
   */
  webhooks: { area: 'local', key: 'webhooks', secret: false },
  /** Whether the service accepted the token at the last check. */
  tokenCheck: { area: 'local', key: 'tokenCheck', secret: false },
  /**
   * Full bodies (secrets included) of orders and cancellations whose POST is not yet
   * confirmed, so a restarted worker can resend them under the same idempotency key; one
   * key per order (this is its prefix), deleted once the service confirms.
   */
  pendingBodies: { area: 'session', key: 'pendingBody:', secret: true },
  /** The popup's cart: products (retailer, id, quantity, page details) gathered across tabs. */
  cart: { area: 'local', key: 'cart', secret: false },
  /**
   * The popup's order form in progress, with its draft id, so that closing and
   * reopening the popup keeps it (and a second submit of it is the same order).
   */
  popupDraft: { area: 'session', key: 'popupDraft', secret: false },
  /** What the popup's first screen needs, never a secret (src/shared/first-screen.ts). */
  firstScreen: { area: 'session', key: 'firstScreen', secret: false },
  /**
   * The vault items (login, card, billing address) last ordered with, per retailer, so
   * the popup preselects them next time: item ids only, never a secret.
   */
  lastVaultItems: { area: 'local', key: 'lastVaultItems', secret: false },
  /** The vault: secrets of own-account ordering, AES-GCM encrypted. Never synced. */
  vault: { area: 'local', key: 'vault', secret: true },
  /** The unlocked vault's key and its idle deadline, for this browser session only. */
  vaultSession: { area: 'session', key: 'vaultSession', secret: true },
  /** The last change notice for open pages (src/shared/change-feed.ts). */
  changeFeed: { area: 'session', key: 'changeFeed', secret: false },
  /** Until when the service asked us to wait (429 Retry-After), unix ms. */
  rateLimitedUntil: { area: 'local', key: 'rateLimitedUntil', secret: false },
} as const satisfies Record<
  string,
  { area: 'local' | 'sync' | 'session'; key: string; secret: boolean }
>;
