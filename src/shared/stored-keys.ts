/**
 * Every key Buyline stores in extension storage, and where it lives. Secrets live in
 * `local` (never synced) or `session` (memory only, gone when the browser closes), and
 * are read by the background alone; `sync` holds only what is safe on every device of
 * the user. IndexedDB (the history) is described in src/background/history/db.ts; the
 * key the token is sealed with, in src/background/keys/token-store.ts.
 */
export const STORED_KEYS = {
  /** User settings (no secrets). */
  settings: { area: 'sync', key: 'settings', secret: false },
  /**
   * The service token, sealed under a non-extractable key (src/background/keys/token-store.ts),
   * so it is never on disk in clear; local storage is kept to trusted contexts where the
   * browser allows it (src/background/storage-access.ts).
   */
  sealedServiceToken: { area: 'local', key: 'sealedServiceToken', secret: true },
  /** The token in clear, as older versions stored it: read only to seal it, then removed. */
  serviceToken: { area: 'local', key: 'serviceToken', secret: true },
  /**
   * Set when a token an earlier version stored in clear was sealed: the browser may keep
   * old copies in its files until it rewrites them, so Options says so once (never the
   * token itself), until the buyer dismisses it or saves another token.
   */
  plainTokenNotice: { area: 'local', key: 'plainTokenNotice', secret: false },
  /**
   * The settings' webhook addresses (a URL often carries a secret): never synced, and left
   * out of exported settings unless the user asks.
   */
  webhooks: { area: 'local', key: 'webhooks', secret: false },
  /** Whether the service accepted the token at the last check. */
  tokenCheck: { area: 'local', key: 'tokenCheck', secret: false },
  /**
   * Full bodies (secrets included) of POSTs not yet confirmed, so a restarted worker can
   * resend them under the same key; one key per order (this is its prefix).
   */
  pendingBodies: { area: 'session', key: 'pendingBody:', secret: true },
  /** The popup's cart: products (retailer, id, quantity, page details) gathered across tabs. */
  cart: { area: 'local', key: 'cart', secret: false },
  /** The popup's order form in progress, with its draft id, kept across reopening. */
  popupDraft: { area: 'session', key: 'popupDraft', secret: false },
  /** The forms in progress of the last products shown (the side panel moves between them). */
  productDrafts: { area: 'session', key: 'productDrafts', secret: false },
  /** What the popup's first screen needs, never a secret (src/shared/first-screen.ts). */
  firstScreen: { area: 'session', key: 'firstScreen', secret: false },
  /** The vault item ids last ordered with, per retailer, for the popup to preselect. */
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
